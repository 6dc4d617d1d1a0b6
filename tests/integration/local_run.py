"""Drive ``python -m local.run`` (what ``make run`` runs) as a real child process.

The tests talk to it over HTTP like a browser, signal it like a terminal would, and look at
/proc to see which processes it left behind.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

from local.dynamodb_local import free_port, port_is_free
from local.paths import REPO_ROOT
from local.with_server import STOP_TIMEOUT_SECONDS, ServerFailed, wait_healthy

REGION = "eu-west-3"
# The launcher's banner names the DynamoDB it uses: "… at http://127.0.0.1:12345".
# Settings of the launcher never inherited from the test run: each test says what it wants.
LAUNCHER_VARIABLES = frozenset({"PORT", "HOST", "DATA_DIR", "DYNAMODB_ENDPOINT", "TABLE_NAME"})
ENDPOINT_IN_BANNER = re.compile(r" at (http://127\.0\.0\.1:\d+)\s*$", re.MULTILINE)


def child_pids(pid: int) -> set[int]:
    """Processes whose parent is ``pid`` (read from /proc; Linux only)."""
    children: set[int] = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            # The command name may hold spaces and parentheses: split after the last ")".
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid:
                children.add(int(stat.parent.name))
    return children


def is_running(pid: int) -> bool:
    """True if ``pid`` exists and is not a zombie."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def command_line(pid: int) -> str:
    with contextlib.suppress(OSError):
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    return ""


class LocalRun:
    """One ``python -m local.run`` with its own port, log file and environment."""

    def __init__(self, log_path: Path, **env: str) -> None:
        self.port = free_port()
        self.log_path = log_path
        inherited = {k: v for k, v in os.environ.items() if k not in LAUNCHER_VARIABLES}
        self.env = {
            **inherited,
            "PORT": str(self.port),
            # Where the run says its table is: beside the log, not the developer's own file.
            "DAMES_RUN_FILE": str(log_path.with_suffix(".run.json")),
            "PYTHONUNBUFFERED": "1",
            "AWS_ACCESS_KEY_ID": "local",
            "AWS_SECRET_ACCESS_KEY": "local",
            **env,
        }
        self.process: subprocess.Popen[bytes] | None = None
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.java_pids: set[int] = set()

    def start(self) -> LocalRun:
        with self.log_path.open("ab") as log:
            # Its own session, like a terminal's foreground job: signals reach only it.
            self.process = subprocess.Popen(
                [sys.executable, "-m", "local.run"],
                cwd=REPO_ROOT,
                env=self.env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        self._wait_ready()
        self.java_pids = {
            pid for pid in child_pids(self.process.pid) if "java" in command_line(pid)
        }
        return self

    def _wait_ready(self) -> None:
        assert self.process is not None
        try:
            wait_healthy(self.base_url, self.process)
        except ServerFailed as failed:
            self.stop(signal.SIGKILL)
            raise AssertionError(f"local.run: {failed}:\n{self.log()}") from None

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def dynamodb_endpoint(self) -> str:
        """The DynamoDB endpoint the launcher announced in its banner."""
        match = ENDPOINT_IN_BANNER.search(self.log())
        assert match, f"no endpoint in the banner:\n{self.log()}"
        return match.group(1)

    def client(self, **headers: str) -> httpx.Client:
        return httpx.Client(base_url=self.base_url, headers=headers, timeout=60)

    def stop(self, sig: signal.Signals = signal.SIGINT) -> int:
        """Send ``sig`` to the launcher (as Ctrl-C would) and wait; returns its exit code."""
        process = self.process
        assert process is not None
        if process.poll() is None:
            process.send_signal(sig)
        try:
            return process.wait(STOP_TIMEOUT_SECONDS)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            raise AssertionError(f"local.run ignored {sig.name}:\n{self.log()}") from None

    def leftovers(self, grace_seconds: float = 10.0) -> dict[str, Any]:
        """What is still running after a stop: the launcher, its Java, its port."""
        deadline = time.monotonic() + grace_seconds
        while True:
            state = {
                "launcher": self.process is not None and is_running(self.process.pid),
                "java": sorted(pid for pid in self.java_pids if is_running(pid)),
                "port_busy": not port_is_free(self.port),
            }
            if not any(state.values()) or time.monotonic() > deadline:
                return state
            time.sleep(0.2)
