"""Cost of the game analysis (`dames.analysis.analyse_game`) over fixed, real games.

    PYTHONPATH=engine_layer .venv/bin/python bench/analysis.py [--variants international]
        [--limit N] [--seeds S1,S2] [--total-nodes N] [--position-work N] [--fort-matches]

prints, per game, its plies, the positions searched, the nodes, CPU seconds and whether the
budget covered it, then per variant the median and worst CPU seconds and nodes. Goal for
international draughts on the 2-core dev machine: median well under 20 s per game, worst
bounded by the budget (`AnalysisBudget`). Run nothing else heavy at the same time: CPU seconds
count the process's own time, but two busy cores still slow it.

The games are fixed and versioned in bench/analysis_games.txt (one `variant | white level |
black level | seed | moves` per line, moves as the server stores them), recorded once from
games the engine played against itself and against seeded random moves:

    PYTHONPATH=engine_layer .venv/bin/python bench/analysis.py --make-games [--variants ...]

Measured 2026-12-01 (AI_VERSION 2026.11.30-2, default budget, 2 cores shared with a load of
about 15 from other work, nice 10), `--seeds analysis-4,analysis-5,analysis-1,analysis-2`:
82 plies 54.2 s (60 positions searched, 0.90 s each), 93 plies 77.3 s (75, 1.03 s), 134 plies
80.6 s (112, budget spent: incomplete), 300 plies 86.9 s (277, budget spent, 3.44 M nodes);
median 79 s, worst 87 s. The `fort` search alone costs about 0.35 s a position here and the
deeper one about twice that: the 20 s goal needs a faster search core, or `--position-work 0`
(fort only: 82 plies 16.5 s, 93 plies 29.9 s). 8×8, default budget, `--seeds analysis-8x8-2`:
Brazilian 56 plies 32.1 s, English 190 plies 70.2 s (budget spent).

Measured 2026-12-06 (native core, 2 cores shared with the fair-play corpus's judging, nice
10), `--seeds analysis-4,analysis-5`: with `--fort-matches` (the analysis until then) 14.6 s
and 22.1 s; without (the default since: the deeper native search alone) 5.3 s and 7.1 s,
0.09 s a position, the same values, accuracies and judgements. With the deeper search at
150 000 nodes (the default since; no worse by Scan's judgement, bench/RESULTS.md), the
machine idle: 2.0 s and 2.3 s; all 7 international games median 3.6 s, worst 8.8 s (300
plies), 0.03 s a position.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from dames.ai.match import play_game
from dames.analysis import AnalysisBudget, analyse_game
from fixed_sets import rows
from variant_options import add_variants_option, chosen_variants

GAMES = Path(__file__).with_name("analysis_games.txt")
# (white level, black level, seed); the 10×10 set mixes levels and random play, and its draws
# between equal levels run past 100 plies. Fixed: the set must not drift.
SOURCE_GAMES = {
    "international": (
        ("defi", "defi", "analysis-1"),
        ("facile", "defi", "analysis-2"),
        ("defi", "facile", "analysis-3"),
        ("debutant", "defi", "analysis-4"),
        ("defi", "debutant", "analysis-5"),
        ("facile", "facile", "analysis-6"),
        ("defi", "defi", "analysis-7"),
    ),
    "other": (
        ("defi", "defi", "analysis-8x8-1"),
        ("facile", "defi", "analysis-8x8-2"),
    ),
}


def make_games(variants: list[str]) -> None:
    lines = ["# Games for bench/analysis.py: variant | white | black | seed | moves (full paths)."]
    for variant in variants:
        sources = SOURCE_GAMES["international" if variant == "international" else "other"]
        for white, black, seed in sources:
            record = play_game(white, black, seed, variant=variant, max_plies=300)
            moves = " ".join(record.paths)
            lines.append(f"{variant} | {white} | {black} | {seed} | {moves}")
            print(f"{variant} {white}-{black} {seed}: {len(record.moves)} plies, "
                  f"{record.winner or 'no winner'} ({record.reason})", flush=True)
    GAMES.write_text("\n".join(lines) + "\n")


def load_games(variants: list[str]) -> list[tuple[str, str, list[str]]]:
    return [
        (variant, f"{white}-{black} {seed}", moves.split())
        for variant, white, black, seed, moves in rows(GAMES)
        if variant in variants
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    add_variants_option(parser)
    parser.add_argument("--limit", type=int, default=0, help="games per variant (0: all)")
    parser.add_argument("--seeds", default="", help="comma-separated seeds to run, in order")
    parser.add_argument("--make-games", action="store_true")
    defaults = AnalysisBudget()
    parser.add_argument("--total-nodes", type=int, default=defaults.total_nodes)
    parser.add_argument("--position-work", type=int, default=defaults.position_work)
    parser.add_argument("--fort-matches", action="store_true",
                        help="also search each position at the fort level (its match share)")
    args = parser.parse_args()
    variants = chosen_variants(parser, args.variants)
    if args.make_games:
        make_games(variants)
        return
    budget = AnalysisBudget(total_nodes=args.total_nodes, position_work=args.position_work,
                            fort_matches=args.fort_matches)
    print(f"budget: {budget}")
    by_variant: dict[str, list[tuple[float, int]]] = {}
    games = load_games(variants)
    if args.seeds:
        wanted = args.seeds.split(",")
        games = sorted((g for g in games if g[1].split()[-1] in wanted),
                       key=lambda g: wanted.index(g[1].split()[-1]))
    for variant, name, moves in games:
        figures = by_variant.setdefault(variant, [])
        if args.limit and len(figures) >= args.limit:
            continue
        started = time.process_time()
        analysis = analyse_game(variant=variant, start_fen=None, moves=moves, draw_rules="defi",
                                budget=budget)
        seconds = time.process_time() - started
        searched = sum(side.moves for side in analysis.sides.values())
        figures.append((seconds, analysis.nodes))
        white, black = analysis.sides["white"], analysis.sides["black"]
        print(f"{variant:13} {name:32} {len(moves):4} plies {searched:4} searched "
              f"{analysis.nodes:9,} nodes {seconds:7.1f} s {seconds / max(1, searched):5.2f} "
              f"s/pos complete={analysis.complete} accuracy W {white.accuracy} B {black.accuracy}",
              flush=True)
    for variant, figures in by_variant.items():
        cpu = [s for s, _ in figures]
        nodes = [n for _, n in figures]
        print(f"{variant}: {len(figures)} games, CPU s median {statistics.median(cpu):.1f} "
              f"worst {max(cpu):.1f}; nodes median {statistics.median(nodes):,.0f} "
              f"worst {max(nodes):,}")


if __name__ == "__main__":
    main()
