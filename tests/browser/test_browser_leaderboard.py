"""The leaderboard page on the split API: the public board plus the personal rank, pauses shown
discreetly, and no sideways scroll on a 320 px phone."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def paused_player(live_server: str) -> dict[str, str]:
    """A free-play entry whose game was paused twice (65 s off the clock), and its token."""
    from dames_backend.boards.claims import record_claim
    from dames_backend.players.accounts import create_player

    stamp = datetime.now(UTC).strftime("%H%M%S%f")
    created = create_player(f"Pausée{stamp[-6:]}")
    record_claim(
        game_id=f"g_pause{stamp}", player=created.player, board="free", date=None,
        score=8999, pieces=20, seconds=1, pauses=2, paused_ms=65_000,
    )
    return {"playerId": created.player.player_id, "pseudonym": created.player.pseudonym,
            "token": created.token}


def test_pauses_and_own_rank_fit_a_320px_phone(
    browser: Any, base_url: str, paused_player: dict[str, str], artifacts_dir: Path
) -> None:
    context = browser.new_context(
        base_url=base_url, locale="en-GB", viewport={"width": 320, "height": 568}
    )
    context.add_init_script(
        f"localStorage.setItem('dames.player', {json.dumps(json.dumps(paused_player))})"
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
        "2 pause(s), clock stopped for 01:05"
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
