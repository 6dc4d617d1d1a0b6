"""Playing the puzzles: attempts checked by the server, ratings, « le coup du jour».

The puzzles themselves (positions, solutions, themes) ship with the engine layer
(``dames.puzzles.catalog``); this package decides which puzzle a player gets (``pool``),
keeps each attempt on the server (``attempts``, ``store``), rates first attempts
(``glicko``, ``rating``), picks the day's puzzle (``daily``) and shapes what a page may see
(``views``: no solution before the end). Routes: ``routes`` (in the community function).
docs/puzzles.md has the rules and the items.
"""
