"""Which table an operator's command works on, decided once and said out loud.

In this order:

1. ``DYNAMODB_ENDPOINT`` (with ``TABLE_NAME``, default ``dames-local``): that DynamoDB, as
   the backend's settings read it; dummy keys when it is an emulator and none are set;
2. ``TABLE_NAME`` alone: the deployed table, with the AWS credentials and region of the shell
   (IAM is the access control);
3. neither: the table of the ``make run`` running in this checkout (``local.running``: its
   DynamoDB Local's port changes at each start, so it is read, never guessed), with dummy keys;
4. none of these: an error that says how to give one.

So ``./dames moderation list`` beside ``make run`` needs nothing typed, and a command meant for
the deployed table says which one it is about to touch.
"""

from __future__ import annotations

import os
from collections.abc import MutableMapping
from dataclasses import dataclass

from local import running
from local.running import is_emulator, use_local_credentials

DEFAULT_LOCAL_TABLE = "dames-local"  # dames_backend.config's default, the local run's table


class NoTable(Exception):
    """No table was named and no ``make run`` is running."""


@dataclass(frozen=True)
class Target:
    """A table and how to reach it (``endpoint`` None: AWS's own, from the credentials)."""

    table: str
    endpoint: str | None
    description: str


def resolve(environ: MutableMapping[str, str] = os.environ) -> Target:
    """The table the environment names, else the running ``make run``'s (see the docstring)."""
    endpoint = environ.get("DYNAMODB_ENDPOINT") or None
    table = environ.get("TABLE_NAME") or None
    if endpoint:
        name = table or DEFAULT_LOCAL_TABLE
        return Target(name, endpoint, f"table {name!r} at {endpoint} (DYNAMODB_ENDPOINT)")
    if table:
        region = environ.get("AWS_REGION") or environ.get("AWS_DEFAULT_REGION") or "the default"
        return Target(table, None, f"the deployed table {table!r} in region {region} "
                                   "(TABLE_NAME, with this shell's AWS credentials)")
    found = running.read()
    if found is not None:
        return Target(found.table, found.endpoint,
                      f"table {found.table!r} of the running make run ({found.url}, "
                      f"DynamoDB at {found.endpoint})")
    raise NoTable(
        "No table: start `make run` in this checkout (its table is found by itself), or set "
        "TABLE_NAME=<table> AWS_REGION=<region> with AWS credentials for a deployed one "
        "(DYNAMODB_ENDPOINT=http://… for another DynamoDB)."
    )


def use(target: Target, environ: MutableMapping[str, str] = os.environ) -> None:
    """Point the backend's settings (``dames_backend.config``) at ``target``."""
    environ["TABLE_NAME"] = target.table
    if target.endpoint is None:
        environ.pop("DYNAMODB_ENDPOINT", None)
        return
    environ["DYNAMODB_ENDPOINT"] = target.endpoint
    if is_emulator(target.endpoint):
        use_local_credentials(environ)
