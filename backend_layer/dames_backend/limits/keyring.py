"""The HMAC keys that turn a network address or a player id into a counter's key, and their
rotation.

A key that never changes lets whoever holds it recompute the counter key of a known address
for ever, and ties a network to one key across days. So the secret is a *keyring*: keys with
the instant each starts, the one in force being the latest started. A rotation adds a key that
starts at a coming UTC midnight and drops the keys no open window can still need.

Why counters keep working across a rotation: every limit's window divides a UTC day
(``clients.Limit`` refuses one that does not) and a key starts only at a UTC midnight, so no
window ever straddles a change of key: a window's counter is always keyed by one key, the one
in force when it opened. The old key stays in the ring while a window it keyed can still be
open and a refusal receipt it signed can still be spent (``KEEP_SECONDS``): two keys live
during that window, then one.

Where the ring comes from:

- AWS: ``DAMES_CLIENT_KEY_SECRET_ARN`` names the Secrets Manager secret, read at run time and
  kept ``CACHE_SECONDS``; a new key starts at least ``2 × CACHE_SECONDS`` after the rotation
  that wrote it, so every warm function has read it before it is used. The secret is rotated
  by Secrets Manager itself (``functions/key_rotation``, every ``ROTATION_DAYS``).
- the local run and the tests: ``DAMES_CLIENT_KEY_SECRET`` (a plain string is one key in
  force since ever: the value stacks deployed before rotation hold), or a process-random key.
"""

from __future__ import annotations

import json
import os
import secrets
import threading
import time
from dataclasses import dataclass
from typing import Any

DAY_SECONDS = 86_400
SECRET_ENV = "DAMES_CLIENT_KEY_SECRET"
SECRET_ARN_ENV = "DAMES_CLIENT_KEY_SECRET_ARN"
CACHE_SECONDS = 3_600
# The longest window (a day) plus the counters' TTL margin: a key older than that is needed
# by no counter and no receipt.
KEEP_SECONDS = DAY_SECONDS + 3_600
ROTATION_DAYS = 30
_SECRET_BYTES = 32


@dataclass(frozen=True)
class Key:
    """One HMAC key, in force from ``starts_s`` (epoch seconds) until a later key starts."""

    starts_s: int
    secret: str


@dataclass(frozen=True)
class Keyring:
    """The live keys, oldest first."""

    keys: tuple[Key, ...]

    def __post_init__(self) -> None:
        if not self.keys:
            raise ValueError("a keyring needs a key")
        if list(self.keys) != sorted(self.keys, key=lambda key: key.starts_s):
            raise ValueError("a keyring's keys are sorted by their start")

    def at(self, when_s: int) -> Key:
        """The key in force at ``when_s`` (the oldest one before any key started)."""
        chosen = self.keys[0]
        for key in self.keys:
            if key.starts_s <= when_s:
                chosen = key
        return chosen

    def rotated(self, now_s: int, secret: str) -> Keyring:
        """This ring with ``secret`` starting at the first UTC midnight after every warm
        function has read it, less the keys nothing can need any more."""
        starts = (now_s + 2 * CACHE_SECONDS) // DAY_SECONDS * DAY_SECONDS + DAY_SECONDS
        kept = [key for index, key in enumerate(self.keys) if self._needed(index, now_s)]
        return Keyring((*kept, Key(starts, secret)))

    def _needed(self, index: int, now_s: int) -> bool:
        """A key is needed until ``KEEP_SECONDS`` after the next key took over."""
        if index + 1 == len(self.keys):
            return True
        return self.keys[index + 1].starts_s + KEEP_SECONDS > now_s

    def to_text(self) -> str:
        return json.dumps(
            {"keys": [{"starts": key.starts_s, "secret": key.secret} for key in self.keys]}
        )


def new_secret() -> str:
    return secrets.token_urlsafe(_SECRET_BYTES)


def parse(text: str) -> Keyring:
    """A stored ring: the JSON ``to_text`` writes, or a plain string (one key since ever)."""
    stripped = text.strip()
    if not stripped.startswith("{"):
        if not stripped:
            raise ValueError("an empty key")
        return Keyring((Key(0, stripped),))
    data: Any = json.loads(stripped)
    keys = tuple(
        Key(int(entry["starts"]), str(entry["secret"])) for entry in data["keys"]
        if str(entry["secret"])
    )
    return Keyring(tuple(sorted(keys, key=lambda key: key.starts_s)))


_lock = threading.Lock()
_process_ring: Keyring | None = None
_cached: tuple[float, str, Keyring] | None = None


def _read_secret(arn: str) -> str:
    import boto3

    client = boto3.client("secretsmanager")
    answer = client.get_secret_value(SecretId=arn, VersionStage="AWSCURRENT")
    return str(answer["SecretString"])


def current() -> Keyring:
    """The ring this process signs and counts with (see the module's docstring)."""
    global _process_ring, _cached
    arn = os.environ.get(SECRET_ARN_ENV, "")
    if arn:
        with _lock:
            now = time.monotonic()
            if _cached is None or _cached[1] != arn or now - _cached[0] > CACHE_SECONDS:
                _cached = (now, arn, parse(_read_secret(arn)))
            return _cached[2]
    configured = os.environ.get(SECRET_ENV, "")
    if configured:
        return parse(configured)
    with _lock:
        if _process_ring is None:
            _process_ring = Keyring((Key(0, new_secret()),))
        return _process_ring


def forget_cache() -> None:
    """Read the secret again at the next use (tests; a rotation's own check)."""
    global _cached
    with _lock:
        _cached = None
