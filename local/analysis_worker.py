"""The local run's analysis runner: what AnalysisQueue + AnalysisFunction do on AWS, in one
background thread of the local server.

Bounded like the queue and the reserved concurrency: one worker (a game's analysis is a few
seconds of one core), at most ``QUEUE_CAP`` games waiting (beyond, ``submit`` says no and
the job is marked failed, so asking again queues it), and a failing job is tried
``MAX_ATTEMPTS`` times, as SQS's ``maxReceiveCount``, then left failed (the dead letter).
The worker thread lowers its own priority, so the players' moves come first.
"""

from __future__ import annotations

import contextlib
import logging
import os
import queue
import threading

from dames_backend.fairplay import dispatch, jobs

logger = logging.getLogger("local.analysis")

QUEUE_CAP = 32
MAX_ATTEMPTS = 3
_STOP = ""


class AnalysisWorker:
    """One thread running ``jobs.run_analysis`` for the games submitted to it."""

    def __init__(self, cap: int = QUEUE_CAP, attempts: int = MAX_ATTEMPTS) -> None:
        self.queue: queue.Queue[str] = queue.Queue(maxsize=cap)
        self.attempts = attempts
        self.thread: threading.Thread | None = None

    def submit(self, game_id: str) -> bool:
        """Queue a game; False when the queue is full."""
        try:
            self.queue.put_nowait(game_id)
        except queue.Full:
            return False
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
        """Run a game's job, retried like a queue message; the last failure is logged."""
        for attempt in range(1, self.attempts + 1):
            try:
                jobs.run_analysis(game_id)
                return
            except Exception:
                logger.exception("analysis of %s failed (attempt %d)", game_id, attempt)

    def _work(self) -> None:
        with contextlib.suppress(OSError):  # Linux: a thread's own niceness
            os.nice(10)
        while True:
            game_id = self.queue.get()
            if game_id == _STOP:
                return
            self.run_one(game_id)
