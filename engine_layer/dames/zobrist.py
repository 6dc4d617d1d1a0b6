"""Zobrist keys from fixed constants, identical on every machine and every Python run.

The keys come from SplitMix64 seeded with a constant, never from ``hash()`` (salted per
process) or ``random`` (whose algorithm is not promised to stay the same).
"""

from __future__ import annotations

from dames.internal_move import InternalMove

_MASK64 = (1 << 64) - 1
_SEED = 0x44414D45535F4A52  # "DAMES_JR"
MAX_BITS = 64


def _splitmix64(count: int, seed: int) -> list[int]:
    out = []
    state = seed
    for _ in range(count):
        state = (state + 0x9E3779B97F4A7C15) & _MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        out.append(z ^ (z >> 31))
    return out


_RAW = _splitmix64(4 * MAX_BITS + 1, _SEED)

# PIECE_KEYS[kind][bit], kind = 2 * color + is_king (white man, white king, black man, black king).
PIECE_KEYS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_RAW[kind * MAX_BITS : (kind + 1) * MAX_BITS]) for kind in range(4)
)
BLACK_TO_MOVE_KEY: int = _RAW[4 * MAX_BITS]


def key_of_set(mask: int, kind: int) -> int:
    """XOR of the keys of every bit of ``mask`` for one piece kind."""
    keys = PIECE_KEYS[kind]
    h = 0
    while mask:
        low = mask & -mask
        h ^= keys[low.bit_length() - 1]
        mask ^= low
    return h


def position_key(white: int, black: int, kings: int, black_to_move: bool) -> int:
    """Full Zobrist key of a position in internal bitboards."""
    h = (
        key_of_set(white & ~kings, 0)
        ^ key_of_set(white & kings, 1)
        ^ key_of_set(black & ~kings, 2)
        ^ key_of_set(black & kings, 3)
    )
    return h ^ BLACK_TO_MOVE_KEY if black_to_move else h


def key_after(key: int, move: InternalMove, color: int, kings: int, new_kings: int) -> int:
    """``key`` updated for ``move`` of the side ``color``; ``kings`` before, ``new_kings``
    after it (whether the piece ended as a king, and which captured pieces were kings)."""
    frm, to, captured = move[0], move[1], move[2]
    kind = 2 * color
    key ^= (
        PIECE_KEYS[kind + (1 if kings & frm else 0)][frm.bit_length() - 1]
        ^ PIECE_KEYS[kind + (1 if new_kings & to else 0)][to.bit_length() - 1]
        ^ BLACK_TO_MOVE_KEY
    )
    if captured:
        opponent = 2 - kind
        while captured:
            low = captured & -captured
            captured ^= low
            key ^= PIECE_KEYS[opponent + (1 if kings & low else 0)][low.bit_length() - 1]
    return key
