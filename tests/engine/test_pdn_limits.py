"""What a file sent by anyone cannot make the reader do: fail on a number of any length
(Python's int() refuses strings past 4 300 digits with a ValueError that is no DamesError), or
read past its CPU budget."""

from __future__ import annotations

import itertools

import pytest
from dames import Board
from dames.errors import DamesError
from dames.pdn import PdnError, PdnGame, PdnUnreadGame, iter_games, read_position
from dames.pdn import budget as pdn_budget

HUGE = "7" * 5_000


@pytest.mark.parametrize(
    "text",
    [
        f"1. 32-28 {HUGE}-23 *",  # a square
        f"1. 32-28 19-23 {HUGE}. 28x19 *",  # a move number
        f'[GameType "{HUGE}"]\n1. 32-28 *',
        f'[FEN "W:W{HUGE}:B1"]\n1. 32-28 *',
        f'[FEN "W:W31-{HUGE}:B1-20"]\n*',
    ],
)
def test_a_number_of_any_length_is_a_reading_error(text: str) -> None:
    games = list(iter_games(text))  # no ValueError escapes
    assert len(games) == 1
    game = games[0]
    if isinstance(game, PdnUnreadGame):
        assert isinstance(game.error, DamesError)


@pytest.mark.parametrize("fen", [f"W:W{HUGE}:B1", f"W:W31-{HUGE}:B1-20", f"W:W31:BK{HUGE}"])
def test_a_fen_with_a_number_of_any_length_is_refused_as_a_fen(fen: str) -> None:
    with pytest.raises(DamesError, match="off the international board"):
        Board(fen)
    with pytest.raises(DamesError):
        read_position(fen)


def test_games_past_the_cpu_budget_are_listed_unread(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fake thread clock advancing 10 ms at every look: the budget runs out part way."""
    ticks = itertools.count()
    monkeypatch.setattr(pdn_budget, "thread_time", lambda: next(ticks) / 100)
    one = '[Event "Copy"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n'
    games = list(iter_games(one * 200, cpu_seconds=1.0))
    assert len(games) == 200
    read = [g for g in games if isinstance(g, PdnGame)]
    unread = [g for g in games if isinstance(g, PdnUnreadGame)]
    assert read and unread and games[: len(read)] == read  # the first games, then none
    assert all("more than 1 s of computing" in str(g.error) for g in unread)
    # Without a budget (the command line, the corpora) the same file reads whole.
    monkeypatch.undo()
    assert all(isinstance(g, PdnGame) for g in iter_games(one * 200))


def test_a_file_that_cannot_be_split_in_time_is_a_reading_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ticks = itertools.count()
    monkeypatch.setattr(pdn_budget, "thread_time", lambda: next(ticks))  # 1 s a look
    one = '[Event "Copy"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n'
    with pytest.raises(PdnError, match="more than 1 s of computing"):
        list(iter_games(one * 200, cpu_seconds=1.0))
