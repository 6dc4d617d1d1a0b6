"""Small page helpers shared by the browser tests: find squares and pieces, wait for the
player's turn, read the move list."""

from __future__ import annotations

import re
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


def ends_of(notation: str) -> tuple[int, int]:
    """First and last square of a move written in official notation (32-28, 19x28, 27x18x9)."""
    numbers = [int(n) for n in re.split(r"[-x]", notation)]
    return numbers[0], numbers[-1]
