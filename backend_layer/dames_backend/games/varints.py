"""Whole numbers >= 0 packed as unsigned LEB128 varints: the clock's per-move times in a game item.

Why: written as text ("1234,2500") a move's two times cost about 7 bytes, and a game item
past 1 KB costs a second write unit on every later move. Packed, a time under 16.4 s takes two
bytes and an unpaused turn's 0 takes one.
"""

from __future__ import annotations

from collections.abc import Iterable


def pack_varints(values: Iterable[int]) -> bytes:
    """Seven bits a byte, low bits first; the high bit says another byte follows."""
    out = bytearray()
    for value in values:
        if value < 0:
            raise ValueError(f"cannot pack a negative number ({value})")
        while value >= 0x80:
            out.append(value & 0x7F | 0x80)
            value >>= 7
        out.append(value)
    return bytes(out)


def unpack_varints(data: bytes) -> tuple[int, ...]:
    """Reads `pack_varints`; a number cut short is an error, never a silent wrong time."""
    values: list[int] = []
    value = shift = 0
    for byte in data:
        value |= (byte & 0x7F) << shift
        if byte & 0x80:
            shift += 7
            continue
        values.append(value)
        value = shift = 0
    if shift:
        raise ValueError("the packed numbers end inside a number")
    return tuple(values)
