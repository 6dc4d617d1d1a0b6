"""The rule sets the engine plays, selected by name, and every fact that differs between them.

Each fact about a variant lives here once (its rules, its PDN ``GameType``, its names, its
rules page, the computer's evaluation weights), so the PDN reader and writer, the computer and
the site's ``/api/variants`` read the same table instead of keeping copies that could drift.
Each 8×8 game is written as what it changes from its nearest relative (Brazilian from
international, English from Brazilian, Italian from English), so a shared fact is stated once.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from dames.color import BLACK, WHITE, Color
from dames.errors import UnknownVariantError
from dames.geometry import Geometry, get_geometry

# Capture precedence rules.
PRIORITY_NONE = "none"  # any capture may be chosen (English)
PRIORITY_MAJORITY = "majority"  # the most pieces (international, Brazilian)
PRIORITY_ITALIAN = "italian"  # most pieces, then with a king, then most kings, then earliest king


@dataclass(frozen=True)
class Weights:
    """Integer weights of one variant's static evaluation (centi-men; see dames.ai.evaluation)."""

    man: int
    king: int
    advance_opening: int  # per row of advancement of a man, with all pieces on the board
    advance_endgame: int  # per row, with few pieces left
    centre: int
    backed: int
    back_row: int
    threatened: int  # per own piece the opponent threatens to take (side to move)
    long_diagonal_king: int
    conversion: int  # share (in 1/64) of the material lead added as pieces come off
    # Short-range kings only (English, Italian): a king in the centre reaches four squares, one
    # on the side two; and in an ending the side ahead must close in, since a king that only
    # steps one square never catches anything from afar.
    king_centre: int = 0
    drive: int = 0  # per row or column nearer the opponent, for each king of the side ahead


@dataclass(frozen=True)
class Names:
    """What players call the variant, in the site's two languages."""

    fr: str
    en: str


# PDN result strings (white wins, black wins, draw): international draughts scores a win 2-0
# and a draw 1-1, the 8×8 games use the chess-like ones.
RESULTS_INTERNATIONAL = ("2-0", "0-2", "1-1")
RESULTS_DEFAULT = ("1-0", "0-1", "1/2-1/2")


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
    # PDN 3.0 (pdn.fmjd.org): the GameType number, and the tag value written. The standard's
    # short form implies its default notation for 20, 21 and 22, which is ours; Brazilian
    # defaults to algebraic notation, and we write the 1-32 numbering, so its tag says so.
    game_type: int
    game_type_tag: str
    pdn_results: tuple[str, str, str]  # white wins, black wins, draw
    names: Names
    rules_page: str  # the site's page explaining these rules
    weights: Weights

    @property
    def geometry(self) -> Geometry:
        return get_geometry(self.size, self.inverted)


_INTERNATIONAL = Variant(
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
    game_type=20,
    game_type_tag="20",
    pdn_results=RESULTS_INTERNATIONAL,
    names=Names("Dames internationales", "International draughts"),
    rules_page="rules.html",
    weights=Weights(
        man=100, king=300, advance_opening=2, advance_endgame=9, centre=5, backed=4,
        back_row=6, threatened=12, long_diagonal_king=15, conversion=24,
    ),
)


def _cousin(base: Variant, name: str, names: Names, game_type: int, **rules: Any) -> Variant:
    """``base`` with ``rules`` changed, under its own name, ``GameType`` (the tag is the bare
    number unless ``rules`` say otherwise) and rules page (``rules-<name>.html``)."""
    return replace(base, **{
        "game_type_tag": str(game_type),
        "rules_page": f"rules-{name}.html",
        **rules,
        "name": name,
        "names": names,
        "game_type": game_type,
    })


# The 8×8 games start with three rows of men; Brazilian is international draughts on them.
_BRAZILIAN = _cousin(
    _INTERNATIONAL, "brazilian", Names("Dames brésiliennes", "Brazilian draughts"), 26,
    size=8, squares=32, start_fen="W:W21-32:B1-12", game_type_tag="26,W,8,8,N2,0",
    pdn_results=RESULTS_DEFAULT,
    weights=replace(_INTERNATIONAL.weights, king=250, advance_endgame=10, back_row=7),
)
# English checkers: short-range kings, men take forwards only, any capture may be chosen,
# Black moves first, the checkers' draw rules.
_ENGLISH = _cousin(
    _BRAZILIAN, "english", Names("Dames anglaises (checkers)", "English draughts (checkers)"), 21,
    start_fen="B:W21-32:B1-12", first_to_move=BLACK, flying_kings=False,
    men_capture_backward=False, capture_priority=PRIORITY_NONE, federation_draws="checkers",
    weights=replace(
        _BRAZILIAN.weights, king=160, advance_endgame=8, backed=3, back_row=8,
        long_diagonal_king=0, king_centre=6, drive=6,
    ),
)
# Italian: English rules on the mirrored board, White first, men may not take kings, and the
# Italian capture precedence.
_ITALIAN = _cousin(
    _ENGLISH, "italian", Names("Dames italiennes", "Italian draughts"), 22,
    start_fen="W:W21-32:B1-12", first_to_move=WHITE, men_capture_kings=False,
    capture_priority=PRIORITY_ITALIAN, inverted=True,
    weights=replace(_ENGLISH.weights, king=150),
)

VARIANTS: dict[str, Variant] = {
    v.name: v for v in (_INTERNATIONAL, _BRAZILIAN, _ENGLISH, _ITALIAN)
}


def variant_of_game_type(number: int) -> Variant | None:
    """The variant of a PDN ``GameType`` number, or ``None`` when the engine does not play it."""
    return next((v for v in VARIANTS.values() if v.game_type == number), None)


def get_variant(name: str | Variant) -> Variant:
    """Look a variant up by name (a ``Variant`` passes through)."""
    if isinstance(name, Variant):
        return name
    try:
        return VARIANTS[name]
    except (KeyError, TypeError):
        known = ", ".join(VARIANTS)
        raise UnknownVariantError(f"unknown variant {name!r}; known variants: {known}") from None
