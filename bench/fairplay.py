"""The fair-play score over the labelled corpus (tests/fairplay/corpus): per kind of bot the
detection rate (games held), per kind of people the false-positive rate, at the fitted
model's bars, beside each kind's agreement with the judge and with ``fort``, its accuracy
and the judge's CPU per game.

No search here: each corpus record carries its judgement (``bench/fairplay_corpus.py judge``
made it with the very function a claim's job runs), and the signals are the server's
(``fairplay.signals.game_signals``), a line's near-copy measured against every other record
on the same daily seed, as the server measures it against every entry on the same board.

Each people's side also has a *relay twin*, labelled bot: the same moves answered as a script
answers (``fairplay_bots.fast_line_time``: a third at the clock's floor, the rest within
0.75 s). No engine plays it, so nothing but the clock can tell; the twin teaches the score
that machine timing is evidence of its own (a script relaying any player's moves), and is
counted apart from the engine-played bots.

    PYTHONPATH=engine_layer:backend_layer:. python bench/fairplay.py [--cross-validate]

``--cross-validate`` also refits the model (as ``bench/fairplay_fit.py`` does) ten times,
each time without a tenth of the games (both sides of a game in the same tenth), and counts
each game's verdict under the model it did not shape: the rates a new game meets.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from dames_backend.fairplay.judge import JUDGE_VERSION, JudgeReport
from dames_backend.fairplay.lines import overlap
from dames_backend.fairplay.score import ScoreModel, current_model
from dames_backend.fairplay.signals import Signals, forced_moves, game_signals, timing_signals
from dames_backend.fairplay.verdict import judge

from bench.fairplay_bots import fast_line_time

CORPUS_DIR = Path(__file__).resolve().parents[1] / "tests" / "fairplay" / "corpus"
# The engine-played kinds (labelled "bot") and what they stand for (docs/fair-play.md).
FOLDS = 10
RELAY = "relay-fast"
BOT_KINDS = ("scan-paced", "scan-mixed", "scan-fast", "scan-paused", "maitre-paced",
             "fort-second", "copy", RELAY)


@dataclass(frozen=True)
class Sample:
    """One side of one corpus game, with its signals: what a claim of it would be judged on."""

    name: str
    kind: str
    label: str  # "bot" or "human"
    side: str
    signals: Signals
    cpu_seconds: float
    won: bool
    synthetic: bool = False  # a relay twin (see the module docstring)


def load_corpus(directory: Path = CORPUS_DIR) -> list[dict[str, Any]]:
    """Every corpus record, in name order."""
    return [json.loads(path.read_text()) for path in sorted(directory.glob("*.json"))]


def _copy(record: dict[str, Any], side: str, others: list[dict[str, Any]],
          ) -> tuple[str, Any] | None:
    """The other record on the same seed whose line holds most of this side's moves."""
    best = None
    for other in others:
        if other is record or other["seed"] is None or other["seed"] != record["seed"]:
            continue
        found = overlap("international", None, record["moves"], other["moves"],
                        first_side=side == "white")
        if best is None or found.share > best[1].share:
            best = (other["name"], found)
    return best


def samples(records: list[dict[str, Any]] | None = None,
            version: str = JUDGE_VERSION) -> Iterator[Sample]:
    """Each side of each record judged by ``version`` (the judge here by default; another
    judge's records are left out), and each people's side's relay twin after it."""
    records = load_corpus() if records is None else records
    for record in records:
        for side, data in record["sides"].items():
            stored = data.get("judge")
            if stored is None or stored.get("version") != version:
                continue
            report = JudgeReport.from_dict(stored)
            first_ply = 0 if side == "white" else 1
            signals = game_signals(
                analysis=None, side=side, move_ms=data["moveMs"],
                move_paused_ms=data["movePausedMs"], judge=report,
                copy=_copy(record, side, records), plies=len(record["moves"]),
                first_ply=first_ply,
            )
            sample = Sample(record["name"], record["kind"], record["label"], side, signals,
                            report.cpu_seconds, record.get("winner") == side)
            yield sample
            if sample.label == "human":
                forced = forced_moves(report, len(record["moves"]), first_ply)
                yield _relay(sample, len(data["moveMs"]), forced)


def _relay(sample: Sample, moves: int, forced: list[bool]) -> Sample:
    rng = random.Random(f"relay-{sample.name}-{sample.side}")
    times = [fast_line_time(None, rng)[0] for _ in range(moves)]  # type: ignore[arg-type]
    timing = timing_signals(times, [0] * moves, forced)
    return replace(sample, kind=RELAY, label="bot", synthetic=True,
                   signals=replace(sample.signals, **timing))


def _pct(values: list[float]) -> str:
    return f"{100 * statistics.fmean(values):5.1f}" if values else "    -"


Verdicts = list[tuple[Sample, str, str]]  # a sample, its verdict, its verdict in a top ten


def verdicts_of(found: list[Sample], model: ScoreModel) -> Verdicts:
    """Each sample's verdict below a board's top ten and in it (``verdict.judge``)."""
    return [(s, judge(s.signals, model).state, judge(s.signals, model, top_ten=True).state)
            for s in found]


def _row(kind: str, rows: Verdicts) -> str:
    found = [s.signals for s, _, _ in rows]
    judged = [s for s in found if s.judge_moves]
    held = sum(state == "held" for _, state, _ in rows)
    top = sum(state == "held" for _, _, state in rows)
    accuracy = [s.judge_accuracy / 100 for s in judged if s.judge_accuracy is not None]
    return (f"{kind:<16} {len(rows):>5} {held:>5} {100 * held / len(rows):>6.1f} "
            f"{top:>5} {100 * top / len(rows):>6.1f} "
            f"{_pct([s.judge_matched / s.judge_moves for s in judged]):>7} "
            f"{_pct([s.reference_matched / s.judge_moves for s in judged]):>7} "
            f"{_pct(accuracy):>7} "
            f"{statistics.fmean(s.judge_loss for s in judged) if judged else 0:>6.1f}")


def report(verdicts: Verdicts, model: ScoreModel, title: str) -> None:
    """The table: one row per kind, bots then people, and the two rates, below a board's
    top ten and in it."""
    print(f"{title} (hold from a score of {model.hold_bar:.2f}, moderators' queue from "
          f"{model.review_bar:.2f})")
    print(f"{'kind':<16} {'sides':>5} {'held':>5} {'held%':>6} {'top10':>5} {'top10%':>6} "
          f"{'judge%':>7} {'fort%':>7} "
          f"{'acc%':>7} {'loss':>6}")
    by_kind: dict[str, Verdicts] = defaultdict(list)
    for row in verdicts:
        by_kind[row[0].kind].append(row)
    order = [k for k in BOT_KINDS if k in by_kind] + sorted(set(by_kind) - set(BOT_KINDS))
    for kind in order:
        print(_row(kind, by_kind[kind]))
    for label, synthetic, name in (
            ("bot", False, "detection (engine-played bot sides held)"),
            ("bot", True, "detection (relay twins held)"),
            ("human", False, "false positives (people's sides held)")):
        rows = [(state, top) for sample, state, top in verdicts
                if sample.label == label and sample.synthetic == synthetic]
        held = sum(state == "held" for state, _ in rows)
        top = sum(state == "held" for _, state in rows)
        size = max(1, len(rows))
        print(f"{name}: {held}/{len(rows)} ({100 * held / size:.1f} %); in a top ten "
              f"{top}/{len(rows)} ({100 * top / size:.1f} %)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cross-validate", action="store_true")
    args = parser.parse_args()
    records = load_corpus()
    found = list(samples(records))
    model = current_model()
    report(verdicts_of(found, model), model, "The fitted model on its corpus")
    if args.cross_validate:
        from bench.fairplay_fit import fit

        names = sorted({s.name for s in found})
        fold = {name: index % FOLDS for index, name in enumerate(names)}
        verdicts: Verdicts = []
        for part in range(FOLDS):
            shaped = fit([s for s in found if fold[s.name] != part])
            verdicts += verdicts_of([s for s in found if fold[s.name] == part], shaped)
        report(verdicts, model, f"{FOLDS}-fold cross-validation")
    # A claim judges one side: the engine-played and human-like records (one side each).
    cpu = [s.cpu_seconds for s in found if not s.synthetic and s.kind != "people"]
    if cpu:
        print(f"judge CPU per claim (one side, {len(cpu)} games): median "
              f"{statistics.median(cpu):.0f} s, worst {max(cpu):.0f} s")


if __name__ == "__main__":
    main()
