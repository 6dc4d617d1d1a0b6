"""A puzzle's solution: a tree of the solver's accepted moves and what follows each.

At each *choice* (the solver to move with more than one legal move) the tree holds every move
the generator accepts: one move at the start (the engine's only winning move), and later every
move that is exactly as good as the best (another capture route to the same gain, moves in
either order). After an accepted move, ``reply`` holds the plies the server plays at once: the
defender's answer, then any forced move of the solver (a single legal move, usually the
compulsory capture: nobody is asked to find it) and the defender's next answer, up to the next
choice; after the last choice it holds the rest of the combination, played out until no
capture is pending. Moves are stored as full paths (``str(Move)``: ``27x18x9``), so a stored
move names exactly one legal move.

Stored form (``to_data``): a choice is a list of ``[move, [reply…], next choice or null]``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Branch:
    """One accepted move of the solver, the plies played after it, and the next choice."""

    move: str
    reply: tuple[str, ...]
    next: Choice | None


@dataclass(frozen=True)
class Choice:
    """A position where the solver has a choice, and every move the tree accepts there."""

    branches: tuple[Branch, ...]

    def accepts(self, move: str) -> Branch | None:
        return next((b for b in self.branches if b.move == move), None)

    def main_line(self) -> list[str]:
        """Every ply of the first accepted line, from the puzzle's position to its end."""
        plies: list[str] = []
        choice: Choice | None = self
        while choice is not None:
            branch = choice.branches[0]
            plies += [branch.move, *branch.reply]
            choice = branch.next
        return plies

    def choices(self) -> int:
        """How many moves the solver must find on the main line."""
        count = 0
        choice: Choice | None = self
        while choice is not None:
            count += 1
            choice = choice.branches[0].next
        return count

    def lines(self) -> Iterator[list[str]]:
        """Every accepted line, whole (for checks that must hold on each)."""
        for branch in self.branches:
            head = [branch.move, *branch.reply]
            if branch.next is None:
                yield head
            else:
                for tail in branch.next.lines():
                    yield head + tail

    def size(self) -> int:
        """The number of accepted moves in the whole tree."""
        return sum(1 + (b.next.size() if b.next else 0) for b in self.branches)

    def to_data(self) -> list[list[Any]]:
        return [
            [b.move, list(b.reply), b.next.to_data() if b.next is not None else None]
            for b in self.branches
        ]

    @classmethod
    def from_data(cls, data: Any) -> Choice:
        """Read ``to_data``'s form back; ``ValueError`` on anything else."""
        if not isinstance(data, list) or not data:
            raise ValueError("a choice is a non-empty list of branches")
        branches = []
        for entry in data:
            if not (isinstance(entry, list) and len(entry) == 3 and isinstance(entry[0], str)
                    and isinstance(entry[1], list)
                    and all(isinstance(p, str) for p in entry[1])):
                raise ValueError(f"not a branch: {entry!r}")
            following = cls.from_data(entry[2]) if entry[2] is not None else None
            branches.append(Branch(entry[0], tuple(entry[1]), following))
        return cls(tuple(branches))
