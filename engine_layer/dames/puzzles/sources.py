"""The games the generator scans: published games read from PDN files, and self-play.

Each is a ``SourceGame``: a stable key (what the resumable run records as done), the source
facts a puzzle keeps, and the game itself. Only real games are taken from PDN files: a game
set up from a position (``FEN`` tag, as problem collections are) is left out, since it is a
composed study, not a game anyone played.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dames.ai.levels import Level
from dames.board import Board
from dames.move import Move
from dames.pdn.reader import PdnGame, iter_games
from dames.puzzles.engine import SCREEN_LEVEL
from dames.variants import get_variant

# A file's whole reading may take this many steps (the server's budget is for one request;
# a collection of thousands of games needs more).
FILE_STEPS = 50_000_000
_YEAR = re.compile(r"(1[5-9]|20)\d\d")
_UNKNOWN = {"", "?", "-", "??", "????"}


@dataclass(frozen=True)
class SourceGame:
    """A game to scan; ``screen``: the search that screens its positions (``generate``)."""

    key: str
    source: dict[str, Any]
    start: Board
    moves: tuple[Move, ...]
    screen: Level = SCREEN_LEVEL


def _facts(game: PdnGame) -> dict[str, Any]:
    """What a puzzle says of the game it comes from (tags the file leaves unknown dropped)."""
    facts: dict[str, Any] = {"kind": "game"}
    for tag, name in (("Event", "event"), ("White", "white"), ("Black", "black"),
                      ("Site", "site")):
        value = (game.tag(tag) or "").strip()
        if value not in _UNKNOWN:
            facts[name] = value[:80]
    year = _YEAR.search(game.tag("Date") or "")
    if year:
        facts["year"] = int(year.group(0))
    return facts


def pdn_games(path: Path, variant: str) -> Iterator[SourceGame]:
    """The real games of one PDN file that are ``variant`` games (the variant of a game
    without ``GameType``); unreadable games are skipped."""
    name = get_variant(variant).name
    text = path.read_text(encoding="utf-8", errors="replace")
    for game in iter_games(text, default_variant=name, max_steps=FILE_STEPS):
        if not isinstance(game, PdnGame) or game.variant != name or not game.moves:
            continue
        if game.start_fen != Board(None, name).fen():
            continue
        yield SourceGame(f"pdn:{path.name}:{game.index}", _facts(game),
                         Board(game.start_fen, name, "fmjd"), game.moves)
