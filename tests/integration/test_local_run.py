"""`make run` end to end: the launcher, DynamoDB Local, uvicorn, the site and the API.

Each test starts ``python -m local.run`` as a child process on a free port and talks to it
over HTTP, then stops it like a terminal would and checks that nothing it started survives.
"""

from __future__ import annotations

import signal
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import boto3
import pytest
from dames_backend.games.store import GameRecord
from dames_backend.tables import TABLE_DEFINITION, TTL_ATTRIBUTE

from tests.integration.local_run import REGION, LocalRun

pytestmark = pytest.mark.integration

NOTHING_LEFT = {"launcher": False, "java": [], "port_busy": False}
# One white man that can take the last black man: the game ends with the player's capture.
ONE_CAPTURE_FROM_A_WIN = "W:W33:B28"


def table_resource(endpoint: str, name: str) -> Any:
    return boto3.resource(
        "dynamodb",
        endpoint_url=endpoint,
        region_name=REGION,
        aws_access_key_id="local",
        aws_secret_access_key="local",
    ).Table(name)


def today() -> str:
    return datetime.now(UTC).date().isoformat()


def test_launcher_creates_the_table_and_plays_moves_over_http(
    dynamodb_local: str, dynamodb_client: Any, run_log: Path
) -> None:
    table_name = f"it-{uuid.uuid4().hex[:8]}"
    run = LocalRun(run_log, DYNAMODB_ENDPOINT=dynamodb_local, TABLE_NAME=table_name).start()
    try:
        described = dynamodb_client.describe_table(TableName=table_name)["Table"]
        assert described["KeySchema"] == TABLE_DEFINITION["KeySchema"]
        indexes = TABLE_DEFINITION["GlobalSecondaryIndexes"]
        assert sorted(index["IndexName"] for index in described["GlobalSecondaryIndexes"]) == (
            sorted(index["IndexName"] for index in indexes))
        ttl = dynamodb_client.describe_time_to_live(TableName=table_name)
        assert ttl["TimeToLiveDescription"]["AttributeName"] == TTL_ATTRIBUTE
        # The start-up rotation created today's challenge before the first request.
        daily_item = table_resource(dynamodb_local, table_name).get_item(
            Key={"pk": f"DAILY#{today()}", "sk": "DAILY"}
        )
        assert "Item" in daily_item and daily_item["Item"]["seed"]

        with run.client() as http:
            page = http.get("/")
            assert page.status_code == 200
            assert page.headers["content-type"].startswith("text/html")
            assert "<html" in page.text.lower()
            assert http.get("/api/daily").json()["date"] == today()

            created = http.post("/api/games", json={"mode": "free"})
            assert created.status_code == 201, created.text
            token, game = created.json()["token"], created.json()["game"]
            auth = {"Authorization": f"Bearer {token}"}
            played: list[str] = []
            for _ in range(3):
                move = game["legalMoves"][0]["notation"]
                response = http.post(
                    f"/api/games/{game['id']}/moves",
                    headers=auth,
                    json={"ply": game["ply"], "move": move},
                )
                assert response.status_code == 200, response.text
                game = response.json()
                played.append(move)
                assert game["lastComputerMove"] is not None
                if game["status"] != "playing":
                    break
            assert game["moves"][0::2] == played
            assert game["ply"] == 2 * len(played)
            stored = table_resource(dynamodb_local, table_name).get_item(
                Key={"pk": f"GAME#{game['id']}", "sk": "GAME"}
            )["Item"]
            assert len(GameRecord.from_item(stored).moves) == game["ply"]
    finally:
        exit_code = run.stop()
    assert exit_code == 0, run.log()
    assert run.leftovers() == NOTHING_LEFT
    # A DynamoDB the launcher did not start is left running.
    assert table_name in dynamodb_client.list_tables()["TableNames"]


def judged_claim(http: Any, game_id: str, auth: dict[str, str]) -> dict[str, Any]:
    """The claim once the local server's analysis worker has judged it: a claim is on no
    public board until its fair-play verdict publishes it (docs/fair-play.md)."""
    deadline = time.monotonic() + 120
    while True:
        found = http.get(f"/api/games/{game_id}/claim", headers=auth)
        assert found.status_code == 200, found.text
        if found.json()["status"] != "provisional":
            return dict(found.json())
        assert time.monotonic() < deadline, f"no verdict within 2 minutes: {found.text}"
        time.sleep(0.5)


def win_a_daily_game_and_claim_it(run: LocalRun, table_name: str) -> dict[str, Any]:
    """Register a player, win today's daily game, claim it; returns ids, tokens and the claim.

    The stored game is given a start position one capture from a win (``startFen`` in the
    data model): the computer cannot be beaten on demand, and this test is about what happens
    to the result, not about the game. (A free game from another position would be casual;
    the daily's ranking looks only at its day's close.)
    """
    with run.client() as http:
        player = http.post("/api/players", json={"pseudonym": "Restart Test"})
        assert player.status_code == 201, player.text
        created = http.post("/api/games", json={"mode": "daily"})
        assert created.status_code == 201, created.text
        token, game_id = created.json()["token"], created.json()["game"]["id"]
        table_resource(run.dynamodb_endpoint(), table_name).update_item(
            Key={"pk": f"GAME#{game_id}", "sk": "GAME"},
            UpdateExpression="SET startFen = :fen",
            ExpressionAttributeValues={":fen": ONE_CAPTURE_FROM_A_WIN},
        )
        auth = {"Authorization": f"Bearer {token}"}
        game = http.get(f"/api/games/{game_id}", headers=auth).json()
        (capture,) = game["legalMoves"]
        won = http.post(
            f"/api/games/{game_id}/moves",
            headers=auth,
            json={"ply": 0, "move": capture["notation"]},
        )
        assert won.status_code == 200, won.text
        assert won.json()["status"] == "won"
        # 3000 + 300 × one piece left − the whole seconds the server counted since it created
        # the game (a fraction of one here, unless the machine is very busy).
        score = won.json()["score"]
        assert score["total"] == 3300 - score["seconds"] and score["seconds"] <= 5
        claim = http.post(
            f"/api/games/{game_id}/claim",
            headers={**auth, "X-Player-Token": player.json()["token"]},
        )
        assert claim.status_code == 200, claim.text
        verdict = judged_claim(http, game_id, auth)
    return {
        "player": player.json(),
        "game_id": game_id,
        "game_token": token,
        "claim": claim.json(),
        "verdict": verdict,
        "score": score["total"],
        "date": won.json()["date"],
    }


def test_a_claimed_win_survives_a_restart_of_server_and_dynamodb(
    java: str, tmp_path: Path, run_log: Path
) -> None:
    data_dir = tmp_path / "data"
    env = {"DATA_DIR": str(data_dir), "TABLE_NAME": "dames-local"}
    first = LocalRun(run_log, **env).start()
    try:
        assert first.java_pids, "the launcher did not start DynamoDB Local"
        result = win_a_daily_game_and_claim_it(first, "dames-local")
        assert result["claim"]["board"] == "daily"
        assert result["claim"]["score"] == result["score"]
        # Its only move was the compulsory capture: no choice to answer fast, nothing for the
        # verdict to hold, however quickly the script sent it (issue 29).
        assert result["verdict"]["status"] == "published", result["verdict"]
    finally:
        assert first.stop() == 0, first.log()
    assert first.leftovers() == NOTHING_LEFT

    second = LocalRun(run_log, **env).start()
    try:
        with second.client() as http:
            board = http.get(f"/api/leaderboards/daily/{result['date']}").json()
            mine = [e for e in board["entries"] if e["pseudonym"] == "Restart Test"]
            assert [e["score"] for e in mine] == [result["score"]]
            me = http.get(
                f"/api/leaderboards/daily/{result['date']}/me",
                headers={"X-Player-Token": result["player"]["token"]},
            ).json()["me"]
            assert me["rank"] == mine[0]["rank"]
            game = http.get(
                f"/api/games/{result['game_id']}",
                headers={"Authorization": f"Bearer {result['game_token']}"},
            ).json()
            assert game["status"] == "won" and game["claimed"] is True
    finally:
        assert second.stop() == 0, second.log()
    assert second.leftovers() == NOTHING_LEFT


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGKILL])
def test_no_process_survives_the_launcher(
    java: str, tmp_path: Path, run_log: Path, sig: signal.Signals
) -> None:
    """SIGTERM/SIGHUP stop it gracefully; even SIGKILL takes Java along (PR_SET_PDEATHSIG)."""
    run = LocalRun(run_log, DATA_DIR=str(tmp_path / "data")).start()
    assert run.java_pids
    run.stop(sig)
    assert run.leftovers() == NOTHING_LEFT, run.log()


def test_without_java_it_says_so_and_serves_from_moto(tmp_path: Path, run_log: Path) -> None:
    no_java_path = tmp_path / "bin"
    no_java_path.mkdir()
    run = LocalRun(run_log, PATH=str(no_java_path), DATA_DIR=str(tmp_path / "data"))
    run.env.pop("JAVA_HOME", None)
    run.start()
    try:
        assert not run.java_pids
        assert "Java 17 or newer was not found" in run.log()
        with run.client() as http:
            assert http.get("/api/daily").json()["date"] == today()
            assert http.post("/api/games", json={"mode": "free"}).status_code == 201
    finally:
        assert run.stop() == 0, run.log()
    assert run.leftovers() == NOTHING_LEFT


def test_the_tools_find_the_running_table_and_forget_it_at_the_stop(
    java: str, tmp_path: Path, run_log: Path
) -> None:
    """``./dames moderation list`` beside ``make run``: its DynamoDB Local's port changes at
    every start, and the tools read it from the run, never guess it, with no keys typed."""
    from tests.tooling.test_ops_entry import bare_env, dames

    run = LocalRun(run_log, DATA_DIR=str(tmp_path / "data")).start()
    run_file = Path(run.env["DAMES_RUN_FILE"])
    try:
        env = {**bare_env(tmp_path), "DAMES_RUN_FILE": str(run_file)}
        result = dames("moderation", "list", cwd=tmp_path, env=env)
        assert result.returncode == 0, result.stderr + run.log()
        assert "0 claim(s) to look at" in result.stdout
        assert run.dynamodb_endpoint() in result.stderr
    finally:
        run.stop()
    assert not run_file.exists()
