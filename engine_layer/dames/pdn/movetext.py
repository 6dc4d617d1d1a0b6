"""Grouping tokens into games: each game's tags, moves as written, result, errors.

Nothing is checked against the rules here (`dames.pdn.replay` does that). Each move keeps the
comments and marks written after it (``!``, ``?!``, ``$1``…) and the variations played instead
of it, nested as the file nests them; a comment before a line's first move is the line's own.
What cannot be read is kept as an error for the game it belongs to, so one bad game does not
lose the others.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from dames.pdn.tags import RESULT_MEANING, read_number
from dames.pdn.tokens import Token

# The standard's first six numeric annotation glyphs, as players write them after a move.
NAG_MARKS = {"$1": "!", "$2": "?", "$3": "!!", "$4": "??", "$5": "!?", "$6": "?!"}
# Marks kept for one move, and variation levels kept: a file's real notes stay far inside
# both, and a crafted file cannot make one move or one answer grow without end.
MAX_MARKS = 8
MAX_VARIATION_DEPTH = 8


@dataclass
class Written:
    """A move as the file writes it; ``label`` is the file's own move number (``12.``/``12...``)."""

    squares: list[int]  # official numbers; algebraic squares packed negative (_alpha_square)
    text: str
    label: str | None
    comment: str | None = None  # the comments right after the move, joined
    marks: list[str] = field(default_factory=list)  # "!", "?!", "$14": as NAG_MARKS words them
    variations: list[WrittenLine] = field(default_factory=list)  # played instead of this move


@dataclass
class WrittenLine:
    """Moves one after another: a game's main line or a variation."""

    moves: list[Written] = field(default_factory=list)
    comment: str | None = None  # before the first move
    error: str | None = None  # a variation's first unreadable token: it is read up to there


@dataclass
class RawGame:
    index: int
    tags: dict[str, str]
    line: WrittenLine
    result: str | None
    errors: list[str]

    @property
    def moves(self) -> list[Written]:
        return self.line.moves


def split_games(tokens: list[Token]) -> list[RawGame]:
    """Group tokens into games: tags, then movetext up to a result or the next tags."""
    splitter = _Splitter()
    i = 0
    while i < len(tokens):
        i = splitter.read(tokens, i)
    return splitter.finish()


class _Splitter:
    """One pass of `split_games`: the games so far and where the reading stands."""

    def __init__(self) -> None:
        self.games: list[RawGame] = []
        self.current: RawGame | None = None
        # The lines being written, the main line first: a variation opens on the last one.
        # A variation kept nowhere (nested too deep, or before any move) is written into a
        # line of its own that nothing holds.
        self.lines: list[_Open] = []
        self.in_moves = False  # the current game's movetext has begun (tags now start another)
        self.number: tuple[int, bool] | None = None  # last move number, and whether it had "..."
        self.after_number = 0  # moves read since that number

    def read(self, tokens: list[Token], i: int) -> int:
        """Take in ``tokens[i]`` (and the tokens of the move it starts); the next index."""
        tok = tokens[i]
        if tok.kind == "tag":
            self._tag(tok)
            return i + 1
        game = self.current
        if game is None or (game.result is not None and tok.kind != "comment"):
            game = self._new_game()
        line = self.lines[-1].line
        if tok.kind == "comment":
            _add_comment(line, tok.text)
        elif tok.kind == "nag":
            if line.moves and len(line.moves[-1].marks) < MAX_MARKS:
                line.moves[-1].marks.append(NAG_MARKS.get(tok.text, tok.text))
        elif tok.kind == "open":
            self._open(line)
        elif tok.kind == "close":
            if len(self.lines) == 1:
                game.errors.append(f"line {tok.line}: ')' closes no variation")
            else:
                closed = self.lines.pop()
                self.number, self.after_number = closed.number, closed.after_number
        elif tok.kind == "result" and len(self.lines) > 1:
            pass  # a variation's own end mark: the game's result is the main line's
        else:
            self.in_moves = True
            if tok.kind == "square":
                return self._numbers(tokens, i, game)
            self._moves(tok, game)
        return i + 1

    def _open(self, line: WrittenLine) -> None:
        """A variation: another move instead of the last one of ``line``."""
        variation = WrittenLine()
        if line.moves and len(self.lines) <= MAX_VARIATION_DEPTH:
            line.moves[-1].variations.append(variation)
        self.lines.append(_Open(variation, self.number, self.after_number))
        # Its first move replaces the last one written: count it from that one's number.
        self.after_number = max(self.after_number - 1, 0)

    def finish(self) -> list[RawGame]:
        if len(self.lines) > 1 and self.current is not None:
            self.current.errors.append("a variation '(' is never closed")
        return [g for g in self.games
                if g.tags or g.moves or g.errors or g.result not in (None, "*")]

    def _new_game(self) -> RawGame:
        self.number = None
        game = RawGame(len(self.games) + 1, {}, WrittenLine(), None, [])
        self.games.append(game)
        self.current = game
        self.lines = [_Open(game.line, None, 0)]
        self.in_moves = False
        return game

    def _tag(self, tok: Token) -> None:
        game = self.current
        if len(self.lines) > 1 and game is not None:
            game.errors.append("a variation '(' is never closed")
            del self.lines[1:]
        if game is None or self.in_moves or game.result is not None:
            game = self._new_game()
        game.tags.setdefault(tok.text, tok.value)

    def _moves(self, tok: Token, game: RawGame) -> None:
        """A result, a move number, an algebraic move, or what cannot be read."""
        if tok.kind == "result":
            game.result = tok.text
        elif tok.kind == "number":
            self.number = (read_number(tok.text.split(".")[0]), tok.text.endswith("..."))
            self.after_number = 0
        elif tok.kind == "move":
            squares = [_alpha_square(s) for s in re.findall(r"[a-j](?:1[0-2]|[1-9])", tok.text)]
            self._add_move(Written(squares, tok.text, self._label()))
        elif tok.text.startswith("a comment"):  # never closed: the rest of the file is lost
            game.errors.append(f"line {tok.line}: {tok.text}")
        else:  # "sep" on its own or "unknown"
            self._error(game, f"line {tok.line}: cannot read {tok.text!r}")

    def _numbers(self, tokens: list[Token], i: int, game: RawGame) -> int:
        """Numbers and separators, possibly spaced out ("32-28", "1- 7", "28 x 19"): a move,
        or a result written with numbers; the index after them."""
        tok = tokens[i]
        parts = [tok.text]
        j = i + 1
        n = len(tokens)
        while j + 1 < n and tokens[j].kind == "sep" and tokens[j + 1].kind == "square":
            parts.extend((tokens[j].text, tokens[j + 1].text))
            j += 2
        text = "".join(parts)
        numbers = [read_number(p) for p in parts[0::2]]
        if len(numbers) == 2 and text in RESULT_MEANING:
            if len(self.lines) == 1:  # a variation's end mark is not the game's result
                game.result = text
        elif len(numbers) == 1:
            self._error(game, f"line {tok.line}: {text!r} is not a move")
        else:
            self._add_move(Written(numbers, text, self._label()))
        return j

    def _error(self, game: RawGame, message: str) -> None:
        """What cannot be read: the game's fault on its main line; in a variation, only that
        variation's (it stops there), so a stray note in a side line loses no game."""
        line = self.lines[-1].line
        if len(self.lines) == 1:
            game.errors.append(message)
        elif line.error is None:
            line.error = message

    def _add_move(self, written: Written) -> None:
        line = self.lines[-1].line
        if line.error is None:
            line.moves.append(written)
        self.after_number += 1

    def _label(self) -> str | None:
        """The file's own number of the move being read, while one stands next to it."""
        number = self.number
        if number is None or self.after_number > 1:
            return None
        black = number[1] or self.after_number == 1
        return f"{number[0]}{'...' if black else '.'}"


@dataclass
class _Open:
    """A line being written, and the move count to go back to once its variation closes."""

    line: WrittenLine
    number: tuple[int, bool] | None
    after_number: int


def _add_comment(line: WrittenLine, token: str) -> None:
    """A ``{comment}`` after the line's last move, or before its first."""
    text = token[1:-1].strip()
    if not text:
        return
    if line.moves:
        last = line.moves[-1]
        last.comment = f"{last.comment} {text}" if last.comment else text
    else:
        line.comment = f"{line.comment} {text}" if line.comment else text


def _alpha_square(text: str) -> int:
    """Pack ``c3`` as -(file * 100 + rank); made a square number once the variant is known."""
    return -((ord(text[0]) - ord("a")) * 100 + int(text[1:]))
