"""The coups' recognition rules (``dames.puzzles.coups``) on textbook-shaped positions, built
square by square to each definition or found by a random search of positions whose forced
line has the definition's marks, on look-alikes that miss one mark of the coup, and on two
lines the generator found; a line no rule fits stays unnamed.

Each position is legal and each line is the forced play of the rules (the replay parses every
move against the legal ones): the defender's captures are the majority rule's only choice.
"""

from __future__ import annotations

import pytest
from dames.board import Board
from dames.puzzles.coups import COUPS, RULES, recognise
from dames.puzzles.line import replay

pytestmark = pytest.mark.engine


def named(fen: str, line: str, variant: str = "international") -> list[str]:
    """Every rule the line matches, most particular first (``recognise`` takes the first)."""
    board = Board(fen, variant, "fmjd")
    steps = replay(board, line.split())
    matched = [key for key, rule in RULES if rule(steps, board.variant)]
    assert recognise(steps, board.variant) == (matched[0] if matched else None)
    return matched


# White gives 32-28, Black must take 23x32 (41 stops it there), White takes three back.
DIRECT = ("W:W32,33,37,41:B5,12,22,23", "32-28 23x32 37x28x17x8")
# The same men but 22 and 12: one given, one taken back, an exchange and no shot.
EXCHANGE = ("W:W32,33,37,41:B5,23", "32-28 23x32 37x28")
# 34-29 23x34, then the royal rafle 40x29x20x9x18x7 through the centre.
ROYAL = ("W:W33,34,40,45,47:B5,12,13,14,23,24", "34-29 23x34 40x29x20x9x18x7")
# The same board turned round for Black: 17-22 28x17 11x22x31x42x33x44.
ROYAL_BLACK = ("B:W27,28,37,38,39,46:B4,6,11,17,18", "17-22 28x17 11x22x31x42x33x44")
# The rafle stops one link short of 7: a coup direct, not the coup royal.
ROYAL_SHORT = ("W:W33,34,40,45,47:B5,13,14,23,24", "34-29 23x34 40x29x20x9x18")
# 37x28 stops against 23 (19 behind it is Black's); Black could take it back (23x32) but the
# majority rule makes 19 take two elsewhere, which opens 19: the same man goes on, 28x19x8.
BOMBE = ("W:W24,34,37,46:B1,13,19,23,32", "37x28 19x30x39 28x19x8")
# Without 34, 19 takes only one: Black chose to leave 28 alone, no bomb.
BOMBE_CHOSEN = ("W:W24,37,46:B1,13,19,23,32", "37x28 19x30 28x19x8")
# 43-38! 18x27x16 takes two and empties 18; the rafle 38x29x18x9x20 runs through it.
PHILIPPE = ("W:W21,22,28,32,39,43,46,48,49:B7,10,13,14,18,19,23,33",
            "43-38 18x27x16 38x29x18x9x20")
# The man of 18 takes, and 40 takes back one: an exchange, not the coup Philippe.
PHILIPPE_EXCHANGE = ("W:W11,29,33,40,46,47:B1,3,14,18,34,36,37,45", "29-23 18x29x38 40x29")
# 19-13! The king must take seven (16x…x22) and stops on 22 against 17, which it took; 13, taken
# too but still on the board until the capture ends, stood behind 18: 18x27 takes the king.
TURC = ("W:W17,18,19,23,28,29,32,36,37,43:BK16,3,30,35,40",
        "19-13 16x38x24x8x26x48x39x22 18x27")
# The same marks with five pieces taken: 44-39 30x48x37x26x17x33, and 38x29 takes the king.
TURC_FIVE = ("W:W9,21,28,31,36,38,42,44,47:BK30,4,11,12", "44-39 30x48x37x26x17x33 38x29")
# The look-alike, found by a random search: 28-22 lets the king take four (42, 43, 44, 23) and
# 22x13 takes it at once, but it stopped on 18 against its own man of 12, not against a piece
# it had just taken: an ordinary shot, no coup turc.
TURC_LOOKALIKE = ("W:W10,11,23,26,27,28,35,37,42,43,44:BK47,2,3,12",
                  "28-22 47x38x49x40x18 22x13")
# Found by the generator (pair self-play 87): 15-20 24x15x4 crowns by taking the man given,
# 7-11 sends the new king to 22, where 17x28x39x50 takes it.
ENVOI = ("B:W24,27,30,33,34,41,44,47,49:B1,3,5,7,10,12,15,17,18",
         "15-20 24x15x4 7-11 4x22 17x28x39x50")
# Found by the generator (hunter self-play 22): the rafle 29x18x9x20x29 comes back to 29.
TOURNIQUET = ("W:W16,28,30,32,33,34,35,40,41,43,45,46,48,50:B2,5,7,10,11,13,14,17,19,23,24,25,26",
              "34-29 25x34 29x18x9x20x29 34x23")


def test_the_coup_direct_gives_and_takes_back_more_at_once() -> None:
    assert named(*DIRECT) == ["coup-direct"]


def test_an_exchange_is_no_coup() -> None:
    assert named(*EXCHANGE) == []


@pytest.mark.parametrize("case", [ROYAL, ROYAL_BLACK], ids=["white", "black"])
def test_the_coup_royal_is_named_before_the_coup_direct_it_also_is(case: tuple[str, str]) -> None:
    assert named(*case) == ["coup-royal", "coup-direct"]


def test_a_rafle_one_link_short_of_the_royal_path_is_only_a_coup_direct() -> None:
    assert named(*ROYAL_SHORT) == ["coup-direct"]


def test_the_royal_path_is_the_10x10_boards_only() -> None:
    """The same squares on the 8×8 boards are another pattern: no rule reads them there."""
    board = Board(None, "brazilian", "fmjd")
    assert recognise(replay(board, ["21-17"]), board.variant) is None


def test_the_bomb_stops_the_piece_and_the_majority_rule_lets_it_go_on() -> None:
    assert named(*BOMBE) == ["coup-de-la-bombe"]


def test_a_defender_who_chose_to_take_elsewhere_made_no_bomb() -> None:
    assert named(*BOMBE_CHOSEN) == []


def test_the_coup_philippe_runs_through_the_square_the_exchange_emptied() -> None:
    assert named(*PHILIPPE)[0] == "coup-philippe"


def test_an_exchange_of_the_man_of_18_is_no_coup_philippe() -> None:
    assert "coup-philippe" not in named(*PHILIPPE_EXCHANGE)


@pytest.mark.parametrize("case", [TURC, TURC_FIVE], ids=["seven", "five"])
def test_the_coup_turc_takes_the_king_that_stopped_against_a_taken_piece(
        case: tuple[str, str]) -> None:
    assert named(*case) == ["coup-turc"]


def test_a_king_taken_after_four_captures_is_no_coup_turc_without_its_marks() -> None:
    assert "coup-turc" not in named(*TURC_LOOKALIKE)


def test_the_envoi_a_dame_crowns_a_man_and_takes_the_king() -> None:
    assert named(*ENVOI) == ["envoi-a-dame"]


def test_the_tourniquet_passes_a_square_twice() -> None:
    assert named(*TOURNIQUET)[0] == "tourniquet"


def test_every_rule_has_its_names_and_line_in_both_languages() -> None:
    assert [key for key, _ in RULES] == list(COUPS)
    for coup in COUPS.values():
        assert coup.name_fr and coup.name_en and coup.line_fr and coup.line_en
