"""The line a search expects, for the Hub's `info` lines and the analysis board.

Read back from the transposition table after an iteration, so it costs no search: each step is
the table's best move of the position reached, checked against that position's moves so that a
stale entry can never show an illegal move.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

from dames.ai.boardview import RootPosition, hub_of_internal
from dames.ai.results import TableEntry
from dames.geometry import Geometry
from dames.movegen import InternalMove


class LineSource(Protocol):
    """What the line is read from: a searcher after an iteration (``dames.ai.search.Searcher``,
    which calls this module, so it is described here rather than imported)."""

    @property
    def geometry(self) -> Geometry: ...

    @property
    def tt(self) -> Mapping[int, TableEntry]: ...

    @property
    def generate(self) -> Callable[[int, int, int, int], list[InternalMove]]: ...

    def _play(
        self, white: int, black: int, kings: int, color: int, key: int, move: InternalMove
    ) -> tuple[int, int, int, int, int]: ...


def principal_variation(
    searcher: LineSource, root: RootPosition, first: InternalMove, depth: int
) -> list[str]:
    """The expected line in Hub notation, starting with `first`; a few plies past `depth` at
    most, and never round a repetition."""
    geometry = searcher.geometry
    play = searcher._play
    line = [hub_of_internal(first, geometry)]
    white, black, kings, color, key = play(
        root.white, root.black, root.kings, root.color, root.key, first
    )
    seen = {key}
    while len(line) < depth + 8:
        entry = searcher.tt.get(key)
        if entry is None or entry[3] is None:
            break
        move = entry[3]
        us, them = (white, black) if color == 0 else (black, white)
        if move not in searcher.generate(us, them, kings, color):
            break
        line.append(hub_of_internal(move, geometry))
        white, black, kings, color, key = play(white, black, kings, color, key, move)
        if key in seen:
            break
        seen.add(key)
    return line
