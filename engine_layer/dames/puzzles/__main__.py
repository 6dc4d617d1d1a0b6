"""``python -m dames.puzzles generate|stats|verify|rebuild|restamp`` (docs/puzzles.md).

    nice -n 15 python -m dames.puzzles generate --variant international \
        --pdn games/wk2003.pdn … --selfplay 550 --pairs 4000
    python -m dames.puzzles stats
    python -m dames.puzzles verify --variant english
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from dames.puzzles import catalog, generate, selfplay, sources, stats, verify
from dames.puzzles.engine import SearchPuzzleEngine
from dames.variants import VARIANTS


def _games(variant: str, files: list[Path], count: int, pairs: int
           ) -> Iterator[tuple[str, Callable[[], sources.SourceGame]]]:
    """Published games first (file by file, in the order given), then the hunter self-play
    0…count-1, then the pair self-play 0…pairs-1."""
    for path in files:
        for game in sources.pdn_games(path, variant):
            yield game.key, lambda game=game: game  # type: ignore[misc]
    for number in range(count):
        yield (f"selfplay:{variant}:{number}",
               lambda number=number: selfplay.self_play_game(variant, number))  # type: ignore[misc]
    for number in range(pairs):
        yield (f"selfplay-pair:{variant}:{number}",
               lambda number=number: selfplay.pair_game(variant, number))  # type: ignore[misc]


def _generate(args: argparse.Namespace) -> int:
    out = Path(args.out) if args.out else catalog.set_path(args.variant)
    engine = SearchPuzzleEngine()

    def report(figures: generate.GameFigures) -> None:
        print(f"{figures.key}: {figures.positions} positions, {figures.candidates} "
              f"candidates, {figures.puzzles} puzzles, {figures.cpu:.1f} s", flush=True)

    games = _games(args.variant, [Path(p) for p in args.pdn], args.selfplay, args.pairs)
    added = generate.run(games,
                         engine, out, report)
    print(f"{added} puzzles added to {out}")
    return 0


def _stats(args: argparse.Namespace) -> int:
    for variant in [args.variant] if args.variant else list(VARIANTS):
        print(stats.report(variant, catalog.set_path(variant)))
    return 0


def _rebuild(args: argparse.Namespace) -> int:
    for variant in [args.variant] if args.variant else list(VARIANTS):
        path = catalog.set_path(variant)
        if path.exists():
            kept, dropped = generate.rebuild(path)
            print(f"{variant}: {kept} kept, {dropped} dropped")
    return 0


def _restamp(args: argparse.Namespace) -> int:
    engine = SearchPuzzleEngine()
    failing_total = 0
    for variant in [args.variant] if args.variant else list(VARIANTS):
        path = catalog.set_path(variant)
        if path.exists():
            restamped, failing = generate.restamp(path, engine)
            failing_total += len(failing)
            for puzzle_id, reason in failing.items():
                print(f"{puzzle_id}: {reason}")
            print(f"{variant}: {restamped} checks restamped, {len(failing)} no longer hold")
    return 1 if failing_total else 0


def _verify(args: argparse.Namespace) -> int:
    engine = SearchPuzzleEngine()
    bad = 0
    for variant in [args.variant] if args.variant else list(VARIANTS):
        for puzzle in catalog.puzzles(variant):
            found = verify.problems(puzzle, engine)
            if found:
                bad += 1
                print(f"{puzzle.id}: {'; '.join(found)}")
    print("every puzzle holds" if not bad else f"{bad} puzzles differ")
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dames.puzzles", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("generate", help="scan games, add the puzzles found")
    run.add_argument("--variant", choices=list(VARIANTS), default="international")
    run.add_argument("--pdn", nargs="*", default=[], help="PDN files of published games")
    run.add_argument("--selfplay", type=int, default=0, help="hunter self-play games 0…N-1")
    run.add_argument("--pairs", type=int, default=0, help="pair self-play games 0…N-1")
    run.add_argument("--out", help="the set's file (default: the shipped one)")
    run.set_defaults(handler=_generate)
    for name, handler in (("stats", _stats), ("verify", _verify), ("rebuild", _rebuild),
                          ("restamp", _restamp)):
        sub = commands.add_parser(name)
        sub.add_argument("--variant", choices=list(VARIANTS))
        sub.set_defaults(handler=handler)
    args = parser.parse_args(argv)
    result: int = args.handler(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
