"""`analyse_game`: one pass over a game's positions, one analysis per position with a choice.

The board is rebuilt from the start by playing the stored moves, so each search sees the game's
real history and draw rules (repetitions, the king-move and game-length counters). A move's
value needs no search of its own: the value after it is minus the next position's value, which
that position's search gives anyway, so a game of n moves costs n searches (two where `fort`'s
matches are asked for), not one per legal move.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from dames.analysis.model import (
    ANALYSIS_VERSION,
    AnalysisBudget,
    GameAnalysis,
    MoveAnalysis,
    complement,
)
from dames.analysis.positions import BEST_LINE_PLIES, PositionAnalysis, analyse_position
from dames.analysis.scoring import (
    DRAWN,
    EVAL_CAP,
    LOST,
    Score,
    judgement,
    move_accuracy,
    win_percent,
)
from dames.analysis.summary import side_summaries, turning_point
from dames.board import Board
from dames.errors import IllegalMoveError
from dames.move import Move

Progress = Callable[[int, int], None]


@dataclass
class _Ply:
    """A move of the game and what the position before it offered."""

    move: Move
    text: str
    notation: str
    side: str
    forced: bool


def _read_move(board: Board, text: str, ply: int) -> Move:
    """The stored full path (as `games._find_move` matches it), else any notation the board
    reads (a PDN's short captures)."""
    for move in board.legal_moves():
        if str(move) == text:
            return move
    try:
        return board.parse_move(text)
    except ValueError as exc:
        raise IllegalMoveError(f"move {ply + 1} ({text!r}) cannot be played: {exc}") from None


def _replay(board: Board, moves: Sequence[str]) -> list[_Ply]:
    """Play `moves` on `board` (left at the game's last position)."""
    plies = []
    for ply, text in enumerate(moves):
        move = _read_move(board, text, ply)
        plies.append(_Ply(move, text, board.notation(move), str(board.turn),
                          len(board.legal_moves()) == 1))
        board.push(move)
    return plies


def _end_score(board: Board) -> Score | None:
    """The final position's value when the game is over there (side to move's view)."""
    outcome = board.outcome()
    if outcome is None:
        return None
    if outcome.winner is None:
        return DRAWN
    return LOST if outcome.winner != board.turn else Score(EVAL_CAP, 0)


def _white_view(score: Score, side: str) -> tuple[int, int | None]:
    """A score of `side` as (centi-men, signed plies to the end) from White's point of view."""
    value = score.value if side == "white" else -score.value
    mate = None if score.mate is None else (score.mate if value > 0 else -score.mate)
    return value, mate


class _Pass:
    """The state of one analysis: the budget spent and the progress reported."""

    def __init__(self, budget: AnalysisBudget, total: int, progress: Progress | None) -> None:
        self.budget = budget
        self.total = total
        self.progress = progress
        self.done = 0
        self.nodes = 0
        self.work = 0  # the Python searches' part, which `total_nodes` bounds
        self.complete = True

    def analyse(self, board: Board) -> PositionAnalysis:
        full = self.work < self.budget.total_nodes
        self.complete &= full
        found = analyse_position(board, self.budget, full=full)
        self.nodes += found.nodes
        self.work += found.work
        self.done += 1
        if self.progress is not None:
            self.progress(self.done, self.total)
        return found

    def final_score(self, board: Board) -> tuple[Score, PositionAnalysis | None]:
        """The value of the position the game stopped in (over or not)."""
        replay, forced = _past_forced_moves(board)
        score = _end_score(replay)
        found = None
        if score is None:
            found = self.analyse(replay)
            score = found.score
        for _ in range(forced):
            score = score.before_move()
        return score, found


def _past_forced_moves(board: Board) -> tuple[Board, int]:
    """An unfinished game may stop before forced moves: the first position after them with a
    choice (or the end), and how many were played to reach it (a copy; at most a few dozen:
    a forced chain long enough to matter ends the game)."""
    replay = board.copy()
    forced = 0
    while forced < _FORCED_CHAIN_LIMIT and replay.outcome() is None \
            and len(replay.legal_moves()) == 1:
        replay.push(replay.legal_moves()[0])
        forced += 1
    return replay, forced


_FORCED_CHAIN_LIMIT = 64


def _move_entry(ply: int, played: _Ply, before: Score, after: Score,
                found: PositionAnalysis | None, next_line: list[str],
                previous: MoveAnalysis | None) -> MoveAnalysis:
    """One move's figures; `before` is the mover's value before, `after` the next position's
    value for the opponent, `found` the search of the position before (None when forced).

    Win% are kept to 0.1 and a move's `win_before` is exactly 100 − the previous move's
    `win_after` (the same position from the other side), so the stored form can leave it out.
    """
    mover_after = after.negated()
    win_before = (round(win_percent(before), 1) if previous is None
                  else complement(previous.win_after))
    win_after = round(win_percent(mover_after), 1)
    eval_after, mate_in = _white_view(mover_after, played.side)
    if found is None:
        return MoveAnalysis(
            ply=ply, side=played.side, move=played.text, notation=played.notation, forced=True,
            eval_after=eval_after, mate_in=mate_in, best_move=played.notation,
            best_line=[played.notation, *next_line][:BEST_LINE_PLIES], loss=0,
            win_before=win_before, win_after=win_after, accuracy=100.0,
            judgement="forced", matches={}, depth=0, searched="forced",
        )
    best = played.move in found.best
    loss = 0 if best else max(0, before.bounded - mover_after.bounded)
    drop = 0.0 if best else max(0.0, win_before - win_after)
    return MoveAnalysis(
        ply=ply, side=played.side, move=played.text, notation=played.notation, forced=False,
        eval_after=eval_after, mate_in=mate_in, best_move=found.line[0],
        best_line=found.line, loss=loss, win_before=win_before,
        win_after=win_after, accuracy=round(move_accuracy(drop), 1),
        judgement=judgement(drop, forced=False),
        matches={name: played.move in moves for name, moves in sorted(found.level_best.items())},
        depth=found.depth, searched=found.searched,
    )


def analyse_game(
    *,
    variant: str,
    start_fen: str | None,
    moves: Sequence[str],
    draw_rules: str,
    budget: AnalysisBudget | None = None,
    progress: Progress | None = None,
) -> GameAnalysis:
    """Analyse a finished or unfinished game; a pure function of its arguments (but for
    `cpu_seconds`). Raises `IllegalMoveError` (a `ValueError`) on a move that cannot be
    played, `DamesError` on a bad variant, position or draw rules."""
    started = time.process_time()
    budget = budget or AnalysisBudget()
    board = Board(start_fen, variant=variant, draw_rules=draw_rules)
    start_side = str(board.turn)
    end = board.copy()
    plies = _replay(end, moves)
    searched = sum(1 for p in plies if not p.forced) + (
        _end_score(_past_forced_moves(end)[0]) is None)
    budget = replace(budget, native_nodes=budget.per_position_nodes(searched))
    work = _Pass(budget, searched, progress)
    if progress is not None:
        progress(0, searched)

    found: list[PositionAnalysis | None] = []
    for played in plies:
        found.append(None if played.forced else work.analyse(board))
        board.push(played.move)
    final, final_found = work.final_score(board)

    scores: list[Score] = [final] * (len(plies) + 1)
    lines: list[list[str]] = [final_found.line if final_found else []] * (len(plies) + 1)
    for ply in range(len(plies) - 1, -1, -1):
        position = found[ply]
        if position is None:
            scores[ply] = scores[ply + 1].before_move()
            lines[ply] = [plies[ply].notation, *lines[ply + 1]][:BEST_LINE_PLIES]
        else:
            scores[ply] = position.score
            lines[ply] = position.line
    entries: list[MoveAnalysis] = []
    for ply, played in enumerate(plies):
        entries.append(_move_entry(ply, played, scores[ply], scores[ply + 1], found[ply],
                                   lines[ply + 1], entries[-1] if entries else None))
    initial_eval, initial_mate = _white_view(scores[0], start_side)
    return GameAnalysis(
        version=ANALYSIS_VERSION,
        variant=board.variant.name,
        moves=entries,
        sides=side_summaries(entries, initial_eval, initial_mate),
        turning_point=turning_point(entries, _loser(end, scores[-1])),
        initial_eval=initial_eval,
        nodes=work.nodes,
        cpu_seconds=round(time.process_time() - started, 3),
        complete=work.complete,
        initial_mate=initial_mate,
        start_side=start_side,
    )


def _loser(end: Board, final: Score) -> str | None:
    """The side that lost: by the game's outcome, else by a decisive final evaluation."""
    outcome = end.outcome()
    if outcome is not None:
        return None if outcome.winner is None else str(outcome.winner.opponent)
    if final.mate is not None:
        return str(end.turn) if final.value < 0 else str(end.turn.opponent)
    return None
