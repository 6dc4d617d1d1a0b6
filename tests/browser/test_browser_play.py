"""Playing in the real browser against the real local server: tap, drag and keyboard input,
multi-captures, refusals, the computer's highlighted reply, resuming after a reload, and a
failed request retried without losing the game."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    ends_of,
    move_texts,
    piece_on,
    square,
    wait_for_moves,
    wait_for_turn,
)

pytestmark = pytest.mark.browser

# White's man on 48 must take five pieces, and two different paths lead to 19
# (through 37 taking 42 and 32, or through 39 taking 43 and 33, then 17, 8, 19 taking 22, 12, 13).
FEN_TWO_PATHS = "W:W48:B12,13,22,32,33,42,43"
# White's man on 48 must take 42 and 32, landing on 28: a single path.
FEN_ONE_PATH = "W:W48:B5,32,42"


def practice_url(fen: str) -> str:
    return f"/play.html?practice=1&fen={fen}"


def open_game(page: Any, url: str = "/play.html?mode=free") -> None:
    page.goto(url)
    wait_for_turn(page)


def assert_computer_reply_highlighted(page: Any) -> None:
    """The reply is the second move of the list; its from/to squares carry the highlight and
    a black piece stands on the destination."""
    moves = wait_for_moves(page, 2)
    wait_for_turn(page)
    origin, target = ends_of(moves[1])
    assert page.locator(".sq.last-from").get_attribute("data-square") == str(origin)
    assert page.locator(".sq.last-to").get_attribute("data-square") == str(target)
    assert (piece_on(page, target) or "").startswith("black")
    assert piece_on(page, origin) is None


def test_start_and_tap_a_move(user: Any, artifacts_dir: Path) -> None:
    page = user.page
    open_game(page, "/play.html?mode=daily")
    assert page.locator("[data-square]").count() == 50
    assert page.locator('[data-piece="white"]').count() == 20
    assert page.locator('[data-piece="black"]').count() == 20
    # Every white man of the front row can move at the start, nothing else.
    movable = sorted(
        int(s)
        for s in page.locator(".sq.movable").evaluate_all("els => els.map(e => e.dataset.square)")
    )
    assert movable == [31, 32, 33, 34, 35]
    page.screenshot(path=str(artifacts_dir / f"board-start-{user.name}.png"))

    with page.expect_request(lambda r: r.method == "POST" and r.url.endswith("/moves")) as req:
        user.press(square(page, 32))
        assert "selected" in (square(page, 32).get_attribute("class") or "")
        user.press(square(page, 28))
    body = json.loads(req.value.post_data or "{}")
    assert body == {"ply": 0, "move": "32-28"}  # the time is the server's: the page sends none

    assert_computer_reply_highlighted(page)
    assert move_texts(page)[0] == "32-28"
    assert piece_on(page, 28) == "white"
    page.wait_for_function(
        "() => document.getElementById('announce').textContent.includes(\"l'ordinateur\")"
    )
    page.screenshot(path=str(artifacts_dir / f"board-{user.name}.png"))


def drag(user: Any, origin: int, target: int) -> None:
    """Drags a piece with the mouse on the desktop and with a finger (CDP touch) on the phone."""
    page = user.page
    start = square(page, origin).bounding_box()
    end = square(page, target).bounding_box()
    assert start and end
    sx, sy = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
    ex, ey = end["x"] + end["width"] / 2, end["y"] + end["height"] / 2
    if user.touch:
        cdp = page.context.new_cdp_session(page)
        cdp.send(
            "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": sx, "y": sy}]}
        )
        for i in range(1, 9):
            x, y = sx + (ex - sx) * i / 8, sy + (ey - sy) * i / 8
            cdp.send(
                "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]}
            )
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        cdp.detach()
    else:
        page.mouse.move(sx, sy)
        page.mouse.down()
        page.mouse.move(ex, ey, steps=8)
        page.mouse.up()


def test_drag_a_piece(user: Any) -> None:
    page = user.page
    open_game(page)
    drag(user, 33, 22)  # not a move of 33: refused, the piece goes back
    assert "impossible" in page.locator("#hint").inner_text()
    assert piece_on(page, 33) == "white" and piece_on(page, 22) is None
    drag(user, 33, 29)
    moves = wait_for_moves(page, 1)
    assert moves[0] == "33-29"
    assert_computer_reply_highlighted(page)


def test_keyboard_alone(user: Any) -> None:
    page = user.page
    open_game(page)
    page.keyboard.press("Tab")  # the skip link
    page.keyboard.press("Enter")  # focus moves to the board
    page.keyboard.press("Tab")  # into the grid: the cursor square
    focused = lambda: page.evaluate("document.activeElement.dataset.square")  # noqa: E731
    assert focused() == "32"
    page.keyboard.press("ArrowRight")
    assert focused() == "33"
    page.keyboard.press("Enter")
    assert "selected" in (square(page, 33).get_attribute("class") or "")
    page.keyboard.press("ArrowUp")
    assert focused() == "28"
    page.keyboard.press("Enter")
    assert wait_for_moves(page, 1)[0] == "33-28"
    assert_computer_reply_highlighted(page)


def test_multi_capture_by_its_final_square(user: Any) -> None:
    page = user.page
    open_game(page, practice_url(FEN_ONE_PATH))
    assert page.locator(".sq.movable").evaluate_all("e => e.map(x => x.dataset.square)") == ["48"]
    user.press(square(page, 48))
    user.press(square(page, 28))
    assert wait_for_moves(page, 1)[0] == "48x28"
    page.wait_for_function("() => document.getElementById('announce').textContent")
    assert piece_on(page, 42) is None and piece_on(page, 32) is None
    assert piece_on(page, 28) == "white"


def test_multi_capture_step_by_step(user: Any, artifacts_dir: Path) -> None:
    page = user.page
    open_game(page, practice_url(FEN_TWO_PATHS))
    user.press(square(page, 48))
    # Two paths end on 19: touching it is not enough.
    user.press(square(page, 19))
    assert "Plusieurs chemins" in page.locator("#hint").inner_text()
    assert move_texts(page) == []
    assert piece_on(page, 48) == "white"
    # Landing squares one by one; the jumped pieces show as taken, nothing is sent yet.
    user.press(square(page, 39))
    assert _taken(page) == ["43"]
    user.press(square(page, 28))
    assert _taken(page) == ["33", "43"]
    user.press(square(page, 17))
    assert _taken(page) == ["22", "33", "43"]
    page.screenshot(path=str(artifacts_dir / f"multi-capture-{user.name}.png"))
    assert move_texts(page) == []
    user.press(square(page, 8))
    user.press(square(page, 19))
    assert wait_for_moves(page, 1)[0] == "48x39x28x17x8x19"
    for gone in (43, 33, 22, 13, 12):
        assert piece_on(page, gone) is None
    assert piece_on(page, 19) == "white"


def test_one_step_then_the_final_square(user: Any) -> None:
    page = user.page
    open_game(page, practice_url(FEN_TWO_PATHS))
    user.press(square(page, 48))
    user.press(square(page, 37))  # now a single path leads to 19
    assert _taken(page) == ["42"]
    user.press(square(page, 19))
    assert wait_for_moves(page, 1)[0] == "48x37x28x17x8x19"
    for gone in (42, 32, 22, 13, 12):
        assert piece_on(page, gone) is None
    assert piece_on(page, 19) == "white"


def _taken(page: Any) -> list[str]:
    return sorted(page.locator(".sq.taken").evaluate_all("e => e.map(x => x.dataset.square)"))


def test_illegal_destination_is_refused(user: Any) -> None:
    page = user.page
    open_game(page)
    moves_sent: list[str] = []
    page.on("request", lambda r: moves_sent.append(r.url) if r.url.endswith("/moves") else None)
    user.press(square(page, 32))
    user.press(square(page, 22))  # not a move of 32
    assert "impossible" in page.locator("#hint").inner_text()
    assert piece_on(page, 32) == "white" and piece_on(page, 22) is None
    assert "selected" in (square(page, 32).get_attribute("class") or "")
    user.press(square(page, 32))  # touching it again cancels
    assert page.locator(".sq.selected").count() == 0
    user.press(square(page, 47))  # blocked man: cannot be picked
    assert page.locator(".sq.selected").count() == 0
    user.press(square(page, 31))
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.getElementById('hint').textContent === 'Choix annulé'")
    assert page.locator(".sq.selected").count() == 0
    assert move_texts(page) == [] and moves_sent == []


def test_reload_resumes_the_game(user: Any) -> None:
    page = user.page
    open_game(page)
    user.press(square(page, 34))
    user.press(square(page, 30))
    before = wait_for_moves(page, 2)
    wait_for_turn(page)
    game_id = page.evaluate("JSON.parse(localStorage.getItem('dames.game.free')).id")
    page.reload()
    wait_for_turn(page)
    assert move_texts(page) == before
    assert piece_on(page, 30) == "white" and piece_on(page, 34) is None
    assert page.evaluate("JSON.parse(localStorage.getItem('dames.game.free')).id") == game_id
    assert page.locator(".sq.last-to").count() == 1
    page.goto("/")
    assert page.locator("#play-free").inner_text() == "Reprendre la partie libre"
    assert page.locator("#play-daily").inner_text() == "Jouer le défi"


def test_failed_request_offers_retry(user: Any) -> None:
    page = user.page
    open_game(page)
    page.route("**/api/games/*/moves", lambda route: route.abort())
    user.press(square(page, 31))
    user.press(square(page, 26))
    page.wait_for_selector("#error:not([hidden])")
    assert "échoué" in page.locator("#error").inner_text()
    assert piece_on(page, 26) == "white"  # the move stays on the board while it waits
    page.unroute("**/api/games/*/moves")
    user.press(page.locator("#retry"))
    assert wait_for_moves(page, 2)[0] == "31-26"
    wait_for_turn(page)
    assert page.locator("#error").is_hidden()


HIDE_TAB = """hidden => {
  Object.defineProperty(document, 'hidden', {configurable: true, get: () => hidden});
  document.dispatchEvent(new Event('visibilitychange'));
}"""


def test_clock_pauses_while_the_tab_is_hidden(page: Any) -> None:
    """The server leaves the hidden time out of the move's cost: paused time plus charged
    time fit in the time the turn lasted, and the pause is most of it."""
    started = time.monotonic()  # before the game exists: its turn runs inside this span
    open_game(page)
    with page.expect_response(lambda r: r.url.endswith("/clock")) as hidden:
        page.evaluate(HIDE_TAB, True)
    paused_at = hidden.value.json()["since"]
    # Hidden until the server's own clock has run 2.5 s past the pause it recorded.
    page.wait_for_function("at => Date.now() >= at", arg=paused_at + 2500, timeout=10_000)
    with page.expect_response(lambda r: r.url.endswith("/clock")) as shown:
        page.evaluate(HIDE_TAB, False)
    assert shown.value.json()["pauses"] == 1
    with page.expect_response(lambda r: r.url.endswith("/moves")) as answered:
        square(page, 35).click()
        square(page, 30).click()
    turn_ms = (time.monotonic() - started) * 1000
    clock = answered.value.json()["clock"]
    assert clock["pausedMs"] >= 2400
    assert clock["elapsedMs"] + clock["pausedMs"] <= turn_ms + 100


def test_square_numbers_setting(page: Any) -> None:
    open_game(page)
    number = square(page, 46).locator(".num")
    assert number.is_hidden()
    page.locator("#numbers").check()
    assert number.is_visible() and number.inner_text() == "46"
    page.reload()
    wait_for_turn(page)
    assert square(page, 46).locator(".num").is_visible()


def test_resign_asks_for_confirmation_then_ends_the_game(page: Any) -> None:
    open_game(page)
    page.locator("#resign").click()
    assert page.locator("#end").is_hidden()
    assert "Confirmer" in page.locator("#resign").inner_text()
    page.locator("#resign").click()
    page.wait_for_selector("#end:not([hidden])")
    assert page.locator("#end-title").inner_text() == "Abandon"
    assert page.locator("#end-reason").inner_text() == "Vous avez abandonné"
    assert page.locator(".sq.movable").count() == 0
    assert page.locator("#new-game").is_visible()


def test_computer_capture_is_highlighted_and_announced(page: Any, artifacts_dir: Path) -> None:
    # After 33-28 the black man on 22 must take it (22x33), and White has nothing left.
    open_game(page, practice_url("W:W33:B22"))
    square(page, 33).click()
    square(page, 28).click()
    page.wait_for_selector("#end:not([hidden])")
    assert move_texts(page) == ["33-28", "22x33"]
    assert page.locator(".sq.last-from").get_attribute("data-square") == "22"
    assert page.locator(".sq.last-to").get_attribute("data-square") == "33"
    assert page.locator(".sq.last-capture").get_attribute("data-square") == "28"
    assert piece_on(page, 33) == "black" and piece_on(page, 28) is None
    assert page.locator("#end-title").inner_text() == "Perdu"
    assert page.locator("#end-reason").inner_text() == "Vous ne pouvez plus jouer"
    page.wait_for_function(
        "() => /prend 22x33|Partie terminée/.test(document.getElementById('announce').textContent)"
    )
    page.screenshot(path=str(artifacts_dir / "computer-capture-desktop.png"))


def test_thinking_indicator_while_the_computer_answers(page: Any) -> None:
    open_game(page)
    held: list[Any] = []
    page.route("**/api/games/*/moves", lambda route: held.append(route))
    square(page, 32).click()
    square(page, 27).click()
    page.wait_for_selector("#thinking:not([hidden])")
    assert "réfléchit" in page.locator("#thinking").inner_text()
    assert page.locator(".sq.movable").count() == 0  # no input while it thinks
    assert len(held) == 1
    held[0].continue_()
    wait_for_turn(page)
    assert page.locator("#thinking").is_hidden()
    assert move_texts(page)[0] == "32-27"


WATCH_MOVING = """() => {
  window.sawMoving = false;
  new MutationObserver(() => {
    if (document.querySelector('.piece.moving')) window.sawMoving = true;
  }).observe(document.getElementById('board'),
             {subtree: true, attributes: true, attributeFilter: ['class']});
}"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_moves_animate_unless_reduced_motion_is_preferred(
    browser: Any, base_url: str, motion: str
) -> None:
    context = browser.new_context(base_url=base_url, locale="fr-FR", reduced_motion=motion)
    page = context.new_page()
    open_game(page)
    page.evaluate(WATCH_MOVING)
    square(page, 32).click()
    square(page, 28).click()
    wait_for_moves(page, 2)
    wait_for_turn(page)
    assert page.evaluate("window.sawMoving") is (motion == "no-preference")
    context.close()
