"""The Hub engine protocol (version 2, as spoken by Scan and the Hub GUI) over text streams.

Lines are `command arg=value ...` with double quotes around values holding spaces. The session
is synchronous: a search runs to its limit before the next line is read, which the protocol
allows (the engine "is not expected to react instantly" to `stop`). Positions arrive as
`pos pos=<W|B><one letter per square: w b W B e>` plus optional `moves="..."` played from there.
"""

from __future__ import annotations

import shlex
from typing import TextIO

from dames.ai.levels import LEVELS, Level
from dames.ai.player import search_position
from dames.ai.search import IterationInfo
from dames.ai.seeded import seeded_choice
from dames.board import Board
from dames.errors import DamesError
from dames.variants import VARIANTS

ENGINE_NAME = "Dames du jour"
ENGINE_VERSION = "1.0"
# Scan calls international draughts "normal"; accept that name too.
VARIANT_ALIASES = {"normal": "international"}


def parse_line(line: str) -> tuple[str, dict[str, str]]:
    """Split a protocol line into its command and its arguments (flags map to "")."""
    tokens = shlex.split(line)
    if not tokens:
        return "", {}
    args: dict[str, str] = {}
    for token in tokens[1:]:
        name, _, value = token.partition("=")
        args[name] = value
    return tokens[0], args


def quote(value: str) -> str:
    return f'"{value}"' if not value or any(c in value for c in ' ="') else value


def position_to_fen(text: str, variant: str) -> str:
    """Hub position (`W` + one letter per square) to PDN FEN."""
    squares = VARIANTS[variant].squares
    if len(text) != squares + 1 or text[0] not in "WB":
        raise DamesError(
            f"pos must be W or B then {squares} letters for {variant}, got {len(text)} characters"
        )
    white: list[str] = []
    black: list[str] = []
    for square, letter in enumerate(text[1:], start=1):
        if letter == "w":
            white.append(str(square))
        elif letter == "W":
            white.append(f"K{square}")
        elif letter == "b":
            black.append(str(square))
        elif letter == "B":
            black.append(f"K{square}")
        elif letter != "e":
            raise DamesError(f"unknown piece letter {letter!r} on square {square}")
    return f"{text[0]}:W{','.join(white)}:B{','.join(black)}"


class HubSession:
    """One engine process's dialogue with a GUI."""

    def __init__(self, stdin: TextIO, stdout: TextIO) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.params: dict[str, str] = {"variant": "international", "level": "fort", "seed": "hub"}
        self.board: Board | None = None
        self.limit: Level = LEVELS["fort"]

    def send(self, line: str) -> None:
        self.stdout.write(line + "\n")
        self.stdout.flush()

    def run(self) -> int:
        for raw in self.stdin:
            line = raw.strip()
            if not line:
                continue
            try:
                command, args = parse_line(line)
            except ValueError as exc:
                self.send(f"error message={quote(str(exc))}")
                continue
            if command == "quit":
                break
            try:
                self.dispatch(command, args)
            except (DamesError, ValueError) as exc:
                self.send(f"error message={quote(str(exc))}")
        return 0

    def dispatch(self, command: str, args: dict[str, str]) -> None:
        if command == "hub":
            self.send(f"id name={quote(ENGINE_NAME)} version={ENGINE_VERSION} "
                      f"author={quote('Dames du jour')} country=France")
            variants = " ".join(VARIANTS)
            self.send(f"param name=variant value=international type=enum values={quote(variants)}")
            self.send(f"param name=level value=fort type=enum values={quote(' '.join(LEVELS))}")
            self.send("param name=seed value=hub type=string")
            self.send("wait")
        elif command == "set-param":
            self.set_param(args.get("name", ""), args.get("value", ""))
        elif command == "init":
            self.limit = LEVELS[self.params["level"]]
            self.send("ready")
        elif command == "ping":
            self.send("pong")
        elif command == "new-game":
            self.board = None
        elif command == "pos":
            self.set_position(args)
        elif command == "level":
            self.set_limit(args)
        elif command == "go":
            self.go()
        # Anything else (stop, ponder-hit, unknown commands) is ignored, as the protocol asks.

    def set_param(self, name: str, value: str) -> None:
        if name == "variant":
            value = VARIANT_ALIASES.get(value, value)
            if value not in VARIANTS:
                raise DamesError(f"unknown variant {value!r}")
        elif name == "level":
            if value not in LEVELS:
                raise DamesError(f"unknown level {value!r}")
            self.limit = LEVELS[value]
        elif name != "seed":
            return
        self.params[name] = value

    def set_position(self, args: dict[str, str]) -> None:
        variant = self.params["variant"]
        board = Board(position_to_fen(args.get("pos", ""), variant), variant=variant)
        for text in args.get("moves", "").split():
            board.push(board.parse_move(text))
        self.board = board

    def set_limit(self, args: dict[str, str]) -> None:
        named = LEVELS[self.params["level"]]
        if "depth" in args:
            depth = int(args["depth"])
            self.limit = Level("hub-depth", depth, 50_000_000)
        elif "move-time" in args:
            self.limit = Level("hub-time", 64, 50_000_000, time_limit=float(args["move-time"]))
        elif "time" in args:
            remaining = float(args["time"])
            moves = int(args.get("moves", "0") or 0) or 30
            budget = remaining / moves + float(args.get("inc", "0") or 0) * 0.8
            self.limit = Level("hub-time", 64, 50_000_000,
                               time_limit=max(0.05, min(budget, remaining * 0.5)))
        elif "infinite" in args:
            self.limit = Level("hub-infinite", 64, 50_000_000, time_limit=30.0)
        else:
            self.limit = named

    def go(self) -> None:
        board = self.board
        if board is None:
            raise DamesError("no position: send pos first")
        if not board.legal_moves():
            raise DamesError("the side to move has no legal move")

        def report(info: IterationInfo) -> None:
            nps = info.nodes / info.seconds / 1e6 if info.seconds > 0 else 0.0
            self.send(f"info depth={info.depth} score={info.score / 100:.2f} nodes={info.nodes} "
                      f"time={info.seconds:.3f} nps={nps:.3f} pv={quote(' '.join(info.pv))}")
            self.last_pv = info.pv

        self.last_pv: list[str] = []
        moves, result = search_position(board, self.limit, on_iteration=report)
        move = moves[seeded_choice(result.best, self.params["seed"], board.ply, "tie")]
        answer = f"done move={move.hub()}"
        if len(self.last_pv) > 1 and self.last_pv[0] == move.hub():
            answer += f" ponder={self.last_pv[1]}"
        self.send(answer)
