"""The rule sets the site plays, described for the pages that draw their boards.

Everything here is read from the engine (``dames.VARIANTS``: geometry, PDN game type, names,
rules page), so the site never keeps a second copy of a board's numbering or of a rule that
could drift from what the server referees. The words describing the rules are chosen from the
engine's rule switches, not written per variant, for the same reason.

Rows and columns are those of the federations' own diagrams, which all put White at the
bottom: row 0 is the top (Black's back row), column 0 the left edge. FMJD diagrams
(international, and Brazilian on 8×8) have a playing square in the bottom-left corner; English
checkers diagrams too, with Black's 1–12 at the top; the Italian federation's board is
"inverted", with a playing square in the bottom-right corner and square 1 at the top left.
The engine's ``geometry.coordinates`` already speaks that picture.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from dames import VARIANTS, Color, Variant, parse_fen
from dames.variants import PRIORITY_ITALIAN, PRIORITY_MAJORITY, PRIORITY_NONE
from pydantic import BaseModel, ConfigDict, Field

from dames_backend.games.ranked_setup import RANKED_SETUP

SideName = Literal["white", "black"]
Priority = Literal["majority", "none", "italian"]

# Clients keep the answer a day: it changes only with a deploy.
VARIANTS_CACHE = "public, max-age=86400"

SIDE_NAMES: dict[Color, tuple[str, str]] = {
    Color.WHITE: ("Blancs", "White"),
    Color.BLACK: ("Noirs", "Black"),
}


class View(BaseModel):
    model_config = ConfigDict(frozen=True)


class Text(View):
    """The same words in the site's two languages."""

    fr: str
    en: str


class SquareView(View):
    number: int = Field(description="The official square number, as the variant's PDN writes it.")
    row: int = Field(description="0 = the top row of the federation's diagram (Black's side).")
    col: int = Field(description="0 = the left column of the diagram (White's left).")


class SideView(View):
    color: SideName
    name: Text
    startSquares: list[int] = Field(description="Where its men stand at the start.")
    movesUp: bool = Field(description="Whether its men move towards row 0 on the diagram.")


class RulesView(View):
    flyingKings: bool = Field(description="Kings move and capture along a whole diagonal.")
    menCaptureBackward: bool
    menCaptureKings: bool
    capturePriority: Priority = Field(
        description="majority: the most pieces; none: any capture; italian: the most pieces, "
        "then with a king, then the most kings, then the earliest king."
    )
    summary: list[Text] = Field(description="The points above in words, one sentence each.")


class RankedSetupView(View):
    level: str
    color: SideName


class VariantView(View):
    name: str
    displayName: Text
    size: int = Field(description="Squares per side of the board (10 or 8).")
    squares: list[SquareView] = Field(description="Every playing square, by number.")
    firstToMove: SideName
    sides: list[SideView] = Field(description="White, then Black.")
    gameType: int = Field(description="The PDN GameType number (20, 21, 22, 26).")
    gameTypeTag: str = Field(description="The GameType tag value this site writes.")
    startFen: str
    rulesPage: str = Field(description="The site's page explaining these rules.")
    rules: RulesView
    rankedSetup: RankedSetupView | None = Field(
        description="The choices that rank a free game of this variant against the computer "
        "(from the start, without help), or null when its free games are never ranked."
    )


class VariantsView(View):
    variants: list[VariantView]


def _flying_text(variant: Variant) -> Text:
    if variant.flying_kings:
        return Text(
            fr="Dame volante : elle se déplace et prend à distance, sur toute la diagonale.",
            en="Flying kings: a king moves and captures at a distance, along a whole diagonal.",
        )
    return Text(
        fr="La dame avance ou recule d'une seule case, et prend une pièce voisine.",
        en="A king moves one square, forwards or backwards, and captures a neighbouring piece.",
    )


def _men_text(variant: Variant) -> Text:
    if variant.men_capture_backward:
        fr, en = "Les pions prennent en avant et en arrière", "Men capture forwards and backwards"
    else:
        fr, en = "Les pions ne prennent qu'en avant", "Men capture forwards only"
    if not variant.men_capture_kings:
        fr, en = f"{fr}, et jamais une dame", f"{en}, and never a king"
    return Text(fr=f"{fr}.", en=f"{en}.")


def _priority_text(variant: Variant) -> Text:
    if variant.capture_priority == PRIORITY_MAJORITY:
        return Text(
            fr="Prise obligatoire du plus grand nombre de pièces ; une dame compte comme un pion.",
            en="Capturing is compulsory, and of the most pieces; a king counts as one piece.",
        )
    if variant.capture_priority == PRIORITY_NONE:
        return Text(
            fr="Prise obligatoire, mais au choix, quel que soit le nombre de pièces prises ; "
            "une rafle commencée se finit.",
            en="Capturing is compulsory, but any capture may be chosen, whatever it takes; "
            "a multiple capture once begun must be finished.",
        )
    if variant.capture_priority == PRIORITY_ITALIAN:
        return Text(
            fr="Prise obligatoire du plus de pièces ; à égalité, avec la dame ; puis le plus "
            "de dames ; puis la dame prise le plus tôt.",
            en="Capturing is compulsory, of the most pieces; if equal, with a king; then the "
            "most kings; then the king taken first.",
        )
    raise ValueError(f"no words for the capture priority {variant.capture_priority!r}")


def _priority(variant: Variant) -> Priority:
    if variant.capture_priority == PRIORITY_MAJORITY:
        return "majority"
    if variant.capture_priority == PRIORITY_NONE:
        return "none"
    if variant.capture_priority == PRIORITY_ITALIAN:
        return "italian"
    raise ValueError(f"unknown capture priority {variant.capture_priority!r}")


def variant_view(variant: Variant) -> VariantView:
    geometry = variant.geometry
    squares = []
    for number in range(1, variant.squares + 1):
        row, col = geometry.coordinates(number)
        squares.append(SquareView(number=number, row=row, col=col))
    start = parse_fen(variant.start_fen, variant.name)
    sides = []
    for color in (Color.WHITE, Color.BLACK):
        fr, en = SIDE_NAMES[color]
        sides.append(
            SideView(
                color="white" if color is Color.WHITE else "black",
                name=Text(fr=fr, en=en),
                startSquares=sorted(sq for sq, p in start.pieces.items() if p.color is color),
                movesUp=color is Color.WHITE,
            )
        )
    return VariantView(
        name=variant.name,
        displayName=Text(fr=variant.names.fr, en=variant.names.en),
        size=variant.size,
        squares=squares,
        firstToMove="white" if variant.first_to_move is Color.WHITE else "black",
        sides=sides,
        gameType=variant.game_type,
        gameTypeTag=variant.game_type_tag,
        startFen=variant.start_fen,
        rulesPage=variant.rules_page,
        rules=RulesView(
            flyingKings=variant.flying_kings,
            menCaptureBackward=variant.men_capture_backward,
            menCaptureKings=variant.men_capture_kings,
            capturePriority=_priority(variant),
            summary=[_flying_text(variant), _men_text(variant), _priority_text(variant)],
        ),
        rankedSetup=_ranked_setup(variant),
    )


def _ranked_setup(variant: Variant) -> RankedSetupView | None:
    if variant.name != RANKED_SETUP.variant:
        return None
    color: SideName = "white" if RANKED_SETUP.color == "white" else "black"
    return RankedSetupView(level=RANKED_SETUP.level, color=color)


@cache
def variants_view() -> VariantsView:
    """Built once per process: the engine's variants do not change while it runs."""
    return VariantsView(variants=[variant_view(v) for v in VARIANTS.values()])
