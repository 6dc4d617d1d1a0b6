"""Perft, compiled with the rules (see ``dames.rules_base``): the number of move sequences of
a given length, with the last two plies counted in bulk.

The last ply is counted, never listed (``count``). In a position without kings, the two last
plies are counted set-wise (``_frontier``): a whole direction of the side's steps at once,
and the children where the opponent must capture one by one.
"""

from __future__ import annotations

from dames.rules import count, generate
from dames.rules_base import (
    BACKWARD,
    BOARD,
    LARGE,
    MEN_TAKE_KINGS,
    PROMOTION,
    SMALL,
    _after,
    _jumps,
    _landings,
    unrolled,
)


def perft(white: int, black: int, kings: int, color: int, depth: int) -> int:
    """The number of move sequences of ``depth`` >= 1 plies from a position, the last ply
    counted by ``count`` (bulk counting); the two last plies are the hot loop."""
    total = 0
    for side, white_moves in unrolled(((0, True), (1, False))):
        if color == side:
            us = white if white_moves else black
            them = black if white_moves else white
            if depth == 1:
                return count(us, them, kings, side)
            crowning = PROMOTION[side]
            if depth == 2:
                if not kings:
                    total = _frontier(white, black, side)
                    if total >= 0:
                        return total
                    total = 0
                for frm, to, captured, _, _ in generate(us, them, kings, side):
                    new_white, new_black, new_kings = _after(
                        white, black, kings, frm, to, captured, crowning, white_moves
                    )
                    if white_moves:
                        total += count(new_black, new_white, new_kings, 1)
                    else:
                        total += count(new_white, new_black, new_kings, 0)
                return total
            for frm, to, captured, _, _ in generate(us, them, kings, side):
                new_white, new_black, new_kings = _after(
                    white, black, kings, frm, to, captured, crowning, white_moves
                )
                total += perft(new_white, new_black, new_kings, 1 - side, depth - 1)
            return total
    raise ValueError(f"color must be 0 or 1, not {color!r}")


def _frontier(white: int, black: int, color: int) -> int:
    """``perft(..., 2)`` of a position without kings, or -1 if the side to move (X) has a
    capture of more than one piece (then its moves are listed).

    If X must capture, each single jump is played and the opponent's (Y's) replies counted.
    Else X steps men, and Y, with men only, replies. If Y could already capture before X's
    step, every child is counted. If not, after X steps a man from ``frm`` to ``to``, Y can
    capture only over ``to`` or onto ``frm``: those children are counted one by one. In every
    other child Y steps, and its number of steps is the parent's, less the steps into ``to``,
    plus those into ``frm``: summed over all such children at once, per direction of X's
    steps.
    """
    for side, white_moves in unrolled(((0, True), (1, False))):
        if color == side:
            us = white if white_moves else black
            them = black if white_moves else white
            empty = BOARD ^ (us | them)
            crowning = PROMOTION[side]
            total = 0
            jump_ul, jump_ur, jump_dl, jump_dr = _jumps(empty, them, side, BACKWARD)
            jumping = jump_ul | jump_ur | jump_dl | jump_dr
            if us & jumping:
                return _frontier_captures(
                    us, them, side, jump_ul, jump_ur, jump_dl, jump_dr, jumping
                )
            # The squares one step from Y's men: up-left, up-right, down-left, down-right.
            y_ul, y_ur, y_dl, y_dr = them >> LARGE, them >> SMALL, them << SMALL, them << LARGE
            # Y's jumps over X's men: the squares they land on (were those empty).
            lands = (
                (((y_ul & us) >> LARGE) | ((y_ur & us) >> SMALL)
                 if BACKWARD or not white_moves else 0)
                | (((y_dl & us) << SMALL) | ((y_dr & us) << LARGE)
                   if BACKWARD or white_moves else 0)
            )
            every_child = lands & empty  # Y can capture already
            if not every_child:
                # Squares where an X man would be taken (a Y man before, an empty square
                # behind), where Y's men step, and how many steps Y has.
                exposed = (
                    (y_ul & (empty << LARGE)) | (y_ur & (empty << SMALL))
                    if BACKWARD or not white_moves else 0
                ) | (
                    (y_dl & (empty >> SMALL)) | (y_dr & (empty >> LARGE))
                    if BACKWARD or white_moves else 0
                )
                y_step_1 = y_dl if white_moves else y_ul
                y_step_2 = y_dr if white_moves else y_ur
                base = (y_step_1 & empty).bit_count() + (y_step_2 & empty).bit_count()
            for shift, behind in unrolled(
                ((LARGE, y_dr if white_moves else y_ul), (SMALL, y_dl if white_moves else y_ur))
            ):
                # X's men stepping this way (from ``frm`` to ``to``).
                movers = us & ((empty << shift) if white_moves else (empty >> shift))
                if every_child:
                    one_by_one = movers
                else:
                    landing = (movers >> shift) if white_moves else (movers << shift)
                    # ``behind``: Y men that would jump back over ``to`` onto ``frm``.
                    taken = landing & (exposed | behind)
                    if not MEN_TAKE_KINGS:
                        taken &= ~crowning  # crowned there: a king, which men do not take
                    taken_from = (taken << shift) if white_moves else (taken >> shift)
                    one_by_one = movers & (lands | taken_from)
                    quiet = movers & ~one_by_one
                    if quiet:
                        quiet_to = (quiet >> shift) if white_moves else (quiet << shift)
                        total += (
                            quiet.bit_count() * base
                            + (quiet & y_step_1).bit_count()
                            + (quiet & y_step_2).bit_count()
                            - (quiet_to & y_step_1).bit_count()
                            - (quiet_to & y_step_2).bit_count()
                        )
                while one_by_one:
                    frm = one_by_one & -one_by_one
                    one_by_one ^= frm
                    to = (frm >> shift) if white_moves else (frm << shift)
                    total += count(them, us ^ (frm | to), to & crowning, 1 - side)
            return total
    raise ValueError(f"color must be 0 or 1, not {color!r}")


def _frontier_captures(
    us: int,
    them: int,
    side: int,
    jump_ul: int,
    jump_ur: int,
    jump_dl: int,
    jump_dr: int,
    jumping: int,
) -> int:
    """``_frontier`` when the side to move (X, ``side``) must capture: each single jump is
    played and Y's replies counted; -1 if a capture goes on past its first jump. Apart from
    ``_frontier`` because positions with a capture are the fewer (one call more for those)."""
    land_ul, land_ur, land_dl, land_dr = _landings(us, jump_ul, jump_ur, jump_dl, jump_dr)
    if (land_ul | land_ur | land_dl | land_dr) & jumping:
        return -1
    crowning = PROMOTION[side]
    total = 0
    for first, shift, down in unrolled(
        (
            (land_ul, LARGE, False),
            (land_ur, SMALL, False),
            (land_dl, SMALL, True),
            (land_dr, LARGE, True),
        )
    ):
        landings = first
        while landings:
            to = landings & -landings
            landings ^= to
            mid = (to >> shift) if down else (to << shift)
            frm = (mid >> shift) if down else (mid << shift)
            total += count(them & ~mid, us ^ (frm | to), to & crowning, 1 - side)
    return total
