"""The local run's analysis runner: what AnalysisQueue + AnalysisFunction do on AWS, in one
background thread of the local server.

Bounded like the queue and the reserved concurrency: one worker (a game's analysis is a few
seconds of one core), at most ``QUEUE_CAP`` games waiting in memory (beyond, ``submit``
says no and the job is marked failed, so asking again queues it). A claim's job is never
lost that way: the worker *sweeps* the claims still waiting for their analysis
(``fairplay.failures.waiting_claims``) when it starts and whenever it is idle, and takes up
each one whose job is not running — one refused by a full queue, one left "running" by a
worker that was killed (once stale), one a previous server never finished. A failing job
is tried ``MAX_ATTEMPTS`` times in all (as SQS's ``maxReceiveCount``), then its claim is
held "analysis failed" for a moderator and the log says so at ERROR (the dead letter and
alarm of the deployed stack). The worker thread lowers its own priority, so the players'
moves come first.
"""

from __future__ import annotations

import contextlib
import logging
import os
import queue
import threading

from dames_backend import clock, db
from dames_backend.fairplay import dispatch, failures, jobs

logger = logging.getLogger("local.analysis")

QUEUE_CAP = 32
MAX_ATTEMPTS = failures.MAX_ATTEMPTS
SWEEP_SECONDS = 10.0
_STOP = ""


class AnalysisWorker:
    """One thread running ``jobs.run_analysis`` for the games submitted to it."""

    def __init__(self, cap: int = QUEUE_CAP, attempts: int = MAX_ATTEMPTS,
                 sweep_seconds: float = SWEEP_SECONDS) -> None:
        self.queue: queue.Queue[str] = queue.Queue(maxsize=cap)
        self.attempts = attempts
        self.sweep_seconds = sweep_seconds
        self.thread: threading.Thread | None = None
        self.taken: set[str] = set()
        self.lock = threading.Lock()

    def submit(self, game_id: str) -> bool:
        """Queue a game (once: a game already waiting is not queued twice); False when the
        queue is full."""
        with self.lock:
            if game_id in self.taken:
                return True
            try:
                self.queue.put_nowait(game_id)
            except queue.Full:
                return False
            self.taken.add(game_id)
        return True

    def start(self) -> None:
        """Start the thread and take the jobs of ``dispatch`` (idempotent)."""
        if self.thread is None:
            self.thread = threading.Thread(target=self._work, name="analysis", daemon=True)
            self.thread.start()
        dispatch.set_local_runner(self.submit)

    def stop(self, timeout: float = 5.0) -> None:
        """Stop taking jobs; the thread ends after its current game (waited ``timeout``)."""
        dispatch.set_local_runner(None)
        thread, self.thread = self.thread, None
        if thread is None:
            return
        with contextlib.suppress(queue.Full):
            self.queue.put(_STOP, timeout=timeout)
        thread.join(timeout)

    def run_one(self, game_id: str) -> None:
        """Run a game's job up to the attempts it has left; the last failure holds its claim
        (if any) and is logged for a person."""
        job = jobs.load_job(game_id)
        done = job.attempts if job else 0
        for attempt in range(done + 1, self.attempts + 1):
            try:
                jobs.run_analysis(game_id)
                return
            except Exception:
                logger.exception("analysis of %s failed (attempt %d of %d)", game_id, attempt,
                                 self.attempts)
        self.give_up(game_id)

    def give_up(self, game_id: str) -> None:
        job = jobs.load_job(game_id)
        attempts = job.attempts if job else self.attempts
        if failures.give_up(game_id, attempts):
            logger.error("analysis of claimed game %s given up after %d attempts: held "
                         "'analysis failed' (moderation list)", game_id, attempts)

    def sweep(self) -> int:
        """Take up the claims still waiting whose job is not running; returns how many were
        queued."""
        queued = 0
        now = clock.now_ms()
        for item in failures.waiting_claims(limit=self.queue.maxsize):
            game_id = db.as_str(item["gameId"])
            with self.lock:
                if game_id in self.taken:
                    continue
            job = jobs.load_job(game_id)
            if job is None:
                jobs.request_analysis(game_id, "claim", None)  # hands it to submit
                queued += 1
            elif job.status == "running" and not job.stale(now):
                continue  # being run (by this worker, or another server on the table)
            elif job.status != "done" and job.stale(now) and job.attempts >= self.attempts:
                self.give_up(game_id)
            else:
                queued += self.submit(game_id)
        return queued

    def _sweep_safely(self) -> None:
        try:
            self.sweep()
        except Exception:
            logger.exception("the sweep of claims waiting for their analysis failed")

    def _work(self) -> None:
        with contextlib.suppress(OSError):  # Linux: a thread's own niceness
            os.nice(10)
        self._sweep_safely()
        while True:
            try:
                game_id = self.queue.get(timeout=self.sweep_seconds)
            except queue.Empty:
                self._sweep_safely()
                continue
            if game_id == _STOP:
                return
            self.work(game_id)

    def work(self, game_id: str) -> None:
        """Run a game taken from the queue; it may be queued again afterwards."""
        try:
            self.run_one(game_id)
        finally:
            with self.lock:
                self.taken.discard(game_id)

    def drain(self) -> None:
        """What the thread does until it is idle, in the caller's thread (the tests, the
        ``analysis run`` command): run what is queued, sweep, until the sweep finds nothing."""
        while True:
            while not self.queue.empty():
                self.work(self.queue.get_nowait())
            if not self.sweep():
                return
