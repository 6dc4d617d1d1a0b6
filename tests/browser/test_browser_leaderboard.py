"""The leaderboard page on the split API: the public board plus the personal rank, pauses shown
discreetly, no sideways scroll on a 320 px phone, and the player's own line in both
languages."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import context_with_player, published_claim, spaced
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def paused_player(live_server: str) -> dict[str, str]:
    """A free-play entry whose game was paused twice (65 s off the clock), and its token."""
    from dames_backend.players.accounts import create_player

    stamp = datetime.now(UTC).strftime("%H%M%S%f")
    created = create_player(f"Pausée{stamp[-6:]}")
    published_claim(
        game_id=f"g_pause{stamp}", player=created.player, board="free", date=None,
        score=8999, pieces=20, seconds=1, pauses=2, paused_ms=65_000,
    )
    return {"playerId": created.player.player_id, "pseudonym": created.player.pseudonym,
            "token": created.token}


def test_pauses_and_own_rank_fit_a_320px_phone(
    browser: Any, base_url: str, paused_player: dict[str, str], artifacts_dir: Path
) -> None:
    context = context_with_player(
        browser, base_url, paused_player, locale="en-GB", viewport={"width": 320, "height": 568}
    )
    page = context.new_page()
    requests: list[tuple[str, str | None]] = []
    page.on("request", lambda r: requests.append((r.url, r.headers.get("x-player-token"))))
    page.goto("/leaderboards.html?board=free")
    page.wait_for_function("() => document.getElementById('lb-me').textContent.length > 0")
    row = page.locator("#lb-body tr.me")
    assert row.count() == 1
    time_cell = row.locator("td").nth(4)
    # Playing time (1 s) and, beside it, the paused time: both in sight.
    assert time_cell.inner_text().split("\n") == ["00:01", "‖ 2 · 01:05"]
    assert time_cell.locator("small").get_attribute("title") == (
        "2 pauses, clock stopped for 01:05"
    )
    assert page.locator("#lb-pauses-note").is_visible()
    assert page.locator("#lb-me").inner_text().startswith(
        f"{paused_player['pseudonym']} (you): rank 1 — "
    )
    # The public board goes out without the token (cacheable); only /me carries it.
    api = [(url, token) for url, token in requests if "/api/leaderboards/" in url]
    assert {url.rsplit("/api", 1)[1]: bool(token) for url, token in api} == {
        "/leaderboards/free": False, "/leaderboards/free/me": True,
    }
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    page.screenshot(path=str(artifacts_dir / "leaderboard-pauses-320.png"), full_page=True)
    context.close()


def test_leaderboard_own_line_reads_well_in_both_languages(
    browser: Any, base_url: str, seeded: dict[str, Any]
) -> None:
    context = context_with_player(browser, base_url, seeded["player"], locale="en-GB")
    page = context.new_page()
    page.goto("/leaderboards.html?board=daily")
    page.wait_for_function("() => document.getElementById('lb-me').textContent.length > 0")
    name = seeded["player"]["pseudonym"]
    english = page.locator("#lb-me").inner_text()
    assert english.startswith(f"{name} (you): rank ")
    assert english.endswith(" — 6,105 points")
    assert " :" not in english
    page.locator("#lang-switch").click()
    french = spaced(page.locator("#lb-me").inner_text())
    assert french.startswith(f"{name} (vous) : rang ")
    assert french.endswith(" — 6 105 points")
    context.close()


def test_a_visitor_reports_another_entry_once_from_its_row(
    browser: Any, base_url: str, seeded: dict[str, Any], paused_player: dict[str, str]
) -> None:
    """The ⚑ beside another player's entry opens a dialog that asks why; the report is
    received once (the server refuses a second), and the reporter's own row has no ⚑."""
    from axe_playwright_python.sync_playwright import Axe

    context = context_with_player(browser, base_url, seeded["player"], locale="en-GB")
    page = context.new_page()
    page.goto("/leaderboards.html?board=free")
    page.wait_for_selector("#lb-body tr")
    name = paused_player["pseudonym"]
    flag = page.get_by_role("button", name=f"Report {name}'s entry to a moderator")
    flag.click()
    dialog = page.locator("#report-dialog")
    assert dialog.is_visible()
    assert page.locator("#report-ask").inner_text() == f"Why report {name}'s entry?"
    violations = Axe().run(page).response["violations"]
    assert violations == [], violations
    page.locator("input[name=kind][value=copy]").check()
    with page.expect_response(lambda r: r.url.endswith("/api/leaderboards/free/reports")) as sent:
        page.locator("#report-send").click()
    assert sent.value.status == 201
    assert sent.value.request.post_data_json == {"pseudonym": name, "kind": "copy"}
    # The page writes its answer after the response lands: wait for it, do not race it.
    expect(page.locator("#report-status")).to_have_text(
        "Report received: a moderator will look at this entry."
    )
    flag.click()
    with page.expect_response(lambda r: r.url.endswith("/api/leaderboards/free/reports")) as again:
        page.locator("#report-send").click()
    assert again.value.status == 409
    expect(page.locator("#report-status")).to_have_text("You have already reported this entry.")
    context.close()
