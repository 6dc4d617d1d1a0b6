"""The end screen learns a *held* verdict and words its reasons in the reader's language
(issue 32, bugs 4 and 5), against the real local server and its analysis worker.

A script plays the daily as a cheater would: an engine picks every move with a choice
(the project's own `fort` stands in for an outside engine) and each is sent the moment the
server's answer arrives, over HTTP. The player then opens the finished game in the site and
claims it under a new pseudonym; the end screen says "provisional" until the fair-play
verdict holds the claim, then the score and the reasons, in French, then in English after the
language switch. Nothing of it reaches the public board.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import dames
import pytest
from browser_helpers import (
    assert_accessible,
    claim_under_a_new_pseudonym,
    get_view,
    spaced,
    start_daily_game_at,
)
from dames.ai import hint

pytestmark = pytest.mark.browser

# White's two kings and two men against two Black men: White wins within a few moves, each
# with a choice (kings always have one), whatever the daily's computer answers.
FEN_KINGS_WIN = "W:WK3,K47,33,38:B16,26"
VERDICT_MS = 120_000
MAX_PLAYER_MOVES = 20


def play_at_machine_speed(page: Any, game: dict[str, Any], token: str) -> dict[str, Any]:
    """Wins the arranged game as a script: `fort`'s move each turn, sent at once. Returns the
    finished game's view."""
    auth = {"Authorization": f"Bearer {token}"}
    view = get_view(page, game, token)
    for _ in range(MAX_PLAYER_MOVES):
        while view["thinking"]:
            time.sleep(0.05)
            view = get_view(page, game, token)
        if view["status"] != "playing":
            return view
        board = dames.Board(view["fen"])
        move = hint(board, level="fort")
        answer = page.request.post(f"/api/games/{game['id']}/moves", headers=auth,
                                   data={"ply": view["ply"], "move": move.hub()})
        assert answer.status == 200, answer.text()
        view = dict(answer.json())
    raise AssertionError(f"no win within {MAX_PLAYER_MOVES} moves: {view['moves']}")


def test_a_script_played_win_is_held_and_the_end_screen_says_why_in_both_languages(
    user: Any, games_table: Any, artifacts_dir: Path
) -> None:
    page = user.page
    game_id, token, _ = start_daily_game_at(page, games_table, FEN_KINGS_WIN)
    game = {"id": game_id, "mode": "daily"}
    won = play_at_machine_speed(page, game, token)
    assert won["status"] == "won" and won["ranked"], won
    total = won["score"]["total"]

    # The site shows the finished game, and its first win asks for a pseudonym.
    page.reload()
    page.wait_for_selector("#end:not([hidden])")
    assert page.locator("#pseudo-form").is_visible()
    name = f"Script {user.name[0]}{time.time_ns() % 10**7}"
    player, claim = claim_under_a_new_pseudonym(user, game_id, token, name)
    assert claim["status"] == "provisional"

    # The end screen keeps asking until the verdict is in, then says the claim is held.
    rank = page.locator("#rank")
    page.wait_for_function(
        "() => document.getElementById('rank').textContent.includes(\"en cours d'examen\")",
        timeout=VERDICT_MS,
    )
    verdict = page.request.get(f"/api/games/{game_id}/claim",
                               headers={"Authorization": f"Bearer {token}"}).json()
    assert verdict["status"] == "held", verdict
    codes = [reason["code"] for reason in verdict["reasons"]]
    assert codes[:1] == ["score"] and "fast-answers" in codes, codes
    score = next(r for r in verdict["reasons"] if r["code"] == "score")["figures"]

    french = spaced(rank.inner_text())
    french_total = f"{total:,}".replace(",", " ")
    assert french.startswith(f"Votre partie à {french_total} points est en cours d'examen : ")
    assert (f"Score de fair-play {score['score']:.2f} (retenue à partir de "
            f"{score['bar']:.2f})".replace(".", ",")) in french
    assert "100 % des coups à choix joués moins de 1 s après la réponse de l'ordinateur" in french
    # Worded by the page, not the server's English words.
    assert "people" not in french and "moves with a choice" not in french
    assert "Provisoire" not in french and "fair-play en cours" not in french
    page.screenshot(path=str(artifacts_dir / f"end-held-{user.name}.png"))
    assert_accessible(page)

    page.locator("#lang-switch").click()
    english = rank.inner_text()
    assert english.startswith(f"Your {total:,}-point game is under review: ")
    assert f"Fair-play score {score['score']:.2f} (held from {score['bar']:.2f})" in english
    assert "100% of the moves with a choice were answered within 1 s" in english
    assert "coups" not in english

    # Held: on no public board, and the player's own line says so.
    board = page.request.get(f"/api/leaderboards/daily/{won['date']}").json()
    assert name not in [entry["pseudonym"] for entry in board["entries"]]
    mine = page.request.get(f"/api/leaderboards/daily/{won['date']}/me",
                            headers={"X-Player-Token": player["token"]}).json()
    assert mine["me"] is None and mine["underReview"]["score"] == total
