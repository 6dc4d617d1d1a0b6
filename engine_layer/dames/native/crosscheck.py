"""The native core against the pure-Python reference, move by move, on random positions.

Two kinds of positions, both drawn from a fixed seed: those met along random games from the
start (what play reaches, crownings included) and random placements (any number of men and
kings anywhere, many kings: the flying kings' long captures that games rarely reach). For
each, the two generators must list the same moves with the same paths, captured squares in
the same jump order, and the same crownings. `bench/native_crosscheck.py` runs a million
per variant; tests/native a sample.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from dames.internal_move import InternalMove
from dames.movegen import get_generator
from dames.native.rules import legal_moves_promoting
from dames.variants import Variant, get_variant

Bitboards = tuple[int, int, int, int]  # white, black, kings, colour
GAME_LENGTH = 200


@dataclass
class Disagreement:
    variant: str
    position: Bitboards
    python: list[InternalMove]
    native: list[InternalMove]


@dataclass
class Tally:
    positions: int = 0
    moves: int = 0
    captures: int = 0
    promotions: int = 0
    disagreeing: int = 0  # positions where the two differ
    disagreements: list[Disagreement] = field(default_factory=list)  # the first few


def placed(variant: Variant, chosen: list[int], colours: list[int], king_share: float,
           rng: random.Random) -> Bitboards:
    """Pieces on the `chosen` bits, of the `colours` (0 White), each a king with chance
    `king_share` (a man on its own crowning row always: it cannot stand there), and either
    side to move."""
    white = black = kings = 0
    for bit, color in zip(chosen, colours, strict=True):
        mask = 1 << bit
        if rng.random() < king_share or mask & variant.geometry.promotion_mask[color]:
            kings |= mask
        if color == 0:
            white |= mask
        else:
            black |= mask
    return white, black, kings, rng.randint(0, 1)


def _placement(variant: Variant, rng: random.Random) -> Bitboards:
    geometry = variant.geometry
    bits = [geometry.bit_of_square[s] for s in range(1, variant.squares + 1)]
    most = 20 if variant.size == 10 else 12
    chosen = rng.sample(bits, rng.randint(2, 2 * most))
    king_share = rng.choice((0.0, 0.2, 0.5, 0.9))
    return placed(variant, chosen, [index % 2 for index in range(len(chosen))], king_share, rng)


def _games(variant: Variant, rng: random.Random) -> Iterator[Bitboards]:
    """The positions of one random game from the start (the Python generator moves)."""
    generator = get_generator(variant)
    from dames.board import Board

    start = Board(None, variant.name)
    white, black, kings, color = start.white, start.black, start.kings, int(start.turn)
    for _ in range(GAME_LENGTH):
        yield white, black, kings, color
        us, them = (white, black) if color == 0 else (black, white)
        moves = generator.generate(us, them, kings, color)
        if not moves:
            return
        white, black, kings = generator.apply(white, black, kings, color, rng.choice(moves))
        color = 1 - color


def positions(variant: Variant, count: int, seed: int) -> Iterator[Bitboards]:
    """`count` positions: half along random games, half random placements."""
    rng = random.Random(f"{variant.name}:{seed}")
    made = 0
    while made < count:
        for board in _games(variant, rng):
            if made >= count:
                return
            yield board
            made += 1
            if made < count:
                yield _placement(variant, rng)
                made += 1


def _python_promotes(variant: Variant, board: Bitboards, move: InternalMove) -> bool:
    white, black, kings, color = board
    after = get_generator(variant).apply(white, black, kings, color, move)[2]
    return not kings & move[0] and bool(after & move[1])


def compare(variant_name: str, count: int, seed: int = 0, keep: int = 5) -> Tally:
    """Compare the two generators on `count` positions; the first `keep` disagreements kept."""
    variant = get_variant(variant_name)
    generator = get_generator(variant)
    tally = Tally()
    for board in positions(variant, count, seed):
        white, black, kings, color = board
        us, them = (white, black) if color == 0 else (black, white)
        python = sorted(generator.generate(us, them, kings, color), key=_order)
        native_promoting = legal_moves_promoting(variant, white, black, kings, color)
        native = sorted((move for move, _ in native_promoting), key=_order)
        promotions = [p for _, p in native_promoting]
        expected = [_python_promotes(variant, board, m) for m, _ in native_promoting]
        tally.positions += 1
        tally.moves += len(python)
        tally.captures += sum(1 for m in python if m[2])
        tally.promotions += sum(promotions)
        if python != native or promotions != expected:
            tally.disagreeing += 1
            if len(tally.disagreements) < keep:
                tally.disagreements.append(Disagreement(variant_name, board, python, native))
    return tally


def _order(move: InternalMove) -> tuple[int, int, int, tuple[int, ...], tuple[int, ...]]:
    return move[0], move[1], move[2], move[3] or (), move[4] or ()
