"""What a new user ran into, each checked in the browser: the colours and who starts as each
variant names them, tab titles in English, the casual end screen's level name, why a piece
cannot move when a capture is compulsory, a reload that is not a pause, the PDN viewer's
Home and End, and paused time shown against playing time."""

from __future__ import annotations

from typing import Any

import pytest
from browser_helpers import FEN_WHITE_WINS, move_texts, square, wait_for_turn

pytestmark = pytest.mark.browser

# White must take: only 28 can (28x19); 45 could move if there were no capture.
FEN_MUST_TAKE = "W:W28,45,37:B23,5"
ENGLISH_TITLES = {
    "/": "Dames du jour — the daily international draughts challenge",
    "/days.html": "Past challenges — Dames du jour",
    "/leaderboards.html": "Leaderboards — Dames du jour",
    "/new.html": "New game — Dames du jour",
    "/import.html": "Import a game — Dames du jour",
    "/rules.html": "Rules and tips — Dames du jour",
    "/rules-english.html": "English draughts (checkers) rules — Dames du jour",
    "/stats.html": "Statistics — Dames du jour",
    "/no-such-page": "Page not found — Dames du jour",
}


SET_HIDDEN = """hidden => {
  Object.defineProperty(document, 'hidden', {configurable: true, get: () => hidden});
  document.dispatchEvent(new Event('visibilitychange'));
}"""


def reads_game(response: Any) -> bool:
    return "/api/games/g_" in response.url and response.request.method == "GET"


def in_english(page: Any) -> Any:
    page.add_init_script("localStorage.setItem('dames.lang', 'en')")
    return page


def test_english_checkers_names_black_as_the_side_that_starts(page: Any) -> None:
    in_english(page).goto("/new.html")
    page.wait_for_selector("#variant-group:not([hidden])")
    page.check('input[name="variant"][value="english"]')
    page.wait_for_function(
        "() => document.getElementById('color-black-label').textContent.includes('you start')"
    )
    assert page.locator("#color-black-label").inner_text() == "Black (you start)"
    assert page.locator("#color-white-label").inner_text() == "White (the computer starts)"
    assert "Casual game" in page.locator("#ranked-note").inner_text()
    page.check('input[name="color"][value="black"]')
    page.check('input[name="level"][value="debutant"]')
    with page.expect_response(reads_game) as read:  # the game page, once the game is made
        page.click("#start")
    wait_for_turn(page)
    game = read.value.json()
    assert (game["variant"], game["playerColor"], game["moves"]) == ("english", "black", [])
    assert move_texts(page) == []  # the player starts: the computer has not moved

    # International: White starts, and the ranked set-up is the server's.
    page.goto("/new.html")
    page.wait_for_selector("#variant-group:not([hidden])")
    page.check('input[name="variant"][value="international"]')
    page.check('input[name="level"][value="defi"]')
    page.check('input[name="color"][value="white"]')
    assert page.locator("#color-white-label").inner_text() == "White (you start)"
    assert "will count for the free-play leaderboard" in page.locator("#ranked-note").inner_text()
    page.check('input[name="level"][value="fort"]')
    assert "Casual game" in page.locator("#ranked-note").inner_text()


def test_every_page_has_its_tab_title_in_english(page: Any) -> None:
    in_english(page)
    for path, title in ENGLISH_TITLES.items():
        page.goto(path)
        page.wait_for_function("t => document.title === t", arg=title)
    # And back in French at a press of the switch.
    page.goto("/leaderboards.html")
    page.wait_for_function("() => document.title.startsWith('Leaderboards')")
    page.click("#lang-switch")
    page.wait_for_function("() => document.title === 'Classements — Dames du jour'")


def test_a_casual_win_names_the_ranked_level_in_english(page: Any) -> None:
    in_english(page).goto(f"/play.html?practice=1&level=debutant&fen={FEN_WHITE_WINS}")
    wait_for_turn(page)
    square(page, 28).click()
    square(page, 19).click()
    page.wait_for_selector("#rank:not([hidden])")
    text = page.locator("#rank").inner_text()
    assert "against the Challenge level" in text and "defi" not in text


def test_a_piece_that_cannot_take_says_which_pieces_must(user: Any) -> None:
    page = user.page
    page.goto(f"/play.html?practice=1&level=debutant&fen={FEN_MUST_TAKE}")
    wait_for_turn(page)
    user.press(square(page, 45))
    assert page.locator("#hint").inner_text() == (
        "La prise est obligatoire : seule la pièce en 28 peut prendre"
    )
    page.click("#lang-switch")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    user.press(square(page, 37))
    assert page.locator("#hint").inner_text() == (
        "Capturing is compulsory: only the piece on 28 can take"
    )
    user.press(square(page, 28))  # the piece that can take is picked as usual
    assert "selected" in (square(page, 28).get_attribute("class") or "")


def test_a_reload_is_not_a_pause(page: Any) -> None:
    page.goto("/play.html?mode=free")
    wait_for_turn(page)
    sent: list[Any] = []
    page.on("request", lambda r: sent.append(r.post_data_json) if "/clock" in r.url else None)
    with page.expect_response(reads_game) as read:
        page.reload()
    wait_for_turn(page)
    clock = read.value.json()["clock"]
    assert (clock["paused"], clock["pauses"], clock["pausedMs"]) == (False, 0, 0)
    assert {"paused": True} not in sent  # the page being left announced nothing

    # A real pause still counts, and the win screen sets it against the time played.
    with page.expect_response(lambda r: r.url.endswith("/clock")) as hidden:
        page.evaluate(SET_HIDDEN, True)
    assert hidden.value.json()["paused"] is True
    with page.expect_response(lambda r: r.url.endswith("/clock")) as shown:
        page.evaluate(SET_HIDDEN, False)
    assert shown.value.json()["pauses"] == 1


def test_the_win_screen_sets_paused_time_against_playing_time(page: Any) -> None:
    in_english(page).goto(f"/play.html?practice=1&level=debutant&fen={FEN_WHITE_WINS}")
    wait_for_turn(page)
    with page.expect_response(lambda r: r.url.endswith("/moves")) as answered:
        square(page, 28).click()
        square(page, 19).click()
    played = answered.value.json()["clock"]["elapsedMs"]
    page.wait_for_selector("#pauses:not([hidden])")
    tenths = played // 100  # under a minute here: in tenths of a second
    assert page.locator("#pauses").inner_text() == (
        f"No pause: {tenths // 10}.{tenths % 10} s of play"
    )


def test_the_pdn_viewer_jumps_to_the_start_and_the_end(page: Any) -> None:
    page.goto("/import.html")
    page.fill("#pdn-input", '[GameType "20"]\n1. 32-28 19-23 2. 28x19 14x23 *\n')
    page.click("#pdn-read")
    page.wait_for_selector("#import-view:not([hidden])")
    page.locator("#imp-moves .mv").nth(1).click()
    page.keyboard.press("Home")
    page.wait_for_function("() => document.getElementById('imp-prev').disabled")
    assert page.locator("#imp-moves .mv.current").count() == 0
    assert page.locator('[data-square="32"] [data-piece="white"]').count() == 1
    page.keyboard.press("End")
    page.wait_for_function("() => document.getElementById('imp-next').disabled")
    assert page.locator("#imp-moves .mv.current").inner_text() == "14x23"
    assert page.locator('[data-square="23"] [data-piece="black"]').count() == 1
    # The current move keeps its mark under the pointer (the hover colour must not hide it).
    current = page.locator("#imp-moves .mv.current")
    marked = current.evaluate("el => getComputedStyle(el).backgroundColor")
    current.hover()
    assert current.evaluate("el => getComputedStyle(el).backgroundColor") == marked
    other = page.locator("#imp-moves .mv").nth(0)
    plain = other.evaluate("el => getComputedStyle(el).backgroundColor")
    other.hover()
    assert other.evaluate("el => getComputedStyle(el).backgroundColor") not in (plain, marked)
