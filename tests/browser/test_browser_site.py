"""The site as a whole, on every screen: no page scrolls sideways from 320 px up (portrait and
landscape, light and dark, French and English); a phone held sideways puts the game panel
beside a board that takes the height; the dark theme follows the system and its switch; the
page for an unknown address; the manifest and icons; the home page's decorative board, streak
and past challenges; the leaderboard's own line in both languages."""

from __future__ import annotations

import json
import struct
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe

pytestmark = pytest.mark.browser

# Phones (iPhone SE, Galaxy S, Pixel), a tablet held upright, desktops (one just over the
# 900 px two-column breakpoint).
PORTRAIT = [(320, 568), (360, 740), (412, 915), (1024, 1366)]
LANDSCAPE = [(568, 320), (740, 360), (915, 412), (901, 800), (1280, 800)]
SCREENSHOTS = {(320, 568), (568, 320), (740, 360)}
PAGES = [
    "/",
    "/rules.html",
    "/leaderboards.html?board=daily",
    "/play.html?mode=free",
    "/days.html",
    "/analysis-board.html",
    "/no/such/page",
]
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll('body *')]
    .filter((el) => el.getBoundingClientRect().right > width + 0.5 && el.getClientRects().length)
    .slice(0, 5).map((el) => el.id || el.className || el.tagName);
  return [document.documentElement.scrollWidth, window.innerWidth, wide];
}"""


def luminance(page: Any, selector: str) -> float:
    """Relative luminance (0 black … 1 white) of an element's computed background colour."""
    rgb: list[float] = page.evaluate(
        """(sel) => getComputedStyle(document.querySelector(sel)).backgroundColor
             .match(/[\\d.]+/g).slice(0, 3).map(Number)""",
        selector,
    )

    def linear(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else float(((c + 0.055) / 1.055) ** 2.4)

    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.fixture(scope="module")
def seeded(live_server: str) -> dict[str, Any]:
    """Today's daily board with a long pseudonym on it (the widest table a phone must show),
    that player's browser identity, and two closed past days with a challenge."""
    from dames_backend.boards.claims import record_claim
    from dames_backend.daily.challenge import ensure_daily
    from dames_backend.players.accounts import create_player

    now = datetime.now(UTC)
    today = now.date().isoformat()
    stamp = now.strftime("%H%M%S")
    wide = create_player(f"Wwwwwwwwwwwwww{stamp}")
    other = create_player(f"Zoé{stamp}")
    for i, (new, score, seconds) in enumerate([(other, 7500, 0), (wide, 6105, 3725)]):
        record_claim(
            game_id=f"g_site{stamp}{i}",
            player=new.player,
            board="daily",
            date=today,
            score=score,
            pieces=15,
            seconds=seconds,
        )
    past = [(now.date() - timedelta(days=n)).isoformat() for n in (2, 5)]
    for day in past:
        ensure_daily(day)
    # Yesterday too: once it has closed the home page shows its seed and the verify command,
    # the longest line a phone must wrap.
    ensure_daily((now.date() - timedelta(days=1)).isoformat())
    identity = {
        "playerId": wide.player.player_id,
        "pseudonym": wide.player.pseudonym,
        "token": wide.token,
    }
    return {"player": identity, "past": past, "today": today}


def test_no_page_scrolls_sideways_on_any_screen(
    browser: Any, base_url: str, seeded: dict[str, Any], artifacts_dir: Path
) -> None:
    """One load per page; the viewport, language and colour scheme change in place."""
    context = browser.new_context(
        base_url=base_url, locale="fr-FR", viewport={"width": 320, "height": 568}
    )
    context.add_init_script(
        f"localStorage.setItem('dames.player', {json.dumps(json.dumps(seeded['player']))})"
    )
    problems = []
    for path in PAGES:
        page = context.new_page()
        page.goto(path)
        page.wait_for_load_state("networkidle")
        if path.startswith("/leaderboards"):
            page.wait_for_selector("#lb-body tr")
        name = path.strip("/").split(".")[0].split("?")[0].replace("/", "-") or "home"
        for lang in ("fr", "en"):
            if page.evaluate("document.documentElement.lang") != lang:
                page.locator("#lang-switch").click()
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                for width, height in PORTRAIT + LANDSCAPE:
                    page.set_viewport_size({"width": width, "height": height})
                    scroll, inner, wide = page.evaluate(OVERFLOW)
                    if scroll > inner:
                        problems.append(f"{path} {lang} {scheme} {width}x{height}: {scroll} {wide}")
                    if lang == "fr" and (width, height) in SCREENSHOTS:
                        page.screenshot(
                            path=str(artifacts_dir / f"site-{name}-{width}x{height}-{scheme}.png")
                        )
        page.close()
    context.close()
    assert problems == []


def test_landscape_phone_puts_the_panel_beside_a_board_taking_the_height(
    browser: Any, base_url: str, playwright: Any
) -> None:
    devices = (
        "iPhone SE landscape",  # 568 x 320
        "Pixel 7 landscape",  # 863 x 360
        "Pixel 9 Pro landscape",  # 900 x 375: wide enough for the desktop layout
        "Galaxy A55 landscape",  # 1040 x 480
    )
    for device in devices:
        context = browser.new_context(base_url=base_url, **playwright.devices[device])
        page = context.new_page()
        page.goto("/play.html?mode=free")
        page.wait_for_selector("#board .sq.movable", timeout=30_000)
        board = page.locator(".board-frame").bounding_box()
        panel = page.locator(".panel").bounding_box()
        header = page.locator("header.top").bounding_box()
        inner_height = page.evaluate("window.innerHeight")
        assert panel["x"] >= board["x"] + board["width"] - 1, device  # beside, not below
        assert panel["y"] < board["y"] + board["height"] / 2, device
        # The board takes the height left under the header (a few px of margin aside).
        assert board["height"] >= inner_height - header["height"] - 24, (device, board)
        assert board["y"] + board["height"] <= inner_height + 1, device
        context.close()


def test_dark_theme_follows_the_system_and_the_switch_on_every_page(
    browser: Any, base_url: str
) -> None:
    context = browser.new_context(base_url=base_url, locale="fr-FR", color_scheme="dark")
    page = context.new_page()
    page.goto("/")
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    assert luminance(page, ".card") < 0.1
    assert page.locator("#theme-switch").get_attribute("aria-pressed") == "true"
    # No choice stored: a change of the system setting applies at once.
    page.emulate_media(color_scheme="light")
    page.wait_for_function("() => document.documentElement.dataset.theme === 'light'")
    assert luminance(page, ".card") > 0.6
    # The switch applies without a reload, and the choice is kept over the system's.
    page.locator("#theme-switch").click()
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    assert page.locator("#theme-switch").get_attribute("aria-pressed") == "true"
    assert luminance(page, ".card") < 0.1
    assert page.evaluate("localStorage.getItem('dames.theme')") == "dark"
    for path in (
        "/rules.html",
        "/leaderboards.html",
        "/days.html",
        "/nope",
        "/play.html?mode=free",
    ):
        page.goto(path)
        assert page.evaluate("document.documentElement.dataset.theme") == "dark", path
        assert luminance(page, "body") < 0.05, path
        switch = page.locator("#theme-switch")
        assert switch.count() == 1, path
        assert switch.get_attribute("aria-pressed") == "true", path
    # On the game page the board keeps its wood: light squares stay light, dark ones dark.
    page.wait_for_selector("#board .sq.movable", timeout=30_000)
    board_image = page.evaluate(
        "getComputedStyle(document.getElementById('board')).backgroundImage"
    )
    assert "rgb(236, 211, 165)" in board_image and "rgb(122, 74, 41)" in board_image
    page.locator("#theme-switch").click()
    assert page.evaluate("document.documentElement.dataset.theme") == "light"
    page.reload()
    assert page.evaluate("document.documentElement.dataset.theme") == "light"
    page.goto("/")
    assert_no_axe_violation(page)
    page.locator("#theme-switch").click()
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    assert_no_axe_violation(page)  # contrast checked in the dark theme too
    for path in ("/days.html", "/leaderboards.html?board=daily", "/play.html?mode=free"):
        page.goto(path)
        page.wait_for_load_state("networkidle")
        assert_no_axe_violation(page)
    context.close()


def assert_no_axe_violation(page: Any) -> None:
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


def test_unknown_address_gets_the_site_page_with_a_way_home(page: Any, base_url: str) -> None:
    response = page.goto("/some/deep/unknown/page?x=1")
    assert response.status == 404
    assert page.title().startswith("Page introuvable")
    assert page.locator("h1").inner_text() == "Cette page n'existe pas"
    # Styled (absolute links work at any depth) and translated like every page.
    assert luminance(page, "header.top") < 0.05
    page.locator("#lang-switch").click()
    assert page.locator("h1").inner_text() == "This page does not exist"
    assert_no_axe_violation(page)
    page.get_by_role("link", name="Back to the home page").click()
    page.wait_for_url(f"{base_url}/")
    assert page.locator("#play-daily").is_visible()
    # The API's errors stay JSON.
    api = page.request.get(f"{base_url}/api/no-such-route")
    assert api.status == 404
    assert api.headers["content-type"].startswith("application/json")
    assert api.json()["error"]


def test_manifest_and_icons_let_a_phone_add_the_site_to_its_home_screen(
    page: Any, base_url: str
) -> None:
    for path in ("/", "/rules.html", "/days.html"):
        page.goto(path)
        assert (
            page.locator("link[rel=manifest]")
            .get_attribute("href")
            .endswith("manifest.webmanifest")
        )
        assert page.locator("meta[name=theme-color]").count() == 1
        assert page.locator("link[rel=icon]").count() == 1
    response = page.request.get(f"{base_url}/manifest.webmanifest")
    assert response.status == 200
    assert response.headers["content-type"].startswith("application/manifest+json")
    manifest = response.json()
    assert manifest["name"] == "Dames du jour" and manifest["display"] == "standalone"
    assert manifest["start_url"] == "/" and manifest["theme_color"].startswith("#")
    sizes = set()
    for icon in manifest["icons"]:
        data = page.request.get(f"{base_url}{icon['src']}")
        assert data.status == 200, icon
        if icon["type"] == "image/png":
            width, height = png_size(data.body())
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add((width, icon["purpose"]))
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= sizes
    touch = page.request.get(f"{base_url}/icons/apple-touch-icon.png")
    assert png_size(touch.body()) == (180, 180)


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
        assert command == f"python -m dames verify partie.pdn --seed {stored.seed}"
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
    assert_no_axe_violation(page)
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


def test_leaderboard_own_line_reads_well_in_both_languages(
    browser: Any, base_url: str, seeded: dict[str, Any]
) -> None:
    context = browser.new_context(base_url=base_url, locale="en-GB")
    context.add_init_script(
        f"localStorage.setItem('dames.player', {json.dumps(json.dumps(seeded['player']))})"
    )
    page = context.new_page()
    page.goto("/leaderboards.html?board=daily")
    page.wait_for_function("() => document.getElementById('lb-me').textContent.length > 0")
    name = seeded["player"]["pseudonym"]
    english = page.locator("#lb-me").inner_text()
    assert english.startswith(f"{name} (you): rank ")
    assert english.endswith(" — 6,105 points")
    assert " :" not in english
    page.locator("#lang-switch").click()
    french = page.locator("#lb-me").inner_text().replace("\u202f", " ").replace("\xa0", " ")
    assert french.startswith(f"{name} (vous) : rang ")
    assert french.endswith(" — 6 105 points")
    context.close()
