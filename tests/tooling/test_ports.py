"""The free-port check of ``make run``: a port its previous run just released is free again at
once (as uvicorn sees it), a port someone listens on is not."""

from __future__ import annotations

import socket

from local.dynamodb_local import port_is_free


def _listener() -> socket.socket:
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
    server.bind(("127.0.0.1", 0))
    server.listen()
    return server


def test_a_port_left_in_time_wait_by_a_stopped_server_is_free() -> None:
    """A server that closes a connection first keeps it in TIME_WAIT on its port for about a
    minute after stopping; a plain bind there fails, uvicorn's bind does not."""
    server = _listener()
    port = server.getsockname()[1]
    client = socket.create_connection(("127.0.0.1", port))
    conn, _ = server.accept()
    conn.close()  # the server's side closes first: its end of the connection enters TIME_WAIT
    client.recv(1)  # wait for the FIN
    client.close()
    server.close()

    plain = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        plain.bind(("127.0.0.1", port))
        time_wait = False
    except OSError:
        time_wait = True
    finally:
        plain.close()
    assert time_wait, "setup: the stopped server's connection should hold the port in TIME_WAIT"

    assert port_is_free(port)


def test_a_port_someone_listens_on_is_not_free() -> None:
    server = _listener()
    try:
        assert not port_is_free(server.getsockname()[1])
    finally:
        server.close()
