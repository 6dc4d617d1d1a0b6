"""The fair-play judge: a claimer's moves against the strongest engine the product has.

Agreement with the project's own levels cannot tell an outside engine from a person (Scan
2.0 agrees with ``fort`` about as often as grandmasters do: issue 29), so each move of the
claimer with a choice is also searched by ``JUDGE_LEVEL``, the strongest search the product
has at a fixed budget: reproducible (no clock), so a verdict is the same on a slow Lambda and
on a laptop. Measured in docs/fair-play.md
("The judge"): up to 1 M nodes, Scan's moves agree with it no more than grandmasters' do, so
the judgement's weight is in the whole game (accuracy, loss) beside the clock's signals.

``JUDGE_LEVEL`` is the one place that names the engine: the native core (``dames.native``)
at a node budget, or where the core is not built its Python fallback (the strong search at a
work budget; ``judge_version`` says which judged, so a stored judgement made by the other is
made again). Only the claimer's side is judged, at most ``JUDGE_MAX_MOVES`` of its moves with
a choice, and a move that is not the judge's choice costs one more search (the position after
it, for its loss): a game costs at most ``JUDGE_MAX_MOVES × 2 × budget`` of the judge's nodes
plus ``JUDGE_MAX_MOVES × fort's budget`` Python work units (``judge_work_bound``), whatever
its length.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from dames.ai.levels import Level, get_level
from dames.ai.player import search_position
from dames.ai.version import AI_VERSION
from dames.analysis.scoring import (
    DRAWN,
    EVAL_CAP,
    LOST,
    Score,
    game_accuracy,
    move_accuracy,
    volatility_weights,
    win_percent,
)
from dames.board import Board
from dames.move import Move
from dames.native import available as native_available
from dames.native import engine_version as native_engine_version


def judge_level(native_nodes: int, python_work: int) -> Level:
    """The judge at a budget: the native core's nodes, and the Python strong search's work
    units where the core is not built (tests and benches judge at small ones)."""
    return Level("juge", depth=64, node_budget=native_nodes, native=True,
                 fallback=Level("juge", depth=64, node_budget=python_work, strong=True,
                                learned=True))


# The strongest engine the product has, as a reproducible level (switch here, nowhere else):
# the native core at 200 000 nodes a search (about 0.05 s here), docs/fair-play.md "The judge".
JUDGE_LEVEL = judge_level(200_000, 200_000)
# The per-level agreement kept beside it: the level a hint plays (the obvious tool to copy).
REFERENCE_LEVEL = "fort"
JUDGE_MAX_MOVES = 50
JUDGE_REVISION = 2


def searched_by(level: Level) -> Level:
    """The level that searches for ``level`` here: itself, or its Python fallback where the
    native core is not built."""
    if level.native and not native_available() and level.fallback is not None:
        return level.fallback
    return level


def judge_version(level: Level | None = None) -> str:
    """What a stored judgement was made by: a new revision, engine or budget judges again."""
    used = searched_by(level or JUDGE_LEVEL)
    engine = f"native-{native_engine_version()}" if used.native else "python"
    return f"{JUDGE_REVISION}/{AI_VERSION}/{engine}/{used.node_budget}"


JUDGE_VERSION = judge_version()


def judge_work_bound(level: Level | None = None,
                     max_moves: int = JUDGE_MAX_MOVES) -> tuple[int, int]:
    """The most one game's judgement may cost (see the module docstring): the judge's nodes
    (or work units, on the fallback), and fort's Python work units."""
    used = searched_by(level or JUDGE_LEVEL)
    return (max_moves * 2 * used.node_budget,
            max_moves * get_level(REFERENCE_LEVEL).node_budget)


@dataclass(frozen=True)
class JudgedMove:
    """One move of the claimer with a choice, as the judge saw it (mover's point of view)."""

    ply: int
    matched: bool  # among the judge's equally best moves
    reference: bool  # among fort's equally best moves
    loss: int  # centi-men below the judge's best (0 when matched)
    win_before: float
    win_after: float
    accuracy: float
    depth: int


@dataclass(frozen=True)
class JudgeReport:
    """The judgement of one side of a game; ``skipped`` moves with a choice were past the cap."""

    side: str
    moves: tuple[JudgedMove, ...] = ()
    skipped: int = 0
    work: int = 0  # the judge's nodes (work units on the Python fallback)
    reference_work: int = 0  # fort's work units
    cpu_seconds: float = 0.0
    version: str = JUDGE_VERSION

    @property
    def matched(self) -> int:
        return sum(move.matched for move in self.moves)

    @property
    def reference_matched(self) -> int:
        return sum(move.reference for move in self.moves)

    @property
    def average_loss(self) -> float:
        return sum(m.loss for m in self.moves) / len(self.moves) if self.moves else 0.0

    @property
    def accuracy(self) -> float | None:
        """lichess's game accuracy over the judged moves (volatility-weighted and harmonic)."""
        if not self.moves:
            return None
        series = [m.win_before for m in self.moves] + [self.moves[-1].win_after]
        weights = volatility_weights(series)
        return game_accuracy([m.accuracy for m in self.moves], weights)

    def to_dict(self) -> dict[str, Any]:
        """The stored form: each move a row in ``MOVE_FIELDS`` order (a few KB a game)."""
        data = asdict(self)
        data["moves"] = [[getattr(move, name) for name in MOVE_FIELDS] for move in self.moves]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> JudgeReport:
        moves = tuple(JudgedMove(**dict(zip(MOVE_FIELDS, row, strict=True)))
                      for row in data.get("moves", ()))
        return cls(**{**data, "moves": moves})


MOVE_FIELDS = tuple(JudgedMove.__dataclass_fields__)


def _outcome_score(board: Board) -> Score | None:
    """The side to move's value of a finished game (None: not finished)."""
    outcome = board.outcome()
    if outcome is None:
        return None
    if outcome.winner is None:
        return DRAWN
    return LOST if outcome.winner == board.turn.opponent else Score(EVAL_CAP, 0)


class _Searches:
    """The judge's searches of one game, each position searched once (by ply: the game's
    line has one position per ply), with the work they cost."""

    def __init__(self, level: Level) -> None:
        self.level = level
        self.reference = get_level(REFERENCE_LEVEL)
        self.work = 0
        self.reference_work = 0
        self.found: dict[tuple[int, str], tuple[frozenset[Move], Score, int]] = {}

    def best(self, board: Board, level: Level) -> tuple[frozenset[Move], Score, int]:
        key = (board.ply, level.name)
        if key not in self.found:
            moves, result = search_position(board, level)
            if level is self.reference:
                self.reference_work += result.nodes
            else:
                self.work += result.nodes
            self.found[key] = (frozenset(moves[i] for i in result.best),
                               Score.from_search(result.score), result.depth)
        return self.found[key]

    def value_after(self, board: Board, move: Move) -> Score:
        """The mover's value of ``move``: the opponent's value of the position after it."""
        after = board.copy()
        after.push(move)
        ended = _outcome_score(after)
        if ended is not None:
            return ended.negated()
        replies = after.legal_moves()
        if len(replies) == 1:
            # A forced reply: no search needed there, the position after it says the same.
            return self.value_after(after, replies[0]).negated()
        _, score, _ = self.best(after, self.level)
        return score.negated()


def _judged(searches: _Searches, board: Board, move: Move) -> JudgedMove:
    best, score, depth = searches.best(board, searches.level)
    reference, _, _ = searches.best(board, searches.reference)
    matched = move in best
    after = score if matched else searches.value_after(board, move)
    win_before = round(win_percent(score), 1)
    win_after = round(win_percent(after), 1)
    loss = 0 if matched else max(0, score.bounded - after.bounded)
    drop = 0.0 if matched else max(0.0, win_before - win_after)
    return JudgedMove(
        ply=board.ply, matched=matched, reference=move in reference, loss=loss,
        win_before=win_before, win_after=win_after, accuracy=round(move_accuracy(drop), 1),
        depth=depth,
    )


def judge_sides(
    *,
    variant: str,
    start_fen: str | None,
    moves: Sequence[str],
    draw_rules: str,
    sides: Sequence[str],
    level: Level | None = None,
    max_moves: int = JUDGE_MAX_MOVES,
) -> dict[str, JudgeReport]:
    """Judge each of ``sides``' moves of a stored game (moves as ``str(Move)``, full paths);
    a pure function of its arguments but for ``cpu_seconds``. Both sides at once cost one
    search per position: the position after a move is the next one judged. ``level``
    defaults to ``JUDGE_LEVEL`` (read at call time). Raises ``ValueError`` on a move that
    cannot be played."""
    level = level or JUDGE_LEVEL
    started = time.process_time()
    board = Board(start_fen, variant=variant, draw_rules=draw_rules)
    searches = _Searches(level)
    judged: dict[str, list[JudgedMove]] = {side: [] for side in sides}
    skipped = dict.fromkeys(sides, 0)
    for ply, text in enumerate(moves):
        if board.outcome() is not None:
            break  # a game stored past its end (a published one): the rest is not play
        legal = board.legal_moves()
        move = next((m for m in legal if str(m) == text), None)
        if move is None:
            raise ValueError(f"move {ply + 1} ({text!r}) cannot be played")
        side = str(board.turn)
        if side in judged and len(legal) > 1:
            if len(judged[side]) < max_moves:
                judged[side].append(_judged(searches, board, move))
            else:
                skipped[side] += 1
        board.push(move)
    version = judge_version(level)
    cpu = round(time.process_time() - started, 3)
    return {
        side: JudgeReport(side=side, moves=tuple(judged[side]), skipped=skipped[side],
                          work=searches.work, reference_work=searches.reference_work,
                          cpu_seconds=cpu, version=version)
        for side in sides
    }


def judge_game(
    *,
    variant: str,
    start_fen: str | None,
    moves: Sequence[str],
    draw_rules: str,
    side: str,
    level: Level | None = None,
    max_moves: int = JUDGE_MAX_MOVES,
) -> JudgeReport:
    """The claimer's side only (what a claim costs): ``judge_sides`` for one side."""
    return judge_sides(variant=variant, start_fen=start_fen, moves=moves,
                       draw_rules=draw_rules, sides=(side,), level=level,
                       max_moves=max_moves)[side]
