"""The games API's shapes, defined once: the domain builds these models and the routes declare
them, so the OpenAPI document the app serves is the contract.

Level and variant names come from the engine's own tables (``dames.ai.LEVELS``,
``dames.VARIANTS``), never restated here.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Annotated, Any

import dames
import dames.ai
from pydantic import AfterValidator, BaseModel, Field, GetPydanticSchema, WithJsonSchema
from pydantic_core import core_schema

from dames_backend.games.enums import GameMode, GameStatus, Side
from dames_backend.games.scoring import Score as ScoreView


def _on_the_wire(values: type[StrEnum]) -> GetPydanticSchema:
    """A game-state enum in the API's shapes exactly as the contract has always had it: the
    strings validated as a literal (same schema, same error messages), then made the enum's
    member; written back as its string."""

    def schema(_source: Any, _handler: Callable[[Any], core_schema.CoreSchema]) -> Any:
        return core_schema.no_info_after_validator_function(
            values,
            core_schema.literal_schema([member.value for member in values]),
            serialization=core_schema.plain_serializer_function_ser_schema(
                lambda member: member.value, when_used="json"
            ),
        )

    return GetPydanticSchema(schema)


Mode = Annotated[GameMode, _on_the_wire(GameMode)]
Color = Annotated[Side, _on_the_wire(Side)]
Status = Annotated[GameStatus, _on_the_wire(GameStatus)]


def _known_level(name: str) -> str:
    if name not in dames.ai.LEVELS:
        raise ValueError(f"unknown level {name!r}; expected one of {', '.join(dames.ai.LEVELS)}")
    return name


def _known_variant(name: str) -> str:
    if name not in dames.VARIANTS:
        raise ValueError(f"unknown variant {name!r}; expected one of {', '.join(dames.VARIANTS)}")
    return name


LevelName = Annotated[
    str,
    AfterValidator(_known_level),
    WithJsonSchema({"type": "string", "enum": list(dames.ai.LEVELS)}),
]
VariantName = Annotated[
    str,
    AfterValidator(_known_variant),
    WithJsonSchema({"type": "string", "enum": list(dames.VARIANTS)}),
]


class MoveView(BaseModel):
    """A move as the page draws it: ``path`` and ``captures`` are official square numbers."""

    notation: str = Field(description="Official notation (`32x23`), shortest unambiguous form.")
    hub: str = Field(description="Every square of the path (`32x23x28`), never ambiguous.")
    path: list[int]
    captures: list[int]
    promotes: bool


def move_view(board: dames.Board, move: dames.Move) -> MoveView:
    """A MoveView; ``board`` is the position *before* ``move`` (notation depends on it)."""
    return MoveView(
        notation=board.notation(move),
        hub=move.hub(),
        path=list(move.path),
        captures=list(move.captures),
        promotes=bool(move.promotes),
    )


class PiecesView(BaseModel):
    white: int
    black: int


class ClockView(BaseModel):
    """The player's clock as the server keeps it; the page shows
    ``elapsedMs + turnMs + (running ? time since the view arrived : 0)``."""

    elapsedMs: int = Field(description="Charged for the player's finished moves.")
    turnMs: int = Field(description="The running turn so far, as of serverNow.")
    running: bool = Field(description="The player's turn is being timed now.")
    paused: bool = Field(description="A pause received from the page is open.")
    since: int | None = Field(
        description="Epoch ms when the current running or paused span began."
    )
    serverNow: int = Field(description="Epoch ms when the server made this view.")
    pauses: int = Field(description="Pauses credited so far (a hidden tab, then visible).")
    pausedMs: int = Field(description="Paused time credited so far.")


class GameHeading(BaseModel):
    """What names a game and its result, the first fields of every view of it (the game's
    own, the archive's line)."""

    id: str
    mode: Mode
    variant: VariantName
    level: LevelName | None = Field(description="The computer's level; null in a duo game.")
    date: str | None = Field(description="The challenge's day (daily games), else null.")
    playerColor: Color
    status: Status = Field(description="won/lost from playerColor's side (White in a duo).")
    reason: str | None
    winner: Color | None = Field(description="Who won, once the game is over; null for a draw.")


class GameView(GameHeading):
    """The whole state of a game; every game route returns it. Never the seed."""

    startFen: str
    fen: str
    turn: Color
    ply: int
    moves: list[str] = Field(description="The whole game in official notation.")
    captured: list[int] = Field(description="Pieces taken by each move of `moves`.")
    lastMove: MoveView | None = Field(description="The last move played, by either side.")
    lastComputerMove: MoveView | None
    lastPlayerMove: MoveView | None = Field(
        default=None,
        description="The last move a player made (in a duo game, either side's): the page "
        "marks it beside the computer's reply, so the player sees their own move too.",
    )
    thinking: bool = Field(
        default=False,
        description="The computer is computing its reply to the player's move (in `moves`): "
        "no legal move, the player's clock stopped; read the game again shortly.",
    )
    legalMoves: list[MoveView] = Field(description="The player's; empty unless it is their turn.")
    pieces: PiecesView
    clock: ClockView
    score: ScoreView | None
    ranked: bool = Field(
        description="A win can enter a leaderboard: the daily challenge until its day's close, "
        "and free play as the free leaderboard is set up (White, defi, international, the "
        "start position) with no hint and no takeback."
    )
    assisted: bool = Field(description="A hint or a takeback was used (the game is casual).")
    closesAt: str | None = Field(
        description="Daily games: when the day stops counting (next midnight UTC + grace)."
    )
    aiVersion: str | None = Field(
        description="The computer's version this game began with (null for games stored "
        "before versions were recorded)."
    )
    aiChanged: bool = Field(
        description="The computer was updated while the game went on: it plays on, unranked "
        "(its replies no longer all come from aiVersion, so the game cannot be checked)."
    )
    claimed: bool
    createdAt: str


class CreatedGame(BaseModel):
    """A new game and its token, shown only this once (stored hashed)."""

    token: str
    game: GameView


class HintView(BaseModel):
    """The server's suggestion for the player's move."""

    move: MoveView
    level: LevelName = Field(description="The level that found it: one above the opponent's.")


class DrawOfferResult(BaseModel):
    """The computer's answer to a draw offer, and the game after it."""

    accepted: bool
    game: GameView
