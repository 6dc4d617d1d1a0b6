"""The endgame bitbases checked two ways, with figures (docs/native-core.md, "Endgame
bitbases"):

- against the Python rules: each sampled position's result is the best of its children's,
  through the Python generator's moves (retrograde analysis makes wins only from losses, so
  agreeing everywhere is being right, given the moves);
- against the search blind to it: where a search of `--nodes` without the bitbase finds a
  forced win or loss, the bitbase must say the same (the check of its draws: a draw it
  wrongly kept would be a mate some search finds).

    PYTHONPATH=engine_layer .venv/bin/python bench/bitbase_check.py [--positions 2000]

Needs the native core and its bitbases built (`make`).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Iterator

from dames import Board
from dames.ai.levels import Level
from dames.color import BLACK, WHITE
from dames.fen import format_fen
from dames.movegen import get_generator
from dames.native import abi, library
from dames.native.bitbase import PIECES, probe
from dames.native.crosscheck import placed
from dames.native.rules import position
from dames.native.search import native_search
from dames.piece import Piece
from dames.variants import get_variant

Bitboards = tuple[int, int, int, int]  # white, black, kings, side to move


def placements(variant: str, count: int, seed: int) -> Iterator[Bitboards]:
    """Random positions of 2 to 4 pieces (kings half the time, men never on their own
    crowning row), either side to move."""
    v = get_variant(variant)
    bits = [v.geometry.bit_of_square[s] for s in range(1, v.squares + 1)]
    rng = random.Random(f"{variant}:{seed}")
    for _ in range(count):
        pieces = rng.randint(2, PIECES)
        first_black = rng.randint(1, pieces - 1)
        colours = [int(index >= first_black) for index in range(pieces)]
        yield placed(v, rng.sample(bits, pieces), colours, 0.5, rng)


def board_of(variant: str, white: int, black: int, kings: int, colour: int) -> Board:
    v = get_variant(variant)
    pieces = {}
    for square in range(1, v.squares + 1):
        mask = 1 << v.geometry.bit_of_square[square]
        if (white | black) & mask:
            pieces[square] = Piece(WHITE if white & mask else BLACK, bool(kings & mask))
    return Board(format_fen(BLACK if colour else WHITE, pieces), v.name)


def result_of(variant: str, white: int, black: int, kings: int, colour: int) -> str | None:
    return probe(library(), position(get_variant(variant), white, black, kings, colour))


def by_the_rules(variant: str, white: int, black: int, kings: int, colour: int) -> str:
    """The result the children's results (the Python generator's moves) make."""
    generator = get_generator(get_variant(variant))
    children = []
    us, them = (white, black) if colour == 0 else (black, white)
    for move in generator.generate(us, them, kings, colour):
        w, b, k = generator.apply(white, black, kings, colour, move)
        left = b if colour == 0 else w
        children.append(result_of(variant, w, b, k, 1 - colour) if left else "loss")
    return "win" if "loss" in children else "draw" if "draw" in children else "loss"


def forced_result(board: Board, nodes: int) -> str | None:
    """"win" or "loss" where a search without the bitbase finds it forced, else None."""
    level = Level("bitbase-check", depth=64, node_budget=nodes, native=True, bitbase=False)
    score = native_search(board, level)[1].score
    if abs(score) < abi.MATE_BOUND:
        return None
    return "win" if score > 0 else "loss"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--searched", type=int, default=200, help="of them, searched blind")
    parser.add_argument("--nodes", type=int, default=1_000_000)
    args = parser.parse_args()
    for variant in sorted(abi.VARIANT_IDS):
        started = time.process_time()
        results: Counter[str | None] = Counter()
        disagree = 0
        for bits in placements(variant, args.positions, seed=1):
            found = result_of(variant, *bits)
            results[found] += 1
            disagree += found != by_the_rules(variant, *bits)
        forced: Counter[tuple[str | None, str]] = Counter()
        for bits in placements(variant, args.searched, seed=2):
            board = board_of(variant, *bits)
            if len(board.legal_moves()) >= 2:
                forced[(result_of(variant, *bits), forced_result(board, args.nodes) or "-")] += 1
        decided = sum(n for (_, s), n in forced.items() if s != "-")
        contradicting = sum(n for (bb, s), n in forced.items() if s != "-" and s != bb)
        print(f"{variant}: {args.positions} positions ({dict(results)}), "
              f"{disagree} disagreeing with the rules; {sum(forced.values())} searched blind "
              f"at {args.nodes} nodes, {decided} forced, {contradicting} contradicting; "
              f"{time.process_time() - started:.0f} s CPU")


if __name__ == "__main__":
    main()
