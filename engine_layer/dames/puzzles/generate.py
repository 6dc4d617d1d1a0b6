"""The generation run: every position of every source game screened, candidates cooked.

Resumable and deterministic: each finished game appends its puzzles to the set's file and one
line of figures to the run's log (``<set>.runs.jsonl``: key, positions, candidates, puzzles,
CPU seconds); a rerun skips the games the log names, so an interrupted run goes on where it
stopped and a longer one (more self-play games, more files) only adds to the set. The same
game always gives the same puzzles: every search is a reproducible level and every position
is searched from its FEN alone. A position already in the set is not cooked twice, and after
a puzzle the positions of its own line are skipped (they are the same shot, later).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from dames.ai.player import search_position
from dames.board import Board
from dames.puzzles import criteria, verify
from dames.puzzles.cook import Cooked, cook
from dames.puzzles.engine import PuzzleEngine, engine_name
from dames.puzzles.model import Puzzle, initial_rating, puzzle_id
from dames.puzzles.sources import SourceGame
from dames.puzzles.themes import Themes, themes_of

ONE_MOVE_MIN_GIVEN = 2
ONE_MOVE_MIN_CAPTURE = 3

SourceFactory = tuple[str, Callable[[], Iterable[SourceGame]]]

@dataclass
class GameFigures:
    key: str
    positions: int = 0
    candidates: int = 0
    puzzles: int = 0
    cpu: float = 0.0

def keeps(themes: Themes) -> bool:
    """One-move puzzles are kept rare, as lichess drops them: when the solver's only choice is
    the first move (the rest forced), the puzzle is kept only for a shot that is hard to see,
    two men given or more and a final capture of ``ONE_MOVE_MIN_CAPTURE`` pieces or more;
    the one-sacrifice two-for-one and a lone quiet move that wins are left out."""
    if themes.moves > 1:
        return True
    return themes.men_given >= ONE_MOVE_MIN_GIVEN and themes.final_capture >= ONE_MOVE_MIN_CAPTURE


def make_puzzle(board: Board, cooked: Cooked, source: dict[str, object]) -> Puzzle | None:
    themes = themes_of(board, cooked.solution)
    if not keeps(themes):
        return None
    root = cooked.root
    return Puzzle(
        id=puzzle_id(board.variant.name, board.fen()), variant=board.variant.name,
        fen=board.fen(), solution=cooked.solution, themes=themes.to_data(), source=source,
        rating=initial_rating(board, cooked.solution, themes),
        check={"engine": engine_name(), "depth": root.depth, "score": root.score,
               "second": root.second, "gain": round(cooked.gain, 2)},
    )

def scan(game: SourceGame, engine: PuzzleEngine, known: set[str]) -> tuple[list[Puzzle],
                                                                           GameFigures]:
    """The puzzles of one game (positions whose FEN is in ``known`` are skipped; found ones
    are added to it)."""
    figures = GameFigures(game.key)
    started = time.process_time()
    board = game.start.copy()
    found: list[Puzzle] = []
    last: tuple[int, int] | None = None  # (mover, screen score) of the last screened position
    skip_until = -1
    for ply, move in enumerate(game.moves):
        position = Board(board.fen(), board.variant.name, "fmjd")
        if len(position.legal_moves()) >= 2:
            figures.positions += 1
            _, screen = search_position(position, game.screen)
            mover = int(position.turn)
            previous = None if last is None else (last[1] if last[0] == mover else -last[1])
            last = (mover, screen.score)
            fen = position.fen()
            lead = criteria.material(position, position.turn)
            if ply > skip_until and fen not in known \
                    and criteria.screen_proposes(screen.score, previous, lead):
                figures.candidates += 1
                cooked = cook(position, engine)
                puzzle = None if cooked is None else make_puzzle(
                    position, cooked, {**game.source, "ply": ply})
                if cooked is not None and puzzle is not None:
                    found.append(puzzle)
                    known.add(fen)
                    skip_until = ply + len(cooked.solution.main_line())
        board.push(move)
    figures.puzzles = len(found)
    figures.cpu = round(time.process_time() - started, 2)
    return found, figures

def runs_path(out: Path) -> Path:
    return out.with_suffix(".runs.jsonl")

def done_keys(out: Path) -> set[str]:
    log = runs_path(out)
    if not log.exists():
        return set()
    return {json.loads(line)["key"] for line in log.read_text().splitlines() if line.strip()}

def known_fens(out: Path) -> set[str]:
    if not out.exists():
        return set()
    return {Puzzle.from_json(line).fen for line in out.read_text().splitlines() if line.strip()}

def run(games: Iterable[tuple[str, Callable[[], SourceGame]]], engine: PuzzleEngine, out: Path,
        report: Callable[[GameFigures], None] = lambda figures: None) -> int:
    """Scan every game not done yet; ``games`` yields (key, maker) so that a game already
    scanned is never even made. Returns the number of puzzles added."""
    out.parent.mkdir(parents=True, exist_ok=True)
    done = done_keys(out)
    known = known_fens(out)
    added = 0
    for key, make in games:
        if key in done:
            continue
        game = make()
        puzzles, figures = scan(game, engine, known)
        with out.open("a", encoding="utf-8") as sink:
            for puzzle in puzzles:
                sink.write(puzzle.to_json() + "\n")
        with runs_path(out).open("a", encoding="utf-8") as log:
            log.write(json.dumps(asdict(figures)) + "\n")
        added += len(puzzles)
        report(figures)
    return added


def rebuild(out: Path) -> tuple[int, int]:
    """Recompute every stored puzzle's themes and first rating from its solution (no search:
    the solution and ``check`` are kept), dropping those ``keeps`` refuses and any second
    copy of a position (two runs appending to one set at once); for a change of the theme or
    coup rules. Returns (kept, dropped)."""
    kept: list[str] = []
    seen: set[str] = set()
    dropped = 0
    for line in out.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        puzzle = Puzzle.from_json(line)
        board = puzzle.board()
        themes = themes_of(board, puzzle.solution)
        if not keeps(themes) or puzzle.id in seen:
            dropped += 1
            continue
        seen.add(puzzle.id)
        kept.append(replace(puzzle, themes=themes.to_data(),
                            rating=initial_rating(board, puzzle.solution, themes)).to_json())
    out.write_text("".join(f"{line}\n" for line in kept), encoding="utf-8")
    return len(kept), dropped


def restamp(out: Path, engine: PuzzleEngine) -> tuple[int, dict[str, str]]:
    """Search every stored puzzle again (after a change of the search or of its weights, which
    moves the exact scores ``check`` keeps) and store the new ``check`` of each puzzle that
    still holds: its first move the single best, and an only move. One that no longer holds
    is kept as it was and named with the reason: a person decides (retiring a puzzle that
    was a day's coup takes that day's coup away). Returns (restamped, {id: reason})."""
    kept: list[str] = []
    restamped = 0
    failing: dict[str, str] = {}
    for line in out.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        puzzle = Puzzle.from_json(line)
        ranking = engine.rank(puzzle.board())
        if reasons := verify.lost(puzzle, ranking):
            failing[puzzle.id] = f"{'; '.join(reasons)} ({ranking.score}/{ranking.second})"
        else:
            check = {**puzzle.check, "engine": engine_name(), "depth": ranking.depth,
                     "score": ranking.score, "second": ranking.second}
            if check != puzzle.check:
                restamped += 1
                line = replace(puzzle, check=check).to_json()
        kept.append(line)
    out.write_text("".join(f"{line}\n" for line in kept), encoding="utf-8")
    return restamped, failing
