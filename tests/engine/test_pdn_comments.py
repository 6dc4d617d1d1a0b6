"""Evaluations in PDN comments: an analysed export reads back with its evals, and a file
written the way lidraughts annotates keeps its comments and `[%eval …]` marks."""

from __future__ import annotations

import pytest
from dames import WHITE
from dames.analysis import AnalysisBudget, analyse_game
from dames.pdn import export_game, read_games
from dames.pdn_comments import PdnEval, eval_mark, export_analysed_game, game_evals, parse_eval

LIDRAUGHTS_STYLE = """[Event "Casual game"]
[Site "https://lidraughts.org/AbCd1234"]
[Date "2024.03.09"]
[White "Anna"]
[Black "Ben"]
[Result "0-2"]
[GameType "20"]
[Annotator "lidraughts.org"]

1. 32-28 { [%eval 0.1] } 18-22 { [%eval 0.05] } 2. 28-23?? { [%eval -1.2] }
{ Blunder. Best move was 37-32. } (2. 37-32 12-18) 19x28 { [%eval -1.15] } 3. 37-32 28x26
{ [%eval #-7] } 0-2
"""


def test_reading_a_lidraughts_annotated_game_keeps_comments_and_evals() -> None:
    (game,) = read_games(LIDRAUGHTS_STYLE)
    assert game.notations == ("32-28", "18-22", "28-23", "19x28", "37-32", "28x26")
    assert game.comments[2] == "[%eval -1.2] Blunder. Best move was 37-32."
    assert game.comments[4] is None
    assert game_evals(game) == [
        PdnEval(10), PdnEval(5), PdnEval(-120), PdnEval(-115), None, PdnEval(None, -7)
    ]


def test_an_analysed_export_reads_back_with_its_evaluations() -> None:
    moves = ["32-28", "18-22", "28-23", "19x28"]
    analysis = analyse_game(variant="international", start_fen=None, moves=moves,
                            draw_rules="defi",
                            budget=AnalysisBudget(total_nodes=0, quick_work=4_000))
    text = export_analysed_game(variant="international", start_fen=None, moves=moves,
                                winner=None, finished=False, tags={"White": "Anna"},
                                analysis=analysis)
    assert '[Annotator "dames analysis ' in text
    assert "Best move was" in text  # 28-23 hangs a man: the advice is written
    (game,) = read_games(text)
    assert [str(m) for m in game.moves] == moves
    evals = game_evals(game)
    assert [e.value if e else None for e in evals] == [m.eval_after for m in analysis.moves]


def test_eval_marks_for_won_lines_count_moves() -> None:
    assert eval_mark(35, None) == "[%eval 0.35]"
    assert eval_mark(-2000, -3) == "[%eval #-2]"  # 3 plies: Black's second move ends it
    assert eval_mark(2000, 0) is None  # the game is over: its result says so
    assert parse_eval("{ [%eval #4] }") == PdnEval(None, 4)
    assert parse_eval("a plain comment") is None


@pytest.mark.parametrize("mark", [
    "9" * 307, "9" * 200, "1" + "0" * 307 + ".5", "#" + "9" * 5000, "-" + "9" * 400,
    "1001", "-1000.01", "#1001", "#-99999999999",
])
def test_a_number_past_any_evaluation_is_no_mark(mark: str) -> None:
    """A file's mark that no engine writes (found by a script: 307 nines made the reader
    raise OverflowError, a 500) reads as no evaluation, its comment kept."""
    assert parse_eval(f"{{ [%eval {mark}] }}") is None


def test_the_largest_marks_still_read() -> None:
    assert parse_eval("[%eval -1000]") == PdnEval(-100_000)
    assert parse_eval("[%eval 999.99]") == PdnEval(99_999)
    assert parse_eval("[%eval #-1000]") == PdnEval(None, -1000)


def test_a_plain_export_has_no_comments_and_reads_none() -> None:
    text = export_game(variant="international", start_fen=None, moves=["32-28", "18-22"],
                       winner=WHITE, finished=True, tags={})
    assert "{" not in text
    (game,) = read_games(text)
    assert game.comments == (None, None)
    assert game_evals(game) == [None, None]
