"""How many pseudonyms a network and a browser may create (issue 32, bug 1), and the names
nobody may take: a taken name costs nothing, a won game opens one more name, once."""

from __future__ import annotations

from typing import Any

import pytest
from clock_support import freeze
from dames_backend.games.store import GameRecord
from dames_backend.limits import clients as client_limits
from dames_backend.players import allowance
from fastapi.testclient import TestClient
from games_support import bearer, claim, store_finished, stored_item

NETWORK_DAY = client_limits.PSEUDONYMS_PER_ADDRESS.capacity


@pytest.fixture
def community_app(table: Any) -> Any:
    from community_app import app

    return app


@pytest.fixture
def home(community_app: Any) -> TestClient:
    """Every request from one household's address."""
    return TestClient(community_app, raise_server_exceptions=False, client=("198.51.100.40", 1))


def register(client: TestClient, name: str, game: tuple[str, str] | None = None) -> Any:
    body: dict[str, Any] = {"pseudonym": name}
    headers: dict[str, str] = {}
    if game is not None:
        body["gameId"] = game[0]
        headers = bearer(game[1])
    return client.post("/api/players", json=body, headers=headers)


def _won_daily() -> tuple[str, str]:
    return store_finished(mode="daily", date="2026-12-01", finished_at="2026-12-01T09:06:43Z")


@pytest.fixture(autouse=True)
def _on_the_day(monkeypatch: pytest.MonkeyPatch) -> None:
    freeze(monkeypatch, "2026-12-01T10:00:00")


def test_taken_names_do_not_use_up_the_networks_allowance(home: TestClient) -> None:
    """The new user's report: one name, three taken tries, then a free name was refused."""
    assert register(home, "Zoé Testeuse").status_code == 201
    for taken in ("zoe testeuse", "ZOÉ TESTEUSE", "Zое Testeuse"):  # the last in Cyrillic
        answer = register(home, taken)
        assert answer.status_code == 409 and answer.json()["error"] == "pseudonym-taken"
    created = [register(home, f"Famille {n}").status_code for n in range(NETWORK_DAY)]
    assert created == [201] * (NETWORK_DAY - 1) + [429]


def test_refused_names_are_counted_as_attempts_only(
    home: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A script probing names in bulk meets the attempts' bound, not the names'."""
    monkeypatch.setenv(allowance.PSEUDONYM_ATTEMPTS_PER_ADDRESS.env, "4")
    assert register(home, "Prober").status_code == 201
    assert [register(home, "prober").status_code for _ in range(3)] == [409] * 3
    refused = register(home, "Fresh Name")
    assert refused.status_code == 429
    assert "asked for" in refused.json()["message"]


def test_a_won_game_gives_its_browser_one_more_name(
    home: TestClient, games_client: TestClient, table: Any
) -> None:
    for n in range(NETWORK_DAY):
        assert register(home, f"Soeur {n}").status_code == 201
    assert register(home, "Cousin").status_code == 429
    game = _won_daily()
    answer = register(home, "Cousin", game)
    assert answer.status_code == 201, answer.text
    player = answer.json()
    # The game is the new player's: nobody else can enter it, they can.
    assert stored_item(table, game[0])["ownerId"] == player["playerId"]
    assert claim(games_client, *game, player["token"]).status_code == 200
    # One game, one name, even for the same browser.
    again = register(home, "Cousin Bis", game)
    assert again.status_code == 409 and again.json()["error"] == "voucher-used"


def test_a_taken_name_does_not_spend_the_won_game(home: TestClient) -> None:
    assert register(home, "Déjà Là").status_code == 201
    game = _won_daily()
    assert register(home, "deja la", game).status_code == 409
    assert register(home, "Enfin Libre", game).status_code == 201


@pytest.mark.parametrize("which", ["casual", "lost", "unknown", "wrong-token", "owned"])
def test_only_an_unowned_rankable_win_opens_a_name(
    home: TestClient, which: str, table: Any
) -> None:
    if which == "casual":
        game = store_finished(mode="free", level="facile")
    elif which == "lost":
        game = store_finished(mode="daily", date="2026-12-01", status="lost")
    elif which == "owned":
        game = store_finished(mode="daily", date="2026-12-01", owner_id="p_someoneelse")
    else:
        game = _won_daily()
    if which == "unknown":
        game = ("g_doesnotexist000000", game[1])
    if which == "wrong-token":
        game = (game[0], "not-the-token")
    answer = register(home, "Opportunist", game)
    assert 400 <= answer.status_code < 500 and answer.status_code != 429, answer.text
    assert set(answer.json()) >= {"error", "message"}
    assert not [i for i in table.scan()["Items"] if str(i["pk"]).startswith("PLAYER#")]


def test_two_requests_spending_one_game_give_one_name(
    home: TestClient, table: Any
) -> None:
    import threading

    game = _won_daily()
    start = threading.Barrier(2, timeout=30)
    statuses: list[int] = []

    def spend(name: str) -> None:
        start.wait()
        statuses.append(register(home, name, game).status_code)

    threads = [threading.Thread(target=spend, args=(n,)) for n in ("Twin One", "Twin Two")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [201, 409]
    owner = GameRecord.from_item(stored_item(table, game[0])).owner_id
    profiles = [i for i in table.scan()["Items"] if str(i["pk"]).startswith("PLAYER#")]
    assert [p["playerId"] for p in profiles] == [owner]


def test_won_game_names_of_one_network_are_capped(
    home: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A farm behind one address gets at most this many names a day, each a won game."""
    monkeypatch.setenv(allowance.PSEUDONYMS_WITH_WIN_PER_ADDRESS.env, "2")
    statuses = [register(home, f"Farmed {n}", _won_daily()).status_code for n in range(3)]
    assert statuses == [201, 201, 429]
    # Elsewhere, the next won game still opens a name.
    elsewhere = TestClient(home.app, raise_server_exceptions=False, client=("203.0.113.4", 1))
    assert register(elsewhere, "Farmed 9", _won_daily()).status_code == 201


@pytest.mark.parametrize(
    "name", ["Admin", "SuperAdmin", "Le Modérateur", "Dames du jour", "Joueur effacé",
             "Erased Player", "ADMlN", "Моdеrаtоr"],
)
def test_names_that_read_as_the_site_are_reserved(home: TestClient, name: str) -> None:
    answer = register(home, name)
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"] == "reserved-pseudonym"


@pytest.mark.parametrize("name", ["Badminton", "Supporter", "Damien", "Système Solaire"])
def test_ordinary_names_with_those_letters_are_not(home: TestClient, name: str) -> None:
    assert register(home, name).status_code == 201
