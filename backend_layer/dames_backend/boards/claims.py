"""Daily and free-play leaderboards: claims, best-only entries, a histogram that never drifts.

Interface used by the games claim route (``POST /api/games/{id}/claim``)::

    record_claim(
        *,
        game_id: str,            # the won game's id ("g_…"); one claim per game
        player: Player,          # from players.authenticate_player(token)
        board: str,              # "daily" or "free" (practice never reaches here)
        date: str | None,        # "yyyy-mm-dd" for daily (the game's own date), None for free
        score: int,              # the figures come from the stored game item,
        pieces: int,             # computed by the server: never from the request
        seconds: int,
        achieved_at: str | None = None,  # ISO time the game was won; defaults to now (UTC)
        pauses: int = 0,         # pauses credited by the game's clock, shown beside the time
        paused_ms: int = 0,
        line_marks: Sequence[str] = (),  # fairplay.lines.line_marks of the game's moves
    ) -> ClaimResult             # leaderboard_views.ClaimResult; .as_json() is the body
    # raises ApiError 409 "already-claimed" when that game was claimed before.

A claim enters the board *provisional* (on no public board, rank or count; its player
sees it "pending" with the rank it would take) until its fair-play analysis publishes or
holds it (``fairplay.review``); a banned player's claim is held at once. The entry keeps
the player's claims that still matter and shows the best published one (``entries``), so a
held claim never replaces an earlier published best. A provisional claim is listed under
``REVIEW#pending`` on the index until it is decided, so that a stuck analysis is found.

A claim is one transaction: ``CLAIM#<gameId>`` (condition: new), and when the claims the
entry keeps change, the entry (condition: exactly the entry that was read: absent, or its
``rev``) together with the histogram moves of ``ranking`` (+1 on the new shown score and its
block, −1 on the old ones). ``update_entry`` is the same transaction for verdicts and
moderation. Because the entry's condition pins the very state the histogram update
was computed from, a count changes if and only if an entry does: concurrent claims, retries
and conflicts can cancel a whole transaction, never half of one. An equal score never replaces
the older entry, which keeps its earlier time and so its place. A daily claim also adds its
date to the player's ``wonDays`` (the streak, see ``streaks``) in the same transaction.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from botocore.exceptions import ClientError

from dames_backend import clock, db
from dames_backend.boards.entries import BANNED_REASON, Claim, Entry, State
from dames_backend.boards.keys import (
    PENDING_REVIEW_PK,
    claim_key,
    line_mark_expiry,
    line_mark_key,
)
from dames_backend.boards.ranking import (
    SCORE_CEILING,
    block_key,
    block_of,
    board_pk,
    entry_key,
    once_published,
    ranking_key,
    score_key,
)
from dames_backend.boards.views import ClaimResult
from dames_backend.errors import ApiError, busy_error
from dames_backend.players import activity
from dames_backend.players.accounts import Player

if TYPE_CHECKING:  # the boto3 stubs are in requirements-dev.txt only, for mypy
    from types_boto3_dynamodb.type_defs import PutTypeDef, TransactWriteItemTypeDef

_CLAIM_ATTEMPTS = 5
WON_DAYS_ATTRIBUTE = activity.WON_DAYS_ATTRIBUTE


def _validate_figures(score: int, pieces: int, seconds: int, pauses: int, paused_ms: int) -> None:
    if not 0 <= score <= SCORE_CEILING:
        raise ValueError(f"score out of range: {score}")
    if min(pieces, seconds, pauses, paused_ms) < 0:
        raise ValueError("pieces, seconds and pauses cannot be negative")


def _count_move(table_name: str, key: dict[str, str], delta: int) -> TransactWriteItemTypeDef:
    """A transaction item adding ``delta`` to a histogram count (created at 0 if absent)."""
    return {
        "Update": {
            "TableName": table_name,
            "Key": key,
            "UpdateExpression": "ADD #n :delta",
            "ExpressionAttributeNames": {"#n": "n"},
            "ExpressionAttributeValues": {":delta": delta},
        }
    }


def _histogram_moves(
    table_name: str, pk: str, old_score: int | None, new_score: int | None
) -> list[TransactWriteItemTypeDef]:
    """The count changes of a board's shown entry going from ``old_score`` to ``new_score``
    (None: nothing shown); a count that would get −1 and +1 is left alone (one transaction
    may not touch an item twice)."""
    if old_score == new_score:
        return []
    moves: list[TransactWriteItemTypeDef] = []
    if new_score is not None:
        moves.append(_count_move(table_name, score_key(pk, new_score), 1))
    if old_score is not None:
        moves.append(_count_move(table_name, score_key(pk, old_score), -1))
    same_block = (
        old_score is not None
        and new_score is not None
        and block_of(old_score) == block_of(new_score)
    )
    if not same_block:
        if new_score is not None:
            moves.append(_count_move(table_name, block_key(pk, new_score), 1))
        if old_score is not None:
            moves.append(_count_move(table_name, block_key(pk, old_score), -1))
    return moves


def _entry_item(
    key: dict[str, str], identity: dict[str, Any], entry: Entry
) -> dict[str, Any]:
    """The stored entry: the claims, and the shown claim's figures on the index (none when
    nothing is shown: then no board, rank or histogram counts it)."""
    item: dict[str, Any] = {
        **key,
        **identity,
        "claims": [claim.to_item() for claim in entry.claims],
        "rev": entry.rev + 1,
        "banned": entry.banned,
    }
    shown = entry.shown()
    if shown is not None:
        item.update(
            gsi1pk=key["pk"],
            gsi1sk=ranking_key(shown.score, shown.at),
            **shown.figures(),
            gameId=shown.game_id,
            status=shown.state,
        )
    return item


def _entry_put(table_name: str, item: dict[str, Any], before: Entry) -> PutTypeDef:
    """The entry's put, conditional on exactly the entry that was read."""
    put: PutTypeDef = {"TableName": table_name, "Item": item}
    if not before.stored:
        put["ConditionExpression"] = "attribute_not_exists(pk)"
    elif before.rev:
        put["ConditionExpression"] = "rev = :rev"
        put["ExpressionAttributeValues"] = {":rev": before.rev}
    else:  # written before fair play: no revision yet
        put["ConditionExpression"] = "attribute_exists(pk) AND attribute_not_exists(rev)"
    return put


def counted_score(item: dict[str, Any] | None) -> int | None:
    """The score the histogram counts for a stored entry: the one on the index, whatever
    rule put it there (an entry written while provisional claims were public still counts
    its provisional score until its next change moves the count)."""
    if item is None or "gsi1pk" not in item:
        return None
    return db.as_int(item["score"])


class LeadingConditionFailed(Exception):
    """One of the caller's own conditional items refused the transaction."""


def update_entry(
    *,
    pk: str,
    player_id: str,
    identity: dict[str, Any],
    change: Callable[[Entry], Entry],
    leading: Sequence[TransactWriteItemTypeDef] = (),
    trailing: Sequence[TransactWriteItemTypeDef] = (),
) -> tuple[Entry, Entry]:
    """Apply ``change`` to a player's entry on board ``pk`` in one transaction with the
    histogram moves and the caller's ``leading``/``trailing`` items; returns (before, after).

    The entry's condition pins the state the histogram moves were computed from, so a count
    changes if and only if the shown entry does. ``identity`` holds the attributes a new
    entry needs (board, date, playerId, pseudonym); a stored entry keeps its own unless
    given. Raises ``LeadingConditionFailed`` when a leading item's condition failed.
    """
    table = db.get_table()
    key = entry_key(pk, player_id)
    for attempt in range(_CLAIM_ATTEMPTS):
        current = table.get_item(Key=key, ConsistentRead=True).get("Item")
        before = Entry.from_item(current)
        after = change(before)
        items = list(leading)
        entry_index = len(items)
        if after != before:
            names = ("board", "date", "playerId", "pseudonym")
            kept = {name: current[name] for name in names if current and name in current}
            item = _entry_item(key, {**kept, **identity}, after)
            items.append({"Put": _entry_put(table.name, item, before)})
            new = after.shown()
            items.extend(
                _histogram_moves(table.name, pk, counted_score(current),
                                 new.score if new else None)
            )
        items.extend(trailing)
        if not items:
            return before, after
        try:
            db.get_client().transact_write_items(TransactItems=items)
        except ClientError as exc:
            if db.error_code(exc) != "TransactionCanceledException":
                raise
            codes = db.cancellation_codes(exc)
            if "ConditionalCheckFailed" in codes[:entry_index]:
                raise LeadingConditionFailed() from None
            if trailing and "ConditionalCheckFailed" in codes[-len(trailing):]:
                raise ApiError(
                    409,
                    "claim-changed",
                    "The game or the player changed during this request: nothing was "
                    "entered. Try again.",
                ) from None
            entry_changed = codes[entry_index : entry_index + 1] == ["ConditionalCheckFailed"]
            if not (entry_changed or db.is_retryable_cancellation(exc)):
                raise
            if attempt == _CLAIM_ATTEMPTS - 1:
                raise busy_error() from None
            # The entry changed under us (another claim or verdict of the same player landed
            # first) or another transaction held one of the items (a histogram count is
            # shared by every claim of its score): read again and redo the decision.
            time.sleep(0.02 * (attempt + 1))
            continue
        return before, after
    raise AssertionError("unreachable: the loop returns or raises")


def record_claim(
    *,
    game_id: str,
    player: Player,
    board: str,
    date: str | None,
    score: int,
    pieces: int,
    seconds: int,
    achieved_at: str | None = None,
    pauses: int = 0,
    paused_ms: int = 0,
    line_marks: Sequence[str] = (),
    also: Sequence[TransactWriteItemTypeDef] = (),
) -> ClaimResult:
    """Enter a won game's score on its board (see the module docstring for the contract);
    ``also`` joins the same transaction (the game's own ``claimed`` flag)."""
    _validate_figures(score, pieces, seconds, pauses, paused_ms)
    pk = board_pk(board, date)
    at = achieved_at or clock.iso_now()
    claimed_at = clock.iso_now()
    table = db.get_table()
    state: State = "held" if player.banned else "provisional"
    reasons = (BANNED_REASON,) if player.banned else ()
    claim = Claim(
        game_id=game_id, score=score, pieces=pieces, seconds=seconds, at=at,
        pauses=pauses, paused_ms=paused_ms, state=state, reasons=reasons,
    )

    def change(entry: Entry) -> Entry:
        return (entry.with_ban() if player.banned else entry).with_claim(claim)

    identity = {"board": board, "date": date, "playerId": player.player_id,
                "pseudonym": player.pseudonym}
    claim_put: TransactWriteItemTypeDef = {
        "Put": {
            "TableName": table.name,
            "Item": {
                **claim_key(game_id),
                **identity,
                **claim.to_item(),
                "claimedAt": claimed_at,
                **({"lineMarks": list(line_marks)} if line_marks else {}),
                # Waiting for its analysis: listed, so that a stuck one is found.
                **({"gsi1pk": PENDING_REVIEW_PK, "gsi1sk": f"{claimed_at}#{game_id}"}
                   if state == "provisional" else {}),
            },
            "ConditionExpression": "attribute_not_exists(pk)",
        }
    }
    trailing: list[TransactWriteItemTypeDef] = list(also)
    # The player is active today, and a daily win counts for the streak of its challenge day;
    # a profile being erased (or gone) cancels the claim.
    won_day = date if board == "daily" and date else None
    trailing.append(activity.profile_update(
        table.name, player.player_id, player.pseudonym, won_day=won_day
    ))
    try:
        _, after = update_entry(
            pk=pk, player_id=player.player_id, identity=identity, change=change,
            leading=[claim_put], trailing=trailing,
        )
    except LeadingConditionFailed:
        raise ApiError(
            409, "already-claimed", "This game was already entered in a leaderboard."
        ) from None
    if line_marks:
        write_line_marks(pk, line_marks, game_id, player.player_id, date)
    rank, best = once_published(pk, after, claim)
    return ClaimResult(
        board="daily" if board == "daily" else "free",
        date=date,
        score=score,
        rank=rank if state != "held" else None,
        best=best,
        status=state,
        reasons=list(reasons),
    )


def write_line_marks(pk: str, marks: Sequence[str], game_id: str, player_id: str,
                     date: str | None) -> None:
    """The claim's line marks (``fairplay.lines``), outside the claim's transaction: a
    mark that fails to be written only weakens the near-copy check of later claims."""
    expires = line_mark_expiry(date)
    with db.get_table().batch_writer() as batch:
        for mark in marks:
            batch.put_item(Item={
                **line_mark_key(pk, mark, game_id), "playerId": player_id, "gameId": game_id,
                "expiresAt": expires,
            })
