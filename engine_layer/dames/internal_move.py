"""The engine's internal move: a plain tuple, cheap to build, compare and apply.

``(frm, to, captured, path, caps)``:

* ``frm``, ``to`` — one-bit masks of the start and end squares (equal for a king capture that
  comes back to its start square);
* ``captured`` — the set of captured bits (0 for a plain move);
* ``path`` — ``None`` for a plain move, else the bit indices of the start and every landing;
* ``caps`` — ``None`` for a plain move, else the captured bit indices in jump order.
"""

from __future__ import annotations

InternalMove = tuple[int, int, int, tuple[int, ...] | None, tuple[int, ...] | None]

# An ``InternalMove`` known to be a capture (its path and captured bits are set).
CaptureMove = tuple[int, int, int, tuple[int, ...], tuple[int, ...]]
