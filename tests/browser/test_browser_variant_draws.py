"""A two-player game of each variant drawn by its own rule on a phone, against the real
local server: threefold repetition everywhere, English checkers' 40-move rule; the page shows
the draw's reason in both languages, and every draw reason has its words in both.

All but the last move go through the API; the last one is tapped on the page. The engine is
only used here to choose moves that never capture.
"""

from __future__ import annotations

import random
from typing import Any

import dames
import pytest
from browser_helpers import (
    VARIANTS,
    create_game,
    ends_of,
    get_view,
    open_game,
    post_move,
    square,
    wait_for_turn,
)

pytestmark = pytest.mark.browser

# Two kings each, far enough apart that nothing is ever taken (one position for every 8×8).
KINGS = {
    variant: "W:WK48,K49:BK2,K3" if variant == "international" else "W:WK29,K30:BK3,K4"
    for variant in VARIANTS
}
DRAW_REASONS = [
    "repetition",
    "16-move-endgame",
    "5-move-endgame",
    "40-moves",
    "25-king-moves",
    "150-moves",
    "agreement",
]


def words(page: Any, key: str, lang: str) -> str:
    """The page's own text for `key` in `lang` (i18n.js, with the words free play adds)."""
    text: str = page.evaluate(
        """async ([key, lang]) => {
             await import('/js/freeplay-words.js');
             const i18n = await import('/js/i18n.js');
             const before = document.documentElement.lang;
             document.documentElement.lang = lang;
             const text = i18n.t(key);
             document.documentElement.lang = before;
             return text;
           }""",
        [key, lang],
    )
    return text


def quiet_moves(fen: str, variant: str, plies: int, *, walk: bool) -> list[str]:
    """Moves for two players with kings only, nothing ever taken: `walk` False shuffles each
    side's king back and forth (the start comes back every 4 plies), True wanders to positions
    seen least often, so no position comes a third time."""
    board = dames.Board(fen, variant, "fmjd")
    rng = random.Random(11)

    def safe(move: Any) -> bool:
        board.push(move)
        ok = not any(reply.is_capture for reply in board.legal_moves())
        board.pop()
        return ok and not move.is_capture

    home: dict[int, int] = {}
    at: dict[int, int] = {}
    seen: dict[str, int] = {}
    played: list[str] = []
    for _ in range(plies):
        options = [m for m in board.legal_moves() if safe(m)]
        if walk:
            scored: list[tuple[int, float, Any]] = []
            for m in options:
                board.push(m)
                scored.append((seen.get(board.fen(), 0), rng.random(), m))
                board.pop()
            move = min(scored, key=lambda s: (s[0], s[1]))[2]
        else:
            side = int(board.turn)
            home.setdefault(side, options[0].start)
            at.setdefault(side, home[side])
            mine = [m for m in options if m.start == at[side]]
            back = [m for m in mine if m.end == home[side]]
            move = back[0] if at[side] != home[side] else mine[0]
            at[side] = move.end
        played.append(board.notation(move))
        board.push(move)
        seen[board.fen()] = seen.get(board.fen(), 0) + 1
    return played


def play_to_a_draw(page: Any, variant: str, plies: int, *, walk: bool, reason: str) -> None:
    """A two-player game of kings: all but the last move through the API, the last by taps on
    the page, which then shows the draw and its reason in French and in English."""
    fen = KINGS[variant]
    token, game = create_game(page, {"mode": "duo", "variant": variant, "fen": fen})
    moves = quiet_moves(fen, variant, plies, walk=walk)
    view = game
    for move in moves[:-1]:
        view = post_move(page, game, token, view["ply"], move)
        assert view["status"] == "playing", (move, view["reason"])
    open_game(page, token, game)
    wait_for_turn(page)
    origin, target = ends_of(moves[-1])
    square(page, origin).tap()
    square(page, target).tap()
    page.wait_for_selector("#end:not([hidden])")
    final = get_view(page, game, token)
    assert (final["status"], final["reason"], final["ply"]) == ("draw", reason, plies)
    french = words(page, f"reason:{reason}", "fr")
    assert french != f"reason:{reason}"
    # The reason stands alone on the end screen: a sentence, its first letter upper-case.
    assert page.locator("#end-reason").inner_text() == french[0].upper() + french[1:]
    page.locator("#lang-switch").tap()
    english = words(page, f"reason:{reason}", "en")
    english = english[0].upper() + english[1:]
    page.wait_for_function(
        "text => document.getElementById('end-reason').textContent === text", arg=english
    )
    assert english != french


@pytest.mark.parametrize("variant", VARIANTS)
def test_threefold_repetition_draws_a_two_player_game(phone: Any, variant: str) -> None:
    play_to_a_draw(phone, variant, 8, walk=False, reason="repetition")


def test_english_checkers_40_move_rule_draws_a_two_player_game(phone: Any) -> None:
    play_to_a_draw(phone, "english", 80, walk=True, reason="40-moves")


def test_every_draw_reason_has_words_in_both_languages(phone: Any) -> None:
    page = phone
    page.goto("/rules.html")
    seen = set()
    for reason in DRAW_REASONS:
        for lang in ("fr", "en"):
            text = words(page, f"reason:{reason}", lang)
            assert text and text != f"reason:{reason}", (reason, lang)
            seen.add(text)
    assert len(seen) == 2 * len(DRAW_REASONS)
