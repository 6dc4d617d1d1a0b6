"""Deciding on a claim: the analysis's verdict, and a moderator's release or ban.

Every decision goes through ``boards.claims.update_entry``: the entry (which claim is shown),
the histogram counts and the claim item (its state, reasons and signals; a held claim is
listed under ``REVIEW#held`` on the index for the moderators) change in one transaction.
The moderators' own operations are in ``moderation`` (not reached by any function).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boto3.dynamodb.conditions import Key

from dames_backend import db
from dames_backend.boards.claims import update_entry
from dames_backend.boards.entries import Claim, Entry, State
from dames_backend.boards.keys import claim_key, line_pk
from dames_backend.boards.ranking import board_pk
from dames_backend.fairplay.keys import HELD_REVIEW_PK
from dames_backend.fairplay.signals import Signals, game_signals
from dames_backend.fairplay.verdict import Verdict, judge
from dames_backend.games import store as game_store

if TYPE_CHECKING:
    from types_boto3_dynamodb.type_defs import TransactWriteItemTypeDef

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
    signals: Signals | None = None,
) -> Entry:
    """Set a claim's state on its board and on its claim item (a held one is listed for
    the moderators); returns the entry after."""
    pk = board_pk(db.as_str(item["board"]), item.get("date"))
    claim = _claim_of(item, state, reasons)

    def change(entry: Entry) -> Entry:
        if entry.find(claim.game_id) is None and state != "published":
            return entry  # pruned: it could never be shown again
        return entry.with_claim(claim)

    _, after = update_entry(
        pk=pk,
        player_id=db.as_str(item["playerId"]),
        # Only for an entry that is not there (a stored one keeps its own): a release may
        # be the first claim of this player shown on the board.
        identity={
            name: item[name] for name in ("board", "date", "playerId", "pseudonym")
            if name in item
        },
        change=change,
        trailing=[_claim_update(item, state, reasons, signals, listed=state == "held")],
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


def judge_claim(game_id: str, analysis: dict[str, Any]) -> Verdict | None:
    """The verdict on a provisional claim, from its game's finished ``analysis``
    (``GameAnalysis.to_dict()``, as the job stored it), applied; None when there is nothing
    to judge (no claim, already decided, game gone)."""
    item = load_claim(game_id)
    if item is None or item.get("state") != "provisional":
        return None
    signals = claim_signals(item, analysis)
    if signals is None:
        return None
    verdict = judge(signals)
    decide(item, verdict.state, verdict.reasons, signals)
    return verdict
