"""Secret tokens: issued random, stored only as SHA-256 hashes, compared in constant time.

A game token (``Authorization: Bearer …``) and a player token (``X-Player-Token``) both come
from ``new_token()``: 24 random bytes = 192 bits. The database never holds a token, only
``hash_token(token)``, so a leaked table cannot be replayed against the API.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from dames_backend.errors import ApiError

TOKEN_BYTES = 24
MAX_TOKEN_LENGTH = 200


def new_token() -> str:
    """A fresh URL-safe token with 192 bits of randomness."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    """Hex SHA-256 of the token: what gets stored."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str, stored_hash: str) -> bool:
    """Compare a presented token with a stored hash in constant time."""
    return hmac.compare_digest(hash_token(token).encode("ascii"), stored_hash.encode("ascii"))


def new_id(prefix: str) -> str:
    """A public random id such as ``g_…`` or ``p_…`` (96 bits: unguessable, short)."""
    return f"{prefix}_{secrets.token_urlsafe(12)}"


def bearer_token(authorization: str | None) -> str:
    """Extract the token of an ``Authorization: Bearer <token>`` header.

    Raises ``ApiError`` 401 ``missing-token`` when the header is absent, empty or not a
    Bearer header, and 403 ``bad-token`` when the token is absurdly long (never a valid one).
    """
    if not authorization:
        raise ApiError(401, "missing-token", "This request needs an Authorization: Bearer token.")
    scheme, _, token = authorization.strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        raise ApiError(401, "missing-token", "This request needs an Authorization: Bearer token.")
    if len(token) > MAX_TOKEN_LENGTH:
        raise ApiError(403, "bad-token", "This token does not give access to this resource.")
    return token


def require_token_match(token: str, stored_hash: str | None) -> None:
    """Raise 403 ``bad-token`` unless ``token`` hashes to ``stored_hash`` (reveals nothing)."""
    if not stored_hash or not token_matches(token, stored_hash):
        raise ApiError(403, "bad-token", "This token does not give access to this resource.")
