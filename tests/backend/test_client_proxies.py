"""Whom ``X-Forwarded-For`` is believed from (issue 29): a configured proxy only. Locally no
one by default, so made-up addresses sent from 127.0.0.1 stay one client; behind CloudFront,
as before, the request carrying the origin secret."""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from dames_backend.limits import clients as client_limits
from fastapi.testclient import TestClient

NETWORK_DAY = client_limits.PSEUDONYMS_PER_ADDRESS.capacity


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture
def local_server(table: Any) -> Iterator[str]:
    """The community app under uvicorn with the local run's settings, on 127.0.0.1."""
    import uvicorn
    from community_app import app

    from local.run import uvicorn_config

    port = _free_port()
    server = uvicorn.Server(uvicorn_config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, name="uvicorn-proxies-test", daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


def _register_over_http(base: str, name: str, forwarded: str) -> int:
    request = urllib.request.Request(
        f"{base}/api/players", data=json.dumps({"pseudonym": name}).encode(), method="POST",
        headers={"Content-Type": "application/json", "X-Forwarded-For": forwarded},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            status: int = answer.status
            return status
    except urllib.error.HTTPError as refused:
        return refused.code


def test_made_up_forwarded_addresses_from_localhost_do_not_pass_the_network_limit(
    local_server: str,
) -> None:
    statuses = [
        _register_over_http(local_server, f"Masked {n}", f"203.0.113.{n + 1}")
        for n in range(NETWORK_DAY + 1)
    ]
    assert statuses == [201] * NETWORK_DAY + [429]


@pytest.fixture
def community_app(table: Any) -> Any:
    from community_app import app

    return app


def _register(app: Any, peer: str, name: str, forwarded: str | None) -> int:
    client = TestClient(app, raise_server_exceptions=False, client=(peer, 1))
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    status: int = client.post("/api/players", json={"pseudonym": name}, headers=headers).status_code
    return status


def test_a_configured_proxy_is_believed_and_only_for_its_own_hop(
    community_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(client_limits.TRUSTED_PROXIES_ENV, "10.0.0.0/24, 192.0.2.7")
    # Behind the proxy, each viewer is its own client (what they wrote before it is not).
    for n in range(NETWORK_DAY + 1):
        assert _register(community_app, "10.0.0.5", f"Viewer {n}",
                         f"1.2.3.{n}, 198.51.100.{n}") == 201
    # Through two believed proxies, the hop before them.
    same = [_register(community_app, "192.0.2.7", f"Chained {n}", "198.51.100.200, 10.0.0.9")
            for n in range(NETWORK_DAY + 1)]
    assert same == [201] * NETWORK_DAY + [429]
    # A peer that is not a configured proxy is the client, whatever it forwards.
    direct = [_register(community_app, "192.0.2.8", f"Direct {n}", f"198.51.100.{n}")
              for n in range(NETWORK_DAY + 1)]
    assert direct == [201] * NETWORK_DAY + [429]


@pytest.mark.parametrize("setting", ["", "not-an-address", " , "])
def test_no_or_a_mistyped_setting_believes_nobody(setting: str) -> None:
    import os

    os.environ[client_limits.TRUSTED_PROXIES_ENV] = setting
    try:
        headers = {"x-forwarded-for": "198.51.100.1"}
        assert client_limits.client_address(headers, "127.0.0.1") == "127.0.0.1"
    finally:
        del os.environ[client_limits.TRUSTED_PROXIES_ENV]


def test_cloudfronts_origin_secret_is_still_believed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(client_limits.ORIGIN_VERIFY_ENV, "edge-secret")
    verified = {"x-forwarded-for": "10.9.9.9, 198.51.100.3", "x-origin-verify": "edge-secret"}
    assert client_limits.client_address(verified, "130.176.0.1") == "198.51.100.3"
    forged = {**verified, "x-origin-verify": "guess"}
    assert client_limits.client_address(forged, "130.176.0.1") == "130.176.0.1"
