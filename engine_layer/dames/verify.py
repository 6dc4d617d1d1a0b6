"""``python -m dames verify``: replay a finished game's computer replies from its revealed seed.

The daily challenge promises that everyone met the same computer, and that anyone can check it
once the day's seed is revealed. This command is that check: it rebuilds the game from its start
position and asks `dames.ai.choose_move` for every computer reply, with the game's seed, level
and ply, exactly as the server did. A reply the computer would not have played means the server
(or the file) did not tell the truth; a different `aiVersion` means this copy of the engine is
not the computer that played, so a difference would prove nothing.

Input: the game's JSON as the API returns it (a GameView, or `{"game": GameView, …}`), or a PDN
game with `[Seed]`, `[Level]`, `[AiVersion]` and, when it does not start from the standard
position, `[FEN]` tags. The seed is never in a GameView (it is secret while the day runs): it
comes from `--seed`, a `seed` key in the JSON, or `--days` (the JSON of `GET /api/daily/days`
or `GET /api/daily`), looked up by the game's date.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from dames.ai import AI_VERSION, LEVELS, choose_move
from dames.ai.player import OPENING_RANDOM_PLIES
from dames.board import Board
from dames.color import BLACK, WHITE, Color
from dames.errors import DamesError, MoveError
from dames.move import Move
from dames.variants import VARIANTS, get_variant

EXIT_CONFIRMED = 0
EXIT_DIFFERENT = 1
EXIT_BAD_INPUT = 2  # also argparse's usage errors and dames.cli's DamesError status
EXIT_VERSION_MISMATCH = 3

DRAW_RULES = "defi"  # every server game is played under these (dames_backend.games.DRAW_RULES)

EXIT_CODES_HELP = f"""exit status:
  {EXIT_CONFIRMED}  every computer reply confirmed, by the same computer version
  {EXIT_DIFFERENT}  at least one computer reply differs from what the computer plays
  {EXIT_BAD_INPUT}  unreadable or incomplete input (no seed, illegal move, maitre level, ...)
  {EXIT_VERSION_MISMATCH}  the game was played by another computer version (aiVersion): the
     replies are still replayed and shown, but they prove nothing either way
"""

# PDN GameType numbers (first field of the tag) of the variants the engine plays.
PDN_GAME_TYPES = {"20": "international", "21": "english", "22": "italian", "26": "brazilian"}
PDN_RESULTS = {"2-0", "0-2", "1-1", "0-0", "1-0", "0-1", "*", "½-½", "1/2-1/2"}
MOVE_TOKEN = re.compile(r"^\d+(?:[-x:]\d+)+$")
TAG = re.compile(r'\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]')


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


def _strip_nested(text: str, opening: str, closing: str) -> str:
    """Drop PDN comments or variations, which may nest."""
    out: list[str] = []
    depth = 0
    for char in text:
        if char == opening:
            depth += 1
        elif char == closing and depth:
            depth -= 1
        elif not depth:
            out.append(char)
    if depth:
        raise VerifyInputError(f"unbalanced {opening!r} in the PDN move text")
    return "".join(out)


def read_pdn_game(text: str) -> GameToVerify:
    """One PDN game; its tags carry what a GameView would (seed, level, version, start)."""
    tags: dict[str, str] = {}
    for name, value in TAG.findall(text):
        key = name.lower()
        value = value.replace('\\"', '"').strip()
        if key in tags and tags[key] != value:
            raise VerifyInputError(f"two different [{name}] tags: verify one game per file")
        tags[key] = value
    movetext = TAG.sub(" ", text)
    movetext = re.sub(r";[^\n]*", " ", movetext)
    movetext = _strip_nested(_strip_nested(movetext, "{", "}"), "(", ")")
    moves: list[str] = []
    for raw in movetext.split():
        token = re.sub(r"^\d+\.+", "", raw).rstrip("!?+#")
        if not token or token.startswith("$") or token in PDN_RESULTS:
            continue
        if not MOVE_TOKEN.match(token):
            raise VerifyInputError(f"{raw!r} is not a move in the PDN move text")
        moves.append(token.replace(":", "x"))
    if not tags and not moves:
        raise VerifyInputError("the file is neither a game's JSON nor a PDN game")
    variant = tags.get("variant")
    game_type = tags.get("gametype")
    if variant is None and game_type is not None:
        number = game_type.split(",")[0].strip()
        if number not in PDN_GAME_TYPES:
            raise VerifyInputError(f"[GameType {game_type!r}] is not a variant this engine plays")
        variant = PDN_GAME_TYPES[number]
    color = tags.get("playercolor")
    date = tags.get("date")
    return GameToVerify(
        moves=moves,
        variant=variant or "international",
        start_fen=tags.get("fen"),
        level=tags.get("level"),
        seed=tags.get("seed"),
        player_color=None if color is None else _color(color, "[PlayerColor]"),
        ai_version=tags.get("aiversion"),
        date=None if date is None else date.replace(".", "-"),
    )


def read_game(text: str) -> GameToVerify:
    """A game from the text of a JSON GameView or of a PDN game."""
    start = text.lstrip()
    if start.startswith("{") or (start.startswith("[") and not TAG.match(start)):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise VerifyInputError(f"the JSON is malformed: {exc}") from None
        return read_json_game(data)
    return read_pdn_game(text)


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
    board = Board(game.start_fen, variant=game.variant, draw_rules=DRAW_RULES)
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
    parser.add_argument("--days", default=None, metavar="DAYS_JSON",
                        help="the JSON of GET /api/daily/days (or /api/daily): the seed is "
                        "looked up by the game's date")
    parser.set_defaults(handler=run_verify)


def run_verify(args: argparse.Namespace) -> int:
    game = read_game(_read_text(args.file))
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
