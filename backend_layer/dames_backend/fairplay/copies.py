"""Finding the entry a claimed line copies, at a bounded cost (``lines`` says how).

A claim's marks are looked up from the deepest: the first mark another claim shares names
the candidates (at most ``lines.MAX_CANDIDATES``), and the exact overlap is measured with
each. Candidates are other players' claims on the same board, and the claimer's own earlier
*held* ones (replaying one's own held line with a change is the same trick); the claimer's
own published lines are theirs to replay.
"""

from __future__ import annotations

from typing import Any

from boto3.dynamodb.conditions import Key

from dames_backend import db
from dames_backend.boards.keys import claim_key, line_mark_pk
from dames_backend.boards.ranking import board_pk
from dames_backend.fairplay.lines import MAX_CANDIDATES, Overlap, overlap
from dames_backend.games import store as game_store
from dames_backend.games.store import GameRecord

# Per mark: a popular opening position is shared by many claims; a few are enough.
MARK_QUERY_LIMIT = 10


def _candidates(item: dict[str, Any]) -> list[dict[str, Any]]:
    """The claims sharing this claim's deepest shared mark (their claim items)."""
    game_id = db.as_str(item["gameId"])
    player_id = db.as_str(item["playerId"])
    pk = board_pk(db.as_str(item["board"]), item.get("date"))
    table = db.get_table()
    for mark in reversed([str(m) for m in item.get("lineMarks") or ()]):
        page = table.query(KeyConditionExpression=Key("pk").eq(line_mark_pk(pk, mark)),
                           Limit=MARK_QUERY_LIMIT)
        found = []
        for line in page.get("Items", []):
            other = db.as_str(line["gameId"])
            if other == game_id:
                continue
            claim = table.get_item(Key=claim_key(other)).get("Item")
            if claim is None:
                continue
            own = db.as_str(claim["playerId"]) == player_id
            if not own or claim.get("state") == "held":
                found.append(claim)
            if len(found) == MAX_CANDIDATES:
                break
        if found:
            return found
    return []


def find_copy(item: dict[str, Any], record: GameRecord) -> tuple[str, Overlap] | None:
    """The entry whose line holds most of this claim's (its player id, or "own" for the
    claimer's own held line) and how much; None when no other line shares a mark."""
    best: tuple[str, Overlap] | None = None
    first_side = record.player_color == _start_side(record)
    for claim in _candidates(item):
        other = game_store.load_game(db.as_str(claim["gameId"]))
        if other is None:
            continue
        found = overlap(record.variant, record.start_fen or None, record.moves, other.moves,
                        first_side=first_side)
        owner = db.as_str(claim["playerId"])
        if owner == db.as_str(item["playerId"]):
            owner = "own"
        if best is None or found.share > best[1].share:
            best = (owner, found)
    return best


def _start_side(record: GameRecord) -> str:
    from dames.board import Board

    return str(Board(record.start_fen or None, variant=record.variant).turn)
