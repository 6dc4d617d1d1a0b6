"""The tags of a PDN game: ``GameType`` and ``Result`` read and written, names, files' FENs.

Tag names are matched ignoring case, as files write them in any case.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from dames.board import Board
from dames.color import BLACK, WHITE, Color
from dames.errors import PdnError
from dames.variants import VARIANTS, get_variant

# PDN 3.0 game-type numbers of the variants the engine plays (each Variant's game_type).
GAME_TYPES: dict[int, str] = {v.game_type: v.name for v in VARIANTS.values()}

# Other numbers of the standard's table, so an unsupported file gets a message a player reads.
_OTHER_GAME_TYPES = {
    0: "chess",
    1: "Chinese chess",
    23: "American pool checkers",
    24: "Spanish draughts",
    25: "Russian draughts",
    27: "Canadian draughts",
    28: "Portuguese draughts",
    29: "Czech draughts",
    30: "Turkish draughts",
    31: "Thai draughts",
    40: "Frisian draughts",
    41: "Spantsiretti draughts",
    50: "Othello",
}

# What each result string means when reading: (finished, winner); 0-0 is a double forfeit.
RESULT_MEANING: dict[str, tuple[bool, Color | None]] = {
    "2-0": (True, WHITE),
    "1-0": (True, WHITE),
    "0-2": (True, BLACK),
    "0-1": (True, BLACK),
    "1-1": (True, None),
    "1/2-1/2": (True, None),
    "½-½": (True, None),
    "0-0": (True, None),
    "*": (False, None),
}


# No square or move number of a real file has more digits; a longer one is read as this
# impossible number (Python's int() refuses strings past 4 300 digits with a ValueError).
_MAX_DIGITS = 6
_TOO_BIG = 10**_MAX_DIGITS


def read_number(digits: str) -> int:
    """A number written in the file; an absurdly long one becomes ``_TOO_BIG`` (no square)."""
    return int(digits) if len(digits) <= _MAX_DIGITS else _TOO_BIG


def result_text(variant: str, winner: Color | None, finished: bool) -> str:
    """The PDN result of a game: ``*`` while it goes on, else the variant's own scoring."""
    v = get_variant(variant)
    if not finished:
        return "*"
    white_wins, black_wins, draw = v.pdn_results
    return white_wins if winner == WHITE else black_wins if winner == BLACK else draw


def game_type_tag(variant: str) -> str:
    """The ``GameType`` tag value written for a variant."""
    return get_variant(variant).game_type_tag


def tag_value(tags: Mapping[str, str], name: str) -> str | None:
    for key, value in tags.items():
        if key.lower() == name.lower():
            return value
    return None


def game_name(index: int, tags: Mapping[str, str]) -> str:
    parts = []
    for name in ("Event", "White", "Black"):
        value = tag_value(tags, name)
        if value and value.strip() not in ("", "?"):
            parts.append(f"{name} {value.strip()!r}")
    return f"game {index}" + (f" ({', '.join(parts)})" if parts else "")


def variant_of(tags: Mapping[str, str], default: str) -> str:
    raw = tag_value(tags, "GameType")
    if raw is None or not raw.strip():
        return default
    m = re.match(r"\s*(\d+)", raw)
    if m is None:
        raise ValueError(f"cannot read [GameType {raw!r}]: it must start with a number")
    number = read_number(m.group(1))
    if number in GAME_TYPES:
        return GAME_TYPES[number]
    known = ", ".join(f"{n} ({name})" for n, name in GAME_TYPES.items())
    what = _OTHER_GAME_TYPES.get(number)
    label = f"{number} ({what})" if what else str(number)
    raise ValueError(f"GameType {label} is not a game this site plays; supported: {known}")


# Counters lidraughts appends: half-move clock, full-move number, Frisian king-move counts.
_FEN_COUNTERS = re.compile(r"(:[HF]\d*|:\+\d*\+\d*)+$", re.IGNORECASE)
_ALPHA_SQUARE = re.compile(r"(?<=[,WBKwbk])([a-j])(1[0-2]|[1-9])(?![0-9])")


def clean_fen(text: str, variant: str) -> str:
    """A FEN as files write it, made canonical for ``Board``.

    Accepts lidraughts' counters (``:H0:F1``) and algebraic squares (``Wa1,c1``, its export
    of the 8×8 games), a trailing dot, and ``?`` for the side to move (problem collections
    use it when it does not matter; the variant's first mover is taken).
    """
    v = get_variant(variant)
    body = "".join(text.split()).strip('"')
    body = body.removesuffix(".")
    body = _FEN_COUNTERS.sub("", body)
    if body.startswith("?"):
        body = v.first_to_move.letter + body[1:]
    turn, _, pieces = body.partition(":")
    if _ALPHA_SQUARE.search(pieces):
        g = v.geometry

        def number(m: re.Match[str]) -> str:
            square = g.square_at.get((g.size - int(m.group(2)), ord(m.group(1).lower()) - 97))
            if square is None:
                raise PdnError(f"{m.group()} is not a playing square of the {v.name} board")
            return str(square)

        body = f"{turn}:{_ALPHA_SQUARE.sub(number, pieces)}"
    return Board(body, v.name).fen()
