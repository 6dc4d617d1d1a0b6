"""While the computer thinks (issue 32, bug 2): a read of the game sees the player's move,
"thinking" and a stopped clock; nothing else can be played meanwhile; the thinking is never
charged; a slow reply is announced by a first write and a quick one costs one write; a mark
left by a request that died is taken over by the next read.

The computer's search is the real one (``dames.ai.choose_move``); the tests only hold it at a
point (``think_with``) so that other requests can be made while it runs, as a reload or a
second tab makes them.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import dames
import dames.ai
import pytest
from clock_support import ManualClock
from dames_backend.errors import ApiError
from dames_backend.games import reply
from dames_backend.games import store as game_store
from fastapi.testclient import TestClient
from games_support import bearer, get_game, post_move, start_game, stored_item


def think_with(
    monkeypatch: pytest.MonkeyPatch, during: Callable[[], None], *, mark_after_s: float = 0
) -> list[int]:
    """The computer's next search runs ``during()`` first (the requests a reload would make
    while it thinks), then searches for real. Returns the list of searches run so far."""
    monkeypatch.setattr(reply, "MARK_AFTER_S", mark_after_s)
    real = dames.ai.choose_move
    searches: list[int] = []

    def choose(board: dames.Board, **options: Any) -> dames.Move:
        if not searches:
            during()
        searches.append(board.ply)
        return real(board, **options)

    monkeypatch.setattr(dames.ai, "choose_move", choose)
    return searches


def move_leaving_a_choice(view: dict[str, Any]) -> str | None:
    """A legal move of ``view`` after which the side to move has more than one move."""
    for candidate in view["legalMoves"]:
        board = dames.Board(view["fen"])
        board.push(next(m for m in board.legal_moves() if m.hub() == candidate["hub"]))
        if len(board.legal_moves()) > 1:
            return str(candidate["hub"])
    return None


def test_a_read_while_the_computer_thinks_shows_the_move_and_a_stopped_clock(
    games_client: TestClient, moved_clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    token, game = start_game(games_client, "free", level="defi")
    gid = game["id"]
    seen: list[dict[str, Any]] = []

    def reload_while_thinking() -> None:
        moved_clock.now += 4_000  # the computer thinks for four seconds
        seen.append(get_game(games_client, gid, token))
        moved_clock.now += 3_000
        seen.append(get_game(games_client, gid, token))

    think_with(monkeypatch, reload_while_thinking)
    moved_clock.now += 2_500  # the player's thought
    answered = post_move(games_client, gid, token, 0, "32-28")
    assert answered.status_code == 200, answered.text

    for view in seen:
        assert view["thinking"] is True
        assert (view["ply"], view["moves"], view["turn"]) == (1, ["32-28"], "black")
        assert view["lastMove"]["notation"] == "32-28"
        assert view["legalMoves"] == []
        assert view["status"] == "playing"
        assert (view["clock"]["elapsedMs"], view["clock"]["turnMs"]) == (2_500, 0)
        assert view["clock"]["running"] is False
    final = answered.json()
    assert final["thinking"] is False and final["ply"] == 2 and final["legalMoves"]
    # The seven seconds of thinking were not charged; the player's turn runs from the reply.
    assert final["clock"]["elapsedMs"] == 2_500 and final["clock"]["running"] is True
    moved_clock.now += 1_000
    assert get_game(games_client, gid, token)["clock"]["turnMs"] == 1_000


def test_nothing_else_is_played_while_the_computer_thinks(
    games_client: TestClient, moved_clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second tab (or a script) cannot play the computer's side, take the move back, ask
    a hint or offer a draw while the reply is being computed: 409 with the game as it is."""
    token, game = start_game(games_client, "free", level="facile")
    gid = game["id"]
    refused: list[Any] = []

    def other_requests() -> None:
        headers = bearer(token)
        refused.append(post_move(games_client, gid, token, 1, "19-23"))  # Black's move
        refused.append(post_move(games_client, gid, token, 0, "33-28"))  # another first move
        for action in ("hint", "takeback", "draw-offer"):
            refused.append(
                games_client.post(f"/api/games/{gid}/{action}", headers=headers, json={"ply": 1})
            )

    think_with(monkeypatch, other_requests)
    answered = post_move(games_client, gid, token, 0, "32-28")
    assert answered.status_code == 200, answered.text
    for response in refused:
        assert response.status_code == 409, response.text
        body = response.json()
        assert body["error"] == "computer-thinking"
        assert body["game"]["thinking"] is True and body["game"]["moves"] == ["32-28"]
    final = answered.json()
    assert final["moves"][0] == "32-28" and len(final["moves"]) == 2
    assert final["assisted"] is False


def test_the_same_move_sent_again_while_thinking_gets_the_thinking_game(
    games_client: TestClient, moved_clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A reloaded page resends the move it got no answer to: a retry, answered with the game
    as it stands, and the computer searches once."""
    token, game = start_game(games_client, "free", level="defi")
    gid = game["id"]
    retried: list[Any] = []
    searches = think_with(
        monkeypatch, lambda: retried.append(post_move(games_client, gid, token, 0, "32-28"))
    )
    answered = post_move(games_client, gid, token, 0, "32-28")
    assert answered.status_code == 200 and retried[0].status_code == 200
    assert retried[0].json()["thinking"] is True
    assert searches == [1]
    assert len(get_game(games_client, gid, token)["moves"]) == 2


def test_a_pause_during_the_thinking_credits_nothing_and_one_left_open_starts_with_the_turn(
    games_client: TestClient, moved_clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    token, game = start_game(games_client, "free", level="defi")
    gid = game["id"]

    def clock_requests(paused: bool) -> None:
        response = games_client.post(
            f"/api/games/{gid}/clock", headers=bearer(token), json={"paused": paused}
        )
        assert response.status_code == 200, response.text

    def hidden_then_shown_then_hidden() -> None:
        clock_requests(True)
        moved_clock.now += 5_000
        clock_requests(False)  # nothing was being charged: no pause to credit
        clock_requests(True)  # hidden again when the reply lands
        moved_clock.now += 1_000

    think_with(monkeypatch, hidden_then_shown_then_hidden)
    view = post_move(games_client, gid, token, 0, "32-28").json()
    assert view["clock"]["pauses"] == 0 and view["clock"]["pausedMs"] == 0
    assert view["clock"]["paused"] is True and view["clock"]["running"] is False
    moved_clock.now += 8_000  # still hidden: the player's turn does not run
    clock_requests(False)
    shown = get_game(games_client, gid, token)["clock"]
    assert (shown["pauses"], shown["pausedMs"], shown["turnMs"]) == (1, 8_000, 0)


def test_resigning_while_the_computer_thinks_ends_the_game_without_its_reply(
    games_client: TestClient, moved_clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    token, game = start_game(games_client, "free", level="defi")
    gid = game["id"]

    def resign() -> None:
        response = games_client.post(f"/api/games/{gid}/resign", headers=bearer(token))
        assert response.status_code == 200, response.text

    think_with(monkeypatch, resign)
    answered = post_move(games_client, gid, token, 0, "32-28")
    assert answered.status_code == 200, answered.text
    view = answered.json()
    assert (view["status"], view["moves"], view["thinking"]) == ("resigned", ["32-28"], False)
    assert get_game(games_client, gid, token)["moves"] == ["32-28"]


def test_a_quick_reply_costs_one_write_and_a_slow_one_is_announced_first(
    games_client: TestClient, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    token, game = start_game(games_client, "free", level="defi")
    gid = game["id"]
    version = int(stored_item(table, gid)["version"])
    monkeypatch.setattr(reply, "MARK_AFTER_S", 60.0)  # every reply is quicker than that
    view = post_move(games_client, gid, token, 0, "32-28").json()
    assert int(stored_item(table, gid)["version"]) == version + 1
    assert "thinkingSinceMs" not in stored_item(table, gid)

    marks: list[dict[str, Any]] = []

    def until_marked() -> None:
        """A search that outlasts the mark's delay: it waits for the timer's write."""
        deadline = time.monotonic() + 10
        while "thinkingSinceMs" not in stored_item(table, gid):
            assert time.monotonic() < deadline, "the slow reply was never announced"
            time.sleep(0.01)
        marks.append(stored_item(table, gid))

    think_with(monkeypatch, until_marked, mark_after_s=0.05)
    ply = view["ply"]
    view = post_move(games_client, gid, token, ply, view["legalMoves"][0]["notation"]).json()
    assert int(marks[0]["version"]) == version + 2
    assert int(stored_item(table, gid)["version"]) == version + 3
    assert "thinkingSinceMs" not in stored_item(table, gid)
    assert view["ply"] == ply + 2 and view["thinking"] is False


def test_a_mark_left_by_a_request_that_died_is_taken_over_by_the_next_read(
    games_client: TestClient, moved_clock: ManualClock
) -> None:
    """The request that stored the player's move never stored the reply (its function was
    stopped): a read within the games function's timeout waits for it, a later read
    computes and stores the reply itself, and the player's turn starts then."""
    token, game = start_game(games_client, "free", level="defi")
    gid = game["id"]
    record = game_store.load_game(gid)
    assert record is not None
    moved_clock.now += 3_000
    board = dames.Board(record.start_fen)
    move = board.parse_move("32-28")
    died = record.evolve(
        moves=(str(move),),
        clock=record.clock.charge_move(moved_clock.now),
        thinking_since_ms=moved_clock.now,
    )
    game_store.save_game(died, record.version)

    moved_clock.now += reply.STALE_AFTER_MS - 1
    waiting = get_game(games_client, gid, token)
    assert waiting["thinking"] is True and waiting["ply"] == 1
    moved_clock.now += 1
    taken = get_game(games_client, gid, token)
    assert taken["thinking"] is False and taken["ply"] == 2 and taken["legalMoves"]
    assert taken["clock"]["elapsedMs"] == 3_000 and taken["clock"]["turnMs"] == 0
    board.push(move)
    expected = dames.ai.choose_move(board, seed=record.seed, level="defi", ply=1)
    assert taken["lastComputerMove"]["hub"] == expected.hub()


def test_the_mark_outlives_the_games_function_timeout() -> None:
    """A mark is taken over only once the request that set it cannot be running any more."""
    from tests.lint.template_model import template

    timeout_s = template()["Resources"]["GamesFunction"]["Properties"]["Timeout"]
    assert int(timeout_s) * 1000 < reply.STALE_AFTER_MS


def game_where_the_gate_is_asked(
    games_client: TestClient,
) -> tuple[str, str, dict[str, Any], str]:
    """A free game whose computer will search its next reply (its first two moves are drawn,
    not searched, and so is a forced reply): id, token, view and a move leaving a choice."""
    token, game = start_game(games_client, "free", level="defi")
    view = game
    choice = move_leaving_a_choice(view)
    while view["ply"] < 4 or choice is None:
        played = choice or view["legalMoves"][0]["hub"]
        view = post_move(games_client, game["id"], token, view["ply"], played).json()
        choice = move_leaving_a_choice(view)
    return game["id"], token, view, choice


def refused_move_leaves_the_game_as_it_was(
    games_client: TestClient, table: Any, moved_clock: ManualClock, gate: Any,
    game: tuple[str, str, int, str], before: dict[str, Any],
) -> None:
    """The move played through ``gate`` (a search gate that refuses) is answered 429 and
    changes nothing: no mark, the moves and clock as before, and its retry plays."""
    from dames.ai.player import search_gate
    from dames_backend.games import play

    gid, token, ply, move = game
    moved_clock.now += 1_500
    with search_gate(gate), pytest.raises(ApiError) as refused:
        play.play_move(gid, f"Bearer {token}", ply=ply, move_text=move)
    assert refused.value.status == 429
    after = stored_item(table, gid)
    assert "thinkingSinceMs" not in after
    assert (after["packedMoves"], after["clock"]) == (before["packedMoves"], before["clock"])
    view = get_game(games_client, gid, token)
    assert (view["ply"], view["thinking"], view["clock"]["running"]) == (ply, False, True)
    retried = post_move(games_client, gid, token, ply, move)
    assert retried.status_code == 200 and retried.json()["ply"] == ply + 2


def test_a_search_the_server_refuses_after_the_mark_leaves_the_game_as_it_was(
    games_client: TestClient, table: Any, moved_clock: ManualClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The local server's search slots may refuse a search that waited in their queue (429
    with a receipt, ``local.limiter``): by then the move was stored with its mark, and a
    refused move must change nothing, so the page's retry plays it."""
    gid, token, view, move = game_where_the_gate_is_asked(games_client)
    before = stored_item(table, gid)
    monkeypatch.setattr(reply, "MARK_AFTER_S", 0)

    @contextmanager
    def refusing_gate(level: Any) -> Iterator[None]:
        assert "thinkingSinceMs" in stored_item(table, gid)  # marked while it waited
        raise ApiError(429, "overloaded", "no search slot")
        yield

    refused_move_leaves_the_game_as_it_was(
        games_client, table, moved_clock, refusing_gate, (gid, token, view["ply"], move), before
    )


def test_a_search_refused_while_the_mark_is_being_written_leaves_the_game_as_it_was(
    games_client: TestClient, table: Any, moved_clock: ManualClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The refusal comes while the timer thread is still writing the mark: the refused move
    must wait for that write and take the mark back, not leave the game "thinking" until a
    later read takes the stale mark over."""
    gid, token, view, move = game_where_the_gate_is_asked(games_client)
    before = stored_item(table, gid)
    monkeypatch.setattr(reply, "MARK_AFTER_S", 0.01)  # written by the timer thread
    request_thread = threading.current_thread()  # play_move runs here, the mark elsewhere
    writing = threading.Event()
    save = reply.save_with_retries

    def slow_mark_write(*args: Any) -> Any:
        if threading.current_thread() is not request_thread:
            writing.set()
            time.sleep(0.3)  # the mark's write is still under way when the refusal comes
        return save(*args)

    monkeypatch.setattr(reply, "save_with_retries", slow_mark_write)

    @contextmanager
    def gate_refusing_during_the_write(level: Any) -> Iterator[None]:
        assert writing.wait(5), "the mark's write never started"
        raise ApiError(429, "overloaded", "no search slot")
        yield

    refused_move_leaves_the_game_as_it_was(
        games_client, table, moved_clock, gate_refusing_during_the_write,
        (gid, token, view["ply"], move), before,
    )
