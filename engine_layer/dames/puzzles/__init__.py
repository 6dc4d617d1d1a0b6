"""« Le coup du jour »: draughts puzzles found by the engine, their themes and named coups.

The package holds what a puzzle *is* and how one is found; the server that plays them is
``dames_backend.puzzles``. One job per module:

- ``engine``: the one interface the generator searches through (``PuzzleEngine``), and the
  search behind it (``PUZZLE_LEVEL``: the native core's, with a Python fallback);
- ``criteria``: lichess-puzzler's criteria carried over to draughts (win chances, the margin
  an only move must have, the material a combination must win);
- ``solution``: the solution tree (several equally good winning moves are all accepted);
- ``cook``: a position to a solution, or nothing;
- ``themes`` and ``coups``: what the solution shows, by rules, and the classical coup's name
  where its rule recognises it (never a guess);
- ``model``: a puzzle record as shipped in ``data/``; ``catalog`` reads the shipped set;
- ``sources``, ``selfplay``, ``generate``: the games scanned and the resumable generation run
  (``python -m dames.puzzles``; docs/puzzles.md).
"""
