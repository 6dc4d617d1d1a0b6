"""The puzzle page: a puzzle solved by taps on a phone, one failed and its solution shown,
the day's coup and its spoiler-free share line, the keyboard, dark mode, English."""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser_helpers import (
    MOVE_NOTATION,
    PHONE_320,
    assert_accessible,
    board_pieces,
    context_with_player,
    square,
)
from dames.puzzles import catalog
from dames.puzzles.model import Puzzle

pytestmark = pytest.mark.browser

HUMAN_PAUSE_MS = 500  # the server voids a rated solve whose moves come faster than a human's
TIMEOUT_MS = 20_000


def wait_for_puzzle(page: Any) -> None:
    page.wait_for_selector("#board:not(.waiting) .sq.draggable", timeout=TIMEOUT_MS)


def current_puzzle(page: Any) -> tuple[Puzzle, dict[str, Any]]:
    """The puzzle the page is playing, read back through the API as the page reads it."""
    kept = json.loads(page.evaluate("() => localStorage.getItem('dames.puzzle.current')"))
    answer = page.request.get(f"/api/puzzles/attempts/{kept['id']}",
                              headers={"Authorization": f"Bearer {kept['token']}"})
    assert answer.status == 200, answer.text()
    attempt = answer.json()
    return catalog.by_id()[attempt["puzzle"]["id"]], attempt


def focused_square(page: Any) -> int | None:
    found = page.evaluate("() => document.activeElement.dataset.square || null")
    return int(found) if found else None


def key_to(page: Any, number: int) -> None:
    """Walk the board's keyboard cursor to ``number`` with the arrow keys, as a person does:
    rows first (up or down, on the screen), then along the row."""
    if focused_square(page) is None:
        page.locator('#board [tabindex="0"]').focus()
    for _ in range(40):
        here = focused_square(page)
        if here == number:
            return
        assert here is not None
        a, b = (square(page, n).bounding_box() for n in (here, number))
        if abs(a["y"] - b["y"]) > 2:
            page.keyboard.press("ArrowUp" if b["y"] < a["y"] else "ArrowDown")
        else:
            page.keyboard.press("ArrowLeft" if b["x"] < a["x"] else "ArrowRight")
    raise AssertionError(f"the cursor did not reach {number}")


def press_path(page: Any, board: Any, text: str, *, tap: bool) -> None:
    """Touch the squares of the move ``text`` at ``board``: its start and every landing."""
    move = board.parse_move(text)
    for number in move.path:
        if tap:
            square(page, number).tap()
        else:
            key_to(page, number)
            page.keyboard.press("Enter")


def play_solution(page: Any, puzzle: Puzzle, *, tap: bool = True) -> None:
    board = puzzle.board()
    choice = puzzle.solution
    while choice is not None:
        branch = choice.branches[0]
        wait_for_puzzle(page)
        page.wait_for_timeout(HUMAN_PAUSE_MS)
        press_path(page, board, branch.move, tap=tap)
        for text in (branch.move, *branch.reply):
            board.push(board.parse_move(text))
        choice = branch.next
    page.wait_for_selector("#pz-end:not([hidden])", timeout=TIMEOUT_MS)


def wrong_first_move(puzzle: Puzzle) -> str:
    board = puzzle.board()
    accepted = {board.parse_move(b.move) for b in puzzle.solution.branches}
    return next(str(m) for m in board.legal_moves() if m not in accepted)


def fits_the_width(page: Any) -> bool:
    return bool(page.evaluate(
        "() => document.documentElement.scrollWidth <= window.innerWidth + 1"))


def test_a_puzzle_solved_by_taps_on_a_phone(browser: Any, base_url: str,
                                            seeded: dict[str, Any]) -> None:
    context = context_with_player(browser, base_url, seeded["player"], locale="fr-FR",
                                  **PHONE_320)
    page = context.new_page()
    page.goto("/puzzle.html")
    wait_for_puzzle(page)
    puzzle, attempt = current_puzzle(page)
    assert attempt["rated"] is True
    expected = "Les Blancs" if puzzle.fen.startswith("W") else "Les Noirs"
    assert expected in page.locator("#pz-turn").inner_text()
    assert fits_the_width(page)
    play_solution(page, puzzle)
    assert page.locator("#pz-end-title").inner_text() == "Réussi !"
    assert "Classement : 1500 →" in page.locator("#pz-rating-change").inner_text()
    assert page.locator("#pz-themes li").count() >= 2
    assert page.locator("#pz-source").inner_text()
    assert page.locator("#pz-next").is_visible()
    assert fits_the_width(page)
    assert_accessible(page)
    page.locator("#pz-next").tap()
    page.wait_for_selector("#pz-end[hidden]", state="attached", timeout=TIMEOUT_MS)
    wait_for_puzzle(page)
    assert current_puzzle(page)[0].id != puzzle.id
    context.close()


def test_a_wrong_move_is_taken_back_then_the_solution_is_shown(browser: Any,
                                                               base_url: str) -> None:
    context = browser.new_context(base_url=base_url, locale="fr-FR", **PHONE_320)
    page = context.new_page()
    page.goto("/puzzle.html")
    wait_for_puzzle(page)
    puzzle, _ = current_puzzle(page)
    before = board_pieces(page)
    page.wait_for_timeout(HUMAN_PAUSE_MS)
    press_path(page, puzzle.board(), wrong_first_move(puzzle), tap=True)
    page.wait_for_function(
        "() => document.querySelector('#pz-feedback').textContent.includes('pas le coup')",
        timeout=TIMEOUT_MS)
    page.wait_for_selector("#board:not(.waiting)", timeout=TIMEOUT_MS)
    assert board_pieces(page) == before
    page.locator("#pz-hint").tap()
    start = puzzle.board().parse_move(puzzle.first_move).start
    page.wait_for_function(
        "() => document.querySelector('#pz-feedback').textContent.includes('Jouez la pièce')",
        timeout=TIMEOUT_MS)
    assert page.locator(".sq.movable").count() == 1
    assert square(page, start).get_attribute("class").split().count("movable") == 1
    page.locator("#pz-solution").tap()
    page.wait_for_selector("#pz-end:not([hidden])", timeout=TIMEOUT_MS)
    assert page.locator("#pz-end-title").inner_text() == "Voici la solution."
    line = page.locator("#pz-line").inner_text()
    assert puzzle.board().notation(puzzle.board().parse_move(puzzle.first_move)) in line
    assert page.locator("#pz-rating-change").inner_text() == (
        "Cette tentative ne compte pas pour le classement.")
    assert_accessible(page)
    context.close()


def test_the_coup_du_jour_by_keyboard_and_its_share_line(browser: Any, base_url: str,
                                                         seeded: dict[str, Any]) -> None:
    context = browser.new_context(base_url=base_url, locale="fr-FR",
                                  permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto("/puzzle.html?daily=1")
    wait_for_puzzle(page)
    puzzle, attempt = current_puzzle(page)
    assert attempt["puzzle"]["daily"] == seeded["today"]
    assert page.locator("#pz-variant-row").is_hidden()
    play_solution(page, puzzle, tap=False)
    page.locator("#pz-share").click()
    page.wait_for_function("() => document.querySelector('#pz-feedback').textContent",
                           timeout=TIMEOUT_MS)
    text = page.evaluate("() => navigator.clipboard.readText()")
    assert "coup du jour" in text and "puzzle.html?daily=1" in text
    assert not MOVE_NOTATION.search(text)
    for number in puzzle.board().parse_move(puzzle.first_move).path:
        assert f" {number} " not in f" {text} "
    page.reload()
    page.wait_for_selector("#pz-end:not([hidden])", timeout=TIMEOUT_MS)  # the day's stays
    context.close()


def test_dark_mode_and_english(browser: Any, base_url: str) -> None:
    context = browser.new_context(base_url=base_url, locale="fr-FR", color_scheme="dark",
                                  viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto("/puzzle.html")
    page.locator("#lang-switch").click()
    wait_for_puzzle(page)
    page.wait_for_function(
        "() => /to play and win/.test(document.querySelector('#pz-turn').textContent)",
        timeout=TIMEOUT_MS)
    assert_accessible(page)
    page.select_option("#pz-variant", "english")
    page.wait_for_function("() => document.querySelector('#board').dataset.variant "
                           "=== 'english'", timeout=TIMEOUT_MS)
    wait_for_puzzle(page)
    assert current_puzzle(page)[0].variant == "english"
    context.close()


def test_a_day_without_a_coup_shows_no_board_and_leads_to_training(
        browser: Any, base_url: str, seeded: dict[str, Any], monkeypatch: Any) -> None:
    """A day whose coup left the set (docs/puzzles.md, restamp) has nothing to play: the page
    says so without an empty board or help buttons that would do nothing, and offers training."""
    context = browser.new_context(base_url=base_url, locale="fr-FR", color_scheme="dark",
                                  **PHONE_320)
    page = context.new_page()
    chosen = page.request.get("/api/puzzles/daily").json()["puzzleId"]
    shipped = catalog.by_id()
    monkeypatch.setattr(catalog, "by_id",
                        lambda: {k: v for k, v in shipped.items() if k != chosen})
    page.goto("/puzzle.html?daily=1")
    page.wait_for_function("() => document.querySelector('#pz-title').textContent",
                           timeout=TIMEOUT_MS)
    assert page.locator("#pz-title").inner_text() == "Pas de coup du jour aujourd'hui."
    assert not page.locator("#pz-error").inner_text()
    for hidden in (".board-frame", "#pz-hint", "#pz-solution"):
        assert page.locator(hidden).is_hidden(), hidden
    assert fits_the_width(page)
    assert_accessible(page)
    page.locator("#pz-next").tap()
    page.wait_for_url("**/puzzle.html", timeout=TIMEOUT_MS)
    wait_for_puzzle(page)
    assert page.locator(".board-frame").is_visible() and page.locator("#pz-title").inner_text()
    assert page.locator("#pz-hint").is_visible() and page.locator("#pz-solution").is_visible()
    context.close()
