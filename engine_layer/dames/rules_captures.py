"""Captures followed square by square: the men that can go on after a first jump, and kings.
Part of the rules written once (see ``dames.rules_base``), compiled per variant.

The capture functions are marked ``@twin``: ``dames.specialise`` compiles each twice, as
written (``COUNTING`` false) and as ``<name>_counted`` with ``COUNTING`` true, where a capture
keeps only its two ends and its captured set (no path, no captured squares in order) and the
result is a number (``counted(_captures)`` names it).
"""

from __future__ import annotations

from collections.abc import Iterable

from dames.internal_move import InternalMove
from dames.rules_base import (
    ALL_JUMPS,
    BOARD,
    COUNTING,
    FLYING,
    ITALIAN,
    LARGE,
    MAJORITY,
    MAN_JUMPS,
    MEN_TAKE_KINGS,
    RAY_MASKS,
    SMALL,
    JumpTable,
    Sequence,
    _beyond,
    _free,
    _jumps,
    _nearest,
    twin,
    unrolled,
)


@twin
def _captures(
    us: int, them: int, kings: int, color: int, empty: int, men: int,
    jump_ul: int, jump_ur: int, jump_dl: int, jump_dr: int,
) -> list[InternalMove]:
    """The legal captures, given the first-jump sets of the men (one per direction); in the
    counting twin, how many there are."""
    targets = them if MEN_TAKE_KINGS else them & ~kings
    jumps = MAN_JUMPS[color]
    seqs: list[Sequence] = []
    single_count = 0  # the counting twin's one-piece captures
    # Under the majority rule one-piece captures are only listed when nothing takes more:
    # they wait here as (landing squares, shift from the start to the jumped square, < 0 up).
    singles: list[tuple[int, int]] = []
    # After a first jump a man may go on in any direction of its own but straight back.
    for first, onward_jumps, shift, down in unrolled(
        (
            (jump_ul, jump_ul | jump_ur | jump_dl, LARGE, False),
            (jump_ur, jump_ul | jump_ur | jump_dr, SMALL, False),
            (jump_dl, jump_ul | jump_dl | jump_dr, SMALL, True),
            (jump_dr, jump_ur | jump_dl | jump_dr, LARGE, True),
        )
    ):
        src = first & men
        if src:
            onward = onward_jumps
            land = src << (2 * shift) if down else src >> (2 * shift)
            if COUNTING and not ITALIAN:
                single_count += (land & ~onward).bit_count()
                land &= onward
            elif MAJORITY:
                ends = land & ~onward
                if ends:
                    singles.append((ends, shift if down else -shift))
                land &= onward
            while land:
                low_land = land & -land
                land ^= low_land
                if down:
                    low = low_land >> (2 * shift)
                    mid = low << shift
                else:
                    low = low_land << (2 * shift)
                    mid = low >> shift
                land_bit = low_land.bit_length() - 1
                first_path = (low.bit_length() - 1, land_bit)
                if not MAJORITY and not low_land & onward:
                    seqs.append((first_path, (mid.bit_length() - 1,), mid))
                else:
                    _capture_dfs(
                        land_bit,
                        first_path,
                        () if COUNTING and not ITALIAN else (mid.bit_length() - 1,),
                        mid,
                        targets,
                        empty | low,
                        jumps,
                        seqs,
                    )
    # The counting twin needs no king's captures apart (only Italian precedence does).
    king_seqs: list[Sequence] = seqs if COUNTING and not ITALIAN else []
    k = us & kings
    if not FLYING:
        up_left, up_right, down_left, down_right = _jumps(empty, them, color, True)
        k &= up_left | up_right | down_left | down_right
    while k:
        low = k & -k
        k ^= low
        start = low.bit_length() - 1
        jumps_of_king = None if FLYING else ALL_JUMPS
        _capture_dfs(start, (start,), (), 0, them, empty | low, jumps_of_king, king_seqs)
    return _select_captures(seqs, king_seqs, singles, single_count, kings)


@twin
def _select_captures(
    seqs: list[Sequence],
    king_seqs: list[Sequence],
    singles: list[tuple[int, int]],
    single_count: int,
    kings: int,
) -> list[InternalMove]:
    """The legal captures among the complete ones found by ``_captures`` (its men's ``seqs``,
    its kings' ``king_seqs``, the one-piece ``singles`` waiting under the majority rule), by
    the variant's precedence, each (start, end, captured set) once; in the counting twin, how
    many. Apart from ``_captures``: one call more per position with a capture."""
    if COUNTING and not ITALIAN:
        if not seqs:
            return single_count  # type: ignore[return-value]  # the counting twin's number
        if MAJORITY:
            best = max(s[2].bit_count() for s in seqs)
            distinct = len({(s[0], s[2]) for s in seqs if s[2].bit_count() == best})
            return distinct + single_count if best == 1 else distinct  # type: ignore[return-value]
        return single_count + len({(s[0], s[2]) for s in seqs})  # type: ignore[return-value]
    out: list[InternalMove] = []
    if MAJORITY:
        seqs += king_seqs
        best = max(len(s[1]) for s in seqs) if seqs else 1
        if best == 1:
            _single_captures(singles, out)
        chosen = [s for s in seqs if len(s[1]) == best]
    elif ITALIAN:
        keyed = [(_italian_key(s, 0, kings), s) for s in seqs]
        keyed += [(_italian_key(s, 1, kings), s) for s in king_seqs]
        best_key = max(key for key, _ in keyed)
        chosen = [s for key, s in keyed if key == best_key]
    else:
        chosen = seqs + king_seqs
    seen: set[tuple[int, int, int]] = set()
    for path, caps, captured in chosen:
        ident = (path[0], path[-1], captured)
        if ident not in seen:
            seen.add(ident)
            out.append((1 << path[0], 1 << path[-1], captured, path, caps))
    if COUNTING:
        return len(out)  # type: ignore[return-value]  # Italian: counted from the list
    return out


def _single_captures(singles: list[tuple[int, int]], out: list[InternalMove]) -> None:
    """Append the one-piece captures kept by ``_captures`` as (landing squares, shift from
    the start to the jumped square, < 0 up) to ``out``."""
    for ends, shift in singles:
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


def _italian_key(
    seq: Sequence, king_start: int, kings: int
) -> tuple[int, int, int, tuple[int, ...]]:
    """Italian precedence, greatest first: most pieces, by a king, most kings, earliest king."""
    caps = seq[1]
    king_positions = tuple(-i for i, c in enumerate(caps) if kings >> c & 1)
    return (len(caps), king_start, len(king_positions), king_positions)


def _king_jumps(cur: int, them: int, captured: int, empty: int) -> list[tuple[int, int]]:
    """A flying king's jumps from bit ``cur``: (jumped mask, set of landing squares).

    Per diagonal the nearest occupied square must hold an opponent piece not yet jumped; the
    landings are the empty squares beyond it up to the next occupied square (captured pieces
    stay on the board, so they block).
    """
    occupied = BOARD & ~empty
    out: list[tuple[int, int]] = []
    masks = RAY_MASKS[cur]
    for d, up in unrolled(((0, True), (1, True), (2, False), (3, False))):
        ray = masks[d]
        blockers = ray & occupied
        (nearest,) = _nearest(blockers, up)
        if nearest & them and not nearest & captured:
            (beyond,) = _beyond(ray, nearest, up)
            further = beyond & occupied
            (landings,) = _free(beyond, further, up)
            if landings:
                out.append((nearest, landings))
    return out


@twin
def _capture_dfs(
    cur: int,
    path: tuple[int, ...],
    caps: tuple[int, ...],
    captured: int,
    targets: int,
    empty: int,
    jumps: JumpTable | None,
    out: list[Sequence],
) -> None:
    """Every complete capture of a piece on bit ``cur``: a short-jumping one (a man, or a king
    that does not fly) with its jump table ``jumps``, or a flying king (``jumps`` None)."""
    found = False
    steps: Iterable[tuple[int, int]] = (
        _king_jumps(cur, targets, captured, empty) if jumps is None else jumps[cur]
    )
    for mid_mask, landings in steps:
        if mid_mask & targets and not mid_mask & captured and landings & empty:
            found = True
            new_captured = captured | mid_mask
            new_caps = caps if COUNTING and not ITALIAN else (*caps, mid_mask.bit_length() - 1)
            landings &= empty
            while landings:
                low = landings & -landings
                landings ^= low
                land = low.bit_length() - 1
                if COUNTING and not ITALIAN:
                    _capture_dfs(land, path, new_caps, new_captured, targets, empty, jumps, out)
                else:
                    _capture_dfs(
                        land, (*path, land), new_caps, new_captured, targets, empty, jumps, out
                    )
    if not found and captured:
        out.append(
            ((path[0], cur), caps, captured) if COUNTING and not ITALIAN else (path, caps, captured)
        )
