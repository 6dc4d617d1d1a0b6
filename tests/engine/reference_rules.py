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


def legal_moves(variant: str, fen: str) -> set[str]:
    """Every legal move in Hub form."""
    rules = RULES[variant]
    turn, pieces = parse_simple_fen(fen)
    board: dict[tuple[int, int], tuple[str, bool]] = {
        coords_of(rules, s): p for s, p in pieces.items()
    }
    forward = -1 if turn == "W" else 1
    last_row = 0 if turn == "W" else rules.size - 1

    def on_board(r: int, c: int) -> bool:
        return 0 <= r < rules.size and 0 <= c < rules.size

    sequences: list[tuple[tuple[int, int], tuple[int, int], list[tuple[int, int]], bool]] = []

    def continue_capture(
        start: tuple[int, int],
        cur: tuple[int, int],
        is_king: bool,
        captured: list[tuple[int, int]],
    ) -> None:
        found = False
        for dr, dc in DIAGONALS:
            if not is_king and not rules.men_capture_backward and dr != forward:
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
                crowned_now = not is_king and lr == last_row
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

    def sq(rc: tuple[int, int]) -> int:
        s = square_of(rules, *rc)
        assert s is not None
        return s

    if sequences:
        if rules.priority == "majority":
            best = max(len(s[2]) for s in sequences)
            sequences = [s for s in sequences if len(s[2]) == best]
        elif rules.priority == "italian":

            def key(
                seq: tuple[tuple[int, int], tuple[int, int], list[tuple[int, int]], bool],
            ) -> tuple[int, bool, int, list[int]]:
                caps = seq[2]
                kings_at = [i for i, rc in enumerate(caps) if board[rc][1]]
                return (len(caps), seq[3], len(kings_at), [-i for i in kings_at])

            best_key = max(key(s) for s in sequences)
            sequences = [s for s in sequences if key(s) == best_key]
        out = set()
        for start, end, caps, _ in sequences:
            out.add("x".join(str(n) for n in [sq(start), sq(end), *sorted(sq(x) for x in caps)]))
        return out

    out = set()
    for (r, c), (color, king) in board.items():
        if color != turn:
            continue
        for dr, dc in DIAGONALS:
            if not king and dr != forward:
                continue
            nr, nc = r + dr, c + dc
            while on_board(nr, nc) and (nr, nc) not in board:
                out.add(f"{sq((r, c))}-{sq((nr, nc))}")
                if not (king and rules.flying_kings):
                    break
                nr, nc = nr + dr, nc + dc
    return out
