"""A failed or stuck analysis never leaves an entry on a public board: a flood of claims waits
off the boards and is taken up again, a job killed with its worker is run again, and one that
keeps failing is held "analysis failed" for a moderator, logged, and (on AWS) counted for the
alarm — whether it failed three times or was killed by the timeout into the dead letters."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from analysis_handler import handler
from dames_backend import clock, db
from dames_backend.boards import ranking
from dames_backend.boards.views import Reason
from dames_backend.fairplay import dispatch, failures, jobs, judge, moderation, review
from dames_backend.fairplay.keys import analysis_key
from fairplay_support import quick_moves
from fastapi.testclient import TestClient
from games_support import claim, new_player, store_finished

from local.analysis_worker import AnalysisWorker

BAD_MOVES = ["32-28", "11-7"]  # a man moving backwards: no judge can replay it


@pytest.fixture(autouse=True)
def small_judge(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(judge, "JUDGE_LEVEL", judge.judge_level(3000, 3000))


@pytest.fixture(scope="module")
def moves() -> list[str]:
    """Short: each claim's judgement searches every move twice (judge and fort)."""
    return quick_moves(10)


def _claimed(games: TestClient, community: TestClient, moves: list[str], name: str,
             times: list[int] | None = None) -> str:
    game_id, token = store_finished(moves=moves, move_ms=times or [4000] * len(moves[::2]))
    answer = claim(games, game_id, token, new_player(community, name))
    assert answer.status_code == 200, answer.text
    assert answer.json()["status"] == "provisional"
    return game_id


def _codes(game_id: str) -> list[str]:
    item = review.load_claim(game_id) or {}
    return [Reason.from_stored(r).code for r in item.get("reasons") or ()]


def test_a_flood_waits_off_the_boards_then_the_sweep_takes_every_claim_up(
    games_client: TestClient, community_client: TestClient, moves: list[str]
) -> None:
    worker = AnalysisWorker(cap=1)
    dispatch.set_local_runner(worker.submit)  # attached, not started: nothing runs yet
    try:
        flood = [_claimed(games_client, community_client, moves, f"Flood {i}")
                 for i in range(3)]
        states = [jobs.load_job(game_id).status for game_id in flood]  # type: ignore[union-attr]
        assert states == ["queued", "failed", "failed"]  # the queue held one
        assert ranking.top("free") == []  # nothing public while nothing is judged
        assert {db.as_str(i["gameId"]) for i in failures.waiting_claims()} == set(flood)
        worker.work(worker.queue.get_nowait())
        assert worker.sweep() == 1  # the queue has room for one again
        worker.drain()
    finally:
        dispatch.set_local_runner(None)
    assert failures.waiting_claims() == []
    assert all(review.load_claim(g)["state"] != "provisional" for g in flood)  # type: ignore[index]


def test_a_job_killed_with_its_worker_is_run_again_once_stale(
    games_client: TestClient, community_client: TestClient, moves: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    worker = AnalysisWorker(cap=4)
    dispatch.set_local_runner(worker.submit)
    try:
        game_id = _claimed(games_client, community_client, moves, "Killed")
        worker.taken.clear()  # the worker died mid-job: its queue went with it
        worker.queue.get_nowait()
        # The job mid-job: the job says "running", one attempt spent.
        db.get_table().update_item(
            Key=analysis_key(game_id),
            UpdateExpression="SET #s = :running, attempts = :one",
            ExpressionAttributeNames={"#s": "status"},
            ExpressionAttributeValues={":running": "running", ":one": 1})
        assert worker.sweep() == 0  # running, and recent: maybe another server's
        monkeypatch.setattr(clock, "now_ms", lambda: 10**13)  # long after
        assert worker.sweep() == 1
        worker.work(worker.queue.get_nowait())
    finally:
        dispatch.set_local_runner(None)
    assert review.load_claim(game_id)["state"] in ("published", "held")  # type: ignore[index]
    assert "analysis-failed" not in _codes(game_id)


def test_a_job_that_keeps_failing_is_held_for_a_moderator_and_logged(
    games_client: TestClient, community_client: TestClient,
    caplog: pytest.LogCaptureFixture,
) -> None:
    worker = AnalysisWorker(cap=4)
    dispatch.set_local_runner(worker.submit)
    try:
        game_id = _claimed(games_client, community_client, BAD_MOVES, "Broken")
        with caplog.at_level(logging.ERROR):
            worker.work(worker.queue.get_nowait())
    finally:
        dispatch.set_local_runner(None)
    job = jobs.load_job(game_id)
    assert job is not None and job.status == "failed" and job.attempts == failures.MAX_ATTEMPTS
    assert _codes(game_id) == ["analysis-failed"]
    assert ranking.top("free") == []
    (first, *_) = moderation.review_list()
    assert (first.kind, first.item["gameId"]) == ("analysis-failed", game_id)
    given_up = [r for r in caplog.records if "given up" in r.getMessage()]
    assert given_up and given_up[0].levelno == logging.ERROR
    assert game_id in given_up[0].getMessage()


def test_on_aws_the_last_attempt_and_a_dead_letter_both_hold_the_claim(
    games_client: TestClient, community_client: TestClient, moves: list[str],
    lambda_context: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    dead_arn = "arn:aws:sqs:eu-west-3:123456789012:analysis-dlq"
    monkeypatch.setenv("ANALYSIS_DEAD_LETTER_QUEUE_ARN", dead_arn)
    dispatch.set_local_runner(lambda game_id: True)
    try:
        failing = _claimed(games_client, community_client, BAD_MOVES, "Fails")
        killed = _claimed(games_client, community_client, moves, "Timed Out")
    finally:
        dispatch.set_local_runner(None)

    def record(game_id: str, receives: int, source: str) -> dict[str, Any]:
        return {"messageId": f"m-{game_id}", "body": f'{{"gameId": "{game_id}"}}',
                "eventSource": "aws:sqs", "eventSourceARN": source,
                "attributes": {"ApproximateReceiveCount": str(receives)}}

    main_arn = "arn:aws:sqs:eu-west-3:123456789012:analysis"
    first = handler({"Records": [record(failing, 1, main_arn)]}, lambda_context)
    assert first == {"batchItemFailures": [{"itemIdentifier": f"m-{failing}"}]}
    assert _codes(failing) == []  # retried: not yet given up
    last = handler({"Records": [record(failing, 3, main_arn)]}, lambda_context)
    assert last["batchItemFailures"] and _codes(failing) == ["analysis-failed"]
    # A job killed by the timeout never reaches the handler's except: its message does reach
    # the dead letters, which the function reads.
    assert handler({"Records": [record(killed, 1, dead_arn)]}, lambda_context) == {
        "batchItemFailures": []}
    assert _codes(killed) == ["analysis-failed"]
    assert ranking.top("free") == []
    printed = capsys.readouterr().out
    assert printed.count('"AnalysisGivenUp"') >= 2  # the metric the alarm counts
