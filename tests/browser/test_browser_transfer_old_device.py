"""The device a pseudonym moved away from (issue 32, bug 9): once a transfer code was used
elsewhere, its token is refused (403). It used to say "The server could not answer" and keep
showing the streak; it now says the pseudonym moved and forgets the token and the streak it
kept, wherever the server first refuses the token."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest
from browser_helpers import assert_accessible

pytestmark = pytest.mark.browser
MOVED = "#identity-moved"


def moved_player(page: Any) -> dict[str, str]:
    """A player whose pseudonym was just moved to another device: its old identity."""
    from dames_backend.players.accounts import create_player

    stamp = datetime.now(UTC).strftime("%H%M%S%f")[-6:]
    created = create_player(f"Parti{stamp}")
    old = {"playerId": created.player.player_id, "pseudonym": created.player.pseudonym,
           "token": created.token}
    issued = page.request.post(
        "/api/players/me/transfer-code", headers={"X-Player-Token": old["token"]}
    )
    assert issued.status == 201, issued.text()
    used = page.request.post("/api/players/transfer", data={"code": issued.json()["code"]})
    assert used.status == 200, used.text()
    return old


def old_device(browser: Any, base_url: str, locale: str) -> Any:
    context = browser.new_context(base_url=base_url, locale=locale,
                                  viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto("/rules.html")
    old = moved_player(page)
    today = datetime.now(UTC).date().isoformat()
    page.evaluate(
        "([player, streak]) => { localStorage.setItem('dames.player', player);"
        " localStorage.setItem('dames.streak', streak); }",
        [json.dumps(old), json.dumps({"current": 4, "best": 6, "lastDate": today})],
    )
    return page, old


def stored(page: Any, key: str) -> Any:
    return page.evaluate(f"() => localStorage.getItem('dames.{key}')")


def test_the_leaderboards_page_says_the_pseudonym_moved(browser: Any, base_url: str) -> None:
    page, old = old_device(browser, base_url, "en-GB")
    page.goto("/leaderboards.html?board=free")  # its own rank, asked with the old token
    page.locator(MOVED).wait_for(state="visible")
    notice = page.locator(MOVED).inner_text()
    assert old["pseudonym"] in notice and "moved to another device" in notice
    assert stored(page, "player") is None and stored(page, "streak") is None
    assert page.locator("#transfer-give").is_hidden()  # nothing left to give
    page.context.close()


def test_get_a_code_says_the_pseudonym_moved(browser: Any, base_url: str) -> None:
    """Before anything else has asked the server (its rank not asked yet): the code."""
    page, old = old_device(browser, base_url, "en-GB")
    page.route("**/api/leaderboards/**", lambda route: route.abort())
    page.goto("/leaderboards.html?board=free")
    page.get_by_role("button", name="Get a code").click()
    page.locator("[data-error='bad-player-token']").wait_for(state="visible")
    assert page.locator("[data-error='other']").is_hidden()
    assert old["pseudonym"] in page.locator(MOVED).inner_text()
    assert stored(page, "player") is None and stored(page, "streak") is None
    assert page.locator("#transfer-give").is_hidden()
    page.context.close()


def test_the_home_page_drops_the_stale_streak(browser: Any, base_url: str) -> None:
    page, _old = old_device(browser, base_url, "fr-FR")
    page.goto("/")
    page.locator(MOVED).wait_for(state="visible")
    assert "autre appareil" in page.locator(MOVED).inner_text()
    page.wait_for_function("() => !document.getElementById('streak').hidden")
    assert "4" not in page.locator("#streak-text").inner_text()
    assert stored(page, "player") is None and stored(page, "streak") is None
    assert_accessible(page)
    page.locator("#lang-switch").click()
    assert "moved to another device" in page.locator(MOVED).inner_text()
    page.context.close()
