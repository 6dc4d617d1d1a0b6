"""Links that open a position or a finished game read-only (issue 32, what a lidraughts player
misses): the analysis board copies its position's address, a finished game's page copies an
address carrying its PDN, and each opens, in a browser that knows nothing of the game, the
position or the whole game to step through, with no token and nothing to play in it."""

from __future__ import annotations

from typing import Any

import pytest
from browser_helpers import assert_accessible, create_game, open_game, post_move
from test_browser_analysis_board import open_board

pytestmark = pytest.mark.browser
ANSWER_MS = 60_000
FEN = "B:W28,40,45,49,50:B11,12,13,19,23"


def fresh_page(browser: Any, base_url: str) -> Any:
    """A page of another browser: no game, no token, no draft."""
    return browser.new_context(base_url=base_url, locale="fr-FR").new_page()


def test_the_analysis_board_copies_a_link_to_its_position(
    page: Any, browser: Any, base_url: str
) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_board(page)
    page.fill("#ab-fen", FEN)
    page.click("#ab-fen-form button[type=submit]")
    page.wait_for_function(
        "() => document.getElementById('ab-turn').textContent === 'Trait aux noirs'",
        timeout=ANSWER_MS,
    )
    page.click("#ab-share")
    page.wait_for_function("() => document.getElementById('ab-share-text').textContent !== ''")
    assert page.locator("#ab-share-text").inner_text().startswith("Lien copié")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link.startswith(f"{base_url}/analysis-board.html?")

    other = fresh_page(browser, base_url)
    other.goto(link)
    other.wait_for_function(
        "() => document.getElementById('ab-turn').textContent === 'Trait aux noirs'",
        timeout=ANSWER_MS,
    )
    assert other.locator("#ab-fen").input_value() == FEN
    other.context.close()
    # A move on the board: what was said about the position before it goes.
    page.click('[data-square="23"]')
    page.click('[data-square="32"]')
    page.wait_for_function("() => document.getElementById('ab-share-text').textContent === ''")


def test_a_finished_game_copies_a_link_that_replays_it_read_only(
    page: Any, browser: Any, base_url: str
) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    token, game = create_game(page, {"mode": "free", "level": "facile"})
    view = post_move(page, game, token, 0, "32-28")
    open_game(page, token, game)
    assert page.locator("#game-link").is_hidden()  # a running game is not shown to others
    resigned = page.request.post(f"/api/games/{game['id']}/resign",
                                 headers={"Authorization": f"Bearer {token}"})
    assert resigned.status == 200
    page.reload()
    page.locator("#game-link").wait_for(state="visible")
    assert_accessible(page)
    page.locator("#game-link").click()
    page.wait_for_function(
        "() => document.getElementById('tools-text').textContent.startsWith('Lien copié')"
    )
    link = page.evaluate("navigator.clipboard.readText()")
    assert link.startswith(f"{base_url}/import.html#pdn=")
    assert token not in link

    other = fresh_page(browser, base_url)
    requests: list[str] = []
    other.on("request", lambda r: requests.append(r.url))
    other.goto(link)
    other.locator("#import-view").wait_for(state="visible", timeout=ANSWER_MS)
    shown = [s.strip() for s in other.locator("#imp-moves .mv").all_inner_texts()]
    assert shown == view["moves"]
    # The game was read from the link's text: the other browser never asked for the game.
    assert not [url for url in requests if f"/api/games/{game['id']}" in url]
    other.context.close()
