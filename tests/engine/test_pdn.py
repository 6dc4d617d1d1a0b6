"""PDN: the reader's tolerance of real-world files, its errors, and reading positions (the
writer is in test_pdn_export).

The reader was checked against published tournament and problem files that may not be
committed here; every quirk met there is reproduced below by a small hand-typed snippet.
"""

from __future__ import annotations

import pytest
from dames import BLACK, WHITE, Board, Color
from dames.pdn import (
    PdnError,
    PdnGame,
    PdnUnreadGame,
    iter_games,
    read_games,
    read_position,
)

from .pdn_support import AMBIGUOUS_FEN, ROUTE_A, ROUTE_B, move_paths, one_game

# ---------------------------------------------------------------------------------- reader


def test_reads_comments_variations_nags_and_move_strengths() -> None:
    text = """[Event "Quirks"]
{a comment before the moves} 1. 32-28 {with a {nested} comment} 19-23!?
2. 28x19 $1 (2. 33-29? (2. 37-32 $2) 23x34 {inside a variation} 40x29) 14x23(!?)
3. 37-32 !! 10-14 $14 *"""
    game = one_game(text)
    assert move_paths(game) == ["32-28", "19-23", "28x19", "14x23", "37-32", "10-14"]
    assert game.result == "*" and not game.finished


@pytest.mark.parametrize(
    "movetext",
    [
        "1.32-28 19-23 2.28x19 14x23",
        "1. 32-28 1... 19-23 2. 28x19 2... 14x23",
        "1. 32-28 1. ... 19-23 2. 28x19 14x23 3.",
        "1. 32- 28 19 -23 2. 28 x 19 14x 23",  # spaced out, as "1- 7" in old bulletins
        "1. 32-28 19-23 2. 28-19 14-23",  # "-" written for a capture
        "1. 32x28 19x23 2. 28x19 14x23",  # "x" written for a plain move
        "01. 32-28 19-23 02. 28x19 14x23",  # leading zeros
        "32-28 19-23 28x19 14x23",  # no move numbers at all
    ],
)
def test_move_number_and_separator_variants(movetext: str) -> None:
    game = one_game(movetext + " 1-1")
    assert move_paths(game) == ["32-28", "19-23", "28x19", "14x23"]
    assert game.result == "1-1" and game.winner is None and game.finished


def test_bom_crlf_line_comments_and_missing_result() -> None:
    text = '\ufeff% exported by some program\r\n[Event "CRLF"]\r\n[Result "2-0"]\r\n'
    text += "\r\n1. 32-28\r\n"
    game = one_game(text)
    assert move_paths(game) == ["32-28"]
    assert game.result == "2-0"  # from the tag, the movetext has none
    assert game.winner is WHITE


def test_several_games_in_one_file_tags_apart_or_results_only() -> None:
    text = """[Event "One"]
[White "A"]
1. 32-28 19-23 2-0

[Event "Two"]
1. 31-26 0-2
1. 33-29 *
[Event "Four"]
[GameType "21"]
1. 11-15 23-19
[Event "Five"]
[GameType "20,W,10,10,N2,0"]
1. 34-30 20-25 1-1
"""
    games = read_games(text)
    assert [g.index for g in games] == [1, 2, 3, 4, 5]
    assert [g.tags.get("Event") for g in games] == ["One", "Two", None, "Four", "Five"]
    assert [g.result for g in games] == ["2-0", "0-2", "*", "*", "1-1"]
    assert games[1].winner is BLACK
    assert games[3].variant == "english" and move_paths(games[3]) == ["11-15", "23-19"]
    assert games[4].variant == "international"
    assert games[0].name == "game 1 (Event 'One', White 'A')"


def test_tag_values_with_escapes_and_bare_quotes() -> None:
    text = '[White "escaped \\" quote"]\n[Event "The "Big" match"]\n32-28 *'
    game = one_game(text)
    assert game.tags["White"] == 'escaped " quote'
    assert game.tags["Event"] == 'The "Big" match'


def test_fen_tag_with_ranges_kings_trailing_dot_and_counters() -> None:
    for fen in (
        "W:W31-50:B1-20",
        "W:W31-50:B1-20:H0:F1",  # lidraughts appends the counters
        "W:W31-50:B1-20.",  # problem collections end with a dot
    ):
        game = one_game(f'[FEN "{fen}"]\n1. 32-28 *')
        assert game.start_fen == Board().fen()
    game = one_game('[FEN "W:WK10,16,19:B7,8,K42."]\n1. 16-11 *')
    assert game.start_board().piece_at(10) is not None
    assert game.start_board().fen() == "W:WK10,16,19:B7,8,K42"
    # Problem files write "?" when the side to move does not matter: the first mover is taken.
    assert one_game('[FEN "?:W29,13,11:B22,4,2"]\n*').start_fen.startswith("W:")


def test_short_capture_settled_by_the_following_move() -> None:
    text = f'[FEN "{AMBIGUOUS_FEN}"]\n1... 48x34 2. 27-22 *'
    assert move_paths(one_game(text)) == [ROUTE_A, "27-22"]
    # Turning squares only (PDN 3.0 disambiguation) or the full path settle it at once.
    assert move_paths(one_game(f'[FEN "{AMBIGUOUS_FEN}"]\n48x31x34 *')) == [ROUTE_B]
    assert move_paths(one_game(f'[FEN "{AMBIGUOUS_FEN}"]\n48x12x34 *')) == [ROUTE_A]
    assert move_paths(one_game(f'[FEN "{AMBIGUOUS_FEN}"]\n{ROUTE_B} *')) == [ROUTE_B]


def test_short_capture_not_settled_is_an_error_naming_both_paths() -> None:
    text = f'[Event "Open"]\n[FEN "{AMBIGUOUS_FEN}"]\n1... 48x34 *'
    with pytest.raises(PdnError) as info:
        read_games(text)
    message = str(info.value)
    assert message.startswith("game 1 (Event 'Open'), move 1... 48x34:")
    assert "does not settle" in message and ROUTE_A in message and ROUTE_B in message
    assert info.value.game == 1 and info.value.move_number == 1


def test_short_capture_whose_every_reading_fails_later_reports_the_later_move() -> None:
    text = f'[FEN "{AMBIGUOUS_FEN}"]\n1... 48x34 2. 27-22 11-7 *'
    with pytest.raises(PdnError, match=r"move 2\.\.\. 11-7: '11-7' is not a legal move"):
        read_games(text)


def test_english_multi_jump_paths_and_short_forms() -> None:
    fen = "W:W13,20,25,26,28:B1,4,5,7,8,15,16,24"
    assert move_paths(one_game(f'[GameType "21"][FEN "{fen}"] 28x3 8-11 *')) == [
        "28x19x10x3",
        "8-11",
    ]
    game = one_game(f'[GameType "21"][FEN "{fen}"] 28x19x12x3 *')
    assert move_paths(game) == ["28x19x12x3"]


def test_dambo_match_score_closing_the_movetext() -> None:
    text = '[Result "4-6"]\n1. 32-28 19-23 4-6\n'
    game = one_game(text)
    assert move_paths(game) == ["32-28", "19-23"] and game.result == "4-6"


def test_algebraic_squares_as_in_brazilian_and_russian_files() -> None:
    game = one_game('[GameType "26"]\n1. c3-d4 f6-g5 2. b2-c3 1/2-1/2')
    assert game.variant == "brazilian" and game.result == "1/2-1/2"
    assert move_paths(game) == ["22-18", "11-16", "25-22"]  # a1 = 29, as on the 1-32 board
    assert one_game('[GameType "26"]\n1.a3b4 *').moves[0].start == 21  # a3b4, no separator


def test_lidraughts_fen_with_algebraic_squares_and_counters() -> None:
    fen = "W:WKa1,c3:Bb8,f6:+0+0:H3:F7"
    game = one_game(f'[GameType "26"]\n[FEN "{fen}"]\n1. c3-d4 *')
    assert game.start_fen == "W:W22,K29:B1,11"
    assert move_paths(game) == ["22-18"]
    with pytest.raises(PdnError, match="a2 is not a playing square"):
        read_position("W:Wa2:Bb8", "brazilian")


def test_italian_game_without_game_type_via_default_variant() -> None:
    text = '[Bianco "X"]\n[Nero "Y"]\n1. 21-17 12-15 2. 23-19 11-14 *'
    game = one_game(text, default_variant="italian")
    assert game.variant == "italian" and len(game.moves) == 4


# ---------------------------------------------------------------------------------- errors


def _error(text: str) -> str:
    with pytest.raises(PdnError) as info:
        read_games(text)
    return str(info.value)


def test_error_illegal_move_names_game_players_move_and_legal_moves() -> None:
    text = '[Event "A"]\n1. 32-28 *\n\n[Event "B"]\n[White "W"]\n[Black "Z"]\n'
    text += "1. 32-28 19-23 2. 28-22 *"
    message = _error(text)
    assert message.startswith("game 2 (Event 'B', White 'W', Black 'Z'), move 2. 28-22:")
    assert "not a legal move" in message and "28x19" in message


def test_error_unknown_token_names_the_game_and_line() -> None:
    message = _error('[Event "T"]\n1. 32-28 19-23\n2. Ke4 *')
    assert message.startswith("game 1 (Event 'T'): line 3: cannot read 'Ke4'")


def test_error_bad_fen_and_unsupported_game_type() -> None:
    assert "bad FEN" in _error('[FEN "W:W31-55:B1-20"]\n*')
    assert "crowning row" in _error('[FEN "W:W1:B20"]\n*')
    message = _error('[Event "Russian"]\n[GameType "25"]\n1. c3-d4 *')
    assert "GameType 25 (Russian draughts) is not a game this site plays" in message


def test_error_uses_the_files_own_move_numbers() -> None:
    # A fragment numbered from move 31, as bulletins print a game's ending.
    message = _error("31. 32-28 19-23 32. 28-22 *")
    assert message.startswith("game 1, move 32. 28-22:")
    assert _error("31... 19-23 *").startswith("game 1, move 31... 19-23:")
    # A stray fragment after a game: its moves are counted afresh, not after the last number.
    assert _error("1. 32-28 2-0\n28-22 *").startswith("game 2, move 1. 28-22:")


def test_error_unclosed_comment_and_variation_and_empty_text() -> None:
    message = _error('[Event "C"]\n1. 32-28 { forgot to close\n\n[Event "D"]\n1. 33-29 *')
    assert message == "game 1 (Event 'C'): line 2: a comment '{' that is never closed"
    assert "never closed" in _error("1. 32-28 (19-23 *")
    # A variation left open does not swallow the next game.
    message = _error('[Event "E"]\n1. 32-28 (19-23 \n[Event "F"]\n1. 33-29 *')
    assert message.startswith("game 1 (Event 'E'): a variation '(' is never closed")
    assert "no game" in _error("   \n")


def test_errors_are_value_errors_for_the_http_layer() -> None:
    assert issubclass(PdnError, ValueError)


# ---------------------------------------------------------------------------------- position


def test_read_position_accepts_a_bare_fen_or_a_fen_tag() -> None:
    assert read_position("W:W31-50:B1-20").fen() == Board().fen()
    assert read_position('[FEN "B:W21-32:B1-12"]', "english").turn is Color.BLACK
    board = read_position("  w:wK46,31:b5,K1:H3:F20 \n")
    assert board.fen() == "W:W31,K46:BK1,5"
    with pytest.raises(PdnError, match="bad FEN"):
        read_position("W:W31-60:B1-20")
    with pytest.raises(PdnError, match="not a FEN"):
        read_position("1. 32-28 19-23")


def test_a_file_that_asks_for_too_much_work_is_refused_with_a_reason() -> None:
    """A server reads what anyone sends: the whole file's work is bounded, not only each
    game's, so a crafted file of many games cannot keep it busy for minutes."""
    game = '[Event "x"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n'
    assert len(read_games(game * 30, max_steps=200)) == 30  # 4 steps each: 120 in all
    with pytest.raises(PdnError) as refused:
        read_games(game * 60, max_steps=200)
    assert "too much work" in str(refused.value) and refused.value.game is not None


def test_iter_games_keeps_the_good_games_around_a_bad_one() -> None:
    text = (
        '[Event "One"]\n1. 32-28 19-23 *\n\n'
        '[Event "Two"]\n[Result "2-0"]\n1. 32-28 19-23 2. 28x17 *\n\n'
        '[Event "Three"]\n[GameType "25"]\n1. c3-d4 *\n\n'
        '[Event "Four"]\n[GameType "21"]\n1. 11-15 23-19 *\n'
    )
    games = list(iter_games(text))
    assert [type(g) for g in games] == [PdnGame, PdnUnreadGame, PdnUnreadGame, PdnGame]
    bad = games[1]
    assert isinstance(bad, PdnUnreadGame)
    assert bad.index == 2 and bad.variant == "international" and bad.result == "2-0"
    assert "game 2 (Event 'Two'), move 2. 28x17" in str(bad.error) and bad.error.game == 2
    unsupported = games[2]
    assert isinstance(unsupported, PdnUnreadGame)
    assert unsupported.variant is None and "Russian" in str(unsupported.error)
    assert isinstance(games[3], PdnGame) and games[3].variant == "english"
    # The same reader, collected the strict way: the first bad game refuses the file.
    with pytest.raises(PdnError, match="game 2"):
        read_games(text)


def test_iter_games_reads_untagged_games_as_the_default_variant() -> None:
    (game,) = iter_games("1. 11-15 23-19 *", default_variant="english")
    assert isinstance(game, PdnGame) and game.variant == "english"
    (tagged,) = iter_games('[GameType "20"]\n1. 32-28 *', default_variant="english")
    assert isinstance(tagged, PdnGame) and tagged.variant == "international"


def test_iter_games_shares_one_budget_so_bad_games_cost_no_more() -> None:
    """Once the file's budget is spent every later game with moves is unread, cheaply."""
    good = '[Event "x"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n'
    games = list(iter_games(good * 60, max_steps=200))
    assert [isinstance(g, PdnGame) for g in games] == [True] * 50 + [False] * 10
    last = games[-1]
    assert isinstance(last, PdnUnreadGame) and "too much work" in str(last.error)
