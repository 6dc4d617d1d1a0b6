"""Small page helpers shared by the browser tests: find squares and pieces, wait for the
player's turn, read the move list."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

TURN_TIMEOUT_MS = 30_000


def square(page: Any, number: int) -> Any:
    return page.locator(f'[data-square="{number}"]')


def piece_on(page: Any, number: int) -> str | None:
    """The `data-piece` on a square, or None when it is empty."""
    found = page.locator(f'[data-square="{number}"] [data-piece]')
    return found.get_attribute("data-piece") if found.count() else None


def wait_for_turn(page: Any) -> None:
    """Waits until the board accepts the player's input (some piece is marked movable)."""
    page.wait_for_selector("#board:not(.waiting) .sq.movable", timeout=TURN_TIMEOUT_MS)


def move_texts(page: Any) -> list[str]:
    return [text.strip() for text in page.locator("#move-list li span").all_inner_texts()]


def wait_for_moves(page: Any, count: int) -> list[str]:
    page.wait_for_function(
        "n => document.querySelectorAll('#move-list li span').length >= n",
        arg=count,
        timeout=TURN_TIMEOUT_MS,
    )
    return move_texts(page)


def open_and_play_32_28(user: Any, path: str) -> None:
    """Open the game page at ``path``, play White's 32-28 by touch or click, and wait until the
    computer has answered and it is the player's turn again."""
    page = user.page
    page.goto(path)
    wait_for_turn(page)
    user.press(square(page, 32))
    user.press(square(page, 28))
    wait_for_moves(page, 2)
    wait_for_turn(page)


def ends_of(notation: str) -> tuple[int, int]:
    """First and last square of a move written in official notation (32-28, 19x28, 27x18x9)."""
    numbers = [int(n) for n in re.split(r"[-x]", notation)]
    return numbers[0], numbers[-1]


def board_pieces(page: Any) -> dict[int, str]:
    """Every piece the board shows: square -> `data-piece` (white, black, white-king…)."""
    found: list[list[str]] = page.locator("[data-square] [data-piece]").evaluate_all(
        "els => els.map(e => [e.closest('[data-square]').dataset.square, e.dataset.piece])"
    )
    return {int(sq): piece for sq, piece in found}


def set_start_position(
    games_table: Any, game_id: str, fen: str, moves: Sequence[str] = ()
) -> None:
    """Test setup: make a stored game that has no move yet start from `fen` instead, with
    `moves` (full paths, as the server stores them) already played from there.

    Writes the game item the way the server stores it (docs/http-api.md): `startFen` in the
    engine's own FEN form, the moves, the player still the side to move, and `version` bumped
    like any other write, so the server replays the game from `fen` through `moves`. The
    condition refuses to touch a game that is over or already has moves.
    """
    import dames
    from dames_backend.games.move_codec import pack_moves
    from dames_backend.games.store import PACKED_MOVES

    board = dames.Board(fen)
    start_fen = board.fen()
    if not start_fen.startswith("W:"):
        raise ValueError("the player of a free game is White: the position must be White's turn")
    for move in moves:
        board.push(board.parse_move(move))
    if board.turn != dames.WHITE or board.outcome() is not None:
        raise ValueError("after the moves it must be White's turn in a game still going on")
    games_table.update_item(
        Key={"pk": f"GAME#{game_id}", "sk": "GAME"},
        UpdateExpression="SET startFen = :fen, #moves = :moves ADD version :one",
        ConditionExpression=(
            "attribute_exists(pk) AND #status = :playing AND size(#moves) = :none "
            "AND playerColor = :white"
        ),
        ExpressionAttributeNames={"#status": "status", "#moves": PACKED_MOVES},
        ExpressionAttributeValues={
            ":fen": start_fen,
            ":moves": pack_moves(list(moves)),
            ":one": 1,
            ":playing": "playing",
            ":none": 0,
            ":white": "white",
        },
    )
