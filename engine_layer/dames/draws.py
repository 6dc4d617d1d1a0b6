"""Draw rules: which counters a game keeps and when they end it.

Three rule sets exist; a ``Board`` is created with ``"daily"`` (default) or ``"fmjd"``, and on
the 8×8 English and Italian boards ``"fmjd"`` means their own federations' rules:

* ``daily`` — the daily challenge: 25 moves each in which only kings moved and nothing was
  captured (``25-king-moves``), or 150 moves each (``150-moves``, counted from the board's
  creation). It was called ``"defi"`` before it was told apart from the level of that name;
  games stored under that name still load.
* ``fmjd`` — threefold repetition of the position with the same side to move (``repetition``),
  the 25-move king rule, and the endgame rules: three pieces including a king against a lone
  king end in a draw after 16 moves each (``16-move-endgame``); two pieces or fewer including a
  king against a lone king after 5 moves each (``5-move-endgame``). Each endgame count starts when
  its material situation arises.
* ``checkers`` — threefold repetition, and 40 moves each without a man move or capture
  (``40-moves``).
"""

from __future__ import annotations

DAILY = "daily"
FMJD = "fmjd"
DRAW_RULES = (DAILY, FMJD)
# Older names of a rule set, as stored games may still carry them.
_FORMER_NAMES = {"defi": DAILY}

KING_RULE_PLIES = 50  # 25 moves each
GAME_LENGTH_PLIES = 300  # 150 moves each
CHECKERS_QUIET_PLIES = 80  # 40 moves each
ENDGAME_16 = 16
ENDGAME_5 = 5
ENDGAME_PLIES = {ENDGAME_16: 32, ENDGAME_5: 10}
REPETITIONS = 3


def canonical_rules(name: str) -> str:
    """The current name of a draw-rule set (a stored game may carry a former one)."""
    return _FORMER_NAMES.get(name, name)


def rules_for_mode(mode: str | None) -> str:
    """The draw rules a server game of ``mode`` is played under: the daily challenge its own,
    every other game the federations'. Shared by the server and ``dames verify``."""
    return DAILY if mode == "daily" else FMJD


def endgame_class(white: int, black: int, kings: int) -> int:
    """16 or 5 when the material falls under an FMJD endgame rule, else 0."""
    for strong, weak in ((white, black), (black, white)):
        if weak.bit_count() == 1 and weak & kings and strong & kings:
            pieces = strong.bit_count()
            if pieces == 3:
                return ENDGAME_16
            if pieces <= 2:
                return ENDGAME_5
    return 0


def rule_set(draw_rules: str, federation_draws: str) -> str:
    """The rules a game is refereed by: ``"fmjd"`` on the English and Italian boards means their
    own federations' ``"checkers"`` rules."""
    if draw_rules == FMJD and federation_draws == "checkers":
        return "checkers"
    return draw_rules


def quiet_ply_limit(rules: str) -> int:
    """Plies without a man move or capture that draw the game under ``rules``."""
    return CHECKERS_QUIET_PLIES if rules == "checkers" else KING_RULE_PLIES


def game_length_limit(rules: str) -> int | None:
    """Plies from the start after which the game is drawn, or ``None`` when there is no limit."""
    return GAME_LENGTH_PLIES if rules == DAILY else None
