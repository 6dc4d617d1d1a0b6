"""The puzzle API: a whole attempt, its secrecy, and every way a script could cheat it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from clock_support import ManualClock
from dames.puzzles import catalog
from dames_backend.puzzles import pool
from fastapi.testclient import TestClient
from puzzle_support import (
    ATTEMPTS,
    THINK_MS,
    bearer,
    puzzle_of,
    register,
    send_move,
    solve,
    start,
    training_ids,
    wrong_move,
)


def _profile(client: TestClient, player: str) -> dict[str, Any]:
    response = client.get("/api/puzzles/me", headers={"X-Player-Token": player})
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def _secret_texts(attempt: dict[str, Any]) -> set[str]:
    """Every spelling of every solver move of the puzzle that the page has not played yet."""
    puzzle = puzzle_of(attempt)
    played = {m["hub"] for m in attempt["played"]}
    board = puzzle.board()
    texts = set()
    for line in puzzle.solution.lines():
        replay = board.copy()
        for text in line:
            move = replay.parse_move(text)
            if move.hub() not in played:
                texts |= {text, move.hub(), replay.notation(move)}
            replay.push(move)
    return texts


def _assert_no_solution(answer: dict[str, Any], attempt: dict[str, Any]) -> None:
    assert attempt["end"] is None
    visible = {k: v for k, v in answer.items() if k != "attempt"}
    shown = {k: v for k, v in attempt.items() if k not in ("legalMoves",)}
    text = json.dumps([visible, shown])
    for secret in _secret_texts(attempt):
        assert f'"{secret}"' not in text, f"{secret} leaked"
    for word in ("solution", "themes", "source", "line", "coup"):
        assert f'"{word}"' not in text
    keys = {tuple(sorted(m)) for m in attempt["legalMoves"]}
    assert len(keys) <= 1  # every legal move has the same fields: none is marked


def test_the_solution_is_in_no_response_before_the_end(
    community_client: TestClient, moved_clock: ManualClock
) -> None:
    player = register(community_client, "Secrète")
    token, attempt = start(community_client, player)
    _assert_no_solution({}, attempt)
    url = f"{ATTEMPTS}/{attempt['attemptId']}"
    read = community_client.get(url, headers=bearer(token)).json()
    _assert_no_solution({}, read)
    hinted = community_client.post(f"{url}/hint", headers=bearer(token),
                                   json={"ply": attempt["ply"]}).json()
    _assert_no_solution({"square": 0}, hinted["attempt"])
    assert hinted["square"] == puzzle_of(attempt).board().parse_move(
        puzzle_of(attempt).first_move).start
    answers = solve(community_client, token, attempt, moved_clock)
    for answer in answers[:-1]:
        assert answer["result"] == "correct"
        _assert_no_solution(answer, answer["attempt"])
    final = answers[-1]
    assert final["result"] == "solved"
    end = final["attempt"]["end"]
    assert end["solution"] == puzzle_of(attempt).solution.to_data()
    assert end["themes"]["moves"] == puzzle_of(attempt).themes["moves"]
    assert end["source"]["kind"] in ("game", "self-play")


def test_a_solve_wins_rating_and_the_reply_is_played_at_once(
    community_client: TestClient, moved_clock: ManualClock
) -> None:
    player = register(community_client, "Résolue")
    token, attempt = start(community_client, player)
    assert attempt["rated"] is True and attempt["status"] == "playing"
    assert attempt["legalMoves"] and attempt["ply"] == 0
    puzzle = puzzle_of(attempt)
    answers = solve(community_client, token, attempt, moved_clock)
    first = puzzle.solution.branches[0]
    board = puzzle.board()
    board.push(board.parse_move(first.move))
    expected = []
    for text in first.reply:
        move = board.parse_move(text)
        expected.append(move.hub())
        board.push(move)
    assert [m["hub"] for m in answers[0]["reply"]] == expected
    final = answers[-1]["attempt"]
    assert final["status"] == "solved" and not final["failed"] and final["legalMoves"] == []
    change = final["end"]["rating"]
    assert change["after"] > change["before"] == 1500
    profile = _profile(community_client, player)
    assert profile["rating"] == change["after"] and profile["rated"] == 1
    assert profile["provisional"] is True


def test_a_wrong_move_is_not_played_and_loses_the_rated_attempt(
    community_client: TestClient, moved_clock: ManualClock
) -> None:
    player = register(community_client, "Fautive")
    token, attempt = start(community_client, player)
    moved_clock.now += THINK_MS
    answer = send_move(community_client, token, attempt, wrong_move(puzzle_of(attempt)))
    assert answer.status_code == 200
    body = answer.json()
    assert body["result"] == "wrong" and body["reply"] == []
    after = body["attempt"]
    assert after["failed"] is True and after["ply"] == 0 and after["status"] == "playing"
    assert after["fen"] == attempt["fen"]
    lost = _profile(community_client, player)["rating"]
    assert lost < 1500
    answers = solve(community_client, token, after, moved_clock)
    final = answers[-1]["attempt"]
    assert final["status"] == "solved" and final["failed"] is True
    assert final["end"]["rating"]["after"] == lost  # decided at the wrong move, once
    assert _profile(community_client, player)["rated"] == 1


def test_a_replay_and_a_second_pseudonym_of_the_network_are_not_rated(
    community_client: TestClient, moved_clock: ManualClock
) -> None:
    first = register(community_client, "Première")
    token, attempt = start(community_client, first)
    shown = community_client.post(f"{ATTEMPTS}/{attempt['attemptId']}/solution",
                                  headers=bearer(token))
    assert shown.status_code == 200 and shown.json()["status"] == "revealed"
    assert shown.json()["end"]["rating"]["after"] < 1500
    puzzle_id = attempt["puzzle"]["id"]
    _, again = start(community_client, first, puzzleId=puzzle_id)
    assert again["rated"] is False
    second = register(community_client, "Seconde")
    token2, other = start(community_client, second, puzzleId=puzzle_id)
    assert other["rated"] is False
    answers = solve(community_client, token2, other, moved_clock)
    assert answers[-1]["attempt"]["end"]["rating"] is None
    assert _profile(community_client, second)["rating"] == 1500


def test_a_solve_faster_than_a_human_is_void(community_client: TestClient,
                                             moved_clock: ManualClock) -> None:
    player = register(community_client, "Automate")
    token, attempt = start(community_client, player)
    answers = solve(community_client, token, attempt)  # the clock never moves
    final = answers[-1]["attempt"]
    assert final["status"] == "solved" and final["end"]["rating"] is None
    profile = _profile(community_client, player)
    assert profile["rating"] == 1500 and profile["rated"] == 0
    _, again = start(community_client, player, puzzleId=attempt["puzzle"]["id"])
    assert again["rated"] is False  # spent all the same


def test_leaving_a_rated_puzzle_unfinished_loses_it(community_client: TestClient,
                                                    moved_clock: ManualClock) -> None:
    player = register(community_client, "Fuyante")
    token, attempt = start(community_client, player)
    start(community_client, player)
    assert _profile(community_client, player)["rating"] < 1500
    gone = community_client.get(f"{ATTEMPTS}/{attempt['attemptId']}", headers=bearer(token))
    assert gone.json()["status"] == "playing" and gone.json()["rated"] is True
    moved_clock.now += THINK_MS
    answers = solve(community_client, token, gone.json(), moved_clock)
    assert answers[-1]["attempt"]["end"]["rating"]["after"] < 1500


def test_puzzles_are_chosen_never_twice_and_never_from_the_daily_reserve(
    community_client: TestClient, moved_clock: ManualClock
) -> None:
    player = register(community_client, "Curieuse")
    seen = set()
    for _ in range(8):
        _, attempt = start(community_client, player)
        assert attempt["puzzle"]["id"] not in seen
        seen.add(attempt["puzzle"]["id"])
    assert seen <= set(training_ids())
    reserved = [p.id for p in pool.daily_reserve()]
    assert reserved
    refused = community_client.post(ATTEMPTS, json={"puzzleId": reserved[0]})
    assert refused.status_code == 404
    unknown = community_client.post(ATTEMPTS, json={"puzzleId": "izzzzzzzzzz"})
    assert unknown.status_code == 404 and unknown.json()["error"] == refused.json()["error"]


def test_anonymous_play_is_never_rated_and_skips_what_the_page_sent(
    community_client: TestClient, moved_clock: ManualClock
) -> None:
    ids = training_ids("italian")  # a set small enough to skip all of it but one
    _, attempt = start(community_client, variant="italian", skip=ids[:-1])
    assert attempt["puzzle"]["id"] == ids[-1] and attempt["rated"] is False


@pytest.mark.parametrize("variant", ["english", "italian", "brazilian"])
def test_each_draughts_variant_has_puzzles(community_client: TestClient, variant: str,
                                          moved_clock: ManualClock) -> None:
    token, attempt = start(community_client, variant=variant)
    assert attempt["puzzle"]["variant"] == variant
    answers = solve(community_client, token, attempt, moved_clock)
    assert answers[-1]["result"] == "solved"


def test_bad_requests_change_nothing(community_client: TestClient,
                                     moved_clock: ManualClock) -> None:
    token, attempt = start(community_client)
    url = f"{ATTEMPTS}/{attempt['attemptId']}"
    first = puzzle_of(attempt).first_move
    cases = [
        (community_client.post(f"{url}/moves", json={"ply": 0, "move": first}), 401),
        (community_client.post(f"{url}/moves", headers=bearer("x" * 30),
                               json={"ply": 0, "move": first}), 403),
        (community_client.post(f"{ATTEMPTS}/pa_nothing/moves", headers=bearer(token),
                               json={"ply": 0, "move": first}), 404),
        (community_client.post(f"{url}/moves", headers=bearer(token),
                               json={"ply": 3, "move": first}), 409),
        (community_client.post(f"{url}/moves", headers=bearer(token),
                               json={"ply": 0, "move": "51-47"}), 422),
        (community_client.post(f"{url}/moves", headers=bearer(token),
                               json={"ply": 0, "move": first, "extra": 1}), 422),
        (community_client.post(f"{url}/hint", headers=bearer(token), json={"ply": 9}), 409),
        (community_client.post(ATTEMPTS, headers={"X-Player-Token": "p_x.y"}, json={}), 403),
        (community_client.get("/api/puzzles/me"), 401),
    ]
    for response, status in cases:
        assert response.status_code == status, response.text
        assert set(response.json()) >= {"error", "message"}
    after = community_client.get(url, headers=bearer(token)).json()
    assert after == {**attempt, "puzzle": after["puzzle"]}
    community_client.post(f"{url}/solution", headers=bearer(token))
    over = community_client.post(f"{url}/moves", headers=bearer(token),
                                 json={"ply": 0, "move": first})
    assert over.status_code == 409 and over.json()["error"] == "attempt-over"


def test_rated_attempts_per_player_are_limited(
    community_client: TestClient, moved_clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DAMES_LIMIT_RATED_PUZZLES_PER_PLAYER_DAY", "2")
    player = register(community_client, "Gourmande")
    rated = [start(community_client, player)[1]["rated"] for _ in range(3)]
    assert rated == [True, True, False]


def test_attempts_per_network_are_limited(
    community_client: TestClient, moved_clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DAMES_LIMIT_PUZZLE_ATTEMPTS_PER_DAY", "2")
    start(community_client)
    start(community_client)
    refused = community_client.post(ATTEMPTS, json={})
    assert refused.status_code == 429 and "Retry-After" in refused.headers


def test_the_rating_moves_with_the_player_to_a_new_device(
    community_client: TestClient, moved_clock: ManualClock
) -> None:
    player = register(community_client, "Nomade")
    token, attempt = start(community_client, player)
    solve(community_client, token, attempt, moved_clock)
    before = _profile(community_client, player)
    code = community_client.post("/api/players/me/transfer-code",
                                 headers={"X-Player-Token": player}).json()["code"]
    moved = community_client.post("/api/players/transfer", json={"code": code}).json()
    assert _profile(community_client, moved["playerToken"]) == before
    _, again = start(community_client, moved["playerToken"], puzzleId=attempt["puzzle"]["id"])
    assert again["rated"] is False  # the new device knows what the player has seen


def test_every_shipped_puzzle_is_in_the_catalog_once() -> None:
    ids = [p.id for variant in ("international", "english", "italian", "brazilian")
           for p in catalog.puzzles(variant)]
    assert len(ids) == len(set(ids)) == len(catalog.by_id())
