"""PDN (Portable Draughts Notation): writing our games, reading the games people publish.

The writer (`dames.pdn.writer`) follows PDN 3.0 (pdn.fmjd.org): the seven-tag roster,
``GameType``, ``FEN`` only for a game that did not start from the initial position, each
variant's own result strings (international draughts scores a win 2-0 and a draw 1-1; the 8×8
games use the chess-like 1-0 and 1/2-1/2) and the shortest unambiguous move notation.

The reader (`dames.pdn.reader`) is lenient because real files are: tournament bulletins, old
databases and web exports break the standard in many small ways (comments, nested variations,
move numbers glued to moves, ``-`` written for a capture, spaces inside moves, a missing
result, short captures that only the next moves explain). Every move is still checked against
the rules; what cannot be read raises ``PdnError`` naming the game, the move and the problem.

The reader keeps what players write beside the moves: comments, marks (``!``, ``?!``, NAGs)
and variations, each variation read on the board too (`PdnLine`, `PdnVariation`).

The names below are the package's API; its modules hold one job each (`tokens`, `movetext`,
`replay`, `lines`, `tags`, `budget`, `writer`, `reader`). Evaluations in move comments live in
`dames.pdn_comments`.
"""

from dames.errors import PdnError
from dames.pdn.budget import FILE_STEP_BUDGET
from dames.pdn.lines import PdnLine, PdnVariation
from dames.pdn.reader import PdnGame, PdnUnreadGame, iter_games, read_games, read_position
from dames.pdn.tags import GAME_TYPES, game_type_tag, result_text
from dames.pdn.writer import ExportedGame, export_game

__all__ = [
    "FILE_STEP_BUDGET",
    "GAME_TYPES",
    "ExportedGame",
    "PdnError",
    "PdnGame",
    "PdnLine",
    "PdnUnreadGame",
    "PdnVariation",
    "export_game",
    "game_type_tag",
    "iter_games",
    "read_games",
    "read_position",
    "result_text",
]
