"""The daily challenge on the game page against the real local server: its close announced
before the next move, a claim refused after the close, a past day replayed unranked beside
its leaderboard, the share grid of a finished daily, and its review only once it is over.

Positions and days are arranged as in test_browser_end: a real game is started through the
site, its stored item is rewritten as test data, and the page reloads and resumes it.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    FEN_WHITE_WINS,
    MOVE_NOTATION,
    assert_accessible,
    is_post,
    open_and_play_32_28,
    saved_game,
    sign_up,
    square,
    start_daily_game_at,
    wait_for_turn,
)

pytestmark = pytest.mark.browser


def day(offset: int) -> str:
    """The UTC date `offset` days from today."""
    return (datetime.now(UTC) + timedelta(days=offset)).strftime("%Y-%m-%d")


def test_closed_daily_says_so_before_the_next_move(
    user: Any, games_table: Any, artifacts_dir: Path
) -> None:
    page = user.page
    page.goto("/play.html?mode=daily")
    wait_for_turn(page)
    game = saved_game(page, "daily")
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
    sign_up(page, f"Clos {time.time_ns() % 10**9}")
    game_id, _, _ = start_daily_game_at(page, games_table, FEN_WHITE_WINS)
    refused = {"error": "daily-closed", "message": "The challenge has closed."}
    page.route(
        f"**/api/games/{game_id}/claim",
        lambda route: route.fulfill(status=422, json=refused),
    )
    with page.expect_response(is_post(f"/api/games/{game_id}/claim")):
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
    assert saved_game(page, "daily")["id"] == "g_kept"
    assert saved_game(page, "daily-past")["date"] == closed_day

    # A day that has not begun: said plainly, with the way home and no Retry.
    page.goto(f"/play.html?mode=daily&date={day(2)}")
    page.wait_for_selector("#error:not([hidden])")
    assert "n'a pas encore commencé" in page.locator("#error-text").inner_text()
    assert page.locator("#retry").is_hidden()
    assert page.locator("#error-home").is_visible()


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
