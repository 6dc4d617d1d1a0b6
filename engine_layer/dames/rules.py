"""The move rules of every variant, written once; ``dames.specialise`` compiles them per variant.

This module is the single description of how pieces move and capture. It is never called as
it stands: ``dames.movegen`` hands its source to ``dames.specialise``, which replaces the
upper-case names below by one variant's values, drops the branches of the other variants,
inlines the ``@inline`` helpers, expands the ``unrolled`` loops and compiles the result. The
generated functions are as fast as hand-unrolled code for that variant (this is the engine's
hot path: perft, the computer's search), yet every rule lives here and only here:

* capture is compulsory, and goes on while it can; captured pieces stay on the board until
  the move ends, so they block and cannot be jumped twice (coup turc); the moving piece's
  start square counts as empty during its capture; a man that only passes the crowning row
  during a capture stays a man;
* men step forward; they capture forward only, or both ways (``BACKWARD``); they may capture
  kings or not (``MEN_TAKE_KINGS``); kings step, or fly (``FLYING``);
* the precedence rule (``MAJORITY``, ``ITALIAN``, else free choice) filters the complete
  captures, and captures with the same start, end and captured set are kept once.

Single captures by men, nearly all captures in practice, are found and counted set-wise: a
first jump whose landing square offers no onward jump (found set-wise as well) is a complete
one-piece capture. Only men that can go on, and kings, are followed square by square.

Counting the captures (``count``, perft's last ply) walks them exactly as listing them does:
the capture functions are marked ``@twin``, and ``dames.specialise`` compiles each twice, as
written (``COUNTING`` false) and as ``<name>_counted`` with ``COUNTING`` true, where a
capture keeps only its two ends and its captured set (no path, no captured squares in order)
and the result is a number. ``counted(_captures)`` names the counting twin.

Moves are ``InternalMove`` tuples (``dames.internal_move``); bitboards are in the layout of
``dames.geometry``; ``color`` is 0 (White, moving towards lower bits) or 1 (Black).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ParamSpec, TypeVar

from dames.internal_move import InternalMove

# ----------------------------------------------------------------------- per-variant values
# Placeholders: ``dames.specialise`` substitutes the variant's values for these names (the
# scalars become constants the compiler folds; the tables are globals of the generated code).
FLYING: bool = True  # kings move and capture at a distance
BACKWARD: bool = True  # men capture backwards too
MEN_TAKE_KINGS: bool = True
MAJORITY: bool = True  # the capture taking the most pieces is compulsory
ITALIAN: bool = False  # the Italian precedence rule (see _italian_key)
BOARD: int = 0  # the playing squares
LARGE: int = 0  # shift of the up-left / down-right steps
SMALL: int = 0  # shift of the up-right / down-left steps
# [bit] -> (ray mask per direction: up-left, up-right, down-left, down-right)
RAY_MASKS: tuple[tuple[int, ...], ...] = ()
# [bit] -> ((mid mask, mid bit, landing bit, landing mask), ...): short jumps every way
JumpTable = tuple[tuple[tuple[int, int, int, int], ...], ...]
ALL_JUMPS: JumpTable = ()
MAN_JUMPS: tuple[JumpTable, JumpTable] = ((), ())  # [color]: the jumps men may make
PROMOTION: tuple[int, int] = (0, 0)  # [color]: the row where that side's men are crowned
# Not a variant's switch: true in the counting twin of each ``@twin`` function. Italian
# precedence needs whole paths, so its counting twin builds them and counts the result.
COUNTING: bool = False

# A capture found square by square: (path, captured bits in jump order, captured set).
Sequence = tuple[tuple[int, ...], tuple[int, ...], int]
# In a counting twin a Sequence's path is only (start, end) and its captured squares empty.

_F = TypeVar("_F", bound=Callable[..., object])
_T = TypeVar("_T")
_P = ParamSpec("_P")


def inline(function: _F) -> _F:
    """Mark a one-expression helper that ``dames.specialise`` pastes into its callers."""
    return function


def unrolled(items: tuple[_T, ...]) -> tuple[_T, ...]:
    """Mark a ``for`` loop that ``dames.specialise`` writes out once per item."""
    return items


def twin(function: _F) -> _F:
    """Mark a function that ``dames.specialise`` also compiles with ``COUNTING`` true, as
    ``<name>_counted`` (calling the counting twins of the other ``@twin`` functions)."""
    return function


def counted(function: Callable[_P, object]) -> Callable[_P, int]:
    """The counting twin of a ``@twin`` function (``dames.specialise`` writes its name)."""
    raise NotImplementedError(f"{function.__name__}: only the compiled rules have twins")


def plain_moves(
    us: int, kings: int, color: int, occupied: int, empty: int, men: int, my_kings: int
) -> list[InternalMove]:
    """The plain moves (no capture possible), from the tables of ``dames.movegen``.

    Bound per generator: internal tuples for ``generate``, public ``Move`` objects for
    ``legal``.
    """
    raise NotImplementedError("bound by dames.movegen")


# ----------------------------------------------------------------------- set-wise primitives
@inline
def _jumps(empty: int, targets: int, color: int, backward: bool) -> tuple[int, int, int, int]:
    """Squares from which a short jump over ``targets`` exists: up-left, up-right, down-left,
    down-right. Without ``backward``, only the side's forward directions (else 0)."""
    return (
        ((empty << LARGE) & targets) << LARGE if backward or color == 0 else 0,
        ((empty << SMALL) & targets) << SMALL if backward or color == 0 else 0,
        ((empty >> SMALL) & targets) >> SMALL if backward or color == 1 else 0,
        ((empty >> LARGE) & targets) >> LARGE if backward or color == 1 else 0,
    )


@inline
def _forward_steps(men: int, empty: int, color: int) -> tuple[int, int]:
    """Where the side's men can step: the left and the right forward squares."""
    return (
        (men >> LARGE) & empty if color == 0 else (men << SMALL) & empty,
        (men >> SMALL) & empty if color == 0 else (men << LARGE) & empty,
    )


@inline
def _nearest(squares: int, up: bool) -> tuple[int]:
    """The one of ``squares`` (on one ray) nearest the ray's origin: upward rays run to lower
    bits, so it is their highest bit; on downward rays the lowest."""
    return (1 << (squares.bit_length() - 1) if up else squares & -squares,)


@inline
def _before(ray: int, square: int, up: bool) -> tuple[int]:
    """The squares of ``ray`` between its origin and ``square`` (a square of the ray)."""
    return (ray & ~((square << 1) - 1) if up else ray & (square - 1),)


@inline
def _beyond(ray: int, square: int, up: bool) -> tuple[int]:
    """The squares of ``ray`` past ``square`` (a square of the ray)."""
    return (ray & (square - 1) if up else ray & ~((square << 1) - 1),)


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
            if blockers:
                (nearest,) = _nearest(blockers, up)
                if nearest & them and ((nearest >> shift) if up else (nearest << shift)) & empty:
                    return -1
                if counting:
                    (free,) = _before(ray, nearest, up)
                    n += free.bit_count()
            elif counting:
                n += ray.bit_count()
    return n


# ----------------------------------------------------------------------- the entry points
def has_capture(us: int, them: int, kings: int, color: int) -> bool:
    """Whether the side ``color`` (pieces ``us``) must capture."""
    empty = BOARD & ~(us | them)
    targets = them if MEN_TAKE_KINGS else them & ~kings
    jump_ul, jump_ur, jump_dl, jump_dr = _jumps(empty, targets, color, BACKWARD)
    if us & ~kings & (jump_ul | jump_ur | jump_dl | jump_dr):
        return True
    my_kings = us & kings
    return bool(my_kings) and _kings(my_kings, them, us | them, empty, color, False) < 0


def has_quiet_move(us: int, them: int, kings: int, color: int) -> bool:
    """Whether the side ``color`` has a move that is not a capture (legal when it need not
    capture): a man's step forward or a king's step."""
    empty = BOARD & ~(us | them)
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
    """The legal moves of the side ``color`` whose pieces are ``us``."""
    occupied = us | them
    empty = BOARD & ~occupied
    men = us & ~kings
    targets = them if MEN_TAKE_KINGS else them & ~kings
    jump_ul, jump_ur, jump_dl, jump_dr = _jumps(empty, targets, color, BACKWARD)
    my_kings = us & kings
    if men & (jump_ul | jump_ur | jump_dl | jump_dr) or (
        my_kings and _kings(my_kings, them, occupied, empty, color, False) < 0
    ):
        return _captures(us, them, kings, color, empty, men, jump_ul, jump_ur, jump_dl, jump_dr)
    return plain_moves(us, kings, color, occupied, empty, men, my_kings)


def count(us: int, them: int, kings: int, color: int) -> int:
    """``len(generate(...))``, without lists when nothing can be captured."""
    occupied = us | them
    empty = BOARD & ~occupied
    men = us & ~kings
    targets = them if MEN_TAKE_KINGS else them & ~kings
    jump_ul, jump_ur, jump_dl, jump_dr = _jumps(empty, targets, color, BACKWARD)
    if men & (jump_ul | jump_ur | jump_dl | jump_dr):
        return counted(_captures)(
            us, them, kings, color, empty, men, jump_ul, jump_ur, jump_dl, jump_dr
        )
    left, right = _forward_steps(men, empty, color)
    n = left.bit_count() + right.bit_count()
    my_kings = us & kings
    if not my_kings:
        return n
    king_moves = _kings(my_kings, them, occupied, empty, color, True)
    if king_moves < 0:
        return counted(_captures)(
            us, them, kings, color, empty, men, jump_ul, jump_ur, jump_dl, jump_dr
        )
    return n + king_moves


@inline
def _after(
    white: int,
    black: int,
    kings: int,
    frm: int,
    to: int,
    captured: int,
    crowning: int,
    white_moves: bool,
) -> tuple[int, int, int]:
    """The bitboards after a move from ``frm`` to ``to`` taking ``captured``: a king stays a
    king, a man ending its move on ``crowning`` (its side's last row; only there) is crowned,
    the captured pieces leave the board."""
    return (
        white ^ (frm ^ to) if white_moves else white & ~captured,
        black & ~captured if white_moves else black ^ (frm ^ to),
        (kings ^ (frm ^ to) if kings & frm else (kings | to if to & crowning else kings))
        & ~captured,
    )


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


# ----------------------------------------------------------------------- captures
@twin
def _captures(
    us: int,
    them: int,
    kings: int,
    color: int,
    empty: int,
    men: int,
    jump_ul: int,
    jump_ur: int,
    jump_dl: int,
    jump_dr: int,
) -> list[InternalMove]:
    """The legal captures, given the first-jump sets of the men (one per direction); in the
    counting twin, how many there are."""
    targets = them if MEN_TAKE_KINGS else them & ~kings
    jumps = MAN_JUMPS[color]
    seqs: list[Sequence] = []
    single_count = 0  # the counting twin's one-piece captures
    if not (COUNTING and not ITALIAN):
        # Under the majority rule one-piece captures are only listed when nothing takes
        # more: they wait here as (landing squares, shift from the start to the jumped
        # square, < 0 up).
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
                    _man_dfs(
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
        if FLYING:
            _flying_king_dfs(start, (start,), (), 0, them, empty | low, king_seqs)
        else:
            _man_dfs(start, (start,), (), 0, them, empty | low, ALL_JUMPS, king_seqs)
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


def _italian_key(
    seq: Sequence, king_start: int, kings: int
) -> tuple[int, int, int, tuple[int, ...]]:
    """Italian precedence, greatest first: most pieces, by a king, most kings, earliest king."""
    caps = seq[1]
    king_positions = tuple(-i for i, c in enumerate(caps) if kings >> c & 1)
    return (len(caps), king_start, len(king_positions), king_positions)


@twin
def _man_dfs(
    cur: int,
    path: tuple[int, ...],
    caps: tuple[int, ...],
    captured: int,
    targets: int,
    empty: int,
    jumps: JumpTable,
    out: list[Sequence],
) -> None:
    """Every complete capture of a short-jumping piece (a man, or a king that does not fly)."""
    found = False
    for mid_mask, mid, land, land_mask in jumps[cur]:
        if mid_mask & targets and not mid_mask & captured and land_mask & empty:
            found = True
            if COUNTING and not ITALIAN:
                _man_dfs(land, path, caps, captured | mid_mask, targets, empty, jumps, out)
            else:
                _man_dfs(
                    land, (*path, land), (*caps, mid), captured | mid_mask, targets, empty, jumps,
                    out,
                )
    if not found and captured:
        out.append(((path[0], cur), caps, captured) if COUNTING and not ITALIAN else
                   (path, caps, captured))


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
        if blockers:
            (nearest,) = _nearest(blockers, up)
            if nearest & them and not nearest & captured:
                (beyond,) = _beyond(ray, nearest, up)
                further = beyond & occupied
                if further:
                    (stop,) = _nearest(further, up)
                    (landings,) = _before(beyond, stop, up)
                else:
                    landings = beyond
                if landings:
                    out.append((nearest, landings))
    return out


@twin
def _flying_king_dfs(
    cur: int,
    path: tuple[int, ...],
    caps: tuple[int, ...],
    captured: int,
    them: int,
    empty: int,
    out: list[Sequence],
) -> None:
    """Every complete capture of a flying king."""
    found = False
    for mid_mask, landings in _king_jumps(cur, them, captured, empty):
        found = True
        new_captured = captured | mid_mask
        new_caps = caps if COUNTING else (*caps, mid_mask.bit_length() - 1)
        while landings:
            low = landings & -landings
            landings ^= low
            land = low.bit_length() - 1
            if COUNTING:
                _flying_king_dfs(land, path, new_caps, new_captured, them, empty, out)
            else:
                _flying_king_dfs(land, (*path, land), new_caps, new_captured, them, empty, out)
    if not found and captured:
        out.append(((path[0], cur), caps, captured) if COUNTING else (path, caps, captured))
