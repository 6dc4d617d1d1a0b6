"""The rules pages in a real browser: every diagram is drawn from its FEN on the board the API
describes (squares, numbers, pieces in the right cells), on a 320 px phone with no sideways
scroll, in French and in English, under the site's Content-Security-Policy (the conftest
fails a test on any violation), and without an accessibility violation."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import dames
import pytest
from axe_playwright_python.sync_playwright import Axe

pytestmark = pytest.mark.browser

PAGES = {
    "international": "/rules.html",
    "brazilian": "/rules-brazilian.html",
    "english": "/rules-english.html",
    "italian": "/rules-italian.html",
}
PHONE = {"width": 320, "height": 568}

# What each visible diagram shows, read back from its SVG: the cell of every numbered square,
# of every piece and of every dark square, in board units (one square = 1).
READ_DIAGRAMS = """() => [...document.querySelectorAll('[data-fen]')]
  .filter((el) => el.getClientRects().length)
  .map((el) => {
    const svg = el.querySelector('svg');
    const cell = (x, y) => [Math.floor(Number(y)), Math.floor(Number(x))];
    return {
      variant: el.dataset.variant, fen: el.dataset.fen, drawn: el.dataset.drawn,
      label: el.getAttribute('aria-label'), role: el.getAttribute('role'),
      size: svg ? Number(svg.dataset.size) : 0,
      dark: svg ? [...svg.querySelectorAll('rect.d-dark')].map(
        (r) => [Number(r.dataset.square), cell(r.getAttribute('x'), r.getAttribute('y'))]) : [],
      numbers: svg ? [...svg.querySelectorAll('text.d-num')].map(
        (t) => [Number(t.textContent), cell(t.getAttribute('x'), t.getAttribute('y'))]) : [],
      pieces: svg ? [...svg.querySelectorAll('[data-piece]')].map((g) => {
        const c = g.querySelector('circle');
        return [Number(g.dataset.square), g.dataset.piece,
                cell(c.getAttribute('cx'), c.getAttribute('cy'))];
      }) : [],
      arrows: svg ? svg.querySelectorAll('.d-arrow').length : 0,
      wrong: svg ? svg.querySelectorAll('.d-wrong').length : 0,
      width: el.getBoundingClientRect().width,
    };
  })"""


def expected_pieces(fen: str, variant: str) -> dict[int, str]:
    position = dames.parse_fen(fen, variant)
    return {
        square: f"{piece.color}{'-king' if piece.king else ''}"
        for square, piece in position.pieces.items()
    }


def open_page(browser: Any, base_url: str, path: str, lang: str) -> tuple[Any, Any]:
    context = browser.new_context(
        base_url=base_url, viewport=PHONE, locale="en-GB" if lang == "en" else "fr-FR"
    )
    page = context.new_page()
    page.goto(path)
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-fen]')].every((el) => el.dataset.drawn)"
    )
    assert page.evaluate("document.documentElement.lang") == lang
    return context, page


@pytest.fixture(scope="module")
def boards(live_server: str) -> dict[str, dict[str, Any]]:
    """The API's description of each board (itself checked against the federations'
    diagrams in tests/backend/test_variants_api.py)."""
    from community_app import app
    from fastapi.testclient import TestClient

    with TestClient(app) as client:
        return {v["name"]: v for v in client.get("/api/variants").json()["variants"]}


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("variant", list(PAGES))
def test_rules_page_draws_every_diagram_on_a_phone(
    browser: Any,
    base_url: str,
    boards: dict[str, dict[str, Any]],
    artifacts_dir: Path,
    variant: str,
    lang: str,
) -> None:
    context, page = open_page(browser, base_url, PAGES[variant], lang)
    drawn = page.evaluate(READ_DIAGRAMS)
    in_html = page.locator(f'article[lang="{lang}"] [data-fen]').count()
    assert len(drawn) == in_html >= 4
    board = boards[variant]
    cells = {s["number"]: [s["row"], s["col"]] for s in board["squares"]}
    numbered = 0
    for diagram in drawn:
        assert diagram["variant"] == variant
        assert diagram["drawn"] == "true", diagram
        assert diagram["size"] == board["size"]
        assert dict(diagram["dark"]) == cells
        pieces = {sq: piece for sq, piece, _ in diagram["pieces"]}
        assert pieces == expected_pieces(diagram["fen"], variant)
        assert all(cell == cells[sq] for sq, _, cell in diagram["pieces"])
        if diagram["numbers"]:
            numbered += 1
            assert dict(diagram["numbers"]) == cells
        assert diagram["role"] == "img"
        assert diagram["label"].startswith("Diagramme" if lang == "fr" else "Diagram")
        assert 200 <= diagram["width"] <= PHONE["width"]
    assert numbered == 1  # the starting position with the square numbers
    assert sum(d["arrows"] for d in drawn) >= 3
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"sideways scroll at 320 px: {width}"
    page.screenshot(
        path=str(artifacts_dir / f"rules-{variant}-{lang}-320.png"), full_page=True
    )
    context.close()


def test_switching_language_shows_the_other_copy_of_the_diagrams(
    browser: Any, base_url: str
) -> None:
    context, page = open_page(browser, base_url, "/rules-italian.html", "fr")
    labels = [d["label"] for d in page.evaluate(READ_DIAGRAMS)]
    page.locator("#lang-switch").click()
    english = page.evaluate(READ_DIAGRAMS)
    assert len(english) == len(labels)
    assert all(d["label"].startswith("Diagram,") for d in english)
    assert "Blancs : 22." in labels[1] and "White: 22." in english[1]["label"]
    context.close()


def test_rules_pages_have_no_accessibility_violation(browser: Any, base_url: str) -> None:
    for lang in ("fr", "en"):
        for path in PAGES.values():
            context, page = open_page(browser, base_url, path, lang)
            results = Axe().run(page)
            assert results.violations_count == 0, f"{path} {lang}\n{results.generate_report()}"
            context.close()


def test_without_the_api_the_diagrams_say_so(browser: Any, base_url: str) -> None:
    context = browser.new_context(base_url=base_url, viewport=PHONE, locale="en-GB")
    page = context.new_page()
    page.route(
        "**/api/variants",
        lambda route: route.fulfill(
            status=503,
            content_type="application/json",
            body='{"error": "service-unavailable", "message": "down"}',
        ),
    )
    page.goto("/rules-english.html")
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-fen]')].every((el) => el.dataset.drawn)"
    )
    visible = page.locator('article[lang="en"] [data-fen]')
    assert visible.count() >= 4
    first = visible.first
    assert first.get_attribute("data-drawn") == "failed"
    assert first.inner_text().startswith("Diagram unavailable (B:W21-32:B1-12)")
    assert page.locator("svg.diagram-svg").count() == 0
    context.close()
