"""The computer's pinned answers: a revealed seed must replay as it played.

A failure here means some `(seed, level, fen, ply)` is now answered differently. If that change
is intended, bump `AI_VERSION` in engine_layer/dames/ai/version.py, regenerate with
``PYTHONPATH=engine_layer python -m dames.ai.corpus --write tests/ai/corpus.json`` and say why in
the commit message (docs/engine-api.md, "Computer version and answer corpus").
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path

import pytest
from dames import Board
from dames.ai import AI_VERSION, LEVELS
from dames.ai import corpus as corpus_module
from dames.ai.corpus import PHASES, Entry, differences, dumps, load, positions, select

CORPUS = Path(__file__).resolve().parent / "corpus.json"
REPRODUCIBLE = [name for name, level in LEVELS.items() if level.reproducible]
HOW_TO_FIX = (
    "If this change of the computer is intended, bump AI_VERSION (dames/ai/version.py), run "
    f"`{corpus_module.REGENERATE}` and give the reason in the commit message."
)


@pytest.fixture(scope="module")
def corpus() -> tuple[str, list[Entry]]:
    return load(CORPUS)


def test_corpus_was_made_by_this_version_of_the_computer(
    corpus: tuple[str, list[Entry]],
) -> None:
    version, _ = corpus
    assert version == AI_VERSION, (
        f"tests/ai/corpus.json was made by the computer {version}, this is {AI_VERSION}: "
        f"run `{corpus_module.REGENERATE}` in the same commit as the version bump."
    )


def test_corpus_covers_every_reproducible_level_and_phase(
    corpus: tuple[str, list[Entry]],
) -> None:
    _, entries = corpus
    assert len(entries) >= 200
    assert len({entry.id for entry in entries}) == len(entries)
    levels = Counter(entry.level for entry in entries)
    assert set(levels) == set(REPRODUCIBLE) == {"debutant", "facile", "defi", "fort"}
    assert min(levels.values()) >= 20
    international = {(e.level, e.phase) for e in entries if e.variant == "international"}
    assert international == {(level, phase) for level in REPRODUCIBLE for phase in PHASES}
    kings = [e for e in entries if e.phase == "endgame" and "K" in e.fen]
    assert len(kings) >= 40
    assert {e.variant for e in entries} == {"international", "brazilian", "english", "italian"}


@pytest.mark.parametrize("level", ["debutant", "facile", "defi", "fort"])
def test_every_pinned_answer_is_unchanged(corpus: tuple[str, list[Entry]], level: str) -> None:
    _, entries = corpus
    changed = differences([entry for entry in entries if entry.level == level])
    report = "\n".join(
        f"  {entry.id} ({entry.phase}, ply {entry.ply}, seed {entry.seed}, {entry.fen}): "
        f"pinned {entry.move}, now {now}"
        for entry, now in changed
    )
    assert not changed, f"{len(changed)} {level} answers changed:\n{report}\n{HOW_TO_FIX}"


def test_a_changed_answer_is_reported(corpus: tuple[str, list[Entry]]) -> None:
    _, entries = corpus
    entry = next(e for e in entries if e.level == "defi" and e.phase == "middlegame")
    other = next(str(m) for m in Board(entry.fen, entry.variant).legal_moves()
                 if str(m) != entry.move)
    tampered = dataclasses.replace(entry, move=other)
    assert differences([tampered]) == [(tampered, entry.move)]


def test_the_recipe_regenerates_the_same_questions(corpus: tuple[str, list[Entry]]) -> None:
    """The corpus is the regeneration command's output, not hand-edited positions."""
    version, entries = corpus
    questions = [(e.variant, e.level, e.phase, e.ply, e.fen) for e in entries]
    regenerated = [
        (p.variant, level, phase, p.ply, p.fen) for level, phase, p in select(positions())
    ]
    assert questions == regenerated, (
        "the recipe (dames.ai.corpus) now yields other positions, e.g. because the rules "
        f"engine's move order changed: regenerate with `{corpus_module.REGENERATE}`"
    )
    assert [e.seed for e in entries] == [
        corpus_module.seed_for(e.variant, e.level, int(e.id.rsplit("-", 1)[1])) for e in entries
    ]
    if version == AI_VERSION:
        assert dumps(entries) == CORPUS.read_text(encoding="utf-8")
