"""The computer player's version, stored with every daily challenge and every game.

A revealed seed only proves something if the computer that replays it is the one that played:
`python -m dames verify` compares a game's recorded `aiVersion` with this one before replaying
its replies. Bump it (``YYYY.MM.DD-N``: the day of the change, then a counter for that day)
whenever any reproducible level (debutant, facile, defi, fort) may answer differently for some
(position + history, seed, level, ply): search, evaluation, move ordering, node budgets, the
seeded draws, or the order of `Board.legal_moves()`. The answer corpus (tests/ai/corpus.json)
records the version it was made with, so tests/ai/test_corpus.py fails until both move together;
docs/engine-api.md gives the regeneration command and the commit-message convention.
"""

from __future__ import annotations

from typing import Final

AI_VERSION: Final[str] = "2026.11.30-2"
