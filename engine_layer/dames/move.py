"""The public, immutable description of a move."""

from __future__ import annotations

from typing import Any


class Move(tuple[tuple[int, ...], tuple[int, ...]]):
    """A move in official square numbers: the tuple ``(path, captures)``.

    ``path`` is the start square, every landing square and the end square; ``captures`` are the
    jumped squares in the order they were jumped. Two moves are equal when path and captures are
    equal; ``promotes`` is information set by the generator and takes no part in equality.

    Being a tuple keeps hashing, equality and sorting in C: the legal-move list of every
    position is built from these objects, so they must be cheap.
    """

    __slots__ = ()
    promotes: bool = False  # True on instances of the subclass PromotingMove

    def __new__(
        cls,
        path: tuple[int, ...] | list[int],
        captures: tuple[int, ...] | list[int] = (),
        promotes: bool = False,
    ) -> Move:
        if promotes:
            cls = PromotingMove
        elif cls is PromotingMove:
            cls = Move
        return tuple.__new__(cls, (tuple(path), tuple(captures)))

    @property
    def path(self) -> tuple[int, ...]:
        return self[0]

    @property
    def captures(self) -> tuple[int, ...]:
        return self[1]

    @property
    def start(self) -> int:
        return self[0][0]

    @property
    def end(self) -> int:
        return self[0][-1]

    @property
    def is_capture(self) -> bool:
        return bool(self[1])

    def hub(self) -> str:
        """Hub engine-protocol form: ``32-28``, or from, to and every captured square ascending."""
        path, captures = self
        if not captures:
            return f"{path[0]}-{path[-1]}"
        return "x".join(str(s) for s in (path[0], path[-1], *sorted(captures)))

    def __str__(self) -> str:
        path, captures = self
        return ("x" if captures else "-").join(str(s) for s in path)

    def __repr__(self) -> str:
        return f"Move({str(self)!r}, captures={self[1]!r})"

    def __getnewargs__(self) -> tuple[Any, ...]:
        return (self[0], self[1], self.promotes)


class PromotingMove(Move):
    """A move that crowns a man; equal to and hashed like the same ``Move`` (tuple semantics)."""

    __slots__ = ()
    promotes = True
