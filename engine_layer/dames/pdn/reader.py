"""Reading PDN files: every game of a file, each one read or with the reason it could not be.

The file is cut into tokens (`tokens`), grouped into games (`movetext`), and each game's moves
are played on the board (`replay`) within the file's budgets (`budget`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from dames.board import Board
from dames.color import Color
from dames.errors import DamesError, PdnError
from dames.pdn.budget import FILE_STEP_BUDGET, SEARCH_BUDGET, CpuBudget, OutOfTime
from dames.pdn.lines import PdnLine, SideWork, notes
from dames.pdn.movetext import RawGame, split_games
from dames.pdn.replay import Unresolved, move_label, replay
from dames.pdn.tags import RESULT_MEANING, clean_fen, game_name, read_number, tag_value, variant_of
from dames.pdn.tokens import prepare, tokenize
from dames.variants import get_variant


@dataclass(frozen=True, kw_only=True)
class PdnGame(PdnLine):
    """One game read from a PDN file, every move of its main line resolved on the board, with
    its comments, marks and variations (`PdnLine`).

    ``index`` is its 1-based place in the file; ``result`` the result the file gives (the
    movetext's, else the ``Result`` tag's, else ``*``).
    """

    index: int
    tags: dict[str, str]
    variant: str
    result: str

    @property
    def name(self) -> str:
        """How messages name the game: its index, event and players."""
        return game_name(self.index, self.tags)

    @property
    def finished(self) -> bool:
        return RESULT_MEANING.get(self.result, (True, None))[0]

    @property
    def winner(self) -> Color | None:
        return RESULT_MEANING.get(self.result, (True, None))[1]

    def tag(self, name: str) -> str | None:
        """The value of tag ``name`` (PDN tag names are matched ignoring case)."""
        return tag_value(self.tags, name)

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
        return game_name(self.index, self.tags)

    @property
    def result(self) -> str:
        """The ``Result`` tag (the movetext was not read), ``*`` when absent."""
        return (tag_value(self.tags, "Result") or "").strip() or "*"


def _read_game(
    raw: RawGame, default_variant: str, file_budget: list[int], side: SideWork
) -> PdnGame:
    name = game_name(raw.index, raw.tags)
    if raw.errors:
        raise PdnError(f"{name}: {raw.errors[0]}", game=raw.index)
    try:
        variant = variant_of(raw.tags, default_variant)
    except ValueError as exc:
        raise PdnError(f"{name}: {exc}", game=raw.index) from None
    fen_tag = tag_value(raw.tags, "FEN")
    try:
        start_fen = clean_fen(fen_tag, variant) if fen_tag else Board(None, variant).fen()
    except DamesError as exc:
        raise PdnError(f"{name}: bad FEN {fen_tag!r}: {exc}", game=raw.index) from None
    tag_result = (tag_value(raw.tags, "Result") or "").strip()
    if raw.result is None and raw.moves and raw.moves[-1].text == tag_result:
        # A match score outside the standard ("4-6", as Dambo writes it) closing the movetext.
        raw.result = tag_result
        del raw.moves[-1]
    board = Board(start_fen, variant)
    first = board.variant.first_to_move
    start_turn = board.turn
    budget = [min(SEARCH_BUDGET, file_budget[0])]
    cpu = side.cpu
    try:
        try:
            moves = replay(board.copy(), raw.moves, 0, budget, cpu)
        except OutOfTime:
            assert cpu is not None
            raise PdnError(f"{name}: {cpu.message()}", game=raw.index) from None
        finally:
            file_budget[0] -= min(SEARCH_BUDGET, file_budget[0]) - max(budget[0], 0)
    except Unresolved as exc:
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
        label = written.label or move_label(number, color, first)
        number = read_number(label.rstrip("."))
        raise PdnError(
            f"{name}, move {label} {written.text}: {exc.message}",
            game=raw.index,
            move_number=number,
        ) from None
    side.next_game()
    notations, marks, variations = notes(board, raw.moves, moves, side)
    result = raw.result or tag_value(raw.tags, "Result") or "*"
    return PdnGame(
        index=raw.index,
        tags=dict(raw.tags),
        variant=variant,
        start_fen=start_fen,
        moves=tuple(moves),
        result=result.strip(),
        notations=notations,
        comments=tuple(w.comment for w in raw.moves[: len(moves)]),
        marks=marks,
        variations=variations,
        comment=raw.line.comment,
    )


def iter_games(
    text: str,
    *,
    default_variant: str = "international",
    max_steps: int = FILE_STEP_BUDGET,
    cpu_seconds: float | None = None,
) -> Iterator[PdnGame | PdnUnreadGame]:
    """Every game of a PDN file, in order, each read or with the reason it could not be.

    One bad game in a database of many should not lose the others; the budget is still the
    whole file's (``max_steps``), so once it is spent every later game with moves is an
    unread one, and a file of many bad games costs no more than one of good games.
    ``cpu_seconds`` bounds the read's own CPU time the same way (games past it are listed
    unread, and a file that cannot even be split into games in time is a ``PdnError``).
    ``default_variant`` is for games without a ``GameType`` tag. Raises ``PdnError`` only
    when the text holds no game at all (or cannot be split in time).
    """
    default = get_variant(default_variant).name
    cpu = CpuBudget(cpu_seconds)
    try:
        raws = split_games(tokenize(prepare(text), cpu))
    except OutOfTime:
        raise PdnError(cpu.message()) from None
    if not raws:
        raise PdnError("no game found in the PDN")
    file_budget = [max_steps]
    side = SideWork(cpu)
    for raw in raws:
        try:
            if cpu.spent():
                raise PdnError(f"{game_name(raw.index, raw.tags)}: {cpu.message()}",
                               game=raw.index)
            yield _read_game(raw, default, file_budget, side)
        except PdnError as exc:
            try:
                variant: str | None = variant_of(raw.tags, default)
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
    m = _BARE_FEN.match(prepare(text))
    if m is None:
        raise PdnError(f"not a FEN position: {text.strip()[:60]!r}")
    try:
        return Board(clean_fen(m.group(1), v.name), v.name)
    except DamesError as exc:
        raise PdnError(f"bad FEN: {exc}") from None
