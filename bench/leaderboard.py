"""Benchmark of one daily board on DynamoDB Local: the cost of a claim, a rank and a top 100.

Fills a board with ``--sizes`` entries (default 10 000 then 100 000) written straight with
BatchWriteItem, histogram included (``ranking.histogram_items``), scores drawn like real
wins (3000 + 300 × pieces − seconds, pieces around 8, seconds log-normal around 7 min). For
each size it prints the latency (median and max over ``--repeat`` calls) and the consumed
capacity (``ReturnConsumedCapacity=TOTAL`` on every request the code makes) of:

- a claim (``leaderboard.record_claim`` of a new player: transaction + rank);
- a rank lookup (``ranking.rank_of``) of the last entry of the board and of the last entry
  of the largest tie group (the one part of a rank that reads entries);
- the public top 100 (``ranking.top``);

and, for comparison, the designs not taken: the old rank (a paged ``Select=COUNT`` query over
every entry ahead on the index) and a one-level histogram (one count item per score, summed
by one query). DynamoDB Local counts capacity like DynamoDB; its latency is only indicative
(a JVM on this machine, shared with other work).

    PYTHONPATH=engine_layer:backend_layer .venv/bin/python bench/leaderboard.py
    .venv/bin/python bench/leaderboard.py --endpoint http://127.0.0.1:8001   # a running one
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
for folder in (REPO_ROOT, REPO_ROOT / "engine_layer", REPO_ROOT / "backend_layer"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import boto3  # noqa: E402
from boto3.dynamodb.conditions import Key  # noqa: E402
from botocore.config import Config  # noqa: E402
from capacity_meter import CapacityMeter  # noqa: E402

DAY = "2026-11-28"
BOARD_PK = f"BOARD#daily#{DAY}"
ONE_LEVEL_PK = "BENCH#one-level-histogram"
TABLE = "dames-bench"


@dataclass
class Figure:
    name: str
    latencies_ms: list[float] = field(default_factory=list)
    units: list[float] = field(default_factory=list)
    calls: str = ""
    note: str = ""

    def line(self) -> str:
        median = statistics.median(self.latencies_ms)
        units = statistics.median(self.units)
        return (
            f"  {self.name:<34} {median:8.1f} ms median {max(self.latencies_ms):8.1f} ms max"
            f"  {units:8.1f} capacity units  ({self.calls}){self.note}"
        )


def measure(meter: CapacityMeter, name: str, repeat: int, call: Callable[[int], Any]) -> Figure:
    figure = Figure(name)
    for index in range(repeat):
        meter.reset()
        started = time.perf_counter()
        call(index)
        figure.latencies_ms.append((time.perf_counter() - started) * 1000)
        figure.units.append(meter.units)
        figure.calls = meter.breakdown()
    return figure


def draw_score(rng: random.Random) -> int:
    pieces = min(20, max(1, round(rng.gauss(8, 3))))
    seconds = max(30, round(rng.lognormvariate(math.log(420), 0.5)))
    return max(0, 3000 + 300 * pieces - seconds)


def draw_time(rng: random.Random) -> str:
    second = rng.randrange(86_400)
    return f"{DAY}T{second // 3600:02d}:{second // 60 % 60:02d}:{second % 60:02d}Z"


def entry_item(index: int, score: int, at: str) -> dict[str, Any]:
    from dames_backend.boards import ranking

    player_id = f"p_bench{index:07d}"
    return {
        "pk": BOARD_PK, "sk": f"PLAYER#{player_id}", "gsi1pk": BOARD_PK,
        "gsi1sk": ranking.ranking_key(score, at), "board": "daily", "date": DAY,
        "playerId": player_id, "pseudonym": f"Bench {index}", "score": score, "pieces": 8,
        "seconds": 400, "pauses": 0, "pausedMs": 0, "at": at, "gameId": f"g_bench{index}",
    }


def write_all(table: Any, items: list[dict[str, Any]], workers: int = 4) -> None:
    """BatchWriteItem in parallel (boto3's batch writer resends unprocessed items)."""

    def write(chunk: list[dict[str, Any]]) -> None:
        with table.batch_writer() as batch:
            for item in chunk:
                batch.put_item(Item=item)

    size = max(25, len(items) // (workers * 8) + 1)
    chunks = [items[i:i + size] for i in range(0, len(items), size)]
    with ThreadPoolExecutor(workers) as pool:
        list(pool.map(write, chunks))


def old_rank(table: Any, sort_key: str) -> int:
    """The rank as it was computed before the histogram: COUNT every entry ahead."""
    from dames_backend.tables import GSI1_NAME

    query: dict[str, Any] = {
        "IndexName": GSI1_NAME,
        "KeyConditionExpression": Key("gsi1pk").eq(BOARD_PK) & Key("gsi1sk").lt(sort_key),
        "Select": "COUNT",
    }
    ahead = 0
    while True:
        page = table.query(**query)
        ahead += int(page["Count"])
        if "LastEvaluatedKey" not in page:
            return 1 + ahead
        query["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def one_level_ahead(table: Any, score: int) -> int:
    """'How many scores above' from one count item per score (the design not taken)."""
    query: dict[str, Any] = {
        "KeyConditionExpression": Key("pk").eq(ONE_LEVEL_PK) & Key("sk").gt(f"S#{score:09d}"),
        "ConsistentRead": True,
    }
    ahead = 0
    while True:
        page = table.query(**query)
        ahead += sum(int(item["n"]) for item in page["Items"])
        if "LastEvaluatedKey" not in page:
            return ahead
        query["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def measure_board(
    table: Any, slow_table: Any, meter: CapacityMeter, entries: list[tuple[str, int, str]],
    repeat: int, rng: random.Random,
) -> None:
    """Print the figures of the board as it stands; claims add their entries to ``entries``."""
    from dames_backend.boards import claims as leaderboard
    from dames_backend.boards import ranking
    from dames_backend.players.accounts import Player

    ordered = sorted(entries, key=lambda e: (-e[1], e[2]))
    last_id, last_score, last_at = ordered[-1]
    ties = Counter(score for _, score, _ in entries)
    tie_score, tie_count = ties.most_common(1)[0]
    tie_last = max((e for e in entries if e[1] == tie_score), key=lambda e: e[2])

    def timed_claim() -> Figure:
        """Claims of new players (their profile, which a claim updates, written untimed)."""
        figure = Figure("claim (new player)")
        for _ in range(repeat):
            player = Player(f"p_claim{len(entries):07d}", f"Claim {len(entries)}")
            table.put_item(Item={"pk": f"PLAYER#{player.player_id}", "sk": "PROFILE",
                                 "playerId": player.player_id, "pseudonym": player.pseudonym})
            score, at = draw_score(rng), draw_time(rng)
            meter.reset()
            started = time.perf_counter()
            leaderboard.record_claim(
                game_id=f"g_{player.player_id}", player=player, board="daily", date=DAY,
                score=score, pieces=8, seconds=400, achieved_at=at,
            )
            figure.latencies_ms.append((time.perf_counter() - started) * 1000)
            figure.units.append(meter.units)
            figure.calls = meter.breakdown()
            entries.append((player.player_id, score, at))
        return figure

    old_ranks: list[int] = []
    figures = [
        timed_claim(),
        measure(meter, "rank of the last entry", repeat,
                lambda _: ranking.rank_of("daily", DAY, last_id)),
        measure(meter, "rank, last of the largest tie", repeat,
                lambda _: ranking.rank_of("daily", DAY, tie_last[0])),
        measure(meter, "top 100", repeat, lambda _: ranking.top("daily", DAY)),
        measure(meter, "old rank: COUNT all ahead", 1,
                lambda _: old_ranks.append(old_rank(slow_table, ranking.ranking_key(
                    last_score, last_at)))),
        measure(meter, "one-level histogram: scores above", repeat,
                lambda _: one_level_ahead(table, last_score)),
    ]
    figures[2].note = f"  [{tie_count} entries share score {tie_score}]"
    own = ranking.rank_of("daily", DAY, last_id)
    assert own is not None and [own.rank] == old_ranks, "the histogram and the index disagree"
    for figure in figures:
        print(figure.line())


def run(sizes: list[int], repeat: int, seed: int) -> None:
    from dames_backend import db
    from dames_backend.boards import ranking
    from dames_backend.tables import create_table

    client = boto3.client(
        "dynamodb", endpoint_url=os.environ["DYNAMODB_ENDPOINT"],
        region_name=os.environ["AWS_DEFAULT_REGION"],
    )
    create_table(client, TABLE)
    db.reset()
    table = db.get_table()
    # The old rank's pages take seconds each on DynamoDB Local: more than the server's
    # 10 s read timeout when the machine is busy.
    slow_table = boto3.resource(
        "dynamodb", endpoint_url=os.environ["DYNAMODB_ENDPOINT"],
        region_name=os.environ["AWS_DEFAULT_REGION"], config=Config(read_timeout=300),
    ).Table(TABLE)
    meter = CapacityMeter()
    meter.install(table.meta.client)
    meter.install(slow_table.meta.client)
    rng = random.Random(seed)
    entries: list[tuple[str, int, str]] = []  # (player id, score, at) of every entry

    for size in sizes:
        started = time.perf_counter()
        new = [(draw_score(rng), draw_time(rng)) for _ in range(size - len(entries))]
        items = [entry_item(len(entries) + i, score, at) for i, (score, at) in enumerate(new)]
        entries.extend((str(item["playerId"]), score, at) for item, (score, at) in zip(
            items, new, strict=True))
        scores = [score for _, score, _ in entries]
        one_level = [
            {"pk": ONE_LEVEL_PK, "sk": f"S#{score:09d}", "n": n}
            for score, n in Counter(scores).items()
        ]
        meter.reset()
        write_all(table, items + ranking.histogram_items(BOARD_PK, scores) + one_level)
        fill_s = time.perf_counter() - started
        print(f"board of {len(entries)} entries (filled in {fill_s:.0f} s, "
              f"{meter.units:.0f} write units, {len(set(scores))} distinct scores)")

        measure_board(table, slow_table, meter, entries, repeat, rng)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="10000,100000",
                        help="board sizes, comma-separated, increasing (default 10000,100000)")
    parser.add_argument("--repeat", type=int, default=15, help="calls per figure (default 15)")
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--endpoint", help="use this DynamoDB instead of starting one")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    os.environ.setdefault("AWS_ACCESS_KEY_ID", "local")
    os.environ.setdefault("AWS_SECRET_ACCESS_KEY", "local")
    os.environ.setdefault("AWS_DEFAULT_REGION", "eu-west-3")
    os.environ["TABLE_NAME"] = TABLE
    if args.endpoint:
        os.environ["DYNAMODB_ENDPOINT"] = args.endpoint
        run(sizes, args.repeat, args.seed)
        return 0
    from local.dynamodb_local import DynamoDBLocal

    with DynamoDBLocal(None) as local:
        os.environ["DYNAMODB_ENDPOINT"] = local.endpoint
        print(f"DynamoDB Local (in memory) on {local.endpoint}, Python {sys.version.split()[0]}")
        run(sizes, args.repeat, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
