"""What a player-day costs on AWS, service by service, from figures measured on the real code.

Runs the Lambda handlers themselves (``games_app.handler``, ``community_app.handler``, with
HTTP API v2 events) against DynamoDB Local (in memory, started here), and measures for each
request: DynamoDB units (``ReturnConsumedCapacity`` on every call the code makes; a
transaction's writes counted twice, as DynamoDB bills them), the answer's bytes (and
gzipped, as CloudFront compresses them), the bytes the function logs (Powertools' JSON lines
and metrics, as in Lambda) and its duration in process. The player-day it prices (the
assumptions, stated in ``PlayerDay``): one daily game played out by a player who is the
computer at ``facile`` against ``defi``, its clock pauses and one reload, the day's page
loads, and half a claim (a won game entered on the board, with the player's rank and
profile read after). The fair-play analysis of a claim is priced from ``--analysis-cpu-s``
(the analysis engine's measured CPU seconds per claim; 10 s at 1 769 MB until measured).

Prints the measured figures per request type, then the monthly cost of each service at
10 000, 100 000 and 1 000 000 players a day (us-east-1 list prices, dated, in aws_prices.py),
and the daily board's hot-partition limits.

    .venv/bin/python bench/cost_model.py [--games 6] [--claims 10] [--analysis-cpu-s 10]
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import math
import os
import re
import statistics
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aws_prices as price
from capacity_meter import CapacityMeter
from lambda_requests import Recorder, Sample, answer_json, http_event

REPO_ROOT = Path(__file__).resolve().parents[1]
for folder in (
    REPO_ROOT, REPO_ROOT / "engine_layer", REPO_ROOT / "backend_layer",
    REPO_ROOT / "functions" / "games", REPO_ROOT / "functions" / "community",
):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

# --- assumptions -----------------------------------------------------------------------
DAYS_A_MONTH = 30
PEAK_FACTOR = 5                     # the evening peak against the day's average
DDB_ROUND_TRIP_MS = 5               # one DynamoDB call from Lambda in the same region
LAMBDA_PLATFORM_LOG_BYTES = 400     # START, END, REPORT lines of each invocation
API_ACCESS_LOG_BYTES = 300          # the HTTP API's access-log line (template.yaml), filled in
RESPONSE_HEADER_BYTES = 400         # status line and headers, after HTTP/2 compression
LOG_COMPRESSION = 0.15              # stored log bytes / ingested
GAMES_MB, COMMUNITY_MB, ANALYSIS_MB = 1769, 512, 1769
# Per route: Count, 4xx, 5xx, Latency, IntegrationLatency, DataProcessed.
DETAILED_API_METRICS = 6
XRAY_RESERVOIR_PER_S, XRAY_RATE = 1.0, 0.05   # X-Ray's default sampling rule
ITEM_OVERHEAD_BYTES = 100           # DynamoDB's per-item storage overhead (and per index entry)
EDGES = 50                          # CloudFront edges that serve the boards' viewers
BOARD_CACHE_S = 5                   # the public boards' max-age
TABLE = "dames-cost"
SCALES = (10_000, 100_000, 1_000_000)


@dataclass
class PlayerDay:
    """What one player does in a day (the priced unit); every figure is an assumption."""

    games: float = 1.0              # daily games played out
    clock_requests: float = 4.0     # two pauses and their resumes (a hidden tab)
    reloads: float = 1.0            # GET /api/games/{id}
    daily_reads: float = 1.0        # GET /api/daily (home page)
    claims: float = 0.5             # won games entered on a board
    profile_reads: float = 1.0      # GET /api/players/me
    site_visits: float = 1.0        # full page loads of the site (HTML, CSS, JS, icons)
    board_views: float = 2.0        # public board pages (CloudFront, cached 5 s per edge)


def play_daily(rec: Recorder, games_handler: Any, seed: int) -> None:
    """One daily game as the page plays it: create, moves (the player: `facile`), four clock
    requests, one reload."""
    import dames
    import dames.ai

    created = answer_json(rec.call(games_handler, "create", http_event(
        "POST", "/api/games", "/api/games", body={"mode": "daily"})))
    token, view = created["token"], created["game"]
    game_id = view["id"]
    auth = {"authorization": f"Bearer {token}"}
    params = {"id": game_id}
    moves = 0
    while view["status"] == "playing":
        move = dames.ai.choose_move(
            dames.Board(view["fen"]), seed=f"cost-{seed}", level="facile", ply=view["ply"])
        view = answer_json(rec.call(games_handler, "move", http_event(
            "POST", "/api/games/{id}/moves", f"/api/games/{game_id}/moves",
            body={"ply": view["ply"], "move": str(move)}, headers=auth, params=params)))
        moves += 1
        if moves in (10, 30) and view["status"] == "playing":
            for paused in (True, False):
                rec.call(games_handler, "clock", http_event(
                    "POST", "/api/games/{id}/clock", f"/api/games/{game_id}/clock",
                    body={"paused": paused}, headers=auth, params=params))
        if moves == 20:
            rec.call(games_handler, "read", http_event(
                "GET", "/api/games/{id}", f"/api/games/{game_id}", headers=auth, params=params))


def claim_wins(rec: Recorder, games_handler: Any, community_handler: Any, count: int) -> None:
    """``count`` players each win a daily game (stored as the move route stores a win) and
    claim it, then read their rank and profile as the win screen does. Each player is on a
    network of their own, as real players are (the server lets one network register only a
    few pseudonyms a day)."""
    from dames_backend import db
    from dames_backend.daily import challenge as daily

    today = daily.today_utc()
    for index in range(count):
        ip = f"198.51.100.{index % 250 + 1}"
        player = answer_json(rec.call(community_handler, "player-create", http_event(
            "POST", "/api/players", "/api/players", body={"pseudonym": f"Joueur{index:04d}"},
            source_ip=ip)))
        player_auth = {"x-player-token": player["token"]}
        created = answer_json(rec.call(games_handler, "create", http_event(
            "POST", "/api/games", "/api/games", body={"mode": "daily"}, source_ip=ip)))
        game_id = created["game"]["id"]
        pieces, seconds = 6 + index % 7, 300 + 37 * index
        db.get_table().update_item(
            Key={"pk": f"GAME#{game_id}", "sk": "GAME"},
            UpdateExpression="SET #s = :won, score = :score, finishedAt = :at",
            ExpressionAttributeNames={"#s": "status"},
            ExpressionAttributeValues={":won": "won", ":at": created["game"]["createdAt"],
                                       ":score": {"base": 3000, "perPiece": 300, "pieces": pieces,
                                                  "seconds": seconds,
                                                  "total": 3000 + 300 * pieces - seconds}},
        )
        rec.call(games_handler, "claim", http_event(
            "POST", "/api/games/{id}/claim", f"/api/games/{game_id}/claim",
            headers={"authorization": f"Bearer {created['token']}", **player_auth},
            params={"id": game_id}, source_ip=ip))
        rec.call(community_handler, "rank", http_event(
            "GET", "/api/leaderboards/daily/{date}/me", f"/api/leaderboards/daily/{today}/me",
            headers=player_auth, params={"date": today}, source_ip=ip))
        rec.call(community_handler, "profile", http_event(
            "GET", "/api/players/me", "/api/players/me", headers=player_auth, source_ip=ip))
        rec.call(community_handler, "daily", http_event("GET", "/api/daily", "/api/daily",
                                                        source_ip=ip))
        rec.call(community_handler, "board", http_event(
            "GET", "/api/leaderboards/daily/{date}", f"/api/leaderboards/daily/{today}",
            params={"date": today}, source_ip=ip))


def site_visit() -> tuple[int, int]:
    """Requests and gzipped bytes of a visit: the home page and the game page with what
    they load (their head's styles and scripts, the scripts' imports), nothing cached."""
    front = REPO_ROOT / "frontend"
    reference = re.compile(
        r'(?:href|src)="/?((?:css|js|icons)/[^"]+|favicon\.svg|manifest\.webmanifest)"')
    imported = re.compile(r'(?:from|import)\s+"\./([^"]+\.js)"')
    heads = "".join(p.read_text() for p in (front / "partials").glob("head*.html"))
    files: set[Path] = {front / "index.html", front / "play.html"}
    for page in ("index.html", "play.html"):
        for match in reference.finditer((front / page).read_text() + heads):
            files.add(front / match.group(1))
    queue = [f for f in files if f.suffix == ".js"]
    while queue:
        for match in imported.finditer(queue.pop().read_text()):
            module = front / "js" / match.group(1)
            if module not in files and module.exists():
                files.add(module)
                queue.append(module)
    files = {f for f in files if f.exists()}
    return len(files), sum(len(gzip.compress(f.read_bytes())) for f in files)


def template_counts() -> tuple[int, int, int]:
    """(API routes, metrics read by alarms, dashboards) in template.yaml."""
    from tests.lint.template_model import http_routes, resources_of_type

    routes = sum(len(http_routes(name)) for name in resources_of_type("AWS::Serverless::Function"))
    alarm_metrics = sum(
        len([q for q in alarm["Properties"].get("Metrics", []) if "MetricStat" in q]) or 1
        for alarm in resources_of_type("AWS::CloudWatch::Alarm").values()
    )
    return routes, alarm_metrics, len(resources_of_type("AWS::CloudWatch::Dashboard"))


def mean(samples: list[Sample], attribute: str) -> float:
    return statistics.mean(getattr(s, attribute) for s in samples) if samples else 0.0


def billed_ms(samples: list[Sample]) -> int:
    """A request's Lambda duration: the handler's CPU time here (the wall time of a shared
    machine says more about its load) and a same-region round trip per DynamoDB call."""
    return math.ceil(mean(samples, "cpu_ms") + DDB_ROUND_TRIP_MS * mean(samples, "calls"))


def print_measures(rec: Recorder, moves_per_game: float) -> None:
    print(f"\nMeasured per request (DynamoDB Local, handlers in process; "
          f"{moves_per_game:.1f} player moves a game):")
    print(f"{'request':<14}{'n':>5}{'RU':>7}{'WU':>7}{'calls':>6}{'cpu ms':>7}{'wall':>6}"
          f"{'billed':>7}{'body B':>8}{'gzip B':>8}{'log B':>7}")
    for route, samples in sorted(rec.samples.items()):
        print(f"{route:<14}{len(samples):>5}{mean(samples, 'read_units'):>7.2f}"
              f"{mean(samples, 'write_units'):>7.2f}{mean(samples, 'calls'):>6.1f}"
              f"{mean(samples, 'cpu_ms'):>7.1f}{mean(samples, 'wall_ms'):>6.0f}"
              f"{billed_ms(samples):>7}{mean(samples, 'body_bytes'):>8.0f}"
              f"{mean(samples, 'gzip_bytes'):>8.0f}{mean(samples, 'log_bytes'):>7.0f}")


@dataclass
class DayFigures:
    """One player-day's measured quantities, by function."""

    requests: dict[str, float]             # per function: games / community
    gb_s: dict[str, float]
    read_units: float
    write_units: float
    bytes_out: float
    log_bytes: float
    claims: float


def player_day(rec: Recorder, day: PlayerDay, moves_per_game: float) -> DayFigures:
    """Weights each request type by how often a player-day makes it."""
    games_routes = {"create": day.games, "move": day.games * moves_per_game,
                    "clock": day.clock_requests, "read": day.reloads, "claim": day.claims}
    community_routes = {"daily": day.daily_reads, "rank": day.claims,
                        "profile": day.profile_reads}
    requests: dict[str, float] = {}
    gb_s: dict[str, float] = {}
    totals = defaultdict(float)
    for function, routes, memory in (("games", games_routes, GAMES_MB),
                                     ("community", community_routes, COMMUNITY_MB)):
        requests[function] = sum(routes.values())
        gb_s[function] = 0.0
        for route, times in routes.items():
            samples = rec.samples[route]
            gb_s[function] += times * billed_ms(samples) / 1000 * memory / 1024
            totals["ru"] += times * mean(samples, "read_units")
            totals["wu"] += times * mean(samples, "write_units")
            totals["out"] += times * (mean(samples, "gzip_bytes") + RESPONSE_HEADER_BYTES)
            totals["log"] += times * (mean(samples, "log_bytes") + LAMBDA_PLATFORM_LOG_BYTES
                                      + API_ACCESS_LOG_BYTES)
    return DayFigures(requests, gb_s, totals["ru"], totals["wu"], totals["out"], totals["log"],
                      day.claims)


def monthly_costs(players: int, fig: DayFigures, day: PlayerDay, rec: Recorder,
                  analysis_cpu_s: float, item_bytes: float) -> dict[str, float]:
    """Each service's cost a month at ``players`` a day (storage at its steady state after
    the retention times, plus one month of claimed games kept for ever)."""
    month = players * DAYS_A_MONTH
    api_requests = month * sum(fig.requests.values())
    site_requests, site_bytes = site_visit()
    board_origin = min(month * day.board_views, DAYS_A_MONTH * EDGES * 86_400 / BOARD_CACHE_S)
    cf_requests = api_requests + month * (day.site_visits * site_requests + day.board_views)
    cf_bytes = month * (fig.bytes_out + day.site_visits * site_bytes) + board_origin * 3_000
    rate = api_requests / (DAYS_A_MONTH * 86_400)
    traces = DAYS_A_MONTH * 86_400 * (min(rate, XRAY_RESERVOIR_PER_S)
                                      + XRAY_RATE * max(rate - XRAY_RESERVOIR_PER_S, 0.0))
    from dames_backend.games import retention

    claims = month * fig.claims
    casual_games = players * (day.games - fig.claims) * retention.CASUAL_DAYS
    kept_bytes = (casual_games + claims) * (item_bytes + ITEM_OVERHEAD_BYTES)
    kept_bytes += claims * (350 + 150 + 2 * ITEM_OVERHEAD_BYTES)  # entry (+ gsi1), claim
    gb = kept_bytes / 1e9
    routes, alarm_metrics, dashboards = template_counts()
    logs_gb = month * fig.log_bytes / 1e9
    analysis_gb_s = claims * analysis_cpu_s * ANALYSIS_MB / 1024
    http_cost = min(api_requests, 300e6) * price.HTTP_API_REQUEST
    http_cost += max(api_requests - 300e6, 0) * price.HTTP_API_REQUEST_OVER_300M
    return {
        "Lambda games (1 769 MB)": month * fig.gb_s["games"] * price.LAMBDA_GB_S
        + month * fig.requests["games"] * price.LAMBDA_REQUEST,
        "Lambda community (512 MB)": month * fig.gb_s["community"] * price.LAMBDA_GB_S
        + month * fig.requests["community"] * price.LAMBDA_REQUEST,
        "API Gateway HTTP API": http_cost,
        "DynamoDB writes": month * fig.write_units * price.DDB_WRITE_UNIT,
        "DynamoDB reads": month * fig.read_units * price.DDB_READ_UNIT + board_origin * 3.5
        * price.DDB_READ_UNIT,
        "DynamoDB storage + PITR": gb * (price.DDB_GB_MONTH + price.DDB_PITR_GB_MONTH),
        "CloudFront requests + transfer": cf_requests * price.CF_REQUEST
        + cf_bytes / 1e9 * price.CF_GB_OUT
        + month * day.site_visits * site_requests * 2 * price.CF_FUNCTION,
        "S3 (site, cache misses)": month * day.site_visits * site_requests * 0.01 * price.S3_GET,
        "X-Ray traces": traces * price.XRAY_TRACE,
        "CloudWatch Logs": logs_gb * price.LOGS_GB_INGESTED + logs_gb * LOG_COMPRESSION
        * price.LOGS_GB_MONTH,
        "CloudWatch metrics, alarms, dashboard": (
            (routes * DETAILED_API_METRICS + len(rec.emf_metrics)) * price.METRIC_MONTH
            + alarm_metrics * price.ALARM_METRIC_MONTH + dashboards * price.DASHBOARD_MONTH),
        "EventBridge (the midnight schedule)": 0.0,
        "SQS (fair-play queue)": claims * 3 * price.SQS_REQUEST,
        "Lambda analysis (fair play)": analysis_gb_s * price.LAMBDA_GB_S
        + claims * price.LAMBDA_REQUEST,
    }


def print_costs(rec: Recorder, fig: DayFigures, day: PlayerDay, analysis_cpu_s: float,
                item_bytes: float) -> None:
    print(f"\nPer player-day: {sum(fig.requests.values()):.1f} API requests, "
          f"{fig.write_units:.1f} WU, {fig.read_units:.1f} RU, "
          f"{fig.gb_s['games'] + fig.gb_s['community']:.3f} GB-s, "
          f"{fig.bytes_out / 1000:.1f} KB out (API), {fig.log_bytes / 1000:.1f} KB of logs; "
          f"{len(rec.emf_metrics)} custom metrics from the functions")
    costs = {p: monthly_costs(p, fig, day, rec, analysis_cpu_s, item_bytes) for p in SCALES}
    print(f"\nMonthly cost (USD, us-east-1 list prices of {price.PRICES_DATE}, no free tier):")
    print(f"{'service':<40}" + "".join(f"{p:>14,}" for p in SCALES))
    for service in costs[SCALES[0]]:
        print(f"{service:<40}" + "".join(f"{costs[p][service]:>14,.0f}" for p in SCALES))
    print(f"{'total':<40}" + "".join(f"{sum(costs[p].values()):>14,.0f}" for p in SCALES))


def print_hot_partitions(rec: Recorder, day: PlayerDay) -> None:
    claim_wu = mean(rec.samples["claim"], "write_units")
    peak = PEAK_FACTOR * 1_000_000 * day.claims / 86_400
    print(f"\nHot partitions: a claim writes {claim_wu:.1f} WU in all; of them 2 on the board's "
          f"partition key BOARD#daily#<date> (the entry, transactional) and 2-4 on "
          f"HIST#daily#<date> (block counts). At 1 000 WCU/s per partition: ~500 claims/s "
          f"per board on the entries' key, 250-500 on the blocks' key; the stated peak at a "
          f"million players is {peak:.0f} claims/s.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=6, help="daily games played out")
    parser.add_argument("--claims", type=int, default=10, help="won games claimed")
    parser.add_argument("--analysis-cpu-s", type=float, default=10.0,
                        help="fair-play analysis CPU seconds per claim (10: not yet measured)")
    parser.add_argument("--endpoint", help="use this DynamoDB instead of starting one")
    args = parser.parse_args()
    os.environ.update(AWS_ACCESS_KEY_ID="bench", AWS_SECRET_ACCESS_KEY="bench",
                      AWS_REGION="us-east-1", AWS_DEFAULT_REGION="us-east-1", TABLE_NAME=TABLE,
                      POWERTOOLS_METRICS_NAMESPACE="DamesDuJour", POWERTOOLS_TRACE_DISABLED="true",
                      DAMES_LOG_STYLE="json")
    os.environ.pop("POWERTOOLS_METRICS_DISABLED", None)
    with contextlib.ExitStack() as stack:
        if args.endpoint:
            os.environ["DYNAMODB_ENDPOINT"] = args.endpoint
        else:
            from local.dynamodb_local import DynamoDBLocal

            os.environ["DYNAMODB_ENDPOINT"] = stack.enter_context(DynamoDBLocal(None)).endpoint
        run(args)


def run(args: argparse.Namespace) -> None:
    import boto3
    from dames_backend import db
    from dames_backend.tables import create_table
    from item_size import item_bytes

    client = boto3.client("dynamodb", endpoint_url=os.environ["DYNAMODB_ENDPOINT"])
    create_table(client, TABLE)
    db.reset()
    meter = CapacityMeter()
    meter.install(db.get_client())  # the table's own client: transactions go through it too
    from community_app import handler as community_handler
    from games_app import handler as games_handler

    rec = Recorder(meter)
    for seed in range(args.games):
        play_daily(rec, games_handler, seed)
    claim_wins(rec, games_handler, community_handler, args.claims)
    moves_per_game = len(rec.samples["move"]) / args.games
    final_sizes = [
        item_bytes(item) for item in db.get_table().scan(
            FilterExpression="sk = :g", ExpressionAttributeValues={":g": "GAME"})["Items"]
    ]
    print_measures(rec, moves_per_game)
    day = PlayerDay()
    fig = player_day(rec, day, moves_per_game)
    print(f"finished game item: mean {statistics.mean(final_sizes):.0f} B")
    print_costs(rec, fig, day, args.analysis_cpu_s, statistics.mean(final_sizes))
    print_hot_partitions(rec, day)


if __name__ == "__main__":
    main()
