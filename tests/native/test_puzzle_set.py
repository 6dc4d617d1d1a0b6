"""The shipped puzzle set holds: each puzzle's first move is the engine's only winning move at
the generator's depth (``dames.puzzles.verify``), every line replays, every record reads back.

Searching every puzzle again costs about a third of a CPU-second each, so the quick pass
searches a fixed sample (``SAMPLE_PER_VARIANT`` of each variant, spread through the file) and
the ``slow`` test searches all of them (``python -m dames.puzzles verify`` does the same from
the command line). The checks that need no search run on every puzzle every time.
"""

from __future__ import annotations

import pytest
from dames.native import available
from dames.puzzles import catalog, criteria, verify
from dames.puzzles.engine import SearchPuzzleEngine, engine_name
from dames.puzzles.generate import keeps
from dames.puzzles.model import Puzzle, puzzle_id
from dames.puzzles.themes import themes_of
from dames.variants import VARIANTS

pytestmark = pytest.mark.skipif(not available(), reason="the native core is not built (make)")

SAMPLE_PER_VARIANT = 6
# The set's size, at least (docs/puzzles.md gives the figures): a run that lost the file
# would otherwise pass on an empty set.
MIN_INTERNATIONAL = 100
MIN_EACH_8X8 = 5


def every_puzzle() -> list[Puzzle]:
    return [p for variant in VARIANTS for p in catalog.puzzles(variant)]


def sample() -> list[Puzzle]:
    chosen = []
    for variant in VARIANTS:
        shipped = catalog.puzzles(variant)
        step = max(1, len(shipped) // SAMPLE_PER_VARIANT)
        chosen += list(shipped[::step][:SAMPLE_PER_VARIANT])
    return chosen


def test_the_set_ships_for_every_variant() -> None:
    assert len(catalog.puzzles("international")) >= MIN_INTERNATIONAL
    for variant in VARIANTS:
        if variant != "international":
            assert len(catalog.puzzles(variant)) >= MIN_EACH_8X8, variant


def test_every_record_is_whole_and_its_own() -> None:
    """Without a search: the id is the position's, the stored check is an only move by the
    native search, the lines replay, the themes are what the rules say of the solution."""
    seen: set[str] = set()
    for puzzle in every_puzzle():
        assert puzzle.id == puzzle_id(puzzle.variant, puzzle.fen) and puzzle.id not in seen
        seen.add(puzzle.id)
        assert puzzle.check["engine"] == "native"
        assert criteria.is_only_move(puzzle.check["score"], puzzle.check["second"])
        board = puzzle.board()
        for line in puzzle.solution.lines():
            replay = board.copy()
            for text in line:
                replay.push(replay.parse_move(text))
        themes = themes_of(board, puzzle.solution)
        assert themes.to_data() == puzzle.themes and keeps(themes), puzzle.id
        assert Puzzle.from_json(puzzle.to_json()) == puzzle


@pytest.mark.parametrize("puzzle", sample(), ids=lambda p: p.id)
def test_a_sample_is_found_again_by_the_generators_search(puzzle: Puzzle) -> None:
    assert engine_name() == "native"
    assert verify.problems(puzzle, SearchPuzzleEngine()) == []


@pytest.mark.slow
def test_every_puzzle_is_found_again_by_the_generators_search() -> None:
    engine = SearchPuzzleEngine()
    wrong = {p.id: found for p in every_puzzle() if (found := verify.problems(p, engine))}
    assert wrong == {}
