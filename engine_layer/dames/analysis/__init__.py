"""The engine's analysis of a played game: one pass that fair play and the player's review share.

`analyse_game(variant=..., start_fen=..., moves=..., draw_rules=...)` returns a `GameAnalysis`
(per move: evaluation, best move and line, loss, win%, accuracy, judgement, whether the move is
the `fort` level's and a deeper search's choice; per side: accuracy, average loss, match rates);
`GameAnalysis.to_dict()` / `from_dict()` are its stored form. See docs/engine-api.md
("Game analysis") for the contract, the formulas and the budget.
"""

from dames.analysis.game import analyse_game
from dames.analysis.model import (
    ANALYSIS_VERSION,
    AnalysisBudget,
    GameAnalysis,
    MoveAnalysis,
    SideSummary,
)

__all__ = [
    "ANALYSIS_VERSION",
    "AnalysisBudget",
    "GameAnalysis",
    "MoveAnalysis",
    "SideSummary",
    "analyse_game",
]
