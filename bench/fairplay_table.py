"""The cheater's table of issue 29, rerun through the server: each row's engine-played line
claimed on the free board and judged by the claim's own analysis job, then the public board
read.

Each line is a labelled corpus record (tests/fairplay/corpus, ``bench/fairplay_corpus.py``
played it: Scan 2.0's moves, the project's strongest level, ``fort``'s second choice, a
copier's), stored as the games route stores a won game — the moves, the per-move times the
server measured and the pauses it credited — under its own player, then claimed through
``POST /api/games/{id}/claim``; the analysis job runs as the analysis function or the local
worker runs it (``fairplay.jobs.run_analysis``): engine pass, judge, signals, score,
verdict. A copier's row first claims the line it copies under another player.

The apps are the deployed ones in process (FastAPI's test client), on the table the
settings name: DynamoDB Local when ``DYNAMODB_ENDPOINT`` is set (``make run`` prints it),
else moto in memory.

    PYTHONPATH=engine_layer:backend_layer:.:functions/games:functions/community \\
        nice python bench/fairplay_table.py [--all]

``--all`` claims every record of each row's kind (the doc's figures), else the first of
each. The judge runs at ``JUDGE_LEVEL`` (the native core: about 10–15 CPU-seconds a claim
here, most of it ``fort``'s Python searches beside it); CI runs the same rows, the first
record of each (tests/backend/test_fairplay_cheaters.py).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import dames
from dames.ai.version import AI_VERSION
from dames_backend import security
from dames_backend.clock import MIN_MOVE_MS, GameClock
from dames_backend.fairplay.signals import Signals
from dames_backend.games import store as game_store
from dames_backend.games.enums import GameMode, GameStatus, Side
from dames_backend.games.scoring import win_score
from dames_backend.games.store import GameRecord

if TYPE_CHECKING:
    from fastapi.testclient import TestClient

CORPUS_DIR = Path(__file__).resolve().parents[1] / "tests" / "fairplay" / "corpus"


@dataclass(frozen=True)
class Row:
    """One row of the issue's table: what the cheater did, the corpus kind that does it."""

    title: str
    kind: str
    expected: str = "held"


ROWS = (
    Row("Scan's move every time (depth 6–8), human timing", "scan-paced"),
    Row("Scan, with facile or a random safe move on some moves", "scan-mixed"),
    Row("the project's own strongest level, human timing", "maitre-paced"),
    Row("fort, its 2nd-best move where close", "fort-second"),
    Row("a whole Scan line fast: a third at the floor, the rest within 0.75 s", "scan-fast"),
    Row("Scan consulted behind a hidden tab (7 or 28 pauses)", "scan-paused"),
    Row("another player's winning line replayed with a late move changed", "copy"),
    Row("a person-like player (the control: published)", "human-like", "published"),
)


def corpus_record(name: str) -> dict[str, Any]:
    record: dict[str, Any] = json.loads((CORPUS_DIR / f"{name}.json").read_text())
    return record


def records_of(kind: str, every: bool) -> list[dict[str, Any]]:
    """The won White games of a kind (a claim needs a win), the first only unless ``every``."""
    found = []
    for path in sorted(CORPUS_DIR.glob(f"{kind}-[0-9]*.json")):
        record = json.loads(path.read_text())
        if record["winner"] == "white" and "white" in record["sides"]:
            found.append(record)
            if not every:
                break
    return found


def store_line(record: dict[str, Any], owner_id: str) -> tuple[str, str]:
    """The record's game as the games route leaves a won free game; returns (id, token)."""
    board = dames.Board(None, variant="international", draw_rules="daily")
    for text in record["moves"]:
        board.push(next(m for m in board.legal_moves() if str(m) == text))
    side = record["sides"]["white"]
    move_ms, paused = tuple(side["moveMs"]), tuple(side["movePausedMs"])
    elapsed = sum(max(MIN_MOVE_MS, t) for t in move_ms)
    pieces = board.count(dames.WHITE)
    token = security.new_token()
    now = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    game = GameRecord(
        id=security.new_id("g"), token_hash=security.hash_token(token), mode=GameMode.FREE,
        variant="international", level="defi", seed=str(record["seed"]), date=None,
        start_fen=dames.Board(None).fen(), player_color=Side.WHITE, created_at=now,
        moves=tuple(record["moves"]), status=GameStatus.WON, reason=dames.Termination.NO_MOVES,
        clock=GameClock(elapsed_ms=elapsed, move_ms=move_ms, move_paused_ms=paused,
                        pauses=sum(1 for p in paused if p), paused_ms=sum(paused)),
        ai_version=AI_VERSION, finished_at=now,
        score=win_score(pieces, elapsed).model_dump(), owner_id=owner_id,
    )
    game_store.insert_game(game)
    return game.id, token


@dataclass(frozen=True)
class Outcome:
    row: Row
    name: str
    state: str
    fair_score: float
    codes: tuple[str, ...]
    public: bool  # on the public board after the verdict
    accuracy: float | None = None  # the judge's game accuracy
    judged: int = 0  # the moves the judge judged


def claim_and_judge(games: TestClient, record: dict[str, Any], pseudonym: str,
                    run_job: Callable[[str], object] | None = None,
                    ) -> tuple[str, dict[str, Any]]:
    """Claim the record's game under a new player, run its job (the analysis job unless
    ``run_job``); (game id, claim status). The player is registered by the store, as from
    many networks: a script with many addresses, not the one network the test client is,
    whose allowance is a few names a day."""
    from dames_backend.fairplay import jobs
    from dames_backend.players.accounts import create_player

    player = create_player(pseudonym)
    game_id, token = store_line(record, player.player.player_id)
    headers = {"Authorization": f"Bearer {token}", "X-Player-Token": player.token}
    claimed = games.post(f"/api/games/{game_id}/claim", headers=headers)
    assert claimed.status_code == 200, claimed.text
    (run_job or jobs.run_analysis)(game_id)
    status = games.get(f"/api/games/{game_id}/claim", headers=headers)
    assert status.status_code == 200, status.text
    found: dict[str, Any] = status.json()
    found["pseudonym"] = player.player.pseudonym
    return game_id, found


def run_row(games: TestClient, community: TestClient, row: Row,
            record: dict[str, Any]) -> Outcome:
    from dames_backend.fairplay.review import load_claim

    tag = security.new_id("p")[-6:]
    if row.kind == "copy":  # the line it copies, claimed first by another player
        claim_and_judge(games, corpus_record(record["copyOf"]), f"Source {tag}")
    game_id, status = claim_and_judge(games, record, f"Row {tag}")
    board = games_board(community)
    item = load_claim(game_id) or {}
    signals = Signals.from_json(str(item["signals"])) if "signals" in item else None
    return Outcome(row, record["name"], status["status"], float(item.get("fairScore", 0)),
                   tuple(reason["code"] for reason in status["reasons"]),
                   any(entry["pseudonym"] == status["pseudonym"] for entry in board),
                   signals.judge_accuracy if signals else None,
                   signals.judge_moves if signals else 0)


def games_board(community: TestClient) -> list[dict[str, Any]]:
    answer = community.get("/api/leaderboards/free")
    assert answer.status_code == 200, answer.text
    entries: list[dict[str, Any]] = answer.json()["entries"]
    return entries


def run_table(games: TestClient, community: TestClient, every: bool = False,
              rows: tuple[Row, ...] = ROWS) -> Iterator[Outcome]:
    for row in rows:
        for record in records_of(row.kind, every):
            yield run_row(games, community, row, record)


@contextlib.contextmanager
def apps() -> Iterator[tuple[TestClient, TestClient]]:
    """The games and community apps on the configured table (moto unless an endpoint)."""
    from fastapi.testclient import TestClient

    os.environ.setdefault("TABLE_NAME", "dames-fairplay-table")
    os.environ.setdefault("AWS_DEFAULT_REGION", "eu-west-3")
    with contextlib.ExitStack() as stack:
        if not os.environ.get("DYNAMODB_ENDPOINT"):
            import boto3
            from dames_backend.tables import create_table
            from moto import mock_aws

            stack.enter_context(mock_aws())
            create_table(boto3.client("dynamodb"), os.environ["TABLE_NAME"])
        from community_app import app as community_app
        from games_app import app as games_app

        yield (stack.enter_context(TestClient(games_app)),
               stack.enter_context(TestClient(community_app)))


def _accuracy(outcome: Outcome) -> str:
    """The judge's accuracy and how many moves it rests on, e.g. "99.6 (41)"."""
    if outcome.accuracy is None:
        return "-"
    return f"{outcome.accuracy:.1f} ({outcome.judged})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true")
    args = parser.parse_args()
    print(f"{'what the cheater did':<72} {'record':<16} {'verdict':<9} {'score':>5} "
          f"{'accuracy':>13} public  reasons")
    with apps() as (games, community):
        for outcome in run_table(games, community, args.all):
            mark = "" if outcome.state == outcome.row.expected else "  << not as expected"
            print(f"{outcome.row.title:<72} {outcome.name:<16} {outcome.state:<9} "
                  f"{outcome.fair_score:5.2f} {_accuracy(outcome):>13} {outcome.public!s:<7} "
                  f"{','.join(outcome.codes)}{mark}", flush=True)


if __name__ == "__main__":
    main()
