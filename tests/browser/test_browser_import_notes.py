"""The PDN viewer shows what a file writes beside its moves (issue 32, bug 7): marks after the
moves, comments, `[%eval]` marks and variations, whose moves show their positions; and the
size limit is the text's (bug 11): a file of 250 KB is read, one too large is refused on the
page, and "Read" then reads what the box holds, never the text read before."""

from __future__ import annotations

from typing import Any

import dames
import pytest
from browser_helpers import assert_accessible, board_pieces

pytestmark = pytest.mark.browser

ANNOTATED = """[Event "Notes"]
{Une partie commentée.} 1. 32-28 { [%eval 0.1] le centre } 19-23!? 2. 28x19 $1 14x23?!
(2... 13x24 {de l'autre côté} 3. 37-32 (3. 33-29 24x33 4. 38x29) 8-13)
3. 37-32 { [%eval #-7] } 10-14 $14 *"""


def read_text(page: Any, text: str) -> None:
    # As a paste puts it there (typing 250 KB through fill() takes longer than a paste).
    page.locator("#pdn-input").evaluate("(box, text) => { box.value = text; }", text)
    page.click("#pdn-read")
    page.locator("#import-view").wait_for(state="visible")


def pieces_after(fen: str | None, moves: list[str]) -> dict[int, str]:
    board = dames.Board(fen)
    for move in moves:
        board.push(board.parse_move(move))
    return {sq: str(p.color) + ("-king" if p.king else "")
            for sq in range(1, 51) if (p := board.piece_at(sq)) is not None}


def test_marks_comments_evals_and_variations_are_shown(page: Any) -> None:
    page.goto("/import.html")
    read_text(page, ANNOTATED)
    moves = [s.strip() for s in page.locator("#imp-moves .mv").all_inner_texts()]
    assert moves == ["32-28", "19-23!?", "28x19!", "14x23?!", "37-32", "10-14⩲"]
    noted = page.locator("#imp-moves .mv.noted").evaluate_all(
        "els => els.map(e => Number(e.dataset.move))"
    )
    assert noted == [1, 4, 5]
    page.keyboard.press("Home")
    assert page.locator("#imp-notes").inner_text() == "Une partie commentée."
    page.click('#imp-moves .mv[data-ply="1"]')
    notes = page.locator("#imp-notes").inner_text()
    assert "Évaluation du fichier : +0,1" in notes and "le centre" in notes
    page.click('#imp-moves .mv[data-ply="5"]')
    assert "Les noirs gagnent en 7 coups" in page.locator("#imp-notes").inner_text()
    page.click('#imp-moves .mv[data-ply="4"]')
    notes = page.locator("#imp-notes")
    assert "Au lieu de 14x23?! :" in notes.inner_text()
    assert "de l'autre côté" in notes.inner_text()
    assert_accessible(page)

    # A variation's move shows its position; stepping goes along the variation.
    notes.locator(".var-move", has_text="37-32").click()
    assert page.locator("#imp-text").inner_text() == "Variante : position après 37-32 (2/3)"
    assert board_pieces(page) == pieces_after(None, ["32-28", "19-23", "28x19", "13x24", "37-32"])
    # The nested variation, instead of 37-32.
    page.locator("#imp-notes .var-move", has_text="24x33").click()
    assert board_pieces(page) == pieces_after(
        None, ["32-28", "19-23", "28x19", "13x24", "33-29", "24x33"]
    )
    page.click("#imp-prev")
    page.click("#imp-prev")  # out of the nested variation: before 37-32, after 13x24
    assert board_pieces(page) == pieces_after(None, ["32-28", "19-23", "28x19", "13x24"])
    page.click("#imp-main")
    assert page.locator("#imp-main").is_hidden()
    assert board_pieces(page) == pieces_after(None, ["32-28", "19-23", "28x19", "14x23"])

    page.click("#lang-switch")
    page.click('#imp-moves .mv[data-ply="4"]')
    assert "Instead of 14x23?!:" in page.locator("#imp-notes").inner_text()


def test_a_variation_that_stops_says_why(page: Any) -> None:
    page.goto("/import.html")
    read_text(page, "1. 32-28 19-23 2. 28x19 (2. 33-29 23x34) 14x23 *")
    page.click('#imp-moves .mv[data-ply="3"]')
    notes = page.locator("#imp-notes").inner_text()
    assert "La variante s'arrête là" in notes and "33-29" in notes


def test_the_size_limit_is_the_texts_and_read_reads_the_box(page: Any) -> None:
    page.goto("/import.html")
    # 250 KB of short lines and quoted tags: over 256 KB once JSON escapes them.
    one = '[Event "Copy"]\n[Round "1"]\n\n1. 32-28\n19-23\n*\n\n'
    big = one * (250_000 // len(one))
    read_text(page, big)
    page.wait_for_function("() => document.getElementById('import-error').textContent === ''")
    assert page.locator("#game-pick option").count() == 500

    read_text(page, '[Event "Small"]\n1. 33-29 *\n')
    too_big = ("{" + "é" * 140_000 + "} 1. 31-27 *").encode()  # 280 KB of UTF-8
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url) if "pdn/read" in r.url else None)
    page.set_input_files(
        "#pdn-file", files=[{"name": "big.pdn", "mimeType": "text/plain", "buffer": too_big}]
    )
    page.wait_for_function(
        "() => document.getElementById('import-error').textContent.includes('256 Ko')"
    )
    assert page.locator("#pdn-input").input_value().endswith("1. 31-27 *")
    page.click("#pdn-read")  # refused at once: no "reading…" in between
    assert "256 Ko" in page.locator("#import-error").inner_text()
    assert requests == []  # refused on the page, not the text read before sent again
    assert [s.strip() for s in page.locator("#imp-moves .mv").all_inner_texts()] == ["33-29"]
