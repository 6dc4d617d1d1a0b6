"""The daily challenge's computer is untouched by the strong levels' changes.

`defi` (and `facile`, `debutant`) answer exactly as under AI_VERSION 2026.11.30-2: the daily
challenge and every published seed rest on those replies. The strong search (late-move
reductions, a depth-preferred table, a table kept across moves) is for `fort`, `maitre` and the
Hub only; docs/engine-api.md, "Which levels the strong search changes".
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from pathlib import Path

import pytest
from dames import Board
from dames.ai import LEVELS
from dames.ai.boardview import read_board, root_moves
from dames.ai.corpus import load
from dames.ai.levels import PYTHON_MAITRE
from dames.ai.player import new_searcher
from dames.ai.search import Searcher
from dames.ai.strong import StrongSearcher
from dames.variants import get_variant

CORPUS = Path(__file__).resolve().parent / "corpus.json"
DAILY_LEVELS = ("debutant", "facile", "defi")
# sha256 of the daily levels' pinned answers (id|variant|fen|seed|ply|move, sorted, one a line)
# in tests/ai/corpus.json as made by AI_VERSION 2026.11.30-2, the version every daily seed
# published before the strong levels' change was played with. A regenerated corpus (after a
# change to `fort` or `maitre`) must keep them all: test_corpus.py checks that the engine gives
# the corpus's answers, this test that the corpus's daily answers are still those.
DAILY_ANSWERS_2026_11_30_2 = "385504005b6128ffef01517148e5cc47acc2df604834e13a0d7cd0cccc50f840"


def test_the_corpus_keeps_the_daily_levels_answers_of_2026_11_30_2() -> None:
    _, entries = load(CORPUS)
    lines = sorted(
        f"{e.id}|{e.variant}|{e.fen}|{e.seed}|{e.ply}|{e.move}"
        for e in entries if e.level in DAILY_LEVELS
    )
    assert len(lines) == 228
    digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()
    assert digest == DAILY_ANSWERS_2026_11_30_2, (
        "an answer of debutant, facile or defi changed: the daily challenge's published seeds "
        "would no longer replay (see docs/engine-api.md before changing the daily's computer)"
    )


# fort too: measured against Scan 2.0 the strong search gained nothing at twice the CPU.
@pytest.mark.parametrize("level", [*DAILY_LEVELS, "fort"])
def test_daily_levels_use_the_plain_search(level: str) -> None:
    searcher = new_searcher(LEVELS[level], get_variant("international"))
    assert type(searcher) is Searcher
    assert not searcher.reduce_late_moves and not searcher.depth_preferred


def test_python_maitre_uses_the_strong_search_and_keeps_its_table() -> None:
    searcher = new_searcher(PYTHON_MAITRE, get_variant("international"))
    assert isinstance(searcher, StrongSearcher)
    assert searcher.reduce_late_moves
    # Only a level that is not reproducible keeps its table across moves.
    assert searcher.kept_table is not None
    reproducible = new_searcher(
        replace(LEVELS["fort"], strong=True), get_variant("international")
    )
    assert isinstance(reproducible, StrongSearcher) and reproducible.kept_table is None


def test_late_move_reductions_search_fewer_nodes_to_the_same_depth() -> None:
    # The point of the reductions: the strong search completes an iteration for less work, so
    # its budget or clock reaches deeper (only late quiet moves are reduced, so the gain shows
    # from depth 6 on).
    board = Board("W:W27,28,31,32,33,34,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:"
                  "B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,21")
    unbounded = replace(LEVELS["fort"], strong=True, node_budget=10**9)
    root = read_board(board)
    _, internal = root_moves(board, root)
    reduced = new_searcher(unbounded, board.variant)
    full_width = new_searcher(unbounded, board.variant)
    full_width.reduce_late_moves = False
    assert reduced.search(root, internal, 7).nodes < 0.8 * full_width.search(
        root, internal, 7).nodes
