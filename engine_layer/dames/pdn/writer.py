"""Writing a game as PDN 3.0 text: the seven-tag roster, ``GameType``, ``FEN`` when needed,
the variant's result strings and the shortest unambiguous move notation, lines of 80."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TypedDict, Unpack

from dames.board import Board
from dames.color import Color
from dames.errors import DamesError, MoveError, PdnError
from dames.pdn.tags import game_type_tag, result_text
from dames.variants import get_variant

_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
_ROSTER_DEFAULTS = {
    "Event": "?",
    "Site": "?",
    "Date": "????.??.??",
    "Round": "-",
    "White": "?",
    "Black": "?",
}
_LINE_WIDTH = 80


def _escape(value: str) -> str:
    flat = " ".join(value.split())  # a tag lives on one line
    return flat.replace("\\", "\\\\").replace('"', '\\"')


_ISO_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$")


def _pdn_date(value: str) -> str:
    """PDN dates are ``yyyy.mm.dd``; the server keeps ISO dates, so those are converted."""
    m = _ISO_DATE.match(value.strip())
    if m:
        return f"{m.group(1)}.{m.group(2)}.{m.group(3)}"
    return value


def _wrap(units: list[str]) -> list[str]:
    lines: list[str] = []
    line = ""
    for unit in units:
        if line and len(line) + 1 + len(unit) > _LINE_WIDTH:
            lines.append(line)
            line = unit
        else:
            line = f"{line} {unit}" if line else unit
    if line:
        lines.append(line)
    return lines


class ExportedGame(TypedDict):
    """The game `export_game` writes (its keyword arguments besides ``tags`` and ``comments``;
    `dames.pdn_comments.export_analysed_game` takes the same)."""

    variant: str
    start_fen: str | None
    moves: Sequence[str]
    winner: Color | None
    finished: bool


def export_game(
    *, tags: Mapping[str, str], comments: Sequence[str | None] = (), **game: Unpack[ExportedGame]
) -> str:
    """One game as standard PDN text (ending with a newline).

    ``comments[ply]``, when given and not empty, is written as ``{comment}`` after that move
    (``dames.pdn_comments`` makes them from an analysis).

    ``moves`` are the full paths the server stores (``str(Move)``); each is replayed, so the
    movetext uses the shortest notation that is unambiguous in its position. ``tags`` fill or
    override the roster (``Result``, ``GameType`` and ``FEN`` are always computed) and any
    other tag is written after them, in the order given.
    """
    v = get_variant(game["variant"])
    try:
        board = Board(game["start_fen"], v.name)
    except DamesError as exc:
        raise PdnError(f"cannot export the game: bad start position: {exc}") from None
    from_start = board.fen() == Board(None, v.name).fen()

    values: dict[str, str] = dict(_ROSTER_DEFAULTS)
    computed = {"result", "gametype", "fen"}
    extra: list[tuple[str, str]] = []
    for name, value in tags.items():
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", name):
            raise PdnError(f"cannot export the game: {name!r} is not a PDN tag name")
        if name.lower() in computed:
            continue
        roster = next((r for r in _ROSTER if r.lower() == name.lower()), None)
        if roster is not None:
            values[roster] = _pdn_date(value) if roster == "Date" else value
        else:
            extra.append((name, value))
    result = result_text(v.name, game["winner"], game["finished"])
    values["Result"] = result

    header = [f'[{name} "{_escape(values[name])}"]' for name in _ROSTER]
    header.append(f'[GameType "{game_type_tag(v.name)}"]')
    if not from_start:
        header.append(f'[FEN "{board.fen()}"]')
    header.extend(f'[{name} "{_escape(value)}"]' for name, value in extra)

    units: list[str] = []
    number = 1
    for ply, text in enumerate(game["moves"]):
        try:
            move = board.parse_move(text)
            written = board.notation(move)
        except MoveError as exc:
            raise PdnError(f"cannot export the game: move {ply + 1} ({text!r}): {exc}") from None
        if board.turn == v.first_to_move:
            units.append(f"{number}. {written}")
        elif ply == 0:
            units.append(f"{number}... {written}")
        else:
            units.append(written)
        board.push(move)
        comment = comments[ply] if ply < len(comments) else None
        if comment:
            units.append("{ " + comment.replace("}", ")") + " }")
        if board.turn == v.first_to_move:
            number += 1
    units.append(result)
    return "\n".join([*header, "", *_wrap(units), ""])
