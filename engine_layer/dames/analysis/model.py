"""What an analysis holds, and its stored form (camelCase JSON, small enough for one item).

A stored analysis is only comparable with another made by the same engine, so its `version`
joins this pass's own revision to `dames.ai.AI_VERSION`: change either and old analyses read
as made by another engine (callers redo them or show them as they are).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dames.ai.version import AI_VERSION
from dames.native import engine_version

# Bump when the pass's figures change for the same engine (formulas, thresholds, budgets).
ANALYSIS_REVISION = 4
# The deeper search is the native core's where it is built (its revision and weights).
ANALYSIS_VERSION = f"{ANALYSIS_REVISION}/{AI_VERSION}/{engine_version()}"
MATCH_LEVELS = ("fort", "maitre")


def complement(win: float) -> float:
    """The other side's win% of the same position, to 0.1 (one expression, used both when
    the analysis is made and when its stored form is read, so they agree to the bit)."""
    return round(100 - win, 1)


@dataclass(frozen=True)
class AnalysisBudget:
    """How much a game's analysis may cost, in the search's deterministic work units.

    Each position before a move with a choice gets a deeper "maitre" search while `total_nodes`
    lasts (depth up to `depth`; the native core's `native_nodes` where it is built, else the
    Python search's `position_work` units; `maitre` itself stops on the clock, which would make
    the analysis depend on the machine). Once the Python work reaches `total_nodes`, each
    remaining position gets one cheap search (`quick_depth` plies, `quick_work` units) that
    gives its evaluation and best move but no match: the cost of a game is thus at most
    `total_nodes` plus one full position plus `quick_work` per remaining position, the core's
    searches being bounded apiece.

    The core's searches share `native_total` nodes over the game: each position with a
    choice gets `native_total` divided by their number, at most `native_nodes` and at least
    `native_floor` (`per_position_nodes`). A game of up to about 80 positions to search (90
    plies or so) gets the full `native_nodes` each; a 300-ply game about a third of it, so
    that a long game costs what a short one does (the ≤ 3 s goal of a game's analysis,
    bench/analysis.py) rather than three times as much.

    `fort_matches` also searches each position at the `fort` level exactly as the computer
    plays it, for the share of `fort`'s moves (`matches["fort"]`). Nothing the player sees
    reads it and fair play's judge measures `fort`'s agreement itself, while its Python search
    cost two thirds of a game's analysis (bench/analysis.py): off by default, and its work
    counts against `total_nodes`. `position_work=0` skips the deeper search: `fort` alone then
    values each position and moves carry no "maitre" match
    (`SideSummary.matched_moves["maitre"]` is 0).
    """

    total_nodes: int = 3_000_000
    position_work: int = 60_000
    # The deeper search's nodes when the native core makes it (about 0.04 s on one core): by
    # Scan's judgement no worse than 400 000 (bench/RESULTS.md, "Move quality", 2026-12-06).
    native_nodes: int = 150_000
    native_total: int = 12_000_000
    native_floor: int = 40_000
    depth: int = 64
    quick_depth: int = 4
    quick_work: int = 8_000
    fort_matches: bool = False

    def __post_init__(self) -> None:
        for name in ("total_nodes", "position_work", "depth", "quick_depth", "quick_work",
                     "native_nodes", "native_total", "native_floor"):
            if getattr(self, name) < 0:
                raise ValueError(f"AnalysisBudget.{name} must not be negative")

    def per_position_nodes(self, positions: int) -> int:
        """The core's nodes for each of a game's `positions` searches (see the class)."""
        share = self.native_total // max(1, positions)
        return max(min(self.native_nodes, self.native_floor), min(self.native_nodes, share))


@dataclass
class MoveAnalysis:
    """One move of the game as the analysis sees it.

    Evaluations are centi-men from White's point of view; win%, loss and accuracy from the
    mover's. `mate_in` (plies to the end of a won line after the move, positive when White
    wins) marks a decisive evaluation, which is then exactly ±`scoring.EVAL_CAP`: 0 (the move
    ended the game) has no sign, so readers take the winner from `eval_after`'s. `searched`
    says how the position before the move was analysed: "full" (both match searches), "quick"
    (budget spent: evaluation and best move only, `matches` empty) or "forced" (one legal move,
    no search; `accuracy` 100, `loss` 0, excluded from every rate and mean).
    """

    ply: int
    side: str
    move: str
    notation: str
    forced: bool
    eval_after: int
    mate_in: int | None
    best_move: str
    best_line: list[str]
    loss: int
    win_before: float
    win_after: float
    accuracy: float
    judgement: str
    matches: dict[str, bool] = field(default_factory=dict)
    depth: int = 0
    searched: str = "full"

    def to_dict(self, *, compact: bool = False) -> dict[str, Any]:
        """Every field, camelCase (`mateIn` only when decisive). `compact` (the stored form)
        leaves out what `from_dict` can restore: `side` (from the ply and the game's first
        side), `bestMove` (`bestLine[0]`), `forced` (judgement "forced"), `move` when it reads
        as `notation`, and the fields at their defaults (judgement "good", loss 0, accuracy
        100, no matches, depth 0, searched "full" or "forced"). `GameAnalysis.to_dict` also
        drops `winBefore` after the first move (100 − the previous `winAfter`)."""
        data: dict[str, Any] = {
            "ply": self.ply,
            "side": self.side,
            "move": self.move,
            "notation": self.notation,
            "forced": self.forced,
            "evalAfter": self.eval_after,
            "bestMove": self.best_move,
            "bestLine": self.best_line,
            "loss": self.loss,
            "winBefore": self.win_before,
            "winAfter": self.win_after,
            "accuracy": self.accuracy,
            "judgement": self.judgement,
            "matches": self.matches,
            "depth": self.depth,
            "searched": self.searched,
        }
        _put_if_set(data, "mateIn", self.mate_in)
        if not compact:
            return data
        restorable = self._restorable()
        return {key: value for key, value in data.items() if key not in restorable}

    def _restorable(self) -> set[str]:
        """The keys `from_dict` restores when they are left out: derived, or at their default."""
        keys = {"side", "bestMove", "forced"}
        if self.move == self.notation:
            keys.add("move")
        if not self.matches:
            keys.add("matches")
        if not self.depth:
            keys.add("depth")
        if self.searched == ("forced" if self.forced else "full"):
            keys.add("searched")
        for key, value, default in (("judgement", self.judgement, "good"), ("loss", self.loss, 0),
                                    ("accuracy", self.accuracy, 100.0)):
            if value == default:
                keys.add(key)
        return keys

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, side: str | None = None,
                  win_before: float | None = None) -> MoveAnalysis:
        """Read either form; `side` and `win_before` stand in where the row leaves them out."""
        judged = str(data.get("judgement", "good"))
        forced = bool(data.get("forced", judged == "forced"))
        line = [str(m) for m in data["bestLine"]]
        return cls(
            ply=int(data["ply"]),
            side=str(data.get("side", side)),
            move=str(data.get("move", data["notation"])),
            notation=str(data["notation"]),
            forced=forced,
            eval_after=int(data["evalAfter"]),
            mate_in=None if data.get("mateIn") is None else int(data["mateIn"]),
            best_move=str(data.get("bestMove", line[0] if line else "")),
            best_line=line,
            loss=int(data.get("loss", 0)),
            win_before=float(data.get("winBefore", 0.0 if win_before is None else win_before)),
            win_after=float(data["winAfter"]),
            accuracy=float(data.get("accuracy", 100.0)),
            judgement=judged,
            matches={str(k): bool(v) for k, v in data.get("matches", {}).items()},
            depth=int(data.get("depth", 0)),
            searched=str(data.get("searched", "forced" if forced else "full")),
        )


@dataclass
class SideSummary:
    """One side's figures over its moves with a choice (forced moves are left out).

    `match_rates[level]` is the share of its moves whose played move is among that level's
    equally best moves, over `matched_moves[level]` moves (the "full" ones); `accuracy` is
    None when the side had no move with a choice.
    """

    accuracy: float | None
    average_loss: float
    moves: int
    match_rates: dict[str, float]
    inaccuracies: int
    mistakes: int
    blunders: int
    matched_moves: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "accuracy": self.accuracy,
            "averageLoss": self.average_loss,
            "moves": self.moves,
            "matchRates": self.match_rates,
            "matchedMoves": self.matched_moves,
            "inaccuracies": self.inaccuracies,
            "mistakes": self.mistakes,
            "blunders": self.blunders,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SideSummary:
        accuracy = data.get("accuracy")
        return cls(
            accuracy=None if accuracy is None else float(accuracy),
            average_loss=float(data["averageLoss"]),
            moves=int(data["moves"]),
            match_rates={str(k): float(v) for k, v in data["matchRates"].items()},
            inaccuracies=int(data["inaccuracies"]),
            mistakes=int(data["mistakes"]),
            blunders=int(data["blunders"]),
            matched_moves={str(k): int(v) for k, v in data.get("matchedMoves", {}).items()},
        )


@dataclass
class GameAnalysis:
    """The whole game's analysis: one entry per move, a summary per side.

    `turning_point` is the ply of the move with the largest drop of the mover's win% among the
    moves of the side that lost (both sides when nobody lost), provided that drop reaches the
    mistake threshold; None when no move changed the game's course that much.
    `complete` is False when the node budget ran out: the moves whose `searched` is "quick"
    were analysed by the cheap search. `cpu_seconds` is the one figure that is not
    reproducible.
    """

    version: str
    variant: str
    moves: list[MoveAnalysis]
    sides: dict[str, SideSummary]
    turning_point: int | None
    initial_eval: int
    nodes: int  # every node searched, the native core's included
    cpu_seconds: float
    complete: bool
    initial_mate: int | None = None
    start_side: str = "white"

    def to_dict(self, *, compact: bool = True) -> dict[str, Any]:
        """The stored form (`compact`, see `MoveAnalysis.to_dict`), or with every move field
        (`compact=False`, e.g. for a page); `from_dict` reads both."""
        data: dict[str, Any] = {
            "version": self.version,
            "variant": self.variant,
            "startSide": self.start_side,
            "moves": [m.to_dict(compact=compact) for m in self.moves],
            "sides": {name: side.to_dict() for name, side in self.sides.items()},
            "turningPoint": self.turning_point,
            "initialEval": self.initial_eval,
            "nodes": self.nodes,
            "cpuSeconds": self.cpu_seconds,
            "complete": self.complete,
        }
        _put_if_set(data, "initialMate", self.initial_mate)
        if compact:
            for row in data["moves"][1:]:
                del row["winBefore"]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameAnalysis:
        turning = data.get("turningPoint")
        mate = data.get("initialMate")
        start = str(data.get("startSide", "white"))
        sides = (start, "black" if start == "white" else "white")
        return cls(
            version=str(data["version"]),
            variant=str(data["variant"]),
            moves=_read_moves(data["moves"], sides),
            sides={str(k): SideSummary.from_dict(v) for k, v in data["sides"].items()},
            turning_point=None if turning is None else int(turning),
            initial_eval=int(data["initialEval"]),
            nodes=int(data["nodes"]),
            cpu_seconds=float(data["cpuSeconds"]),
            complete=bool(data["complete"]),
            initial_mate=None if mate is None else int(mate),
            start_side=start,
        )


def _put_if_set(data: dict[str, Any], key: str, value: int | None) -> None:
    """A decisive evaluation's field is written only when there is one."""
    if value is not None:
        data[key] = value


def _read_moves(rows: list[dict[str, Any]], sides: tuple[str, str]) -> list[MoveAnalysis]:
    moves: list[MoveAnalysis] = []
    for index, row in enumerate(rows):
        before = complement(moves[-1].win_after) if moves else None
        moves.append(MoveAnalysis.from_dict(row, side=sides[index % 2], win_before=before))
    return moves
