"""The game page against the real local server: the server's clock across a reload and the
pauses the page announces, the daily challenge's close and its replays, the end screen (last
move, pauses, streak, countdown, share, play again), long captures in the move list, and the
errors that retrying cannot fix.

Winning positions are arranged as in test_browser_end: a real game is started through the
site, its stored item is rewritten as test data (start position, or the challenge's day), and
the page reloads and resumes it from the real server.
"""

from __future__ import annotations

import re
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from browser_helpers import (
    board_pieces,
    open_and_play_32_28,
    set_start_position,
    square,
    wait_for_moves,
    wait_for_turn,
)

pytestmark = pytest.mark.browser

# White's man on 28 must take Black's only piece (28x19): the player's move ends the game.
FEN_WHITE_WINS = "W:W28,31,36,37,41,42,46,47:B23"
# White's man on 30 must take four black pieces and land on 46: a long capture that must wrap
# in the move list.
FEN_LONG_CAPTURE = "W:W35,30:B32,23,18,27,41,34,24,33"
# A move in official notation (32-28, 28x19, 30x39x28x37x46): a share text must never hold one.
MOVE_NOTATION = re.compile(r"\b\d{1,2}(?:[-x]\d{1,2})+\b")

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


def is_post(path_end: str) -> Any:
    return lambda r: r.request.method == "POST" and r.url.split("?")[0].endswith(path_end)


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


def saved(page: Any, key: str) -> dict[str, Any]:
    value: dict[str, Any] = page.evaluate(f"JSON.parse(localStorage.getItem('dames.game.{key}'))")
    return value


def day(offset: int) -> str:
    return (datetime.now(UTC) + timedelta(days=offset)).strftime("%Y-%m-%d")


def assert_accessible(page: Any) -> None:
    axe = Axe().run(page)
    assert axe.violations_count == 0, axe.generate_report()


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

    token = saved(page, "free")["token"]
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
    assert saved(other, "free")["token"] == token
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
    first = saved(page, "daily")
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
    user.press(page.locator("#share"))
    if user.touch:
        page.wait_for_function("() => window.sharedTexts.length === 1")
        text = page.evaluate("window.sharedTexts[0]")
    else:
        page.wait_for_function(
            "() => document.getElementById('hint').textContent.includes('copié')"
        )
        text = page.evaluate("navigator.clipboard.readText()")
        assert page.evaluate("window.sharedTexts") == []
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
    assert saved(page, "daily")["id"] == created.value.json()["game"]["id"] != first["id"]
    assert len(board_pieces(page)) == 40
    assert page.locator("#end").is_hidden()
    assert page.locator(".last-arrow").get_attribute("hidden") == ""


def test_closed_daily_says_so_before_the_next_move(
    user: Any, games_table: Any, artifacts_dir: Path
) -> None:
    page = user.page
    page.goto("/play.html?mode=daily")
    wait_for_turn(page)
    game = saved(page, "daily")
    # The banner counts down over the day's last hour: before that, today's game shows none.
    view = page.request.get(
        f"/api/games/{game['id']}", headers={"Authorization": f"Bearer {game['token']}"}
    ).json()
    closes_at = datetime.fromisoformat(view["closesAt"].replace("Z", "+00:00"))
    minutes_left = (closes_at - datetime.now(UTC)).total_seconds() / 60
    if minutes_left > 61:
        assert page.locator("#daily-banner").is_hidden()
    elif minutes_left < 59:
        page.wait_for_selector("#daily-banner:not([hidden])")

    # The close comes during the game: the page's timer flips the banner at closesAt.
    # (Seconds enough for a reload on a busy machine to show the countdown first.)
    closes = (datetime.now(UTC) + timedelta(seconds=8)).strftime("%Y-%m-%dT%H:%M:%SZ")

    def closing_soon(route: Any) -> None:
        response = route.fetch()
        body = response.json()
        body["closesAt"] = closes
        route.fulfill(response=response, json=body)

    page.route(f"**/api/games/{game['id']}", closing_soon)
    page.reload()
    wait_for_turn(page)
    banner = page.locator("#daily-banner")
    assert banner.is_visible() and "ferme dans" in banner.inner_text()
    page.wait_for_function(
        "() => document.getElementById('daily-banner-text').textContent.includes('est clos')",
        timeout=15_000,
    )
    page.unroute(f"**/api/games/{game['id']}")

    # The server says it: a daily game of a day that has closed is unranked.
    closed_day = day(-2)  # closed whatever the hour: day D closes at D+1 00:10 UTC
    games_table.update_item(
        Key={"pk": f"GAME#{game['id']}", "sk": "GAME"},
        UpdateExpression="SET #date = :day ADD version :one",
        ExpressionAttributeNames={"#date": "date"},
        ExpressionAttributeValues={":day": closed_day, ":one": 1},
    )
    with page.expect_response(lambda r: r.url.endswith(f"/api/games/{game['id']}")) as read:
        page.reload()
    assert read.value.json()["ranked"] is False
    wait_for_turn(page)
    assert "ne compte plus pour le classement" in banner.inner_text()
    link = page.locator("#daily-banner-board")
    assert link.is_visible()
    assert link.get_attribute("href") == f"leaderboards.html?board=daily&date={closed_day}"
    page.screenshot(path=str(artifacts_dir / f"game-daily-closed-{user.name}.png"))
    assert_accessible(page)


def test_a_claim_refused_as_daily_closed_is_said_plainly(page: Any, games_table: Any) -> None:
    """The server has the last word: a win it refuses to rank (the day closed between the
    page's last view and the claim) is explained, not reported as a failure."""
    page.goto("/")
    name = f"Clos {time.time_ns() % 10**9}"
    player = page.request.post("/api/players", data={"pseudonym": name}).json()
    page.evaluate("p => localStorage.setItem('dames.player', JSON.stringify(p))", player)
    page.goto("/play.html?mode=daily")
    wait_for_turn(page)
    game = saved(page, "daily")
    set_start_position(games_table, game["id"], FEN_WHITE_WINS)
    page.reload()
    wait_for_turn(page)
    refused = {"error": "daily-closed", "message": "The challenge has closed."}
    page.route(
        f"**/api/games/{game['id']}/claim",
        lambda route: route.fulfill(status=422, json=refused),
    )
    with page.expect_response(is_post(f"/api/games/{game['id']}/claim")):
        square(page, 28).click()
        square(page, 19).click()
    page.wait_for_selector("#rank:not([hidden])")
    assert page.locator("#rank").inner_text() == (
        "Gagné après la clôture du défi : ce score ne compte pas pour le classement."
    )
    assert page.locator("#error").is_hidden()


def test_a_past_day_is_replayed_unranked_with_its_leaderboard(user: Any, games_table: Any) -> None:
    page = user.page
    closed_day = day(-2)  # closed whatever the hour: day D closes at D+1 00:10 UTC
    key = {"pk": f"DAILY#{closed_day}", "sk": "DAILY"}
    if "Item" not in games_table.get_item(Key=key):
        # Test data: closed_day's challenge as the midnight rotation would have stored it.
        games_table.put_item(
            Item={
                **key,
                "date": closed_day,
                "seed": "0123456789abcdef0123456789abcdef",
                "createdAt": f"{closed_day}T00:00:00Z",
                "createdBy": "rotation",
            }
        )
    page.goto("/")
    page.evaluate("localStorage.setItem('dames.game.daily', JSON.stringify({id: 'g_kept'}))")
    with page.expect_response(is_post("/api/games")) as created:
        page.goto(f"/play.html?mode=daily&date={closed_day}")
    assert created.value.request.post_data_json == {"mode": "daily", "date": closed_day}
    view = created.value.json()["game"]
    assert view["date"] == closed_day and view["ranked"] is False
    wait_for_turn(page)
    assert page.locator("#title").inner_text().endswith("(rejoué)")
    assert "rejoué : cette partie ne compte pas" in page.locator("#daily-banner").inner_text()
    assert page.locator("#daily-banner-board").get_attribute("href") == (
        f"leaderboards.html?board=daily&date={closed_day}"
    )
    # Today's challenge kept in the browser is left alone.
    assert saved(page, "daily")["id"] == "g_kept"
    assert saved(page, "daily-past")["date"] == closed_day

    # A day that has not begun: said plainly, with the way home and no Retry.
    page.goto(f"/play.html?mode=daily&date={day(2)}")
    page.wait_for_selector("#error:not([hidden])")
    assert "n'a pas encore commencé" in page.locator("#error-text").inner_text()
    assert page.locator("#retry").is_hidden()
    assert page.locator("#error-home").is_visible()


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


PHONE_320 = {
    "viewport": {"width": 320, "height": 640},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}


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


SHARE_OF = """async (game) => {
  const m = await import('/js/share.js');
  return {squares: m.moveSquares(game), text: m.shareText(game, 'https://dames.example')};
}"""


def test_share_grid_colours_each_move_by_what_the_answer_took(page: Any) -> None:
    """One square per move of the player, from the view's `captured` (pieces taken by each
    ply): green when the answer took nothing, yellow for an even trade, red for a loss."""
    page.goto("/rules.html")
    game = {
        "mode": "daily",
        "date": "2026-11-29",
        "ranked": True,
        "status": "lost",
        "playerColor": "white",
        # White played plies 0, 2, 4 and 6; the game ended on White's last move.
        "turn": "black",
        "moves": ["32-28", "19-23", "28x19", "14x23", "33-29", "23x34x43", "38x49"],
        "captured": [0, 0, 1, 1, 0, 2, 1],
        "clock": {"elapsedMs": 83_500},
        "score": None,
        "createdAt": "2026-11-29T08:00:00Z",
    }
    shared = page.evaluate(SHARE_OF, game)
    assert shared["squares"] == ["\U0001f7e9", "\U0001f7e8", "\U0001f7e5", "\U0001f7e9"]
    lines = shared["text"].split("\n")
    assert lines == [
        "Dames du jour — défi du 29 novembre 2026",
        "Perdu : 4 coups, 01:23",
        "\U0001f7e9\U0001f7e8\U0001f7e5\U0001f7e9",
        "https://dames.example/",
    ]
    assert not MOVE_NOTATION.search(shared["text"])


def test_the_daily_is_reviewed_only_once_it_is_over(user: Any) -> None:
    """The daily is played alone and without help, review included: while it runs the move
    list is not a set of controls and ← shows nothing; once it is over it steps through."""
    page = user.page
    open_and_play_32_28(user, "/play.html?mode=daily")
    assert page.locator("#move-list .mv").count() == 2
    assert page.locator("#move-list .mv[role=button]").count() == 0
    assert page.locator("#review-start").is_hidden()
    user.press(page.locator("#move-list .mv").first)
    page.keyboard.press("ArrowLeft")
    assert page.locator("#review").is_hidden() and page.locator("#board.waiting").count() == 0

    user.press(page.locator("#resign"))
    user.press(page.locator("#resign"))  # confirmed
    page.wait_for_selector("#resign", state="hidden")
    assert page.locator("#move-list .mv[role=button]").count() == 2
    user.press(page.locator("#move-list .mv").first)
    page.wait_for_selector("#review:not([hidden])")
    assert "32-28" in page.locator("#review-text").inner_text()
