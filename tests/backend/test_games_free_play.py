"""Free play as the best apps have it, refereed by the server: level and colour, hint,
takeback, draw offer, two players on one device; ranked only as the free board is set up."""

from __future__ import annotations

from typing import Any

import dames
import pytest
from dames.ai.draw_offer import accepts_draw
from dames_backend import security
from dames_backend.clock import GameClock
from dames_backend.games import assist as game_help
from dames_backend.games import store as game_store
from dames_backend.games.store import GameRecord
from fastapi.testclient import TestClient
from games_support import (
    bearer,
    get_game,
    post_move,
    settled,
    start_game,
    stored_item,
    stored_moves,
)

from tests.board_support import king_shuffle

LEVEL_ENDING = "W:W31,32:B19,20"  # two men each, nothing to play for


def _help(client: TestClient, game: dict[str, Any], token: str, what: str,
          ply: int | None = None) -> Any:
    return client.post(
        f"/api/games/{game['id']}/{what}", headers=bearer(token),
        json={"ply": game["ply"] if ply is None else ply},
    )


def test_with_black_the_computer_opens_and_the_game_is_casual(games_client: TestClient) -> None:
    token, game = start_game(games_client, "free", color="black", level="facile")
    assert (game["playerColor"], game["turn"], game["ply"]) == ("black", "black", 1)
    assert game["lastComputerMove"] is not None and game["lastMove"] == game["lastComputerMove"]
    assert 31 <= game["lastComputerMove"]["path"][0] <= 35
    assert game["legalMoves"] and all(m["path"][0] <= 20 for m in game["legalMoves"])
    assert (game["level"], game["ranked"]) == ("facile", False)
    view = post_move(games_client, game["id"], token, 1, game["legalMoves"][0]["notation"])
    assert view.status_code == 200 and view.json()["ply"] == 3


@pytest.mark.parametrize(
    "options",
    [{"level": "fort"}, {"color": "black"}, {"variant": "brazilian"},
     {"fen": "W:W31-50:B1-19"},
     # A position the player gives is never the set-up, though it spells the start.
     {"fen": "W:W31-50:B1-20"}, {"fen": "W:W" + ",".join(map(str, range(31, 51))) + ":B1-20"}],
)
def test_only_the_free_boards_set_up_is_ranked(
    games_client: TestClient, options: dict[str, str]
) -> None:
    assert start_game(games_client, "free")[1]["ranked"] is True
    assert start_game(games_client, "free", level="defi", color="white")[1]["ranked"] is True
    assert start_game(games_client, "free", **options)[1]["ranked"] is False


def test_a_game_from_a_given_position_stays_casual_once_stored(
    games_client: TestClient, table: Any
) -> None:
    token, game = start_game(games_client, "free", fen="W:W31-50:B1-20")
    assert stored_item(table, game["id"])["fromPosition"] is True
    assert get_game(games_client, game["id"], token)["ranked"] is False
    _, plain = start_game(games_client, "free")
    assert stored_item(table, plain["id"])["fromPosition"] is False


def test_a_hint_is_a_legal_move_from_a_level_above_and_makes_the_game_casual(
    games_client: TestClient, table: Any
) -> None:
    token, game = start_game(games_client, "free")
    response = _help(games_client, game, token, "hint")
    assert response.status_code == 200, response.text
    suggestion = response.json()
    assert suggestion["level"] == "fort"
    assert suggestion["move"] in game["legalMoves"]
    after = get_game(games_client, game["id"], token)
    assert (after["assisted"], after["ranked"], after["ply"]) == (True, False, 0)
    assert stored_item(table, game["id"])["assisted"] is True
    # The hint is playable like any move.
    assert post_move(games_client, game["id"], token, 0, suggestion["move"]["hub"]).status_code \
        == 200


def test_takeback_restores_the_previous_position_back_to_the_start(
    games_client: TestClient,
) -> None:
    token, game = start_game(games_client, "free")
    first = post_move(games_client, game["id"], token, 0, "32-28").json()
    second = post_move(games_client, game["id"], token, 2, first["legalMoves"][0]["hub"]).json()
    assert second["ply"] == 4

    back = _help(games_client, second, token, "takeback")
    assert back.status_code == 200, back.text
    view = back.json()
    assert (view["ply"], view["fen"], view["moves"]) == (2, first["fen"], first["moves"])
    assert view["legalMoves"] == first["legalMoves"] and view["assisted"] is True
    # A repeat of the same request (a retry) does not undo twice.
    again = _help(games_client, second, token, "takeback")
    assert again.status_code == 200 and again.json()["ply"] == 2

    start = _help(games_client, view, token, "takeback").json()
    assert (start["ply"], start["fen"]) == (0, game["fen"])
    nothing = _help(games_client, start, token, "takeback")
    assert nothing.status_code == 409 and nothing.json()["error"] == "nothing-to-take-back"
    stale = _help(games_client, start, token, "takeback", ply=4)
    assert stale.status_code == 409 and stale.json()["error"] == "stale-ply"


def test_when_the_computer_opened_its_first_move_cannot_be_taken_back(
    games_client: TestClient,
) -> None:
    token, game = start_game(games_client, "free", color="black")
    refused = _help(games_client, game, token, "takeback")
    assert refused.status_code == 409 and refused.json()["error"] == "nothing-to-take-back"
    moved = post_move(games_client, game["id"], token, 1, game["legalMoves"][0]["hub"]).json()
    back = _help(games_client, moved, token, "takeback").json()
    assert (back["ply"], back["fen"]) == (1, game["fen"])


def test_the_computer_declines_a_draw_in_the_opening(games_client: TestClient) -> None:
    token, game = start_game(games_client, "free")
    response = _help(games_client, game, token, "draw-offer")
    assert response.status_code == 200, response.text
    assert response.json()["accepted"] is False
    assert response.json()["game"]["status"] == "playing"
    assert settled(get_game(games_client, game["id"], token)) == settled(game)


def test_the_computer_accepts_a_dead_level_ending(games_client: TestClient) -> None:
    token, game = start_game(games_client, "free", fen=LEVEL_ENDING, level="fort")
    response = _help(games_client, game, token, "draw-offer")
    assert response.status_code == 200, response.text
    result = response.json()
    assert result["accepted"] is True
    over = result["game"]
    assert (over["status"], over["reason"], over["winner"], over["score"]) == (
        "draw", "agreement", None, None,
    )
    late = post_move(games_client, game["id"], token, 0, game["legalMoves"][0]["hub"])
    assert late.status_code == 409 and late.json()["error"] == "game-over"


def test_a_retried_accepted_draw_offer_gets_the_same_answer(
    games_client: TestClient, table: Any
) -> None:
    """The answer to an accepted offer can be lost on the way: its retry (same ply) must say
    accepted with the game, not that the game is over."""
    token, game = start_game(games_client, "free", fen=LEVEL_ENDING, level="fort")
    first = _help(games_client, game, token, "draw-offer").json()
    assert first["accepted"] is True
    assert stored_item(table, game["id"])["lastRequest"] == {"ply": 0, "move": "draw-offer"}
    again = _help(games_client, game, token, "draw-offer")
    assert again.status_code == 200, again.text
    assert again.json()["accepted"] is True
    assert settled(again.json()["game"]) == settled(first["game"])
    other_ply = _help(games_client, game, token, "draw-offer", ply=1)
    assert other_ply.status_code == 409 and other_ply.json()["error"] == "game-over"


def test_a_draw_offer_retried_while_the_first_is_judged_is_accepted_once(
    games_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The retry lands while the first request still waits for the computer's answer: the
    first one then finds the game already drawn by its own twin, and says accepted too."""
    token, game = start_game(games_client, "free", fen=LEVEL_ENDING, level="fort")
    retried: dict[str, Any] = {}

    def judge_with_a_retry_meanwhile(board: dames.Board, *, level: str) -> bool:
        if "answer" not in retried:  # the retry is judged too: it must not retry in turn
            retried["answer"] = None
            retried["answer"] = _help(games_client, game, token, "draw-offer")
        return accepts_draw(board, level=level)

    monkeypatch.setattr(game_help, "accepts_draw", judge_with_a_retry_meanwhile)
    first = _help(games_client, game, token, "draw-offer")
    twin = retried["answer"]
    assert first.status_code == 200, first.text
    assert twin.status_code == 200, twin.text
    assert first.json()["accepted"] is True and twin.json()["accepted"] is True
    assert settled(first.json()["game"]) == settled(twin.json()["game"])


@pytest.mark.parametrize("what", ["hint", "takeback", "draw-offer"])
def test_help_asked_at_a_stale_ply_gets_the_game_as_it_stands(
    games_client: TestClient, table: Any, what: str
) -> None:
    token, game = start_game(games_client, "free", fen=LEVEL_ENDING, level="fort")
    moved = post_move(games_client, game["id"], token, 0, game["legalMoves"][0]["hub"]).json()
    assert moved["ply"] == 2
    stale = _help(games_client, game, token, what)  # the page still shows ply 0
    assert stale.status_code == 409 and stale.json()["error"] == "stale-ply"
    assert settled(stale.json()["game"]) == settled(get_game(games_client, game["id"], token))
    assert stale.json()["game"]["ply"] == 2
    item = stored_item(table, game["id"])
    assert (item["status"], item["assisted"]) == ("playing", False)
    assert len(stored_moves(table, game["id"])) == 2


def test_a_hint_raced_by_a_move_is_refused_and_the_game_stays_ranked(
    games_client: TestClient, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A script sent its hint and its move at the same ply at once (2026-12-07): the hint
    was answered, the move landed first and the game stayed ranked. Here the hint reads
    the game before the move and marks it after: it must be refused, nothing revealed."""
    token, game = start_game(games_client, "free")
    before = game_store.load_game(game["id"])
    assert before is not None
    assert post_move(games_client, game["id"], token, 0, "32-28").status_code == 200
    monkeypatch.setattr(game_help, "open_game", lambda game_id, authorization: before)
    searched: list[object] = []
    monkeypatch.setattr(game_help.dames.ai, "hint", lambda *a, **k: searched.append(a))
    raced = _help(games_client, game, token, "hint")  # the page's ply 0, as the move's
    assert raced.status_code == 409 and raced.json()["error"] == "stale-ply"
    assert searched == []  # refused before any search: no help given
    after = get_game(games_client, game["id"], token)
    assert (after["assisted"], after["ranked"], after["ply"]) == (False, True, 2)
    assert stored_item(table, game["id"])["assisted"] is False


@pytest.mark.parametrize("what", ["hint", "takeback", "draw-offer"])
def test_help_is_refused_in_the_daily_on_finished_games_and_without_the_token(
    games_client: TestClient, what: str
) -> None:
    token, daily = start_game(games_client, "daily")
    refused = _help(games_client, daily, token, what)
    assert refused.status_code == 422 and refused.json()["error"] == "daily-no-help"
    assert get_game(games_client, daily["id"], token)["assisted"] is False

    token, game = start_game(games_client, "free")
    assert _help(games_client, game, security.new_token(), what).status_code == 403
    no_token = games_client.post(f"/api/games/{game['id']}/{what}", json={"ply": 0})
    assert no_token.status_code == 401
    bad_body = games_client.post(
        f"/api/games/{game['id']}/{what}", headers=bearer(token), json={"ply": "0"}
    )
    assert bad_body.status_code == 422
    games_client.post(f"/api/games/{game['id']}/resign", headers=bearer(token))
    over = _help(games_client, game, token, what)
    assert over.status_code == 409 and over.json()["error"] == "game-over"


def test_an_assisted_win_cannot_be_claimed(
    games_client: TestClient, community_client: TestClient
) -> None:
    token = security.new_token()
    record = GameRecord(
        id=security.new_id("g"), token_hash=security.hash_token(token), mode="free",
        variant="international", level="defi", seed="0123abcd", date=None,
        start_fen=dames.Board().fen(), player_color="white",
        created_at="2026-11-29T09:00:00Z", status="won", reason="no-moves",
        clock=GameClock(elapsed_ms=100_000), finished_at="2026-11-29T09:06:43Z",
        score={"total": 5900, "base": 3000, "perPiece": 300, "pieces": 10, "seconds": 100},
        assisted=True,
    )
    game_store.insert_game(record)
    player = community_client.post("/api/players", json={"pseudonym": "Aidée"}).json()["token"]
    response = games_client.post(
        f"/api/games/{record.id}/claim", headers={**bearer(token), "X-Player-Token": player}
    )
    assert response.status_code == 422 and response.json()["error"] == "casual-game"
    assert community_client.get("/api/leaderboards/free").json()["entries"] == []


def test_two_players_on_one_device_are_both_refereed(games_client: TestClient) -> None:
    token, game = start_game(games_client, "duo")
    assert (game["mode"], game["level"], game["ranked"]) == ("duo", None, False)
    white = post_move(games_client, game["id"], token, 0, "32-28").json()
    assert (white["ply"], white["turn"], white["lastComputerMove"]) == (1, "black", None)
    assert white["legalMoves"] and all(m["path"][0] <= 20 for m in white["legalMoves"])
    illegal = post_move(games_client, game["id"], token, 1, "33-29")
    assert illegal.status_code == 422 and illegal.json()["error"] == "illegal-move"
    black = post_move(games_client, game["id"], token, 1, "19-23").json()
    assert (black["ply"], black["turn"]) == (2, "white")
    # White must take 28x19 now: the server referees both sides the same way.
    assert [m["captures"] for m in black["legalMoves"]] == [[23]]
    # Between two players the strongest level hints, and for the side to move.
    hinted = _help(games_client, black, token, "hint").json()
    assert (hinted["level"], hinted["move"]["captures"]) == ("maitre", [23])
    back = _help(games_client, black, token, "takeback").json()
    assert (back["ply"], back["turn"]) == (1, "black")
    resigned = games_client.post(f"/api/games/{game['id']}/resign", headers=bearer(token)).json()
    assert (resigned["winner"], resigned["reason"]) == ("white", "resigned")


def test_two_players_on_one_device_can_agree_a_draw(
    games_client: TestClient, table: Any
) -> None:
    """The page asks both players before it sends the offer: the server records the draw."""
    token, game = start_game(games_client, "duo")
    white = post_move(games_client, game["id"], token, 0, "32-28").json()
    response = _help(games_client, white, token, "draw-offer")
    assert response.status_code == 200, response.text
    result = response.json()
    assert result["accepted"] is True
    over = result["game"]
    assert (over["status"], over["reason"], over["winner"], over["score"], over["ply"]) == (
        "draw", "agreement", None, None, 1,
    )
    assert over["clock"]["running"] is False
    assert over["clock"]["elapsedMs"] >= white["clock"]["elapsedMs"] + 300  # the turn charged
    item = stored_item(table, game["id"])
    assert (item["status"], item["reason"]) == ("draw", "agreement")
    again = _help(games_client, white, token, "draw-offer")
    assert again.status_code == 200 and again.json()["accepted"] is True
    assert settled(again.json()["game"]) == settled(over)
    late = post_move(games_client, game["id"], token, 1, "19-23")
    assert late.status_code == 409 and late.json()["error"] == "game-over"


def test_free_play_follows_the_federations_draw_rules_the_daily_its_own(
    games_client: TestClient, table: Any
) -> None:
    """Threefold repetition draws a free game (FMJD rules) but never the daily challenge,
    whose only draws are 25 king moves and 150 moves. Played through the API as two players
    would, with kings going back and forth."""
    fen = "W:WK48,K49:BK2,K3"
    token, game = start_game(games_client, "duo", fen=fen)
    assert stored_item(table, game["id"])["drawRules"] == "fmjd"
    shuffle = king_shuffle(fen, 8)
    board = dames.Board(fen)
    view = game
    for move in shuffle.move_stack:
        view = post_move(games_client, game["id"], token, view["ply"], board.notation(move))
        assert view.status_code == 200, view.text
        view = view.json()
        board.push(move)
        if view["status"] != "playing":
            break
    assert (view["status"], view["reason"], view["winner"]) == ("draw", "repetition", None)
    assert view["ply"] == 8  # the start position is back for the third time after 8 plies

    daily = GameRecord(
        id=security.new_id("g"), token_hash="x", mode="daily", variant="international",
        level="defi", seed="s", date="2026-11-30", start_fen=fen, player_color="white",
        created_at="2026-11-30T10:00:00Z",
        moves=tuple(str(m) for m in shuffle.move_stack),
    )
    from dames_backend.games.state import replay

    assert replay(daily).board.outcome() is None  # the same repetition, no draw
