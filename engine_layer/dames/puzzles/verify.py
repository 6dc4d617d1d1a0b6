"""Checking a shipped puzzle against the engine: its first move is the only winning move.

The generator's search (``engine.PUZZLE_LEVEL``, on the same engine as the one stored in
``check``) is run again on the puzzle's FEN alone; it
must find the stored first move as its single best move, the stored score and second score
(``check``), and the only-move margin (``criteria.is_only_move``). Reproducible levels make
this exact on any machine; a change of the search that moves any of it shows here.
"""

from __future__ import annotations

from dames.puzzles import criteria
from dames.puzzles.engine import PuzzleEngine, Ranking, engine_name
from dames.puzzles.model import Puzzle


def problems(puzzle: Puzzle, engine: PuzzleEngine) -> list[str]:
    """What the engine says differently of ``puzzle`` (empty: the puzzle holds)."""
    board = puzzle.board()
    if puzzle.check.get("engine", "python") != engine_name():
        return [f"made by the {puzzle.check.get('engine', 'python')} search, "
                f"checked by the {engine_name()} one"]
    ranking = engine.rank(board)
    found = lost(puzzle, ranking)
    if ranking.score != puzzle.check["score"] or ranking.second != puzzle.check["second"]:
        found.append(f"scores {ranking.score}/{ranking.second}, stored "
                     f"{puzzle.check['score']}/{puzzle.check['second']}")
    for line in puzzle.solution.lines():
        replay = board.copy()
        for text in line:
            replay.push(replay.parse_move(text))  # IllegalMoveError: the line is broken
    return found


def lost(puzzle: Puzzle, ranking: Ranking) -> list[str]:
    """Why ``ranking`` (a search of the puzzle's position) no longer makes it a puzzle: its
    first move not the single best, or not an only move (empty: it still holds)."""
    found: list[str] = []
    best = [str(m) for m in ranking.best]
    if best != [puzzle.first_move]:
        found.append(f"best {best}, stored {puzzle.first_move}")
    if not criteria.is_only_move(ranking.score, ranking.second):
        found.append("not an only move")
    return found
