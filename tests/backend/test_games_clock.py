"""The games API's clock: the server's own time for every move, pauses credited only as they
are announced, the computer's thinking never charged, and unfinished games' expiry."""

from __future__ import annotations

from typing import Any

import pytest
from clock_support import ManualClock
from fastapi.testclient import TestClient
from games_support import bearer, get_game, post_move, start_game, stored_item


def _pause(client: TestClient, game_id: str, token: str, paused: bool) -> dict[str, Any]:
    response = client.post(
        f"/api/games/{game_id}/clock", headers=bearer(token), json={"paused": paused}
    )
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def test_the_client_cannot_lower_its_time(
    games_client: TestClient, moved_clock: ManualClock
) -> None:
    """A minute of thought costs the minute, whatever the page measured (it used to send its
    own measure, and a script sending 0 once paid 0.3 s for three 60-second moves)."""
    token, game = start_game(games_client, "free")
    gid = game["id"]
    view = game
    for _ in range(3):
        moved_clock.now += 60_000
        move = view["legalMoves"][0]["notation"]
        view = post_move(games_client, gid, token, view["ply"], move).json()
    assert view["clock"]["elapsedMs"] == 180_000
    moved_clock.now += 40  # a pre-move: 0.3 s at least
    view = post_move(games_client, gid, token, view["ply"], view["legalMoves"][0]["notation"])
    assert view.json()["clock"]["elapsedMs"] == 180_300


def test_a_reload_shows_the_running_turn(
    games_client: TestClient, moved_clock: ManualClock
) -> None:
    """Reloading used to wipe the turn (10 s on the clock, reload: 00:00, then 312 ms)."""
    token, game = start_game(games_client, "free")
    moved_clock.now += 10_000
    reloaded = get_game(games_client, game["id"], token)["clock"]
    assert (reloaded["elapsedMs"], reloaded["turnMs"], reloaded["running"]) == (0, 10_000, True)
    assert reloaded["since"] == 1_800_000_000_000 and reloaded["serverNow"] == moved_clock.now
    moved_clock.now += 2_000
    view = post_move(games_client, game["id"], token, 0, "32-28").json()
    assert view["clock"]["elapsedMs"] == 12_000


def test_only_pauses_announced_as_they_happen_are_credited(
    games_client: TestClient, table: Any, moved_clock: ManualClock
) -> None:
    token, game = start_game(games_client, "free")
    gid = game["id"]
    moved_clock.now += 5_000
    paused = _pause(games_client, gid, token, True)
    assert (paused["paused"], paused["running"], paused["turnMs"]) == (True, False, 5_000)
    moved_clock.now += 3_000
    assert _pause(games_client, gid, token, True)["since"] == 1_800_000_005_000  # a repeat
    moved_clock.now += 27_000
    resumed = _pause(games_client, gid, token, False)
    assert (resumed["pauses"], resumed["pausedMs"], resumed["turnMs"]) == (1, 30_000, 5_000)
    assert _pause(games_client, gid, token, False) == {**resumed, "serverNow": moved_clock.now}
    moved_clock.now += 1_000
    view = post_move(games_client, gid, token, 0, "32-28").json()
    assert view["clock"]["elapsedMs"] == 6_000
    assert (view["clock"]["pauses"], view["clock"]["pausedMs"]) == (1, 30_000)
    stored = stored_item(table, gid)["clock"]
    assert (int(stored["pauses"]), int(stored["pausedMs"])) == (1, 30_000)

    # A move arriving while paused: the page was hidden, it could not have played. The open
    # pause is void, the whole turn counts.
    moved_clock.now += 2_000
    _pause(games_client, gid, token, True)
    moved_clock.now += 40_000
    move = view["legalMoves"][0]["notation"]
    view = post_move(games_client, gid, token, 2, move).json()
    assert view["clock"]["elapsedMs"] == 6_000 + 42_000
    assert (view["clock"]["pauses"], view["clock"]["pausedMs"]) == (1, 30_000)
    assert view["clock"]["running"] is True and view["clock"]["paused"] is False


def test_a_reload_is_not_a_pause_whatever_the_page_announced(
    games_client: TestClient, table: Any, moved_clock: ManualClock
) -> None:
    """A page being left may still say "hidden" (an old page, a script); the next page's read
    of the game ends that pause uncredited, and its "visible" credits nothing."""
    token, game = start_game(games_client, "free")
    gid = game["id"]
    moved_clock.now += 5_000
    _pause(games_client, gid, token, True)  # the page unloading
    moved_clock.now += 400  # the reload
    reloaded = get_game(games_client, gid, token)["clock"]
    assert (reloaded["paused"], reloaded["running"]) == (False, True)
    assert (reloaded["pauses"], reloaded["pausedMs"], reloaded["turnMs"]) == (0, 0, 5_400)
    assert stored_item(table, gid)["clock"].get("pausedSinceMs") is None
    moved_clock.now += 600
    shown = _pause(games_client, gid, token, False)  # the new page says it is visible
    assert (shown["pauses"], shown["pausedMs"], shown["turnMs"]) == (0, 0, 6_000)
    view = post_move(games_client, gid, token, 0, "32-28").json()
    assert view["clock"]["elapsedMs"] == 6_000
    assert (view["clock"]["pauses"], view["clock"]["pausedMs"]) == (0, 0)

    # A page opened hidden (a background tab) reads the game, then pauses: that pause counts.
    moved_clock.now += 1_000
    get_game(games_client, gid, token)
    _pause(games_client, gid, token, True)
    moved_clock.now += 20_000
    resumed = _pause(games_client, gid, token, False)
    assert (resumed["pauses"], resumed["pausedMs"]) == (1, 20_000)


def test_the_clock_route_refuses_bad_input_and_finished_games(
    games_client: TestClient,
) -> None:
    token, game = start_game(games_client, "free")
    url = f"/api/games/{game['id']}/clock"
    for body in ({}, {"paused": "yes"}, {"paused": 1}, {"paused": True, "at": 5}):
        response = games_client.post(url, headers=bearer(token), json=body)
        assert response.status_code == 422, body
    assert games_client.post(url, json={"paused": True}).status_code == 401
    assert games_client.post(
        url, headers=bearer("x" * 32), json={"paused": True}
    ).status_code == 403
    games_client.post(f"/api/games/{game['id']}/resign", headers=bearer(token))
    over = games_client.post(url, headers=bearer(token), json={"paused": True})
    assert over.status_code == 409 and over.json()["error"] == "game-over"


def test_computer_thinking_never_counts(
    games_client: TestClient, monkeypatch: pytest.MonkeyPatch, moved_clock: ManualClock
) -> None:
    import dames.ai

    real_choose = dames.ai.choose_move

    def slow_computer(*args: Any, **kwargs: Any) -> Any:
        moved_clock.now += 60_000  # the computer "thinks" for a minute
        return real_choose(*args, **kwargs)

    monkeypatch.setattr(dames.ai, "choose_move", slow_computer)
    token, game = start_game(games_client, "free")
    moved_clock.now += 2_000
    view = post_move(games_client, game["id"], token, 0, "32-28").json()
    assert view["clock"]["elapsedMs"] == 2_000
    moved_clock.now += 3_000  # the server answered after the computer's minute: only 3 s count
    move = view["legalMoves"][0]["notation"]
    view = post_move(games_client, game["id"], token, 2, move).json()
    assert view["clock"]["elapsedMs"] == 5_000


def test_unfinished_games_expire_on_read(
    games_client: TestClient, table: Any, moved_clock: ManualClock
) -> None:
    token, game = start_game(games_client, "free")
    expires_at = int(stored_item(table, game["id"])["expiresAt"])
    assert expires_at == 1_800_000_000 + 14 * 86_400
    moved_clock.now = (expires_at - 1) * 1000
    assert games_client.get(f"/api/games/{game['id']}", headers=bearer(token)).status_code == 200
    moved_clock.now = (expires_at + 1) * 1000
    for response in (
        games_client.get(f"/api/games/{game['id']}", headers=bearer(token)),
        post_move(games_client, game["id"], token, 0, "32-28"),
        games_client.post(f"/api/games/{game['id']}/resign", headers=bearer(token)),
    ):
        assert response.status_code == 410
        assert response.json()["error"] == "game-expired"


def test_each_move_pushes_the_expiry_back(
    games_client: TestClient, table: Any, moved_clock: ManualClock
) -> None:
    token, game = start_game(games_client, "free")
    moved_clock.now += 10 * 86_400_000
    assert post_move(games_client, game["id"], token, 0, "32-28").status_code == 200
    assert int(stored_item(table, game["id"])["expiresAt"]) == 1_800_000_000 + 24 * 86_400
