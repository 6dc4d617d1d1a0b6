"""The analysis job end to end: the engine pass stored with its progress, the claim that only
queues its judgement, the verdict after it, failures retried then dead-lettered (SQS, as the
template sets it up) and the local server's bounded worker. Small budgets (conftest's and
``small_budgets``): these test the pipeline, not the engine's strength (the default budget
cost 197 s here)."""

from __future__ import annotations

import json
import time
from typing import Any

import boto3
import pytest
from analysis_handler import handler
from dames.analysis import GameAnalysis
from dames_backend.boards import ranking
from dames_backend.boards.views import Reason
from dames_backend.fairplay import dispatch, jobs, judge, review
from fairplay_support import quick_moves, recording_runner
from fastapi.testclient import TestClient
from games_support import bearer, store_finished
from moto import mock_aws

from local.analysis_worker import AnalysisWorker
from tests.lint.template_model import template


@pytest.fixture(autouse=True)
def small_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(judge, "JUDGE_LEVEL", judge.judge_level(3000, 3000))


@pytest.fixture(scope="module")
def moves() -> list[str]:
    return quick_moves(20)


def test_the_job_stores_progress_and_result_and_asking_again_costs_nothing(
    table: Any, moves: list[str]
) -> None:
    game_id, _ = store_finished(status="lost", moves=moves)
    with recording_runner() as handed:
        assert jobs.request_analysis(game_id, "player", None).status == "queued"
        job = jobs.run_analysis(game_id)
        assert job is not None and job.status == "done" and job.attempts == 1
        assert job.result is not None
        analysis = GameAnalysis.from_dict(job.result)
        assert [m.move for m in analysis.moves] == moves
        # The jobs' small budget (conftest.py) ran out: both kinds of search were walked.
        assert not analysis.complete
        assert {m.searched for m in analysis.moves} >= {"full", "quick"}
        assert job.done == job.total == len(moves)
        assert job.version is not None
        again = jobs.request_analysis(game_id, "player", None)
    assert again.status == "done" and again.result == job.result
    assert handed == [game_id]  # the second request handed nothing to the runner


def _claim(games_client: TestClient, community_client: TestClient, game_id: str,
           token: str) -> Any:
    player = community_client.post("/api/players", json={"pseudonym": "Claimant"}).json()
    headers = {**bearer(token), "X-Player-Token": player["token"]}
    return games_client.post(f"/api/games/{game_id}/claim", headers=headers)


def test_a_claim_only_queues_its_judgement_then_the_verdict_holds_a_bot(
    games_client: TestClient, community_client: TestClient, moves: list[str]
) -> None:
    white_moves = len(moves[::2])
    game_id, token = store_finished(moves=moves, move_ms=[40] * white_moves)
    with recording_runner() as handed:
        claimed = _claim(games_client, community_client, game_id, token)
    assert claimed.status_code == 200, claimed.text
    assert claimed.json()["status"] == "provisional"
    job = jobs.load_job(game_id)
    assert job is not None and job.status == "queued" and job.result is None
    assert job.reasons == {"claim"} and handed == [game_id]
    assert ranking.top("free") == []  # public once judged
    done = jobs.run_analysis(game_id)
    assert done is not None and done.status == "done"
    assert done.result is None and done.judge is not None  # the claim paid for its judge only
    claim = review.load_claim(game_id)
    assert claim is not None and claim["state"] == "held"
    codes = [Reason.from_stored(r).code for r in claim["reasons"]]
    assert codes[0] == "score" and "fast-answers" in codes
    signals = json.loads(claim["signals"])
    assert signals["floor_share"] == 1.0 and signals["judge_moves"] > 0
    assert ranking.top("free") == []


def test_a_person_like_claim_is_published_and_the_player_may_then_ask_the_analysis(
    games_client: TestClient, community_client: TestClient, moves: list[str]
) -> None:
    times = [4200, 9100, 2500, 15000, 3300, 7700, 5200, 2900, 11800, 6100, 3900, 8800]
    game_id, token = store_finished(moves=moves, move_ms=times[: len(moves[::2])])
    with recording_runner() as handed:
        assert _claim(games_client, community_client, game_id, token).status_code == 200
        jobs.run_analysis(game_id)
        read = games_client.get(f"/api/games/{game_id}/analysis", headers=bearer(token))
        assert read.json()["status"] == "none"  # the claim's judgement is not the analysis
        asked = games_client.post(f"/api/games/{game_id}/analysis", headers=bearer(token))
        assert asked.json()["status"] == "queued" and handed == [game_id, game_id]
    claim = review.load_claim(game_id)
    assert claim is not None and claim["state"] == "published", claim.get("reasons")
    (entry,) = ranking.top("free")
    assert not entry.provisional
    job = jobs.run_analysis(game_id)
    assert job is not None and job.status == "done" and job.result is not None
    status = games_client.get(f"/api/games/{game_id}/claim", headers=bearer(token)).json()
    assert (status["status"], status["rank"]) == ("published", 1)


def _queues(monkeypatch: pytest.MonkeyPatch) -> tuple[Any, str, str]:
    """The two queues as template.yaml defines them, the games function's URL set."""
    resources = template()["Resources"]
    properties = resources["AnalysisQueue"]["Properties"]
    sqs = boto3.client("sqs", region_name="eu-west-3")
    dead = sqs.create_queue(QueueName="analysis-dlq")["QueueUrl"]
    dead_arn = sqs.get_queue_attributes(QueueUrl=dead, AttributeNames=["QueueArn"])[
        "Attributes"]["QueueArn"]
    redrive = {**properties["RedrivePolicy"], "deadLetterTargetArn": dead_arn}
    url = sqs.create_queue(QueueName="analysis", Attributes={
        "RedrivePolicy": json.dumps(redrive),
        "VisibilityTimeout": str(properties["VisibilityTimeout"]),
    })["QueueUrl"]
    monkeypatch.setenv(dispatch.QUEUE_URL_VARIABLE, url)
    return sqs, url, dead


def test_a_failing_analysis_is_retried_then_dead_lettered(
    table: Any, monkeypatch: pytest.MonkeyPatch, lambda_context: Any
) -> None:
    game_id, _ = store_finished(status="lost", moves=["32-28", "11-7"])  # a man backwards
    with mock_aws():
        sqs, url, dead = _queues(monkeypatch)
        jobs.request_analysis(game_id, "player", None)
        for attempt in (1, 2, 3):
            messages = sqs.receive_message(QueueUrl=url, VisibilityTimeout=0)["Messages"]
            (message,) = messages
            event = {"Records": [{"messageId": message["MessageId"], "body": message["Body"],
                                  "eventSource": "aws:sqs"}]}
            answer = handler(event, lambda_context)
            assert answer == {"batchItemFailures": [{"itemIdentifier": message["MessageId"]}]}
            job = jobs.load_job(game_id)
            assert job is not None and job.status == "failed" and job.attempts == attempt
        assert "Messages" not in sqs.receive_message(QueueUrl=url, VisibilityTimeout=0)
        (lost,) = sqs.receive_message(QueueUrl=dead)["Messages"]
        assert json.loads(lost["Body"]) == {"gameId": game_id}


def test_a_malformed_message_is_dropped_not_retried(lambda_context: Any, table: Any) -> None:
    event = {"Records": [{"messageId": "m1", "body": "not json at all"}]}
    with pytest.raises(ValueError):
        dispatch.game_id_of("{}")
    assert handler(event, lambda_context) == {"batchItemFailures": []}


def _wait_for(game_id: str, status: str, seconds: float = 240.0) -> jobs.AnalysisJob:
    """A guard against a hang, not a speed test (ten plies at the small budget take a few
    seconds; a loaded 2-core machine can take many times that)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        job = jobs.load_job(game_id)
        if job is not None and job.status == status and (status != "failed" or job.attempts >= 3):
            return job
        time.sleep(0.1)
    raise AssertionError(f"{game_id} never reached {status}")


def test_the_local_worker_runs_jobs_and_retries_a_failure_three_times(
    table: Any, moves: list[str]
) -> None:
    worker = AnalysisWorker(cap=4)
    worker.start()
    try:
        good, _ = store_finished(status="lost", moves=moves[:10])
        bad, _ = store_finished(status="lost", moves=["50-45"])  # onto its own man
        jobs.request_analysis(good, "player", None)
        jobs.request_analysis(bad, "player", None)
        assert _wait_for(good, "done").result is not None
        failed = _wait_for(bad, "failed")
        assert failed.attempts == 3 and failed.error
    finally:
        worker.stop()
    assert dispatch._local_runner is None


def test_the_local_queue_is_bounded(table: Any) -> None:
    worker = AnalysisWorker(cap=1)  # not started: nothing takes from the queue
    assert worker.submit("g_one") and not worker.submit("g_two")


def test_the_route_gives_the_done_analysis_in_full(
    games_client: TestClient, moves: list[str]
) -> None:
    game_id, token = store_finished(mode="duo", status="won", moves=moves[:8])
    with recording_runner():
        asked = games_client.post(f"/api/games/{game_id}/analysis", headers=bearer(token))
    assert asked.status_code == 202
    jobs.run_analysis(game_id)
    read = games_client.get(f"/api/games/{game_id}/analysis", headers=bearer(token))
    body = read.json()
    assert read.status_code == 200 and body["status"] == "done"
    assert body["progress"]["done"] == body["progress"]["total"] == 8
    assert [move["move"] for move in body["result"]["moves"]] == moves[:8]
    assert {"evalAfter", "judgement", "bestLine", "side"} <= set(body["result"]["moves"][0])
    assert set(body["result"]["sides"]) == {"white", "black"}


def test_the_local_server_runs_the_worker_while_it_serves(table: Any) -> None:
    """``make run``'s app takes the analysis jobs from start-up to shutdown."""
    from local.paths import FRONTEND_DIR
    from local.server import create_app

    with TestClient(create_app(FRONTEND_DIR, run_rotation=False)):
        assert dispatch._local_runner is not None
    assert dispatch._local_runner is None
    with TestClient(create_app(FRONTEND_DIR, run_rotation=False, run_analysis=False)):
        assert dispatch._local_runner is None
