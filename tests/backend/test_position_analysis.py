"""POST /api/games/position/analyse: the analysis board's engine, through the games app."""

from __future__ import annotations

from typing import Any

import dames
import pytest
from dames.native import available as native_available
from dames_backend.games import position
from dames_backend.games.position import MAX_DEPTH, MAX_MOVES
from fastapi.testclient import TestClient

PATH = "/api/games/position/analyse"


def analyse(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post(PATH, json=body)
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def test_the_start_position_with_its_moves_and_a_line(games_client: TestClient) -> None:
    answer = analyse(games_client, variant="international", depth=3)
    assert answer["fen"] == "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:" \
        "B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"
    assert answer["turn"] == "white" and answer["outcome"] is None
    assert len(answer["legalMoves"]) == 9
    assert answer["depth"] == 3 and answer["nodes"] > 0
    assert abs(answer["eval"]) < 100  # nobody is a man up at the start
    assert answer["bestMove"]["notation"] == answer["bestLine"][0]
    assert len(answer["bestLine"]) >= 3
    assert answer["problems"] == []
    assert answer["ending"] is None  # 40 pieces: the endgame tables hold four at most


def test_a_free_man_is_seen_and_taken(games_client: TestClient) -> None:
    # Black to move can take the white man on 28 for nothing: Black is a man up after it.
    fen = "B:W28,40,45,49,50:B11,12,13,19,23"
    answer = analyse(games_client, variant="international", fen=fen, depth=4)
    assert answer["bestMove"]["captures"] == [28]
    assert answer["eval"] <= -60  # from White's side: Black is better


def test_a_won_ending_reads_as_the_game_analysis_shows_it(games_client: TestClient) -> None:
    # 6-33 forces 38x29 and a king takes back: three kings against a man, which the endgame
    # bitbases know won (a score of 200 men), shown at the cap like the game analysis's.
    if not native_available():
        pytest.skip("the native core is not built (make)")
    answer = analyse(games_client, variant="international", fen="W:WK3,K4,K6:B38,36", depth=10)
    assert answer["bestMove"]["notation"] == "6-33"
    assert answer["eval"] == 2000 and answer["mate"] is None


@pytest.mark.parametrize(("fen", "ending"), [
    ("W:WK44,K49,K50:BK2", "white"),  # the lone king is off the long diagonal
    ("B:WK1,K2,K3:BK23", "draw"),  # the lone king on it, and not taken
    ("W:W35,36:BK3", "black"),  # two men lose to a king: the search saw -0.12 at depth 8
    ("B:W28:BK23,K1,K2", "black"),  # the side to move wins: read from White's side
    ("W:W28:BK23,K1,K2", "black"),  # the side to move loses
    ("W:WK33,K47:BK5", "draw"),  # two kings against one
    ("W:WK3,K4,K6:B38,36", None),  # five pieces: more than the tables hold
])
def test_the_endgame_tables_verdict_is_given_from_whites_side(
    games_client: TestClient, fen: str, ending: str | None
) -> None:
    if not native_available():
        pytest.skip("the native core is not built (make)")
    answer = analyse(games_client, variant="international", fen=fen, depth=4)
    assert answer["ending"] == ending, answer


def test_moves_played_into_a_table_ending_get_its_verdict(games_client: TestClient) -> None:
    # 6-33 38x29 leaves three kings against a man: won, whoever moves.
    if not native_available():
        pytest.skip("the native core is not built (make)")
    answer = analyse(games_client, variant="international", fen="W:WK3,K4,K6:B38,36",
                     moves=["6-33", "38x29"], depth=4)
    assert answer["turn"] == "white" and answer["ending"] == "white"


def test_without_the_core_there_is_no_verdict(
    games_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(position, "native_available", lambda: False)
    answer = analyse(games_client, variant="international", fen="W:WK44,K49,K50:BK2", depth=2)
    assert answer["ending"] is None and answer["eval"] is not None


def test_moves_are_played_for_both_sides_and_the_eval_follows(games_client: TestClient) -> None:
    # An exchange: 32-28 19-23, White must take 28x19, Black takes back 14x23.
    moves = ["32-28", "19-23", "28x19", "14x23"]
    answer = analyse(games_client, moves=moves, depth=2)
    board = dames.Board()
    for text in moves:
        board.push(board.parse_move(text))
    assert answer["fen"] == board.fen() and answer["ply"] == 4
    assert {m["hub"] for m in answer["legalMoves"]} == {m.hub() for m in board.legal_moves()}


def test_a_forced_capture_is_played_out_before_the_eval(games_client: TestClient) -> None:
    # White must take 28x19 (its only move); the eval is not a blind 0 but sees the exchange.
    answer = analyse(games_client, moves=["32-28", "19-23"], depth=2)
    assert [m["notation"] for m in answer["legalMoves"]] == ["28x19"]
    assert answer["bestMove"]["notation"] == "28x19"
    assert answer["bestLine"][0] == "28x19"
    assert answer["bestLine"][1] in ("13x24", "14x23")  # Black takes back


def test_a_mate_is_announced_from_whites_side(games_client: TestClient) -> None:
    # White to move takes Black's last piece at once: a win in one ply.
    fen = "W:W28:B23"
    answer = analyse(games_client, fen=fen, depth=2)
    assert answer["bestMove"]["notation"] == "28x19"
    assert answer["mate"] == 1 and answer["eval"] > 0


def test_the_game_over_after_the_moves_has_no_eval(games_client: TestClient) -> None:
    answer = analyse(games_client, fen="W:W28:B23", moves=["28x19"], depth=2)
    assert answer["outcome"] == {"winner": "white", "reason": "no-moves"}
    assert answer["eval"] is None and answer["legalMoves"] == []


def test_eight_by_eight_variants(games_client: TestClient) -> None:
    for variant in ("brazilian", "english", "italian"):
        answer = analyse(games_client, variant=variant, depth=3)
        assert answer["variant"] == variant and answer["bestMove"] is not None
        assert answer["fen"] == dames.Board(variant=variant).fen()


def test_an_illegal_setup_lists_every_fault(games_client: TestClient) -> None:
    response = games_client.post(PATH, json={"fen": "W:W3,31:B20,48", "depth": 2})
    assert response.status_code == 422
    body = response.json()
    assert body["error"] == "illegal-setup"
    assert "crowning row" in body["message"]
    assert [(p["code"], p["squares"]) for p in body["problems"]] == [
        ("man-on-crowning-row", [3]), ("man-on-crowning-row", [48]),
    ]


def test_the_side_to_move_has_already_lost(games_client: TestClient) -> None:
    response = games_client.post(PATH, json={"fen": "W:W46:B41,36,37", "depth": 2})
    assert response.status_code == 422
    assert [p["code"] for p in response.json()["problems"]] == ["no-legal-move"]


def test_too_many_pieces(games_client: TestClient) -> None:
    response = games_client.post(
        PATH, json={"variant": "english", "fen": "B:W13-32:B1-3", "depth": 2}
    )
    assert response.status_code == 422
    assert response.json()["problems"][0]["code"] == "too-many-pieces"


def test_bad_requests_are_refused_and_explained(games_client: TestClient) -> None:
    cases: list[dict[str, Any]] = [
        {"fen": "not a fen", "depth": 2},
        {"fen": "W:W31,31:B1", "depth": 2},
        {"depth": MAX_DEPTH + 1},
        {"depth": 10**9},
        {"depth": 0},
        {"variant": "chess"},
        {"moves": ["32-28", "32-28"]},
        {"moves": ["1-2"]},
        {"moves": ["x"] * (MAX_MOVES + 1)},
        {"fen": "W:W28:B23", "moves": ["28x19", "19-14"]},
        {"depth": 2, "extra": True},
    ]
    for body in cases:
        response = games_client.post(PATH, json=body)
        assert response.status_code == 422, (body, response.text)
        answer = response.json()
        assert answer["error"] and answer["message"], body


def test_bad_json_is_a_400(games_client: TestClient) -> None:
    response = games_client.post(PATH, content=b"{", headers={"Content-Type": "application/json"})
    assert response.status_code == 400


def test_the_deepest_search_is_bounded(games_client: TestClient) -> None:
    # Flying kings on an open board: the deepest allowed search stops at its node budget.
    fen = "W:WK46,K50,31,32:BK1,K5,19,20"
    answer = analyse(games_client, fen=fen, depth=MAX_DEPTH)
    assert 1 <= answer["depth"] <= MAX_DEPTH
    assert answer["bestMove"] is not None


def test_the_local_limiter_counts_it_as_a_thinking_route() -> None:
    from local.limiter import THINKING_ROUTE

    assert THINKING_ROUTE.match(PATH)


def test_a_search_cut_by_its_work_bound_says_so(
    games_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Depth 10 asked, depth 6 given used to come without a word (issue 32, bug 11). The
    budgets are made small so that the bound cuts the search on either engine (the native
    core reaches depth 10 from the start within the route's own budget)."""
    from dames_backend.games import position

    monkeypatch.setattr(position, "ANALYSIS_NATIVE_NODES", 3_000)
    monkeypatch.setattr(position, "ANALYSIS_NODE_BUDGET", 3_000)
    cut = analyse(games_client, depth=MAX_DEPTH)
    assert cut["depth"] < MAX_DEPTH and cut["depthCut"] is True
    whole = analyse(games_client, depth=2)
    assert whole["depth"] == 2 and whole["depthCut"] is False
    ended = analyse(games_client, fen="W:W28:B23", depth=MAX_DEPTH)  # one move, then over
    assert ended["depthCut"] is False
