"""A player's rights on the "My data" page, as a person uses them on a phone: rename, download
the data, erase, then find the name gone from the boards; the privacy notice passes axe in
both languages and both themes, and is linked from every page's footer."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    FEN_WHITE_WINS,
    assert_accessible,
    context_with_player,
    is_post,
    published_claim,
    square,
    start_daily_game_at,
)

pytestmark = pytest.mark.browser

PHONE = {"locale": "en-GB", "viewport": {"width": 360, "height": 740}, "has_touch": True}


@pytest.fixture
def ranked_player(live_server: str) -> dict[str, str]:
    """A player with a published entry on today's daily board and one on the free board."""
    from dames_backend.players.accounts import create_player

    stamp = datetime.now(UTC).strftime("%H%M%S%f")
    created = create_player(f"Droits{stamp[-7:]}")
    today = datetime.now(UTC).date().isoformat()
    for n, (board, date) in enumerate((("daily", today), ("free", None))):
        published_claim(
            game_id=f"g_rights{stamp}{n}", player=created.player, board=board, date=date,
            score=9990 - n, pieces=20, seconds=1,
        )
    return {"playerId": created.player.player_id, "pseudonym": created.player.pseudonym,
            "token": created.token}


def _board_names(page: Any, board: str) -> list[str]:
    page.goto(f"/leaderboards.html?board={board}")
    # Drawn: rows, or the empty board's sentence (not "Loading…").
    page.wait_for_function(
        "() => document.querySelectorAll('#lb-body tr').length > 0"
        " || document.getElementById('lb-status').textContent.startsWith('Nobody')"
    )
    cells = page.locator("#lb-body tr td:nth-child(2)").all_inner_texts()
    return [cell.split("\n")[0].strip() for cell in cells]


def test_rename_download_and_erase_then_the_name_is_gone_from_the_boards(
    browser: Any, base_url: str, ranked_player: dict[str, str], tmp_path: Path,
    artifacts_dir: Path,
) -> None:
    context = context_with_player(browser, base_url, ranked_player, **PHONE)
    page = context.new_page()
    old_name = ranked_player["pseudonym"]
    assert old_name in " ".join(_board_names(page, "daily"))
    page.goto("/")
    page.get_by_role("contentinfo").get_by_role("link", name="My data").click()
    page.wait_for_url("**/my-data.html")
    assert page.locator("#my-name").inner_text() == old_name
    assert_accessible(page)
    no_sideways = "() => document.documentElement.scrollWidth <= window.innerWidth"
    assert page.evaluate(no_sideways)

    # Rename: the page and every board show the new name.
    new_name = f"Renommé{ranked_player['pseudonym'][-7:]}"  # Droits<7 digits>
    page.get_by_label("New pseudonym").fill(new_name)
    page.get_by_role("button", name="Change", exact=True).tap()
    page.wait_for_function(
        "(name) => document.getElementById('rename-status').textContent.includes(name)",
        arg=new_name,
    )
    assert page.locator("#my-name").inner_text() == new_name
    kept = json.loads(page.evaluate("() => localStorage.getItem('dames.player')"))
    assert kept["pseudonym"] == new_name and kept["token"] == ranked_player["token"]
    for board in ("daily", "free"):
        names = _board_names(page, board)
        assert any(new_name in name for name in names) and old_name not in " ".join(names), (
            board, new_name, names)

    # Download: one JSON file with the renamed profile and both entries.
    page.goto("/my-data.html")
    with page.expect_download() as waiting:
        page.get_by_role("button", name="Download my data").tap()
    saved = tmp_path / waiting.value.suggested_filename
    waiting.value.save_as(saved)
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["playerId"] == ranked_player["playerId"]
    assert [p["pseudonym"] for p in data["profile"]] == [new_name]
    assert len(data["entries"]) == 2 and "tokenHash" not in saved.read_text(encoding="utf-8")
    assert "File downloaded" in page.locator("#download-status").inner_text()

    # Erase, after a confirmation that can be cancelled.
    page.get_by_role("button", name="Erase…").tap()
    page.get_by_role("button", name="Cancel").tap()
    assert page.locator("#erase-confirm").is_hidden()
    page.get_by_role("button", name="Erase…").tap()
    assert_accessible(page)
    page.screenshot(path=str(artifacts_dir / "my-data-phone.png"), full_page=True)
    page.get_by_role("button", name="Yes, erase everything").tap()
    page.locator("#erased-note").wait_for(state="visible")
    assert "Everything is erased" in page.locator("#erased-note").inner_text()
    assert page.evaluate("() => localStorage.getItem('dames.player')") is None
    assert page.locator("#no-player").is_visible()
    status = page.evaluate(
        "async (token) => (await fetch('/api/players/me', "
        "{headers: {'X-Player-Token': token}})).status", ranked_player["token"])
    assert status == 403
    for board in ("daily", "free"):
        names = " ".join(_board_names(page, board))
        assert new_name not in names and old_name not in names
    context.close()


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_privacy_notice_passes_axe_in_both_languages(
    browser: Any, base_url: str, live_server: str, lang: str, theme: str, artifacts_dir: Path
) -> None:
    context = browser.new_context(base_url=base_url, **PHONE)
    context.add_init_script(
        f"localStorage.setItem('dames.lang', '{lang}');"
        f"localStorage.setItem('dames.theme', '{theme}');"
    )
    page = context.new_page()
    page.goto("/rules.html")
    footer_link = page.get_by_role("contentinfo").get_by_role(
        "link", name="Confidentialité" if lang == "fr" else "Privacy"
    )
    footer_link.tap()
    page.wait_for_url("**/privacy.html")
    # A local run has no controller, and the page says so instead of showing a placeholder.
    page.locator("#controller-local").wait_for(state="visible")
    assert page.locator("#controller-deployed").is_hidden()
    assert page.locator("#controller-unknown").is_hidden()
    assert page.evaluate("() => document.documentElement.lang") == lang
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    assert_accessible(page)
    page.screenshot(path=str(artifacts_dir / f"privacy-{lang}-{theme}-phone.png"), full_page=True)
    context.close()


def test_my_data_without_a_pseudonym_says_the_server_keeps_nothing_named(
    browser: Any, base_url: str, live_server: str
) -> None:
    context = browser.new_context(base_url=base_url, **PHONE)
    page = context.new_page()
    page.goto("/my-data.html")
    assert page.locator("#no-player").is_visible()
    assert page.locator("#has-player").is_hidden()
    assert_accessible(page)
    context.close()


def test_the_first_pseudonym_is_asked_with_the_won_game_for_the_browsers_allowance(
    phone: Any, games_table: Any
) -> None:
    """The end screen offers its won game with the name (issue 32, bug 1): one more name for
    this browser beside the network's, and the game becomes the new player's."""
    game_id, token, _ = start_daily_game_at(phone, games_table, FEN_WHITE_WINS)
    square(phone, 28).tap()
    square(phone, 19).tap()
    phone.wait_for_selector("#end:not([hidden])")
    name = f"Gagnant{datetime.now(UTC).strftime('%H%M%S%f')[-7:]}"
    phone.locator("#pseudo").fill(name)
    with phone.expect_response(is_post("/api/players")) as registered:
        phone.locator("#pseudo-form button[type=submit]").tap()
    request = registered.value.request
    assert registered.value.status == 201
    assert request.post_data_json == {"pseudonym": name, "gameId": game_id}
    assert request.headers["authorization"] == f"Bearer {token}"
    phone.locator("#rank").wait_for(state="visible")
    player = json.loads(phone.evaluate("() => localStorage.getItem('dames.player')"))
    stored = games_table.get_item(Key={"pk": f"GAME#{game_id}", "sk": "GAME"})["Item"]
    assert stored["ownerId"] == player["playerId"] and stored["claimed"] is True
