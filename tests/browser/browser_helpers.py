"""Small page helpers shared by the browser tests: find squares and pieces, wait for the
player's turn, read the move list, create and open games through the API, keep a player in
the browser, check accessibility."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Sequence
from typing import Any

from axe_playwright_python.sync_playwright import Axe

TURN_TIMEOUT_MS = 30_000
# Every variant the server plays, in the order the tests go through them.
VARIANTS = ["international", "brazilian", "english", "italian"]
# White's man on 28 must take Black's only piece (28x19): the player's move ends the game,
# and White keeps its eight men.
FEN_WHITE_WINS = "W:W28,31,36,37,41,42,46,47:B23"
# A move in official notation (32-28, 28x19, 30x39x28x37x46): a share text must never hold one.
MOVE_NOTATION = re.compile(r"\b\d{1,2}(?:[-x]\d{1,2})+\b")
# The narrowest phone the site is made for, as a browser context's options.
PHONE_320 = {
    "viewport": {"width": 320, "height": 640},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}


def spaced(text: str) -> str:
    """French number formatting uses (narrow) no-break spaces; compare with plain ones."""
    return text.replace("\u202f", " ").replace("\xa0", " ")


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

    Writes the game item the way the server stores it (docs/data-model.md): `startFen` in the
    engine's own FEN form, the moves, the player still the side to move, and `version` bumped
    like any other write, so the server replays the game from `fen` through `moves`. The
    condition refuses to touch a game that is over or already has moves. A daily game's board
    forgets the lines claimed on it before (``forget_claimed_lines``).
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
    arranged = games_table.update_item(
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
        ReturnValues="ALL_NEW",
    )["Attributes"]
    if arranged.get("mode") == "daily":
        forget_claimed_lines(games_table, str(arranged["date"]))


def forget_claimed_lines(games_table: Any, date: str) -> None:
    """Test data: no move list has been claimed yet on ``date``'s daily board.

    The browser tests win their arranged daily games with the same move (28x19 from
    ``FEN_WHITE_WINS``), as different players on the one board of the day, desktop and phone
    alike. Fair play holds a claim whose moves another player already claimed (the ``LINE#``
    items, docs/data-model.md), and the local server's analysis worker may judge it between the
    claim and the test's next read: then the player's own rank is ``null``. A real winner's
    line is their own, so each arranged game starts on a board where it is.
    """
    from boto3.dynamodb.conditions import Key
    from dames_backend.boards.keys import line_mark_pk
    from dames_backend.boards.ranking import board_pk

    prefix = line_mark_pk(board_pk("daily", date), "")
    scan: dict[str, Any] = {"FilterExpression": Key("pk").begins_with(prefix),
                            "ProjectionExpression": "pk, sk"}
    while True:
        page = games_table.scan(**scan)
        for item in page["Items"]:
            games_table.delete_item(Key={"pk": item["pk"], "sk": item["sk"]})
        if "LastEvaluatedKey" not in page:
            return
        scan["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def start_daily_game_at(
    page: Any, games_table: Any, fen: str, moves: Sequence[str] = ()
) -> tuple[str, str, float]:
    """Starts today's daily game through the site, moves its stored start to `fen` (and
    `moves` played from there), reloads so the site resumes it from there; returns the game's
    id, its token, and the monotonic time just before the game was created (the server's clock
    runs from its creation: it cannot have counted longer than since then).

    A daily game, because a free game arranged from another position is casual (only the
    free board's own set-up is ranked), while the daily's ranking looks only at its close."""
    created = time.monotonic()
    page.goto("/play.html?mode=daily")
    wait_for_turn(page)
    assert len(board_pieces(page)) == 40  # the standard start: nothing arranged yet
    saved = saved_game(page, "daily")
    set_start_position(games_table, saved["id"], fen, moves)
    page.reload()
    wait_for_turn(page)
    resumed = saved_game(page, "daily")
    assert resumed["id"] == saved["id"]  # resumed, not replaced by a new game
    return saved["id"], saved["token"], created


def claim_under_a_new_pseudonym(
    user: Any, game_id: str, token: str, name: str
) -> tuple[dict[str, str], dict[str, Any]]:
    """The end screen's pseudonym form sends `name`: the page registers the player, then
    claims the game with the game's token and the new player's. Returns the player and the
    claim's answer."""
    page = user.page
    page.locator("#pseudo").fill(name)
    with (
        page.expect_response(is_post("/api/players")) as registered,
        page.expect_response(is_post(f"/api/games/{game_id}/claim")) as claimed,
    ):
        user.press(page.locator("#pseudo-form button[type=submit]"))
    assert registered.value.status == 201
    player: dict[str, str] = registered.value.json()
    assert player["pseudonym"] == name
    assert claimed.value.status == 200
    claim_headers = claimed.value.request.headers
    assert claim_headers["authorization"] == f"Bearer {token}"
    assert claim_headers["x-player-token"] == player["token"]
    return player, claimed.value.json()


def is_post(path_end: str) -> Any:
    """A predicate for `page.expect_response`: a POST to a URL ending with `path_end`."""
    return lambda r: r.request.method == "POST" and r.url.split("?")[0].endswith(path_end)


def saved_game(page: Any, mode: str) -> dict[str, Any]:
    """The game the page keeps in the browser for `mode` (daily, free…): id, token…"""
    value: dict[str, Any] = page.evaluate(
        f"JSON.parse(localStorage.getItem('dames.game.{mode}'))"
    )
    return value


def assert_accessible(page: Any) -> None:
    """No axe-core violation on the page as it stands."""
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


def context_with_player(browser: Any, base_url: str, player: dict[str, str], **options: Any) -> Any:
    """A new browser context (`options` as for `browser.new_context`) whose every page finds
    `player` ({playerId, pseudonym, token}) kept as this device's pseudonym."""
    context = browser.new_context(base_url=base_url, **options)
    context.add_init_script(
        f"localStorage.setItem('dames.player', {json.dumps(json.dumps(player))})"
    )
    return context


def sign_up(page: Any, pseudonym: str) -> dict[str, str]:
    """Registers `pseudonym` through the API and keeps the player in the page's browser, as
    the end screen does after a first win; the page must be on the site."""
    registered = page.request.post("/api/players", data={"pseudonym": pseudonym})
    assert registered.status == 201, registered.text()
    player: dict[str, str] = registered.json()
    page.evaluate("p => localStorage.setItem('dames.player', JSON.stringify(p))", player)
    return player


def create_game(page: Any, body: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """POST /api/games with `body`, as the new-game screen sends it: (token, game view)."""
    response = page.request.post("/api/games", data=body)
    assert response.status == 201, response.text()
    created = response.json()
    return created["token"], created["game"]


def open_game(page: Any, token: str, game: dict[str, Any], *, numbers: bool = False) -> None:
    """Opens the game page on `game`, kept in the browser as the new-game screen keeps it."""
    mode = game["mode"]
    entry = json.dumps({"id": game["id"], "token": token, "status": game["status"]})
    script = f"localStorage.setItem('dames.game.{mode}', {json.dumps(entry)});"
    if numbers:
        script += "localStorage.setItem('dames.numbers', 'true');"
    page.add_init_script(script)
    page.goto(f"/play.html?mode={mode}")
    page.wait_for_selector("#board [data-square]")


def get_view(page: Any, game: dict[str, Any], token: str) -> dict[str, Any]:
    """GET /api/games/{id}: the server's view of `game`."""
    response = page.request.get(
        f"/api/games/{game['id']}", headers={"Authorization": f"Bearer {token}"}
    )
    assert response.status == 200, response.text()
    view: dict[str, Any] = response.json()
    return view


def post_move(page: Any, game: dict[str, Any], token: str, ply: int, move: str) -> dict[str, Any]:
    """POST /api/games/{id}/moves: plays `move` at `ply` and returns the new view."""
    response = page.request.post(
        f"/api/games/{game['id']}/moves",
        data={"ply": ply, "move": move},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert response.status == 200, response.text()
    view: dict[str, Any] = response.json()
    return view


def new_game(
    user: Any, *, opponent: str = "computer", level: str = "defi", color: str | None = None
) -> None:
    """Fills the new-game screen and starts; waits for the game page."""
    page = user.page
    page.goto("/new.html")
    user.press(page.locator(f'input[name="opponent"][value="{opponent}"]'))
    if opponent == "computer":
        user.press(page.locator(f'input[name="level"][value="{level}"]'))
        if color:
            user.press(page.locator(f'input[name="color"][value="{color}"]'))
    user.press(page.locator("#start"))
    page.wait_for_url("**/play.html?mode=*")


def first_square_on_screen(page: Any) -> int:
    """The square drawn top left: 1 with White at the bottom, 50 with Black."""
    return int(page.locator("#board [data-square]").first.get_attribute("data-square"))


def published_claim(**claim: Any) -> None:
    """A claim written straight through ``boards.claims.record_claim`` (its keyword
    arguments), then published as a clean fair-play verdict would: a claim is on no public
    board until its analysis publishes it (docs/fair-play.md), and these claims have no game
    for the local server's analysis worker to judge."""
    from dames_backend.boards.claims import record_claim
    from dames_backend.fairplay import review

    record_claim(**claim)
    item = review.load_claim(str(claim["game_id"]))
    assert item is not None and item.get("state") == "provisional", item
    review.decide(item, "published", ())
