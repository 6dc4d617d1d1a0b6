"""The import page and files that do not say everything: a game without a GameType tag read
as the variant the player names, a file with unreadable games among good ones, and a file
saved in Windows-1252 rather than UTF-8."""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser_helpers import board_pieces

pytestmark = pytest.mark.browser

# As English databases are written: no GameType tag, Black (1-12) opening.
ENGLISH = '[Event "Club"]\n[White "Ann"]\n[Black "Bob"]\n\n1. 11-15 23-19 2. 8-11 22-17 *\n'


def test_an_untagged_game_is_read_as_the_variant_chosen(page: Any) -> None:
    page.goto("/import.html")
    page.fill("#pdn-input", ENGLISH)
    page.click("#pdn-read")
    # Read as international (the default), 11-15 is not a move.
    page.wait_for_function(
        "() => document.getElementById('import-error').textContent.includes('11-15')"
    )
    assert page.locator("#import-view").is_hidden()

    # Choosing English reads the same text again, sending the variant.
    with page.expect_request(lambda r: r.url.endswith("/api/games/pdn/read")) as request:
        page.select_option("#pdn-variant", "english")
    assert json.loads(request.value.post_data or "{}")["variant"] == "english"
    page.wait_for_selector('#board[data-variant="english"] [data-square]')
    assert page.locator("#board [data-square]").count() == 32
    moves = [s.strip() for s in page.locator("#imp-moves .mv").all_inner_texts()]
    assert moves == ["11-15", "23-19", "8-11", "22-17"]
    assert page.locator("#import-error").inner_text() == ""
    pieces = board_pieces(page)  # the last position: 11, 15, 8 moved for Black
    assert len(pieces) == 24 and 15 in pieces and 11 in pieces and 8 not in pieces
    assert 19 in pieces and 17 in pieces and 23 not in pieces and 22 not in pieces

    # Read with the button too, once chosen.
    page.fill("#pdn-input", "B:W21-32:B1-12")
    page.click("#pdn-read")
    page.wait_for_function(
        "() => document.getElementById('imp-text').textContent !== ''"
        " && !document.getElementById('imp-moves').children.length"
    )
    page.wait_for_selector('#board[data-variant="english"] [data-square]')
    assert len(board_pieces(page)) == 24


def test_unreadable_games_are_listed_with_their_error_and_cannot_be_chosen(page: Any) -> None:
    bad = '[Event "Broken"]\n1. 32-28 19-23 2. 28x17 *\n\n'
    good = '[Event "Good {n}"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n'
    page.goto("/import.html")
    page.fill("#pdn-input", bad + good.format(n=2) + good.format(n=3))
    page.click("#pdn-read")
    page.wait_for_selector("#import-view:not([hidden])")
    # The first game cannot be read: the first one that can is shown.
    assert "Good 2" in page.locator("#import-title").inner_text()
    broken = page.locator('#game-pick option[value="1"]')
    assert broken.is_disabled()
    assert "28x17" in (broken.get_attribute("title") or "")
    assert "illisible" in broken.inner_text()
    assert not page.locator('#game-pick option[value="3"]').is_disabled()
    assert page.locator("#unread-games").is_visible()
    page.click("#unread-summary")
    assert "28x17" in page.locator("#unread-list").inner_text()
    # In English too; the variant choice follows the language.
    page.click("#lang-switch")
    page.wait_for_function(
        "() => document.querySelector('#game-pick option[value=\"1\"]')"
        ".textContent.includes('unreadable')"
    )
    assert page.locator("#unread-summary").inner_text() == "Unreadable games: 1"
    assert "English 8×8" in page.locator("#pdn-variant").inner_text()
    page.select_option("#game-pick", "3")
    page.wait_for_function(
        "() => document.getElementById('import-title').textContent.includes('Good 3')"
    )


def test_a_windows_1252_file_keeps_its_accents(page: Any) -> None:
    text = '[Event "Fête"]\n[White "Müller"]\n[Black "Désiré"]\n\n1. 32-28 19-23 *\n'
    page.goto("/import.html")
    page.set_input_files(
        "#pdn-file",
        files=[{"name": "club.pdn", "mimeType": "text/plain", "buffer": text.encode("cp1252")}],
    )
    page.wait_for_selector("#import-view:not([hidden])")
    assert page.locator("#import-title").inner_text() == "Fête : Müller – Désiré"
    assert "\ufffd" not in page.locator("#pdn-input").input_value()
    # A UTF-8 file is still read as UTF-8.
    page.set_input_files(
        "#pdn-file",
        files=[{"name": "utf8.pdn", "mimeType": "text/plain", "buffer": text.encode()}],
    )
    page.wait_for_function("() => document.getElementById('pdn-input').value.includes('Müller')")
    assert page.locator("#import-title").inner_text() == "Fête : Müller – Désiré"


def test_the_text_read_is_kept_for_this_tab_only(browser: Any, base_url: str) -> None:
    """A reload (or a way back from the game page) finds the text last read in the box again;
    another tab starts empty, and storage the browser refuses costs only the draft."""
    text = '[Event "Draft"]\n\n1. 32-28 19-23 *\n'
    context = browser.new_context(base_url=base_url)
    page = context.new_page()
    page.goto("/import.html")
    page.fill("#pdn-input", text)
    page.click("#pdn-read")
    page.wait_for_selector("#imp-moves .mv")
    page.reload()
    assert page.locator("#pdn-input").input_value() == text
    assert page.evaluate("() => sessionStorage.getItem('dames.importDraft')") == text
    assert page.evaluate("() => localStorage.getItem('dames.importDraft')") is None
    other = context.new_page()
    other.goto("/import.html")
    assert other.locator("#pdn-input").input_value() == ""
    context.close()

    # Session storage refused (as some private modes do): the page still reads the text.
    refused = browser.new_context(base_url=base_url)
    refused.add_init_script(
        "Object.defineProperty(window, 'sessionStorage', {get() { throw new DOMException("
        "'denied', 'SecurityError'); }})"
    )
    blocked = refused.new_page()
    blocked.goto("/import.html")
    assert blocked.locator("#pdn-input").input_value() == ""
    blocked.fill("#pdn-input", text)
    blocked.click("#pdn-read")
    blocked.wait_for_selector("#imp-moves .mv")
    refused.close()
