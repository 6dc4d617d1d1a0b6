"""Every board diagram of the rules pages shows what its caption says, checked with the engine.

A diagram is an element with ``data-fen`` (js/diagram.js draws it). Besides what it draws
(``data-variant``, ``data-arrows``, ``data-wrong``, ``data-highlight``), it states its claim:

- ``data-check``, one or more of:
  ``only`` — the arrows are exactly the legal moves (e.g. the majority capture is the only one);
  ``ends`` — the legal moves end exactly on the highlighted squares (where a king may go);
  ``same-captures`` — every legal move captures exactly the pieces the arrow captures;
  ``man`` / ``king`` — the arrow's move leaves a man / crowns it;
  ``start`` — the position is the variant's starting position.
- Always: each arrow is a legal move, written as its full path (``str(move)``), and each
  ``data-wrong`` move is not.
- ``data-relax``: the rule a forbidden move breaks (``priority``, ``backward``,
  ``men-capture-kings``, ``flying``). With that one rule switched the other way, the engine
  must allow the move: so the diagram shows that very rule, not some other obstacle.

Both languages of a page show the same diagrams, and every variant's rules page (as the API
names it) exists and draws that variant's board.
"""

from __future__ import annotations

import dataclasses
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, ClassVar

import dames
import pytest
from dames.variants import PRIORITY_NONE

pytestmark = pytest.mark.lint

FRONTEND = Path(__file__).resolve().parents[2] / "frontend"
PAGES = sorted(FRONTEND.glob("rules*.html"))
RELAXED: dict[str, dict[str, Any]] = {
    "priority": {"capture_priority": PRIORITY_NONE},
    "backward": {"men_capture_backward": True},
    "men-capture-kings": {"men_capture_kings": True},
    "flying": {"flying_kings": True},
}
CHECKS = {"only", "ends", "same-captures", "man", "king", "start"}


@dataclasses.dataclass(frozen=True)
class Diagram:
    page: str
    lang: str
    variant: str
    fen: str
    arrows: tuple[str, ...]
    wrong: tuple[str, ...]
    highlight: tuple[int, ...]
    checks: frozenset[str]
    relax: str | None

    @property
    def drawn(self) -> tuple[object, ...]:
        """What the two languages must share: everything but the page's language."""
        return dataclasses.astuple(self)[2:]

    def __str__(self) -> str:
        return f"{self.page} [{self.lang}] {self.variant} {self.fen}"


class DiagramFinder(HTMLParser):
    """Collects the diagrams of one page with the language of the nearest ``lang``."""

    VOID: ClassVar[frozenset[str]] = frozenset(
        {"meta", "link", "br", "img", "input", "hr", "source", "wbr"}
    )

    def __init__(self, page: str) -> None:
        super().__init__()
        self.page = page
        self.langs: list[tuple[str, str | None]] = []
        self.found: list[Diagram] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag not in self.VOID:
            self.langs.append((tag, values.get("lang")))
        if "data-fen" not in values:
            return
        lang = next((lang for _, lang in reversed(self.langs) if lang), "fr")

        def words(name: str) -> tuple[str, ...]:
            return tuple((values.get(name) or "").split())

        self.found.append(
            Diagram(
                page=self.page,
                lang=lang,
                variant=values.get("data-variant") or "international",
                fen=values["data-fen"] or "",
                arrows=words("data-arrows"),
                wrong=words("data-wrong"),
                highlight=tuple(int(s) for s in words("data-highlight")),
                checks=frozenset(words("data-check")),
                relax=values.get("data-relax"),
            )
        )

    def handle_endtag(self, tag: str) -> None:
        while self.langs:
            if self.langs.pop()[0] == tag:
                break


def diagrams_of(page: Path) -> list[Diagram]:
    finder = DiagramFinder(page.name)
    finder.feed(page.read_text(encoding="utf-8"))
    return finder.found


ALL = [d for page in PAGES for d in diagrams_of(page)]


def legal(diagram: Diagram, variant: dames.Variant | str | None = None) -> list[dames.Move]:
    return dames.Board(diagram.fen, variant=variant or diagram.variant).legal_moves()


def test_every_variant_has_its_rules_page_with_diagrams() -> None:
    rules_pages = {name: v.rules_page for name, v in dames.VARIANTS.items()}
    assert {p.name for p in PAGES} >= set(rules_pages.values())
    for variant, page in rules_pages.items():
        found = diagrams_of(FRONTEND / page)
        assert len(found) >= 8, f"{page}: too few diagrams"
        assert {d.variant for d in found} == {variant}, page


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_both_languages_show_the_same_diagrams(page: Path) -> None:
    found = diagrams_of(page)
    by_lang = {lang: [d.drawn for d in found if d.lang == lang] for lang in ("fr", "en")}
    assert by_lang["fr"], f"{page.name}: no diagram"
    assert by_lang["fr"] == by_lang["en"]
    assert {d.lang for d in found} == {"fr", "en"}


@pytest.mark.parametrize("diagram", ALL, ids=str)
def test_each_diagram_makes_a_claim_the_engine_confirms(diagram: Diagram) -> None:
    assert diagram.checks, "say what the diagram shows (data-check)"
    assert diagram.checks <= CHECKS, diagram.checks - CHECKS
    moves = legal(diagram)
    written = {str(m): m for m in moves}
    for arrow in diagram.arrows:
        assert arrow in written, f"{arrow} is not a legal move here; legal: {sorted(written)}"
    for path in diagram.wrong:
        assert path not in written, f"{path} is shown as forbidden but is legal"
    shown = [written[a] for a in diagram.arrows]
    if "only" in diagram.checks:
        assert sorted(written) == sorted(diagram.arrows)
    if "ends" in diagram.checks:
        assert diagram.highlight
        assert sorted({m.end for m in moves}) == sorted(diagram.highlight)
    if "same-captures" in diagram.checks:
        (only_arrow,) = shown
        assert {frozenset(m.captures) for m in moves} == {frozenset(only_arrow.captures)}
    if "man" in diagram.checks:
        assert shown and not any(m.promotes for m in shown)
    if "king" in diagram.checks:
        assert shown and all(m.promotes for m in shown)
    if "start" in diagram.checks:
        board = dames.Board(diagram.fen, variant=diagram.variant)
        assert board.fen() == dames.Board(variant=diagram.variant).fen()
    size = dames.get_variant(diagram.variant).squares
    assert all(1 <= s <= size for s in diagram.highlight)


@pytest.mark.parametrize("diagram", [d for d in ALL if d.relax], ids=str)
def test_the_forbidden_move_breaks_exactly_the_rule_shown(diagram: Diagram) -> None:
    assert diagram.wrong, "data-relax names the rule a data-wrong move breaks"
    assert diagram.relax in RELAXED, diagram.relax
    base = dames.get_variant(diagram.variant)
    relaxed = dataclasses.replace(
        base, name=f"{base.name}-without-{diagram.relax}", **RELAXED[diagram.relax]
    )
    assert relaxed != base, "that rule is already relaxed in this variant"
    allowed = {str(m) for m in legal(diagram, relaxed)}
    for move in diagram.wrong:
        assert move in allowed, f"{move} stays illegal even without the {diagram.relax} rule"


def test_the_checks_catch_a_wrong_claim() -> None:
    """The checker itself: a diagram claiming a capture that the majority rule forbids."""
    wrong = Diagram(
        page="-", lang="fr", variant="international", fen="W:W32:BK27,28,19",
        arrows=("32x21",), wrong=(), highlight=(), checks=frozenset({"only"}), relax=None,
    )
    with pytest.raises(AssertionError, match="not a legal move"):
        test_each_diagram_makes_a_claim_the_engine_confirms(wrong)
