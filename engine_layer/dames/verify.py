"""``python -m dames verify``: replay a finished game's computer replies from its revealed seed.

The daily challenge promises that everyone met the same computer, and that anyone can check it
once the day's seed is revealed. This command is that check: it rebuilds the game from its start
position and asks `dames.ai.choose_move` for every computer reply, with the game's seed, level
and ply, exactly as the server did. A reply the computer would not have played means the server
(or the file) did not tell the truth; a different `aiVersion` means this copy of the engine is
not the computer that played, so a difference would prove nothing.

Input: the game's JSON as the API returns it (a GameView, or `{"game": GameView, …}`), or a PDN
game with `[Seed]`, `[Level]`, `[AiVersion]`, `[Mode]` and, when it does not start from the
standard position, `[FEN]` tags. The seed is never in a GameView (it is secret while the day
runs): it comes from `--seed`, a `seed` key in the JSON, or `--days` (the JSON of
`GET /api/daily/days` or `GET /api/daily`), looked up by the game's date.

The game is replayed under its own draw rules, as the server played it: the daily challenge's
for a daily game, the federation's for any other (the computer sees how far a draw is, so the
rules can change its reply). A game that does not say its mode is taken as a daily one;
`--draw-rules` overrides.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from dames import draws
from dames.ai import AI_VERSION, LEVELS, choose_move
from dames.ai.player import OPENING_RANDOM_PLIES
from dames.board import Board
from dames.color import BLACK, WHITE, Color
from dames.errors import DamesError, MoveError
from dames.move import Move
from dames.variants import VARIANTS, get_variant

if TYPE_CHECKING:
    from dames.pdn import PdnGame

EXIT_CONFIRMED = 0
EXIT_DIFFERENT = 1
EXIT_BAD_INPUT = 2  # also argparse's usage errors and dames.cli's DamesError status
EXIT_VERSION_MISMATCH = 3

EXIT_CODES_HELP = f"""exit status:
  {EXIT_CONFIRMED}  every computer reply confirmed, by the same computer version
  {EXIT_DIFFERENT}  at least one computer reply differs from what the computer plays
  {EXIT_BAD_INPUT}  unreadable or incomplete input (no seed, illegal move, maitre level, ...)
  {EXIT_VERSION_MISMATCH}  the game was played by another computer version (aiVersion): the
     replies are still replayed and shown, but they prove nothing either way
"""

# How the site's PDN names the person at the board (dames_backend.games.pdn_export), when the
# file has no [PlayerColor] tag.
PDN_PLAYER = "Player"


class VerifyInputError(DamesError):
    """The file cannot be verified as given (the message says what is missing or wrong)."""


@dataclass
class GameToVerify:
    """What a replay needs, whatever the input format."""

    moves: list[str]
    variant: str = "international"
    start_fen: str | None = None
    level: str | None = None
    seed: str | None = None
    player_color: Color | None = None
    ai_version: str | None = None
    date: str | None = None
    mode: str | None = None
    status: str | None = None
    draw_rules: str | None = None  # None: those of the game's mode

    @property
    def rules(self) -> str:
        """The draw rules the game is replayed under (see the module's docstring)."""
        if self.draw_rules is not None:
            return draws.canonical_rules(self.draw_rules)
        return draws.DAILY if self.mode is None else draws.rules_for_mode(self.mode)


@dataclass(frozen=True)
class ReplyCheck:
    """One computer reply: what the game says it played and what the computer plays."""

    number: int  # 1-based index of the move in the game
    ply: int
    color: Color
    played: str
    expected: str
    random_draw: bool

    @property
    def confirmed(self) -> bool:
        return self.played == self.expected


@dataclass
class Verdict:
    checks: list[ReplyCheck] = field(default_factory=list)
    version_matches: bool = True

    @property
    def different(self) -> list[ReplyCheck]:
        return [check for check in self.checks if not check.confirmed]

    @property
    def exit_status(self) -> int:
        if not self.version_matches:
            return EXIT_VERSION_MISMATCH
        return EXIT_DIFFERENT if self.different else EXIT_CONFIRMED


# ---------------------------------------------------------------------------------- reading

def _text_field(data: dict[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise VerifyInputError(f'"{key}" must be a non-empty string, got {value!r}')
    return value.strip()


def _color(text: str, where: str) -> Color:
    lowered = text.strip().lower()
    if lowered in ("white", "w", "blanc", "blancs"):
        return WHITE
    if lowered in ("black", "b", "noir", "noirs"):
        return BLACK
    raise VerifyInputError(f'{where} must be "white" or "black", got {text!r}')


def read_json_game(data: object) -> GameToVerify:
    """A GameView (or `{"game": GameView, "seed": …}`) as a game to verify."""
    if not isinstance(data, dict):
        raise VerifyInputError("the JSON must be an object: a game as GET /api/games/{id} returns")
    view = data.get("game", data)
    if not isinstance(view, dict):
        raise VerifyInputError('"game" must be an object (a GameView)')
    moves = view.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise VerifyInputError('"moves" is missing or not a list of move notations: is this a '
                               "game's JSON (GET /api/games/{id})?")
    color = _text_field(view, "playerColor")
    seed = view.get("seed", data.get("seed"))
    if seed is not None and not isinstance(seed, str):
        raise VerifyInputError(f'"seed" must be a string, got {seed!r}')
    return GameToVerify(
        moves=list(moves),
        variant=_text_field(view, "variant") or "international",
        start_fen=_text_field(view, "startFen"),
        level=_text_field(view, "level"),
        seed=seed,
        player_color=None if color is None else _color(color, '"playerColor"'),
        ai_version=_text_field(view, "aiVersion"),
        date=_text_field(view, "date"),
        mode=_text_field(view, "mode"),
        status=_text_field(view, "status"),
    )


def _pdn_player(game: PdnGame) -> Color | None:
    color = game.tag("PlayerColor")
    if color is not None:
        return _color(color, "[PlayerColor]")
    for side, tag in ((WHITE, "White"), (BLACK, "Black")):
        if (game.tag(tag) or "").strip() == PDN_PLAYER:
            return side
    return None


def read_pdn_game(text: str) -> GameToVerify:
    """One PDN game, read by ``dames.pdn``; its tags carry what a GameView would (seed, level,
    version, mode, start)."""
    from dames.pdn import PdnError, read_games

    try:
        games = read_games(text)
    except PdnError as exc:
        raise VerifyInputError(str(exc)) from None
    if len(games) != 1:
        raise VerifyInputError(f"the PDN holds {len(games)} games: verify one game per file")
    game = games[0]
    date = game.tag("Date")
    return GameToVerify(
        moves=[str(move) for move in game.moves],
        variant=game.variant,
        start_fen=game.start_fen if game.tag("FEN") else None,
        level=game.tag("Level"),
        seed=game.tag("Seed"),
        player_color=_pdn_player(game),
        ai_version=game.tag("AiVersion"),
        date=None if date is None or "?" in date else date.replace(".", "-"),  # ? = unknown
        mode=game.tag("Mode"),
    )


def read_game(text: str) -> GameToVerify:
    """A game from the text of a JSON GameView or of a PDN game."""
    start = text.lstrip()
    if not start:
        raise VerifyInputError("the file is neither a game's JSON nor a PDN game")
    if start.startswith(("{", "[")):
        try:
            return read_json_game(json.loads(text))
        except json.JSONDecodeError as exc:
            if start.startswith("{"):
                raise VerifyInputError(f"the JSON is malformed: {exc}") from None
    return read_pdn_game(text)  # a PDN file starts with its tags: "[Event ..."


def seed_from_days(data: object, date: str | None) -> tuple[str | None, str | None]:
    """(seed, aiVersion) of `date` in the JSON of GET /api/daily/days or GET /api/daily."""
    if date is None:
        raise VerifyInputError("--days needs the game's date, and this game has none")
    days: list[Any] = []
    if isinstance(data, dict):
        if isinstance(data.get("days"), list):
            days = data["days"]
        elif isinstance(data.get("yesterday"), dict):
            days = [data["yesterday"]]
    for day in days:
        if isinstance(day, dict) and day.get("date") == date:
            seed, version = day.get("seed"), day.get("aiVersion")
            if seed is not None and not isinstance(seed, str):
                raise VerifyInputError(f"the seed of {date} in --days is not a string")
            if seed is None:
                raise VerifyInputError(f"the seed of {date} is not revealed yet (it is, after "
                                       "the day's close)")
            return seed, version if isinstance(version, str) else None
    raise VerifyInputError(f"--days has no entry for {date} (the JSON of GET /api/daily/days "
                           "lists the last 30 closed days)")


def _read_text(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise VerifyInputError(f"cannot read {path}: {exc}") from None


# --------------------------------------------------------------------------------- replaying

def check_level(level: str | None) -> str:
    if level is None:
        raise VerifyInputError("the game's level is unknown: pass --level (daily games: defi)")
    if level not in LEVELS:
        raise VerifyInputError(f"unknown level {level!r}; expected one of {', '.join(LEVELS)}")
    if not LEVELS[level].reproducible:
        raise VerifyInputError(f"level {level} stops on the clock, so its replies depend on the "
                               "machine's speed and cannot be replayed")
    return level


def replay(game: GameToVerify, seed: str, level: str) -> list[ReplyCheck]:
    """Every computer reply of `game`, checked against what the computer plays there."""
    if game.variant not in VARIANTS:
        get_variant(game.variant)  # raises UnknownVariantError naming the variants
    if game.start_fen is None and game.mode == "practice":
        raise VerifyInputError("a practice game needs its startFen")
    board = Board(game.start_fen, variant=game.variant, draw_rules=game.rules)
    # The server gives the player the side to move at creation: the computer never moves first.
    player = board.turn if game.player_color is None else game.player_color
    checks: list[ReplyCheck] = []
    for number, text in enumerate(game.moves, start=1):
        outcome = board.outcome()
        if outcome is not None:
            raise VerifyInputError(f"move {number} ({text}) comes after the end of the game "
                                   f"({outcome.reason})")
        try:
            move: Move = board.parse_move(text)
        except MoveError as exc:
            raise VerifyInputError(f"move {number} ({text}) is not legal at ply {board.ply}: "
                                   f"{exc}") from None
        if board.turn != player:
            expected = choose_move(board, seed=seed, level=level, ply=board.ply)
            checks.append(ReplyCheck(
                number=number,
                ply=board.ply,
                color=board.turn,
                played=board.notation(move),
                expected=board.notation(expected),
                random_draw=board.ply < OPENING_RANDOM_PLIES or LEVELS[level].random_moves,
            ))
        board.push(move)
    return checks


def verify(game: GameToVerify, *, seed: str, level: str, out: TextIO | None = None) -> Verdict:
    """Replay and print every reply (on stdout by default); the verdict carries the exit
    status."""
    out = sys.stdout if out is None else out
    # Replay before printing anything, so bad input is one error line and no half report.
    verdict = Verdict(replay(game, seed, level), game.ai_version in (None, AI_VERSION))
    described = ", ".join(part for part in (
        game.mode, game.date, game.variant, f"level {level}", f"seed {seed}",
        f"{game.rules} draw rules",
    ) if part)
    print(f"game: {described}", file=out)
    if game.ai_version is None:
        print(f"aiVersion: not recorded in the game; replaying with this engine's {AI_VERSION}",
              file=out)
    elif verdict.version_matches:
        print(f"aiVersion: {AI_VERSION} (same as this engine)", file=out)
    else:
        print(f"aiVersion: MISMATCH: the game was played by {game.ai_version}, this engine is "
              f"{AI_VERSION}; check with that version (git history of "
              "engine_layer/dames/ai/version.py)", file=out)
    for check in verdict.checks:
        note = " (seeded draw)" if check.random_draw else ""
        status = "confirmed" if check.confirmed else (
            f"DIFFERENT: the computer plays {check.expected} here")
        print(f"move {check.number:3d}  ply {check.ply:3d}  {check.color!s:5}  "
              f"{check.played:<12} {status}{note}", file=out)
    different = len(verdict.different)
    summary = (f"{len(verdict.checks)} computer replies: "
               f"{len(verdict.checks) - different} confirmed, {different} different")
    if game.status == "playing":
        summary += " (the game is not finished)"
    if not verdict.version_matches:
        summary += "; version mismatch: nothing is proven"
    print(summary, file=out)
    return verdict


# ------------------------------------------------------------------------------ command line

def register(subparsers: Any) -> None:
    """Add `verify` to the `python -m dames` command line (dames.cli)."""
    parser = subparsers.add_parser(
        "verify",
        help="replay a finished game's computer replies from its seed",
        description=__doc__,
        epilog=EXIT_CODES_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", metavar="FILE",
                        help="the game: JSON from the API or a PDN game ('-' reads stdin)")
    parser.add_argument("--seed", default=None,
                        help="the game's seed (a daily's is revealed after the day's close)")
    parser.add_argument("--level", default=None,
                        help="the computer's level, when the file does not say (daily: defi)")
    parser.add_argument("--draw-rules", default=None, choices=draws.DRAW_RULES,
                        help="replay under these draw rules instead of those of the game's mode "
                        "(daily games: daily; any other: fmjd)")
    parser.add_argument("--days", default=None, metavar="DAYS_JSON",
                        help="the JSON of GET /api/daily/days (or /api/daily): the seed is "
                        "looked up by the game's date")
    parser.set_defaults(handler=run_verify)


def run_verify(args: argparse.Namespace) -> int:
    game = read_game(_read_text(args.file))
    game.draw_rules = args.draw_rules or game.draw_rules
    seed = args.seed if args.seed is not None else game.seed
    if seed is None and args.days is not None:
        try:
            days = json.loads(_read_text(args.days))
        except json.JSONDecodeError as exc:
            raise VerifyInputError(f"--days: the JSON is malformed: {exc}") from None
        seed, day_version = seed_from_days(days, game.date)
        game.ai_version = game.ai_version or day_version
    if seed is None or not seed.strip():
        raise VerifyInputError("no seed: the game's JSON never holds it while the day runs; "
                               "pass --seed S (a daily's is revealed after its close by GET "
                               "/api/daily and /api/daily/days) or --days days.json")
    level = check_level(args.level if args.level is not None else game.level)
    return verify(game, seed=seed.strip(), level=level).exit_status
