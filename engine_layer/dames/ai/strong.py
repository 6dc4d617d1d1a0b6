"""The search of the strong levels (`maitre`, the Hub protocol; `fort` keeps the plain one).

`defi` and the levels below keep the plain `Searcher` of `dames.ai.search` exactly as it was:
the daily challenge and every published seed rest on their replies (docs/engine-api.md). The
strong levels add, measured against Scan 2.0 and py-draughts (docs/engine-strength.md):

- late-move reductions: quiet moves from the seventh on are searched one ply shallower and
  again at full depth only if they beat alpha (`dames.ai.search`, REDUCE_FROM_MOVE);
- ProbCut (Scan): a null-window node 5 plies or more from the leaves whose search 3 plies
  shallower beats beta by 0.6 man is cut (mean loss by Scan's judgement at equal work 36.7 ->
  25.1 centi-men, bench/move_quality.py);
- the best move of an iteration cut by the clock or the budget, once the previous best move has
  been searched to the new depth and another move has beaten it;
- the federation's endgame count (16 or 5 moves each against a lone king) as a limit on the
  game's length, like the daily's 150 moves;
- quiet leaves where the side to move can crown search those steps (quiescence through
  promotions), where the plain search takes the static value;
- on the clock, the next iteration starts if its time, predicted from the last two, fits in
  the limit (the plain search stops past a third of it);
- for a level that is not reproducible (`maitre`, Hub), one transposition table kept across
  searches (so across a game's moves), where a deeper entry survives a shallower one of the same
  search, entries of earlier searches give way, and the oldest are dropped when it is full.

A reproducible level (`fort`) gets a fresh table for every search, so its replies remain a pure
function of (position + history, seed, level, ply).
"""

from __future__ import annotations

import threading
import time
from dataclasses import replace

from dames.ai.boardview import RootPosition
from dames.ai.evaluation import Evaluator
from dames.ai.ordering import MAX_PLY
from dames.ai.results import SearchResult, SearchSettings, TableEntry
from dames.ai.search import MATE_BOUND, Searcher
from dames.geometry import Geometry
from dames.movegen import InternalMove
from dames.variants import Variant

_plain_negamax = Searcher._negamax

# ProbCut: from this depth, a shallow search PROBCUT_REDUCTION plies less deep that beats beta
# by PROBCUT_MARGIN (centi-men) cuts the node (measured: docs/engine-strength.md).
PROBCUT_MIN_DEPTH = 5
PROBCUT_REDUCTION = 3
PROBCUT_MARGIN = 60
PROBCUT_CEILING = MATE_BOUND - PROBCUT_MARGIN  # no cut on a mate score
# Bounds of an iteration's time over the previous one's, for predicting the next one's.
GROWTH_MIN = 1.5
GROWTH_MAX = 5.0

# Entries of the table kept across searches (~200 bytes each): about 100 MB at most.
KEPT_TABLE_CAP = 1 << 19


class KeptTable:
    """A transposition table that outlives one search (one per variant and process).

    Searches may run in several threads at once (a server's worker threads): each search works
    on the dict it was handed, and a purge builds a new dict from an atomic copy of the old one,
    so no thread ever iterates a dict that another one grows.
    """

    def __init__(self, cap: int = KEPT_TABLE_CAP) -> None:
        self.cap = cap
        self.entries: dict[int, TableEntry] = {}
        self.age = 0
        self.lock = threading.Lock()

    def next_search(self) -> tuple[dict[int, TableEntry], int]:
        """The dict and the age for a new search; past 3/4 full, entries older than the last
        search are dropped first."""
        with self.lock:
            self.age += 1
            if len(self.entries) > self.cap * 3 // 4:
                keep_from = self.age - 1
                items = list(self.entries.items())
                self.entries = {key: entry for key, entry in items if entry[4] >= keep_from}
                if len(self.entries) > self.cap * 3 // 4:
                    self.entries = {}
            return self.entries, self.age

    def clear(self) -> None:
        with self.lock:
            self.entries = {}
            self.age = 0


def next_to(geometry: Geometry, row: int) -> int:
    """The squares one step from `row` (a side's crowning row): where its men crown from."""
    return sum(1 << bit for bit, steps in enumerate(geometry.neighbor)
               if any(step >= 0 and (row >> step) & 1 for step in steps))


class StrongSearcher(Searcher):
    """`Searcher` with late-move reductions, the cut iteration's best move kept, and
    optionally a table kept across searches."""

    def __init__(
        self,
        variant: Variant,
        evaluator: Evaluator,
        settings: SearchSettings,
        kept_table: KeptTable | None = None,
    ) -> None:
        super().__init__(variant, evaluator, settings)
        self.reduce_late_moves = True
        self.depth_preferred = True
        self.kept_table = kept_table
        self.crowning_to = white_row, black_row = variant.geometry.promotion_mask
        # [color]: where a man crowns from in one step (see `_quiet_leaf`).
        self.crowning_from = (next_to(variant.geometry, white_row),
                              next_to(variant.geometry, black_row))
        self.probcut_depth = PROBCUT_MIN_DEPTH if settings.probcut else MAX_PLY
        self.iteration_times: list[float] = []  # seconds of each completed iteration

    def search(
        self, root: RootPosition, root_moves: list[InternalMove], depth: int
    ) -> SearchResult:
        self.iteration_times = []
        # The federation's endgame count ends the game like its length does. The plain search
        # ignores it: `defi` and `fort` replay stored free games, whose replies are pinned.
        root = replace(root, plies_left=min(root.plies_left, root.endgame_plies_left))
        if self.kept_table is not None:
            self.tt, self.age = self.kept_table.next_search()
            self.tt_cap = self.kept_table.cap
        return super().search(root, root_moves, depth)

    def _root_iteration(
        self, root: RootPosition, root_moves: list[InternalMove], order: list[int], depth: int
    ) -> list[int]:
        started = time.perf_counter()
        scores = super()._root_iteration(root, root_moves, order, depth)
        self.iteration_times.append(time.perf_counter() - started)
        return scores

    def _iteration_fits(self, elapsed: float, limit: float) -> bool:
        """Start the next iteration if it should end within the limit, its time predicted
        from the last two (Scan's kind of time use): a third of the limit, the plain rule,
        starts one that cannot finish when the tree grows fast and gives up time when it grows
        slowly."""
        times = self.iteration_times
        last = times[-1]
        previous = times[-2] if len(times) > 1 else 0.0
        growth = GROWTH_MAX if previous <= 0 else min(GROWTH_MAX, max(GROWTH_MIN, last / previous))
        return elapsed + last * growth <= limit

    def _interrupted(self, result: SearchResult) -> SearchResult:
        """Keep the cut iteration's best move when it beat the previous best at the new depth
        (the previous best is searched first, so any later move that scored higher did)."""
        if self.partial is None:
            return result
        index, score = self.partial
        if index in result.best:
            return result
        scores = list(result.scores)
        scores[index] = score
        return SearchResult([index], score, result.depth, self.nodes, scores)

    def _negamax(
        self, white: int, black: int, kings: int, color: int, key: int, depth: int, alpha: int,
        beta: int, ply: int, floor: int,
    ) -> int:
        """The plain search's node, tried first by ProbCut where it may apply."""
        if depth >= self.probcut_depth and beta - alpha == 1 and beta < PROBCUT_CEILING \
                and (white | black) & ~kings:
            value = self._probcut(white, black, kings, color, key, depth, beta, ply, floor)
            if value is not None:
                return value
        return _plain_negamax(self, white, black, kings, color, key, depth, alpha, beta, ply,
                              floor)

    def _probcut(self, white: int, black: int, kings: int, color: int, key: int, depth: int,
                 beta: int, ply: int, floor: int) -> int | None:
        """ProbCut (Scan): a null-window node whose shallow search beats beta by a margin is
        taken to fail high at full depth too, at a fraction of the cost. None: search it.

        Not where the table already settles the node, nor among kings alone (the same
        exception as the late-move reductions).
        """
        entry = self.tt.get(key)
        if entry is not None and entry[0] >= depth:
            return None
        bound = beta + PROBCUT_MARGIN
        value = _plain_negamax(self, white, black, kings, color, key, depth - PROBCUT_REDUCTION,
                               bound - 1, bound, ply, floor)
        return value if value >= bound else None

    def _quiet_leaf(self, white: int, black: int, kings: int, color: int, key: int,
                    alpha: int, beta: int, ply: int) -> int:
        """The plain leaf's static value, or, where a man of the side to move stands one step
        from the last row, the crowning steps searched against it (`_crowning`). That value
        depends on the window, so it is not kept with the leaves' values."""
        if (black if color else white) & ~kings & self.crowning_from[color]:
            stand_pat = self.evaluate(white, black, kings, color == 0)
            return self._crowning(white, black, kings, color, key, stand_pat, alpha, beta, ply)
        return super()._quiet_leaf(white, black, kings, color, key, alpha, beta, ply)

    def _crowning(self, white: int, black: int, kings: int, color: int, key: int,
                  stand_pat: int, alpha: int, beta: int, ply: int) -> int:
        """A quiet leaf where a man of the side to move stands one step from the last row: the
        static value cannot see the king it is about to make (Scan's quiescence looks at
        promotions too), so the crowning steps are searched, against the value of playing
        anything else (the stand-pat)."""
        best = stand_pat
        if best >= beta:
            return best
        us, them = (white, black) if color == 0 else (black, white)
        target = self.crowning_to[color]
        path = self.path
        path.append(key)
        floor = len(path)  # a man's step cannot be repeated
        for move in self.generate(us, them, kings, color):
            if move[1] & target and not kings & move[0]:
                child = self._play(white, black, kings, color, key, move)
                value = -self._negamax(*child, 0, -beta, -max(alpha, best), ply + 1, floor)
                if value > best:
                    best = value
                    if value >= beta:
                        break
        path.pop()
        return best
