"""A player's data as they can take it away: every item the table holds about them.

``GET /api/players/me/data`` answers one page of one JSON document: the first page has the
profile's derived facts (streak, the counters keyed by the player), and every page has up to
``index.PAGE_ITEMS`` of the player's items sorted into sections (profile, pseudonyms,
transfer code, board entries, claims with their fair-play state, reasons and signals, games
with their moves, clocks and analyses, the fair-play reports they made, their claims' line
marks), with ``next`` naming the following page. The page
follows ``next`` and saves the pages as one file (``frontend/js/my-data.js``). Each page costs
one index query, one batch read and one query per game listed, whatever the player holds;
pages are counted per player and day (``EXPORT_PAGES_PER_PLAYER``), a bound far above a
whole export (a player with 5 000 games and as many claims is about 200 pages).

What it leaves out, and why: the hashes of the player's token and of a transfer code (a
credential's fingerprint, not information about the person; kept only to check a token), and
a game's seed until it is public (``games.pdn_export.seed_is_public``: a daily game's after
its day's close, another game's once it is over). The seed decides every reply of the
computer, so an open day's seed in a download would let anyone play the day's challenge
knowing each answer in advance; nothing else.
"""

from __future__ import annotations

import base64
import contextlib
import dataclasses
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, Field

from dames_backend import clock, db
from dames_backend.limits import clients as client_limits
from dames_backend.players import index
from dames_backend.players.accounts import Player
from dames_backend.players.streaks import StreakView, streak_of

EXPORT_PAGES_PER_PLAYER = client_limits.Limit(
    "data-pages-player", 1_000, client_limits.DAY_SECONDS, "DAMES_LIMIT_DATA_PAGES_PER_DAY",
    "This player's data was downloaded too many times today.",
)
_CREDENTIALS = frozenset({"tokenHash", "codeHash"})
_SECTIONS = (
    ("PLAYER#", "profile"), ("PSEUDO#", "pseudonyms"), ("TRANSFER#", "transferCodes"),
    ("BOARD#", "entries"), ("CLAIM#", "claims"), ("GAME#", "games"),
    ("REPORT#", "reports"), ("LINE#", "lineMarks"),
)
Item = dict[str, Any]


class StoredGame(Protocol):
    """What the export reads of a game item once the games package decoded it (the moves
    and the clock are stored packed: ``games.store``)."""

    @property
    def moves(self) -> Sequence[str]: ...

    @property
    def clock(self) -> Any: ...  # a dataclass (``clock.GameClock``)


Game = TypeVar("Game", bound=StoredGame)


class DataPage(BaseModel):
    """One page of a player's data (``next`` is null on the last)."""

    playerId: str
    generatedAt: str
    streak: StreakView | None = Field(
        None, description="On the first page: the daily streak the server counts."
    )
    counters: list[Item] = Field(
        default_factory=list,
        description="On the first page: the limit counters keyed by this player (a keyed "
        "hash of the id), open now.",
    )
    profile: list[Item] = Field(default_factory=list)
    pseudonyms: list[Item] = Field(default_factory=list)
    transferCodes: list[Item] = Field(default_factory=list)
    entries: list[Item] = Field(default_factory=list, description="Board entries.")
    claims: list[Item] = Field(
        default_factory=list, description="Claims with their fair-play state and signals."
    )
    games: list[Item] = Field(
        default_factory=list,
        description="Games started or claimed, with moves, clock and analysis (`parts`).",
    )
    reports: list[Item] = Field(
        default_factory=list, description="Fair-play reports this player made of others' entries."
    )
    lineMarks: list[Item] = Field(
        default_factory=list,
        description="The line marks of this player's claims (positions their lines went "
        "through, for the near-copy check).",
    )
    other: list[Item] = Field(default_factory=list)
    next: str | None = Field(description="The cursor of the next page, or null.")


def plain(value: Any) -> Any:
    """A DynamoDB value as JSON: numbers, sets as sorted lists, bytes as base64."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, dict):
        return {name: plain(inner) for name, inner in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted(plain(inner) for inner in value)
    if isinstance(value, (list, tuple)):
        return [plain(inner) for inner in value]
    if isinstance(value, (bytes, bytearray)) or type(value).__name__ == "Binary":
        return base64.b64encode(bytes(value)).decode()
    return value


def _shown(item: Item) -> Item:
    return {name: plain(value) for name, value in item.items() if name not in _CREDENTIALS}


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(word.capitalize() for word in rest)


def _game(item: Item, read_game: Callable[[Item], Game],
          seed_public: Callable[[Game], bool]) -> Item:
    """A game with its moves in notation, its clock (every move's time and pause) in plain
    numbers, and every other item of its partition (its analysis); its seed only once it is
    public (the module's docstring)."""
    shown = _shown(item)
    seed = shown.pop("seed", None)
    # An item of an older shape keeps its stored attributes as they are (but its seed, which
    # cannot be told public without reading the game).
    with contextlib.suppress(KeyError, ValueError, TypeError):
        game = read_game(item)
        if seed is not None and seed_public(game):
            shown["seed"] = seed
        shown["moves"] = list(game.moves)
        shown["clock"] = {
            _camel(name): plain(value) for name, value in dataclasses.asdict(game.clock).items()
        }
    parts = index.game_items(db.as_str(item["pk"]))
    shown["parts"] = [_shown(part) for part in parts if part["sk"] != item["sk"]]
    return shown


def _counters(player: Player) -> list[Item]:
    """The open counters keyed by the player, every limit's in one batch read."""
    now_s = clock.now_ms() // 1000
    limit_of: dict[tuple[str, str], str] = {}
    for limit in (client_limits.CLAIMS_PER_PLAYER, client_limits.REPORTS_PER_PLAYER,
                  EXPORT_PAGES_PER_PLAYER):
        for key in client_limits.counter_keys_of(
            limit, lambda at: client_limits.player_key(player.player_id, at_s=at), now_s
        ):
            limit_of[(key["pk"], key["sk"])] = limit.name
    keys = [{"pk": pk, "sk": sk} for pk, sk in limit_of]
    return [
        {"limit": limit_of[(db.as_str(item["pk"]), db.as_str(item["sk"]))], **_shown(item)}
        for item in index.fetch(keys)
    ]


def data_page(player: Player, cursor: str | None, open_day: str,
              read_game: Callable[[Item], Game], seed_public: Callable[[Game], bool],
              ) -> DataPage:
    """One page of ``player``'s data (see the module's docstring); ``read_game`` decodes a
    game item and ``seed_public`` says whether its seed may be shown (the games package's
    codec and rule: players do not import games)."""
    after = index.decode_cursor(cursor)
    client_limits.charge(EXPORT_PAGES_PER_PLAYER, client_limits.player_key(player.player_id))
    page = index.list_page(player.player_id, after=after)
    sections: dict[str, list[Item]] = {name: [] for _, name in _SECTIONS}
    sections["other"] = []
    for item in sorted(index.fetch(list(page.keys)), key=lambda i: (i["pk"], i["sk"])):
        pk = db.as_str(item["pk"])
        name = next((section for prefix, section in _SECTIONS if pk.startswith(prefix)), "other")
        sections[name].append(
            _game(item, read_game, seed_public) if name == "games" else _shown(item))
    first = after is None
    return DataPage(
        playerId=player.player_id,
        generatedAt=clock.iso_now(),
        streak=streak_of(player.won_days, open_day) if first else None,
        counters=_counters(player) if first else [],
        next=index.encode_cursor(page.after),
        **sections,
    )
