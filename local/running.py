"""A running ``make run`` as other commands find it, and the keys an emulator takes.

``make run`` starts DynamoDB Local on a free port, a new one at each start, so a command run
beside it (``./dames moderation list``) could only guess it. Instead the run writes where its
table is to ``.local/run.json`` once the table is ready, and removes the file when it stops;
``read()`` believes the file only while the process that wrote it is alive (a run killed with
SIGKILL leaves it behind).

DynamoDB Local and moto accept any AWS keys, but boto3 refuses to sign a request without
some: ``use_local_credentials`` gives dummy ones, only for an emulator's endpoint, never for
AWS's own, where the user's real credentials must stay the ones used.
"""

from __future__ import annotations

import json
import os
from collections.abc import MutableMapping
from dataclasses import asdict, dataclass
from pathlib import Path
from urllib.parse import urlsplit

from local.paths import REPO_ROOT

RUN_FILE = REPO_ROOT / ".local" / "run.json"
# Another place for the file (the tests' runs, so they never hide the developer's own).
RUN_FILE_ENV = "DAMES_RUN_FILE"


def run_file() -> Path:
    """Where the file is: ``$DAMES_RUN_FILE``, else ``.local/run.json`` in the repository."""
    return Path(os.environ.get(RUN_FILE_ENV) or RUN_FILE)


@dataclass(frozen=True)
class RunningTable:
    """Where a running ``make run`` keeps its table, and who wrote it."""

    endpoint: str
    table: str
    url: str
    pid: int


def write(running: RunningTable, path: Path | None = None) -> None:
    """Say where the table is (replacing what an earlier run left)."""
    path = path or run_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(asdict(running), indent=2) + "\n", encoding="utf-8")
    temporary.replace(path)


def remove(pid: int, path: Path | None = None) -> None:
    """Remove the file if this process wrote it (another run may have replaced it since)."""
    path = path or run_file()
    running = read(path)
    if running is not None and running.pid == pid:
        path.unlink(missing_ok=True)


def read(path: Path | None = None) -> RunningTable | None:
    """The running ``make run``'s table; None when none runs (no file, unreadable, or its
    writer is gone)."""
    path = path or run_file()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        running = RunningTable(
            endpoint=str(data["endpoint"]), table=str(data["table"]),
            url=str(data["url"]), pid=int(data["pid"]),
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return running if _alive(running.pid) else None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process: alive
    return True


def is_emulator(endpoint: str) -> bool:
    """True for a DynamoDB that is not AWS's (DynamoDB Local, moto…): AWS endpoints are hosts
    of amazonaws.com (or .com.cn), whose real keys must never be replaced by dummy ones."""
    host = (urlsplit(endpoint).hostname or "").lower().rstrip(".")
    return not (host.endswith(".amazonaws.com") or host.endswith(".amazonaws.com.cn"))


def use_local_credentials(environ: MutableMapping[str, str] = os.environ) -> None:
    """Emulators accept any keys, but boto3 refuses to sign without some."""
    environ.setdefault("AWS_ACCESS_KEY_ID", "local")
    environ.setdefault("AWS_SECRET_ACCESS_KEY", "local")
