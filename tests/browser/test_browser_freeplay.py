"""Free play in the real browser against the real server: the new-game screen, a
casual game as Black with hint, takeback and a declined draw offer, the warning before a
ranked game turns casual, review, PDN export and import, the device's statistics, old
practice links, and the new pages at 320 px in the dark theme. Two players on one device are
in test_browser_duo."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    PHONE_320,
    assert_accessible,
    board_pieces,
    first_square_on_screen,
    move_texts,
    new_game,
    open_and_play_32_28,
    saved_game,
    square,
    wait_for_moves,
    wait_for_turn,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def hinted(page: Any) -> tuple[int, int]:
    page.wait_for_selector(".sq.hint-from")
    origin = int(page.locator(".sq.hint-from").get_attribute("data-square"))
    target = int(page.locator(".sq.hint-to").get_attribute("data-square"))
    return origin, target


def test_casual_game_as_black_hint_takeback_and_declined_draw(
    user: Any, artifacts_dir: Path
) -> None:
    page = user.page
    page.goto("/new.html")
    user.press(page.locator('input[name="color"][value="black"]'))
    expect(page.locator("#ranked-note")).to_contain_text("hors classement")  # once known
    with page.expect_request(lambda r: r.url.endswith("/api/games") and r.method == "POST") as req:
        new_game(user, level="facile", color="black")
    assert json.loads(req.value.post_data or "{}") == {
        "mode": "free",
        "level": "facile",
        "color": "black",
    }
    wait_for_turn(page)
    assert len(move_texts(page)) == 1  # the computer (White) opened
    assert first_square_on_screen(page) == 50  # Black sees the board from its side
    after_opening = board_pieces(page)

    # A draw offer in the opening: declined, the game goes on.
    user.press(page.locator("#draw-button"))
    page.wait_for_function(
        "() => document.getElementById('tools-text').textContent.includes('refuse')"
    )
    wait_for_turn(page)
    assert page.locator("#end").is_hidden()

    # The hint shows from, to (and a capture's path) on the board; it is a legal move: play it.
    user.press(page.locator("#hint-button"))
    origin, target = hinted(page)
    assert page.locator("#unrank-confirm").is_hidden()  # already casual: no warning
    assert after_opening[origin].startswith("black")
    page.screenshot(path=str(artifacts_dir / f"freeplay-hint-{user.name}.png"))
    user.press(square(page, origin))
    user.press(square(page, target))
    moves = wait_for_moves(page, 3)
    assert moves[1].split("-")[0].split("x")[0] == str(origin)
    wait_for_turn(page)
    assert page.locator(".sq.hint-from").count() == 0

    # The takeback undoes the player's move and the computer's reply.
    user.press(page.locator("#takeback-button"))
    page.wait_for_function("() => document.querySelectorAll('#move-list .mv').length === 1")
    wait_for_turn(page)
    assert board_pieces(page) == after_opening
    assert page.locator("#tools-text").inner_text() == "Coup repris."
    # The line under the tools follows a language switch, as the rest of the page does.
    user.press(page.locator("#lang-switch"))
    assert page.locator("#tools-text").inner_text() == "Move taken back."
    user.press(page.locator("#lang-switch"))
    assert page.locator("#tools-text").inner_text() == "Coup repris."


def test_the_ranked_note_waits_for_the_server_to_say_what_is_ranked(
    browser: Any, base_url: str
) -> None:
    context = browser.new_context(base_url=base_url, locale="fr-FR")
    page = context.new_page()
    held: list[Any] = []
    page.route("**/api/variants*", lambda route: held.append(route))  # held back
    page.goto("/new.html")
    for _ in range(200):  # the route handler runs while Playwright waits
        if held:
            break
        page.wait_for_timeout(25)
    assert held, "the page asks the server which set-up is ranked"
    assert page.locator("#ranked-note").inner_text() == ""  # no guess before the answer
    for route in held:
        route.continue_()
    expect(page.locator("#ranked-note")).to_contain_text("comptera pour le classement")
    context.close()


def test_a_ranked_game_warns_before_the_first_hint(browser: Any, base_url: str) -> None:
    context = browser.new_context(base_url=base_url, locale="fr-FR")
    page = context.new_page()
    page.goto("/new.html")
    assert page.locator('input[name="color"][value="alternate"]').is_checked()
    # The note is decided by GET /api/variants (the ranked setup): wait for its answer.
    page.wait_for_function("() => document.getElementById('ranked-note').textContent"
                           ".includes('comptera pour le classement')")
    page.click("#start")
    page.wait_for_url("**/play.html?mode=free")
    wait_for_turn(page)
    hints: list[str] = []
    page.on("request", lambda r: hints.append(r.url) if r.url.endswith("/hint") else None)
    page.click("#hint-button")
    assert "ne comptera plus" in page.locator("#unrank-text").inner_text()
    page.click("#unrank-no")
    assert page.locator("#unrank-confirm").is_hidden() and hints == []
    page.click("#hint-button")
    page.click("#unrank-yes")
    hinted(page)
    assert len(hints) == 1
    # The next game alternates: Black.
    page.goto("/new.html")
    assert "Noirs" in page.locator("#alternate-label").inner_text()
    context.close()


def review_the_two_moves_and_return(user: Any, live: dict[int, str]) -> None:
    """Review from the move list of a game after 32-28 and the computer's answer: the
    position after White's first move, then ← and →; past the last move, or with the "back to
    the game" button, the game itself (`live`) again, ready for a move."""
    page = user.page
    user.press(page.locator("#move-list .mv").first)
    page.wait_for_selector("#review:not([hidden])")
    assert "32-28" in page.locator("#review-text").inner_text()
    shown = board_pieces(page)
    assert 28 in shown and 32 not in shown and len(shown) == 40
    assert page.locator("#board.waiting").count() == 1  # no move while reviewing
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(
        "() => document.getElementById('review-text').textContent.includes('0/2')"
    )
    assert 32 in board_pieces(page) and 28 not in board_pieces(page)
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "() => document.getElementById('review-text').textContent.includes('1/2')"
    )
    # Past the last move is the game itself.
    user.press(page.locator("#review-next"))
    page.wait_for_selector("#review", state="hidden")
    wait_for_turn(page)
    assert board_pieces(page) == live
    user.press(page.locator("#move-list .mv").first)
    page.wait_for_selector("#review:not([hidden])")
    user.press(page.locator("#review-live"))
    assert page.locator("#review").is_hidden()
    wait_for_turn(page)
    assert board_pieces(page) == live


def test_pdn_exported_reviewed_reimported_and_played_on(
    user: Any, artifacts_dir: Path, tmp_path: Path
) -> None:
    page = user.page
    open_and_play_32_28(user, "/play.html?mode=free")
    live = board_pieces(page)

    review_the_two_moves_and_return(user, live)

    with page.expect_download() as download:
        user.press(page.locator("#pdn-download"))
    path = tmp_path / "game.pdn"
    download.value.save_as(path)
    text = path.read_text()
    assert '[GameType "20"]' in text and "32-28" in text
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    user.press(page.locator("#pdn-copy"))
    page.wait_for_function(
        "() => document.getElementById('tools-text').textContent.includes('PDN')"
    )
    assert page.evaluate("() => navigator.clipboard.readText()") == text
    moves = move_texts(page)
    game_id = saved_game(page, "free")["id"]

    page.goto("/import.html")
    page.fill("#pdn-input", text)
    user.press(page.locator("#pdn-read"))
    page.wait_for_selector("#import-view:not([hidden])")
    assert [s.strip() for s in page.locator("#imp-moves .mv").all_inner_texts()] == moves
    assert board_pieces(page) == live  # the last position first
    user.press(page.locator("#imp-prev"))
    assert "32-28" in page.locator("#imp-text").inner_text()
    assert 28 in board_pieces(page) and len(board_pieces(page)) == 40
    page.screenshot(path=str(artifacts_dir / f"import-{user.name}.png"))

    # Malformed PDN: the server's message, and the game in progress is still kept.
    page.fill("#pdn-input", "1. 32-28 19-23 2. 28x17 *")
    user.press(page.locator("#pdn-read"))
    page.wait_for_function(
        "() => document.getElementById('import-error').textContent.includes('28x17')"
    )
    error = page.locator("#import-error").inner_text()
    assert "move 2" in error and "game 1" in error
    assert saved_game(page, "free")["id"] == game_id

    # Play on from the position after 32-28 (Black to move: the player takes Black).
    page.fill("#pdn-input", text)
    user.press(page.locator("#pdn-read"))
    page.wait_for_selector("#imp-moves .mv")
    user.press(page.locator("#imp-moves .mv").first)
    assert page.locator("#play-color").input_value() == "black"
    page.select_option("#play-level", "debutant")
    with page.expect_request(lambda r: r.url.endswith("/api/games") and r.method == "POST") as req:
        user.press(page.locator("#play-on"))
    body = json.loads(req.value.post_data or "{}")
    assert body["fen"].startswith("B:") and body["color"] == "black"
    assert body["level"] == "debutant"
    page.wait_for_url("**/play.html?mode=free")
    wait_for_turn(page)
    assert [m for m in move_texts(page) if m != "…"] == []
    assert 28 in board_pieces(page) and 32 not in board_pieces(page)


def test_stats_after_a_win_and_a_loss(user: Any) -> None:
    page = user.page
    # A win: White takes the last black man, from a position read by the import page.
    page.goto("/import.html")
    page.fill("#pdn-input", "W:W28:B23")
    user.press(page.locator("#pdn-read"))
    page.wait_for_selector("#import-view:not([hidden])")
    page.select_option("#play-level", "facile")
    user.press(page.locator("#play-on"))
    page.wait_for_url("**/play.html?mode=free")
    wait_for_turn(page)
    user.press(square(page, 28))
    user.press(square(page, 19))
    page.wait_for_selector("#end:not([hidden])")
    assert page.locator("#end-title").inner_text() == "Gagné !"
    assert page.locator("#new-setup").is_visible()
    # After the game, the whole game can be stepped through.
    user.press(page.locator("#review-start"))
    page.wait_for_function(
        "() => document.getElementById('review-text').textContent.includes('0/1')"
    )
    page.reload()  # seen again: counted once
    page.wait_for_selector("#end:not([hidden])")

    # A loss: resign a new game.
    new_game(user, level="fort", color="white")
    wait_for_turn(page)
    user.press(page.locator("#resign"))
    user.press(page.locator("#resign"))
    page.wait_for_selector("#end:not([hidden])")

    page.goto("/stats.html")
    rows = page.locator("#stats-body tr")
    assert rows.count() == 2
    win = page.locator('#stats-body tr[data-level="facile"][data-color="white"]')
    assert [win.locator(c).inner_text() for c in (".win", ".draw", ".loss")] == ["1", "0", "0"]
    loss = page.locator('#stats-body tr[data-level="fort"][data-color="white"]')
    assert [loss.locator(c).inner_text() for c in (".win", ".draw", ".loss")] == ["0", "0", "1"]
    user.press(page.locator("#stats-reset"))
    user.press(page.locator("#stats-reset"))
    assert page.locator("#stats-table").is_hidden()
    assert page.locator("#stats-empty").is_visible()


def test_an_old_practice_link_makes_the_same_free_game(page: Any) -> None:
    with page.expect_request(lambda r: r.url.endswith("/api/games") and r.method == "POST") as req:
        page.goto("/play.html?practice=1&level=facile&fen=W:W28:B23")
    assert json.loads(req.value.post_data or "{}") == {
        "mode": "free",
        "fen": "W:W28:B23",
        "level": "facile",
    }
    wait_for_turn(page)
    assert board_pieces(page) == {28: "white", 23: "black"}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_new_pages_at_320_px_in_the_dark(
    browser: Any, base_url: str, artifacts_dir: Path, lang: str
) -> None:
    context = browser.new_context(
        base_url=base_url, locale="fr-FR", color_scheme="dark", **PHONE_320
    )
    context.add_init_script(f"localStorage.setItem('dames.lang', '{lang}')")
    page = context.new_page()
    page.goto("/new.html")
    rows = {"international|maitre|black": {"win": 12, "draw": 3, "loss": 140}}
    rows["international|duo|white"] = {"win": 2, "draw": 0, "loss": 1}
    page.evaluate(
        "rows => localStorage.setItem('dames.stats', JSON.stringify({rows, ids: []}))", rows
    )
    for name, path in (("new", "/new.html"), ("stats", "/stats.html"), ("import", "/import.html")):
        page.goto(path)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 320, name
        page.screenshot(path=str(artifacts_dir / f"{name}-320-dark-{lang}.png"), full_page=True)
    page.goto("/new.html")
    page.tap('input[name="level"][value="facile"]')
    page.tap("#start")
    page.wait_for_url("**/play.html?mode=free")
    wait_for_turn(page)
    page.tap("#hint-button")  # facile: already casual, no warning
    hinted(page)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 320
    page.locator("#game-tools").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / f"tools-320-dark-{lang}.png"))
    context.close()


def test_new_pages_and_the_game_tools_have_no_axe_violation(page: Any) -> None:
    page.goto("/new.html")
    assert_accessible(page)
    page.goto("/import.html")
    page.fill("#pdn-input", '[Event "Axe"]\n1. 32-28 19-23 2. 28x19 14x23 *')
    page.click("#pdn-read")
    page.wait_for_selector("#import-view:not([hidden])")
    assert_accessible(page)
    page.goto("/play.html?mode=free")
    wait_for_turn(page)
    page.click('[data-square="32"]')
    page.click('[data-square="28"]')
    wait_for_moves(page, 2)
    page.click("#move-list .mv")
    page.wait_for_selector("#review:not([hidden])")
    assert_accessible(page)
    page.goto("/stats.html")
    assert_accessible(page)
