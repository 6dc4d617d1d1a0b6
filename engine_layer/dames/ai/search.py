"""Principal-variation search with exact root ties, on the engine's internal bitboards.

Iterative deepening to a fixed depth, a capture quiescence (captures are compulsory in draughts,
so a position with a capture is never evaluated: the search follows every forced capture to the
end), the game's draw rules (a line that reaches the king-move or the game-length limit is a
draw; any repetition scores as one too), a transposition table keyed by Zobrist keys (the
engine's own constants, updated incrementally), killer and history move ordering, and a
one-reply extension. Every table is created fresh for each search and nothing reads the clock
unless a time limit is given, so a reproducible level returns the same result on every run and
machine. `dames.ai.strong` switches on, for the strong levels only, late-move reductions and a
depth-preferred table (the flags below stay off for the levels the daily challenge plays).

At the root every move's score is known exactly when it equals the best score: each move after
the first is searched with the window (best - 1, best) and re-searched with (best - 1, +inf) when
it reaches `best`. The caller thus gets the complete list of best moves to draw from.
"""

from __future__ import annotations

import time

from dames.ai.boardview import NO_LIMIT, RootPosition
from dames.ai.capturecheck import LeafTests
from dames.ai.evaluation import Evaluator
from dames.ai.ordering import MAX_PLY, MoveOrdering
from dames.ai.results import (
    IterationInfo,
    SearchAborted,
    SearchResult,
    SearchSettings,
    TableEntry,
)
from dames.ai.variation import principal_variation
from dames.movegen import InternalMove, get_generator
from dames.variants import Variant
from dames.zobrist import key_after

INF = 1_000_000
MATE = 100_000
MATE_BOUND = MATE - 1_000
CAPTURE_PLIES = 12  # plies of forced captures followed beyond the nominal depth
# Memory cap: past this many entries a table keeps the positions it holds and stores no new
# ones, a rule that depends only on the order of the search, so it stays reproducible.
TABLE_CAP = 1 << 18
# How often (in units of work, see `Searcher.work`: 6 to 15 ms) the clock is read.
CHECK_INTERVAL = 1024

# Late-move reductions (strong levels): from the seventh move of a quiet list, 4 plies or more
# from the leaves. Reducing from the fourth move at 3 plies, 2 plies late in long lists, lost
# more against Scan's judgement than it gained in depth (docs/engine-strength.md).
REDUCE_FROM_MOVE = 6
REDUCE_MIN_DEPTH = 4

EXACT, LOWER, UPPER = 0, 1, 2


class Searcher(MoveOrdering):
    """One search of one position; create a new one per move so no state leaks across calls."""

    def __init__(self, variant: Variant, evaluator: Evaluator, settings: SearchSettings) -> None:
        generator = get_generator(variant)
        self.generate = generator.generate
        self.apply = generator.apply
        self.geometry = variant.geometry
        self.leaf = LeafTests(variant)
        self.evaluate = evaluator.evaluate
        self.node_budget = settings.node_budget
        self.time_limit = settings.time_limit
        self.min_depth = settings.min_depth
        self.on_iteration = settings.on_iteration
        self.stop = settings.stop  # polled with the clock: True ends the search
        self.nodes = 0
        # What the budget counts: one per node plus one per landing square of every capture
        # generated. Following a king's capture paths is what makes a node among flying kings
        # or a long forced capture cost several times a quiet one (bench/ai_worst.py), and this
        # count tracks the time within a factor of about 1.6 where the node count alone is off
        # by up to 9.
        self.work = 0
        self.next_check = 0  # the work count at which `_check` runs next
        self.deadline = 0.0
        MoveOrdering.__init__(self)
        self.tt: dict[int, TableEntry] = {}
        self.tt_cap = TABLE_CAP
        # Strong levels (see `dames.ai.strong`): reduce late quiet moves, and let a deeper
        # entry of the transposition table survive a shallower one of the same search.
        self.reduce_late_moves = False
        self.depth_preferred = False
        self.age = 0
        self.partial: tuple[int, int] | None = None  # (index, score) of the iteration under way
        self.leaf_values: dict[int, int] = {}  # static values of quiet leaves, by key
        self.path: list[int] = []  # keys of the reversible stretch behind the current node
        self.extension_limit = MAX_PLY
        self.capture_ply_limit = MAX_PLY
        self.quiet_limit = NO_LIMIT  # the root's draw limits, set by `search`
        self.plies_left = NO_LIMIT

    # ------------------------------------------------------------------ root
    def search(
        self, root: RootPosition, root_moves: list[InternalMove], depth: int
    ) -> SearchResult:
        """Search `root_moves` (the root's legal moves, in the caller's order) to `depth`."""
        if not root_moves:
            raise ValueError("the side to move has no legal move")
        started = time.perf_counter()
        if self.time_limit is not None:
            self.deadline = time.monotonic() + self.time_limit
        self.next_check = min(self.node_budget + 1, CHECK_INTERVAL)
        self.quiet_limit = root.quiet_limit
        self.plies_left = root.plies_left
        count = len(root_moves)
        if count == 1 or depth <= 0:
            return SearchResult(list(range(count)), 0, 0, 0, [0] * count)
        self.extension_limit = min(MAX_PLY, 2 * depth + 16)
        order = list(range(count))
        result: SearchResult | None = None
        for iteration in range(1, depth + 1):
            self.capture_ply_limit = min(MAX_PLY, iteration + CAPTURE_PLIES)
            # Answer now if the next iteration would not finish (once `min_depth` is done; the
            # hard deadline stops any iteration, however shallow).
            if self.time_limit is not None and iteration > self.min_depth and result is not None \
                    and not self._iteration_fits(time.perf_counter() - started, self.time_limit):
                break
            try:
                scores = self._root_iteration(root, root_moves, order, iteration)
            except SearchAborted:
                if result is not None:
                    result = self._interrupted(result)
                break
            best = max(scores)
            result = SearchResult(
                [i for i in range(count) if scores[i] == best], best, iteration, self.nodes, scores
            )
            # Next iteration: by score, best first; equal scores keep the caller's order.
            order = sorted(range(count), key=lambda i: (-scores[i], i))
            if self.on_iteration is not None:
                self.on_iteration(IterationInfo(
                    iteration, best, self.nodes, time.perf_counter() - started,
                    principal_variation(self, root, root_moves[order[0]], iteration),
                ))
            if abs(best) >= MATE_BOUND:
                break
        if result is None:
            result = self._static_root(root, root_moves)
        return result

    def _iteration_fits(self, elapsed: float, limit: float) -> bool:
        """Each iteration costs a few times the previous one: past a third of the time, the
        next one would not finish (the strong levels predict it, `dames.ai.strong`)."""
        return elapsed <= limit / 3

    def _interrupted(self, result: SearchResult) -> SearchResult:
        """The answer when an iteration is cut: the last completed one's (strong levels may
        keep what the cut iteration found, `dames.ai.strong`)."""
        return result

    def _root_iteration(
        self, root: RootPosition, root_moves: list[InternalMove], order: list[int], depth: int
    ) -> list[int]:
        scores = [0] * len(root_moves)
        best = -INF
        self.partial = None
        for rank, index in enumerate(order):
            self.path = [*root.history, root.key]
            move = root_moves[index]
            white, black, kings, color, key = self._play(
                root.white, root.black, root.kings, root.color, root.key, move
            )
            floor = len(self.path) if move[2] or not root.kings & move[0] else 0
            if rank == 0:
                value = -self._negamax(white, black, kings, color, key, depth - 1, -INF, INF, 1,
                                       floor)
            else:
                value = -self._negamax(white, black, kings, color, key, depth - 1, -best,
                                       -best + 1, 1, floor)
                if value >= best:
                    value = -self._negamax(white, black, kings, color, key, depth - 1, -INF,
                                           -best + 1, 1, floor)
            scores[index] = value
            if value > best:
                best = value
                self.partial = (index, value)
        return scores

    def _static_root(self, root: RootPosition, root_moves: list[InternalMove]) -> SearchResult:
        scores = []
        for move in root_moves:
            white, black, kings, color, _ = self._play(
                root.white, root.black, root.kings, root.color, root.key, move
            )
            scores.append(-self.evaluate(white, black, kings, color == 0))
        best = max(scores)
        return SearchResult([i for i, s in enumerate(scores) if s == best], best, 0, self.nodes,
                            scores)

    # ------------------------------------------------------------------ moves
    def _play(
        self, white: int, black: int, kings: int, color: int, key: int, move: InternalMove
    ) -> tuple[int, int, int, int, int]:
        """The position after `move`, with its Zobrist key updated incrementally."""
        new_white, new_black, new_kings = self.apply(white, black, kings, color, move)
        new_key = key_after(key, move, color, kings, new_kings)
        return new_white, new_black, new_kings, 1 - color, new_key

    # ------------------------------------------------------------------ tree
    def _negamax(
        self,
        white: int,
        black: int,
        kings: int,
        color: int,
        key: int,
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
        floor: int,
    ) -> int:
        """Fail-soft PVS; `floor` is the first index of `self.path` this position may repeat."""
        self.nodes += 1
        self.work += 1
        if self.work >= self.next_check:
            self._check()

        # A repetition (same side to move, within the reversible stretch) scores as a draw.
        path = self.path
        index = len(path) - 4
        while index >= floor:
            if path[index] == key:
                return 0
            index -= 2

        if color == 0:
            us, them = white, black
        else:
            us, them = black, white

        # The game's draw rules end the line here (25 king moves each, 150 moves each...),
        # unless the side to move has no move, which loses first.
        if len(path) - floor >= self.quiet_limit or ply >= self.plies_left:
            leaf = self.leaf
            if leaf.has_capture(us, them, kings, color) or \
                    leaf.has_quiet_move(us, them, kings, color):
                return 0
            return ply - MATE

        if depth <= 0:
            depth = 0
            # Quiet leaves are evaluated once per search: transpositions meet them again.
            value = self.leaf_values.get(key)
            if value is not None:
                return value
            leaf = self.leaf
            if not leaf.has_capture(us, them, kings, color):
                if not leaf.has_quiet_move(us, them, kings, color):
                    return ply - MATE
                return self._quiet_leaf(white, black, kings, color, key, alpha, beta, ply)

        entry = self.tt.get(key)
        tt_move = None
        if entry is not None:
            entry_depth, flag, stored, tt_move, _age = entry
            if entry_depth >= depth:
                if stored >= MATE_BOUND:
                    value = stored - ply
                elif stored <= -MATE_BOUND:
                    value = stored + ply
                else:
                    value = stored
                if flag == EXACT or (value >= beta if flag == LOWER else value <= alpha):
                    return value

        return self._expand(white, black, kings, color, key, depth, alpha, beta, ply, floor,
                            us, them, entry, tt_move)

    def _quiet_leaf(self, white: int, black: int, kings: int, color: int, key: int,
                    alpha: int, beta: int, ply: int) -> int:
        """A leaf where the side to move has a move and no capture: the static value, kept for
        the transpositions that meet it again. The strong search looks further here
        (`StrongSearcher._quiet_leaf`), hence the window."""
        value = self.evaluate(white, black, kings, color == 0)
        if len(self.leaf_values) < TABLE_CAP:
            self.leaf_values[key] = value
        return value

    def _expand(
        self, white: int, black: int, kings: int, color: int, key: int, depth: int, alpha: int,
        beta: int, ply: int, floor: int, us: int, them: int, entry: TableEntry | None,
        tt_move: InternalMove | None,
    ) -> int:
        """The second half of `_negamax`: the moves of a node the table did not settle.

        Split off where a node stops being a leaf, so the extra call is paid by interior nodes
        only (1 to 2% of the search's nodes per second, measured on a loaded machine).
        """
        if depth == 0 and ply >= self.capture_ply_limit:
            # Exchanges of flying kings can branch without end; past this many plies of forced
            # captures, the static value stands in (a fixed bound, so still reproducible).
            return self.evaluate(white, black, kings, color == 0)
        moves = self.generate(us, them, kings, color)
        if not moves:
            return ply - MATE
        if ply >= MAX_PLY:
            return self.evaluate(white, black, kings, color == 0)
        capture = bool(moves[0][2])
        if capture:
            self.work += sum(len(move[3] or ()) for move in moves)

        if len(moves) == 1:
            # A forced reply costs no depth (bounded so long forced chains still end).
            next_depth = depth if ply < self.extension_limit else depth - 1
        else:
            next_depth = depth - 1
            moves = self._ordered(moves, tt_move, ply, color, capture)

        path = self.path
        path.append(key)
        child_index = len(path)
        apply = self.apply  # `_play`, inlined: one call less per child
        n_color = 1 - color
        best = -INF
        best_move = None
        original_alpha = alpha
        # Late quiet moves (the seventh on) are searched a ply shallower first, and again at
        # full depth only if they beat alpha (strong levels; docs/engine-strength.md
        # has why so late). Not among kings alone: converting such an ending takes every quiet
        # king move's depth.
        reducible = self.reduce_late_moves and not capture and depth >= REDUCE_MIN_DEPTH \
            and len(moves) > REDUCE_FROM_MOVE and bool((white | black) & ~kings)
        for number, move in enumerate(moves):
            n_white, n_black, n_kings = apply(white, black, kings, color, move)
            n_key = key_after(key, move, color, kings, n_kings)
            child_floor = child_index if capture or not kings & move[0] else floor
            if number == 0:
                value = -self._negamax(n_white, n_black, n_kings, n_color, n_key, next_depth,
                                       -beta, -alpha, ply + 1, child_floor)
            else:
                if reducible and number >= REDUCE_FROM_MOVE:
                    value = -self._negamax(n_white, n_black, n_kings, n_color, n_key,
                                           next_depth - 1, -alpha - 1, -alpha, ply + 1,
                                           child_floor)
                    if value > alpha:
                        value = -self._negamax(n_white, n_black, n_kings, n_color, n_key,
                                               next_depth, -alpha - 1, -alpha, ply + 1,
                                               child_floor)
                else:
                    value = -self._negamax(n_white, n_black, n_kings, n_color, n_key,
                                           next_depth, -alpha - 1, -alpha, ply + 1, child_floor)
                if alpha < value < beta:
                    value = -self._negamax(n_white, n_black, n_kings, n_color, n_key,
                                           next_depth, -beta, -alpha, ply + 1, child_floor)
            if value > best:
                best = value
                best_move = move
                if value > alpha:
                    alpha = value
                    if value >= beta:
                        if not capture:
                            self._reward(move, ply, depth, color)
                        break
        path.pop()
        self._store(key, entry, depth, best, original_alpha, beta, ply, best_move)
        return best

    def _store(
        self, key: int, entry: TableEntry | None, depth: int, best: int, original_alpha: int,
        beta: int, ply: int, best_move: InternalMove | None,
    ) -> None:
        """Keep a node's result in the transposition table (mate scores made ply-relative)."""
        if best >= beta:
            flag = LOWER
        elif best <= original_alpha:
            flag = UPPER
        else:
            flag = EXACT
        if best >= MATE_BOUND:
            stored = best + ply
        elif best <= -MATE_BOUND:
            stored = best - ply
        else:
            stored = best
        tt = self.tt
        if entry is None:
            if len(tt) < self.tt_cap:
                tt[key] = (depth, flag, stored, best_move, self.age)
        elif not self.depth_preferred or depth >= entry[0] or entry[4] != self.age:
            tt[key] = (depth, flag, stored, best_move, self.age)

    def _check(self) -> None:
        """Stop the iteration when the work budget or the deadline is spent (or `stop` says so).

        Called every CHECK_INTERVAL units of work and as soon as the budget is passed, so a
        reproducible level stops at the same node on every machine whatever its speed.
        """
        if self.work > self.node_budget:
            raise SearchAborted
        if self.time_limit is not None and time.monotonic() > self.deadline:
            raise SearchAborted
        if self.stop is not None and self.stop():
            raise SearchAborted
        self.next_check = min(self.node_budget + 1, self.work + CHECK_INTERVAL)
