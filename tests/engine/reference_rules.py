"""A deliberately simple move generator written straight from the rules, as a test oracle.

It shares nothing with the engine: it works on (row, column) coordinates and dicts, and
numbers squares itself from each federation's convention, so an agreement between the two on
random positions is evidence that both follow the rules.
"""

from __future__ import annotations

from dataclasses import dataclass

DIAGONALS = ((-1, -1), (-1, 1), (1, -1), (1, 1))


@dataclass(frozen=True)
class Rules:
    size: int
    inverted: bool  # top-left corner is a playing square (Italian)
    flying_kings: bool
    men_capture_backward: bool
    men_capture_kings: bool
    priority: str  # "majority", "none" or "italian"


RULES = {
    "international": Rules(10, False, True, True, True, "majority"),
    "brazilian": Rules(8, False, True, True, True, "majority"),
    "english": Rules(8, False, False, False, True, "none"),
    "italian": Rules(8, True, False, False, False, "italian"),
}


def square_of(rules: Rules, row: int, col: int) -> int | None:
    """Official number of (row, col), row 0 at the top (Black's side), or None if unplayable."""
    if not (0 <= row < rules.size and 0 <= col < rules.size):
        return None
    playable = (row + col) % 2 == (0 if rules.inverted else 1)
    if not playable:
        return None
    return row * (rules.size // 2) + col // 2 + 1


def coords_of(rules: Rules, square: int) -> tuple[int, int]:
    per_row = rules.size // 2
    row = (square - 1) // per_row
    for col in range(rules.size):
        if square_of(rules, row, col) == square:
            return row, col
    raise ValueError(square)


def parse_simple_fen(fen: str) -> tuple[str, dict[int, tuple[str, bool]]]:
    """Turn and {square: (colour letter, is_king)}; ranges allowed."""
    turn, *fields = fen.split(":")
    pieces: dict[int, tuple[str, bool]] = {}
    for f in fields:
        color, body = f[0], f[1:]
        for entry in filter(None, body.split(",")):
            king = entry.startswith("K")
            entry = entry.lstrip("K")
            lo, _, hi = entry.partition("-")
            for s in range(int(lo), int(hi or lo) + 1):
                pieces[s] = (color, king)
    return turn, pieces


Coord = tuple[int, int]
# A capture: its start, where it ends, the pieces taken in order, whether a king makes it.
Capture = tuple[Coord, Coord, list[Coord], bool]


@dataclass(frozen=True)
class Position:
    rules: Rules
    turn: str  # "W" or "B"
    board: dict[Coord, tuple[str, bool]]  # (colour letter, is_king) by (row, col)

    @property
    def forward(self) -> int:
        return -1 if self.turn == "W" else 1

    @property
    def last_row(self) -> int:
        return 0 if self.turn == "W" else self.rules.size - 1

    def on_board(self, r: int, c: int) -> bool:
        return 0 <= r < self.rules.size and 0 <= c < self.rules.size

    def square(self, rc: Coord) -> int:
        s = square_of(self.rules, *rc)
        assert s is not None
        return s

    def captures(self) -> list[Capture]:
        """Every capture of the side to move, each taken to its end."""
        rules, board, turn = self.rules, self.board, self.turn
        on_board = self.on_board
        sequences: list[Capture] = []

        def continue_capture(
            start: Coord, cur: Coord, is_king: bool, captured: list[Coord]
        ) -> None:
            found = False
            for dr, dc in DIAGONALS:
                if not is_king and not rules.men_capture_backward and dr != self.forward:
                    continue
                r, c = cur[0] + dr, cur[1] + dc
                if is_king and rules.flying_kings:
                    while on_board(r, c) and ((r, c) == start or (r, c) not in board):
                        r, c = r + dr, c + dc
                if not on_board(r, c) or (r, c) == start or (r, c) not in board:
                    continue
                color, victim_king = board[(r, c)]
                if color == turn or (r, c) in captured:
                    continue
                if not is_king and victim_king and not rules.men_capture_kings:
                    continue
                lr, lc = r + dr, c + dc
                while on_board(lr, lc) and ((lr, lc) == start or (lr, lc) not in board):
                    found = True
                    crowned_now = not is_king and lr == self.last_row
                    if crowned_now and not rules.men_capture_backward:
                        # the man is crowned and his move ends there (English, Italian)
                        sequences.append((start, (lr, lc), [*captured, (r, c)], is_king))
                    else:
                        continue_capture(start, (lr, lc), is_king, [*captured, (r, c)])
                    if not (is_king and rules.flying_kings):
                        break
                    lr, lc = lr + dr, lc + dc
            if not found and captured:
                sequences.append((start, cur, captured, is_king))

        for (r, c), (color, king) in board.items():
            if color == turn:
                continue_capture((r, c), (r, c), king, [])
        return sequences

    def preferred(self, sequences: list[Capture]) -> list[Capture]:
        """The captures the variant's priority rule allows among `sequences`."""
        if self.rules.priority == "majority":
            best = max(len(s[2]) for s in sequences)
            return [s for s in sequences if len(s[2]) == best]
        if self.rules.priority == "italian":

            def key(seq: Capture) -> tuple[int, bool, int, list[int]]:
                caps = seq[2]
                kings_at = [i for i, rc in enumerate(caps) if self.board[rc][1]]
                return (len(caps), seq[3], len(kings_at), [-i for i in kings_at])

            best_key = max(key(s) for s in sequences)
            return [s for s in sequences if key(s) == best_key]
        return sequences

    def hub(self, capture: Capture) -> str:
        start, end, caps, _ = capture
        squares = [self.square(start), self.square(end), *sorted(self.square(x) for x in caps)]
        return "x".join(str(n) for n in squares)

    def quiet_moves(self) -> set[str]:
        """Every move that takes nothing."""
        out = set()
        for (r, c), (color, king) in self.board.items():
            if color != self.turn:
                continue
            for dr, dc in DIAGONALS:
                if not king and dr != self.forward:
                    continue
                nr, nc = r + dr, c + dc
                while self.on_board(nr, nc) and (nr, nc) not in self.board:
                    out.add(f"{self.square((r, c))}-{self.square((nr, nc))}")
                    if not (king and self.rules.flying_kings):
                        break
                    nr, nc = nr + dr, nc + dc
        return out


def legal_moves(variant: str, fen: str) -> set[str]:
    """Every legal move in Hub form: the captures the priority rule allows, else the moves."""
    rules = RULES[variant]
    turn, pieces = parse_simple_fen(fen)
    position = Position(rules, turn, {coords_of(rules, s): p for s, p in pieces.items()})
    sequences = position.captures()
    if sequences:
        return {position.hub(seq) for seq in position.preferred(sequences)}
    return position.quiet_moves()
