"""Every variant the server plays, on a phone (Pixel 7, touch) against the real local server:
the board the page draws is the one GET /api/variants describes (size, which
squares play, their numbers and places, the player's side at the bottom, the sides' names),
the start position and the first mover are right, a double capture is entered by tapping its
squares one by one and the computer answers, the keyboard and the PDN import follow the
variant's board. Draws by each variant's own rules are in test_browser_variant_draws.

Games are created through the API as the new-game screen does, and handed to the page the
way it keeps them (localStorage); every move is refereed by the server. The engine is only
used here to choose test moves and to read the server's FEN.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import dames
import pytest
from browser_helpers import (
    VARIANTS,
    board_pieces,
    create_game,
    ends_of,
    get_view,
    move_texts,
    open_game,
    square,
    wait_for_turn,
)

pytestmark = pytest.mark.browser

# White to move, whose only legal move is this double capture, and after it the game goes on
# (found with the engine; the path's middle square is tapped on its own).
DOUBLE_CAPTURES: dict[str, tuple[str, list[int]]] = {
    "international": ("W:W23,32,47:B2,17,18,33", [23, 12, 21]),
    "brazilian": ("W:W14,16,17:B8,18,24,27", [14, 23, 32]),  # a man taking backwards
    "english": ("W:W5,27,31:B4,14,23,28", [27, 18, 9]),
    "italian": ("W:W6,8,32:B4,20,25,28", [32, 23, 16]),
}
PHONE_320 = {"width": 320, "height": 640}


@pytest.fixture(scope="module")
def descriptions(live_server: str) -> dict[str, dict[str, Any]]:
    """GET /api/variants, as the page reads it."""
    import urllib.request

    with urllib.request.urlopen(f"{live_server}/api/variants") as response:
        body = json.load(response)
    return {v["name"]: v for v in body["variants"]}


def screen_grid(page: Any) -> list[list[int | None]]:
    """The squares as drawn, row by row from the top: the number, or None on a light one."""
    grid: list[list[int | None]] = page.evaluate(
        """() => [...document.querySelectorAll('#board .row')].map(row =>
             [...row.children].map(c => c.dataset.square ? Number(c.dataset.square) : null))"""
    )
    return grid


def diagram(description: dict[str, Any], turned: bool) -> list[list[int | None]]:
    size = description["size"]
    grid: list[list[int | None]] = [[None] * size for _ in range(size)]
    for sq in description["squares"]:
        row, col = sq["row"], sq["col"]
        if turned:
            row, col = size - 1 - row, size - 1 - col
        grid[row][col] = sq["number"]
    return grid


def server_pieces(fen: str, variant: str) -> dict[int, str]:
    position = dames.parse_fen(fen, variant)
    pieces = {}
    for sq, piece in position.pieces.items():
        color = "white" if piece.color is dames.Color.WHITE else "black"
        pieces[sq] = f"{color}-king" if piece.king else color
    return pieces


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_board_is_the_variants_own_and_the_first_mover_starts(
    phone: Any, descriptions: dict[str, dict[str, Any]], variant: str, artifacts_dir: Path
) -> None:
    """The player takes the side that moves first (Black in English checkers): the board shows
    that side at the bottom, the API's numbering and start position, and only its pieces move."""
    page = phone
    described = descriptions[variant]
    first = described["firstToMove"]
    token, game = create_game(
        page, {"mode": "free", "variant": variant, "color": first, "level": "debutant"}
    )
    assert (game["variant"], game["turn"], game["ply"]) == (variant, first, 0)
    start = server_pieces(described["startFen"], variant)
    assert server_pieces(game["fen"], variant) == start
    open_game(page, token, game, numbers=True)
    wait_for_turn(page)

    size = described["size"]
    grid = screen_grid(page)
    assert len(grid) == size and all(len(row) == size for row in grid)
    assert grid == diagram(described, turned=first == "black")
    # Black's men start on the top rows of the diagram: the player's men are at the bottom.
    bottom = {sq for sq in grid[-1] if sq is not None}
    mine = next(s for s in described["sides"] if s["color"] == first)
    assert bottom <= set(mine["startSquares"])
    shown = page.locator("#board [data-square]").evaluate_all(
        "els => els.map(e => [e.dataset.square, e.querySelector('.num').textContent])"
    )
    assert all(number == text for number, text in shown)
    assert page.locator("#board .num").first.is_visible()

    # The start position is the API's, its pieces on the sides' start squares.
    expected = {sq: side["color"] for side in described["sides"] for sq in side["startSquares"]}
    assert board_pieces(page) == expected == start
    assert move_texts(page) == []
    movable = page.locator("#board .sq.movable").evaluate_all(
        "els => els.map(e => e.querySelector('[data-piece]').dataset.piece)"
    )
    assert movable and set(movable) == {first}

    # The title, the counters and the rules link follow the API's description.
    assert page.locator("#nav-rules").get_attribute("href") == described["rulesPage"]
    if variant != "international":
        assert described["displayName"]["fr"] in page.locator("#title").inner_text()
    for side in described["sides"]:
        label = page.locator(f"#pieces-{side['color']}").locator("xpath=preceding-sibling::dt")
        assert label.locator('[lang="fr"]').inner_text() == side["name"]["fr"]
        assert label.locator("..").locator("dd").inner_text() == str(len(side["startSquares"]))

    # Drawn as squares on a phone of 320 px, the whole board in view.
    page.set_viewport_size(PHONE_320)
    box = page.locator("#board").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE_320["width"]
    cell = square(page, described["squares"][0]["number"]).bounding_box()
    assert abs(cell["width"] - cell["height"]) < 1
    assert abs(cell["width"] * size - box["width"]) < 6  # the 2 px border each side
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE_320["width"]
    page.screenshot(path=str(artifacts_dir / f"variant-{variant}-320.png"))


def test_english_as_white_the_computer_opens_with_black(
    phone: Any, descriptions: dict[str, dict[str, Any]]
) -> None:
    page = phone
    described = descriptions["english"]
    assert described["firstToMove"] == "black"
    token, game = create_game(
        page, {"mode": "free", "variant": "english", "color": "white", "level": "debutant"}
    )
    assert (game["playerColor"], game["turn"], game["ply"]) == ("white", "white", 1)
    open_game(page, token, game)
    wait_for_turn(page)
    # White at the bottom: the diagram as the federation draws it.
    assert screen_grid(page) == diagram(described, turned=False)
    moves = move_texts(page)
    assert moves == game["moves"] and len(moves) == 1
    # Black's move opens the first line, as checkers scores are written.
    assert page.locator("#move-list li").first.inner_text() == moves[0]
    black_start = next(s for s in described["sides"] if s["color"] == "black")["startSquares"]
    origin, _ = ends_of(moves[0])
    assert origin in black_start
    assert board_pieces(page) == server_pieces(game["fen"], "english")
    movable = page.locator("#board .sq.movable [data-piece]").evaluate_all(
        "els => els.map(e => e.dataset.piece)"
    )
    assert movable and set(movable) == {"white"}


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_double_capture_by_taps_and_the_computer_answers(phone: Any, variant: str) -> None:
    page = phone
    fen, path = DOUBLE_CAPTURES[variant]
    token, game = create_game(
        page,
        {"mode": "free", "variant": variant, "fen": fen, "color": "white", "level": "debutant"},
    )
    (only,) = game["legalMoves"]
    assert only["path"] == path and len(only["captures"]) == 2
    open_game(page, token, game)
    wait_for_turn(page)
    assert page.locator("#board .sq.movable").evaluate_all(
        "els => els.map(e => Number(e.dataset.square))"
    ) == [path[0]]

    square(page, path[0]).tap()
    page.wait_for_selector(f'[data-square="{path[0]}"].selected')
    square(page, path[1]).tap()  # the middle landing: the capture goes on from there
    page.wait_for_selector(f'[data-square="{path[1]}"].visited')
    assert (
        page.locator(f'[data-square="{only["captures"][0]}"]')
        .get_attribute("class")
        .split()
        .count("taken")
        == 1
    )
    square(page, path[2]).tap()

    # The player's capture and the computer's answer (after "…" where Black opens lines).
    page.wait_for_function(
        "() => [...document.querySelectorAll('#move-list .mv')]"
        ".filter(s => s.textContent !== '…').length >= 2",
        timeout=30_000,
    )
    wait_for_turn(page)
    view = get_view(page, game, token)
    moves = [m for m in move_texts(page) if m != "…"]
    assert moves == view["moves"] and moves[0] == only["notation"]
    assert view["status"] == "playing" and view["turn"] == "white"
    assert board_pieces(page) == server_pieces(view["fen"], variant)


def test_the_description_is_fetched_once_then_kept_in_the_browser(phone: Any) -> None:
    page = phone
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/api/variants" in r.url else None)
    token, game = create_game(page, {"mode": "duo", "variant": "italian"})
    open_game(page, token, game)
    wait_for_turn(page)
    assert len(asked) == 1
    page.reload()
    wait_for_turn(page)
    assert len(asked) == 1  # drawn from the browser's copy, keyed by the variant
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('dames.variant.italian'))")
    assert stored["variant"]["name"] == "italian" and stored["variant"]["size"] == 8


def test_the_keyboard_steps_over_the_variants_own_squares(
    browser: Any, base_url: str, descriptions: dict[str, dict[str, Any]]
) -> None:
    """On the inverted Italian board (a playing square top left) the arrows reach the
    neighbouring playing squares the API places there."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    token, game = create_game(page, {"mode": "duo", "variant": "italian"})
    open_game(page, token, game)
    wait_for_turn(page)
    page.locator('#board [tabindex="0"]').focus()  # where Tab enters the board
    focused = "() => Number(document.activeElement.dataset.square)"
    layout = {(s["row"], s["col"]): s["number"] for s in descriptions["italian"]["squares"]}
    where = {number: cell for cell, number in layout.items()}
    row, col = where[page.evaluate(focused)]
    steps = []
    for key in ["ArrowRight", "ArrowDown", "ArrowDown", "ArrowLeft", "ArrowUp"]:
        page.keyboard.press(key)
        steps.append(where[page.evaluate(focused)])
    # Right: the next playing square of the row; down: the nearer of the two below, the
    # left one on a tie; then the column aimed at is kept while going up and down.
    assert steps == [
        (row, col + 2),
        (row + 1, col + 1),
        (row + 2, col + 2),
        (row + 2, col),
        (row + 1, col - 1),
    ]
    assert all(cell in layout for cell in steps)
    context.close()


def import_pdn(page: Any, text: str, variant: str) -> None:
    """The import page reads ``text`` (on a phone) and draws the game on ``variant``'s board."""
    page.goto("/import.html")
    page.fill("#pdn-input", text)
    page.locator("#pdn-read").tap()
    page.wait_for_selector("#import-view:not([hidden])")
    page.wait_for_selector(f'#board[data-variant="{variant}"] [data-square]')


def test_an_italian_pdn_is_shown_on_its_own_board(
    phone: Any, descriptions: dict[str, dict[str, Any]]
) -> None:
    """The import page draws the game's own board too: GameType 22 is the inverted 8×8."""
    page = phone
    text = '[GameType "22"]\n[Result "*"]\n\n1. 21-17 10-14 *\n'
    import_pdn(page, text, "italian")
    assert screen_grid(page) == diagram(descriptions["italian"], turned=False)
    read = page.request.post("/api/games/pdn/read", data={"pdn": text}).json()["game"]
    assert board_pieces(page) == server_pieces(read["moves"][-1]["fen"], "italian")


def test_an_english_game_is_listed_from_its_first_mover_black(phone: Any) -> None:
    """In English checkers Black moves first: each line of the move list starts with Black's
    move, as the game page lists it, with no empty first place."""
    page = phone
    import_pdn(page, '[GameType "21"]\n[Result "*"]\n\n1. 11-15 23-19 2. 8-11 *\n', "english")
    lines = page.locator("#imp-moves li").all_inner_texts()
    assert [line.split() for line in lines] == [["11-15", "23-19"], ["8-11"]]
