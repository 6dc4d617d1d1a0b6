"""The analysis of a game that White won with its last move (issue 32, bug 3): the last move
reads and draws as White's win (a mate distance of 0 has no sign: the evaluation says who
won), never "Black wins in 1 move(s)"; counts are worded in the singular or plural, and the
clauses are joined the way each language writes them (bug 11)."""

from __future__ import annotations

from typing import Any

import pytest
from browser_helpers import FEN_WHITE_WINS, create_game, open_game, post_move

pytestmark = pytest.mark.browser
ANALYSIS_MS = 120_000


def open_analysis_of_a_white_win(page: Any) -> dict[str, Any]:
    page.goto("/")
    token, game = create_game(page, {"mode": "free", "level": "facile", "fen": FEN_WHITE_WINS})
    won = post_move(page, game, token, 0, "28x19")
    assert won["status"] == "won" and won["winner"] == "white"
    open_game(page, token, game)
    page.goto(f"/analysis.html?game={game['id']}")
    page.wait_for_function(
        "() => !document.getElementById('an-result').hidden"
        " || document.getElementById('an-error').textContent",
        timeout=ANALYSIS_MS,
    )
    assert page.locator("#an-error").inner_text() == ""
    return game


def last_graph_point(page: Any) -> tuple[float, float]:
    points = page.locator("#an-graph polyline").get_attribute("points") or ""
    x, y = points.split()[-1].split(",")
    return float(x), float(y)


def test_a_win_on_the_last_move_reads_and_draws_as_the_winner_s(page: Any) -> None:
    open_analysis_of_a_white_win(page)
    last = page.locator('#an-moves .mv[data-ply="1"]')
    assert last.locator(".ev").inner_text() == "Les blancs ont gagné"
    _, y = last_graph_point(page)
    height = float(page.locator("#an-graph").get_attribute("viewBox").split()[3])
    assert y < height / 2  # on White's edge, the top
    page.locator("#lang-switch").click()
    page.locator('#an-moves .mv[data-ply="1"]').click()
    note = page.locator("#an-note").inner_text()
    assert "White has won" in note and "Black" not in note
    summary = page.locator("#an-white").inner_text()
    assert "0 inaccuracies, 0 mistakes, 0 blunders" in summary
    assert "(" not in summary


def test_counts_are_in_the_singular_in_french_for_0_and_1(page: Any) -> None:
    open_analysis_of_a_white_win(page)
    summary = page.locator("#an-black").inner_text()
    assert "0 imprécision, 0 erreur, 0 gaffe" in summary
