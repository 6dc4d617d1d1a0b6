"""A reload or another tab while the computer thinks (issue 32, bug 2): the page shows the
player's move and "the computer is thinking" with a stopped clock, never a stale "your move",
and draws the reply once the server has it; the thinking is not charged to the player.

The server runs in this process (conftest.live_server): `held_search` holds the computer's
real search until the test lets it go, as a long `maitre` search would, so the reload always
lands in the middle of it."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import dames
import dames.ai
import pytest
from browser_helpers import (
    board_pieces,
    create_game,
    get_view,
    open_game,
    square,
    wait_for_moves,
    wait_for_turn,
)

pytestmark = pytest.mark.browser

HOLD_S = 20


@pytest.fixture
def held_search(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """The server's next searches wait until the event is set (at most HOLD_S), then search."""
    release = threading.Event()
    real = dames.ai.choose_move

    def choose(board: dames.Board, **options: Any) -> dames.Move:
        release.wait(HOLD_S)
        return real(board, **options)

    monkeypatch.setattr(dames.ai, "choose_move", choose)
    yield release
    release.set()

# The page shows the computer's turn: no "your move", the thinking dots, a stopped clock.
THINKING_SHOWN = """() => {
  const thinking = document.getElementById('thinking');
  return !thinking.hidden
    && !document.getElementById('status-text').textContent.includes('À vous')
    && !document.querySelector('#board .sq.movable');
}"""


def play_32_28_and_wait_for_the_mark(page: Any, game: dict[str, Any], token: str) -> None:
    """Plays 32-28 on the page and waits until the server has stored it, thinking."""
    square(page, 32).click()
    square(page, 28).click()
    deadline = time.monotonic() + 10
    while not get_view(page, game, token)["thinking"]:
        assert time.monotonic() < deadline, "the move was never stored with a thinking mark"
        time.sleep(0.05)


def thinking_game(page: Any, base_url: str) -> tuple[str, dict[str, Any]]:
    """A free game against maitre, opened on the page, its first move stored with the
    computer thinking about its reply: (token, game as created)."""
    page.goto(base_url + "/")
    token, game = create_game(page, {"mode": "free", "level": "maitre"})
    open_game(page, token, game)
    wait_for_turn(page)
    play_32_28_and_wait_for_the_mark(page, game, token)
    return token, game


def test_a_reload_while_the_computer_thinks_shows_it_thinking_then_its_reply(
    page: Any, base_url: str, held_search: threading.Event
) -> None:
    token, game = thinking_game(page, base_url)

    page.reload()
    page.wait_for_function(THINKING_SHOWN, timeout=5_000)
    assert page.locator("#move-list li span").first.inner_text().strip() == "32-28"
    assert 28 in board_pieces(page) and 32 not in board_pieces(page)
    shown = page.locator("#clock").inner_text()
    page.wait_for_timeout(2_100)
    assert page.locator("#clock").inner_text() == shown  # stopped while it thinks
    assert get_view(page, game, token)["thinking"] is True

    held_search.set()
    moves = wait_for_moves(page, 2)
    wait_for_turn(page)
    assert moves[0] == "32-28"
    view = get_view(page, game, token)
    assert view["ply"] == 2 and not view["thinking"]
    assert page.locator("#status-text").inner_text().startswith("À vous")
    # Only the time before the move is the player's: the search (2 s or more) is not.
    assert view["clock"]["elapsedMs"] < 2_000


def test_a_reload_that_cuts_the_move_on_its_way_sends_it_again(
    page: Any, base_url: str, held_search: threading.Event
) -> None:
    """Reloaded before the move's request could be answered (or even sent): the page sends the
    same move again, the server plays it once, and the page shows the reply."""
    page.goto(base_url + "/")
    token, game = create_game(page, {"mode": "free", "level": "facile"})
    open_game(page, token, game)
    wait_for_turn(page)
    square(page, 32).click()
    square(page, 28).click()
    page.reload()
    page.wait_for_function(THINKING_SHOWN, timeout=5_000)
    held_search.set()
    moves = wait_for_moves(page, 2)
    wait_for_turn(page)
    view = get_view(page, game, token)
    assert moves[0] == "32-28" and view["moves"] == moves and view["ply"] == 2
    assert page.evaluate("sessionStorage.getItem('dames.pending-move')") is None


def test_another_tab_opened_while_the_computer_thinks_picks_up_the_reply(
    page: Any, base_url: str, held_search: threading.Event
) -> None:
    thinking_game(page, base_url)

    other = page.context.new_page()
    other.goto(base_url + "/play.html?mode=free")
    other.wait_for_function(THINKING_SHOWN, timeout=5_000)
    held_search.set()
    wait_for_moves(other, 2)
    wait_for_turn(other)
    wait_for_moves(page, 2)
    assert other.locator("#move-list li span").all_inner_texts() == page.locator(
        "#move-list li span"
    ).all_inner_texts()


SET_HIDDEN = """hidden => {
  Object.defineProperty(document, 'hidden', {configurable: true, get: () => hidden});
  Object.defineProperty(document, 'visibilityState', {configurable: true,
    get: () => hidden ? 'hidden' : 'visible'});
  document.dispatchEvent(new Event('visibilitychange'));
}"""


def test_a_tab_left_behind_catches_up_when_it_is_shown_again(
    page: Any, base_url: str
) -> None:
    """Two tabs on one game; the first goes to the background, the second plays: the first,
    shown again, reads the game instead of offering a move at a ply long gone."""
    page.goto(base_url + "/")
    token, game = create_game(page, {"mode": "free", "level": "facile"})
    open_game(page, token, game)
    wait_for_turn(page)
    other = page.context.new_page()
    other.goto(base_url + "/play.html?mode=free")
    wait_for_turn(other)

    page.evaluate(SET_HIDDEN, True)
    square(other, 32).click()
    square(other, 28).click()
    wait_for_moves(other, 2)
    wait_for_turn(other)
    page.evaluate(SET_HIDDEN, False)
    assert wait_for_moves(page, 2) == other.locator("#move-list li span").all_inner_texts()
    wait_for_turn(page)
