"""The home page and the past challenges against the real local server: the decorative
board, yesterday's seed with the command that checks it, the streak, and the list of closed
days with their play and leaderboard links."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import assert_accessible

pytestmark = pytest.mark.browser


def test_home_board_pieces_sit_centred_on_dark_squares(page: Any) -> None:
    page.goto("/")
    squares = page.locator(".mini-board rect").evaluate_all(
        "rs => rs.map(r => [+r.getAttribute('x'), +r.getAttribute('y'),"
        " +r.getAttribute('width'), +r.getAttribute('height')])"
    )
    assert len(squares) == 50
    assert all((x + y) % 2 == 1 and w == h == 1 for x, y, w, h in squares)
    pieces = page.locator(".mini-board circle").evaluate_all(
        "cs => cs.map(c => [+c.getAttribute('cx'), +c.getAttribute('cy'), +c.getAttribute('r')])"
    )
    assert len(pieces) == 18
    for cx, cy, r in pieces:
        assert [cx - 0.5, cy - 0.5] in [[x, y] for x, y, _, _ in squares]
        assert r < 0.5
    # No seams: the dark squares are drawn on pixel edges.
    assert page.locator(".mini-board .mb-dark").get_attribute("shape-rendering") == "crispEdges"
    box = page.locator(".mini-board").bounding_box()
    assert abs(box["width"] - box["height"]) < 0.5


def test_home_shows_yesterdays_seed_with_the_command_that_checks_it(
    page: Any, seeded: dict[str, Any]
) -> None:
    """The proof that the daily was the same for everyone: yesterday's seed, secret while the
    day ran, is on the home page once the day has closed (00:10 UTC), with the command that
    replays any of its games; before that, the page says when, and the seed is nowhere."""
    from dames_backend.daily import challenge as daily

    yesterday = daily.yesterday_utc()
    stored = daily.get_daily(yesterday)
    assert stored is not None  # the fixture stored yesterday's challenge
    with page.expect_response(lambda r: r.url.endswith("/api/daily")) as answered:
        page.goto("/")
    revealed = answered.value.json()["yesterday"]
    assert revealed["date"] == yesterday
    page.wait_for_selector("#yesterday:not([hidden])")
    if revealed["seed"] is not None:  # (none in the ten minutes of grace after midnight)
        assert revealed["seed"] == stored.seed
        assert stored.seed in page.locator("#yesterday-seed").inner_text()
        assert page.locator("#yesterday-proof").is_visible()
        command = page.locator("#yesterday-command").inner_text()
        # The PDN its page offers ("Télécharger le PDN"), which verify reads with no token.
        assert command == f"./dames verify partie.pdn --seed {stored.seed}"  # from the root
        assert "Télécharger le PDN" in page.locator("#yesterday-how").inner_text()

    # Before the close: when the seed comes, and the seed nowhere on the page.
    reveal = datetime.now(UTC).replace(microsecond=0) + timedelta(minutes=5)

    def not_yet(route: Any) -> None:
        response = route.fetch()
        body = response.json()
        body["yesterday"] = {
            **body["yesterday"],
            "seed": None,
            "revealsAt": reveal.isoformat().replace("+00:00", "Z"),
        }
        route.fulfill(response=response, json=body)

    page.route("**/api/daily", not_yet)
    page.reload()
    page.wait_for_selector("#yesterday:not([hidden])")
    text = page.locator("#yesterday-seed").inner_text()
    assert "sera révélée à" in text
    assert stored.seed not in page.content()
    assert page.locator("#yesterday-proof").is_hidden()


def test_home_shows_the_streak_and_links_past_challenges(browser: Any, base_url: str) -> None:
    today = datetime.now(UTC).date().isoformat()
    context = browser.new_context(base_url=base_url, locale="en-GB")
    streak = {"current": 3, "best": 5, "lastDate": today}
    context.add_init_script(
        f"localStorage.setItem('dames.streak', {json.dumps(json.dumps(streak))})"
    )
    page = context.new_page()
    page.goto("/")
    page.wait_for_selector("#streak:not([hidden])")
    text = page.locator("#streak").inner_text()
    assert "3 days" in text and "5 days" in text
    page.locator("#lang-switch").click()
    assert "3 jours" in page.locator("#streak").inner_text()
    page.locator("#past-days").click()
    page.wait_for_url("**/days.html")
    context.close()


def test_past_challenges_list_closed_days_with_play_and_leaderboard(
    page: Any, seeded: dict[str, Any], base_url: str, artifacts_dir: Path
) -> None:
    page.goto("/days.html")
    page.wait_for_selector("#days li")
    dates = page.locator("#days .day-date").all_inner_texts()
    assert seeded["today"] not in " ".join(dates)
    for day in seeded["past"]:
        play = page.locator(f'a[href="play.html?mode=daily&date={day}"]')
        board = page.locator(f'a[href="leaderboards.html?board=daily&date={day}"]')
        assert play.count() == 1 and board.count() == 1
    items = page.locator("#days li").count()
    assert 2 <= items <= 30
    # Newest first.
    hrefs = page.locator("#days a.primary").evaluate_all("as => as.map(a => a.href.slice(-10))")
    assert hrefs == sorted(hrefs, reverse=True)
    assert_accessible(page)
    page.locator("#lang-switch").click()
    first = page.locator("#days li").first
    assert first.locator("a.primary").inner_text().startswith("Play")
    assert first.locator("a:not(.primary)").inner_text().startswith("Leaderboard")
    assert first.locator(".day-date").inner_text()[-4:].isdigit()  # "28 November 2026"
    assert first.locator(".day-seed").inner_text().startswith("Seed: ")
    page.set_viewport_size({"width": 320, "height": 568})
    page.screenshot(path=str(artifacts_dir / "site-days-320.png"), full_page=True)
    newest = seeded["past"][0]
    page.locator(f'a[href="leaderboards.html?board=daily&date={newest}"]').click()
    page.wait_for_url(f"**date={newest}")
