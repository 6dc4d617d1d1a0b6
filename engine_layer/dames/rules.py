"""The entry points of the move rules: must a side capture, its legal moves, how many, the
position after one. Written once for every variant and compiled per variant by
``dames.specialise`` (see ``dames.rules_base`` for how, and for the rules themselves).

Single captures by men, nearly all captures in practice, are found and counted set-wise: a
first jump whose landing square offers no onward jump (found set-wise as well) is a complete
one-piece capture. Only men that can go on, and kings, are followed square by square
(``dames.rules_captures``). Counting the moves (``count``, perft's last ply) walks captures
exactly as listing them does, through the counting twins of the capture walkers.
"""

from __future__ import annotations

from dames.internal_move import InternalMove
from dames.rules_base import (
    BACKWARD,
    BOARD,
    FLYING,
    ITALIAN,
    LARGE,
    MAJORITY,
    MEN_TAKE_KINGS,
    PLAIN_DL,
    PLAIN_DOWN,
    PLAIN_DR,
    PLAIN_KINGS,
    PLAIN_UL,
    PLAIN_UP,
    PLAIN_UR,
    PROMOTION,
    RAY_MASKS,
    SINGLE_CAPTURES,
    SMALL,
    _after,
    _forward_steps,
    _free,
    _jumps,
    _landings,
    _nearest,
    _sides,
    counted,
    unrolled,
)
from dames.rules_captures import _captures


def plain_moves(
    us: int, kings: int, color: int, occupied: int, empty: int, men: int, my_kings: int
) -> list[InternalMove]:
    """The plain moves (no capture possible) of a side without kings; ``king_plain_moves``
    of a side with kings. Bound per generator by ``dames.movegen``: both to
    ``list_plain_moves`` over internal tuples (``generate``), or to listers of the public
    ``Move`` objects in official order (``legal``)."""
    raise NotImplementedError("bound by dames.movegen")


king_plain_moves = plain_moves


def list_plain_moves(
    us: int, kings: int, color: int, occupied: int, empty: int, men: int, my_kings: int
) -> list[InternalMove]:
    """The plain moves, as the entries of the ``PLAIN_*`` tables.

    Men's moves come out ordered by start bit, then end bit (on a non-inverted board that is
    the official order); then each king's, by direction, nearest square first.
    """
    out: list[InternalMove] = []
    append = out.append
    extend = out.extend
    for side, white_moves in unrolled(((0, True), (1, False))):
        if color == side:
            left = men & ((empty << LARGE) if white_moves else (empty >> SMALL))
            right = men & ((empty << SMALL) if white_moves else (empty >> LARGE))
            movers = left | right
            both = left & right  # a man with both steps: its two entries in one lookup
            while movers:
                low = movers & -movers
                movers ^= low
                if low & both:
                    extend((PLAIN_UP if white_moves else PLAIN_DOWN)[low])
                elif low & left:
                    append((PLAIN_UL if white_moves else PLAIN_DL)[low])
                else:
                    append((PLAIN_UR if white_moves else PLAIN_DR)[low])
    k = my_kings
    while k:
        low = k & -k
        k ^= low
        bit = low.bit_length() - 1
        moves = PLAIN_KINGS[bit]
        if not FLYING:
            for d, step in unrolled(
                ((0, low >> LARGE), (1, low >> SMALL), (2, low << SMALL), (3, low << LARGE))
            ):
                if step & empty:
                    append(moves[d][0])
        else:
            masks = RAY_MASKS[bit]
            for d, up in unrolled(((0, True), (1, True), (2, False), (3, False))):
                ray = masks[d]
                blockers = ray & occupied
                (free,) = _free(ray, blockers, up)
                if free == ray:
                    extend(moves[d])
                elif free:
                    extend(moves[d][: free.bit_count()])
    return out


def single_captures(
    color: int, land_ul: int, land_ur: int, land_dl: int, land_dr: int
) -> list[InternalMove]:
    """The men's one-piece captures landing on ``land_*`` (per direction), none going on.
    Bound by ``dames.movegen``, as ``plain_moves`` is: to ``list_single_captures`` over
    internal tuples (``generate``), or to a lister of public ``Move`` objects in official
    order (``legal``)."""
    raise NotImplementedError("bound by dames.movegen")


def list_single_captures(
    color: int, land_ul: int, land_ur: int, land_dl: int, land_dr: int
) -> list[InternalMove]:
    """The entries of ``SINGLE_CAPTURES`` for these landings: by direction, then landing bit
    (the order ``_captures`` lists one-piece captures in)."""
    out: list[InternalMove] = []
    append = out.append
    tables = SINGLE_CAPTURES[color]
    for landed, d in unrolled(((land_ul, 0), (land_ur, 1), (land_dl, 2), (land_dr, 3))):
        ends = landed
        if ends:
            table = tables[d]
            while ends:
                low = ends & -ends
                ends ^= low
                append(table[low])
    return out


def _kings(my_kings: int, them: int, occupied: int, empty: int, color: int, counting: bool) -> int:
    """-1 as soon as one of ``my_kings`` can capture; else their plain moves if ``counting``
    (else 0).

    A flying king captures along a diagonal whose nearest occupied square holds an opponent
    piece with an empty square right behind it; it moves to the empty squares before it.
    """
    if not FLYING:
        up_left, up_right, down_left, down_right = _jumps(empty, them, color, True)
        if my_kings & (up_left | up_right | down_left | down_right):
            return -1
        if not counting:
            return 0
        return (
            ((my_kings >> LARGE) & empty).bit_count()
            + ((my_kings >> SMALL) & empty).bit_count()
            + ((my_kings << SMALL) & empty).bit_count()
            + ((my_kings << LARGE) & empty).bit_count()
        )
    n = 0
    k = my_kings
    while k:
        low = k & -k
        k ^= low
        masks = RAY_MASKS[low.bit_length() - 1]
        for d, up, shift in unrolled(
            ((0, True, LARGE), (1, True, SMALL), (2, False, SMALL), (3, False, LARGE))
        ):
            ray = masks[d]
            blockers = ray & occupied
            (nearest,) = _nearest(blockers, up)
            if nearest & them and ((nearest >> shift) if up else (nearest << shift)) & empty:
                return -1
            if counting:
                (free,) = _free(ray, blockers, up)
                n += free.bit_count()
    return n


def has_capture(us: int, them: int, kings: int, color: int) -> bool:
    """Whether the side ``color`` (pieces ``us``) must capture."""
    empty = BOARD ^ (us | them)
    targets = them if MEN_TAKE_KINGS else them & ~kings
    jump_ul, jump_ur, jump_dl, jump_dr = _jumps(empty, targets, color, BACKWARD)
    if us & ~kings & (jump_ul | jump_ur | jump_dl | jump_dr):
        return True
    my_kings = us & kings
    return bool(my_kings) and _kings(my_kings, them, us | them, empty, color, False) < 0


def has_quiet_move(us: int, them: int, kings: int, color: int) -> bool:
    """Whether the side ``color`` has a move that is not a capture (legal when it need not
    capture): a man's step forward or a king's step."""
    empty = BOARD ^ (us | them)
    men = us & ~kings
    left, right = _forward_steps(men, empty, color)
    if left | right:
        return True
    my_kings = us & kings
    return bool(
        ((my_kings >> LARGE) | (my_kings >> SMALL) | (my_kings << SMALL) | (my_kings << LARGE))
        & empty
    )


def generate(us: int, them: int, kings: int, color: int) -> list[InternalMove]:
    """The legal moves of the side ``color`` whose pieces are ``us``.

    Men whose first jumps all end where no jump goes on (found set-wise, as in ``count``)
    make one-piece captures only, listed from a table: most positions with a capture.
    """
    occupied, empty, men, targets, my_kings = _sides(us, them, kings)
    jump_ul, jump_ur, jump_dl, jump_dr = _jumps(empty, targets, color, BACKWARD)
    jumping = jump_ul | jump_ur | jump_dl | jump_dr
    if men & jumping:
        if not my_kings and not ITALIAN:
            land_ul, land_ur, land_dl, land_dr = _landings(
                men, jump_ul, jump_ur, jump_dl, jump_dr
            )
            if not (land_ul | land_ur | land_dl | land_dr) & jumping:
                return single_captures(color, land_ul, land_ur, land_dl, land_dr)
        return _captures(us, them, kings, color, empty, men, jump_ul, jump_ur, jump_dl, jump_dr)
    if my_kings and _kings(my_kings, them, occupied, empty, color, False) < 0:
        return _captures(us, them, kings, color, empty, men, jump_ul, jump_ur, jump_dl, jump_dr)
    if my_kings:
        return king_plain_moves(us, kings, color, occupied, empty, men, my_kings)
    return plain_moves(us, kings, color, occupied, empty, men, my_kings)


def count(us: int, them: int, kings: int, color: int) -> int:
    """``len(generate(...))``, without lists when nothing can be captured or when the men's
    captures are all single jumps."""
    occupied, empty, men, targets, my_kings = _sides(us, them, kings)
    jump_ul, jump_ur, jump_dl, jump_dr = _jumps(empty, targets, color, BACKWARD)
    jumping = jump_ul | jump_ur | jump_dl | jump_dr
    if men & jumping:
        if not my_kings and not ITALIAN:
            land_ul, land_ur, land_dl, land_dr = _landings(
                men, jump_ul, jump_ur, jump_dl, jump_dr
            )
            if not (land_ul | land_ur | land_dl | land_dr) & jumping:
                return (
                    land_ul.bit_count()
                    + land_ur.bit_count()
                    + land_dl.bit_count()
                    + land_dr.bit_count()
                )
            # Captures of two pieces: a second jump from a landing (never straight back: a
            # first landing is in no jump set leading back over the piece just taken, since
            # the jump sets see the man's start square occupied). Complete unless their
            # landing is in a jump set not leading back (an over-estimate of a third jump,
            # which may not cross the first piece taken): else walked square by square.
            twos = 0
            further_ul = further_ur = further_dl = further_dr = 0
            for landed in unrolled((land_ul, land_ur, land_dl, land_dr)):
                for jump, further, shift, down in unrolled(
                    (
                        (jump_ul, further_ul, LARGE, False),
                        (jump_ur, further_ur, SMALL, False),
                        (jump_dl, further_dl, SMALL, True),
                        (jump_dr, further_dr, LARGE, True),
                    )
                ):
                    second = landed & jump
                    if second:
                        twos += second.bit_count()
                        further |= (second << (2 * shift)) if down else (second >> (2 * shift))
            if not (
                further_ul & (jump_ul | jump_ur | jump_dl)
                | further_ur & (jump_ul | jump_ur | jump_dr)
                | further_dl & (jump_ul | jump_dl | jump_dr)
                | further_dr & (jump_ur | jump_dl | jump_dr)
            ):
                if MAJORITY:
                    return twos
                return twos + (
                    (land_ul & ~jumping).bit_count()
                    + (land_ur & ~jumping).bit_count()
                    + (land_dl & ~jumping).bit_count()
                    + (land_dr & ~jumping).bit_count()
                )
        return counted(_captures)(
            us, them, kings, color, empty, men, jump_ul, jump_ur, jump_dl, jump_dr
        )
    left, right = _forward_steps(men, empty, color)
    n = left.bit_count() + right.bit_count()
    if not my_kings:
        return n
    king_moves = _kings(my_kings, them, occupied, empty, color, True)
    if king_moves < 0:
        return counted(_captures)(
            us, them, kings, color, empty, men, jump_ul, jump_ur, jump_dl, jump_dr
        )
    return n + king_moves


def apply(
    white: int, black: int, kings: int, color: int, move: InternalMove
) -> tuple[int, int, int]:
    """The bitboards ``(white, black, kings)`` after ``move`` of the side ``color``."""
    frm, to, captured = move[0], move[1], move[2]
    crowning = PROMOTION[color]
    for side, white_moves in unrolled(((0, True), (1, False))):
        if color == side:
            new_white, new_black, new_kings = _after(
                white, black, kings, frm, to, captured, crowning, white_moves
            )
            return new_white, new_black, new_kings
    raise ValueError(f"color must be 0 or 1, not {color!r}")
