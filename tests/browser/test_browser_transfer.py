"""Moving a pseudonym to another device on the leaderboards page: the first device shows a
one-time code, the second types it and plays as that player; the code works once."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest
from browser_helpers import context_with_player

pytestmark = pytest.mark.browser


def device(browser: Any, base_url: str, player: dict[str, str] | None = None) -> Any:
    options = {"locale": "en-GB", "viewport": {"width": 360, "height": 740}}
    if player is None:
        context = browser.new_context(base_url=base_url, **options)
    else:
        context = context_with_player(browser, base_url, player, **options)
    page = context.new_page()
    page.goto("/leaderboards.html?board=free")
    return page


def stored_player(page: Any) -> dict[str, str] | None:
    raw = page.evaluate("() => localStorage.getItem('dames.player')")
    return None if raw is None else dict(json.loads(raw))


def status_of_me(page: Any, token: str) -> int:
    return int(page.evaluate(
        "async (token) => (await fetch('/api/players/me', "
        "{headers: {'X-Player-Token': token}})).status", token))


def test_a_code_moves_the_pseudonym_to_another_device_once(
    browser: Any, base_url: str, live_server: str
) -> None:
    from dames_backend.players.accounts import create_player

    stamp = datetime.now(UTC).strftime("%H%M%S%f")
    created = create_player(f"Nomade{stamp[-6:]}")
    old = {"playerId": created.player.player_id, "pseudonym": created.player.pseudonym,
           "token": created.token}

    first = device(browser, base_url, old)
    assert first.locator("#transfer-give").is_visible()
    first.get_by_role("button", name="Get a code").click()
    shown = first.locator("#transfer-code")
    shown.wait_for(state="visible")
    code = shown.inner_text()
    assert len(code) == 19 and code.count("-") == 3
    assert first.locator("#transfer-name").inner_text() == old["pseudonym"]

    second = device(browser, base_url)
    assert not second.locator("#transfer-give").is_visible()  # nothing to give yet
    second.get_by_label("Code from your other device").fill(code.lower().replace("-", " "))
    second.get_by_role("button", name="Use this code").click()
    second.locator("#transfer-done").wait_for(state="visible")
    assert second.locator("#transfer-who").inner_text() == old["pseudonym"]
    moved = stored_player(second)
    assert moved is not None and moved["playerId"] == old["playerId"]
    assert moved["pseudonym"] == old["pseudonym"] and moved["token"] != old["token"]
    assert second.locator("#transfer-give").is_visible()  # it may now pass it on in turn
    assert status_of_me(second, moved["token"]) == 200
    assert status_of_me(first, old["token"]) == 403  # the identity moved, it was not copied

    third = device(browser, base_url)
    third.get_by_label("Code from your other device").fill(code)
    third.get_by_role("button", name="Use this code").click()
    error = third.locator("[data-error='bad-transfer-code']")
    error.wait_for(state="visible")
    assert "does not work" in error.inner_text()
    assert stored_player(third) is None
    for page in (first, second, third):
        page.context.close()
