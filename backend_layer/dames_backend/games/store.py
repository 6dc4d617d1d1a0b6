"""Games in DynamoDB: one item per game (``pk = GAME#<id>``, ``sk = GAME``).

The item holds what is needed to rebuild the game by replaying it — ``startFen`` (left out
when it is the variant's usual start: its 120 bytes would push a long game's item past the
1 KB of one write unit), the moves as full paths (packed, ``packedMoves``: see
``move_codec``; items written before hold a list ``moves`` of texts, still read), variant,
level, seed — plus status, clock, ``version`` and, for idempotent retries, the last move
request with the exact response it got. Every write after the first is a whole-item put
conditional on the version that was read (optimistic locking): a writer that lost the race
gets ``StaleGameError`` and nothing is overwritten.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from decimal import Decimal
from functools import cache
from typing import TYPE_CHECKING, Any

import dames
from botocore.exceptions import ClientError
from dames import draws

from dames_backend import db
from dames_backend.clock import GameClock
from dames_backend.games.enums import GameMode, GameStatus, Side, Termination, termination_of
from dames_backend.games.move_codec import pack_moves, unpack_moves
from dames_backend.games.varints import pack_varints, unpack_varints

if TYPE_CHECKING:  # the boto3 stubs are in requirements-dev.txt only, for mypy
    from types_boto3_dynamodb.type_defs import TransactWriteItemTypeDef

GAME_SK = "GAME"
PACKED_MOVES = "packedMoves"


class StaleGameError(Exception):
    """The game changed (or was created) since it was read: the write did not happen."""


def game_key(game_id: str) -> dict[str, str]:
    """The primary key of a game item."""
    return {"pk": f"GAME#{game_id}", "sk": GAME_SK}


def archive_partition(player_id: str) -> str:
    """The index partition (``gsi1pk``) that lists a player's finished games (``archive``)."""
    return f"ARCHIVE#{player_id}"


def archive_index_keys(record: GameRecord) -> dict[str, str]:
    """A finished game its owner started is listed on the index under the owner, newest
    last by its end (``gsi1sk`` = finishedAt then id, so two ends in one millisecond keep an
    order); nothing for a game playing or started without a pseudonym."""
    if record.owner_id is None or record.finished_at is None:
        return {}
    return {
        "gsi1pk": archive_partition(record.owner_id),
        "gsi1sk": f"{record.finished_at}#{record.id}",
    }


@dataclass(frozen=True)
class LastRequest:
    """The last accepted move request: a request repeating it is a retry, answered with the
    game as it stands (items written before carried the answer's text too; it is ignored)."""

    ply: int
    move: str


@dataclass(frozen=True)
class GameRecord:
    """A stored game. ``moves`` are full paths (``str(Move)``), replayed from ``start_fen``."""

    id: str
    token_hash: str
    mode: GameMode
    variant: str
    level: str
    seed: str
    date: str | None
    start_fen: str
    player_color: Side
    created_at: str
    moves: tuple[str, ...] = ()
    status: GameStatus = GameStatus.PLAYING
    reason: Termination | None = None
    clock: GameClock = field(default_factory=GameClock)
    ai_version: str | None = None
    # The computer was updated while the game went on: its replies are no longer all from
    # ``ai_version``, so no one can check the game, and it does not count.
    ai_changed: bool = False
    version: int = 1
    expires_at: int | None = None
    finished_at: str | None = None
    score: dict[str, int] | None = None
    claimed: bool = False
    assisted: bool = False
    # Set up from a position the player gave (an imported game, a pasted FEN): never ranked,
    # even when that position is the start.
    from_position: bool = False
    draw_rules: str = draws.DAILY
    # The player whose browser started the game, when it had a pseudonym: only they may claim
    # it. None: started without one, so its first claim decides.
    owner_id: str | None = None
    last_request: LastRequest | None = None
    # Set while the computer computes its reply to the stored player's move (epoch ms of the
    # mark): a read in the meantime shows that move and "the computer is thinking", and a
    # mark left by a request that died is taken over (``games.reply``).
    thinking_since_ms: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        """The state fields are the enums whoever builds the record: a stored item's strings,
        or code (tests, older callers) that still passes ``"won"`` or ``"white"``."""
        set_field = object.__setattr__  # the record is frozen
        set_field(self, "mode", GameMode(self.mode))
        set_field(self, "status", GameStatus(self.status))
        set_field(self, "player_color", Side(self.player_color))
        if self.reason is not None:
            set_field(self, "reason", termination_of(self.reason))

    def evolve(self, **changes: Any) -> GameRecord:
        """A copy with ``changes`` applied (records are immutable)."""
        return replace(self, **changes)

    def to_item(self) -> dict[str, Any]:
        """The DynamoDB item (absent optional values are left out, not stored as null)."""
        item: dict[str, Any] = {
            **game_key(self.id),
            "id": self.id,
            "tokenHash": self.token_hash,
            "mode": self.mode.value,
            "variant": self.variant,
            "level": self.level,
            "seed": self.seed,
            "playerColor": self.player_color.value,
            "createdAt": self.created_at,
            PACKED_MOVES: pack_moves(self.moves),
            "status": self.status.value,
            "clock": _clock_item(self.clock),
            "version": self.version,
            "claimed": self.claimed,
            "assisted": self.assisted,
            "fromPosition": self.from_position,
            "aiChanged": self.ai_changed,
            "drawRules": self.draw_rules,
        }
        optional = {
            "startFen": None if self.start_fen == usual_start(self.variant) else self.start_fen,
            "date": self.date,
            "reason": None if self.reason is None else self.reason.value,
            "expiresAt": self.expires_at,
            "finishedAt": self.finished_at,
            "score": self.score,
            "aiVersion": self.ai_version,
            "ownerId": self.owner_id,
            "thinkingSinceMs": self.thinking_since_ms,
            # The player the game belongs to, for the byPlayer index (export, erasure).
            "playerId": self.owner_id,
        }
        item.update({k: v for k, v in optional.items() if v is not None})
        item.update(archive_index_keys(self))
        if self.last_request is not None:
            item["lastRequest"] = {"ply": self.last_request.ply, "move": self.last_request.move}
        item.update(self.extra)
        return item

    @classmethod
    def from_item(cls, item: dict[str, Any]) -> GameRecord:
        """Rebuild a record from a DynamoDB item (numbers arrive as ``Decimal``)."""
        last = item.get("lastRequest")
        known = {
            "pk", "sk", "id", "tokenHash", "mode", "variant", "level", "seed", "date",
            "startFen", "playerColor", "createdAt", "moves", PACKED_MOVES, "status", "reason",
            "clock", "version", "expiresAt", "finishedAt", "score", "claimed", "lastRequest",
            "aiVersion", "aiChanged", "assisted", "fromPosition", "drawRules", "ownerId",
            "thinkingSinceMs", "gsi1pk", "gsi1sk",
        }
        return cls(
            id=str(item["id"]),
            token_hash=str(item["tokenHash"]),
            mode=GameMode(str(item["mode"])),
            variant=str(item["variant"]),
            level=str(item["level"]),
            seed=str(item["seed"]),
            date=item.get("date"),
            start_fen=str(item.get("startFen") or usual_start(str(item["variant"]))),
            player_color=Side(str(item["playerColor"])),
            created_at=str(item["createdAt"]),
            moves=_moves_from_item(item),
            status=GameStatus(str(item.get("status", GameStatus.PLAYING.value))),
            reason=termination_of(str(item["reason"])) if item.get("reason") else None,
            clock=_clock_from_item(item.get("clock") or {}),
            ai_version=item.get("aiVersion"),
            ai_changed=bool(item.get("aiChanged", False)),
            version=int(item.get("version", 1)),
            expires_at=_opt_int(item.get("expiresAt")),
            finished_at=item.get("finishedAt"),
            score={k: int(v) for k, v in item["score"].items()} if item.get("score") else None,
            claimed=bool(item.get("claimed", False)),
            assisted=bool(item.get("assisted", False)),
            from_position=bool(item.get("fromPosition", False)),
            # Games stored before free play followed the federations' rules had the daily's.
            draw_rules=draws.canonical_rules(str(item.get("drawRules", draws.DAILY))),
            owner_id=item.get("ownerId"),
            last_request=(
                LastRequest(int(last["ply"]), str(last["move"]))
                if last
                else None
            ),
            thinking_since_ms=_opt_int(item.get("thinkingSinceMs")),
            extra={k: v for k, v in item.items() if k not in known},
        )


@cache
def usual_start(variant: str) -> str:
    """The variant's starting position as the games' FENs write it (``Board.fen()``)."""
    return dames.Board(None, variant=variant).fen()


def _moves_from_item(item: dict[str, Any]) -> tuple[str, ...]:
    """The packed moves, or the list of texts of an item written before they were packed."""
    packed = item.get(PACKED_MOVES)
    if packed is not None:
        return unpack_moves(bytes(packed))  # boto3 reads a binary attribute as ``Binary``
    return tuple(str(m) for m in item.get("moves") or ())


# The clock's attributes in the item and the ``GameClock`` fields they hold: whole numbers,
# and the per-move times, packed (`varints`: about 3 bytes a move for the two; items written
# before hold them as one comma-separated string each, still read).
_CLOCK_NUMBERS = {
    "elapsedMs": "elapsed_ms",
    "lastAnswerMs": "turn_started_ms",
    "turnPausedMs": "turn_paused_ms",
    "pauses": "pauses",
    "pausedMs": "paused_ms",
}
_CLOCK_MOVE_TIMES = {"moveMs": "move_ms", "movePausedMs": "move_paused_ms"}


def _clock_item(clock: GameClock) -> dict[str, Any]:
    item: dict[str, Any] = {
        attribute: getattr(clock, name) for attribute, name in _CLOCK_NUMBERS.items()
    }
    if clock.paused_since_ms is not None:
        item["pausedSinceMs"] = clock.paused_since_ms
    if clock.move_ms:
        for attribute, name in _CLOCK_MOVE_TIMES.items():
            item[attribute] = pack_varints(getattr(clock, name))
    return item


def _times_from_item(value: Any) -> tuple[int, ...]:
    """The packed times (boto3 reads a binary attribute as ``Binary``), the comma-separated
    string of items written before, or none at all (absent: items older still)."""
    if isinstance(value, str):
        return tuple(int(part) for part in value.split(",")) if value else ()
    return unpack_varints(bytes(value)) if value is not None else ()


def _clock_from_item(item: dict[str, Any]) -> GameClock:
    """Items written before the server kept pauses have only the first two fields."""
    fields: dict[str, Any] = {
        name: int(item.get(attribute, 0)) for attribute, name in _CLOCK_NUMBERS.items()
    }
    fields.update(
        (name, _times_from_item(item.get(attribute)))
        for attribute, name in _CLOCK_MOVE_TIMES.items()
    )
    return GameClock(paused_since_ms=_opt_int(item.get("pausedSinceMs")), **fields)


def _opt_int(value: Any) -> int | None:
    if value is None:
        return None
    if isinstance(value, Decimal | int | float):
        return int(value)
    return None


def load_game(game_id: str) -> GameRecord | None:
    """The stored game, read strongly consistent (so a write just made is seen), or None."""
    response = db.get_table().get_item(Key=game_key(game_id), ConsistentRead=True)
    item = response.get("Item")
    return GameRecord.from_item(item) if item else None


def insert_game(record: GameRecord) -> None:
    """Store a new game; refuses to overwrite an existing id (``StaleGameError``)."""
    try:
        db.get_table().put_item(
            Item=record.to_item(), ConditionExpression="attribute_not_exists(pk)"
        )
    except ClientError as exc:
        if db.is_conditional_failure(exc):
            raise StaleGameError(record.id) from exc
        raise


def save_game(record: GameRecord, read_version: int) -> GameRecord:
    """Replace the game with ``record`` if it is still at ``read_version``.

    The stored record gets ``read_version + 1``; returns it. Raises ``StaleGameError`` when
    another request wrote first (the caller re-reads and decides: retry answer or 409).
    """
    stored = record.evolve(version=read_version + 1)
    try:
        db.get_table().put_item(
            Item=stored.to_item(),
            ConditionExpression="attribute_exists(pk) AND version = :v",
            ExpressionAttributeValues={":v": read_version},
        )
    except ClientError as exc:
        if db.is_conditional_failure(exc):
            raise StaleGameError(record.id) from exc
        raise
    return stored


def claimed_write(table_name: str, game_id: str, player_id: str | None) -> TransactWriteItemTypeDef:
    """The game's ``claimed`` flag as one item of the claim's transaction, so a claim on a
    board never leaves its game with an expiry (a claimed game is kept as long as its board,
    ``retention.Retention.ON_BOARD``)."""
    update, values = _claimed_change(player_id)
    return {"Update": {
        "TableName": table_name,
        "Key": game_key(game_id),
        "UpdateExpression": update,
        "ConditionExpression": "attribute_exists(pk)",
        "ExpressionAttributeValues": values,
    }}


def mark_claimed(game_id: str, player_id: str | None) -> None:
    """Flag a won game as claimed on its own: the repair of a game claimed before the flag
    joined the claim's transaction (``claimed_write``)."""
    update, values = _claimed_change(player_id)
    db.get_table().update_item(
        Key=game_key(game_id),
        UpdateExpression=update,
        ConditionExpression="attribute_exists(pk)",
        ExpressionAttributeValues=values,
    )


def _claimed_change(player_id: str | None) -> tuple[str, dict[str, Any]]:
    """Only ``claimed`` (and ``claimedBy`` when known) change, and the expiry goes;
    ``version`` is bumped so a concurrent read-modify-write of the game cannot undo either."""
    values: dict[str, Any] = {":t": True, ":one": 1}
    update = "SET claimed = :t"
    if player_id is not None:
        # The claimer's game from now on (the byPlayer index), when nobody owned it yet.
        update += ", claimedBy = :p, playerId = if_not_exists(playerId, :p)"
        values[":p"] = player_id
    return f"{update} REMOVE expiresAt ADD version :one", values
