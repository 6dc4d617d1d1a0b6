"""Reading a PDN file for the page: every position of a game, so the site shows any of them
without knowing the rules.

The engine's reader (``dames.read_games``) resolves each move on the board; this module turns
its result into what the page draws: for the chosen game, each ply's notation, its path and
captures (a ``MoveView``) and the FEN after it. A file of many games answers a short summary of
each and the positions of one game only (the one asked for), so a large file never makes a
response of megabytes. A bare FEN (or a lone ``[FEN …]`` tag) reads as a game without moves,
so a position can be imported and played on from like a game.

The file is read game by game, within a CPU budget (``PDN_CPU_SECONDS``), so one broken game
of a database does not lose the others and no file costs more than about a second:
each summary carries its game's error (null when read). Malformed PDN is a 422 ``bad-pdn``,
whose message is the reader's (it names the game, the move number and the problem), only when
the chosen game cannot be read or no game of the file can.

Files rarely say which game they hold when it is not international draughts (English and
Italian databases often have no ``GameType`` tag): the request may name the variant of such
games, and of a bare FEN; a ``GameType`` tag still wins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel, Field

from dames_backend.errors import ApiError
from dames_backend.games.views import MoveView, VariantName, move_view

if TYPE_CHECKING:
    import dames
    from dames import pdn

# A PDN file is larger than the 4 KB every other body is held to: 256 KB holds a tournament's
# worth of games. The limit is the text's own (its UTF-8 bytes), as the page counts a file:
# JSON writes a newline or a quote in two bytes and a control character in six, so the
# body may be up to six times the text, and the route's body limit (app_factory's per-path
# limits) leaves that room, refusing only what no text within the limit can make.
PDN_MAX_BYTES = 256 * 1024
PDN_BODY_MAX_BYTES = 6 * PDN_MAX_BYTES + 4096
# Summaries answered for one file; a bigger database still reads, its first games are listed.
MAX_LISTED_GAMES = 500
# The reader's own CPU time per request (its thread's, so others' load does not shorten it):
# games past it are listed unread with the reason, and a file that cannot even be split into
# games in that time is a 422. With the local limiter's small PDN pool (and per-client
# throttles on AWS), files never starve the moves of other players.
PDN_CPU_SECONDS = 1.0
# An unread game's error as listed (a crafted file could make every one long); the 422 for
# the chosen game gives it whole.
MAX_LISTED_ERROR = 300


class PdnEvalView(BaseModel):
    """An evaluation a file writes after a move (``[%eval 0.35]``, ``[%eval #-4]``)."""

    value: int | None = Field(description="Centi-men from White's side; null for a won line.")
    mate: int | None = Field(
        default=None, description="Moves to a won end: positive when White wins."
    )


class PdnPly(BaseModel):
    """One half-move of an imported game, the position it leads to, and the notes the file
    writes beside it."""

    notation: str = Field(description="As the file's move reads in official notation.")
    move: MoveView
    fen: str = Field(description="The position after this move.")
    comment: str | None = Field(
        default=None, description="The file's comment after the move, its `[%eval]` mark apart."
    )
    marks: list[str] = Field(
        default_factory=list,
        description="`!`, `?`, `!!`, `??`, `!?`, `?!` (NAGs $1–$6 as these), other NAGs `$n`.",
    )
    eval: PdnEvalView | None = Field(default=None, description="The comment's `[%eval]` mark.")
    variations: list[PdnVariationView] = Field(
        default_factory=list,
        description="Lines the file plays instead of this move, from the position before it.",
    )


class PdnVariationView(BaseModel):
    """A variation: moves from ``startFen`` (the position before the move it replaces)."""

    startFen: str
    comment: str | None = Field(default=None, description="Written before its first move.")
    moves: list[PdnPly]
    error: str | None = Field(
        default=None,
        description="Why it stops short of what the file writes (a move that does not read, "
        f"or the reader's budget); at most {MAX_LISTED_ERROR} characters.",
    )


PdnPly.model_rebuild()


class PdnGameSummary(BaseModel):
    """A game of the file, enough to pick it from a list."""

    index: int = Field(description="1-based place in the file.")
    name: str = Field(description="How messages name it: its index, event and players.")
    tags: dict[str, str]
    variant: VariantName | None = Field(
        description="Null only for an unread game whose GameType is not a game the site plays."
    )
    result: str = Field(description="As the file gives it (`*` when unknown or unfinished).")
    plies: int = Field(description="Half-moves in the game (0 when it could not be read).")
    error: str | None = Field(
        default=None,
        description=f"Why the game cannot be read (at most {MAX_LISTED_ERROR} characters); "
        "null when it reads.",
    )


class PdnGameDetail(PdnGameSummary):
    """The chosen game, every position included."""

    variant: VariantName
    startFen: str
    comment: str | None = Field(default=None, description="Written before the first move.")
    moves: list[PdnPly]


class PdnReadResult(BaseModel):
    """What a PDN file holds: a summary of its games and the chosen one in full."""

    count: int = Field(description="Games in the file.")
    games: list[PdnGameSummary] = Field(
        description=f"The first {MAX_LISTED_GAMES} games' summaries, in file order."
    )
    game: PdnGameDetail


def _summary(game: pdn.PdnGame | pdn.PdnUnreadGame) -> PdnGameSummary:
    from dames import pdn  # on first use, as the engine's package loads it (dames/__init__)

    if isinstance(game, pdn.PdnUnreadGame):
        plies, error = 0, _shorten(str(game.error))
    else:
        plies, error = len(game.moves), None
    return PdnGameSummary(
        index=game.index,
        name=game.name,
        tags=game.tags,
        variant=game.variant,
        result=game.result,
        plies=plies,
        error=error,
    )


def _shorten(error: str) -> str:
    return error if len(error) <= MAX_LISTED_ERROR else error[: MAX_LISTED_ERROR - 1] + "…"


def _plies(line: pdn.PdnLine, board: dames.Board) -> list[PdnPly]:
    """Each move of ``line`` played from ``board`` (left as it was), with its notes."""
    from dames.pdn_comments import comment_words, parse_eval

    position = board.copy()
    plies = []
    for i, move in enumerate(line.moves):
        comment = line.comments[i] if i < len(line.comments) else None
        found = parse_eval(comment)
        variations = [
            PdnVariationView(
                startFen=position.fen(),
                comment=variation.comment,
                moves=_plies(variation, position),
                error=None if variation.error is None else _shorten(variation.error),
            )
            for variation in (line.variations[i] if i < len(line.variations) else ())
        ]
        view = move_view(position, move)
        position.push(move)
        plies.append(PdnPly(
            notation=line.notations[i],
            move=view,
            fen=position.fen(),
            comment=comment_words(comment),
            marks=list(line.marks[i]) if i < len(line.marks) else [],
            eval=None if found is None else PdnEvalView(value=found.value, mate=found.mate),
            variations=variations,
        ))
    return plies


def _detail(game: pdn.PdnGame) -> PdnGameDetail:
    board = game.start_board()
    return PdnGameDetail(
        **_summary(game).model_dump(exclude={"variant"}),
        variant=game.variant,
        startFen=board.fen(),
        comment=game.comment,
        moves=_plies(game, board),
    )


def _games(text: str, variant: str) -> list[pdn.PdnGame | pdn.PdnUnreadGame]:
    """The file's games, read or not; a bare FEN is one game without moves."""
    from dames import pdn

    try:
        games = list(pdn.iter_games(text, default_variant=variant, cpu_seconds=PDN_CPU_SECONDS))
    except pdn.PdnError as exc:  # no game at all
        games, first_error = [], exc
    else:
        if any(isinstance(g, pdn.PdnGame) for g in games):
            return games
        first_error = next(g.error for g in games if isinstance(g, pdn.PdnUnreadGame))
    try:
        board = pdn.read_position(text, variant)
    except pdn.PdnError:
        raise ApiError(422, "bad-pdn", str(first_error)) from None
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


def check_size(text: str) -> None:
    """413 ``pdn-too-large`` for a text over ``PDN_MAX_BYTES``, counted on the text itself."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > PDN_MAX_BYTES:
        raise ApiError(
            413,
            "pdn-too-large",
            f"the PDN text is {size} bytes; at most {PDN_MAX_BYTES} are read at once "
            "(split the file)",
        )


def read_pdn(text: str, game: int | None = None, variant: str | None = None) -> PdnReadResult:
    """Every game of ``text`` summarised, game number ``game`` (1-based) in full.

    Without ``game``, the first game that reads: a page opening a file cannot know which
    games are broken before it has the list. ``variant`` is that of the games whose file does
    not say (international by default).
    """
    from dames import pdn

    check_size(text)
    games = _games(text, variant or "international")
    chosen: pdn.PdnGame | pdn.PdnUnreadGame
    if game is None:
        chosen = next(g for g in games if isinstance(g, pdn.PdnGame))
    else:
        # By the index the summaries give (and messages use): a stray result between two
        # games is not a game, so an index may be past the game's place in the list.
        found = [g for g in games if g.index == game]
        if not found:
            raise ApiError(
                422,
                "no-such-game",
                f"the file holds {len(games)} game{'' if len(games) == 1 else 's'}; "
                f"there is no game {game}",
            )
        chosen = found[0]
    if isinstance(chosen, pdn.PdnUnreadGame):
        raise ApiError(422, "bad-pdn", str(chosen.error))
    return PdnReadResult(
        count=len(games),
        games=[_summary(g) for g in games[:MAX_LISTED_GAMES]],
        game=_detail(chosen),
    )
