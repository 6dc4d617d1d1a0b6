"""Settings read from the environment, so one code base runs in Lambda, locally and in tests.

``get_settings()`` reads the environment on every call (cheap), which lets tests change
variables between cases without reloading modules.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

DEFAULT_TABLE_NAME = "dames-local"
DEFAULT_REGION = "eu-west-3"
DEFAULT_GAME_TTL_DAYS = 14


@dataclass(frozen=True)
class Settings:
    """Everything the backend needs to know about where it runs."""

    table_name: str
    dynamodb_endpoint: str | None
    region: str
    game_ttl_days: int


def get_settings() -> Settings:
    """Build the settings from ``TABLE_NAME``, ``DYNAMODB_ENDPOINT``, ``AWS_REGION`` and
    ``GAME_TTL_DAYS`` (a malformed or non-positive TTL falls back to the default rather than
    breaking every request)."""
    try:
        ttl_days = int(os.environ.get("GAME_TTL_DAYS", DEFAULT_GAME_TTL_DAYS))
    except ValueError:
        ttl_days = DEFAULT_GAME_TTL_DAYS
    if ttl_days <= 0:
        ttl_days = DEFAULT_GAME_TTL_DAYS
    return Settings(
        table_name=os.environ.get("TABLE_NAME") or DEFAULT_TABLE_NAME,
        dynamodb_endpoint=os.environ.get("DYNAMODB_ENDPOINT") or None,
        region=os.environ.get("AWS_REGION") or os.environ.get("AWS_DEFAULT_REGION")
        or DEFAULT_REGION,
        game_ttl_days=ttl_days,
    )
