"""The end of a won game as the page shows it: result and reason, score breakdown, the
first-time pseudonym prompt (a real registration on the server), the rank, and the share text.

Beating the computer from the start position is out of reach for a test, so the answer to the
move and the claim are served by the test (page.route) in the API's documented shapes; the
pseudonym registration goes to the real server.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from browser_helpers import square, wait_for_turn

pytestmark = pytest.mark.browser


def won_view(game_id: str) -> dict[str, Any]:
    return {
        "id": game_id,
        "mode": "free",
        "variant": "international",
        "level": "defi",
        "date": None,
        "playerColor": "white",
        "status": "won",
        "reason": "no-moves",
        "fen": "B:W28,31,33-50:B",
        "turn": "black",
        "ply": 1,
        "moves": ["32-28"],
        "lastComputerMove": None,
        "legalMoves": [],
        "pieces": {"white": 20, "black": 0},
        "clock": {"elapsedMs": 42_000},
        "score": {"total": 8958, "base": 3000, "perPiece": 300, "pieces": 20, "seconds": 42},
        "claimed": False,
        "createdAt": "2026-11-30T10:00:00Z",
    }


def test_win_shows_score_asks_pseudonym_then_rank_and_share(page: Any, artifacts_dir: Path) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto("/play.html?mode=free")
    wait_for_turn(page)
    game_id = page.evaluate("JSON.parse(localStorage.getItem('dames.game.free')).id")
    claims: list[dict[str, str]] = []

    def answer_move(route: Any) -> None:
        route.fulfill(
            status=200, content_type="application/json", body=json.dumps(won_view(game_id))
        )

    def answer_claim(route: Any) -> None:
        claims.append(route.request.headers)
        route.fulfill(
            status=200,
            content_type="application/json",
            body=json.dumps(
                {"board": "free", "date": None, "score": 8958, "rank": 2, "best": 8958}
            ),
        )

    page.route("**/api/games/*/moves", answer_move)
    page.route("**/api/games/*/claim", answer_claim)
    square(page, 32).click()
    square(page, 28).click()

    page.wait_for_selector("#end:not([hidden])")
    assert page.locator("#end-title").inner_text() == "Gagné !"
    assert page.locator("#end-reason").inner_text() == "l'ordinateur ne peut plus jouer"

    def spaced(text: str) -> str:
        return text.replace("\u202f", " ").replace("\xa0", " ")

    assert spaced(page.locator("#score .total").inner_text()) == "8 958 points"
    assert spaced(page.locator("#score .formula").inner_text()) == "3 000 + 300 × 20 pièces − 42 s"
    assert page.locator("#pseudo-form").is_visible()
    assert claims == []
    page.screenshot(path=str(artifacts_dir / "end-desktop.png"))
    axe = Axe().run(page)
    assert axe.violations_count == 0, axe.generate_report()

    name = f"Testeur{int(time.time() * 1000) % 100000}"
    page.locator("#pseudo").fill(name)
    page.locator("#pseudo-form button[type=submit]").click()
    page.wait_for_selector("#rank:not([hidden])")
    assert page.locator("#rank").inner_text().startswith("Rang 2")
    assert page.locator("#pseudo-form").is_hidden()
    assert len(claims) == 1
    assert claims[0]["authorization"].startswith("Bearer ")
    stored = page.evaluate("JSON.parse(localStorage.getItem('dames.player'))")
    assert stored["pseudonym"] == name and claims[0]["x-player-token"] == stored["token"]

    page.locator("#share").click()
    page.wait_for_function("() => document.getElementById('hint').textContent.includes('copié')")
    shared = page.evaluate("navigator.clipboard.readText()").replace("\u202f", " ")
    shared = shared.replace("\xa0", " ")
    assert "8 958 points" in shared and "20 pièces" in shared and "00:42" in shared
    assert "32-28" not in shared  # spoiler-free: no moves
