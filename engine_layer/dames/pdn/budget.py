"""What a read may cost: steps per game and file, and CPU time, so no file can stall a server.

A server reads whatever anyone sends; each bound below turns a crafted file into a clear
``PdnError`` instead of a request that computes for ever.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

# How many positions the reader may try while settling ambiguous short captures; a real game
# needs a handful, so this only stops a crafted file from making the reader search for ever.
SEARCH_BUDGET = 20_000
# And for a whole file: one step per move read, or tried while settling. Legal files of a few
# hundred games take tens of thousands; this caps a crafted one at a couple of seconds.
FILE_STEP_BUDGET = 100_000
# Variations are read on a budget of their own, so a file's notes never cost its games their
# main lines: steps for the whole file, and moves kept for one game (what one answer shows).
VARIATION_STEP_BUDGET = 20_000
MAX_VARIATION_PLIES = 1_000


def thread_time() -> float:
    """This thread's CPU seconds (one name, so a test can move the reader's clock alone)."""
    return time.thread_time()


class OutOfTime(Exception):
    """The read's CPU budget is spent."""


@dataclass
class CpuBudget:
    """The CPU time (of this thread: others' load does not count) a read may take.

    A server reading what anyone sends bounds each request's cost with it, whatever the
    file; ``seconds=None`` reads without a bound (the command line, the tests' corpora).
    """

    seconds: float | None = None
    start: float = field(default_factory=lambda: thread_time())

    def spent(self) -> bool:
        return self.seconds is not None and thread_time() - self.start > self.seconds

    def check(self) -> None:
        if self.spent():
            raise OutOfTime

    def message(self) -> str:
        return (
            f"not read: the file takes more than {self.seconds:g} s of computing to read "
            "at once; open a smaller part of it"
        )
