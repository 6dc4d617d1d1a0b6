"""The analysis board (analysis-board.html): the engine's evaluation of any position, moves
for both sides, take back, and the position editor, which refuses a set-up the server finds
faulty with its reason. By touch on a phone and with a mouse on a desktop, in both languages
and themes, without an axe violation."""

from __future__ import annotations

from typing import Any

import dames
import pytest
from axe_playwright_python.sync_playwright import Axe
from browser_helpers import board_pieces, square

pytestmark = pytest.mark.browser
ANSWER_MS = 60_000


def eval_text(page: Any) -> str:
    page.wait_for_function(
        "() => /\\(/.test(document.getElementById('ab-eval').textContent)"
        " && !document.getElementById('board').classList.contains('waiting')",
        timeout=ANSWER_MS,
    )
    return str(page.locator("#ab-eval").inner_text())


def open_board(page: Any, query: str = "") -> str:
    page.goto(f"/analysis-board.html{query}")
    return eval_text(page)


def test_the_board_shows_an_eval_and_follows_moves_for_both_sides(user: Any) -> None:
    page = user.page
    first = open_board(page)
    assert "Évaluation" in first and "profondeur" in first
    assert page.locator("#ab-line").inner_text().startswith("Meilleure suite")
    # White plays 32-28, then Black 19-23 on the same board; the position is the server's.
    user.press(square(page, 32))
    user.press(square(page, 28))
    eval_text(page)
    assert page.locator("#ab-turn").inner_text() == "Trait aux noirs"
    user.press(square(page, 19))
    user.press(square(page, 23))
    eval_text(page)
    board = dames.Board()
    for text in ("32-28", "19-23"):
        board.push(board.parse_move(text))
    expected = {sq: str(p.color) + ("-king" if p.king else "")
                for sq in range(1, 51) if (p := board.piece_at(sq)) is not None}
    assert board_pieces(page) == expected
    assert page.locator("#ab-moves li").first.inner_text() == "32-28 19-23"
    # White must now take 28x19: the eval follows the forced exchange, and take back undoes.
    user.press(page.locator("#ab-takeback"))
    eval_text(page)
    assert page.locator("#ab-turn").inner_text() == "Trait aux noirs"
    assert 23 not in board_pieces(page) and board_pieces(page)[19] == "black"


def test_a_fen_link_opens_that_position(page: Any) -> None:
    fen = "B:W28,40,45,49,50:B11,12,13,19,23"
    text = open_board(page, f"?fen={fen}")
    assert page.locator("#ab-turn").inner_text() == "Trait aux noirs"
    assert "-" in text.split(":")[1]  # Black is better: a negative number from White's side
    assert "23x32" in page.locator("#ab-line").inner_text()


def test_the_editor_refuses_an_illegal_setup_with_its_reason(user: Any) -> None:
    page = user.page
    open_board(page)
    user.press(page.locator("#ab-edit"))
    user.press(page.locator("#ed-clear"))
    assert board_pieces(page) == {}
    user.press(page.locator('input[name="ed-piece"][value="white"]'))
    user.press(square(page, 3))  # a white man on its crowning row
    user.press(square(page, 33))
    user.press(page.locator('input[name="ed-piece"][value="black"]'))
    user.press(square(page, 18))
    assert board_pieces(page) == {3: "white", 33: "white", 18: "black"}
    user.press(page.locator("#ed-done"))
    problems = page.locator("#ed-problems")
    problems.locator("li").first.wait_for(timeout=ANSWER_MS)
    assert "ligne de promotion" in problems.inner_text() and "case 3" in problems.inner_text()
    assert not page.locator("#ab-editor").is_hidden()
    # Mended (the man on 3 becomes a king), the set-up is accepted and analysed.
    user.press(page.locator('input[name="ed-piece"][value="white-king"]'))
    user.press(square(page, 3))
    user.press(page.locator("#ed-done"))
    page.locator("#ab-editor").wait_for(state="hidden", timeout=ANSWER_MS)
    eval_text(page)
    assert board_pieces(page) == {3: "white-king", 33: "white", 18: "black"}
    assert page.locator("#ab-fen").input_value() == "W:WK3,33:B18"


def test_the_editor_names_a_side_that_has_already_lost_in_english(page: Any) -> None:
    open_board(page)
    page.click("#lang-switch")
    page.click("#ab-edit")
    page.click("#ed-clear")
    page.check('input[name="ed-piece"][value="white"]')
    page.click('[data-square="46"]')
    page.check('input[name="ed-piece"][value="black"]')
    for sq in (41, 36, 37):
        page.click(f'[data-square="{sq}"]')
    page.click("#ed-done")
    page.locator("#ed-problems li").first.wait_for(timeout=ANSWER_MS)
    assert "White is to move but has no move" in page.locator("#ed-problems").inner_text()


def test_keyboard_plays_a_move(page: Any) -> None:
    open_board(page)
    page.locator('#board [tabindex="0"]').focus()  # the board's cursor square
    focused = lambda: page.evaluate("document.activeElement.dataset.square")  # noqa: E731
    assert focused() == "32"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    assert "selected" in (square(page, 33).get_attribute("class") or "")
    page.keyboard.press("ArrowUp")
    assert focused() == "28"
    page.keyboard.press("Enter")
    eval_text(page)
    assert board_pieces(page).get(28) == "white" and 33 not in board_pieces(page)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_no_axe_violation_in_either_theme(page: Any, theme: str) -> None:
    page.emulate_media(color_scheme=theme)
    open_board(page)
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()
    page.click("#ab-edit")
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


def test_narrow_phone_has_no_sideways_scroll(browser: Any, playwright: Any, base_url: str) -> None:
    phone = {**playwright.devices["iPhone SE"], "viewport": {"width": 320, "height": 640}}
    context = browser.new_context(base_url=base_url, **phone)
    page = context.new_page()
    open_board(page)
    page.tap("#ab-edit")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 320
    context.close()


def test_an_imported_game_opens_its_position_on_the_board(page: Any) -> None:
    page.goto("/import.html")
    page.fill("#pdn-input", '[Event "t"]\n1. 32-28 19-23 2. 28x19 14x23 *\n')
    page.click("#pdn-read")
    page.locator("#import-view").wait_for(state="visible")
    page.click('#imp-moves .mv[data-ply="2"]')  # after 19-23: White must take
    page.click("#imp-board")
    page.wait_for_url("**/analysis-board.html?*")
    eval_text(page)
    board = dames.Board()
    for text in ("32-28", "19-23"):
        board.push(board.parse_move(text))
    assert page.locator("#ab-fen").input_value() == board.fen()
    assert page.locator("#ab-line").inner_text().startswith("Meilleure suite : 28x19")


def test_the_editor_sets_up_another_variant_and_the_board_flips(page: Any) -> None:
    open_board(page)
    page.click("#ab-flip")
    assert page.locator("#ab-flip").get_attribute("aria-pressed") == "true"
    assert page.locator("#board").get_attribute("aria-label") == "Damier, les noirs en bas"
    page.click("#ab-edit")
    page.select_option("#ed-variant", "brazilian")
    page.wait_for_function("() => document.querySelectorAll('#board [data-square]').length == 32")
    page.check('input[name="ed-turn"][value="black"]')
    page.click("#ed-done")
    page.locator("#ab-editor").wait_for(state="hidden", timeout=ANSWER_MS)
    eval_text(page)
    assert page.locator("#ab-turn").inner_text() == "Trait aux noirs"
    assert page.locator("#ab-fen").input_value().startswith("B:W21,22,")
    assert len(board_pieces(page)) == 24


def test_a_link_to_a_faulty_setup_says_why_and_shows_the_start(page: Any) -> None:
    open_board(page, "?fen=W:W3,31:B20")
    status = page.locator("#ab-status").inner_text()
    assert "n'est pas lisible" in status and "ligne de promotion (case 3)" in status
    assert page.locator("#ab-fen").input_value() == dames.Board().fen()
