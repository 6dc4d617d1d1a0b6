"""Reading a PDN file for the page: every position of a game, so the site shows any of them
without knowing the rules.

The engine's reader (``dames.read_games``) resolves each move on the board; this module turns
its result into what the page draws: for the chosen game, each ply's notation, its path and
captures (a ``MoveView``) and the FEN after it. A file of many games answers a short summary of
each and the positions of one game only (the one asked for), so a large file never makes a
response of megabytes. A bare FEN (or a lone ``[FEN …]`` tag) reads as a game without moves,
so a position can be imported and played on from like a game.

Malformed PDN is a 422 ``bad-pdn`` whose message is the reader's: it names the game, the move
number and the problem.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel, Field

from dames_backend.errors import ApiError
from dames_backend.game_views import MoveView, VariantName
from dames_backend.games import move_view

if TYPE_CHECKING:
    from dames import pdn

# A PDN file is larger than the 4 KB every other body is held to: this route gets its own
# limit (app_factory's per-path limits). 256 KB holds a tournament's worth of games.
PDN_MAX_BYTES = 256 * 1024
# The field's own bound, a little under the body's so the JSON quoting around it still fits
# and an oversized text is refused by the body limit (413) before it is read.
PDN_MAX_CHARS = 250_000
# Summaries answered for one file; a bigger database still reads, its first games are listed.
MAX_LISTED_GAMES = 500


class PdnPly(BaseModel):
    """One half-move of an imported game and the position it leads to."""

    notation: str = Field(description="As the file's move reads in official notation.")
    move: MoveView
    fen: str = Field(description="The position after this move.")


class PdnGameSummary(BaseModel):
    """A game of the file, enough to pick it from a list."""

    index: int = Field(description="1-based place in the file.")
    name: str = Field(description="How messages name it: its index, event and players.")
    tags: dict[str, str]
    variant: VariantName
    result: str = Field(description="As the file gives it (`*` when unknown or unfinished).")
    plies: int = Field(description="Half-moves in the game.")


class PdnGameDetail(PdnGameSummary):
    """The chosen game, every position included."""

    startFen: str
    moves: list[PdnPly]


class PdnReadResult(BaseModel):
    """What a PDN file holds: a summary of its games and the chosen one in full."""

    count: int = Field(description="Games in the file.")
    games: list[PdnGameSummary] = Field(
        description=f"The first {MAX_LISTED_GAMES} games' summaries, in file order."
    )
    game: PdnGameDetail


def _summary(game: pdn.PdnGame) -> PdnGameSummary:
    return PdnGameSummary(
        index=game.index,
        name=game.name,
        tags=game.tags,
        variant=game.variant,
        result=game.result,
        plies=len(game.moves),
    )


def _detail(game: pdn.PdnGame) -> PdnGameDetail:
    board = game.start_board()
    plies = []
    for notation, move in zip(game.notations, game.moves, strict=True):
        view = move_view(board, move)
        board.push(move)
        plies.append(PdnPly(notation=notation, move=view, fen=board.fen()))
    return PdnGameDetail(
        **_summary(game).model_dump(), startFen=game.start_board().fen(), moves=plies
    )


def _games(text: str) -> list[pdn.PdnGame]:
    """The file's games; a bare FEN is one game without moves."""
    from dames import pdn  # on first use, as the engine's package loads it (dames/__init__)

    try:
        return pdn.read_games(text)
    except pdn.PdnError as exc:
        try:
            board = pdn.read_position(text)
        except pdn.PdnError:
            raise ApiError(422, "bad-pdn", str(exc)) from None
        return [
            pdn.PdnGame(
                index=1,
                tags={"FEN": board.fen()},
                variant=board.variant.name,
                start_fen=board.fen(),
                moves=(),
                result="*",
            )
        ]


def read_pdn(text: str, game: int = 1) -> PdnReadResult:
    """Every game of ``text`` summarised, game number ``game`` (1-based) in full."""
    games = _games(text)
    if not 1 <= game <= len(games):
        raise ApiError(
            422, "no-such-game", f"the file holds {len(games)} game(s); there is no game {game}"
        )
    return PdnReadResult(
        count=len(games),
        games=[_summary(g) for g in games[:MAX_LISTED_GAMES]],
        game=_detail(games[game - 1]),
    )
