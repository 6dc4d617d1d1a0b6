"""The fair-play verdict over the labelled corpus (tests/fairplay/corpus): detection rate
(bot games held) and false-positive rate (human-like games held), per kind, with each kind's
mean engine agreement and the analysis's CPU time per game.

No search here: each corpus game carries its stored analysis (tests/fairplay/make_corpus.py
made it), and the verdict reads the same signals the server computes (``game_signals``).
Usage: ``PYTHONPATH=engine_layer:backend_layer python bench/fairplay.py``.
"""

from __future__ import annotations

import json
import statistics
from collections import defaultdict
from pathlib import Path
from typing import Any

from dames_backend.fairplay.signals import Signals, game_signals
from dames_backend.fairplay.verdict import Verdict, judge

CORPUS_DIR = Path(__file__).resolve().parents[1] / "tests" / "fairplay" / "corpus"
# Lambda arm64, per GB-second; the analysis function has 1769 MB (one vCPU).
LAMBDA_GB_SECOND_USD = 0.0000133334
ANALYSIS_MEMORY_GB = 1769 / 1024


def load_corpus(directory: Path = CORPUS_DIR) -> list[dict[str, Any]]:
    """Every corpus game, in name order."""
    return [json.loads(path.read_text()) for path in sorted(directory.glob("*.json"))]


def corpus_signals(game: dict[str, Any]) -> Signals:
    """A corpus game's signals, as the server computes a claim's."""
    return game_signals(
        analysis=game["analysis"],
        side="white",
        move_ms=game["moveMs"],
        move_paused_ms=game["movePausedMs"],
        same_line_as="another player" if game["sameLine"] else None,
    )


def judged(games: list[dict[str, Any]]) -> list[tuple[dict[str, Any], Signals, Verdict]]:
    found = []
    for game in games:
        signals = corpus_signals(game)
        found.append((game, signals, judge(signals)))
    return found


def _share(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.0f} %)" if whole else "0/0"


def main() -> None:
    results = judged(load_corpus())
    by_kind: dict[str, list[tuple[Signals, Verdict]]] = defaultdict(list)
    for game, signals, verdict in results:
        by_kind[game["kind"]].append((signals, verdict))
    print(f"{'kind':<20} {'games':>5} {'held':>5} {'fort %':>7} {'maitre %':>9} {'floor %':>8}")
    for kind, rows in sorted(by_kind.items()):
        fort = [s.match_fort for s, _ in rows if s.match_fort is not None]
        maitre = [s.match_maitre for s, _ in rows if s.match_maitre is not None]
        print(f"{kind:<20} {len(rows):>5} {sum(v.state == 'held' for _, v in rows):>5} "
              f"{100 * statistics.fmean(fort) if fort else 0:>7.1f} "
              f"{100 * statistics.fmean(maitre) if maitre else 0:>9.1f} "
              f"{100 * statistics.fmean(s.floor_share for s, _ in rows):>8.1f}")
    bots = [v for g, _, v in results if g["label"] == "bot"]
    humans = [v for g, _, v in results if g["label"] == "human"]
    print("detection (bot games held):       ", _share(sum(v.state == "held" for v in bots),
                                                        len(bots)))
    print("false positives (human-like held):", _share(sum(v.state == "held" for v in humans),
                                                        len(humans)))
    cpu = [g["analysisCpuSeconds"] for g, _, _ in results if g["kind"] != "bot-replayed"]
    plies = [len(g["moves"]) for g, _, _ in results if g["kind"] != "bot-replayed"]
    if cpu:
        per_ply = statistics.fmean(c / p for c, p in zip(cpu, plies, strict=True))
        print(f"analysis CPU per game: median {statistics.median(cpu):.1f} s, worst "
              f"{max(cpu):.1f} s ({per_ply:.2f} s a ply, corpus budget)")
        for name, seconds in (("median", statistics.median(cpu)), ("worst", max(cpu))):
            usd = seconds * ANALYSIS_MEMORY_GB * LAMBDA_GB_SECOND_USD
            print(f"  {name}: ${usd:.5f} a game, ${usd * 1_000_000:,.0f} a day at a million "
                  "claims")


if __name__ == "__main__":
    main()
