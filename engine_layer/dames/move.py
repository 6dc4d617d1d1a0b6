"""The public, immutable description of a move."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Move:
    """A move in official square numbers.

    ``path`` is the start square, every landing square and the end square; ``captures`` are the
    jumped squares in the order they were jumped. Two moves are equal when path and captures are
    equal; ``promotes`` is information set by the generator and takes no part in equality.
    """

    path: tuple[int, ...]
    captures: tuple[int, ...] = ()
    promotes: bool = field(default=False, compare=False)

    @property
    def start(self) -> int:
        return self.path[0]

    @property
    def end(self) -> int:
        return self.path[-1]

    @property
    def is_capture(self) -> bool:
        return bool(self.captures)

    def hub(self) -> str:
        """Hub engine-protocol form: ``32-28``, or from, to and every captured square ascending."""
        if not self.captures:
            return f"{self.start}-{self.end}"
        return "x".join(str(s) for s in (self.start, self.end, *sorted(self.captures)))

    def __str__(self) -> str:
        sep = "x" if self.captures else "-"
        return sep.join(str(s) for s in self.path)

    def __repr__(self) -> str:
        return f"Move({str(self)!r}, captures={self.captures!r})"
