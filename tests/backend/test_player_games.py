"""GET /api/players/me/games: the player's own finished games, newest first, a bounded page
at a time, from the index (issue 32: a lidraughts player's game archive)."""

from __future__ import annotations

from typing import Any

from clock_support import ManualClock
from fastapi.testclient import TestClient
from games_support import bearer, post_move


def sign_up(community: TestClient, name: str) -> dict[str, str]:
    response = community.post("/api/players", json={"pseudonym": name})
    assert response.status_code == 201, response.text
    return {"X-Player-Token": response.json()["token"]}


def finished_game(games: TestClient, me: dict[str, str] | None, clock: ManualClock) -> str:
    """A free game started with ``me``'s pseudonym (or none), one move each, then resigned."""
    response = games.post("/api/games", json={"mode": "free", "level": "facile"}, headers=me or {})
    assert response.status_code == 201, response.text
    token, game = response.json()["token"], response.json()["game"]
    assert post_move(games, game["id"], token, 0, "32-28").status_code == 200
    clock.now += 60_000
    assert games.post(f"/api/games/{game['id']}/resign", headers=bearer(token)).status_code == 200
    return str(game["id"])


def my_games(community: TestClient, me: dict[str, str], **query: Any) -> Any:
    return community.get("/api/players/me/games", headers=me, params=query)


def test_the_players_finished_games_come_newest_first_a_page_at_a_time(
    games_client: TestClient, community_client: TestClient, moved_clock: ManualClock,
) -> None:
    me = sign_up(community_client, "Archiviste")
    other = sign_up(community_client, "Voisine")
    ids = [finished_game(games_client, me, moved_clock) for _ in range(3)]
    finished_game(games_client, other, moved_clock)  # another player's
    finished_game(games_client, None, moved_clock)  # started without a pseudonym
    playing = games_client.post("/api/games", json={"mode": "free"}, headers=me)
    assert playing.status_code == 201  # still being played: not in the archive

    first = my_games(community_client, me, limit=2)
    assert first.status_code == 200 and first.headers["cache-control"] == "no-store"
    page = first.json()
    assert [g["id"] for g in page["games"]] == [ids[2], ids[1]]
    listed = page["games"][0]
    assert (listed["status"], listed["mode"], listed["level"], listed["playerColor"]) == (
        "resigned", "free", "facile", "white")
    assert listed["winner"] == "black" and listed["plies"] == 2
    assert listed["opening"][0] == "32-28" and len(listed["opening"]) == 2
    assert page["next"]
    rest = my_games(community_client, me, limit=2, after=page["next"]).json()
    assert [g["id"] for g in rest["games"]] == [ids[0]] and rest["next"] is None
    theirs = my_games(community_client, other).json()["games"]
    assert len(theirs) == 1 and theirs[0]["id"] not in ids


def test_the_archive_refuses_what_it_did_not_give(
    community_client: TestClient, games_client: TestClient, moved_clock: ManualClock,
) -> None:
    me = sign_up(community_client, "Prudente")
    assert community_client.get("/api/players/me/games").status_code == 401
    assert my_games(community_client, {"X-Player-Token": "p_x.y"}).status_code == 403
    bad = my_games(community_client, me, after="GAME#g_other")
    assert bad.status_code == 422 and bad.json()["error"] == "bad-cursor"
    assert my_games(community_client, me, limit=51).status_code == 422
    assert my_games(community_client, me).json() == {"games": [], "next": None}
