"""The game page against the real local server: the server's clock across a reload and the
pauses the page announces, the end screen of a daily win (last move, pauses, streak,
countdown, share, play again), long captures in the move list, and the errors that retrying
cannot fix. The daily's close, its replays, its share grid and its review are in
test_browser_daily.

Winning positions are arranged as in test_browser_end: a real game is started through the
site, its stored item is rewritten as test data (start position, or the challenge's day), and
the page reloads and resumes it from the real server.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    FEN_WHITE_WINS,
    MOVE_NOTATION,
    PHONE_320,
    assert_accessible,
    board_pieces,
    is_post,
    saved_game,
    set_start_position,
    square,
    wait_for_moves,
    wait_for_turn,
)

pytestmark = pytest.mark.browser

# White's man on 30 must take four black pieces and land on 46: a long capture that must wrap
# in the move list.
FEN_LONG_CAPTURE = "W:W35,30:B32,23,18,27,41,34,24,33"

SET_VISIBILITY = """hidden => {
  Object.defineProperty(document, 'hidden', {configurable: true, get: () => hidden});
  Object.defineProperty(document, 'visibilityState', {configurable: true,
    get: () => hidden ? 'hidden' : 'visible'});
  document.dispatchEvent(new Event('visibilitychange'));
}"""
# Records how the page calls the clock route: fetch's keepalive is not visible on the wire.
WATCH_CLOCK_CALLS = """() => {
  window.clockCalls = [];
  const original = window.fetch;
  window.fetch = (url, init) => {
    if (String(url).endsWith('/clock')) {
      window.clockCalls.push({keepalive: Boolean(init && init.keepalive),
                              body: init && init.body});
    }
    return original(url, init);
  };
}"""
# A share sheet that keeps what it was given (headless Chromium on Linux has none), and a
# count of the tones the page makes.
FAKE_SHARE_SHEET_AND_COUNT_TONES = """
  window.sharedTexts = [];
  Object.defineProperty(navigator, 'share', {configurable: true,
    value: async (data) => { window.sharedTexts.push(data.text); }});
  window.tones = 0;
  const createOscillator = BaseAudioContext.prototype.createOscillator;
  BaseAudioContext.prototype.createOscillator = function () {
    window.tones += 1;
    return createOscillator.call(this);
  };
"""


def clock_seconds(page: Any) -> int:
    minutes, seconds = page.locator("#clock").inner_text().split(":")[-2:]
    return int(minutes) * 60 + int(seconds)


CLOCK_AT_LEAST = """n => {
  const [m, s] = document.getElementById('clock').textContent.split(':').slice(-2).map(Number);
  return m * 60 + s >= n;
}"""
COUNT_CLOCK_REDRAWS = """() => {
  window.clockRedraws = 0;
  new MutationObserver(() => { window.clockRedraws += 1; })
    .observe(document.getElementById('clock'), {childList: true, characterData: true});
}"""


def wait_for_clock(page: Any, seconds: int) -> None:
    """Waits until the page's clock shows at least `seconds`."""
    page.wait_for_function(CLOCK_AT_LEAST, arg=seconds, timeout=10_000)


def wait_for_redraws(page: Any, times: int) -> None:
    """Waits until the page has redrawn its clock `times` times (every half second)."""
    page.evaluate(COUNT_CLOCK_REDRAWS)
    page.wait_for_function("n => window.clockRedraws >= n", arg=times, timeout=10_000)


def set_hidden(page: Any, hidden: bool) -> Any:
    """Hides or shows the page as a phone does, and returns the server's answer to the
    announcement the page sends."""

    def announced(response: Any) -> bool:
        sent = response.request.post_data_json if response.request.method == "POST" else None
        return response.url.endswith("/clock") and sent == {"paused": hidden}

    with page.expect_response(announced) as answered:
        page.evaluate(SET_VISIBILITY, hidden)
    assert answered.value.status == 200, answered.value.text()
    return answered.value


def share(user: Any) -> str:
    """Presses Share and returns what it gave away: on the phone, to the share sheet
    (FAKE_SHARE_SHEET_AND_COUNT_TONES); on the desktop, to the clipboard."""
    page = user.page
    user.press(page.locator("#share"))
    if user.touch:
        page.wait_for_function("() => window.sharedTexts.length === 1")
        text: str = page.evaluate("window.sharedTexts[0]")
        return text
    page.wait_for_function("() => document.getElementById('hint').textContent.includes('copié')")
    assert page.evaluate("window.sharedTexts") == []
    copied: str = page.evaluate("navigator.clipboard.readText()")
    return copied


def classes_of(page: Any, selector: str) -> list[str]:
    found: list[str] = page.locator(selector).evaluate_all("els => els.map(e => e.dataset.square)")
    return found


def test_server_clock_survives_a_reload_and_pauses_are_announced(user: Any) -> None:
    page = user.page
    page.goto("/play.html?mode=free")
    wait_for_turn(page)
    # Sounds: off by default, remembered once turned on.
    assert not page.locator("#sound").is_checked()
    user.press(page.locator("#sound"))
    # Keyboard help only where a keyboard is expected.
    assert page.locator(".help-keys").first.is_visible() is (not user.touch)

    wait_for_clock(page, 2)
    page.reload()
    wait_for_turn(page)
    # The server's time, not a fresh 00:00: the turn kept running through the reload.
    assert clock_seconds(page) >= 2
    assert page.locator("#sound").is_checked()
    wait_for_clock(page, 3)

    token = saved_game(page, "free")["token"]
    page.evaluate(WATCH_CLOCK_CALLS)
    hidden = set_hidden(page, True)
    assert hidden.request.post_data_json == {"paused": True}
    assert hidden.request.headers["authorization"] == f"Bearer {token}"
    assert hidden.json()["paused"] is True and hidden.json()["running"] is False
    frozen = clock_seconds(page)
    wait_for_redraws(page, 4)  # a second and a half at least: four half-second redraws
    assert clock_seconds(page) == frozen  # a hidden page's clock stands still

    shown = set_hidden(page, False)
    assert shown.request.post_data_json == {"paused": False}
    view = shown.json()
    assert view["paused"] is False and view["running"] is True
    assert view["pauses"] >= 1 and view["pausedMs"] >= 1400
    calls = page.evaluate("window.clockCalls")
    assert [c["keepalive"] for c in calls] == [True, True]
    wait_for_clock(page, frozen + 1)  # running again

    # A second tab on the same game shows the same server time, running.
    other = page.context.new_page()
    other.goto("/play.html?mode=free")
    wait_for_turn(other)
    assert saved_game(other, "free")["token"] == token
    assert abs(clock_seconds(other) - clock_seconds(page)) <= 1
    assert clock_seconds(other) > frozen
    other.close()


def test_daily_win_shows_last_move_pauses_streak_countdown_share_and_play_again(
    user: Any, games_table: Any, artifacts_dir: Path
) -> None:
    page = user.page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.add_init_script(FAKE_SHARE_SHEET_AND_COUNT_TONES)
    page.goto("/play.html?mode=daily")
    wait_for_turn(page)
    user.press(page.locator("#sound"))
    first = saved_game(page, "daily")
    set_start_position(games_table, first["id"], FEN_WHITE_WINS)
    page.reload()
    wait_for_turn(page)

    set_hidden(page, True)
    wait_for_redraws(page, 2)  # hidden a while, so the pause has a length
    set_hidden(page, False)

    with page.expect_response(is_post(f"/api/games/{first['id']}/moves")) as answered:
        user.press(square(page, 28))
        user.press(square(page, 19))
    view = answered.value.json()
    assert view["status"] == "won" and view["ranked"] is True
    page.wait_for_selector("#end:not([hidden])")
    assert page.evaluate("window.tones") == 2  # the move, and one click for the piece taken

    # The last move is the player's winning capture, not the computer's previous move.
    assert classes_of(page, ".sq.last-from") == ["28"]
    assert classes_of(page, ".sq.last-to") == ["19"]
    assert classes_of(page, ".sq.last-capture") == ["23"]
    assert page.locator('[data-square="23"] .ghost.black').count() == 1
    arrow = page.locator(".last-arrow")
    assert arrow.get_attribute("hidden") is None
    assert arrow.locator("polyline.line").get_attribute("points")

    # The pause, as the server counted it (the reload before it was no pause), against the
    # time played. How much the server credited depends on when the announcements reached it
    # (test_server_clock_survives_a_reload_and_pauses_are_announced pins that); here the page
    # must show the server's own figures.
    assert view["clock"]["pauses"] == 1 and view["clock"]["pausedMs"] > 0

    def tenths(ms: int) -> str:
        return f"{ms // 1000},{ms // 100 % 10} s"

    assert page.locator("#pauses").inner_text() == (
        f"1 pause : {tenths(view['clock']['pausedMs'])} en pause pour "
        f"{tenths(view['clock']['elapsedMs'])} de jeu"
    )
    # First daily win in this browser: a streak of one day.
    page.wait_for_selector("#streak:not([hidden])")
    assert page.locator("#streak").inner_text() == "Série : 1 jour de suite · record : 1 jour"
    expect_countdown = page.locator("#next-daily-text")
    page.wait_for_function(
        "() => document.getElementById('next-daily-text').textContent.startsWith('Prochain défi')"
    )
    assert re.search(r"\d\d:\d\d", expect_countdown.inner_text())
    page.screenshot(path=str(artifacts_dir / f"game-daily-won-{user.name}.png"), full_page=True)
    assert_accessible(page)

    # Share: the share sheet on the phone, the clipboard on the desktop; never a move.
    text = share(user)
    lines = text.split("\n")
    assert lines[0].startswith("Dames du jour — défi du ")
    assert lines[1].startswith("Gagné : ") and "1 coup," in lines[1]
    assert lines[2] == "\U0001f7e9"  # one move, and the computer took nothing after it
    assert not MOVE_NOTATION.search(text), text

    # Play the challenge again: a new daily game from the start.
    again = page.locator("#play-again")
    assert again.inner_text() == "Rejouer le défi"
    assert "seul votre meilleur score compte" in page.locator("#play-again-note").inner_text()
    with page.expect_response(is_post("/api/games")) as created:
        user.press(again)
    assert created.value.status == 201
    assert created.value.request.post_data_json == {"mode": "daily"}
    wait_for_turn(page)
    assert saved_game(page, "daily")["id"] == created.value.json()["game"]["id"] != first["id"]
    assert len(board_pieces(page)) == 40
    assert page.locator("#end").is_hidden()
    assert page.locator(".last-arrow").get_attribute("hidden") == ""


def test_errors_say_what_is_wrong_and_only_network_failures_offer_retry(
    user: Any, artifacts_dir: Path
) -> None:
    page = user.page
    page.goto("/play.html?practice=1&level=nope")
    page.wait_for_selector("#error:not([hidden])")
    assert "niveau inconnu (« nope »)" in page.locator("#error-text").inner_text()
    assert page.locator("#retry").is_hidden()
    assert page.locator("#error-home").get_attribute("href") == "./"
    assert page.locator("#status-text").inner_text() == "Impossible de commencer la partie"
    assert "Chargement" not in page.locator("main").inner_text()
    page.screenshot(path=str(artifacts_dir / f"game-error-level-{user.name}.png"))
    assert_accessible(page)
    user.press(page.locator("#lang-switch"))
    assert "unknown level (“nope”)" in page.locator("#error-text").inner_text()
    assert page.locator("#status-text").inner_text() == "The game cannot start"
    assert page.locator("#retry").is_hidden()
    user.press(page.locator("#lang-switch"))

    page.route("**/api/games", lambda route: route.abort())
    page.goto("/play.html?practice=1&level=debutant")
    page.wait_for_selector("#error:not([hidden])")
    assert "échoué" in page.locator("#error-text").inner_text()
    assert page.locator("#error-home").is_hidden()
    page.unroute("**/api/games")
    user.press(page.locator("#retry"))
    wait_for_turn(page)
    assert page.locator("#error").is_hidden()


def test_long_capture_wraps_apart_in_both_languages_at_320px(
    browser: Any, base_url: str, artifacts_dir: Path
) -> None:
    context = browser.new_context(
        base_url=base_url, locale="fr-FR", color_scheme="dark", **PHONE_320
    )
    page = context.new_page()
    page.goto(f"/play.html?practice=1&level=debutant&fen={FEN_LONG_CAPTURE}")
    wait_for_turn(page)
    square(page, 30).tap()
    square(page, 39).tap()  # two paths lead to 46: the first landing square picks this one
    square(page, 46).tap()
    moves = wait_for_moves(page, 2)
    wait_for_turn(page)
    assert moves[0] == "30x39x28x37x46"
    # The computer's reply is the last move: outlined, with its arrow.
    assert page.locator(".sq.last-to").count() == 1
    assert page.locator(".last-arrow").get_attribute("hidden") is None
    for lang in ("fr", "en"):
        if lang == "en":
            page.locator("#lang-switch").tap()
            page.wait_for_function("() => document.documentElement.lang === 'en'")
        boxes = (
            page.locator("#move-list li")
            .first.locator(".mv")
            .evaluate_all("els => els.map(e => e.getBoundingClientRect().toJSON())")
        )
        first, second = boxes
        apart = second["left"] >= first["right"] + 4 or second["top"] >= first["bottom"] - 1
        assert apart, (lang, boxes)
        listing = page.locator("#move-list")
        assert listing.evaluate("e => e.scrollWidth <= e.clientWidth")
        assert page.evaluate("document.documentElement.scrollWidth") <= 320
        assert page.locator(".help-keys").first.is_hidden()
        # Viewport shots: a full-page one drops the touch emulation (hover/pointer media).
        page.screenshot(path=str(artifacts_dir / f"game-320-dark-board-{lang}.png"))
        page.locator("#move-list").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts_dir / f"game-320-dark-moves-{lang}.png"))
        page.evaluate("window.scrollTo(0, 0)")
    context.close()
