"""The vocabulary of the move rules: per-variant placeholders, the specialiser's markers and
the set-wise primitives every rule module is written in.

The rules are written once, over four modules that ``dames.specialise`` compiles together
per variant (``RULE_MODULES``): this one; ``dames.rules`` (the entry points: must the side
capture, its moves, how many, a move applied, the plain moves); ``dames.rules_captures``
(walking captures square by square) and ``dames.rules_perft`` (perft and its bulk counting).
They are never called as they stand: the specialiser replaces the upper-case names below by
one variant's values, drops the branches of the other variants, inlines the ``@inline``
helpers, expands the ``unrolled`` loops and compiles the result. The generated functions are
as fast as hand-unrolled code for that variant (this is the engine's hot path: perft, the
computer's search), yet every rule lives in one place:

* capture is compulsory, and goes on while it can; captured pieces stay on the board until
  the move ends, so they block and cannot be jumped twice (coup turc); the moving piece's
  start square counts as empty during its capture; a man that only passes the crowning row
  during a capture stays a man;
* men step forward; they capture forward only, or both ways (``BACKWARD``); they may capture
  kings or not (``MEN_TAKE_KINGS``); kings step, or fly (``FLYING``);
* the precedence rule (``MAJORITY``, ``ITALIAN``, else free choice) filters the complete
  captures, and captures with the same start, end and captured set are kept once.

Moves are ``InternalMove`` tuples (``dames.internal_move``); bitboards are in the layout of
``dames.geometry`` (each diagonal direction is one shift of the whole board); ``color`` is 0
(White, moving towards lower bits) or 1 (Black).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ParamSpec, TypeVar

from dames.internal_move import InternalMove

# ----------------------------------------------------------------------- per-variant values
# Placeholders: ``dames.specialise`` substitutes the variant's values for these names (the
# scalars become constants the compiler folds; the tables are globals of the generated code,
# built by ``dames.movegen``).
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
# [bit] -> ((jumped square's mask, landing square's mask), ...): short jumps every way
JumpTable = tuple[tuple[tuple[int, int], ...], ...]
ALL_JUMPS: JumpTable = ()
MAN_JUMPS: tuple[JumpTable, JumpTable] = ((), ())  # [color]: the jumps men may make
PROMOTION: tuple[int, int] = (0, 0)  # [color]: the row where that side's men are crowned
# The plain moves' entries, by direction: {start mask: entry} for a man's step; for a king
# [bit][direction] -> the entries along the ray, nearest first (the step only if kings do not
# fly). The entries are internal moves, public ``Move`` objects or sort codes:
# ``dames.movegen`` compiles the plain-move lister once per kind of table.
PLAIN_UL: dict[int, InternalMove] = {}
PLAIN_UR: dict[int, InternalMove] = {}
PLAIN_DL: dict[int, InternalMove] = {}
PLAIN_DR: dict[int, InternalMove] = {}
# {start mask: (left entry, right entry)} for a man with both steps up (PLAIN_UP) or down.
PLAIN_UP: dict[int, tuple[InternalMove, InternalMove]] = {}
PLAIN_DOWN: dict[int, tuple[InternalMove, InternalMove]] = {}
PLAIN_KINGS: tuple[tuple[tuple[InternalMove, ...], ...], ...] = ()
# [color][direction] -> {landing mask: entry}: a man's one-piece capture, by where it lands
# (the start and the jumped square follow); internal moves or, per colour because of the
# crowning, public ``Move`` objects.
SINGLE_CAPTURES: tuple[tuple[dict[int, InternalMove], ...], ...] = ()
# Not a variant's switch: true in the counting twin of each ``@twin`` function. Italian
# precedence needs whole paths, so its counting twin builds them and counts the result.
COUNTING: bool = False

# A capture found square by square: (path, captured bits in jump order, captured set).
Sequence = tuple[tuple[int, ...], tuple[int, ...], int]
# In a counting twin a Sequence's path is only (start, end) and its captured squares empty.

_F = TypeVar("_F", bound=Callable[..., object])
_T = TypeVar("_T")
_P = ParamSpec("_P")


# ----------------------------------------------------------------------- the markers
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


# ----------------------------------------------------------------------- set-wise primitives
@inline
def _sides(us: int, them: int, kings: int) -> tuple[int, int, int, int, int]:
    """The occupied and the empty squares; the side's men; what its men may take; its kings.
    (Pieces are on ``BOARD``, so ``^`` empties it; without kings, two operations fewer.)"""
    return (
        us | them,
        BOARD ^ (us | them),
        us & ~kings if kings else us,
        them if MEN_TAKE_KINGS else them & ~kings,
        us & kings if kings else 0,
    )


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
def _landings(
    men: int, jump_ul: int, jump_ur: int, jump_dl: int, jump_dr: int
) -> tuple[int, int, int, int]:
    """Where ``men`` land after one jump, per direction (as ``_jumps`` orders them).

    The capture goes on from the landings that are also in one of the ``_jumps`` sets: not
    straight back, since the jump sets are those of the position before the capture, where
    the square behind (the man's own start) is occupied.
    """
    return (
        (jump_ul & men) >> (2 * LARGE),
        (jump_ur & men) >> (2 * SMALL),
        (jump_dl & men) << (2 * SMALL),
        (jump_dr & men) << (2 * LARGE),
    )


@inline
def _forward_steps(men: int, empty: int, color: int) -> tuple[int, int]:
    """Where the side's men can step: the left and the right forward squares."""
    return (
        (men >> LARGE) & empty if color == 0 else (men << SMALL) & empty,
        (men >> SMALL) & empty if color == 0 else (men << LARGE) & empty,
    )


# A ray (the squares from one square to the board's edge in one direction) is scanned as
# ``blockers = ray & occupied`` then ``_nearest`` and ``_free``: the one definition of a
# flying king's look along a diagonal, for its moves, its captures and the tests of both.
@inline
def _nearest(blockers: int, up: bool) -> tuple[int]:
    """The one of ``blockers`` (squares of one ray) nearest the ray's origin, 0 if none:
    upward rays run to lower bits, so it is their highest bit; on downward rays the lowest."""
    return ((1 << blockers.bit_length()) >> 1 if up else blockers & -blockers,)


@inline
def _free(ray: int, blockers: int, up: bool) -> tuple[int]:
    """The squares of ``ray`` between its origin and the nearest of ``blockers`` (all of the
    ray if ``blockers`` is 0): where a flying king can stop."""
    return (ray & -(1 << blockers.bit_length()) if up else ray & ((blockers & -blockers) - 1),)


@inline
def _beyond(ray: int, square: int, up: bool) -> tuple[int]:
    """The squares of ``ray`` past ``square`` (a square of the ray)."""
    return (ray & (square - 1) if up else ray & ~((square << 1) - 1),)


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
