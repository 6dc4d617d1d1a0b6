"""Deciding on a claim: the analysis's verdict, and a moderator's release or hold.

Every decision goes through ``boards.claims.update_entry``: the entry (which claim is
public), the histogram counts and the claim item (its state, reasons, signals and score,
and its place on the index: ``REVIEW#held`` for a held claim, ``REVIEW#queue`` for a
published one in the day's top ten near a bar, nowhere once settled) change in one
transaction. The moderators' own operations are in ``moderation`` (no function reaches it).
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

from dames_backend import db
from dames_backend.boards.claims import update_entry
from dames_backend.boards.entries import Claim, Entry, State
from dames_backend.boards.keys import HELD_REVIEW_PK, QUEUE_REVIEW_PK, claim_key
from dames_backend.boards.ranking import board_pk, rank_at
from dames_backend.boards.views import Reason
from dames_backend.fairplay.copies import find_copy
from dames_backend.fairplay.judge import JudgeReport
from dames_backend.fairplay.signals import Signals, game_signals
from dames_backend.fairplay.verdict import REVIEW_TOP, Verdict, judge
from dames_backend.games import store as game_store
from dames_backend.games.store import GameRecord

if TYPE_CHECKING:
    from types_boto3_dynamodb.type_defs import TransactWriteItemTypeDef


def load_claim(game_id: str) -> dict[str, Any] | None:
    """The claim item of a game (None: never claimed)."""
    return db.get_table().get_item(Key=claim_key(game_id), ConsistentRead=True).get("Item")


def _claim_of(item: dict[str, Any], state: State, reasons: tuple[Reason, ...]) -> Claim:
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


def listing_order(item: dict[str, Any]) -> str:
    """A claim's sort key on a review partition: when it was won, then its game."""
    return f"{db.as_str(item['at'])}#{db.as_str(item['gameId'])}"


def claim_update(
    item: dict[str, Any], state: State, reasons: tuple[Reason, ...],
    signals: Signals | None = None, *, listed: str | None = None,
    fair_score: float | None = None,
) -> TransactWriteItemTypeDef:
    """The claim item's new state; ``listed`` is the review partition it goes on (None:
    off every list)."""
    values: dict[str, Any] = {":state": state, ":reasons": [r.stored() for r in reasons]}
    sets = ["#state = :state", "reasons = :reasons"]
    if signals is not None:
        sets.append("signals = :signals")
        values[":signals"] = signals.to_json()
    if fair_score is not None:
        sets.append("fairScore = :fair")
        values[":fair"] = Decimal(str(round(fair_score, 4)))
    if listed:
        sets += ["gsi1pk = :review", "gsi1sk = :order"]
        values[":review"] = listed
        values[":order"] = listing_order(item)
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
    item: dict[str, Any], state: State, reasons: tuple[Reason, ...],
    signals: Signals | None = None, *, listed: str | None = None,
    fair_score: float | None = None,
) -> Entry:
    """Set a claim's state on its board and on its claim item; a held claim is listed for
    the moderators unless ``listed`` names another list. Returns the entry after."""
    pk = board_pk(db.as_str(item["board"]), item.get("date"))
    claim = _claim_of(item, state, reasons)
    if state == "held" and listed is None:
        listed = HELD_REVIEW_PK

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
        trailing=[claim_update(item, state, reasons, signals, listed=listed,
                               fair_score=fair_score)],
    )
    return after


def _is_banned(player_id: str) -> bool:
    profile = db.get_table().get_item(
        Key={"pk": f"PLAYER#{player_id}", "sk": "PROFILE"}, ConsistentRead=True
    ).get("Item")
    return bool(profile and profile.get("banned"))


def claim_signals(item: dict[str, Any], record: GameRecord, analysis: dict[str, Any] | None,
                  report: JudgeReport | None) -> Signals:
    """The signals of a claimed game from its stored game, analysis and judgement."""
    from dames.board import Board

    start = Board(record.start_fen or None, variant=record.variant)
    first_ply = 0 if str(start.turn) == record.player_color else 1
    return game_signals(
        analysis=analysis,
        side=record.player_color,
        move_ms=record.clock.move_ms,
        move_paused_ms=record.clock.move_paused_ms,
        judge=report,
        copy=find_copy(item, record),
        plies=len(record.moves),
        first_ply=first_ply,
        banned=_is_banned(db.as_str(item["playerId"])),
    )


def _in_top_ten(item: dict[str, Any]) -> bool:
    """Whether the claim, published now, would rank in its board's top ``REVIEW_TOP``."""
    pk = board_pk(db.as_str(item["board"]), item.get("date"))
    return rank_at(pk, db.as_int(item["score"]), db.as_str(item["at"])) <= REVIEW_TOP


def _listing(item: dict[str, Any], verdict: Verdict, top_ten: bool) -> str | None:
    """Where a decided claim is listed: held ones always; published ones reported while they
    were analysed, or near the bar when they would rank in the board's top ten."""
    if verdict.state == "held":
        return HELD_REVIEW_PK
    if db.as_int(item.get("reports", 0)):
        return QUEUE_REVIEW_PK
    return QUEUE_REVIEW_PK if verdict.review and top_ten else None


def judge_claim(game_id: str, analysis: dict[str, Any] | None,
                report: JudgeReport | None) -> Verdict | None:
    """The verdict on a provisional claim, applied; None when there is nothing to judge (no
    claim, already decided, game gone)."""
    item = load_claim(game_id)
    if item is None or item.get("state") != "provisional":
        return None
    record = game_store.load_game(game_id)
    if record is None:
        return None
    signals = claim_signals(item, record, analysis, report)
    top_ten = _in_top_ten(item)
    verdict = judge(signals, top_ten=top_ten)
    decide(item, verdict.state, verdict.reasons, signals,
           listed=_listing(item, verdict, top_ten), fair_score=verdict.score)
    return verdict
