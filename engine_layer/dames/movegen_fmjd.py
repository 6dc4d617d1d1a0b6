"""The unrolled fast path of the move generator for FMJD rules (international, Brazilian).

Men capture both ways, kings fly, the majority rule applies. Here the four diagonal
directions are written out one by one and single captures are found and counted set-wise: a
first jump whose landing square offers no onward jump (also found set-wise) is a complete
one-piece capture. Only men that can go on, and kings, are followed square by square, with
the generic depth-first searches of ``dames.movegen``. The results are the same as the
generic ``generate``/``count`` (the perft and reference-generator tests hold both to that).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dames.internal_move import InternalMove


def build_fmjd_fast_path(
    *,
    board: int,
    large: int,
    small: int,
    ray_masks: tuple[tuple[int, ...], ...],
    all_jumps: Any,
    man_dfs: Callable[..., None],
    flying_king_dfs: Callable[..., None],
    man_count_dfs: Callable[..., None],
    flying_count_dfs: Callable[..., None],
    flying_kings_can_capture: Callable[[int, int, int, int], bool],
    count_captures: Callable[[int, int, int, int], int],
    plain_moves: Callable[..., list[InternalMove]],
) -> tuple[Callable[[int, int, int, int], int], Callable[[int, int, int, int], list]]:
    """Return ``(count, generate)`` bound to one board's tables (see ``dames.movegen``)."""

    def flying_kings_count(my_kings: int, them: int, occupied: int, empty: int) -> int:
        """Plain moves of flying kings, or -1 as soon as one of them can capture."""
        n = 0
        k = my_kings
        while k:
            low = k & -k
            k ^= low
            masks = ray_masks[low.bit_length() - 1]
            ray = masks[0]
            blockers = ray & occupied
            if blockers:
                nearest = 1 << (blockers.bit_length() - 1)
                if nearest & them and (nearest >> large) & empty:
                    return -1
                n += (ray & ~((nearest << 1) - 1)).bit_count()
            else:
                n += ray.bit_count()
            ray = masks[1]
            blockers = ray & occupied
            if blockers:
                nearest = 1 << (blockers.bit_length() - 1)
                if nearest & them and (nearest >> small) & empty:
                    return -1
                n += (ray & ~((nearest << 1) - 1)).bit_count()
            else:
                n += ray.bit_count()
            ray = masks[2]
            blockers = ray & occupied
            if blockers:
                nearest = blockers & -blockers
                if nearest & them and (nearest << small) & empty:
                    return -1
                n += (ray & (nearest - 1)).bit_count()
            else:
                n += ray.bit_count()
            ray = masks[3]
            blockers = ray & occupied
            if blockers:
                nearest = blockers & -blockers
                if nearest & them and (nearest << large) & empty:
                    return -1
                n += (ray & (nearest - 1)).bit_count()
            else:
                n += ray.bit_count()
        return n

    def count_both_ways(us: int, them: int, kings: int, color: int) -> int:
        """``count`` unrolled for men that capture both ways and flying kings (FMJD rules)."""
        occupied = us | them
        empty = board & ~occupied
        men = us & ~kings
        # jump_*: squares from which a jump in that direction exists (any piece could make it)
        jump_ul = ((empty << large) & them) << large
        jump_ur = ((empty << small) & them) << small
        jump_dl = ((empty >> small) & them) >> small
        jump_dr = ((empty >> large) & them) >> large
        if men & (jump_ul | jump_ur | jump_dl | jump_dr):
            return count_men_captures_both_ways(
                us, them, kings, color, empty, men, jump_ul, jump_ur, jump_dl, jump_dr
            )
        if color == 0:
            n = ((men >> large) & empty).bit_count() + ((men >> small) & empty).bit_count()
        else:
            n = ((men << small) & empty).bit_count() + ((men << large) & empty).bit_count()
        my_kings = us & kings
        if not my_kings:
            return n
        king_moves_n = flying_kings_count(my_kings, them, occupied, empty)
        if king_moves_n < 0:
            return count_captures(us, them, kings, color)
        return n + king_moves_n

    def count_men_captures_both_ways(
        us, them, kings, color, empty, men, jump_ul, jump_ur, jump_dl, jump_dr
    ) -> int:
        singles = 0
        acc: list[tuple[int, int, int, int]] = []
        jumps = all_jumps
        twice_l = 2 * large
        twice_s = 2 * small
        src = jump_ul & men
        if src:
            land = src >> twice_l
            onward = jump_ul | jump_ur | jump_dl
            singles += (land & ~onward).bit_count()
            going_on = land & onward
            while going_on:
                low_land = going_on & -going_on
                going_on ^= low_land
                low = low_land << twice_l
                man_count_dfs(
                    low_land.bit_length() - 1, low >> large, 1, them, empty | low, jumps, low, acc
                )
        src = jump_ur & men
        if src:
            land = src >> twice_s
            onward = jump_ul | jump_ur | jump_dr
            singles += (land & ~onward).bit_count()
            going_on = land & onward
            while going_on:
                low_land = going_on & -going_on
                going_on ^= low_land
                low = low_land << twice_s
                man_count_dfs(
                    low_land.bit_length() - 1, low >> small, 1, them, empty | low, jumps, low, acc
                )
        src = jump_dl & men
        if src:
            land = src << twice_s
            onward = jump_ul | jump_dl | jump_dr
            singles += (land & ~onward).bit_count()
            going_on = land & onward
            while going_on:
                low_land = going_on & -going_on
                going_on ^= low_land
                low = low_land >> twice_s
                man_count_dfs(
                    low_land.bit_length() - 1, low << small, 1, them, empty | low, jumps, low, acc
                )
        src = jump_dr & men
        if src:
            land = src << twice_l
            onward = jump_ur | jump_dl | jump_dr
            singles += (land & ~onward).bit_count()
            going_on = land & onward
            while going_on:
                low_land = going_on & -going_on
                going_on ^= low_land
                low = low_land >> twice_l
                man_count_dfs(
                    low_land.bit_length() - 1, low << large, 1, them, empty | low, jumps, low, acc
                )
        k = us & kings
        while k:
            low = k & -k
            k ^= low
            flying_count_dfs(low.bit_length() - 1, 0, 0, them, empty | low, low, acc)
        if not acc:
            return singles
        best = max(a[0] for a in acc)
        distinct = len({(a[1], a[2], a[3]) for a in acc if a[0] == best})
        return distinct + singles if best == 1 else distinct

    def captures_both_ways(
        us, them, kings, empty, men, jump_ul, jump_ur, jump_dl, jump_dr
    ) -> list[InternalMove]:
        """``captures`` unrolled for FMJD rules; single captures are found set-wise."""
        seqs: list = []
        single_sets = []  # (landing squares that end the capture, step from start to landing)
        for src_dirs, onward, shift in (
            (jump_ul, jump_ul | jump_ur | jump_dl, -large),
            (jump_ur, jump_ul | jump_ur | jump_dr, -small),
            (jump_dl, jump_ul | jump_dl | jump_dr, small),
            (jump_dr, jump_ur | jump_dl | jump_dr, large),
        ):
            src = src_dirs & men
            if not src:
                continue
            land = src << (2 * shift) if shift > 0 else src >> (-2 * shift)
            ends = land & ~onward
            if ends:
                single_sets.append((ends, shift))
            going_on = land & onward
            while going_on:
                low_land = going_on & -going_on
                going_on ^= low_land
                if shift > 0:
                    low = low_land >> (2 * shift)
                    mid = low << shift
                else:
                    low = low_land << (-2 * shift)
                    mid = low >> -shift
                land_idx = low_land.bit_length() - 1
                man_dfs(
                    land_idx,
                    (low.bit_length() - 1, land_idx),
                    (mid.bit_length() - 1,),
                    mid,
                    them,
                    empty | low,
                    all_jumps,
                    seqs,
                )
        k = us & kings
        while k:
            low = k & -k
            k ^= low
            start = low.bit_length() - 1
            flying_king_dfs(start, (start,), (), 0, them, empty | low, seqs)
        best = max(len(q[1]) for q in seqs) if seqs else 1
        out: list[InternalMove] = []
        if best == 1:
            for ends, shift in single_sets:
                while ends:
                    low_land = ends & -ends
                    ends ^= low_land
                    if shift > 0:
                        low = low_land >> (2 * shift)
                        mid = low << shift
                    else:
                        low = low_land << (-2 * shift)
                        mid = low >> -shift
                    out.append(
                        (
                            low,
                            low_land,
                            mid,
                            (low.bit_length() - 1, low_land.bit_length() - 1),
                            (mid.bit_length() - 1,),
                        )
                    )
        seen: set[tuple[int, int, int]] = set()
        for path, caps, captured in seqs:
            if len(caps) != best:
                continue
            ident = (path[0], path[-1], captured)
            if ident in seen:
                continue
            seen.add(ident)
            out.append((1 << path[0], 1 << path[-1], captured, path, caps))
        return out

    def generate_both_ways(us: int, them: int, kings: int, color: int) -> list[InternalMove]:
        """``generate`` for FMJD rules, sharing the set-wise jump detection with the captures."""
        occupied = us | them
        empty = board & ~occupied
        men = us & ~kings
        jump_ul = ((empty << large) & them) << large
        jump_ur = ((empty << small) & them) << small
        jump_dl = ((empty >> small) & them) >> small
        jump_dr = ((empty >> large) & them) >> large
        my_kings = us & kings
        if men & (jump_ul | jump_ur | jump_dl | jump_dr) or (
            my_kings and flying_kings_can_capture(my_kings, them, occupied, empty)
        ):
            return captures_both_ways(
                us, them, kings, empty, men, jump_ul, jump_ur, jump_dl, jump_dr
            )
        return plain_moves(us, kings, color, occupied, empty, men, my_kings)

    return count_both_ways, generate_both_ways
