"""The lows of issue 32 (bug 11) on the game and analysis pages: an unknown ``?mode=`` is said,
not opened as the daily; the page says which level and colour you play; the analysis pages'
tab titles follow the language; the tools' line does not outlive the position it spoke of;
on an upright phone the move list comes right under the clock."""

from __future__ import annotations

from typing import Any

import pytest
from browser_helpers import create_game, open_game, square, wait_for_moves, wait_for_turn

pytestmark = pytest.mark.browser
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}


def test_an_unknown_mode_is_said_and_opens_no_game(page: Any) -> None:
    created: list[str] = []
    page.on("request", lambda r: created.append(r.url) if r.method == "POST" else None)
    page.goto("/play.html?mode=blitz")
    page.locator("#error").wait_for(state="visible")
    assert "« blitz »" in page.locator("#error-text").inner_text()
    assert page.locator("#retry").inner_text() == "Jouer le défi du jour"
    assert created == []  # no daily game was started behind the message
    page.locator("#retry").click()
    page.wait_for_url("**/play.html?mode=daily")
    wait_for_turn(page)


def test_the_page_says_the_level_and_colour_played(page: Any) -> None:
    token, game = create_game(page, {"mode": "free", "level": "fort", "color": "black"})
    open_game(page, token, game)
    page.wait_for_function("() => document.getElementById('matchup').textContent !== ''")
    assert page.locator("#matchup").inner_text() == "Vous : noirs · Ordinateur : Fort"
    token, game = create_game(page, {"mode": "duo"})
    open_game(page, token, game)
    page.wait_for_function(
        "() => document.getElementById('matchup').textContent.startsWith('Deux')"
    )


@pytest.mark.parametrize(("path", "title"), [
    ("/analysis-board.html", "Analysis board — Dames du jour"),
    ("/analysis.html", "Game analysis — Dames du jour"),
])
def test_the_analysis_tab_titles_are_english_in_english(
    browser: Any, base_url: str, path: str, title: str
) -> None:
    context = browser.new_context(base_url=base_url, locale="en-GB")
    page = context.new_page()
    page.goto(path)
    page.wait_for_function(f"() => document.title === {title!r}")
    context.close()


def test_the_tools_line_goes_once_the_game_moves_on(page: Any) -> None:
    """"The computer declines the draw" stayed under the next positions, and under "You won!"."""
    token, game = create_game(page, {"mode": "free", "level": "facile"})
    open_game(page, token, game)
    wait_for_turn(page)
    page.locator("#draw-button").click()
    page.wait_for_function(
        "() => document.getElementById('tools-text').textContent.includes('refuse')"
    )
    wait_for_turn(page)
    square(page, 32).click()
    square(page, 28).click()
    wait_for_moves(page, 2)
    wait_for_turn(page)
    assert page.locator("#tools-text").inner_text() == ""


def test_on_an_upright_phone_the_moves_come_right_under_the_clock(
    browser: Any, base_url: str
) -> None:
    context = browser.new_context(base_url=base_url, locale="fr-FR", **PHONE)
    page = context.new_page()
    token, game = create_game(page, {"mode": "free", "level": "facile"})
    open_game(page, token, game)
    wait_for_turn(page)
    facts = page.locator(".facts").bounding_box()
    moves = page.locator("section.moves").bounding_box()
    # Nothing but a few lines of text between them (it used to be the tools' six buttons
    # and two empty message lines, some 250 px).
    assert moves["y"] - (facts["y"] + facts["height"]) < 80
    context.close()
