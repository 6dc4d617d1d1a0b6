"""The stats page beyond W/D/L (issue 32, what a lidraughts player misses): the player's own
finished games (this browser's first, then those the server keeps under their pseudonym),
the results by opening, and the score month by month."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from browser_helpers import assert_accessible, create_game, open_game, post_move, sign_up

pytestmark = pytest.mark.browser


def resign(page: Any, game: dict[str, Any], token: str) -> None:
    answer = page.request.post(f"/api/games/{game['id']}/resign",
                               headers={"Authorization": f"Bearer {token}"})
    assert answer.status == 200, answer.text()


def played_and_lost(page: Any, headers: dict[str, str] | None = None) -> tuple[str, list[str]]:
    """A free game: 32-28, the computer's reply, then resigned; (id, its two moves)."""
    response = page.request.post("/api/games", data={"mode": "free", "level": "facile"},
                                 headers=headers or {})
    assert response.status == 201, response.text()
    token, game = response.json()["token"], response.json()["game"]
    view = post_move(page, game, token, 0, "32-28")
    resign(page, game, token)
    return token, [game["id"], *view["moves"][:2]]


def test_the_archive_openings_and_trend_from_this_browser_then_the_server(page: Any) -> None:
    page.goto("/stats.html")
    page.locator("#archive-empty").wait_for(state="visible")
    seen: list[list[str]] = []
    for _ in range(2):  # two games ended in this browser: the game page counts them
        token, game = create_game(page, {"mode": "free", "level": "facile"})
        view = post_move(page, game, token, 0, "32-28")
        resign(page, game, token)
        open_game(page, token, game)
        page.locator("#end").wait_for(state="visible")
        seen.append([game["id"], *view["moves"][:2]])

    page.goto("/stats.html")
    rows = page.locator("#archive-body tr")
    rows.first.wait_for()
    assert [rows.nth(i).get_attribute("data-id") for i in range(2)] == [seen[1][0], seen[0][0]]
    assert rows.first.locator("td.loss").inner_text() == "Perdue"
    assert rows.first.locator("td").nth(4).inner_text() == " ".join(seen[1][1:])
    assert rows.first.locator("a").get_attribute("href") == f"analysis.html?game={seen[1][0]}"
    openings = {
        page.locator("#openings-body tr").nth(i).get_attribute("data-opening"):
        page.locator("#openings-body tr").nth(i).locator("td.loss").inner_text()
        for i in range(page.locator("#openings-body tr").count())
    }
    expected: dict[str, int] = {}
    for _, first, reply in seen:
        expected[f"{first} {reply}"] = expected.get(f"{first} {reply}", 0) + 1
    assert {k: int(v) for k, v in openings.items()} == expected
    month = datetime.now(UTC).strftime("%Y-%m")
    trend = page.locator(f'#trend-list li[data-month="{month}"]')
    assert trend.locator(".trend-score").inner_text() == "0 % sur 2 parties"
    assert page.locator("#archive-server").is_disabled()  # no pseudonym in this browser

    # A pseudonym's games kept by the server, ended elsewhere (never seen by this browser).
    player = sign_up(page, f"Archives{datetime.now(UTC).strftime('%H%M%S%f')[-7:]}")
    _, elsewhere = played_and_lost(page, {"X-Player-Token": player["token"]})
    page.reload()
    page.locator("#archive-server").click()
    page.wait_for_function(
        "() => document.getElementById('archive-status').textContent.includes('ajoutées')"
    )
    ids = [rows.nth(i).get_attribute("data-id") for i in range(rows.count())]
    assert ids[0] == elsewhere[0] and set(ids) == {elsewhere[0], seen[0][0], seen[1][0]}
    assert rows.first.locator("a").count() == 0  # its token is not in this browser
    assert trend.locator(".trend-score").inner_text() == "0 % sur 3 parties"
    assert_accessible(page)
    page.set_viewport_size({"width": 320, "height": 640})
    # The archive scrolls inside its box on a 320 px phone; the page itself does not.
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
