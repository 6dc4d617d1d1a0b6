"""A game exported as PDN reads back as the same game, and never gives away a secret seed."""

from __future__ import annotations

from typing import Any

import dames
import pytest
from dames_backend import security
from fastapi.testclient import TestClient
from games_support import bearer, post_move, start_game, stored_item


def _pdn(client: TestClient, game: dict[str, Any], token: str) -> str:
    response = client.get(f"/api/games/{game['id']}/pdn", headers=bearer(token))
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("application/x-draughts-pdn")
    assert "attachment" in response.headers["content-disposition"]
    return response.text


def test_an_exported_game_reads_back_move_for_move(games_client: TestClient) -> None:
    token, game = start_game(games_client, "free")
    view = post_move(games_client, game["id"], token, 0, "32-28").json()
    view = post_move(games_client, game["id"], token, 2, view["legalMoves"][0]["hub"]).json()
    (read,) = dames.read_games(_pdn(games_client, game, token))
    assert read.tags["GameType"] == "20" and read.result == "*"
    assert read.tags["White"] == "Player" and read.tags["Black"] == "Computer (defi)"
    assert "FEN" not in read.tags
    assert list(read.notations) == view["moves"]
    assert read.board_at().fen() == view["fen"]


def test_a_running_daily_game_never_shows_its_seed(
    games_client: TestClient, table: Any
) -> None:
    token, game = start_game(games_client, "daily")
    text = _pdn(games_client, game, token)
    assert "Seed" not in text
    assert stored_item(table, game["id"])["seed"] not in text
    assert '[AiVersion "' in text and '[Level "defi"]' in text


def test_a_finished_free_games_seed_is_in_its_pdn_for_checking(
    games_client: TestClient, table: Any
) -> None:
    token, game = start_game(games_client, "free", fen="W:W31,32:B19,20", color="black")
    games_client.post(f"/api/games/{game['id']}/resign", headers=bearer(token))
    (read,) = dames.read_games(_pdn(games_client, game, token))
    assert read.tags["Seed"] == stored_item(table, game["id"])["seed"]
    assert read.tags["FEN"] and read.result == "2-0"  # Black resigned: White won
    assert read.tags["White"] == "Computer (defi)" and read.tags["Black"] == "Player"


@pytest.mark.parametrize("variant, game_type", [("english", "21"), ("italian", "22")])
def test_eight_by_eight_games_carry_their_game_type(
    games_client: TestClient, variant: str, game_type: str
) -> None:
    token, game = start_game(games_client, "duo", variant=variant)
    text = _pdn(games_client, game, token)
    (read,) = dames.read_games(text)
    assert read.tags["GameType"] == game_type and read.variant == variant


def test_the_pdn_needs_the_games_token(games_client: TestClient) -> None:
    token, game = start_game(games_client, "free")
    url = f"/api/games/{game['id']}/pdn"
    assert games_client.get(url).status_code == 401
    assert games_client.get(url, headers=bearer(security.new_token())).status_code == 403
    assert games_client.get("/api/games/g_nope0000000/pdn", headers=bearer(token)).status_code \
        == 404


def test_an_analysed_games_pdn_carries_each_moves_evaluation(games_client: TestClient) -> None:
    from dames.pdn_comments import game_evals
    from dames_backend.fairplay.jobs import request_analysis, run_analysis

    token, game = start_game(games_client, "free", fen="W:W31,32,33:B18,19,20")
    post_move(games_client, game["id"], token, 0, "32-28")
    games_client.post(f"/api/games/{game['id']}/resign", headers=bearer(token))
    before = _pdn(games_client, game, token)
    assert "%eval" not in before
    request_analysis(game["id"], "player", None)
    job = run_analysis(game["id"])
    assert job is not None and job.status == "done"
    (read,) = dames.read_games(_pdn(games_client, game, token))
    evals = game_evals(read)
    assert len(evals) == len(read.moves) == 2
    assert all(mark is not None for mark in evals)
    assert read.tags["Annotator"].startswith("dames analysis")


def test_a_daily_games_pdn_has_no_evaluation_before_the_close(
    games_client: TestClient,
) -> None:
    from dames_backend.fairplay.jobs import request_analysis, run_analysis

    token, game = start_game(games_client, "daily")
    post_move(games_client, game["id"], token, 0, "32-28")
    games_client.post(f"/api/games/{game['id']}/resign", headers=bearer(token))
    request_analysis(game["id"], "claim", None)
    job = run_analysis(game["id"])  # as a claim's fair-play analysis runs before the close
    assert job is not None and job.status == "done"
    assert "%eval" not in _pdn(games_client, game, token)
