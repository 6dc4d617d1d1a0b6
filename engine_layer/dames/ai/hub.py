"""The Hub engine protocol (version 2, as spoken by Scan and the Hub GUI) over text streams.

Lines are `command arg=value ...`; Hub puts double quotes around a value holding spaces and
never uses single quotes, so an apostrophe is an ordinary character (`value=l'ami`). Positions
arrive as `pos pos=<W|B><one letter per square: w b W B e>` plus optional `moves="..."` played
from there. A refused position leaves no position at all: answering `go` for the previous one
would make a GUI play a move of another game.

A reader thread takes the lines off stdin while the main thread searches, so `ping` is
answered and `stop` obeyed during a search; other commands wait their turn, as the protocol
asks of a GUI anyway.
"""

from __future__ import annotations

import queue
import threading
from dataclasses import replace
from typing import TextIO

from dames import draws
from dames.ai.levels import LEVELS, Level
from dames.ai.player import search_position
from dames.ai.results import IterationInfo
from dames.ai.seeded import seeded_choice
from dames.board import Board
from dames.errors import DamesError
from dames.variants import VARIANTS

ENGINE_NAME = "Dames du jour"
ENGINE_VERSION = "1.0"
# Scan calls international draughts "normal"; accept that name too.
VARIANT_ALIASES = {"normal": "international"}
# `level depth=`/`move-time=`/... without a node limit: enough for hours, bounded all the same.
UNLIMITED_WORK = 2_000_000_000
MAX_DEPTH = 64


def parse_line(line: str) -> tuple[str, dict[str, str]]:
    """Split a protocol line into its command and its arguments (flags map to "").

    Tokens are separated by blanks; a double-quoted stretch (`moves="32-28 19-23"`) belongs to
    its token and loses its quotes. An unterminated double quote is an error.
    """
    tokens: list[str] = []
    current: list[str] = []
    in_token = False
    quoted = False
    for char in line:
        if char == '"':
            quoted = not quoted
            in_token = True
        elif char.isspace() and not quoted:
            if in_token:
                tokens.append("".join(current))
                current = []
                in_token = False
        else:
            current.append(char)
            in_token = True
    if quoted:
        raise ValueError("unterminated double quote")
    if in_token:
        tokens.append("".join(current))
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


_EOF = None  # what the reader queues when stdin ends


class HubSession:
    """One engine process's dialogue with a GUI."""

    def __init__(self, stdin: TextIO, stdout: TextIO) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.params: dict[str, str] = {"variant": "international", "level": "fort", "seed": "hub"}
        self.board: Board | None = None
        self.limit: Level = LEVELS["fort"]
        self.last_pv: list[str] = []
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._write_lock = threading.Lock()
        # Set while a search runs; the reader answers `ping` and records `stop`/`quit` itself.
        self._state_lock = threading.Lock()
        self._searching = False
        self._stop = threading.Event()
        self._quit = False

    def send(self, line: str) -> None:
        with self._write_lock:
            self.stdout.write(line + "\n")
            self.stdout.flush()

    def _read(self) -> None:
        """Reader thread: hands lines to the main loop, handles `ping`/`stop`/`quit` mid-search."""
        for raw in self.stdin:
            line = raw.strip()
            if not line:
                continue
            with self._state_lock:
                if self._searching and self._urgent(line):
                    continue
                self._lines.put(line)
        self._lines.put(_EOF)

    def _urgent(self, line: str) -> bool:
        """Handle a line that cannot wait for the search to end; False if it can."""
        word = line.split(maxsplit=1)[0]
        if word == "ping":
            self.send("pong")
        elif word == "stop":
            self._stop.set()
        elif word == "quit":
            self._quit = True
            self._stop.set()
        else:
            return False
        return True

    def run(self) -> int:
        reader = threading.Thread(target=self._read, name="hub-stdin", daemon=True)
        reader.start()
        while not self._quit:
            line = self._lines.get()
            if line is _EOF:
                break
            self._handle(line)
        return 0

    def _handle(self, line: str) -> None:
        try:
            command, args = parse_line(line)
        except ValueError as exc:
            self.send(f"error message={quote(str(exc))}")
            return
        if command == "quit":
            self._quit = True
            return
        try:
            self.dispatch(command, args)
        except (DamesError, ValueError) as exc:
            self.send(f"error message={quote(str(exc))}")

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
        # Anything else (stop outside a search, ponder-hit, unknown commands) is ignored, as
        # the protocol asks.

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
        self.board = None  # a refused position must not leave the previous one in place
        variant = self.params["variant"]
        # A Hub game is refereed by the federation's rules (repetition, the endgame counts).
        board = Board(position_to_fen(args.get("pos", ""), variant), variant=variant,
                      draw_rules=draws.FMJD)
        for text in args.get("moves", "").split():
            board.push(board.parse_move(text))
        self.board = board

    def set_limit(self, args: dict[str, str]) -> None:
        """`level` arguments combine: depth, nodes, and one of move-time / time / infinite."""
        limits = {"depth", "nodes", "move-time", "time", "infinite"}
        if not limits & args.keys():
            self.limit = LEVELS[self.params["level"]]
            return
        depth = _positive_int(args, "depth") if "depth" in args else MAX_DEPTH
        nodes = _positive_int(args, "nodes") if "nodes" in args else UNLIMITED_WORK
        time_limit: float | None = None
        if "move-time" in args:
            time_limit = _positive_float(args, "move-time")
        elif "time" in args:
            remaining = _positive_float(args, "time")
            moves = int(args.get("moves", "0") or 0) or 30
            budget = remaining / moves + float(args.get("inc", "0") or 0) * 0.8
            time_limit = max(0.05, min(budget, remaining * 0.5))
        # `infinite` (or depth/nodes alone): no clock; the search ends on its limits or `stop`.
        python = Level("hub", min(depth, MAX_DEPTH), nodes, time_limit=time_limit,
                       strong=True, learned=True)
        self.limit = replace(python, native=True, fallback=python)

    def go(self) -> None:
        board = self.board
        if board is None:
            raise DamesError("no position: send a valid pos first")
        if not board.legal_moves():
            raise DamesError("the side to move has no legal move")

        def report(info: IterationInfo) -> None:
            nps = info.nodes / info.seconds / 1e6 if info.seconds > 0 else 0.0
            self.send(f"info depth={info.depth} score={info.score / 100:.2f} nodes={info.nodes} "
                      f"time={info.seconds:.3f} nps={nps:.3f} pv={quote(' '.join(info.pv))}")
            self.last_pv = info.pv

        self.last_pv = []
        self._stop.clear()
        with self._state_lock:
            self._searching = True
        try:
            moves, result = search_position(board, self.limit, on_iteration=report,
                                            stop=self._stop.is_set)
        finally:
            with self._state_lock:
                self._searching = False
        move = moves[seeded_choice(result.best, self.params["seed"], board.ply, "tie")]
        answer = f"done move={move.hub()}"
        if len(self.last_pv) > 1 and self.last_pv[0] == move.hub():
            answer += f" ponder={self.last_pv[1]}"
        self.send(answer)


def _positive_int(args: dict[str, str], name: str) -> int:
    try:
        value = int(args[name])
    except ValueError:
        raise DamesError(f"{name} must be a whole number, not {args[name]!r}") from None
    if value < 1:
        raise DamesError(f"{name} must be at least 1")
    return value


def _positive_float(args: dict[str, str], name: str) -> float:
    try:
        value = float(args[name])
    except ValueError:
        raise DamesError(f"{name} must be a number of seconds, not {args[name]!r}") from None
    if not value > 0:
        raise DamesError(f"{name} must be positive")
    return value
