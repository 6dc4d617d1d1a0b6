"""The rule sets the engine plays, selected by name."""

from __future__ import annotations

from dataclasses import dataclass

from dames.color import BLACK, WHITE, Color
from dames.errors import UnknownVariantError
from dames.geometry import Geometry, get_geometry

# Capture precedence rules.
PRIORITY_NONE = "none"  # any capture may be chosen (English)
PRIORITY_MAJORITY = "majority"  # the most pieces (international, Brazilian)
PRIORITY_ITALIAN = "italian"  # most pieces, then with a king, then most kings, then earliest king


@dataclass(frozen=True)
class Variant:
    """A frozen description of one game: board shape, start position and rule switches."""

    name: str
    size: int
    squares: int
    start_fen: str
    first_to_move: Color
    flying_kings: bool  # kings move and capture at a distance
    men_capture_backward: bool
    men_capture_kings: bool
    capture_priority: str
    inverted: bool  # the board's top-left corner is a playing square (Italian)
    federation_draws: str  # which draw rules "fmjd" means for this variant: "fmjd" or "checkers"

    @property
    def geometry(self) -> Geometry:
        return get_geometry(self.size, self.inverted)


VARIANTS: dict[str, Variant] = {
    "international": Variant(
        name="international",
        size=10,
        squares=50,
        start_fen="W:W31-50:B1-20",
        first_to_move=WHITE,
        flying_kings=True,
        men_capture_backward=True,
        men_capture_kings=True,
        capture_priority=PRIORITY_MAJORITY,
        inverted=False,
        federation_draws="fmjd",
    ),
    "brazilian": Variant(
        name="brazilian",
        size=8,
        squares=32,
        start_fen="W:W21-32:B1-12",
        first_to_move=WHITE,
        flying_kings=True,
        men_capture_backward=True,
        men_capture_kings=True,
        capture_priority=PRIORITY_MAJORITY,
        inverted=False,
        federation_draws="fmjd",
    ),
    "english": Variant(
        name="english",
        size=8,
        squares=32,
        start_fen="B:W21-32:B1-12",
        first_to_move=BLACK,
        flying_kings=False,
        men_capture_backward=False,
        men_capture_kings=True,
        capture_priority=PRIORITY_NONE,
        inverted=False,
        federation_draws="checkers",
    ),
    "italian": Variant(
        name="italian",
        size=8,
        squares=32,
        start_fen="W:W21-32:B1-12",
        first_to_move=WHITE,
        flying_kings=False,
        men_capture_backward=False,
        men_capture_kings=False,
        capture_priority=PRIORITY_ITALIAN,
        inverted=True,
        federation_draws="checkers",
    ),
}


def get_variant(name: str | Variant) -> Variant:
    """Look a variant up by name (a ``Variant`` passes through)."""
    if isinstance(name, Variant):
        return name
    try:
        return VARIANTS[name]
    except (KeyError, TypeError):
        known = ", ".join(VARIANTS)
        raise UnknownVariantError(f"unknown variant {name!r}; known variants: {known}") from None
