"""Evaluations in PDN move comments, written and read the way lichess and lidraughts do.

An analysed game's export carries after each move a comment such as ``{ [%eval 0.35] }``: the
evaluation after the move from White's point of view in men (centi-men / 100, like lichess's
pawns), or ``[%eval #4]`` / ``[%eval #-4]`` for a won line (moves until the end: positive when
White wins). Mistakes get lidraughts' words after it (``Mistake. Best move was 19-23.``). The
reader keeps every move's comment (`PdnGame.comments`); `game_evals` reads the marks back.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import NamedTuple, Unpack

from dames.analysis.model import ANALYSIS_VERSION, GameAnalysis, MoveAnalysis
from dames.pdn import ExportedGame, PdnGame, export_game

_EVAL = re.compile(r"\[%eval\s+(#?)([+-]?\d+(?:\.\d+)?)\s*\]")
# A mark past these is not an evaluation any engine writes (a board holds 40 pieces; a
# game of more moves is drawn by the federation's counters long before): it is read as no
# mark rather than as a number a page cannot show (or Python cannot hold as a float).
MAX_EVAL_MEN = 1000
MAX_EVAL_MOVES = 1000
_MAX_NUMBER_CHARS = 12
_WORDS = {"inaccuracy": "Inaccuracy", "mistake": "Mistake", "blunder": "Blunder"}


class PdnEval(NamedTuple):
    """An evaluation mark: centi-men for White, or moves to a won end (signed: + White wins)."""

    value: int | None
    mate: int | None = None


def eval_mark(eval_after: int, mate_in: int | None) -> str | None:
    """``[%eval …]`` for a move's evaluation; None when the game is over after it (the
    result says it)."""
    if mate_in is not None:
        if mate_in == 0:
            return None
        moves = (abs(mate_in) + 1) // 2
        return f"[%eval #{moves if mate_in > 0 else -moves}]"
    return f"[%eval {eval_after / 100:.2f}]"


def move_comment(move: MoveAnalysis) -> str | None:
    """The comment lidraughts writes for an analysed move: its eval, then the advice."""
    parts = [eval_mark(move.eval_after, move.mate_in)]
    words = _WORDS.get(move.judgement)
    if words is not None:
        parts.append(f"{words}. Best move was {move.best_move}.")
    text = " ".join(p for p in parts if p)
    return text or None


def parse_eval(comment: str | None) -> PdnEval | None:
    """The first ``[%eval …]`` mark of a comment (men or ``#moves``), None when there is none
    or its number is past any evaluation (``MAX_EVAL_MEN``, ``MAX_EVAL_MOVES``)."""
    if not comment:
        return None
    found = _EVAL.search(comment)
    if found is None:
        return None
    number = found.group(2)
    if len(number) > _MAX_NUMBER_CHARS:
        return None
    if found.group(1):
        moves = int(float(number))
        return PdnEval(None, moves) if abs(moves) <= MAX_EVAL_MOVES else None
    men = float(number)
    return PdnEval(round(men * 100)) if abs(men) <= MAX_EVAL_MEN else None


def comment_words(comment: str | None) -> str | None:
    """A comment without its ``[%eval …]`` marks (read apart by `parse_eval`): what a person
    wrote, None when nothing else is left."""
    if not comment:
        return None
    return " ".join(_EVAL.sub(" ", comment).split()) or None


def game_evals(game: PdnGame) -> list[PdnEval | None]:
    """Each move's evaluation as the file gives it (None for a move without a mark)."""
    comments = game.comments or (None,) * len(game.moves)
    return [parse_eval(comment) for comment in comments]


def export_analysed_game(
    *, tags: Mapping[str, str], analysis: GameAnalysis, **game: Unpack[ExportedGame]
) -> str:
    """`dames.pdn.export_game` with each analysed move's evaluation and advice as a comment,
    and an ``Annotator`` tag naming the analysis version (unless ``tags`` names one)."""
    named = {name.lower() for name in tags}
    all_tags = dict(tags) if "annotator" in named else {
        **tags, "Annotator": f"dames analysis {ANALYSIS_VERSION}"}
    return export_game(tags=all_tags, comments=[move_comment(m) for m in analysis.moves], **game)
