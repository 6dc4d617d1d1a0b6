"""Cheap questions the search asks at its leaves, on the engine's bitboards.

Most nodes of a search are leaves, where the only questions are "must the side to move capture?"
(then the capture quiescence goes on) and "can it move at all?" (a blocked side loses).
Generating the full move list to answer them would cost several times the evaluation, so these
set-wise tests answer them directly; the engine's generator is only called when a capture
exists or a node is searched further.
"""

from __future__ import annotations

from dames.variants import Variant


class LeafTests:
    """Set-wise capture and mobility tests of one variant, in the engine's internal layout."""

    def __init__(self, variant: Variant) -> None:
        geo = variant.geometry
        self.board = geo.board_mask
        self.small = geo.per_row
        self.large = geo.per_row + 1
        self.flying = variant.flying_kings
        self.backward = variant.men_capture_backward
        self.men_take_kings = variant.men_capture_kings
        self.ray_masks = geo.ray_masks

    def has_capture(self, us: int, them: int, kings: int, color: int) -> bool:
        """Whether the side `color` (pieces `us`) has a capture, so it must take."""
        board = self.board
        small = self.small
        large = self.large
        empty = board & ~(us | them)
        men = us & ~kings
        targets = them if self.men_take_kings else them & ~kings
        if men:
            if (color == 0 or self.backward) and men & (
                (((empty << large) & targets) << large) | (((empty << small) & targets) << small)
            ):
                return True
            if (color == 1 or self.backward) and men & (
                (((empty >> small) & targets) >> small) | (((empty >> large) & targets) >> large)
            ):
                return True
        my_kings = us & kings
        if not my_kings:
            return False
        if not self.flying:
            return bool(my_kings & (
                (((empty << large) & them) << large)
                | (((empty << small) & them) << small)
                | (((empty >> small) & them) >> small)
                | (((empty >> large) & them) >> large)
            ))
        occupied = us | them
        ray_masks = self.ray_masks
        while my_kings:
            low = my_kings & -my_kings
            my_kings ^= low
            up_left, up_right, down_left, down_right = ray_masks[low.bit_length() - 1]
            # Upward rays run to lower bits: the nearest blocker is the highest set bit.
            blockers = up_left & occupied
            if blockers:
                nearest = 1 << (blockers.bit_length() - 1)
                if nearest & them and (nearest >> large) & empty:
                    return True
            blockers = up_right & occupied
            if blockers:
                nearest = 1 << (blockers.bit_length() - 1)
                if nearest & them and (nearest >> small) & empty:
                    return True
            blockers = down_left & occupied
            if blockers:
                nearest = blockers & -blockers
                if nearest & them and (nearest << small) & empty:
                    return True
            blockers = down_right & occupied
            if blockers:
                nearest = blockers & -blockers
                if nearest & them and (nearest << large) & empty:
                    return True
        return False

    def has_quiet_move(self, us: int, them: int, kings: int, color: int) -> bool:
        """Whether the side `color` has a non-capturing step (any king step, a man forward)."""
        small = self.small
        large = self.large
        empty = self.board & ~(us | them)
        men = us & ~kings
        if color == 0:
            if ((men >> large) | (men >> small)) & empty:
                return True
        elif ((men << large) | (men << small)) & empty:
            return True
        my_kings = us & kings
        return bool(
            ((my_kings >> large) | (my_kings >> small) | (my_kings << large)
             | (my_kings << small)) & empty
        )
