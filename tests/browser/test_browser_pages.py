"""The other pages and the accessibility check: home, game and leaderboard pages pass axe-core
with no violation; the leaderboard shows the scores stored on the server; the language follows
the browser and the switch."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from browser_helpers import published_claim, spaced, wait_for_turn

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def seeded_daily(live_server: str) -> list[tuple[str, int, int, int]]:
    """Three players with scores on today's daily board, written through the backend's own
    leaderboard functions into the test table: (pseudonym, score, pieces, seconds)."""
    from dames_backend.players.accounts import create_player

    today = datetime.now(UTC).date().isoformat()
    rows = [("Marie-Ange", 7500, 15, 0), ("Toine", 6105, 11, 195), ("Zélie", 3300, 2, 300)]
    stamp = datetime.now(UTC).strftime("%H%M%S%f")
    seeded = []
    for i, (name, score, pieces, seconds) in enumerate(rows):
        player = create_player(f"{name}{stamp[-4:]}").player
        published_claim(
            game_id=f"g_seed{stamp}{i}",
            player=player,
            board="daily",
            date=today,
            score=score,
            pieces=pieces,
            seconds=seconds,
        )
        seeded.append((player.pseudonym, score, pieces, seconds))
    return seeded


def assert_no_axe_violation(page: Any) -> None:
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


def test_home_page_has_no_axe_violation(page: Any) -> None:
    page.goto("/")
    page.wait_for_function(
        "() => /\\d{2}:\\d{2}/.test(document.getElementById('countdown').textContent)"
    )
    assert page.locator("#play-daily").get_attribute("href") == "play.html?mode=daily"
    assert_no_axe_violation(page)


def test_game_page_has_no_axe_violation(page: Any) -> None:
    page.goto("/play.html?mode=free")
    wait_for_turn(page)
    page.locator('[data-square="32"]').click()
    assert_no_axe_violation(page)


def test_leaderboard_lists_scores_without_axe_violation(
    page: Any, seeded_daily: list[tuple[str, int, int, int]], artifacts_dir: Path
) -> None:
    page.goto("/leaderboards.html?board=daily")
    page.wait_for_selector("#lb-body tr")
    rows = page.locator("#lb-body tr").evaluate_all(
        "trs => trs.map(tr => [...tr.cells].map(td => td.textContent))"
    )
    names = {name for name, *_ in seeded_daily}
    mine = [r for r in rows if r[1].removesuffix("⚑") in names]
    # Best first, each published (a provisional claim is on no public board), each with its
    # report button (⚑) for a visitor.
    assert [r[1] for r in mine] == [f"{name}⚑" for name, *_ in seeded_daily]
    assert spaced(mine[1][2]) == "6 105"
    assert mine[1][3] == "11" and mine[1][4] == "03:15"
    assert_no_axe_violation(page)
    page.screenshot(path=str(artifacts_dir / "leaderboard-desktop.png"), full_page=True)


def test_rules_page_has_no_axe_violation(page: Any) -> None:
    page.goto("/rules.html")
    assert "prise est obligatoire" in page.locator("main").inner_text()
    assert_no_axe_violation(page)


def test_english_by_browser_language_and_switch(browser: Any, base_url: str) -> None:
    context = browser.new_context(base_url=base_url, locale="en-GB")
    page = context.new_page()
    page.goto("/")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator("h1").inner_text() == "One game of draughts a day"
    page.locator("#lang-switch").click()
    assert page.locator("h1").inner_text() == "Une partie de dames par jour"
    page.reload()
    assert page.evaluate("document.documentElement.lang") == "fr"
    context.close()


def test_phone_home_and_rules_screenshots(user: Any, artifacts_dir: Path) -> None:
    page = user.page
    page.goto("/")
    page.wait_for_function(
        "() => /\\d{2}:\\d{2}/.test(document.getElementById('countdown').textContent)"
    )
    # No horizontal scrolling on any width.
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(artifacts_dir / f"home-{user.name}.png"), full_page=True)


def test_pages_load_only_from_their_own_origin_without_errors(page: Any, base_url: str) -> None:
    urls: list[str] = []
    problems: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on(
        "console", lambda m: problems.append(m.text) if m.type in {"error", "warning"} else None
    )
    for path in ("/", "/play.html?mode=free", "/leaderboards.html", "/rules.html"):
        page.goto(path)
        page.wait_for_load_state("networkidle")
    assert urls
    assert [u for u in urls if not u.startswith(base_url)] == []
    assert problems == []


def test_leaderboard_of_another_date_and_free_play(page: Any) -> None:
    page.goto("/leaderboards.html?board=daily&date=2020-01-01")
    # Nobody scored that day: said under the board's heading, inside its table (issue 32).
    page.locator("#lb-body .empty-row").wait_for()
    assert page.locator("#lb-body .empty-row").inner_text().startswith("Personne")
    assert page.locator("#lb-status").inner_text() == ""
    assert page.locator("#lb-caption").inner_text() == "Défi du 1er janvier 2020"
    assert page.locator("#lb-body tr").count() == 1
    page.locator("#tab-free").click()
    page.wait_for_url("**board=free")
    assert page.locator("#tab-free").get_attribute("aria-current") == "page"
    assert page.locator("#date-form").is_hidden()
    assert page.locator("#lb-caption").inner_text() == "Partie libre"


def test_game_page_in_english_has_no_axe_violation(browser: Any, base_url: str) -> None:
    context = browser.new_context(base_url=base_url, locale="en-US")
    page = context.new_page()
    page.goto("/play.html?mode=free")
    wait_for_turn(page)
    assert page.locator("#status-text").inner_text() == "Your move"
    assert page.locator("#board").get_attribute("aria-label") == "Board, White at the bottom"
    assert_no_axe_violation(page)
    context.close()
