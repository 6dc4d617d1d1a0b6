"""PDN (Portable Draughts Notation): writing our games, reading the games people publish.

The writer follows PDN 3.0 (pdn.fmjd.org): the seven-tag roster, ``GameType``, ``FEN`` only for
a game that did not start from the initial position, each variant's own result strings
(international draughts scores a win 2-0 and a draw 1-1; the 8×8 games use the chess-like 1-0
and 1/2-1/2) and the shortest unambiguous move notation.

The reader is lenient because real files are: tournament bulletins, old databases and web
exports break the standard in many small ways (comments, nested variations, move numbers glued
to moves, ``-`` written for a capture, spaces inside moves, a missing result, short captures
that only the next moves explain). Every move is still checked against the rules; what cannot
be read raises ``PdnError`` naming the game, the move and the problem.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise

from dames.board import Board
from dames.color import BLACK, WHITE, Color
from dames.errors import AmbiguousMoveError, DamesError, MoveError
from dames.move import Move
from dames.variants import get_variant

__all__ = [
    "GAME_TYPES",
    "PdnError",
    "PdnGame",
    "PdnUnreadGame",
    "export_game",
    "game_type_tag",
    "iter_games",
    "read_games",
    "read_position",
    "result_text",
]

# PDN 3.0 game-type numbers of the variants the engine plays (pdn.fmjd.org, "GameType tag").
GAME_TYPES: dict[int, str] = {20: "international", 21: "english", 22: "italian", 26: "brazilian"}

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

# The standard's short form implies its default notation for 20, 21 and 22, which is ours.
# Brazilian defaults to algebraic notation (A0); we write the 1-32 numbering, as on 10×10
# (square 1 top left from White's side, numbered along the rows), so the tag says so.
_GAME_TYPE_TAGS = {
    "international": "20",
    "english": "21",
    "italian": "22",
    "brazilian": "26,W,8,8,N2,0",
}

# "International" result type for 10×10, "Default" (chess-like) for the 8×8 games.
_RESULTS_INTERNATIONAL = {WHITE: "2-0", BLACK: "0-2", None: "1-1"}
_RESULTS_DEFAULT = {WHITE: "1-0", BLACK: "0-1", None: "1/2-1/2"}

# What each result string means when reading: (finished, winner); 0-0 is a double forfeit.
_RESULT_MEANING: dict[str, tuple[bool, Color | None]] = {
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

# How many positions the reader may try while settling ambiguous short captures; a real game
# needs a handful, so this only stops a crafted file from making the reader search for ever.
_SEARCH_BUDGET = 20_000
# And for a whole file: one step per move read, or tried while settling. Legal files of a few
# hundred games take tens of thousands; this caps a crafted one at a couple of seconds.
FILE_STEP_BUDGET = 100_000


class PdnError(DamesError):
    """PDN that cannot be read (or a game that cannot be written); the message is for players.

    ``game`` is the 1-based index of the game in the file (0 when the problem is not in one
    game), ``move_number`` the move number where reading stopped, when there is one.
    """

    def __init__(self, message: str, *, game: int = 0, move_number: int | None = None) -> None:
        super().__init__(message)
        self.game = game
        self.move_number = move_number


# --------------------------------------------------------------------------------------------
# Writing


def result_text(variant: str, winner: Color | None, finished: bool) -> str:
    """The PDN result of a game: ``*`` while it goes on, else the variant's own scoring."""
    v = get_variant(variant)
    if not finished:
        return "*"
    table = _RESULTS_INTERNATIONAL if v.name == "international" else _RESULTS_DEFAULT
    return table[winner]


def game_type_tag(variant: str) -> str:
    """The ``GameType`` tag value written for a variant."""
    return _GAME_TYPE_TAGS[get_variant(variant).name]


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


def export_game(
    *,
    variant: str,
    start_fen: str | None,
    moves: Sequence[str],
    winner: Color | None,
    finished: bool,
    tags: Mapping[str, str],
    comments: Sequence[str | None] = (),
) -> str:
    """One game as standard PDN text (ending with a newline).

    ``comments[ply]``, when given and not empty, is written as ``{comment}`` after that move
    (``dames.pdn_comments`` makes them from an analysis).

    ``moves`` are the full paths the server stores (``str(Move)``); each is replayed, so the
    movetext uses the shortest notation that is unambiguous in its position. ``tags`` fill or
    override the roster (``Result``, ``GameType`` and ``FEN`` are always computed) and any
    other tag is written after them, in the order given.
    """
    v = get_variant(variant)
    try:
        board = Board(start_fen, v.name)
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
    result = result_text(v.name, winner, finished)
    values["Result"] = result

    header = [f'[{name} "{_escape(values[name])}"]' for name in _ROSTER]
    header.append(f'[GameType "{game_type_tag(v.name)}"]')
    if not from_start:
        header.append(f'[FEN "{board.fen()}"]')
    header.extend(f'[{name} "{_escape(value)}"]' for name, value in extra)

    units: list[str] = []
    number = 1
    for ply, text in enumerate(moves):
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


# --------------------------------------------------------------------------------------------
# Reading: tokens


@dataclass(frozen=True)
class _Token:
    kind: str  # tag, comment, open, close, nag, result, number, move, square, sep, unknown
    text: str
    line: int
    value: str = ""  # tag value; for "tag", text is the name


_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\\n]|\\.)*)"\s*\]')
# A tag whose value holds bare quotes (``[Event "The "Big" match"]``): the rest of the line.
_LOOSE_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"(.*)"\s*\][ \t]*(?=\n|$)')
_SCANNER = re.compile(
    r"""
    (?P<space>[ \t\r\n\f\v\u00a0]+)
  | (?P<result>1/2-1/2|½-½|\*)
  | (?P<number>\d+\.(?:\.\.)?)  # move number: 12. or 12...
  | (?P<ellipsis>\.\.\.|…)
  | (?P<alpha>[a-j](?:1[0-2]|[1-9])(?:(?:\s*[-x:×]\s*)?[a-j](?:1[0-2]|[1-9]))+)(?![0-9a-z])
  | (?P<square>\d+)
  | (?P<sep>[-x:×])
  | (?P<strength>\([!?]+\)|[!?]+)
  | (?P<nag>\$\d+)
  | (?P<open>\()
  | (?P<close>\))
    """,
    re.VERBOSE,
)


def _comment_end(text: str, start: int) -> int:
    """Index just past the ``}`` closing the comment opened at ``start`` (nesting allowed)."""
    depth = 0
    for i in range(start, len(text)):
        ch = text[i]
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return i + 1
    return -1


def _tokens(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    pos = 0
    line = 1
    at_line_start = True
    n = len(text)
    while pos < n:
        ch = text[pos]
        if ch == "%" and at_line_start:
            end = text.find("\n", pos)
            pos = n if end < 0 else end
            continue
        if ch == "{":
            end = _comment_end(text, pos)
            if end < 0:  # reported in the game where it opens
                tokens.append(_Token("unknown", "a comment '{' that is never closed", line))
                break
            tokens.append(_Token("comment", text[pos:end], line))
            line += text.count("\n", pos, end)
            pos = end
            at_line_start = False
            continue
        if ch == "[":
            m = _TAG.match(text, pos) or _LOOSE_TAG.match(text, pos)
            if m is None:
                end = text.find("\n", pos)
                bad = text[pos : n if end < 0 else end].strip()
                tokens.append(_Token("unknown", bad, line))
                pos = n if end < 0 else end
                continue
            value = re.sub(r"\\(.)", r"\1", m.group(2))
            tokens.append(_Token("tag", m.group(1), line, value))
            pos = m.end()
            at_line_start = False
            continue
        m = _SCANNER.match(text, pos)
        if m is None:
            end = pos + 1
            while end < n and not text[end].isspace() and text[end] not in "{}()[]":
                end += 1
            tokens.append(_Token("unknown", text[pos:end], line))
            pos = end
            at_line_start = False
            continue
        kind = m.lastgroup or "unknown"
        piece = m.group()
        if kind == "space":
            newlines = piece.count("\n")
            line += newlines
            if newlines:
                at_line_start = True
        else:
            at_line_start = False
            if kind == "alpha":
                tokens.append(_Token("move", "".join(piece.split()), line))
            elif kind not in ("strength", "ellipsis"):
                tokens.append(_Token(kind, piece, line))
        pos = m.end()
    return tokens


# --------------------------------------------------------------------------------------------
# Reading: games


@dataclass(frozen=True)
class PdnGame:
    """One game read from a PDN file, every move resolved on the board.

    ``index`` is its 1-based place in the file; ``result`` the result the file gives (the
    movetext's, else the ``Result`` tag's, else ``*``).
    """

    index: int
    tags: dict[str, str]
    variant: str
    start_fen: str
    moves: tuple[Move, ...]
    result: str
    notations: tuple[str, ...] = field(default=(), compare=False)
    # The comment after each move (None where there is none); `dames.pdn_comments.game_evals`
    # reads the `[%eval …]` marks in them.
    comments: tuple[str | None, ...] = field(default=(), compare=False)

    @property
    def name(self) -> str:
        """How messages name the game: its index, event and players."""
        return _game_name(self.index, self.tags)

    @property
    def finished(self) -> bool:
        return _RESULT_MEANING.get(self.result, (True, None))[0]

    @property
    def winner(self) -> Color | None:
        return _RESULT_MEANING.get(self.result, (True, None))[1]

    def start_board(self) -> Board:
        """A fresh board at the game's start position."""
        return Board(self.start_fen, self.variant)

    def board_at(self, ply: int | None = None) -> Board:
        """A fresh board after ``ply`` moves (all of them by default), history included."""
        board = self.start_board()
        for move in self.moves[: len(self.moves) if ply is None else ply]:
            board.push(move)
        return board


@dataclass(frozen=True)
class PdnUnreadGame:
    """A game of the file that could not be read, kept so a list of the file's games can
    show it next to the good ones, with why it failed.

    ``variant`` is ``None`` when the file names a game this engine does not play.
    """

    index: int
    tags: dict[str, str]
    variant: str | None
    error: PdnError

    @property
    def name(self) -> str:
        return _game_name(self.index, self.tags)

    @property
    def result(self) -> str:
        """The ``Result`` tag (the movetext was not read), ``*`` when absent."""
        return (_tag(self.tags, "Result") or "").strip() or "*"


def _tag(tags: Mapping[str, str], name: str) -> str | None:
    for key, value in tags.items():
        if key.lower() == name.lower():
            return value
    return None


def _game_name(index: int, tags: Mapping[str, str]) -> str:
    parts = []
    for name in ("Event", "White", "Black"):
        value = _tag(tags, name)
        if value and value.strip() not in ("", "?"):
            parts.append(f"{name} {value.strip()!r}")
    return f"game {index}" + (f" ({', '.join(parts)})" if parts else "")


def _variant_of(tags: Mapping[str, str], default: str) -> str:
    raw = _tag(tags, "GameType")
    if raw is None or not raw.strip():
        return default
    m = re.match(r"\s*(\d+)", raw)
    if m is None:
        raise ValueError(f"cannot read [GameType {raw!r}]: it must start with a number")
    number = int(m.group(1))
    if number in GAME_TYPES:
        return GAME_TYPES[number]
    known = ", ".join(f"{n} ({name})" for n, name in GAME_TYPES.items())
    what = _OTHER_GAME_TYPES.get(number)
    label = f"{number} ({what})" if what else str(number)
    raise ValueError(f"GameType {label} is not a game this site plays; supported: {known}")


# Counters lidraughts appends: half-move clock, full-move number, Frisian king-move counts.
_FEN_COUNTERS = re.compile(r"(:[HF]\d*|:\+\d*\+\d*)+$", re.IGNORECASE)
_ALPHA_SQUARE = re.compile(r"(?<=[,WBKwbk])([a-j])(1[0-2]|[1-9])(?![0-9])")


def _clean_fen(text: str, variant: str) -> str:
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


@dataclass(frozen=True)
class _Written:
    """A move as the file writes it; ``label`` is the file's own move number (``12.``/``12...``)."""

    squares: list[int]  # official numbers; algebraic squares packed negative (_alpha_square)
    text: str
    label: str | None
    comment: str | None = None  # the main line's comments right after the move, joined


@dataclass
class _RawGame:
    index: int
    tags: dict[str, str]
    moves: list[_Written]
    result: str | None
    errors: list[str]


def _split_games(tokens: list[_Token]) -> list[_RawGame]:
    """Group tokens into games: tags, then movetext up to a result or the next tags."""
    games: list[_RawGame] = []
    current: _RawGame | None = None
    depth = 0
    in_moves = False
    number: tuple[int, bool] | None = None  # last move number seen, and whether it had "..."
    after_number = 0  # moves read since that number
    i = 0
    n = len(tokens)

    def label() -> str | None:
        if number is None or after_number > 1:
            return None
        black = number[1] or after_number == 1
        return f"{number[0]}{'...' if black else '.'}"

    def new_game() -> _RawGame:
        nonlocal number
        number = None
        game = _RawGame(len(games) + 1, {}, [], None, [])
        games.append(game)
        return game

    while i < n:
        tok = tokens[i]
        if tok.kind == "tag":
            if depth > 0 and current is not None:
                current.errors.append("a variation '(' is never closed")
                depth = 0
            if current is None or in_moves or current.result is not None:
                current = new_game()
                in_moves = False
            current.tags.setdefault(tok.text, tok.value)
            i += 1
            continue
        if current is None or (current.result is not None and tok.kind != "comment"):
            current = new_game()
            in_moves = False
        if tok.kind == "comment" or tok.kind == "nag":
            if tok.kind == "comment" and depth == 0 and current.moves:
                current.moves[-1] = _with_comment(current.moves[-1], tok.text)
            i += 1
            continue
        if tok.kind == "open":
            depth += 1
            i += 1
            continue
        if tok.kind == "close":
            if depth == 0:
                current.errors.append(f"line {tok.line}: ')' closes no variation")
            else:
                depth -= 1
            i += 1
            continue
        if depth > 0:
            i += 1  # inside a variation: skipped
            continue
        if tok.kind == "result":
            current.result = tok.text
            in_moves = True
            depth = 0
            i += 1
            continue
        if tok.kind == "number":
            number = (int(tok.text.split(".")[0]), tok.text.endswith("..."))
            after_number = 0
            in_moves = True
            i += 1
            continue
        if tok.kind == "move":
            squares = [_alpha_square(s) for s in re.findall(r"[a-j](?:1[0-2]|[1-9])", tok.text)]
            current.moves.append(_Written(squares, tok.text, label()))
            after_number += 1
            in_moves = True
            i += 1
            continue
        if tok.kind == "square":
            # numbers and separators, possibly spaced out: "32-28", "1- 7", "28 x 19"
            parts = [tok.text]
            j = i + 1
            while j + 1 < n and tokens[j].kind == "sep" and tokens[j + 1].kind == "square":
                parts.extend((tokens[j].text, tokens[j + 1].text))
                j += 2
            text = "".join(parts)
            numbers = [int(p) for p in parts[0::2]]
            if len(numbers) == 2 and text in _RESULT_MEANING:
                current.result = text
            elif len(numbers) == 1:
                current.errors.append(f"line {tok.line}: {text!r} is not a move")
            else:
                current.moves.append(_Written(numbers, text, label()))
                after_number += 1
            in_moves = True
            i = j
            continue
        # "sep" on its own or "unknown"
        if tok.text.startswith("a comment"):
            current.errors.append(f"line {tok.line}: {tok.text}")
        else:
            current.errors.append(f"line {tok.line}: cannot read {tok.text!r}")
        in_moves = True
        i += 1
    if depth > 0 and current is not None:
        current.errors.append("a variation '(' is never closed")
    return [g for g in games if g.tags or g.moves or g.errors or g.result not in (None, "*")]


def _with_comment(written: _Written, token: str) -> _Written:
    text = token[1:-1].strip()
    joined = f"{written.comment} {text}" if written.comment and text else written.comment or text
    return replace(written, comment=joined or None)


def _alpha_square(text: str) -> int:
    """Pack ``c3`` as -(file * 100 + rank); made a square number once the variant is known."""
    return -((ord(text[0]) - ord("a")) * 100 + int(text[1:]))


def _numbered(squares: list[int], board: Board) -> list[int] | None:
    """Official square numbers of a move's squares (algebraic ones converted, chess-like)."""
    if all(s > 0 for s in squares):
        return squares
    g = board.variant.geometry
    out = []
    for packed in squares:
        file, rank = divmod(-packed, 100)
        square = g.square_at.get((g.size - rank, file))
        if square is None:
            return None
        out.append(square)
    return out


def _label(number: int, color: Color, first: Color) -> str:
    return f"{number}." if color == first else f"{number}..."


class _Unresolved(Exception):
    """Replaying stopped: ``ply`` is where, ``message`` why."""

    def __init__(self, ply: int, message: str) -> None:
        super().__init__(message)
        self.ply = ply
        self.message = message


def _candidates(board: Board, squares: list[int] | None, text: str) -> list[Move]:
    """Every legal move the written squares may mean (usually one)."""
    if squares is None or len(squares) < 2:
        return []
    legal = board.legal_moves()
    capturing = bool(legal) and legal[0].is_capture
    # Captures are compulsory in every variant we play, so the separator carries nothing:
    # "-" written for a capture or "x" for a plain move is read by what the position allows.
    joined = ("x" if capturing else "-").join(str(s) for s in squares)
    try:
        return [board.parse_move(joined)]
    except AmbiguousMoveError as exc:
        return list(exc.candidates)
    except MoveError:
        pass
    if not capturing or len(squares) < 3:
        return []
    # PDN 3.0 disambiguates with turning points only, and a flying king's landing squares
    # are a matter of choice: keep the captures whose route passes the written squares.
    # Landing squares first; a square merely crossed only when no landing square fits.
    start, end, middle = squares[0], squares[-1], squares[1:-1]
    ends = [m for m in legal if m.start == start and m.end == end]
    for trace in (lambda m: m.path, lambda m: _route(board, m)):
        out = []
        for m in ends:
            along = iter(trace(m))
            if all(s in along for s in middle):  # in this order
                out.append(m)
        if out:
            return out
    return []


def _route(board: Board, move: Move) -> list[int]:
    """Every square a capture crosses, in order, start and end included."""
    g = board.variant.geometry
    squares = [move.start]
    for a, b in pairwise(move.path):
        (ra, ca), (rb, cb) = g.coordinates(a), g.coordinates(b)
        dr, dc = (1 if rb > ra else -1), (1 if cb > ca else -1)
        r, c = ra, ca
        while (r, c) != (rb, cb):
            r, c = r + dr, c + dc
            squares.append(g.square_at[(r, c)])
    return squares


def _replay(
    board: Board,
    written: list[_Written],
    ply: int,
    budget: list[int],
) -> list[Move]:
    """The moves of ``written[ply:]`` on ``board``; ambiguous ones settled by what follows.

    Raises ``_Unresolved`` at the furthest point that could not be read.
    """
    played: list[Move] = []
    while ply < len(written):
        budget[0] -= 1
        if budget[0] < 0:
            raise _Unresolved(ply, "too many ambiguous captures to settle by the moves that follow")
        text = written[ply].text
        numbers = _numbered(written[ply].squares, board)
        candidates = _candidates(board, numbers, text)
        if not candidates:
            legal = board.legal_moves()
            shown = ", ".join(board.notation(m) for m in legal) or "none (the game is over)"
            raise _Unresolved(ply, f"{text!r} is not a legal move here; legal moves: {shown}")
        if len(candidates) == 1:
            board.push(candidates[0])
            played.append(candidates[0])
            ply += 1
            continue
        endings: list[tuple[Move, list[Move]]] = []
        failures: list[_Unresolved] = []
        for candidate in candidates:
            branch = board.copy()
            branch.push(candidate)
            try:
                endings.append((candidate, _replay(branch, written, ply + 1, budget)))
            except _Unresolved as exc:
                if "too many" in exc.message:
                    raise
                failures.append(exc)
        if len(endings) == 1:
            return [*played, endings[0][0], *endings[0][1]]
        if not endings:
            deepest = max(failures, key=lambda e: e.ply)
            options = ", ".join(str(m) for m in candidates)
            raise _Unresolved(
                deepest.ply,
                f"{deepest.message} (after the ambiguous capture {text!r}, read as each of "
                f"{options})",
            )
        options = ", ".join(str(m) for m, _ in endings)
        raise _Unresolved(
            ply,
            f"{text!r} is ambiguous and the rest of the game does not settle it: it can mean "
            f"{options}; write the full path",
        )
    return played


def _read_game(raw: _RawGame, default_variant: str, file_budget: list[int]) -> PdnGame:
    name = _game_name(raw.index, raw.tags)
    if raw.errors:
        raise PdnError(f"{name}: {raw.errors[0]}", game=raw.index)
    try:
        variant = _variant_of(raw.tags, default_variant)
    except ValueError as exc:
        raise PdnError(f"{name}: {exc}", game=raw.index) from None
    fen_tag = _tag(raw.tags, "FEN")
    try:
        start_fen = _clean_fen(fen_tag, variant) if fen_tag else Board(None, variant).fen()
    except DamesError as exc:
        raise PdnError(f"{name}: bad FEN {fen_tag!r}: {exc}", game=raw.index) from None
    tag_result = (_tag(raw.tags, "Result") or "").strip()
    if raw.result is None and raw.moves and raw.moves[-1].text == tag_result:
        # A match score outside the standard ("4-6", as Dambo writes it) closing the movetext.
        raw.result = tag_result
        del raw.moves[-1]
    board = Board(start_fen, variant)
    first = board.variant.first_to_move
    start_turn = board.turn
    budget = [min(_SEARCH_BUDGET, file_budget[0])]
    try:
        try:
            moves = _replay(board.copy(), raw.moves, 0, budget)
        finally:
            file_budget[0] -= min(_SEARCH_BUDGET, file_budget[0]) - max(budget[0], 0)
    except _Unresolved as exc:
        if file_budget[0] <= 0:
            raise PdnError(
                f"{name}: the file asks for too much work to read at once (more than "
                f"{FILE_STEP_BUDGET:,} moves read or tried); split it into smaller files",
                game=raw.index,
            ) from None
        written = raw.moves[exc.ply]
        # The file's own move number when it has one next to the move (that is what the
        # reader sees), else counted: full moves start with the variant's first mover.
        offset = 0 if start_turn == first else 1
        number = (exc.ply + offset) // 2 + 1
        color = start_turn if exc.ply % 2 == 0 else start_turn.opponent
        label = written.label or _label(number, color, first)
        number = int(label.rstrip("."))
        raise PdnError(
            f"{name}, move {label} {written.text}: {exc.message}",
            game=raw.index,
            move_number=number,
        ) from None
    notations = []
    for move in moves:
        notations.append(board.notation(move))
        board.push(move)
    result = raw.result or _tag(raw.tags, "Result") or "*"
    return PdnGame(
        index=raw.index,
        tags=dict(raw.tags),
        variant=variant,
        start_fen=start_fen,
        moves=tuple(moves),
        result=result.strip(),
        notations=tuple(notations),
        comments=tuple(w.comment for w in raw.moves[: len(moves)]),
    )


def _prepare(text: str) -> str:
    if not isinstance(text, str):
        raise PdnError("PDN must be text")
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def iter_games(
    text: str, *, default_variant: str = "international", max_steps: int = FILE_STEP_BUDGET
) -> Iterator[PdnGame | PdnUnreadGame]:
    """Every game of a PDN file, in order, each read or with the reason it could not be.

    One bad game in a database of many should not lose the others; the budget is still the
    whole file's (``max_steps``), so once it is spent every later game with moves is an
    unread one, and a file of many bad games costs no more than one of good games.
    ``default_variant`` is for games without a ``GameType`` tag. Raises ``PdnError`` only
    when the text holds no game at all.
    """
    default = get_variant(default_variant).name
    raws = _split_games(_tokens(_prepare(text)))
    if not raws:
        raise PdnError("no game found in the PDN")
    file_budget = [max_steps]
    for raw in raws:
        try:
            yield _read_game(raw, default, file_budget)
        except PdnError as exc:
            try:
                variant: str | None = _variant_of(raw.tags, default)
            except ValueError:
                variant = None
            yield PdnUnreadGame(raw.index, dict(raw.tags), variant, exc)


def read_games(
    text: str, *, default_variant: str = "international", max_steps: int = FILE_STEP_BUDGET
) -> list[PdnGame]:
    """Every game of a PDN file, in order; raises ``PdnError`` at the first bad one.

    A game without a ``GameType`` tag is taken as ``default_variant``. ``max_steps`` bounds
    the whole file's work (moves read, and tried while settling ambiguous captures), so a
    server can read what anyone sends.
    """
    games: list[PdnGame] = []
    for game in iter_games(text, default_variant=default_variant, max_steps=max_steps):
        if isinstance(game, PdnUnreadGame):
            raise game.error
        games.append(game)
    return games


_BARE_FEN = re.compile(r'^\s*(?:\[\s*FEN\s+)?"?\s*([WBwb?]\s*:.*?)"?\s*\]?\s*$', re.DOTALL)


def read_position(text: str, variant: str = "international") -> Board:
    """The position of a bare FEN (or a ``[FEN "…"]`` tag), to play on from it.

    Ranges (``W31-50``), kings (``K45``), a trailing dot and lidraughts' ``:H0:F1`` counters
    are accepted.
    """
    v = get_variant(variant)
    m = _BARE_FEN.match(_prepare(text))
    if m is None:
        raise PdnError(f"not a FEN position: {text.strip()[:60]!r}")
    try:
        return Board(_clean_fen(m.group(1), v.name), v.name)
    except DamesError as exc:
        raise PdnError(f"bad FEN: {exc}") from None
