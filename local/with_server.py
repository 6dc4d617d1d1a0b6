"""Run one command against a fresh local server, then stop the server.

    python -m local.with_server -- .venv/bin/python bench/api.py --url {url}

Starts ``python -m local.run`` (DynamoDB Local and uvicorn) on a free port with its data in a
temporary folder, so a benchmark neither depends on nor pollutes the ``make run`` data, waits
until ``/api/health`` answers, runs the command with ``{url}`` replaced by the server's base
URL, and stops the server whatever happens. Exits with the command's status. The server's
own output (one access-log line per request) goes to a log file, shown only if it fails.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request

from local.dynamodb_local import free_port, wait_until_ready
from local.paths import REPO_ROOT

READY_TIMEOUT_SECONDS = 120.0
STOP_TIMEOUT_SECONDS = 30.0


class ServerFailed(Exception):
    """The local server exited or never answered."""


def is_healthy(url: str) -> bool:
    """Whether the server at ``url`` answers ``/api/health`` with 200."""
    try:
        with urllib.request.urlopen(f"{url}/api/health", timeout=2) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, OSError):
        return False


def wait_healthy(url: str, server: subprocess.Popen[bytes]) -> None:
    """Block until ``url``/api/health answers 200; fail if the server exits first."""
    try:
        code = wait_until_ready(server, lambda: is_healthy(url), READY_TIMEOUT_SECONDS, 0.2)
    except TimeoutError:
        raise ServerFailed(
            f"the local server did not answer within {READY_TIMEOUT_SECONDS:.0f} s"
        ) from None
    if code is not None:
        raise ServerFailed(f"the local server exited with {code}")


def stop(server: subprocess.Popen[bytes]) -> None:
    """Ctrl-C the server (its own clean shutdown stops DynamoDB Local), SIGKILL if stuck."""
    if server.poll() is None:
        server.send_signal(signal.SIGINT)
    try:
        server.wait(STOP_TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def main(argv: list[str]) -> int:
    command = argv[1:] if argv[:1] == ["--"] else argv
    if not command:
        print(__doc__, file=sys.stderr)
        return 2
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="dames-local-") as data_dir:
        env = {
            **{k: v for k, v in os.environ.items() if k != "DYNAMODB_ENDPOINT"},
            "PORT": str(port),
            "DATA_DIR": data_dir,
            # A throwaway server: the developer's `make run` stays the one ./dames finds.
            "DAMES_RUN_FILE": os.path.join(data_dir, "run.json"),
        }
        log_path = os.path.join(data_dir, "server.log")
        with open(log_path, "wb") as log:
            server = subprocess.Popen(
                [sys.executable, "-m", "local.run"],
                cwd=REPO_ROOT,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        try:
            wait_healthy(url, server)
            print(f"local server ready at {url}", flush=True)
            return subprocess.call([part.replace("{url}", url) for part in command])
        except ServerFailed as failure:
            with open(log_path, errors="replace") as log:
                print(f"{failure}:\n{log.read()}", file=sys.stderr)
            return 1
        finally:
            stop(server)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
