"""PDN export: the writer's standard output (roster, GameType, FEN, results, line width) and
round trips through the reader."""

from __future__ import annotations

import pytest
from dames import BLACK, VARIANTS, WHITE, Board
from dames.pdn import PdnError, export_game, result_text

from .pdn_support import AMBIGUOUS_FEN, ROUTE_A, move_paths, one_game, self_play


@pytest.mark.parametrize(
    ("variant", "white", "black", "draw"),
    [
        ("international", "2-0", "0-2", "1-1"),
        ("brazilian", "1-0", "0-1", "1/2-1/2"),
        ("english", "1-0", "0-1", "1/2-1/2"),
        ("italian", "1-0", "0-1", "1/2-1/2"),
    ],
)
def test_result_strings_follow_each_game_types_result_type(
    variant: str, white: str, black: str, draw: str
) -> None:
    assert result_text(variant, WHITE, True) == white
    assert result_text(variant, BLACK, True) == black
    assert result_text(variant, None, True) == draw
    assert result_text(variant, None, False) == "*"
    assert result_text(variant, WHITE, False) == "*"


def test_export_writes_the_roster_game_type_extra_tags_and_movetext() -> None:
    text = export_game(
        variant="international",
        start_fen=None,
        moves=["32-28", "19-23", "28x19", "14x23"],
        winner=None,
        finished=False,
        tags={
            "Event": 'Défi "du jour"',
            "Date": "2026-11-30",
            "White": "Alice",
            "Level": "defi",
            "Seed": "abc",
            "Result": "2-0",  # computed, never taken from the caller
            "GameType": "99",
        },
    )
    lines = text.splitlines()
    assert lines[:10] == [
        '[Event "Défi \\"du jour\\""]',
        '[Site "?"]',
        '[Date "2026.11.30"]',
        '[Round "-"]',
        '[White "Alice"]',
        '[Black "?"]',
        '[Result "*"]',
        '[GameType "20"]',
        '[Level "defi"]',
        '[Seed "abc"]',
    ]
    assert "FEN" not in text  # the initial position needs none
    assert lines[10] == ""
    assert lines[11] == "1. 32-28 19-23 2. 28x19 14x23 *"
    assert text.endswith("*\n")


@pytest.mark.parametrize(
    ("variant", "game_type", "first"),
    [
        ("international", "20", "1. 32-28"),
        ("english", "21", "1. 9-13"),
        ("italian", "22", "1. 21-17"),
        ("brazilian", "26,W,8,8,N2,0", "1. 21-17"),
    ],
)
def test_export_game_type_per_variant(variant: str, game_type: str, first: str) -> None:
    move = first.split()[1]
    text = export_game(
        variant=variant, start_fen=None, moves=[move], winner=None, finished=False, tags={}
    )
    assert f'[GameType "{game_type}"]' in text
    # The initial position given explicitly (in another spelling) still needs no FEN tag.
    spelled = VARIANTS[variant].start_fen.replace("W21-32", "W21-24,25-32")
    same = export_game(
        variant=variant, start_fen=spelled, moves=[move], winner=None, finished=False, tags={}
    )
    assert same == text and "FEN" not in text
    assert f"\n{first} *\n" in text


def test_export_from_a_position_writes_fen_black_first_and_full_path_when_needed() -> None:
    text = export_game(
        variant="international",
        start_fen=AMBIGUOUS_FEN,
        moves=[ROUTE_A, "27-22"],
        winner=WHITE,
        finished=True,
        tags={},
    )
    assert f'[FEN "{Board(AMBIGUOUS_FEN).fen()}"]' in text
    # The short 48x34 would be ambiguous: the full path is written; 1... as Black starts.
    assert f"\n1... {ROUTE_A} 2. 27-22 2-0\n" in text
    game = one_game(text)
    assert move_paths(game) == [ROUTE_A, "27-22"] and game.winner is WHITE


def test_export_wraps_at_80_columns_without_splitting_a_numbered_move() -> None:
    board = self_play("international", "wrap", "debutant")
    text = export_game(
        variant="international",
        start_fen=None,
        moves=[str(m) for m in board.move_stack],
        winner=None,
        finished=False,
        tags={},
    )
    body = text.split("\n\n", 1)[1].splitlines()
    assert len(body) > 3
    assert all(len(line) <= 80 for line in body)
    assert not any(line.endswith(".") for line in body)


def test_export_rejects_an_illegal_stored_move() -> None:
    with pytest.raises(PdnError, match="move 2"):
        export_game(
            variant="international",
            start_fen=None,
            moves=["32-28", "32-28"],
            winner=None,
            finished=False,
            tags={},
        )


@pytest.mark.parametrize("variant", ["international", "brazilian", "english", "italian"])
@pytest.mark.parametrize(("seed", "level"), [("pdn-1", "debutant"), ("pdn-2", "facile")])
def test_round_trip_of_self_played_games(variant: str, seed: str, level: str) -> None:
    board = self_play(variant, seed, level)
    outcome = board.outcome()
    moves = [str(m) for m in board.move_stack]
    text = export_game(
        variant=variant,
        start_fen=None,
        moves=moves,
        winner=outcome.winner if outcome else None,
        finished=outcome is not None,
        tags={"Event": "Dames du jour", "Seed": seed, "Level": level, "AiVersion": "x"},
    )
    game = one_game(text)
    assert game.variant == variant
    assert move_paths(game) == moves
    assert game.board_at().fen() == board.fen()
    assert game.tags["Seed"] == seed and game.tags["Level"] == level
    assert game.finished == (outcome is not None)
    if outcome is not None:
        assert game.winner == outcome.winner


def test_round_trip_from_a_position_in_each_8x8_variant() -> None:
    for variant, fen in [
        ("english", "W:W18,22,K30:B5,10,K27"),
        ("italian", "B:W18,22,K30:B5,10,K27"),
        ("brazilian", "W:W18,22,K30:B5,10,K27"),
    ]:
        board = self_play(variant, "pos", "debutant", fen)
        moves = [str(m) for m in board.move_stack]
        text = export_game(
            variant=variant, start_fen=fen, moves=moves, winner=None, finished=False, tags={}
        )
        game = one_game(text)
        assert game.start_fen == Board(fen, variant).fen()
        assert move_paths(game) == moves
