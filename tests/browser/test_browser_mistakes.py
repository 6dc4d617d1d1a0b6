""""Learn from your mistakes" on a phone: the game of test_browser_analysis.py, where the
player hangs a man, analysed; the mistake comes back as a puzzle. The game's move fails and
the position stays, the engine's move passes and its line is shown, and the mode gives the
page back as it was."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from browser_helpers import piece_on, square, wait_for_turn
from test_browser_analysis import hang_a_man, wait_for_analysis

pytestmark = pytest.mark.browser


@dataclass
class Tapper:
    """A phone's user, as test_browser_analysis.py's helpers want one."""

    page: Any

    def press(self, locator: Any) -> None:
        locator.tap()


def tap_move(user: Tapper, notation: str) -> None:
    squares = [int(s) for s in re.split(r"[-x]", notation)]
    user.press(square(user.page, squares[0]))
    user.press(square(user.page, squares[-1]))


def test_a_mistake_is_replayed_as_a_puzzle_by_taps(phone: Any) -> None:
    user = Tapper(phone)
    page = phone
    ply, notation, before = hang_a_man(user)
    wait_for_turn(page)
    user.press(page.locator("#resign"))
    user.press(page.locator("#resign"))
    page.wait_for_selector("#end:not([hidden])")
    user.press(page.locator("#analyse-game"))
    page.wait_for_url("**/analysis.html?game=*")
    wait_for_analysis(page)
    better = re.match(r"Mieux : (\S+)", page.locator(
        f'#an-moves .mv[data-ply="{ply}"] .better').inner_text())
    assert better
    best = better.group(1)

    user.press(page.locator("#an-learn"))
    assert page.locator("#an-mistakes").is_visible()
    assert not page.locator("#an-moves").is_visible()
    text = page.locator("#an-m-text")
    assert re.match(rf"Erreur 1 sur \d+ : au coup 1, vous avez joué {notation}", text.inner_text())
    page.wait_for_function("() => document.querySelectorAll('#board .movable').length > 0")

    tap_move(user, notation)  # the game's own move fails, and is taken back
    page.wait_for_function(
        "() => document.getElementById('an-m-text').textContent.includes('coup de la partie')")
    assert page.locator("#an-m-line").inner_text() == ""
    assert piece_on(page, before.parse_move(notation).path[0]) is not None

    tap_move(user, before.notation(before.parse_move(best)))  # the engine's move passes
    page.wait_for_function(
        "() => document.getElementById('an-m-text').textContent.startsWith('Exactement')")
    assert page.locator("#an-m-line").inner_text().startswith("Suite du moteur : ")
    assert page.locator("#an-m-next").is_visible()
    for theme in ("light", "dark"):
        page.emulate_media(color_scheme=theme)
        results = Axe().run(page)
        assert results.violations_count == 0, (theme, results.generate_report())

    user.press(page.locator("#an-m-quit"))
    assert page.locator("#an-mistakes").is_hidden()
    assert page.locator("#an-moves").is_visible() and page.locator("#an-learn").is_visible()
