"""Reading the leaderboards: the public top of a board and a player's rank at a fixed cost.

Kept apart from ``claims`` (the claim, which writes) so that the community function,
which only reads boards, is granted only reads.

Layout (docs/data-model.md). An entry is ``BOARD#daily#<date>`` or ``BOARD#free`` /
``PLAYER#<id>`` with ``gsi1sk = ranking_key(score, at)``; an ascending query on ``gsi1``
lists the best first and, on equal scores, the older first. Beside the entries, a two-level
score histogram counts them, written in the claim's own transaction so it never drifts:

- one *block* item per 100 scores: ``HIST#<board>`` / ``BLOCK#<score // 100, 7 digits>``;
- one *score* item per score: ``HIST#<board>#<block>`` / ``SCORE#<score, 9 digits>``;

each holding ``n``, the number of entries with a score in that block or equal to that score.
Scores run from 0 to about 9 000, so there are at most ~91 block items and 100 score items
per block: "how many entries are ahead" is one query over the blocks above and one over the
scores above within the own block, a few kilobytes each whatever the size of the board. Only
the entries that share the player's score and were achieved earlier are counted on the index
itself (``_older_ties``), which reads just that tie group, not the board.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from boto3.dynamodb.conditions import Attr, Key

from dames_backend import db
from dames_backend.boards.entries import Claim, Entry
from dames_backend.boards.keys import claim_key
from dames_backend.boards.views import (
    ClaimResult,
    LeaderboardEntry,
    MyRankView,
    OwnRank,
    UnderReview,
)
from dames_backend.tables import GSI1_NAME

SCORE_CEILING = 999_999_999
BLOCK_SIZE = 100
LAST_BLOCK = SCORE_CEILING // BLOCK_SIZE
DEFAULT_LIMIT = 100
COUNT_ATTRIBUTE = "n"


def board_pk(board: str, date: str | None) -> str:
    """The partition of a board: ``BOARD#daily#<date>`` or ``BOARD#free``."""
    if board == "daily":
        if not date:
            raise ValueError("a daily board needs a date")
        return f"BOARD#daily#{date}"
    if board == "free":
        return "BOARD#free"
    raise ValueError(f"unknown board {board!r}")


def ranking_key(score: int, achieved_at: str) -> str:
    """The index sort key: best score first (inverted, zero-padded), then the older first."""
    return f"{_score_prefix(score)}{achieved_at}"


def _score_prefix(score: int) -> str:
    return f"{SCORE_CEILING - score:09d}#"


def block_of(score: int) -> int:
    return score // BLOCK_SIZE


def _blocks_pk(pk: str) -> str:
    return "HIST#" + pk.removeprefix("BOARD#")


def _scores_pk(pk: str, block: int) -> str:
    return f"{_blocks_pk(pk)}#{block:07d}"


def block_key(pk: str, score: int) -> dict[str, str]:
    """The histogram item counting the entries of board ``pk`` in ``score``'s block."""
    return {"pk": _blocks_pk(pk), "sk": f"BLOCK#{block_of(score):07d}"}


def score_key(pk: str, score: int) -> dict[str, str]:
    """The histogram item counting the entries of board ``pk`` with exactly ``score``."""
    return {"pk": _scores_pk(pk, block_of(score)), "sk": f"SCORE#{score:09d}"}


def entry_key(pk: str, player_id: str) -> dict[str, str]:
    return {"pk": pk, "sk": f"PLAYER#{player_id}"}


def histogram_items(pk: str, scores: Iterable[int]) -> list[dict[str, Any]]:
    """The histogram items of board ``pk`` holding entries with ``scores`` (one per entry).

    For writing a board in bulk (the benchmark's fill, or a board written before the
    histogram existed) while nothing claims on it; claims keep the counts themselves.
    """
    blocks: Counter[int] = Counter()
    exact: Counter[int] = Counter()
    for score in scores:
        blocks[block_of(score)] += 1
        exact[score] += 1
    items = [
        {**block_key(pk, block * BLOCK_SIZE), COUNT_ATTRIBUTE: count}
        for block, count in sorted(blocks.items())
    ]
    items.extend(
        {**score_key(pk, score), COUNT_ATTRIBUTE: count} for score, count in sorted(exact.items())
    )
    return items


def _sum_counts(pk: str, low_sk: str, high_sk: str) -> int:
    """The sum of ``n`` over the histogram items of ``pk`` with ``low_sk <= sk <= high_sk``.

    Strongly consistent, so a claim's own answer already counts the claim it just wrote.
    """
    table = db.get_table()
    query: dict[str, Any] = {
        "KeyConditionExpression": Key("pk").eq(pk) & Key("sk").between(low_sk, high_sk),
        "ProjectionExpression": COUNT_ATTRIBUTE,
        "ConsistentRead": True,
    }
    total = 0
    while True:
        page = table.query(**query)
        total += sum(db.as_int(item.get(COUNT_ATTRIBUTE, 0)) for item in page.get("Items", []))
        last = page.get("LastEvaluatedKey")
        if not last:
            return total
        query["ExclusiveStartKey"] = last


def _older_ties(pk: str, score: int, achieved_at: str) -> int:
    """Entries with the same score achieved strictly earlier (they rank ahead).

    The key range stops at this entry's own key, so only the older part of the tie group is
    read; the filter drops the entries achieved in the same second (same key, same rank).
    """
    table = db.get_table()
    query: dict[str, Any] = {
        "IndexName": GSI1_NAME,
        "KeyConditionExpression": Key("gsi1pk").eq(pk)
        & Key("gsi1sk").between(_score_prefix(score), ranking_key(score, achieved_at)),
        "FilterExpression": Attr("at").lt(achieved_at),
        "Select": "COUNT",
    }
    older = 0
    while True:
        page = table.query(**query)
        older += page.get("Count", 0)
        last = page.get("LastEvaluatedKey")
        if not last:
            return older
        query["ExclusiveStartKey"] = last


def rank_at(pk: str, score: int, achieved_at: str) -> int:
    """The competition rank of an entry (``score``, ``achieved_at``) on board ``pk``:
    1 + the entries with a higher score + the older entries with the same score."""
    block = block_of(score)
    ahead = 0
    if block < LAST_BLOCK:
        ahead += _sum_counts(
            _blocks_pk(pk), f"BLOCK#{block + 1:07d}", f"BLOCK#{LAST_BLOCK:07d}"
        )
    top_of_block = min(block * BLOCK_SIZE + BLOCK_SIZE - 1, SCORE_CEILING)
    if score < top_of_block:
        ahead += _sum_counts(
            _scores_pk(pk, block), f"SCORE#{score + 1:09d}", f"SCORE#{top_of_block:09d}"
        )
    return 1 + ahead + _older_ties(pk, score, achieved_at)


def top(board: str, date: str | None = None, limit: int = DEFAULT_LIMIT) -> list[LeaderboardEntry]:
    """The best ``limit`` entries of a board, best first, with competition ranks."""
    pk = board_pk(board, date)
    table = db.get_table()
    query: dict[str, Any] = {
        "IndexName": GSI1_NAME,
        "KeyConditionExpression": Key("gsi1pk").eq(pk),
        # An entry written while provisional claims were public stays off until judged.
        "FilterExpression": Attr("status").not_exists() | Attr("status").ne("provisional"),
        "ScanIndexForward": True,
        "Limit": limit,
    }
    items: list[dict[str, Any]] = []
    while len(items) < limit:
        page = table.query(**query)
        items.extend(page.get("Items", []))
        last = page.get("LastEvaluatedKey")
        if not last:
            break
        query["ExclusiveStartKey"] = last
        query["Limit"] = limit - len(items)
    entries: list[LeaderboardEntry] = []
    previous_key: str | None = None
    for position, item in enumerate(items[:limit], start=1):
        sort_key = db.as_str(item["gsi1sk"])
        rank = entries[-1].rank if sort_key == previous_key and entries else position
        previous_key = sort_key
        entries.append(
            LeaderboardEntry(
                rank=rank,
                pseudonym=db.as_str(item["pseudonym"]),
                **Claim.from_item(item, "published").figures(),
                provisional=False,
            )
        )
    return entries


def rank_of(board: str, date: str | None, player_id: str) -> OwnRank | None:
    """A player's public entry on a board and its rank, or None when nothing of theirs is
    public (no claim, or only provisional and held ones)."""
    return my_rank(board, date, player_id).me


def _own(pk: str, claim: Claim | None) -> OwnRank | None:
    if claim is None:
        return None
    return OwnRank(rank=rank_at(pk, claim.score, claim.at), **claim.figures(),
                   provisional=claim.state == "provisional")


def my_rank(board: str, date: str | None, player_id: str) -> MyRankView:
    """A player's own half of a board: the public entry and its rank, the best claim still
    being analysed above it (with the rank it would take), and the best held claim above it
    ("under review", with the reasons)."""
    pk = board_pk(board, date)
    item = db.get_table().get_item(Key=entry_key(pk, player_id), ConsistentRead=True).get("Item")
    if item is None:
        return MyRankView(me=None)
    entry = Entry.from_item(item)
    held = entry.under_review()
    review = None
    if held is not None:
        review = UnderReview(
            score=held.score, seconds=held.seconds, at=held.at, reasons=list(held.reasons)
        )
    return MyRankView(me=_own(pk, entry.shown()), pending=_own(pk, entry.pending()),
                      underReview=review)


def once_published(pk: str, entry: Entry, claim: Claim) -> tuple[int | None, int | None]:
    """Where the player will stand if ``claim`` is published (or stands, if it is): the rank
    and best score of the better of it and the public entry; a held claim leaves the public
    entry's (None, None: nothing public)."""
    shown = entry.shown()
    best = shown
    if claim.state != "held" and (shown is None or claim.sort_key() <= shown.sort_key()):
        best = claim
    if best is None:
        return None, None
    return rank_at(pk, best.score, best.at), best.score


def claim_status(game_id: str) -> ClaimResult | None:
    """A claim as it stands now (what the end screen polls until the verdict): its state,
    reasons, and the rank it gives its player; None when the game was never claimed."""
    table = db.get_table()
    item = table.get_item(Key=claim_key(game_id), ConsistentRead=True).get("Item")
    if item is None:
        return None
    board = db.as_str(item["board"])
    date = db.as_str(item["date"]) if item.get("date") else None
    pk = board_pk(board, date)
    stored = table.get_item(Key=entry_key(pk, db.as_str(item["playerId"])),
                            ConsistentRead=True).get("Item")
    entry = Entry.from_item(stored)
    claim = Claim.from_item(item, "held" if entry.banned else None)
    rank, best = once_published(pk, entry, claim)
    return ClaimResult(
        board="daily" if board == "daily" else "free",
        date=date,
        score=claim.score,
        rank=rank if claim.state != "held" else None,
        best=best,
        status=claim.state,
        reasons=list(claim.reasons),
    )
