"""The evaluation follows each variant's kings: flying ones (international, Brazilian) make small
king endings drawish, short-range ones (English, Italian) do not, and only close in."""

from __future__ import annotations

import pytest
from dames import Board, get_variant
from dames.ai import choose_move
from dames.ai.player import evaluator_for
from dames.board import Outcome

REPRODUCIBLE = ("facile", "defi", "fort")


def play_out(fen: str, variant: str, draw_rules: str) -> tuple[Outcome | None, int]:
    """`fort` against `fort` from `fen` until the game ends; the ply is kept past the seeded
    opening draw (ply < 4), which would play random moves."""
    board = Board(fen, variant=variant, draw_rules=draw_rules)
    while (outcome := board.outcome()) is None and board.ply < 300:
        board.push(choose_move(board, seed="ending", level="fort", ply=board.ply + 40))
    return outcome, board.ply


@pytest.mark.parametrize("variant", ["english", "italian"])
@pytest.mark.parametrize("level", REPRODUCIBLE)
def test_short_range_kings_crown_the_last_man(variant: str, level: str) -> None:
    # Two kings and a man against a king. Three kings against one were damped as "a small king
    # force against a lone king", a draw with flying kings, so the computer kept its man back
    # (English: 19-15 at every level); among short-range kings they win, and it crowns.
    board = Board("W:WK18,K19,6:BK27", variant=variant)
    assert choose_move(board, seed="s", level=level, ply=30).promotes


@pytest.mark.parametrize("draw_rules", ["daily", "fmjd"])
@pytest.mark.parametrize(
    ("variant", "fen"),
    [
        # Before the drive terms the side ahead shuffled its kings out of reach while the
        # defender sat in a double corner: a draw by the king-move or the 40-move rule in all
        # but one of these games (the last one under the 40-move rule: won in 75 plies).
        ("english", "W:WK13,K29,K30:BK12,K31"),
        ("english", "W:WK7,K19,K26:BK5,K25"),
        ("italian", "W:WK15,K19,K21:BK2,K5"),
        ("italian", "W:WK7,K19,K26:BK5,K25"),
    ],
)
def test_short_range_kings_convert_three_against_two(
    variant: str, fen: str, draw_rules: str
) -> None:
    outcome, ply = play_out(fen, variant, draw_rules)
    assert outcome is not None and outcome.winner is not None, (outcome, ply)
    assert int(outcome.winner) == 0 and outcome.reason == "no-moves", (outcome, ply)


def test_flying_king_endings_stay_damped() -> None:
    # Three kings against one, all on the same squares: with flying kings the lone king holds
    # the long diagonal and draws, so the lead counts a quarter; with short-range kings it wins.
    fen = "W:WK1,K2,K3:BK32"
    scores = {}
    for variant in ("brazilian", "english"):
        board = Board(fen, variant=variant)
        scores[variant] = evaluator_for(variant).evaluate(board.white, board.black, board.kings,
                                                         True)
    material = {variant: 2 * get_variant(variant).weights.king for variant in scores}
    assert scores["brazilian"] < material["brazilian"] / 2
    assert scores["english"] > material["english"]


@pytest.mark.parametrize("variant", ["english", "italian"])
def test_a_short_range_king_is_worth_more_in_the_centre(variant: str) -> None:
    # The same king on the side of the board (it reaches two squares) and in the centre (four),
    # on the fourth row from Black's side (the Italian board is mirrored), material level.
    geometry = Board(variant=variant).variant.geometry
    evaluate = evaluator_for(variant).evaluate
    scores = []
    for columns in ((0, 7), (4, 3)):
        king = next(geometry.square_at[(3, c)] for c in columns if (3, c) in geometry.square_at)
        board = Board(f"W:W29,30,K{king}:B5,6,K4", variant=variant)
        scores.append(evaluate(board.white, board.black, board.kings, True))
    side, centre = scores
    assert centre > side


def test_flying_king_variants_have_no_short_range_terms() -> None:
    # The international evaluation pins the daily challenge's replies: it must not take them.
    for variant in ("international", "brazilian"):
        weights = get_variant(variant).weights
        assert weights.king_centre == 0 and weights.drive == 0
        assert evaluator_for(variant).damp_small_king_endings
