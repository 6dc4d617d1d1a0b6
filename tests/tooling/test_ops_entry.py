"""``./dames …``: one entry point for the tools that works as written, from the repository root
or from anywhere, and finds a running ``make run``'s table by itself (no port to look up, no
dummy keys to type)."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import boto3
import pytest
from moto.server import ThreadedMotoServer

from local import running
from local.dynamodb_local import free_port
from local.paths import REPO_ROOT
from ops import target
from tests.engine.test_verify import PRACTICE_FEN, play

ENTRY = REPO_ROOT / "dames"
CREDENTIAL_VARIABLES = ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN",
                        "AWS_PROFILE", "DYNAMODB_ENDPOINT", "TABLE_NAME")


def dames(
    *args: str, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(ENTRY), *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=120, check=False)


def bare_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """The shell of a newcomer: no AWS keys or table settings anywhere boto3 looks."""
    env = {k: v for k, v in os.environ.items() if k not in CREDENTIAL_VARIABLES}
    env.update(AWS_SHARED_CREDENTIALS_FILE=str(tmp_path / "credentials"),
               AWS_CONFIG_FILE=str(tmp_path / "config"), AWS_EC2_METADATA_DISABLED="true",
               DAMES_RUN_FILE=str(tmp_path / "run.json"), PYTHONPATH="", **extra)
    return env


@pytest.mark.parametrize("where", ["root", "elsewhere"])
def test_verify_runs_as_the_home_page_writes_it(tmp_path: Path, where: str) -> None:
    game = play(PRACTICE_FEN, level="debutant")
    (tmp_path / "partie.json").write_text(json.dumps(game), encoding="utf-8")
    cwd = REPO_ROOT if where == "root" else tmp_path
    path = str(tmp_path / "partie.json") if where == "root" else "partie.json"
    result = dames("verify", path, "--seed", "3f9c0a7be41d2c55aa0e9b8172d6f4c1", cwd=cwd,
                   env=bare_env(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "confirmed" in result.stdout.lower()


def test_a_table_command_without_a_table_says_how_to_give_one(tmp_path: Path) -> None:
    result = dames("moderation", "list", cwd=REPO_ROOT, env=bare_env(tmp_path))
    assert result.returncode == 2
    assert "start `make run`" in result.stderr and "TABLE_NAME" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.fixture
def emulated_run(tmp_path: Path) -> Iterator[running.RunningTable]:
    """A DynamoDB on a port nobody could guess, announced as a running ``make run`` would."""
    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    endpoint = f"http://127.0.0.1:{port}"
    try:
        client = boto3.client("dynamodb", endpoint_url=endpoint, region_name="eu-west-3",
                              aws_access_key_id="x", aws_secret_access_key="x")
        from dames_backend.tables import create_table

        create_table(client, "dames-local")
        found = running.RunningTable(endpoint, "dames-local", "http://127.0.0.1:1", os.getpid())
        running.write(found, tmp_path / "run.json")
        yield found
    finally:
        server.stop()


def test_moderation_finds_the_running_table_with_nothing_typed(
    tmp_path: Path, emulated_run: running.RunningTable
) -> None:
    result = dames("moderation", "list", cwd=REPO_ROOT, env=bare_env(tmp_path))
    assert result.returncode == 0, result.stderr
    assert "0 claim(s) to look at" in result.stdout
    assert emulated_run.endpoint in result.stderr  # it says which table it used


def test_the_environment_names_the_table_first(tmp_path: Path) -> None:
    running.write(running.RunningTable("http://127.0.0.1:9", "dames-local", "u", os.getpid()),
                  tmp_path / "run.json")
    environ = {"DAMES_RUN_FILE": str(tmp_path / "run.json"), "TABLE_NAME": "dames-prod"}
    chosen = target.resolve(environ)
    assert (chosen.table, chosen.endpoint) == ("dames-prod", None)
    assert "deployed" in chosen.description
    given = target.resolve({**environ, "DYNAMODB_ENDPOINT": "http://localhost:8001"})
    assert (given.table, given.endpoint) == ("dames-prod", "http://localhost:8001")


def test_the_deployed_table_keeps_the_users_credentials() -> None:
    environ: dict[str, str] = {"DYNAMODB_ENDPOINT": "http://old"}
    target.use(target.Target("dames-prod", None, "d"), environ)
    assert environ == {"TABLE_NAME": "dames-prod"}
    target.use(target.Target("dames-local", "http://127.0.0.1:5", "d"), environ)
    assert environ["AWS_ACCESS_KEY_ID"] == "local"  # an emulator takes any key


def test_a_run_file_is_believed_only_while_its_writer_lives(tmp_path: Path) -> None:
    path = tmp_path / "run.json"
    dead = subprocess.Popen(["true"])  # a pid that has exited
    dead.wait()
    running.write(running.RunningTable("http://127.0.0.1:9", "t", "u", dead.pid), path)
    assert running.read(path) is None
    running.write(running.RunningTable("http://127.0.0.1:9", "t", "u", os.getpid()), path)
    assert running.read(path) == running.RunningTable("http://127.0.0.1:9", "t", "u", os.getpid())
    running.remove(os.getpid() + 1, path)  # another run's stop leaves it
    assert path.exists()
    running.remove(os.getpid(), path)
    assert not path.exists()
    path.write_text("{not json", encoding="utf-8")
    assert running.read(path) is None


def test_the_privacy_commands_run_on_the_running_table(
    tmp_path: Path, emulated_run: running.RunningTable
) -> None:
    """``./dames privacy sweep`` and ``./dames backfill player-index`` (docs/privacy.md,
    "Operating") work on the running table as written; a wrong subcommand says the usage."""
    swept = dames("privacy", "sweep", "--budget", "30", cwd=REPO_ROOT, env=bare_env(tmp_path))
    assert swept.returncode == 0, swept.stderr
    assert "inactive erased: 0" in swept.stdout and emulated_run.endpoint in swept.stderr
    backfilled = dames("backfill", "player-index", cwd=REPO_ROOT, env=bare_env(tmp_path))
    assert backfilled.returncode == 0, backfilled.stderr
    assert "nothing to do" in backfilled.stdout
    wrong = dames("privacy", "erase", cwd=REPO_ROOT, env=bare_env(tmp_path))
    assert wrong.returncode == 2 and "usage: ./dames privacy sweep" in wrong.stderr
