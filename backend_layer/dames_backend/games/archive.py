"""A player's own finished games, newest first, a page at a time (``GET /api/players/me/games``).

A finished game started with a pseudonym carries index keys under its owner
(``store.archive_index_keys``), so one query on ``gsi1`` reads a page of them: no scan, and
the cost of a page does not grow with the player's history. The list is what the table still
holds: a casual game goes with its retention (``games.retention``), a claimed win stays.
The cursor is the last listed game's index position, checked before it is used, so a
client cannot point the query at another player's partition.
"""

from __future__ import annotations

import re
from typing import Any

from boto3.dynamodb.conditions import Key
from pydantic import BaseModel, Field

from dames_backend import db
from dames_backend.errors import ApiError
from dames_backend.games.state import opening_notation, winner
from dames_backend.games.store import GameRecord, archive_partition, game_key
from dames_backend.games.views import GameHeading
from dames_backend.tables import GSI1_NAME

PAGE_SIZE = 20
MAX_PAGE_SIZE = 50
# The first moves that name an opening on the stats page (a move each side).
OPENING_PLIES = 2
# A cursor is a listed game's gsi1sk: its end (ISO, as finishedAt is written) and its id.
CURSOR = re.compile(r"\d{4}-\d{2}-\d{2}T[0-9:.]{8,15}Z[#]g_[A-Za-z0-9_-]{1,40}")


class ArchivedGame(GameHeading):
    """One finished game as the archive lists it: enough to sort, count and open it."""

    finishedAt: str
    plies: int = Field(description="Half-moves played.")
    opening: list[str] = Field(
        description=f"The first {OPENING_PLIES} moves in official notation (fewer in a short "
        "game), from the game's start position.",
    )
    fromPosition: bool = Field(description="Started from a position, not the variant's start.")
    score: int | None = Field(description="A win's score against the computer, else null.")


class GamesPage(BaseModel):
    """A page of the player's finished games, newest first."""

    games: list[ArchivedGame]
    next: str | None = Field(
        description="Pass as `after` for the next page; null when this page is the last."
    )


def _archived(record: GameRecord) -> ArchivedGame:
    won_by = winner(record)
    return ArchivedGame(
        id=record.id, mode=record.mode, variant=record.variant,
        level=None if not record.mode.plays_computer else record.level, date=record.date,
        playerColor=record.player_color, status=record.status,
        reason=None if record.reason is None else record.reason.value,
        winner=won_by, finishedAt=record.finished_at or "", plies=len(record.moves),
        opening=opening_notation(record, OPENING_PLIES), fromPosition=record.from_position,
        score=None if record.score is None else int(record.score["total"]),
    )


def player_games(player_id: str, after: str | None, limit: int = PAGE_SIZE) -> GamesPage:
    """A page of ``player_id``'s finished games, newest first, after the cursor ``after``."""
    if after is not None and not CURSOR.fullmatch(after):
        raise ApiError(422, "bad-cursor", "after: not a cursor this list gave")
    partition = archive_partition(player_id)
    query: dict[str, Any] = {
        "IndexName": GSI1_NAME,
        "KeyConditionExpression": Key("gsi1pk").eq(partition),
        "ScanIndexForward": False,
        "Limit": limit,
    }
    if after is not None:
        game_id = after.split("#", 1)[1]
        query["ExclusiveStartKey"] = {"gsi1pk": partition, "gsi1sk": after, **game_key(game_id)}
    page = db.get_table().query(**query)
    records = [GameRecord.from_item(item) for item in page.get("Items", [])]
    last = page.get("LastEvaluatedKey")
    return GamesPage(
        games=[_archived(record) for record in records],
        next=None if not last else db.as_str(last["gsi1sk"]),
    )


__all__ = ["MAX_PAGE_SIZE", "PAGE_SIZE", "ArchivedGame", "GamesPage", "player_games"]
