"""Draw rules of the défi setting, the FMJD setting and English checkers."""

from __future__ import annotations

import json
import random

from dames import WHITE, Board, Move


def shuffle(board: Board, plies: int, cycle: list[str]) -> None:
    for i in range(plies):
        board.push(board.parse_move(cycle[i % len(cycle)]))


# White king 46 <-> 41 on the long diagonal, black king 45 <-> 50 on the right edge: no capture
# is ever possible between them.
KINGS_ONLY = "W:WK46:BK45"
KING_CYCLE = ["46-41", "45-50", "41-46", "50-45"]


def play_quiet(
    board: Board, plies: int, prefer_men_every: int | None = None, repeats: bool = False
) -> None:
    """Play moves that capture nothing and give nothing to capture (and repeat no position)."""
    seen = {board.fen()}
    rng = random.Random(7)  # fixed: the same game every run
    quiet_since_man = 0
    for _ in range(plies):
        choices = []
        for move in board.legal_moves():
            assert not move.is_capture, "the helper position must not force captures"
            board.push(move)
            gives_capture = any(m.is_capture for m in board.legal_moves())
            new = repeats or board.fen() not in seen
            board.pop()
            if not gives_capture and new:
                choices.append(move)
        assert choices, "the helper ran out of quiet moves"
        man_moves = [m for m in choices if not board.piece_at(m.start).king]  # type: ignore[union-attr]
        king_moves = [m for m in choices if m not in man_moves]
        want_man = prefer_men_every is not None and quiet_since_man >= prefer_men_every
        pool = (man_moves or king_moves) if want_man else (king_moves or man_moves)
        move = rng.choice(pool)
        quiet_since_man = 0 if move in man_moves else quiet_since_man + 1
        board.push(move)
        seen.add(board.fen())


def draw_reason_after(
    board: Board, plies: int, prefer_men_every: int | None = None, repeats: bool = False
) -> str:
    """Plays `plies` quiet plies and checks the game goes on until the last one, which draws:
    the draw's reason. The options shape all plies but the last, as in `play_quiet`."""
    play_quiet(board, plies - 1, prefer_men_every, repeats)
    assert board.outcome() is None
    play_quiet(board, 1)
    outcome = board.outcome()
    assert outcome is not None and outcome.winner is None
    return outcome.reason


def test_defi_25_king_moves_each() -> None:
    board = Board(KINGS_ONLY)
    shuffle(board, 49, KING_CYCLE)
    assert board.outcome() is None  # repetitions do not count under défi rules
    shuffle(board, 1, KING_CYCLE[1:])
    outcome = board.outcome()
    assert outcome is not None and outcome.winner is None and outcome.reason == "25-king-moves"


def test_man_move_resets_the_king_count() -> None:
    board = Board("W:WK46,36:BK45")
    shuffle(board, 48, KING_CYCLE)
    board.push(Move((36, 31)))
    assert board.draw_counters.quiet_plies == 0
    cycle = ["45-50", "46-41", "50-45", "41-46"]
    shuffle(board, 49, cycle)
    assert board.outcome() is None
    board.push(board.parse_move(cycle[49 % 4]))
    outcome = board.outcome()
    assert outcome is not None and outcome.reason == "25-king-moves"


def test_defi_150_moves_each() -> None:
    board = Board("W:WK46,36:BK45,15")
    assert draw_reason_after(board, 300, prefer_men_every=40, repeats=True) == "150-moves"
    assert board.ply == 300


def test_fmjd_threefold_repetition() -> None:
    board = Board("W:WK46,36:BK45,15", draw_rules="fmjd")
    shuffle(board, 7, KING_CYCLE)
    assert board.outcome() is None  # the position after ply 3 has occurred twice only
    shuffle(board, 1, KING_CYCLE[3:])
    outcome = board.outcome()
    assert outcome is not None and outcome.winner is None and outcome.reason == "repetition"
    assert Board("W:WK46,36:BK45,15").outcome() is None


def test_repetition_is_undone_by_pop() -> None:
    board = Board("W:WK46,36:BK45,15", draw_rules="fmjd")
    shuffle(board, 8, KING_CYCLE)
    assert board.outcome() is not None
    board.pop()
    assert board.outcome() is None


def test_fmjd_25_move_king_rule_with_men_on_the_board() -> None:
    board = Board("W:WK46,K50,35,36:BK1,K5,6,15", draw_rules="fmjd")
    assert draw_reason_after(board, 50) == "25-king-moves"


def test_fmjd_16_move_endgame_three_kings_against_one() -> None:
    board = Board("W:WK46,K47,K48:BK25", draw_rules="fmjd")
    assert board.draw_counters.endgame == 16
    assert draw_reason_after(board, 32) == "16-move-endgame"


def test_fmjd_16_move_endgame_king_and_two_men_against_one_king() -> None:
    board = Board("B:WK46,36,37:BK5", draw_rules="fmjd")
    assert board.draw_counters.endgame == 16
    # Three men against a king is not an endgame rule position.
    assert Board("W:W36,37,38:BK5", draw_rules="fmjd").draw_counters.endgame == 0


def test_fmjd_5_move_endgame() -> None:
    board = Board("W:WK46,K47:BK25", draw_rules="fmjd")
    assert board.draw_counters.endgame == 5
    assert draw_reason_after(board, 10) == "5-move-endgame"
    assert Board("W:WK46,33:BK5", draw_rules="fmjd").draw_counters.endgame == 5
    assert Board("W:WK46:BK5", draw_rules="fmjd").draw_counters.endgame == 5


def test_endgame_count_starts_when_the_material_arises() -> None:
    # White king 46 takes the man on 28: now three kings against one; the count starts at 0.
    board = Board("W:WK46,K47,K48:BK5,28", draw_rules="fmjd")
    assert board.draw_counters.endgame == 0
    board.push(board.parse_move("46x23"))
    assert board.draw_counters.endgame == 16 and board.draw_counters.endgame_plies == 0


def test_defi_has_no_endgame_or_repetition_draw() -> None:
    board = Board("W:WK46,K47:BK25")
    play_quiet(board, 12)
    assert board.outcome() is None


def test_english_40_moves_and_repetition() -> None:
    board = Board("W:WK29,K30:BK3,K4", "english", draw_rules="fmjd")
    assert draw_reason_after(board, 80) == "40-moves"

    board = Board("W:WK29:BK4", "english", draw_rules="fmjd")
    shuffle(board, 8, ["29-25", "4-8", "25-29", "8-4"])
    outcome = board.outcome()
    assert outcome is not None and outcome.reason == "repetition"


def test_win_by_no_moves_beats_draw_counters() -> None:
    # Black man 41 is blocked by white men 46 and 47 on its only squares, and it is Black's turn.
    board = Board("B:W46,47:B41")
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == WHITE and outcome.reason == "no-moves"


def test_outcomes_are_terminations_with_the_stored_strings() -> None:
    """The reasons are enum members (python-chess's ``Termination``), whose values are the
    strings stored games and the API have always carried."""
    from dames import Termination

    assert {t.value for t in Termination} == {
        "no-moves", "repetition", "25-king-moves", "40-moves", "150-moves",
        "16-move-endgame", "5-move-endgame",
    }
    board = Board("W:WK46,K47:BK25", draw_rules="fmjd")
    for _ in range(10):
        board.push(board.legal_moves()[0])
    outcome = board.outcome()
    assert outcome is not None and outcome.reason is Termination.ENDGAME_5
    lost = Board("B:W46:B", draw_rules="fmjd").outcome()
    assert lost is not None and lost.reason is Termination.NO_MOVES
    assert json.dumps(outcome.reason) == '"5-move-endgame"'
