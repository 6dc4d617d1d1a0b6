"""GET /api/variants: the board description the site draws from, checked against the
federations' own numbered diagrams, written out here by hand.

Sources of the grids below (each drawn with White at the bottom, as the federations do):

- International: the numbered board of the FMJD's official rules of international draughts
  (the bottom-left corner of each player is a dark, playing square; square 1 is the second
  square of the top row, on Black's side; 46 is White's bottom-left corner).
- Brazilian: the Confederação Brasileira de Damas plays the FMJD rules on 8×8, board placed the
  same way (its diagrams are algebraic: a1 bottom left, a playing square). Numbers follow the
  international convention, as PDN GameType 26 with numeric notation ("26,W,8,8,N2,0") writes
  them: 1 = b8, 4 = h8, 29 = a1, 32 = g1.
- English / American checkers: the "numbered board" of the checker literature (e.g. The
  Checker Maven, bobnewell.net: "With Black at the top, White at the bottom, the board is
  numbered in rows from left to right and top to bottom"; the University of Alberta's Chinook
  notation page shows the start with Black on 1–12 at the top). Each player's single corner
  (4 and 29) is on his left, the double corners (1/5 and 28/32) on his right.
- Italian: the Federazione Italiana Dama's brief rules (fid.it, "Italian draughts"): the board
  is "inverted" (the bottom-right square is dark) and "numbered from 1 in black's right-hand
  single corner to 32 at white's single corner": 1 is the top-left corner, 32 the bottom-right.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import dames
import pytest
from fastapi.testclient import TestClient
from games_support import start_game

INTERNATIONAL = """
 .  1  .  2  .  3  .  4  .  5
 6  .  7  .  8  .  9  . 10  .
 . 11  . 12  . 13  . 14  . 15
16  . 17  . 18  . 19  . 20  .
 . 21  . 22  . 23  . 24  . 25
26  . 27  . 28  . 29  . 30  .
 . 31  . 32  . 33  . 34  . 35
36  . 37  . 38  . 39  . 40  .
 . 41  . 42  . 43  . 44  . 45
46  . 47  . 48  . 49  . 50  .
"""

# Brazilian and English/American checkers: the same picture.
EIGHT_BY_EIGHT = """
 .  1  .  2  .  3  .  4
 5  .  6  .  7  .  8  .
 .  9  . 10  . 11  . 12
13  . 14  . 15  . 16  .
 . 17  . 18  . 19  . 20
21  . 22  . 23  . 24  .
 . 25  . 26  . 27  . 28
29  . 30  . 31  . 32  .
"""

ITALIAN = """
 1  .  2  .  3  .  4  .
 .  5  .  6  .  7  .  8
 9  . 10  . 11  . 12  .
 . 13  . 14  . 15  . 16
17  . 18  . 19  . 20  .
 . 21  . 22  . 23  . 24
25  . 26  . 27  . 28  .
 . 29  . 30  . 31  . 32
"""

PUBLISHED = {
    "international": INTERNATIONAL,
    "brazilian": EIGHT_BY_EIGHT,
    "english": EIGHT_BY_EIGHT,
    "italian": ITALIAN,
}


def grid(text: str) -> dict[int, tuple[int, int]]:
    """Square number -> (row, column) of a diagram written out above."""
    cells: dict[int, tuple[int, int]] = {}
    for row, line in enumerate(text.strip("\n").splitlines()):
        for col, token in enumerate(line.split()):
            if token != ".":
                cells[int(token)] = (row, col)
    return cells


@pytest.fixture
def client() -> Iterator[TestClient]:
    """The community app with no table behind it: the answer must not need DynamoDB (a read
    would reach for real AWS here and fail with a 503)."""
    from community_app import app

    with TestClient(app, raise_server_exceptions=False) as test_client:
        yield test_client


@pytest.fixture
def variants(client: TestClient) -> dict[str, dict[str, Any]]:
    response = client.get("/api/variants")
    assert response.status_code == 200, response.text
    return {v["name"]: v for v in response.json()["variants"]}


def test_the_grids_are_whole_boards() -> None:
    for name, text in PUBLISHED.items():
        cells = grid(text)
        size = dames.get_variant(name).size
        assert sorted(cells) == list(range(1, size * size // 2 + 1))
        assert len(text.strip("\n").splitlines()) == size


@pytest.mark.parametrize("name", list(PUBLISHED))
def test_square_numbers_match_the_federations_diagram(
    variants: dict[str, dict[str, Any]], name: str
) -> None:
    served = {s["number"]: (s["row"], s["col"]) for s in variants[name]["squares"]}
    assert served == grid(PUBLISHED[name])


def test_corners_tell_the_boards_apart(variants: dict[str, dict[str, Any]]) -> None:
    def at(name: str) -> dict[tuple[int, int], int]:
        return {(s["row"], s["col"]): s["number"] for s in variants[name]["squares"]}

    # A playing square in the bottom-left corner, except on the inverted Italian board.
    assert at("international")[(9, 0)] == 46
    assert at("brazilian")[(7, 0)] == 29 and at("english")[(7, 0)] == 29
    assert (7, 0) not in at("italian") and at("italian")[(7, 7)] == 32
    assert at("italian")[(0, 0)] == 1 and (0, 0) not in at("english")


def test_the_answer_is_public_and_kept_a_day(client: TestClient) -> None:
    response = client.get("/api/variants")
    assert response.status_code == 200
    assert response.headers["cache-control"] == "public, max-age=86400"
    assert response.headers["content-type"].startswith("application/json")


def test_shape_of_every_variant(variants: dict[str, dict[str, Any]]) -> None:
    assert list(variants) == ["international", "brazilian", "english", "italian"]
    expected = {
        # name: size, first mover, GameType, rules page
        "international": (10, "white", 20, "rules.html"),
        "brazilian": (8, "white", 26, "rules-brazilian.html"),
        "english": (8, "black", 21, "rules-english.html"),
        "italian": (8, "white", 22, "rules-italian.html"),
    }
    for name, (size, first, game_type, page) in expected.items():
        view = variants[name]
        assert set(view) == {
            "name", "displayName", "size", "squares", "firstToMove", "sides", "gameType",
            "gameTypeTag", "startFen", "rulesPage", "rules", "rankedSetup",
        }
        assert (view["size"], view["firstToMove"], view["gameType"], view["rulesPage"]) == (
            size, first, game_type, page,
        )
        assert view["gameTypeTag"].split(",")[0] == str(game_type)
        assert view["startFen"] == dames.get_variant(name).start_fen
        assert set(view["displayName"]) == {"fr", "en"}
        white, black = view["sides"]
        assert (white["color"], black["color"]) == ("white", "black")
        assert (white["name"], black["name"]) == (
            {"fr": "Blancs", "en": "White"}, {"fr": "Noirs", "en": "Black"},
        )
        assert white["movesUp"] and not black["movesUp"]
        men = 20 if size == 10 else 12
        total = size * size // 2
        assert white["startSquares"] == list(range(total - men + 1, total + 1))
        assert black["startSquares"] == list(range(1, men + 1))
        for text in view["rules"]["summary"]:
            assert text["fr"] and text["en"]
    assert variants["brazilian"]["gameTypeTag"] == "26,W,8,8,N2,0"
    assert [n for n, v in variants.items() if v["rankedSetup"]] == ["international"]
    assert variants["english"]["displayName"]["en"] == "English draughts (checkers)"


@pytest.mark.parametrize(
    ("name", "flying", "backward", "kings", "priority", "words"),
    [
        ("international", True, True, True, "majority", "most pieces"),
        ("brazilian", True, True, True, "majority", "most pieces"),
        ("english", False, False, True, "none", "any capture may be chosen"),
        ("italian", False, False, False, "italian", "then the king taken first"),
    ],
)
def test_rules_in_switches_and_words(
    variants: dict[str, dict[str, Any]],
    name: str,
    flying: bool,
    backward: bool,
    kings: bool,
    priority: str,
    words: str,
) -> None:
    rules = variants[name]["rules"]
    assert (
        rules["flyingKings"],
        rules["menCaptureBackward"],
        rules["menCaptureKings"],
        rules["capturePriority"],
    ) == (flying, backward, kings, priority)
    english = " ".join(t["en"] for t in rules["summary"])
    assert words in english
    assert ("Flying kings" in english) is flying
    assert ("never a king" in english) is (not kings)
    assert ("forwards only" in english) is (not backward)


def test_the_openapi_document_describes_the_route(client: TestClient) -> None:
    schema = client.get("/api/openapi.json").json()
    assert "/api/variants" in schema["paths"]
    assert "VariantView" in schema["components"]["schemas"]


def test_the_ranked_setup_told_is_the_one_the_server_ranks(
    variants: dict[str, dict[str, Any]], games_client: TestClient
) -> None:
    """The new-game page says beforehand whether a game will be ranked from this field only:
    a free game with exactly these choices is ranked, one choice changed makes it casual."""
    setup = variants["international"]["rankedSetup"]
    assert setup == {"level": "defi", "color": "white"}
    _, game = start_game(games_client, "free", **setup)
    assert game["ranked"] is True
    for change in ({"level": "fort"}, {"color": "black"}, {"variant": "english"}):
        _, game = start_game(games_client, "free", **{**setup, **change})
        assert game["ranked"] is False, change
