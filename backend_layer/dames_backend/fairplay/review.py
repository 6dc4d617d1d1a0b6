"""Deciding on a claim: the analysis's verdict, and a moderator's release or ban.

Every decision goes through ``leaderboard.update_entry``: the entry (which claim is shown),
the histogram counts and the claim item (its state, reasons and signals; a held claim is
listed under ``REVIEW#held`` on the index for the moderators) change in one transaction.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boto3.dynamodb.conditions import Attr, Key

from dames_backend import db, game_store
from dames_backend.fairplay.entries import BANNED_REASON, Claim, Entry, State
from dames_backend.fairplay.jobs import load_job
from dames_backend.fairplay.keys import HELD_REVIEW_PK, claim_key, line_pk
from dames_backend.fairplay.signals import Signals, game_signals
from dames_backend.fairplay.verdict import Verdict, judge
from dames_backend.leaderboard import update_entry
from dames_backend.ranking import board_pk
from dames_backend.tables import GSI1_NAME

if TYPE_CHECKING:
    from types_boto3_dynamodb.type_defs import TransactWriteItemTypeDef

RELEASED_REASON = "Released by a moderator."


def load_claim(game_id: str) -> dict[str, Any] | None:
    """The claim item of a game (None: never claimed)."""
    return db.get_table().get_item(Key=claim_key(game_id), ConsistentRead=True).get("Item")


def _claim_of(item: dict[str, Any], state: State, reasons: tuple[str, ...]) -> Claim:
    return Claim(
        game_id=db.as_str(item["gameId"]),
        score=db.as_int(item["score"]),
        pieces=db.as_int(item.get("pieces", 0)),
        seconds=db.as_int(item.get("seconds", 0)),
        at=db.as_str(item["at"]),
        pauses=db.as_int(item.get("pauses", 0)),
        paused_ms=db.as_int(item.get("pausedMs", 0)),
        state=state,
        reasons=reasons,
    )


def _claim_update(
    item: dict[str, Any], state: State, reasons: tuple[str, ...], signals: Signals | None,
    *, listed: bool,
) -> TransactWriteItemTypeDef:
    """The claim item's new state; ``listed`` puts a held claim on the moderators' list."""
    values: dict[str, Any] = {":state": state, ":reasons": list(reasons)}
    sets = ["#state = :state", "reasons = :reasons"]
    if signals is not None:
        sets.append("signals = :signals")
        values[":signals"] = signals.to_json()
    if listed:
        sets += ["gsi1pk = :review", "gsi1sk = :order"]
        values[":review"] = HELD_REVIEW_PK
        values[":order"] = f"{db.as_str(item['at'])}#{db.as_str(item['gameId'])}"
        update = "SET " + ", ".join(sets)
    else:
        update = "SET " + ", ".join(sets) + " REMOVE gsi1pk, gsi1sk"
    return {
        "Update": {
            "TableName": db.get_table().name,
            "Key": claim_key(db.as_str(item["gameId"])),
            "UpdateExpression": update,
            "ExpressionAttributeNames": {"#state": "state"},
            "ExpressionAttributeValues": values,
        }
    }


def decide(
    item: dict[str, Any], state: State, reasons: tuple[str, ...],
    signals: Signals | None = None, *, listed: bool = True,
) -> Entry:
    """Set a claim's state on its board and on its claim item; returns the entry after."""
    pk = board_pk(db.as_str(item["board"]), item.get("date"))
    claim = _claim_of(item, state, reasons)

    def change(entry: Entry) -> Entry:
        if entry.find(claim.game_id) is None and state != "published":
            return entry  # pruned: it could never be shown again
        return entry.with_claim(claim)

    _, after = update_entry(
        pk=pk,
        player_id=db.as_str(item["playerId"]),
        identity={},
        change=change,
        trailing=[_claim_update(item, state, reasons, signals, listed=listed)],
    )
    return after


def same_line_owner(item: dict[str, Any]) -> str | None:
    """Another player who claimed exactly these moves on the same board (their id)."""
    digest = item.get("movesHash")
    if not digest:
        return None
    pk = board_pk(db.as_str(item["board"]), item.get("date"))
    page = db.get_table().query(
        KeyConditionExpression=Key("pk").eq(line_pk(pk, str(digest))), Limit=20
    )
    own = f"PLAYER#{db.as_str(item['playerId'])}"
    others = [str(line["sk"]) for line in page.get("Items", []) if line["sk"] != own]
    return others[0].removeprefix("PLAYER#") if others else None


def _is_banned(player_id: str) -> bool:
    profile = db.get_table().get_item(
        Key={"pk": f"PLAYER#{player_id}", "sk": "PROFILE"}, ConsistentRead=True
    ).get("Item")
    return bool(profile and profile.get("banned"))


def claim_signals(item: dict[str, Any], analysis: dict[str, Any]) -> Signals | None:
    """The signals of a claimed game from its stored game and analysis (None: game gone)."""
    record = game_store.load_game(db.as_str(item["gameId"]))
    if record is None:
        return None
    return game_signals(
        analysis=analysis,
        side=record.player_color,
        move_ms=record.clock.move_ms,
        move_paused_ms=record.clock.move_paused_ms,
        same_line_as=same_line_owner(item),
        banned=_is_banned(db.as_str(item["playerId"])),
    )


def judge_claim(game_id: str) -> Verdict | None:
    """The verdict on a provisional claim whose analysis is done, applied; None when there
    is nothing to judge (no claim, already decided, analysis not done, game gone)."""
    item = load_claim(game_id)
    job = load_job(game_id)
    if item is None or item.get("state") != "provisional" or job is None or job.result is None:
        return None
    signals = claim_signals(item, job.result)
    if signals is None:
        return None
    verdict = judge(signals)
    decide(item, verdict.state, verdict.reasons, signals)
    return verdict


# --- moderation ---------------------------------------------------------------------------


def held_claims(limit: int = 100) -> list[dict[str, Any]]:
    """The held claims awaiting a moderator, oldest first."""
    page = db.get_table().query(
        IndexName=GSI1_NAME, KeyConditionExpression=Key("gsi1pk").eq(HELD_REVIEW_PK),
        Limit=limit,
    )
    return list(page.get("Items", []))


def release(game_id: str) -> Entry:
    """Publish a held (or provisional) claim: it takes its place if it is the player's best."""
    item = load_claim(game_id)
    if item is None:
        raise LookupError(f"no claim for game {game_id}")
    return decide(item, "published", (RELEASED_REASON,), listed=False)


def _player_items(player_id: str) -> list[dict[str, Any]]:
    """A player's entries on every board and their claims: a scan (moderation is rare)."""
    condition = (Attr("sk").eq(f"PLAYER#{player_id}") & Attr("pk").begins_with("BOARD#")) | (
        Attr("pk").begins_with("CLAIM#") & Attr("playerId").eq(player_id)
    )
    table = db.get_table()
    query: dict[str, Any] = {"FilterExpression": condition}
    found: list[dict[str, Any]] = []
    while True:
        page = table.scan(**query)
        found.extend(page.get("Items", []))
        last = page.get("LastEvaluatedKey")
        if not last:
            return found
        query["ExclusiveStartKey"] = last


def ban(player_id: str) -> int:
    """Withdraw a player's entries from every board and hold their claims, now and to come;
    returns the number of boards changed."""
    table = db.get_table()
    table.update_item(
        Key={"pk": f"PLAYER#{player_id}", "sk": "PROFILE"},
        UpdateExpression="SET banned = :t",
        ConditionExpression="attribute_exists(pk)",
        ExpressionAttributeValues={":t": True},
    )
    boards = 0
    for item in _player_items(player_id):
        pk = db.as_str(item["pk"])
        if pk.startswith("BOARD#"):
            update_entry(pk=pk, player_id=player_id, identity={}, change=Entry.with_ban)
            boards += 1
        elif item.get("state") != "held":
            table.update_item(
                Key=claim_key(db.as_str(item["gameId"])),
                UpdateExpression="SET #state = :held, reasons = :reasons",
                ExpressionAttributeNames={"#state": "state"},
                ExpressionAttributeValues={":held": "held", ":reasons": [BANNED_REASON]},
            )
    return boards
