"""The analysis job of a game, one pipeline for the player's review and for fair play.

One item per game (``keys.analysis_key``): ``status`` queued → running → done (or failed),
``progress`` {done, total}, the stored result (``GameAnalysis.to_dict()`` as JSON text: a
float is not a DynamoDB number), the analysis version, timestamps, ``attempts`` and the
``reasons`` it was asked for ("player", "claim"). Requesting twice costs nothing: a job that
is queued, running or done is answered as it stands. Each reason pays only for its own
part: the player's asks for the engine pass (``dames.analysis``, both sides, for the review
page), a claim for the judgement of the claimer's moves (``judge``, stored as JSON, made
once per judge version) and the verdict — the verdict reads no engine pass, so a claim
costs one side's judgement, bounded by ``judge.judge_work_bound``. A job done for one
reason and asked for the other is queued again for the missing part only. The runner
(``run_analysis``) is the same code in the analysis Lambda and in the local server's worker.
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from botocore.exceptions import ClientError

from dames_backend import clock, db
from dames_backend.fairplay import dispatch
from dames_backend.fairplay.keys import analysis_key
from dames_backend.games import store as game_store
from dames_backend.games.store import GameRecord

if TYPE_CHECKING:  # loaded with the engine pass only: the claim queues jobs without it
    from dames.analysis import AnalysisBudget

    from dames_backend.fairplay.judge import JudgeReport

JobStatus = Literal["queued", "running", "done", "failed"]
Reason = Literal["player", "claim"]
# A job "running" for longer than this was lost with its worker (a Lambda timeout is 15 min
# at most): a new request may queue it again.
STALE_RUNNING_MS = 20 * 60 * 1000
# The runner writes its progress at most this often (each write is a paid request).
PROGRESS_INTERVAL_S = 1.0
# The engine pass's budget: None is ``dames.analysis.AnalysisBudget()``, the one the costs and
# the fair-play calibration were measured with. Tests of the pipeline set a small one.
JOB_BUDGET: AnalysisBudget | None = None
logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class AnalysisJob:
    """A job as stored (``result`` is the parsed ``GameAnalysis.to_dict()`` once done)."""

    game_id: str
    status: JobStatus
    done: int = 0
    total: int = 0
    result: dict[str, Any] | None = None
    version: str | None = None
    attempts: int = 0
    reasons: frozenset[str] = frozenset()
    requested_at: str | None = None
    updated_at_ms: int = 0
    error: str | None = None
    judge: dict[str, Any] | None = None

    @classmethod
    def from_item(cls, item: dict[str, Any]) -> AnalysisJob:
        progress = item.get("progress") or {}
        result = item.get("result")
        status = str(item["status"])
        assert status in ("queued", "running", "done", "failed")
        return cls(
            game_id=db.as_str(item["gameId"]),
            status=status,  # type: ignore[arg-type]  # checked just above
            done=db.as_int(progress.get("done", 0)),
            total=db.as_int(progress.get("total", 0)),
            result=json.loads(result) if isinstance(result, str) else None,
            version=item.get("version"),
            attempts=db.as_int(item.get("attempts", 0)),
            reasons=frozenset(str(reason) for reason in item.get("reasons") or ()),
            requested_at=item.get("requestedAt"),
            updated_at_ms=db.as_int(item.get("updatedAtMs", 0)),
            error=item.get("error"),
            judge=json.loads(item["judge"]) if isinstance(item.get("judge"), str) else None,
        )

    def stale(self, now_ms: int) -> bool:
        """Lost: failed, or running/queued for longer than any worker runs."""
        if self.status == "failed":
            return True
        return self.status != "done" and now_ms - self.updated_at_ms > STALE_RUNNING_MS


def load_job(game_id: str) -> AnalysisJob | None:
    item = db.get_table().get_item(Key=analysis_key(game_id), ConsistentRead=True).get("Item")
    return AnalysisJob.from_item(item) if item else None


def _queue_new(game_id: str, reason: Reason, now: int, expires_at: int | None) -> bool:
    """Write a fresh queued job unless a live one exists; True when this call wrote it. The
    job carries its game's expiry (``games.retention``): it holds the game's moves."""
    item: dict[str, Any] = {
        **analysis_key(game_id), "gameId": game_id, "status": "queued",
        "progress": {"done": 0, "total": 0}, "attempts": 0, "reasons": {str(reason)},
        "requestedAt": clock.iso_from_ms(now), "updatedAtMs": now,
    }
    if expires_at is not None:
        item["expiresAt"] = expires_at
    try:
        db.get_table().put_item(
            Item=item,
            # Only over nothing, a failed job or one lost with its worker.
            ConditionExpression="attribute_not_exists(pk) OR #s = :failed OR "
            "(#s <> :done AND updatedAtMs < :stale)",
            ExpressionAttributeNames={"#s": "status"},
            ExpressionAttributeValues={
                ":failed": "failed", ":done": "done", ":stale": now - STALE_RUNNING_MS,
            },
        )
    except ClientError as exc:
        if db.is_conditional_failure(exc):
            return False
        raise
    return True


def _add_reason(game_id: str, reason: Reason) -> None:
    """A claim also takes the job's expiry off, as the claim takes its game's."""
    db.get_table().update_item(
        Key=analysis_key(game_id),
        UpdateExpression="ADD reasons :r" + (" REMOVE expiresAt" if reason == "claim" else ""),
        ConditionExpression="attribute_exists(pk)",
        ExpressionAttributeValues={":r": {str(reason)}},
    )


def request_analysis(game_id: str, reason: Reason, expires_at: int | None) -> AnalysisJob:
    """Ask for a game's analysis (idempotent); returns the job as it stands. ``expires_at``:
    the game's expiry, which a new job takes (none for a claimed game).

    A new (or failed, or lost) job is queued and handed to the runner. A queued or running
    job only notes the reason (the runner reads the reasons when it starts; one that came
    too late finds a done job below). A done job asked for a part it has not run (a claim
    after the player's analysis, the player's after a claim) is queued again, for that part
    only (``run_analysis`` skips what is done). When the local worker is full the job is
    marked failed ("busy"), so the next request queues it again.
    """
    now = clock.now_ms()
    if _queue_new(game_id, reason, now, expires_at):
        if not dispatch.enqueue(game_id):
            _mark_failed(game_id, "The analysis queue is full: ask again in a minute.", now)
    else:
        current = load_job(game_id)
        if current is not None and reason not in current.reasons:
            _add_reason(game_id, reason)
            current = load_job(game_id)
        if current is not None and current.status == "done" and _due(current):
            _requeue(game_id, now)
    job = load_job(game_id)
    assert job is not None, "the job was just written"
    return job


def _due(job: AnalysisJob) -> bool:
    """A part is left to run: the engine pass the player asked for, or the claimer's
    judgement."""
    engine = "player" in job.reasons and job.result is None
    return engine or ("claim" in job.reasons and not _judge_current(job))


def _requeue(game_id: str, now: int) -> None:
    """A done job with a part left: queued again (once: the condition makes it one)."""
    try:
        db.get_table().update_item(
            Key=analysis_key(game_id),
            UpdateExpression="SET #s = :queued, updatedAtMs = :now",
            ConditionExpression="#s = :done",
            ExpressionAttributeNames={"#s": "status"},
            ExpressionAttributeValues={":queued": "queued", ":done": "done", ":now": now},
        )
    except ClientError as exc:
        if db.is_conditional_failure(exc):
            return
        raise
    if not dispatch.enqueue(game_id):
        _mark_failed(game_id, "The analysis queue is full: ask again in a minute.", now)


def request_claim_analysis(game_id: str) -> None:
    """After a ranked claim: queue its analysis, never failing the claim (already written).
    A job that could not be queued is taken up by the next request for it, or by
    ``./dames analysis run``."""
    try:
        request_analysis(game_id, "claim", None)  # a claimed game never expires
    except Exception:
        logger.exception("the analysis of claimed game %s could not be queued", game_id)


def _set_fields(
    game_id: str, now: int, fields: dict[str, Any], *, restart: bool = False
) -> None:
    """Set ``fields`` of the job (and ``updatedAtMs``) in one write; ``restart`` also clears
    the last error and counts an attempt."""
    names = {f"#f{i}": name for i, name in enumerate(fields)}
    values: dict[str, Any] = {f":f{i}": value for i, value in enumerate(fields.values())}
    values[":now"] = now
    expression = "SET " + ", ".join([*(f"{n} = :{n[1:]}" for n in names), "updatedAtMs = :now"])
    if restart:
        expression += " REMOVE #error ADD attempts :one"
        names["#error"] = "error"
        values[":one"] = 1
    db.get_table().update_item(
        Key=analysis_key(game_id),
        UpdateExpression=expression,
        ExpressionAttributeNames=names,
        ExpressionAttributeValues=values,
    )


def _mark_failed(game_id: str, error: str, now: int) -> None:
    _set_fields(game_id, now, {"status": "failed", "error": error[:500]})


class _ProgressWriter:
    """The engine's progress callback: writes {done, total} at most once a second."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        moment = time.monotonic()
        if done not in (0, total) and moment - self.last < PROGRESS_INTERVAL_S:
            return
        self.last = moment
        _set_fields(self.game_id, clock.now_ms(), {"progress": {"done": done, "total": total}})


def _start(game_id: str) -> None:
    now = clock.now_ms()
    _set_fields(
        game_id, now, {"status": "running", "startedAt": clock.iso_from_ms(now)}, restart=True
    )


def _store_result(game_id: str, result: dict[str, Any]) -> None:
    from dames.analysis import ANALYSIS_VERSION

    now = clock.now_ms()
    moves = len(result.get("moves", []))
    _set_fields(
        game_id,
        now,
        {
            "status": "done",
            "result": json.dumps(result, separators=(",", ":")),
            "version": ANALYSIS_VERSION,
            "finishedAt": clock.iso_from_ms(now),
            "progress": {"done": moves, "total": moves},
        },
    )


def _judged(game_id: str, record: GameRecord, job: AnalysisJob) -> JudgeReport:
    """The claimer's judgement: the stored one if made by this judge, else made now."""
    from dames_backend.fairplay.judge import JudgeReport, judge_game

    if job.judge is not None and _judge_current(job):
        return JudgeReport.from_dict(job.judge)
    report = judge_game(variant=record.variant, start_fen=record.start_fen or None,
                        moves=list(record.moves), draw_rules=record.draw_rules,
                        side=record.player_color)
    _set_fields(game_id, clock.now_ms(),
                {"judge": json.dumps(report.to_dict(), separators=(",", ":"))})
    return report


def run_analysis(game_id: str) -> AnalysisJob | None:
    """Run a queued job: the engine pass if the player asked for it, then for a claimed game
    the judge and the fair-play verdict. Raises on failure after marking the job failed, so
    the queue retries it (three receives, then the dead-letter queue). None: no such job."""
    from dames_backend.fairplay import review  # the verdict step; review imports the boards

    job = load_job(game_id)
    if job is None:
        logger.warning("no analysis job for %s", game_id)
        return None
    record = game_store.load_game(game_id)
    if record is None:
        _mark_failed(game_id, "The game no longer exists.", clock.now_ms())
        return load_job(game_id)
    engine_due = "player" in job.reasons and (job.status != "done" or job.result is None)
    judge_due = "claim" in job.reasons and not _judge_current(job)
    if engine_due or judge_due:
        _start(game_id)
    try:
        result = _engine_pass(game_id, record) if engine_due else job.result
        report = _judged(game_id, record, job) if "claim" in job.reasons else None
    except Exception as exc:
        _mark_failed(game_id, f"{type(exc).__name__}: {exc}", clock.now_ms())
        raise
    if engine_due:
        _store_result(game_id, result or {})
    elif job.status != "done":
        _set_fields(game_id, clock.now_ms(), {"status": "done"})
    if report is not None:
        review.judge_claim(game_id, result, report)
    after = load_job(game_id)
    if after is not None and after.status == "done" and _due(after):
        _requeue(game_id, clock.now_ms())  # a reason that came while it ran
    return load_job(game_id)


def _engine_pass(game_id: str, record: GameRecord) -> dict[str, Any]:
    # Imported here: the claim (games function) queues jobs without loading the analysis.
    from dames.analysis import AnalysisBudget, analyse_game

    return analyse_game(
        variant=record.variant,
        start_fen=record.start_fen,
        moves=list(record.moves),
        draw_rules=record.draw_rules,
        budget=JOB_BUDGET or AnalysisBudget(),
        progress=_ProgressWriter(game_id),
    ).to_dict()


def _judge_current(job: AnalysisJob) -> bool:
    from dames_backend.fairplay.judge import judge_version

    return job.judge is not None and job.judge.get("version") == judge_version()
