"""The PDN reader keeps what players write beside the moves (issue 32, bug 7): comments before
and after moves, marks (``!``, ``?!``, ``(!?)``, NAGs), variations nested as written and read
on the board from the position before the move they replace, ``[%eval]`` marks; a variation
that does not read is kept up to where it stops, never losing the game; the notes' work is
bounded like the rest of the read."""

from __future__ import annotations

import dames
import pytest
from dames.pdn import PdnGame, PdnVariation, iter_games
from dames.pdn import budget as pdn_budget
from dames.pdn import lines as pdn_lines
from dames.pdn.movetext import MAX_VARIATION_DEPTH
from dames.pdn_comments import PdnEval, game_evals

from .pdn_support import one_game

ANNOTATED = """[Event "Notes"]
{Une partie commentée.} 1. 32-28 {le centre} 19-23!? 2. 28x19 $1 14x23(?!)
(2... 13x24 $6 {reprend de l'autre côté} 3. 37-32 (3. 33-29 24x33 4. 38x29) 8-13)
3. 37-32 !! {[%eval 0.25] tranquille} 10-14 $14 *"""


def test_comments_marks_and_evals_stay_with_their_moves() -> None:
    game = one_game(ANNOTATED)
    assert game.notations == ("32-28", "19-23", "28x19", "14x23", "37-32", "10-14")
    assert game.comment == "Une partie commentée."
    assert game.comments[0] == "le centre" and game.comments[1] is None
    assert game.marks == ((), ("!?",), ("!",), ("?!",), ("!!",), ("$14",))
    assert game.comments[4] == "[%eval 0.25] tranquille"
    assert game_evals(game)[4] == PdnEval(25)


def test_variations_are_read_from_the_position_before_their_move() -> None:
    game = one_game(ANNOTATED)
    assert [len(v) for v in game.variations] == [0, 0, 0, 1, 0, 0]
    (variation,) = game.variations[3]
    assert isinstance(variation, PdnVariation) and variation.error is None
    assert variation.start_fen == game.board_at(3).fen()  # before 14x23, Black to move
    assert variation.notations == ("13x24", "37-32", "8-13")
    assert variation.marks[0] == ("?!",)
    assert variation.comments[0] == "reprend de l'autre côté"
    (nested,) = variation.variations[1]  # instead of 3. 37-32
    assert nested.notations == ("33-29", "24x33", "38x29")
    board = dames.Board(nested.start_fen)
    for move in nested.moves:
        board.push(move)
    assert board.piece_at(29) is not None and board.piece_at(33) is None


def test_a_variation_that_does_not_read_keeps_its_legal_start_and_the_game() -> None:
    text = "1. 32-28 19-23 (1... 17-21 2. 33-29 zz 3. 40-34) 2. 28x19 14x23 *"
    game = one_game(text)
    assert game.notations == ("32-28", "19-23", "28x19", "14x23")
    (variation,) = game.variations[1]
    assert variation.notations == ("17-21", "33-29")
    assert variation.error is not None and "cannot read 'zz'" in variation.error
    # After 1. 32-28 19-23 White must take: 2. 33-29 is no move, so the variation stops.
    illegal = one_game("1. 32-28 19-23 2. 28x19 (2. 33-29 23x34) 14x23 *")
    (bad,) = illegal.variations[2]
    assert bad.moves == () and bad.error is not None and "33-29" in bad.error
    assert "not a legal move" in bad.error


def test_a_results_inside_a_variation_is_not_the_games() -> None:
    game = one_game("1. 32-28 (1. 33-29 19-23 2-0) 19-23 0-2")
    assert game.result == "0-2"
    assert game.variations[0][0].notations == ("33-29", "19-23")


def test_the_notes_have_their_own_budget_and_never_cost_a_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(pdn_lines, "VARIATION_STEP_BUDGET", 6)
    text = "1. 32-28 (1. 33-29 19-23 2. 29-24) (1. 34-29 19-23) (1. 31-27 19-23) 19-23 *\n"
    one, two = iter_games(text * 2, max_steps=pdn_budget.FILE_STEP_BUDGET)
    assert isinstance(one, PdnGame) and isinstance(two, PdnGame)
    # The main lines read whatever the notes cost.
    assert one.notations == two.notations == ("32-28", "19-23")
    first, second, third = one.variations[0]
    assert first.error is None and second.error is None  # 3 + 2 steps
    assert third.moves == () and third.error is not None and "too much work" in third.error
    assert all(v.moves == () for v in two.variations[0])  # the file's budget is spent


def test_a_game_keeps_a_bounded_number_of_variation_moves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(pdn_lines, "MAX_VARIATION_PLIES", 3)
    game = one_game("1. 32-28 (1. 33-29 19-23 2. 29-24 20x29 3. 34x23) 19-23 *")
    (variation,) = game.variations[0]
    assert len(variation.moves) == 3 and "kept up to 3 moves" in (variation.error or "")


def test_variations_nested_past_the_kept_depth_are_dropped_not_fatal() -> None:
    depth = 20
    inner = "".join("(1. 33-29 " for _ in range(depth)) + ")" * depth
    game = one_game(f"1. 32-28 {inner} 19-23 *")
    kept = 0
    line = game.variations[0]
    while line:
        kept += 1
        line = line[0].variations[0] if line[0].variations else ()
    assert game.notations == ("32-28", "19-23")
    assert kept == MAX_VARIATION_DEPTH
