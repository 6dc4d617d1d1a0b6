"""The classical coups, each recognised by one precise rule on a puzzle's main line.

A coup is named only when its rule matches; a line that matches none stays unnamed, and the
rules are checked from the most particular to the most general so the particular name wins.
Each rule restates the textbook definition (the FFJD's and the Senegalese federation's
tactics chapters, van der Stoep, French Wikipedia's articles on each coup) in terms of the
moves; tests/engine/test_puzzle_coups.py checks the rules on textbook-shaped positions and
on positions that look alike but are not the coup.

The square-bound coups (royal, Philippe) are stated on the 10×10 board for White; for Black
the squares are turned half-way round (square ``s`` becomes ``51 - s``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from dames.puzzles.line import Step, is_king_at, taken
from dames.variants import PRIORITY_MAJORITY, Variant

INTERNATIONAL_TURN = 51  # square s of White's side is square 51 - s of Black's


@dataclass(frozen=True)
class Coup:
    key: str
    name_fr: str
    name_en: str
    line_fr: str
    line_en: str


COUPS: dict[str, Coup] = {c.key: c for c in (
    Coup("coup-turc", "Coup turc", "Turkish shot",
         "La dame adverse doit prendre au moins quatre pièces et s'arrête contre une pièce "
         "qu'elle vient de prendre, encore sur le damier : elle est prise aussitôt.",
         "The enemy king must take four pieces or more and stops against one it has just "
         "taken, still on the board until its capture ends: it is taken at once."),
    Coup("coup-royal", "Coup royal", "Royal shot",
         "Après les échanges, la rafle 40x29x20x9x18x7 (11x22x31x42x33x44 pour les Noirs) "
         "balaie le centre adverse.",
         "After the exchanges, the capture 40x29x20x9x18x7 (11x22x31x42x33x44 for Black) "
         "sweeps through the enemy's centre."),
    Coup("coup-philippe", "Coup Philippe", "Philippe's shot",
         "Un échange retire le pion adverse de 18 (33 pour les Noirs), puis la rafle part de "
         "38 ou 40 (13 ou 11) et passe par la case libérée.",
         "An exchange removes the enemy man from 18 (33 for Black), then the capture starts "
         "from 38 or 40 (13 or 11) and runs through the square it emptied."),
    Coup("coup-de-la-bombe", "Coup de la bombe", "Bomb shot",
         "Une pièce s'arrête au milieu de sa rafle ; l'adversaire doit prendre davantage "
         "ailleurs, et la même pièce reprend sa rafle.",
         "A capturing piece stops halfway; the opponent must take more elsewhere, and the "
         "same piece carries on capturing."),
    Coup("tourniquet", "Tourniquet", "Turnstile",
         "Une rafle fait un tour complet et repasse par une case où elle est déjà passée.",
         "A capture goes right round and passes a square it has already crossed."),
    Coup("envoi-a-dame", "Envoi à dame", "Sent to crown",
         "On laisse un pion adverse aller à dame, puis cette dame est prise dans la rafle.",
         "An enemy man is let through to crown, and the new king is then taken."),
    Coup("coup-direct", "Coup direct", "Direct shot",
         "On donne un ou plusieurs pions ; l'adversaire doit prendre, et l'on reprend "
         "davantage aussitôt, en une rafle.",
         "Give one or more men; the opponent must take, and you take back more at once, in "
         "one capture."),
)}


def _turned(square: int, solver_is_white: bool) -> int:
    return square if solver_is_white else INTERNATIONAL_TURN - square


def _beyond(step: Step, frm: int, to: int) -> int | None:
    """The square one step past ``to`` on the diagonal from ``frm`` (None off the board)."""
    geometry = step.before.variant.geometry
    (r0, c0), (r1, c1) = geometry.coordinates(frm), geometry.coordinates(to)
    dr, dc = (r1 > r0) - (r1 < r0), (c1 > c0) - (c1 < c0)
    return geometry.square_at.get((r1 + dr, c1 + dc))


def _is_turc(steps: Sequence[Step], variant: Variant) -> bool:
    """A defender king takes four pieces or more and is taken by the solver's next move,
    from a square next to where it stopped, and (the two marks of the coup, both due to
    taken pieces leaving the board only once a capture ends) the king stopped against a
    piece it had just taken (the next square along its last leg held one), and it had taken
    the piece behind the one that takes it, so it could not take that one."""
    if variant.capture_priority != PRIORITY_MAJORITY:
        return False  # the four pieces are the majority rule's: a king may take fewer
    for step, answer in pairwise(steps):
        move = step.move
        if step.solver or taken(step) < 4 or not is_king_at(step.before, move.start):
            continue
        if not answer.solver or move.end not in answer.move.captures:
            continue
        taker, stop = answer.move.start, move.end
        geometry = step.before.variant.geometry
        neighbours = {geometry.square_of_bit[n]
                      for n in geometry.neighbor[geometry.bit_of_square[stop]] if n >= 0}
        if taker in neighbours and _beyond(step, move.path[-2], stop) in move.captures \
                and _beyond(step, stop, taker) in move.captures:
            return True
    return False


ROYAL_PATH = (40, 29, 20, 9, 18, 7)
ROYAL_LANDING = 34  # where the defender's capture must end: the rafle's first link


def _is_royal(steps: Sequence[Step], variant: Variant) -> bool:
    """The solver's capture starts 40x29x20x9x18x7 right after a defender's capture that
    ended on 34 (turned round for Black)."""
    if variant.name != "international":
        return False
    for index, step in enumerate(steps[1:], start=1):
        previous = steps[index - 1]
        white = step.before.turn == 0
        path = tuple(_turned(s, white) for s in step.move.path[:len(ROYAL_PATH)])
        if step.solver and path == ROYAL_PATH and not previous.solver \
                and previous.move.is_capture and _turned(previous.move.end, white) == ROYAL_LANDING:
            return True
    return False


PHILIPPE_REMOVED = 18
PHILIPPE_STARTS = frozenset({38, 40})


def _is_philippe(steps: Sequence[Step], variant: Variant) -> bool:
    """The defender's first move takes with the man of 18, and the solver's last capture
    starts from 38 or 40 and lands on 18 on its way (the square that exchange emptied),
    taking more pieces than the solver gave (turned round for Black)."""
    if variant.name != "international" or len(steps) < 3:
        return False
    white = steps[0].before.turn == 0
    first_reply = steps[1]
    captures = [s for s in steps if s.solver and s.move.is_capture]
    if not captures or not first_reply.move.is_capture:
        return False
    last = captures[-1].move
    given = sum(taken(s) for s in steps if not s.solver)
    return (_turned(first_reply.move.start, white) == PHILIPPE_REMOVED
            and _turned(last.start, white) in PHILIPPE_STARTS
            and PHILIPPE_REMOVED in {_turned(sq, white) for sq in last.path[1:]}
            and len(last.captures) > given)


def _en_prise(step: Step, square: int) -> bool:
    """Whether a man or king of the side to move at ``step`` stands next to ``square`` with
    the square beyond it empty: it could take the piece there, but for the majority rule."""
    board = step.before
    geometry = board.variant.geometry
    for n in geometry.neighbor[geometry.bit_of_square[square]]:
        if n < 0:
            continue
        attacker = board.piece_at(geometry.square_of_bit[n])
        if attacker is None or attacker.color != board.turn:
            continue
        landing = _beyond(step, geometry.square_of_bit[n], square)
        if landing is not None and board.piece_at(landing) is None:
            return True
    return False


def _is_bombe(steps: Sequence[Step], variant: Variant) -> bool:
    """A capture of the solver ends without crowning next to a piece of the defender that
    could take it; the majority rule makes the defender take two pieces or more elsewhere
    instead; then the same piece captures again from where it stopped (Lanfrey: "une rafle
    en deux temps")."""
    if variant.capture_priority != PRIORITY_MAJORITY:
        return False
    for first, middle, last in zip(steps, steps[1:], steps[2:], strict=False):
        stop = first.move.end
        if first.solver and first.move.is_capture and not first.move.promotes \
                and not middle.solver and taken(middle) >= 2 \
                and stop not in middle.move.captures and _en_prise(middle, stop) \
                and last.move.is_capture and last.move.start == stop:
            return True
    return False


def _is_tourniquet(steps: Sequence[Step], variant: Variant) -> bool:
    """A capture whose path passes the same square twice (it goes right round)."""
    return any(len(set(s.move.path)) < len(s.move.path) for s in steps if s.move.is_capture)


def _is_envoi(steps: Sequence[Step], variant: Variant) -> bool:
    """A defender man is crowned by taking a piece the solver gave (the sending), and that
    king, followed wherever it goes, is later taken by the solver."""
    for index, step in enumerate(steps):
        if step.solver or not step.move.promotes or not step.move.is_capture:
            continue
        square = step.move.end
        for later in steps[index + 1:]:
            if later.solver and square in later.move.captures:
                return True
            if not later.solver and later.move.start == square:
                square = later.move.end
    return False


def _is_direct(steps: Sequence[Step], variant: Variant) -> bool:
    """One or more quiet moves of the solver, each taken at once, then a capture of the
    solver that takes the last piece that took and more pieces than were given, and no
    quiet move of the solver after it."""
    given = index = 0
    while index + 1 < len(steps) and steps[index].solver and not steps[index].move.is_capture \
            and steps[index + 1].move.is_capture:
        given += taken(steps[index + 1])
        index += 2
    if given == 0 or index >= len(steps) or not steps[index].solver:
        return False
    shot = steps[index].move
    if steps[index - 1].move.end not in shot.captures or len(shot.captures) <= given:
        return False
    return all(s.move.is_capture for s in steps[index:] if s.solver)


RULES: tuple[tuple[str, Callable[[Sequence[Step], Variant], bool]], ...] = (
    ("coup-turc", _is_turc),
    ("coup-royal", _is_royal),
    ("coup-philippe", _is_philippe),
    ("coup-de-la-bombe", _is_bombe),
    ("tourniquet", _is_tourniquet),
    ("envoi-a-dame", _is_envoi),
    ("coup-direct", _is_direct),
)


def recognise(steps: Sequence[Step], variant: Variant) -> str | None:
    """The key of the first coup whose rule the main line matches, or None."""
    return next((key for key, rule in RULES if rule(steps, variant)), None)
