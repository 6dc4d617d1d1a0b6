"""A game's lines as the reader gives them: the moves with their comments and marks, and the
variations the file plays instead of a move, each read on the board from where it starts.

A variation is a note, not the game: one that does not read is kept up to its last legal move
with why it stops (``PdnVariation.error``), and the game still reads. Variations are read on
their own budgets (`dames.pdn.budget`): past them, a variation comes with the reason and no
moves, so a crafted file of notes costs no more than its games.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from dames.board import Board
from dames.move import Move
from dames.pdn.budget import (
    MAX_VARIATION_PLIES,
    SEARCH_BUDGET,
    VARIATION_STEP_BUDGET,
    CpuBudget,
    OutOfTime,
)
from dames.pdn.movetext import Written, WrittenLine
from dames.pdn.replay import Unresolved, replay


@dataclass(frozen=True)
class PdnLine:
    """Moves from ``start_fen``, each with what the file writes beside it: ``comments[i]``
    after move i (None where there is none; `dames.pdn_comments.game_evals` reads the
    ``[%eval …]`` marks in them), ``marks[i]`` (``!``, ``?!``, ``$14``…), ``variations[i]``
    (the lines played instead of move i, from the position before it); ``comment`` is the
    one written before the first move."""

    start_fen: str
    moves: tuple[Move, ...]
    notations: tuple[str, ...] = field(default=(), compare=False)
    comments: tuple[str | None, ...] = field(default=(), compare=False)
    marks: tuple[tuple[str, ...], ...] = field(default=(), compare=False)
    variations: tuple[tuple[PdnVariation, ...], ...] = field(default=(), compare=False)
    comment: str | None = field(default=None, compare=False)


@dataclass(frozen=True, kw_only=True)
class PdnVariation(PdnLine):
    """A variation; ``error`` says why it stops short of what the file writes (a move that is
    not legal there, or a budget spent), None when it is read whole."""

    error: str | None = None


@dataclass
class SideWork:
    """What is left of the file's budget for variations, and of the current game's."""

    cpu: CpuBudget | None = None
    steps: int = field(default_factory=lambda: VARIATION_STEP_BUDGET)
    plies: int = field(default_factory=lambda: MAX_VARIATION_PLIES)
    spent: str | None = None  # why no more variations are read in this file

    def next_game(self) -> None:
        self.plies = MAX_VARIATION_PLIES


def notes(
    board: Board, written: Sequence[Written], moves: Sequence[Move], work: SideWork
) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...], tuple[tuple[PdnVariation, ...], ...]]:
    """The notations, marks and variations of ``moves`` (read from ``written``) played from
    ``board`` (left as it was)."""
    position = board.copy()
    notations, variations = [], []
    for note, move in zip(written, moves, strict=False):
        variations.append(tuple(_variation(position, line, work) for line in note.variations))
        notations.append(position.notation(move))
        position.push(move)
    marks = tuple(tuple(w.marks) for w in written[: len(moves)])
    return tuple(notations), marks, tuple(variations)


def _variation(board: Board, line: WrittenLine, work: SideWork) -> PdnVariation:
    """One variation from ``board`` (the position before the move it replaces)."""
    written = line.moves[: max(work.plies, 0)]
    error = line.error
    if len(written) < len(line.moves):
        error = (f"not read past here: a game's variations are kept up to "
                 f"{MAX_VARIATION_PLIES:,} moves")
    moves, stopped = _read(board, written, work)
    work.plies -= len(moves)
    notations, marks, nested = notes(board, written, moves, work)
    return PdnVariation(
        start_fen=board.fen(),
        moves=tuple(moves),
        notations=notations,
        comments=tuple(w.comment for w in written[: len(moves)]),
        marks=marks,
        variations=nested,
        comment=line.comment,
        error=stopped or error,
    )


def _read(board: Board, written: list[Written], work: SideWork) -> tuple[list[Move], str | None]:
    """The moves of ``written`` that read from ``board``, and why the rest do not."""
    if work.spent or not written:
        return [], work.spent
    budget = [min(SEARCH_BUDGET, work.steps)]
    try:
        return replay(board.copy(), written, 0, budget, work.cpu), None
    except OutOfTime:
        assert work.cpu is not None
        work.spent = work.cpu.message()
        return [], work.spent
    except Unresolved as exc:
        if budget[0] < 0:
            work.spent = (f"not read: the file's variations ask for too much work (more "
                          f"than {VARIATION_STEP_BUDGET:,} moves read or tried)")
            return [], work.spent
        why = f"{written[exc.ply].text}: {exc.message}"
        try:  # the moves before the one that does not read
            return replay(board.copy(), written[: exc.ply], 0, budget, work.cpu), why
        except Unresolved:
            return [], why
        except OutOfTime:
            assert work.cpu is not None
            work.spent = work.cpu.message()
            return [], why
    finally:
        work.steps -= min(SEARCH_BUDGET, work.steps) - max(budget[0], 0)
