"""Cheap questions the search asks at its leaves, on the engine's bitboards.

Most nodes of a search are leaves, where the only questions are "must the side to move capture?"
(then the capture quiescence goes on) and "can it move at all?" (a blocked side loses).
Generating the full move list to answer them would cost several times the evaluation, so they
are answered set-wise by the move generator's own tests (``dames.rules``, compiled per variant):
the rules that decide what a capture is live there only.
"""

from __future__ import annotations

from collections.abc import Callable

from dames.movegen import get_generator
from dames.variants import Variant


class LeafTests:
    """Set-wise capture and mobility tests of one variant, in the engine's internal layout.

    ``has_capture(us, them, kings, color)``: whether the side ``color`` (pieces ``us``) must
    capture. ``has_quiet_move(us, them, kings, color)``: whether it has a non-capturing step (a
    king's step, a man's step forward). Both are the generator's functions themselves, stored
    on the instance so that a call costs no method binding.
    """

    has_capture: Callable[[int, int, int, int], bool]
    has_quiet_move: Callable[[int, int, int, int], bool]

    def __init__(self, variant: Variant) -> None:
        generator = get_generator(variant)
        self.has_capture = generator.has_capture
        self.has_quiet_move = generator.has_quiet_move
