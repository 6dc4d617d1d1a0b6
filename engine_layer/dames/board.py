"""The game state everyone outside the engine works with."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple, cast

from dames import draws
from dames.color import BLACK, WHITE, Color
from dames.errors import DamesError, IllegalMoveError
from dames.fen import format_fen, parse_fen
from dames.internal_move import CaptureMove, InternalMove
from dames.move import Move, PromotingMove
from dames.movegen import get_generator
from dames.notation import notation as notation_of
from dames.notation import parse_move as parse_move_text
from dames.outcome import Outcome, Termination
from dames.piece import Piece
from dames.variants import Variant, get_variant
from dames.zobrist import key_after, position_key


def _capture_order(move: Move) -> tuple[int, int, list[int], tuple[int, ...]]:
    return (move[0][0], move[0][-1], sorted(move[1]), move[0])


@cache
def _single_captures(variant: str) -> dict[int, Move]:
    """The shared ``Move`` of each one-piece capture met so far, by its bits and crowning.

    Bounded by the board (start, landing and captured square, crowning or not), so it can
    live as long as the process; ``Board._public_captures`` fills it.
    """
    return {}


class DrawCounters(NamedTuple):
    """The counters behind the draw rules (see ``dames.draws``).

    ``quiet_plies`` — plies since the last man move or capture (the 25-move king rule and
    the 40-move rule); ``endgame`` — 16 or 5 when an FMJD endgame rule applies, else 0;
    ``endgame_plies`` — plies since that endgame situation arose.
    """

    quiet_plies: int
    endgame: int
    endgame_plies: int


class _Undo(NamedTuple):
    move: InternalMove
    white: int
    black: int
    kings: int
    zobrist: int
    reversible: int
    endgame: int
    endgame_plies: int


class Board:
    """A position with its history, so that moves can be undone and draws recognised.

    The pieces are kept as three bitboards in the layout of ``dames.geometry``: ``white``,
    ``black`` and ``kings``. ``Move`` objects exist only at this class's boundary; the
    ``*_internal`` methods are the fast path of the computer player.
    """

    def __init__(
        self,
        fen: str | None = None,
        variant: str | Variant = "international",
        draw_rules: str = draws.DAILY,
    ) -> None:
        self.variant: Variant = get_variant(variant)
        draw_rules = draws.canonical_rules(draw_rules)
        if draw_rules not in draws.DRAW_RULES:
            raise DamesError(
                f"unknown draw rules {draw_rules!r}; use one of {', '.join(draws.DRAW_RULES)}"
            )
        self.draw_rules: str = draw_rules
        self.geometry = self.variant.geometry
        self.generator = get_generator(self.variant)
        self._legal_moves = self.generator.legal
        self._single_captures = _single_captures(self.variant.name)
        position = parse_fen(fen if fen is not None else self.variant.start_fen, self.variant)
        white = black = kings = 0
        bit_of = self.geometry.bit_of_square
        for square, piece in position.pieces.items():
            mask = 1 << bit_of[square]
            if piece.color == WHITE:
                white |= mask
            else:
                black |= mask
            if piece.king:
                kings |= mask
        self.white: int = white
        self.black: int = black
        self.kings: int = kings
        self.turn: Color = position.turn
        self.ply: int = 0
        self.zobrist: int = position_key(white, black, kings, position.turn == BLACK)
        self._reversible = 0  # plies since the last man move or capture
        self._endgame = draws.endgame_class(white, black, kings)
        self._endgame_plies = 0
        self._undo: list[_Undo] = []
        self._history: list[tuple[int, int, int, int]] = [(white, black, kings, self.turn)]
        # The _history entry _legal belongs to: push and pop change the last entry, and
        # holding it keeps its identity from reuse, so one ``is`` tells if _legal is stale.
        self._legal_position: tuple[int, int, int, int] | None = None
        self._legal: list[Move] = []
        self._legal_set: set[Move] | None = None

    # ----------------------------------------------------------------- reading the position
    def piece_at(self, square: int) -> Piece | None:
        bit = self._bit(square)
        if self.white & bit:
            return Piece(WHITE, bool(self.kings & bit))
        if self.black & bit:
            return Piece(BLACK, bool(self.kings & bit))
        return None

    def squares(self, color: Color, kings: bool | None = None) -> list[int]:
        mask = self.white if color == WHITE else self.black
        if kings is True:
            mask &= self.kings
        elif kings is False:
            mask &= ~self.kings
        return self.geometry.squares_of(mask)

    def count(self, color: Color) -> int:
        return (self.white if color == WHITE else self.black).bit_count()

    def fen(self) -> str:
        return format_fen(self.turn, self._pieces())

    def _pieces(self) -> dict[int, Piece]:
        pieces: dict[int, Piece] = {}
        for color, mask in ((WHITE, self.white), (BLACK, self.black)):
            for square in self.geometry.squares_of(mask & ~self.kings):
                pieces[square] = Piece(color, False)
            for square in self.geometry.squares_of(mask & self.kings):
                pieces[square] = Piece(color, True)
        return pieces

    def _bit(self, square: int) -> int:
        if not isinstance(square, int) or not 1 <= square <= self.variant.squares:
            raise DamesError(f"square {square!r} is off the board (1-{self.variant.squares})")
        return 1 << self.geometry.bit_of_square[square]

    @property
    def move_stack(self) -> list[Move]:
        """The moves pushed since the board was created, oldest first."""
        return [
            self._to_move(undo.move, undo.kings, self._turn_at(i))
            for i, undo in enumerate(self._undo)
        ]

    def _turn_at(self, index: int) -> Color:
        """Side that played the ``index``-th pushed move."""
        plies_ago = len(self._undo) - index
        return self.turn if plies_ago % 2 == 0 else self.turn.opponent

    @property
    def draw_counters(self) -> DrawCounters:
        return DrawCounters(self._reversible, self._endgame, self._endgame_plies)

    # ----------------------------------------------------------------- legal moves
    def legal_moves(self) -> list[Move]:
        """Every legal move, sorted by start square, end square, then captured squares."""
        position = self._history[-1]
        if self._legal_position is not position:
            white, black, kings, turn = position
            if turn:
                moves = self._legal_moves(black, white, kings, 1)
            else:
                moves = self._legal_moves(white, black, kings, 0)
            # Plain moves, men's one-piece captures: shared Moves in order; else internal tuples.
            if moves and moves[0].__class__ is tuple:
                self._legal = self._public_captures(cast("list[CaptureMove]", moves))
            else:
                self._legal = cast("list[Move]", moves)
            self._legal_set = None
            self._legal_position = position
        return self._legal[:]  # a fresh list: the cached one must not be changed

    def _legal_list(self) -> list[Move]:
        if self._legal_position is not self._history[-1]:
            self.legal_moves()
        return self._legal

    def _public_captures(self, internal: list[CaptureMove]) -> list[Move]:
        """Public moves of the internal captures, in official order.

        One-piece captures (nearly all of them) come from a shared table, built on first use.
        """
        crowning_row = self.geometry.promotion_mask[self.turn]
        kings = self.kings
        singles = self._single_captures
        moves: list[Move] = []
        all_single = True
        for frm, to, _, path, caps in internal:
            promotes = to & crowning_row and not kings & frm
            if len(caps) == 1:
                key = (path[0] << 12 | path[1] << 6 | caps[0]) << 1 | (1 if promotes else 0)
                move = singles.get(key)
                if move is None:
                    move = singles[key] = self._new_capture(path, caps, promotes)
            else:
                all_single = False
                move = self._new_capture(path, caps, promotes)
            moves.append(move)
        if len(moves) > 1:
            if all_single:
                # One piece each: no two share start and end, and tuple order is
                # (start, end, captured), the official order.
                moves.sort()
            else:
                moves.sort(key=_capture_order)
        return moves

    def _new_capture(self, path: tuple[int, ...], caps: tuple[int, ...], promotes: int) -> Move:
        square = self.geometry.square_of_bit.__getitem__
        # Move's own constructor, minus its argument checks.
        return tuple.__new__(
            PromotingMove if promotes else Move,
            (tuple(map(square, path)), tuple(map(square, caps))),
        )

    def is_legal(self, move: object) -> bool:
        if not isinstance(move, Move):
            return False
        self._legal_list()
        if self._legal_set is None:
            self._legal_set = set(self._legal)
        return move in self._legal_set

    def _to_move(self, m: InternalMove, kings: int, color: Color) -> Move:
        sq = self.geometry.square_of_bit
        frm, to, _, path, caps = m
        promotes = not kings & frm and bool(to & self.geometry.promotion_mask[color])
        if path is None:
            return Move((sq[frm.bit_length() - 1], sq[to.bit_length() - 1]), (), promotes)
        return Move(tuple(sq[b] for b in path), tuple(sq[c] for c in caps or ()), promotes)

    def _internal_of(self, move: Move) -> InternalMove:
        """The internal form of a legal ``Move`` of this position."""
        bit_of = self.geometry.bit_of_square
        path, captures = move
        frm = 1 << bit_of[path[0]]
        to = 1 << bit_of[path[-1]]
        if not captures:
            return (frm, to, 0, None, None)
        caps = tuple(bit_of[c] for c in captures)
        captured = 0
        for c in caps:
            captured |= 1 << c
        return (frm, to, captured, tuple(bit_of[p] for p in path), caps)

    def to_move(self, m: InternalMove) -> Move:
        """The public ``Move`` of an internal move of the current position."""
        return self._to_move(m, self.kings, self.turn)

    def internal_moves(self) -> list[InternalMove]:
        """Legal moves as internal tuples (see ``dames.movegen``), unsorted but deterministic."""
        if self.turn:
            return self.generator.generate(self.black, self.white, self.kings, 1)
        return self.generator.generate(self.white, self.black, self.kings, 0)

    # ----------------------------------------------------------------- making moves
    def push(self, move: Move) -> None:
        if not self.is_legal(move):
            raise IllegalMoveError(f"{move} is not legal here; legal moves: {self._legal_text()}")
        self.push_internal(self._internal_of(move))

    def push_internal(self, m: InternalMove) -> None:
        """Play an internal move known to be legal (no check: the fast path)."""
        color = self.turn
        white, black, kings = self.white, self.black, self.kings
        self._undo.append(
            _Undo(
                m,
                white,
                black,
                kings,
                self.zobrist,
                self._reversible,
                self._endgame,
                self._endgame_plies,
            )
        )
        to, captured = m[1], m[2]
        new_white, new_black, new_kings = self.generator.apply(white, black, kings, color, m)
        was_king = kings & m[0]
        self.white, self.black, self.kings = new_white, new_black, new_kings
        self.zobrist = key_after(self.zobrist, m, color, kings, new_kings)
        self.turn = color.opponent
        self.ply += 1
        self._reversible = 0 if captured or not was_king else self._reversible + 1
        if captured or (not was_king and new_kings & to):
            new_class = draws.endgame_class(new_white, new_black, new_kings)
        else:
            new_class = self._endgame
        if new_class != self._endgame:
            self._endgame = new_class
            self._endgame_plies = 0
        else:
            self._endgame_plies += 1
        self._history.append((new_white, new_black, new_kings, self.turn))

    def pop(self) -> Move:
        """Undo the last move, restoring the position and every counter exactly."""
        move = self.pop_internal()
        # pop_internal restored the kings and the side of the position the move was made in.
        return self._to_move(move, self.kings, self.turn)

    def pop_internal(self) -> InternalMove:
        """Undo the last move without building a ``Move`` (the fast path)."""
        if not self._undo:
            raise DamesError("no move to undo")
        undo = self._undo.pop()
        self._history.pop()
        self.white, self.black, self.kings = undo.white, undo.black, undo.kings
        self.zobrist = undo.zobrist
        self._reversible = undo.reversible
        self._endgame = undo.endgame
        self._endgame_plies = undo.endgame_plies
        self.turn = self.turn.opponent
        self.ply -= 1
        return undo.move

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.__dict__.update(self.__dict__)
        other._undo = list(self._undo)
        other._history = list(self._history)
        return other

    # ----------------------------------------------------------------- notation
    def parse_move(self, text: str) -> Move:
        return parse_move_text(text, self._legal_list(), self.geometry, self._occupied)

    def notation(self, move: Move) -> str:
        return notation_of(move, self._legal_list())

    def _occupied(self, square: int) -> bool:
        return bool((self.white | self.black) >> self.geometry.bit_of_square[square] & 1)

    def _legal_text(self) -> str:
        moves = self.legal_moves()
        return ", ".join(str(m) for m in moves) if moves else "none"

    # ----------------------------------------------------------------- end of game
    def outcome(self) -> Outcome | None:
        us, them = (self.white, self.black) if self.turn == WHITE else (self.black, self.white)
        if not us or self.generator.count(us, them, self.kings, self.turn) == 0:
            return Outcome(self.turn.opponent, Termination.NO_MOVES)
        rules = draws.rule_set(self.draw_rules, self.variant.federation_draws)
        if rules != draws.DAILY and self._repetitions() >= draws.REPETITIONS:
            return Outcome(None, Termination.REPETITION)
        if self._reversible >= draws.quiet_ply_limit(rules):
            quiet = Termination.QUIET_MOVES if rules == "checkers" else Termination.KING_MOVES
            return Outcome(None, quiet)
        length = draws.game_length_limit(rules)
        if length is not None and self.ply >= length:
            return Outcome(None, Termination.GAME_LENGTH)
        if (
            rules == draws.FMJD
            and self._endgame
            and self._endgame_plies >= draws.ENDGAME_PLIES[self._endgame]
        ):
            return Outcome(None, Termination.of_endgame(self._endgame))
        return None

    def _repetitions(self) -> int:
        """How many times the current position (same side to move) has occurred."""
        current = self._history[-1]
        window = self._history[-(self._reversible + 1) :]
        return sum(1 for key in window if key == current)

    # ----------------------------------------------------------------- display
    def __repr__(self) -> str:
        return f"Board({self.fen()!r}, variant={self.variant.name!r})"

    def __str__(self) -> str:
        g = self.geometry
        grid = [["." for _ in range(g.size)] for _ in range(g.size)]
        for square, piece in self._pieces().items():
            row, col = g.coordinates(square)
            letter = "w" if piece.color == WHITE else "b"
            grid[row][col] = letter.upper() if piece.king else letter
        return "\n".join(" ".join(row) for row in grid)
