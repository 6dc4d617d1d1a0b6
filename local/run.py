"""`make run`: DynamoDB, the table, then the site and the API on http://127.0.0.1:$PORT.

Environment: ``PORT`` (8000), ``HOST`` (127.0.0.1), ``DATA_DIR`` (``.local/dynamodb``, where
DynamoDB Local keeps its tables), ``DYNAMODB_ENDPOINT`` (use that DynamoDB and start none; an
emulator's gets dummy AWS keys when none are set, as it accepts any), ``TABLE_NAME``
(``dames-local``).

Without Java 17 it falls back to moto's server, in memory. The functions' Powertools logs print
as one readable line each (``DAMES_LOG_STYLE=text``; ``DAMES_LOG_STYLE=json`` shows the JSON
Lambda writes); CloudWatch metrics are off, the event lines carry the same counts.

Everything it starts stops on Ctrl-C, SIGTERM or SIGHUP: uvicorn shuts down gracefully, then
DynamoDB Local's process group is terminated (and an ``atexit`` hook repeats that if anything
else ends the interpreter).
"""

from __future__ import annotations

import atexit
import logging
import os
import signal
import sys
from collections.abc import Callable, MutableMapping
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any

import boto3

from local import running
from local.dynamodb_local import DynamoDBLocal, find_java, free_port, port_is_free
from local.paths import FRONTEND_DIR, add_code_paths
from local.running import is_emulator, use_local_credentials

logger = logging.getLogger("local.run")

DEFAULT_PORT = 8000
DEFAULT_HOST = "127.0.0.1"
DEFAULT_DATA_DIR = ".local/dynamodb"
GRACEFUL_SHUTDOWN_SECONDS = 5


@dataclass(frozen=True)
class LaunchSettings:
    """What ``make run`` was asked for, read from the environment."""

    host: str
    port: int
    data_dir: Path
    dynamodb_endpoint: str | None
    frontend_dir: Path

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> LaunchSettings:
        env = dict(os.environ if environ is None else environ)
        port_text = env.get("PORT") or str(DEFAULT_PORT)
        if not port_text.isdigit() or not 0 < int(port_text) < 65536:
            raise SystemExit(f"PORT must be a TCP port number, not {port_text!r}.")
        data_dir = Path(env.get("DATA_DIR") or DEFAULT_DATA_DIR)
        if not data_dir.is_absolute():
            data_dir = Path.cwd() / data_dir
        return cls(
            host=env.get("HOST") or DEFAULT_HOST,
            port=int(port_text),
            data_dir=data_dir,
            dynamodb_endpoint=env.get("DYNAMODB_ENDPOINT") or None,
            frontend_dir=FRONTEND_DIR,
        )


@dataclass
class Database:
    """The DynamoDB the run talks to, how to describe it, and how to stop it."""

    endpoint: str
    description: str
    stop: Callable[[], None]


def start_database(settings: LaunchSettings) -> Database:
    """``DYNAMODB_ENDPOINT`` if given, else DynamoDB Local on Java, else moto in memory."""
    if settings.dynamodb_endpoint:
        if is_emulator(settings.dynamodb_endpoint):
            use_local_credentials()
        return Database(settings.dynamodb_endpoint, "the DynamoDB you gave", lambda: None)
    use_local_credentials()
    if find_java() is not None:
        local = DynamoDBLocal(settings.data_dir)
        atexit.register(local.stop)
        endpoint = local.start()
        where = _display_path(settings.data_dir)
        return Database(endpoint, f"DynamoDB Local (data kept in {where}/)", local.stop)
    print(
        "Java 17 or newer was not found, so DynamoDB Local cannot run: falling back to moto's "
        "in-memory DynamoDB. Games and leaderboards are lost when you stop the server. "
        "Install a JDK (Debian: apt-get install openjdk-17-jre-headless) to keep them.",
        file=sys.stderr,
        flush=True,
    )
    from moto.server import ThreadedMotoServer  # only needed on this path

    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    atexit.register(server.stop)
    return Database(f"http://127.0.0.1:{port}", "moto (in memory)", server.stop)


def _display_path(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def prepare_table(endpoint: str) -> str:
    """Create the table if it is missing (kept as it is otherwise); return its name."""
    os.environ["DYNAMODB_ENDPOINT"] = endpoint
    add_code_paths()
    from dames_backend.config import get_settings
    from dames_backend.tables import create_table

    settings = get_settings()
    os.environ.setdefault("AWS_DEFAULT_REGION", settings.region)
    client = boto3.client("dynamodb", endpoint_url=endpoint, region_name=settings.region)
    create_table(client, settings.table_name)
    return settings.table_name


class Stopper:
    """Signal handling for the whole run: graceful while uvicorn serves, unwinding otherwise.

    uvicorn handles SIGINT and SIGTERM itself while it serves, then restores these handlers
    and re-raises the signal it caught. SIGHUP (a closed terminal) is not among uvicorn's, so
    it is turned into the same graceful shutdown here. Outside serving (DynamoDB starting, or
    after the re-raise) a signal raises SystemExit, so the launcher's ``finally`` runs.
    """

    def __init__(self) -> None:
        self.server: Any = None

    def install(self) -> None:
        for signum in (signal.SIGTERM, signal.SIGHUP):
            signal.signal(signum, self.handle)

    def handle(self, signum: int, _frame: FrameType | None) -> None:
        server = self.server
        if server is not None and not server.should_exit:
            server.should_exit = True
            return
        raise SystemExit(128 + signum)


def uvicorn_config(app: Any, **options: Any) -> Any:
    """The local server's uvicorn settings (the tests' servers use them too).

    uvicorn would believe ``X-Forwarded-For`` from 127.0.0.1 and put it in the request's
    client: a local caller could then pose as any network and pass the per-network limits.
    So its proxy headers are off and the app alone decides whom it believes
    (``DAMES_TRUSTED_PROXIES``, ``dames_backend.limits.clients``; none by default).
    """
    import uvicorn

    return uvicorn.Config(app, proxy_headers=False, **options)


def serve(settings: LaunchSettings, banner: str, stopper: Stopper) -> None:
    """Run uvicorn in this process until a signal stops it."""
    import uvicorn

    from local.server import create_app

    config = uvicorn_config(
        create_app(settings.frontend_dir),
        host=settings.host,
        port=settings.port,
        lifespan="on",
        log_level="info",
        timeout_graceful_shutdown=GRACEFUL_SHUTDOWN_SECONDS,
    )
    stopper.server = uvicorn.Server(config)
    print(banner, flush=True)
    stopper.server.run()


def use_local_observability(environ: MutableMapping[str, str] = os.environ) -> None:
    """Readable log lines, no CloudWatch metrics, unless the caller chose otherwise."""
    environ.setdefault("DAMES_LOG_STYLE", "text")
    environ.setdefault("POWERTOOLS_SERVICE_NAME", "dames-local")
    environ.setdefault("POWERTOOLS_METRICS_DISABLED", "true")


def main() -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:     %(name)s: %(message)s")
    use_local_observability()
    logging.getLogger("botocore").setLevel(logging.WARNING)
    stopper = Stopper()
    stopper.install()
    settings = LaunchSettings.from_env()
    if not port_is_free(settings.port, settings.host):
        print(
            f"Port {settings.port} is already in use on {settings.host}: stop what uses it "
            f"or choose another, e.g. `make run PORT={settings.port + 1}`.",
            file=sys.stderr,
        )
        return 2
    database: Database | None = None
    try:
        database = start_database(settings)
        table = prepare_table(database.endpoint)
        url = f"http://{settings.host}:{settings.port}"
        banner = (
            f"\nDames du jour: {url}/\n"
            f"  API under {url}/api (health: {url}/api/health)\n"
            f"  Table {table!r} on {database.description} at {database.endpoint}\n"
            "  ./dames moderation list (and the other ./dames commands) use it while it runs.\n"
            "  Ctrl-C stops everything.\n"
        )
        running.write(running.RunningTable(database.endpoint, table, url, os.getpid()))
        serve(settings, banner, stopper)
    except KeyboardInterrupt:
        pass
    finally:
        running.remove(os.getpid())
        if database is not None:
            database.stop()
        print("Stopped: the server and the DynamoDB it started are down.", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
