"""Grouping tokens into games: each game's tags, main-line moves as written, result, errors.

Nothing is checked against the rules here (`dames.pdn.replay` does that); variations are
skipped, comments kept with the move they follow, and what cannot be read is kept as an error
for the game it belongs to, so one bad game does not lose the others.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from dames.pdn.tags import RESULT_MEANING, read_number
from dames.pdn.tokens import Token


@dataclass(frozen=True)
class Written:
    """A move as the file writes it; ``label`` is the file's own move number (``12.``/``12...``)."""

    squares: list[int]  # official numbers; algebraic squares packed negative (_alpha_square)
    text: str
    label: str | None
    comment: str | None = None  # the main line's comments right after the move, joined


@dataclass
class RawGame:
    index: int
    tags: dict[str, str]
    moves: list[Written]
    result: str | None
    errors: list[str]


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
        self.depth = 0  # variations open
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
        if tok.kind == "comment" or tok.kind == "nag":
            if tok.kind == "comment" and self.depth == 0 and game.moves:
                game.moves[-1] = _with_comment(game.moves[-1], tok.text)
        elif tok.kind == "open":
            self.depth += 1
        elif tok.kind == "close":
            if self.depth == 0:
                game.errors.append(f"line {tok.line}: ')' closes no variation")
            else:
                self.depth -= 1
        elif self.depth == 0:  # inside a variation, everything else is skipped
            self.in_moves = True
            if tok.kind == "square":
                return self._numbers(tokens, i, game)
            self._main_line(tok, game)
        return i + 1

    def finish(self) -> list[RawGame]:
        if self.depth > 0 and self.current is not None:
            self.current.errors.append("a variation '(' is never closed")
        return [g for g in self.games
                if g.tags or g.moves or g.errors or g.result not in (None, "*")]

    def _new_game(self) -> RawGame:
        self.number = None
        game = RawGame(len(self.games) + 1, {}, [], None, [])
        self.games.append(game)
        self.current = game
        self.in_moves = False
        return game

    def _tag(self, tok: Token) -> None:
        game = self.current
        if self.depth > 0 and game is not None:
            game.errors.append("a variation '(' is never closed")
            self.depth = 0
        if game is None or self.in_moves or game.result is not None:
            game = self._new_game()
        game.tags.setdefault(tok.text, tok.value)

    def _main_line(self, tok: Token, game: RawGame) -> None:
        """A result, a move number, an algebraic move, or what cannot be read."""
        if tok.kind == "result":
            game.result = tok.text
        elif tok.kind == "number":
            self.number = (read_number(tok.text.split(".")[0]), tok.text.endswith("..."))
            self.after_number = 0
        elif tok.kind == "move":
            squares = [_alpha_square(s) for s in re.findall(r"[a-j](?:1[0-2]|[1-9])", tok.text)]
            self._add_move(game, Written(squares, tok.text, self._label()))
        elif tok.text.startswith("a comment"):  # "sep" on its own or "unknown"
            game.errors.append(f"line {tok.line}: {tok.text}")
        else:
            game.errors.append(f"line {tok.line}: cannot read {tok.text!r}")

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
            game.result = text
        elif len(numbers) == 1:
            game.errors.append(f"line {tok.line}: {text!r} is not a move")
        else:
            self._add_move(game, Written(numbers, text, self._label()))
        return j

    def _add_move(self, game: RawGame, written: Written) -> None:
        game.moves.append(written)
        self.after_number += 1

    def _label(self) -> str | None:
        """The file's own number of the move being read, while one stands next to it."""
        number = self.number
        if number is None or self.after_number > 1:
            return None
        black = number[1] or self.after_number == 1
        return f"{number[0]}{'...' if black else '.'}"


def _with_comment(written: Written, token: str) -> Written:
    text = token[1:-1].strip()
    joined = f"{written.comment} {text}" if written.comment and text else written.comment or text
    return replace(written, comment=joined or None)


def _alpha_square(text: str) -> int:
    """Pack ``c3`` as -(file * 100 + rank); made a square number once the variant is known."""
    return -((ord(text[0]) - ord("a")) * 100 + int(text[1:]))
