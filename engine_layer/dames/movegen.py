"""Legal move generation on internal bitboards: one variant's tables and compiled rules.

This is the engine's hot path (perft, the computer player), so it speaks bits, not ``Move``
objects: moves are ``InternalMove`` tuples (see ``dames.internal_move``). The rules themselves
are written once, in the rule modules (``dames.rules_base`` and those it names), and compiled
for each variant by ``dames.specialise``; this module builds the tables they read, among them
the plain moves' entries: internal tuples, and the public ``Move`` objects (or sort codes)
that ``Board.legal_moves`` gets in official order from the same compiled lister.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from dames.geometry import Geometry
from dames.internal_move import InternalMove
from dames.move import Move
from dames.rules_base import JumpTable
from dames.specialise import specialise
from dames.variants import PRIORITY_ITALIAN, PRIORITY_MAJORITY, Variant, get_variant

__all__ = ["InternalMove", "MoveGenerator", "get_generator", "rule_constants"]

# [direction] -> {start mask: plain move}; [bit][direction] -> plain moves along the ray.
StepTables = tuple[dict[int, InternalMove], ...]
KingTable = tuple[tuple[tuple[InternalMove, ...], ...], ...]


@dataclass(frozen=True)
class MoveGenerator:
    """The bound functions of one variant's generator.

    ``generate(us, them, kings, color)`` lists the legal internal moves of the side ``color``
    whose pieces are ``us``; ``count(...)`` returns how many there are (cheaper: no lists when
    nothing can be captured); ``apply(white, black, kings, color, move)`` returns the bitboards
    ``(white, black, kings)`` after the move; ``promotion[color]`` is the set of squares where
    that side's men are crowned. ``has_capture(...)`` tells whether the side must capture,
    ``has_quiet_move(...)`` whether it has a non-capturing move: the cheap questions of a
    search's leaves.
    """

    variant: Variant
    promotion: tuple[int, int]
    generate: Callable[[int, int, int, int], list[InternalMove]]
    count: Callable[[int, int, int, int], int]
    apply: Callable[[int, int, int, int, InternalMove], tuple[int, int, int]]
    # ``generate`` for ``Board.legal_moves``: the same moves, but plain moves come as public
    # ``Move`` objects already in official order; captures stay unsorted internal tuples.
    legal: Callable[[int, int, int, int], list[Move] | list[InternalMove]]
    has_capture: Callable[[int, int, int, int], bool]
    has_quiet_move: Callable[[int, int, int, int], bool]
    # ``perft(white, black, kings, color, depth)`` for depth >= 1 (see ``dames.perft``).
    perft: Callable[[int, int, int, int, int], int]


def rule_constants(v: Variant) -> dict[str, bool | int]:
    """The upper-case switches of the rules (``dames.rules_base``) for variant ``v``."""
    g = v.geometry
    return {
        "FLYING": v.flying_kings,
        "BACKWARD": v.men_capture_backward,
        "MEN_TAKE_KINGS": v.men_capture_kings,
        "MAJORITY": v.capture_priority == PRIORITY_MAJORITY,
        "ITALIAN": v.capture_priority == PRIORITY_ITALIAN,
        "BOARD": g.board_mask,
        "LARGE": g.per_row + 1,
        "SMALL": g.per_row,
    }


def get_generator(variant: str | Variant) -> MoveGenerator:
    """The generator of a variant (by name or ``Variant``), built once per process."""
    return _build(get_variant(variant))


# Jump tables: [bit] -> ((mid_mask, land_mask), ...)
def _jump_table(g: Geometry, directions: tuple[int, ...]) -> JumpTable:
    """The jumps from every bit in ``directions`` (empty for ghost bits)."""
    neighbor = g.neighbor
    table = []
    for bit in range(g.bit_count):
        entries = []
        if g.row_of_bit[bit] >= 0:
            for d in directions:
                mid = neighbor[bit][d]
                if mid < 0:
                    continue
                land = neighbor[mid][d]
                if land < 0:
                    continue
                entries.append((1 << mid, 1 << land))
        table.append(tuple(entries))
    return tuple(table)


def _jump_tables(v: Variant) -> tuple[JumpTable, tuple[JumpTable, JumpTable]]:
    """Kings' jumps (every direction) and men's jumps per colour."""
    all_jumps = _jump_table(v.geometry, (0, 1, 2, 3))
    man_jumps = (
        (all_jumps, all_jumps)
        if v.men_capture_backward
        # white men go up, black men go down
        else (_jump_table(v.geometry, (0, 1)), _jump_table(v.geometry, (2, 3)))
    )
    return all_jumps, man_jumps


def _plain(frm_bit: int, to_bit: int) -> InternalMove:
    return (1 << frm_bit, 1 << to_bit, 0, None, None)


def _plain_move_tables(v: Variant) -> tuple[StepTables, KingTable]:
    """Plain moves as shared, immutable tuples built once: generating one is a dict lookup.

    ``[direction] -> {start mask: move}`` for men stepping in that direction, and
    ``[bit][direction] -> moves along the ray``, nearest first (flying kings) or the step only.
    """
    g = v.geometry
    rays, neighbor, flying = g.rays, g.neighbor, v.flying_kings
    playing_bits = [b for b in range(g.bit_count) if g.row_of_bit[b] >= 0]
    step_moves = tuple(
        {1 << b: _plain(b, neighbor[b][d]) for b in playing_bits if neighbor[b][d] >= 0}
        for d in range(4)
    )
    king_moves = tuple(
        tuple(
            tuple(_plain(b, t) for t in (rays[b][d] if flying else rays[b][d][:1]))
            for d in range(4)
        )
        if g.row_of_bit[b] >= 0
        else ()
        for b in range(g.bit_count)
    )
    return step_moves, king_moves


def _single_capture_tables(
    v: Variant,
) -> tuple[tuple[dict[int, InternalMove], ...], tuple[tuple[dict[int, Move], ...], ...]]:
    """Every man's one-piece capture, [direction] -> {landing mask: internal move}, and as
    public ``Move`` objects per colour: [color][direction] -> {landing mask: move} (a man
    crowns where it lands on its own side's last row)."""
    g = v.geometry
    neighbor, square_of, promotion = g.neighbor, g.square_of_bit, g.promotion_mask
    internal: list[dict[int, InternalMove]] = []
    public: tuple[list[dict[int, Move]], list[dict[int, Move]]] = ([], [])
    for d in range(4):
        internal.append({})
        for per_color in public:
            per_color.append({})
        for b in range(g.bit_count):
            mid = neighbor[b][d] if g.row_of_bit[b] >= 0 else -1
            land = neighbor[mid][d] if mid >= 0 else -1
            if land < 0:
                continue
            internal[d][1 << land] = (1 << b, 1 << land, 1 << mid, (b, land), (mid,))
            for color, per_color in enumerate(public):
                path = (square_of[b], square_of[land])
                crowns = bool(promotion[color] >> land & 1)
                per_color[d][1 << land] = Move(path, (square_of[mid],), crowns)
    return tuple(internal), (tuple(public[0]), tuple(public[1]))


@dataclass(frozen=True)
class _PublicTables:
    """The public side of the plain-move tables (used by ``legal``, i.e. ``Board.legal_moves``):
    the shared ``Move`` of every man step, and an int code per plain move whose order is the
    official (start square, end square) order, with the ``Move`` it stands for."""

    public_steps: list[dict[int, Move]]
    code_steps: list[dict[int, int]]
    king_codes: tuple[tuple[tuple[int, ...], ...], ...]
    code_moves: dict[int, Move]


def _public_tables(g: Geometry, step_moves: StepTables, king_moves: KingTable) -> _PublicTables:
    """The ``Move`` objects and sort codes of the internal plain moves."""
    square_of = g.square_of_bit
    promotion = g.promotion_mask

    def code(frm_bit: int, to_bit: int, king: int) -> int:
        return (square_of[frm_bit] << 8 | square_of[to_bit]) << 1 | king

    def man_step(frm_bit: int, to_bit: int) -> Move:
        # A man's step goes up for White, down for Black: it crowns on that side's last row.
        crowning_row = promotion[0] if to_bit < frm_bit else promotion[1]
        path = (square_of[frm_bit], square_of[to_bit])
        return Move(path, (), bool(crowning_row >> to_bit & 1))

    code_moves: dict[int, Move] = {}
    public_steps: list[dict[int, Move]] = []
    code_steps: list[dict[int, int]] = []
    for table in step_moves:
        public_steps.append({})
        code_steps.append({})
        for t, m in table.items():
            frm_bit, to_bit = m[0].bit_length() - 1, m[1].bit_length() - 1
            public_steps[-1][t] = code_moves[code(frm_bit, to_bit, 0)] = man_step(frm_bit, to_bit)
            code_steps[-1][t] = code(frm_bit, to_bit, 0)
    king_codes = []
    for b, per_bit in enumerate(king_moves):
        per_dirs = []
        for per_dir in per_bit:
            codes: list[int] = []
            for m in per_dir:
                to_bit = m[1].bit_length() - 1
                c = code(b, to_bit, 1)
                code_moves[c] = Move((square_of[b], square_of[to_bit]))
                codes.append(c)
            per_dirs.append(tuple(codes))
        king_codes.append(tuple(per_dirs))
    return _PublicTables(public_steps, code_steps, tuple(king_codes), code_moves)


def _plain_names(steps: Sequence[Mapping[int, object]], kings: object) -> dict[str, object]:
    """The plain-move tables under the names the rule modules read."""
    return {
        "PLAIN_UL": steps[0],
        "PLAIN_UR": steps[1],
        "PLAIN_DL": steps[2],
        "PLAIN_DR": steps[3],
        "PLAIN_UP": {b: (m, steps[1][b]) for b, m in steps[0].items() if b in steps[1]},
        "PLAIN_DOWN": {b: (m, steps[3][b]) for b, m in steps[2].items() if b in steps[3]},
        "PLAIN_KINGS": kings,
    }


@cache
def _build(v: Variant) -> MoveGenerator:
    """Build the tables of variant ``v`` and compile its rules against them."""
    g = v.geometry
    promotion = g.promotion_mask
    all_jumps, man_jumps = _jump_tables(v)
    step_moves, king_moves = _plain_move_tables(v)
    public = _public_tables(g, step_moves, king_moves)
    move_of_code = public.code_moves.__getitem__

    constants = rule_constants(v)
    tables = {
        "RAY_MASKS": g.ray_masks,
        "ALL_JUMPS": all_jumps,
        "MAN_JUMPS": man_jumps,
        "PROMOTION": promotion,
    }
    internal_captures, public_captures = _single_capture_tables(v)
    rules = specialise(
        constants,
        {
            **tables,
            **_plain_names(step_moves, king_moves),
            "SINGLE_CAPTURES": (internal_captures, internal_captures),
        },
    )
    rules["plain_moves"] = rules["king_plain_moves"] = rules["list_plain_moves"]
    rules["single_captures"] = rules["list_single_captures"]
    # The plain-move lister over the public ``Move`` of each man's step (for a side without
    # kings: no king table), and over the sort codes.
    men_public = specialise(
        constants,
        {
            **tables,
            **_plain_names(public.public_steps, ()),
            "SINGLE_CAPTURES": public_captures,
        },
    )
    coded = specialise(constants, {**tables, **_plain_names(public.code_steps, public.king_codes)})
    coded_moves = coded["list_plain_moves"]

    def sorted_plain_moves(
        us: int, kings: int, color: int, occupied: int, empty: int, men: int, my_kings: int
    ) -> list[Move]:
        codes = coded_moves(us, kings, color, occupied, empty, men, my_kings)
        codes.sort()
        return list(map(move_of_code, codes))

    public_singles = men_public["list_single_captures"]

    def sorted_single_captures(
        color: int, land_ul: int, land_ur: int, land_dl: int, land_dr: int
    ) -> list[Move]:
        moves: list[Move] = public_singles(color, land_ul, land_ur, land_dl, land_dr)
        # One piece each: no two share start and end, and tuple order is the official order.
        moves.sort()
        return moves

    # The same code once more, listing plain moves and one-piece captures as public ``Move``
    # objects (``legal``).
    public_rules = specialise(
        constants,
        {
            **tables,
            "plain_moves": sorted_plain_moves if g.inverted else men_public["list_plain_moves"],
            "king_plain_moves": sorted_plain_moves,
            "single_captures": sorted_single_captures,
        },
    )

    return MoveGenerator(
        variant=v,
        promotion=promotion,
        generate=rules["generate"],
        count=rules["count"],
        apply=rules["apply"],
        legal=public_rules["generate"],
        has_capture=rules["has_capture"],
        has_quiet_move=rules["has_quiet_move"],
        perft=rules["perft"],
    )
