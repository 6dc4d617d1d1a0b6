"""What a page may see of a puzzle and an attempt, defined once (pydantic, in the OpenAPI).

Before an attempt ends (solved, or the solution asked for) its view holds the position, the
plies played so far and nothing of the solution, the themes or the source; the ``end`` part
comes only once ``status`` is no longer ``playing`` (tests/puzzles/test_puzzle_secrecy.py
reads every answer of a whole attempt for the solution's moves).
"""

from __future__ import annotations

from typing import Any, Literal

from dames.puzzles import coups
from dames.puzzles.model import Puzzle
from pydantic import BaseModel, Field

from dames_backend.games.views import MoveView, move_view
from dames_backend.players.streaks import StreakView
from dames_backend.puzzles.progress import Progress, hint_square, replay
from dames_backend.puzzles.store import Attempt

Status = Literal["playing", "solved", "revealed"]


class PuzzlePosition(BaseModel):
    id: str
    variant: str
    fen: str = Field(description="The puzzle's position (PDN FEN); the solver is to move.")
    toMove: Literal["white", "black"]
    rating: int = Field(description="The puzzle's rating (Glicko-2, from its attempts).")
    daily: str | None = Field(description="The day it is « le coup du jour » of, if it is.")


class CoupView(BaseModel):
    key: str
    nameFr: str
    nameEn: str
    lineFr: str
    lineEn: str


class ThemesView(BaseModel):
    menGiven: int
    kingCapture: bool
    crowning: bool
    finalCapture: int
    phase: Literal["opening", "middlegame", "ending"]
    moves: int = Field(description="Moves the solver had to find.")
    coup: CoupView | None


class RatingChange(BaseModel):
    before: int
    after: int


class EndView(BaseModel):
    solution: list[Any] = Field(description="The solution tree: a choice is a list of "
                                "[move, [plies played after it], next choice or null].")
    line: list[MoveView] = Field(description="The main line, every ply from the position.")
    themes: ThemesView
    source: dict[str, Any] = Field(description="kind game (event, white, black, year, site) "
                                   "or self-play (game), and ply.")
    rating: RatingChange | None
    dailyStreak: StreakView | None


class AttemptView(BaseModel):
    attemptId: str
    puzzle: PuzzlePosition
    fen: str = Field(description="The position now (after the plies played).")
    ply: int = Field(description="Plies played since the puzzle's position: sent back with "
                     "a move or a hint, so a stale page gets 409 stale-ply.")
    played: list[MoveView] = Field(description="Every ply played since the position.")
    legalMoves: list[MoveView] = Field(description="The solver's legal moves while playing "
                                       "(the page knows no rule); empty once it has ended.")
    status: Status
    failed: bool = Field(description="A wrong move was made (the attempt counts as lost).")
    hinted: bool
    hintSquare: int | None = Field(description="The piece to move, once a hint was asked "
                                   "for at the current choice.")
    rated: bool = Field(description="Whether this attempt moves the player's rating.")
    end: EndView | None = Field(description="Only once status is not playing.")


class StartedAttempt(BaseModel):
    token: str = Field(description="Sent back as Authorization: Bearer; stored only hashed.")
    attempt: AttemptView


class MoveResult(BaseModel):
    result: Literal["correct", "wrong", "solved"]
    reply: list[MoveView] = Field(description="The plies the server played after a correct "
                                  "move: the defender's answer and any forced move.")
    attempt: AttemptView


class PuzzleHintView(BaseModel):
    square: int = Field(description="The square of the piece to move.")
    attempt: AttemptView


class PuzzleProfileView(BaseModel):
    rating: int
    deviation: int
    provisional: bool = Field(description="Deviation above 110: the rating is still a guess.")
    rated: int = Field(description="First attempts played.")
    dailyStreak: StreakView


class DailyPuzzleView(BaseModel):
    date: str
    puzzleId: str | None = Field(
        description="None if the reserve of puzzles is spent or the day's left the set.")
    rating: int | None
    solved: bool | None = Field(description="Whether this player found it (with a token).")
    dailyStreak: StreakView | None
    secondsToNext: int


PROVISIONAL_DEVIATION = 110


def coup_view(key: str | None) -> CoupView | None:
    if key is None or key not in coups.COUPS:
        return None
    coup = coups.COUPS[key]
    return CoupView(key=coup.key, nameFr=coup.name_fr, nameEn=coup.name_en,
                    lineFr=coup.line_fr, lineEn=coup.line_en)


def position_view(puzzle: Puzzle, rating: float, daily: str | None) -> PuzzlePosition:
    return PuzzlePosition(id=puzzle.id, variant=puzzle.variant, fen=puzzle.fen,
                          toMove="white" if puzzle.fen.startswith("W") else "black",
                          rating=round(rating), daily=daily)


def main_line_views(puzzle: Puzzle) -> list[MoveView]:
    board = puzzle.board()
    views = []
    for text in puzzle.solution.main_line():
        move = board.parse_move(text)
        views.append(move_view(board, move))
        board.push(move)
    return views


def end_view(puzzle: Puzzle, attempt: Attempt, streak: StreakView | None) -> EndView:
    themes = dict(puzzle.themes)
    change = None
    if attempt.rating_before is not None and attempt.rating_after is not None:
        change = RatingChange(before=round(attempt.rating_before),
                              after=round(attempt.rating_after))
    return EndView(
        solution=puzzle.solution.to_data(), line=main_line_views(puzzle),
        themes=ThemesView(**{**themes, "coup": coup_view(themes.get("coup"))}),
        source=puzzle.source, rating=change, dailyStreak=streak,
    )


def attempt_view(puzzle: Puzzle, attempt: Attempt, rating: float,
                 streak: StreakView | None = None, progress: Progress | None = None
                 ) -> AttemptView:
    """What the page sees; nothing of the solution (``end``, the hint aside) while playing."""
    now = progress or replay(puzzle, attempt.path)
    playing = attempt.status == "playing" and now.choice is not None
    hinted_here = playing and attempt.hinted and attempt.hint_at == len(attempt.path)
    return AttemptView(
        attemptId=attempt.attempt_id, puzzle=position_view(puzzle, rating, attempt.daily),
        fen=now.board.fen(), ply=len(now.plies),
        played=[move_view(before, move) for before, move in now.plies],
        legalMoves=[move_view(now.board, m) for m in now.board.legal_moves()] if playing
        else [],
        status=attempt.status,  # type: ignore[arg-type]
        failed=attempt.failed, hinted=attempt.hinted,
        hintSquare=hint_square(now.board, now.choice) if hinted_here and now.choice else None,
        rated=attempt.rated,
        end=None if attempt.status == "playing" else end_view(puzzle, attempt, streak),
    )
