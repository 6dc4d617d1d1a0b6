"""Per-client limits: who a client is, and fixed-window counters in DynamoDB.

A *client* is its network address, never stored in clear: an HMAC-SHA256 of it under the
key in force (``limits.keyring``: a rotated keyring on AWS, a process-random key when unset,
as in tests and the local run), so a leaked table holds no address and a guessed address
cannot be checked against it once its key is rotated away. An IPv6 client is its /64: one home
or phone gets a whole /64 and can rotate inside it at will. Where a request carries a token,
the limits also count per player (a claim, keyed by the same HMAC of the player id: no id in
clear in a counter) or per game (thinking).

Whom ``X-Forwarded-For`` is believed from: only a proxy the deployment names. Behind
CloudFront the request's peer is CloudFront, which appends the viewer's address; it is
believed when the request also carries the origin header CloudFront adds (``X-Origin-Verify``
equal to ``DAMES_ORIGIN_VERIFY``), because a client calling the API's own endpoint directly
could write any ``X-Forwarded-For`` it likes. Elsewhere a proxy is believed only when its
address is in ``DAMES_TRUSTED_PROXIES`` (addresses or networks, comma-separated; none by
default, so a local run believes no header, and the peer address is the client).

Each limit is a counter per client and fixed window (a day for pseudonyms and claims, seconds
for thinking): one conditional ``UpdateItem`` that adds 1 while the count is under the limit,
with a TTL so DynamoDB deletes it after the window, or the same update inside the
transaction of what it counts (``charge_item``: a pseudonym is counted when it is created).
Past the limit: 429 ``rate-limited`` with ``Retry-After`` = seconds to the window's end. The
same code runs on AWS, DynamoDB Local and moto.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from botocore.exceptions import ClientError

from dames_backend import clock, db
from dames_backend.errors import ApiError
from dames_backend.limits import keyring
from dames_backend.tables import TTL_ATTRIBUTE

if TYPE_CHECKING:
    from types_boto3_dynamodb.type_defs import TransactWriteItemTypeDef

DAY_SECONDS = keyring.DAY_SECONDS
LIMIT_PK_PREFIX = "LIMIT#"
ORIGIN_VERIFY_HEADER = "x-origin-verify"
ORIGIN_VERIFY_ENV = "DAMES_ORIGIN_VERIFY"
TRUSTED_PROXIES_ENV = "DAMES_TRUSTED_PROXIES"
# Counters outlive their window by this much, so a clock skew never revives a spent one.
_TTL_MARGIN_SECONDS = 3_600
_KEY_HEX_CHARS = 32  # 128 bits of the HMAC: enough to never collide, short in keys



def keyed_digest(purpose: str, text: str, *, at_s: int | None = None) -> str:
    """HMAC-SHA256 of ``text`` for one ``purpose`` (so one digest never serves another),
    under the key in force at ``at_s`` (now by default)."""
    when = clock.now_ms() // 1000 if at_s is None else at_s
    secret = keyring.current().at(when).secret.encode("utf-8")
    message = f"{purpose}\x00{text}".encode()
    return hmac.new(secret, message, hashlib.sha256).hexdigest()[:_KEY_HEX_CHARS]


def _network_of(address: str) -> str:
    """The address a client is counted under: IPv4 as is, IPv6 as its /64."""
    try:
        parsed = ipaddress.ip_address(address.strip().strip("[]"))
    except ValueError:
        return address.strip()[:100]  # not an IP (a test client's name): counted as given
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)


def _origin_verified(headers: Mapping[str, str]) -> bool:
    expected = os.environ.get(ORIGIN_VERIFY_ENV, "")
    presented = headers.get(ORIGIN_VERIFY_HEADER, "")
    return bool(expected) and hmac.compare_digest(presented.encode(), expected.encode())


def _trusted_proxies() -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    networks = []
    for text in os.environ.get(TRUSTED_PROXIES_ENV, "").split(","):
        try:
            networks.append(ipaddress.ip_network(text.strip(), strict=False))
        except ValueError:
            continue  # an empty or mistyped entry trusts nothing
    return networks


def _is_trusted(address: str, proxies: list[ipaddress.IPv4Network | ipaddress.IPv6Network]) -> bool:
    try:
        parsed = ipaddress.ip_address(address.strip().strip("[]"))
    except ValueError:
        return False
    return any(parsed.version == net.version and parsed in net for net in proxies)


def client_address(headers: Mapping[str, str], peer: str | None) -> str:
    """The viewer's network address (see the module's docstring for whom it believes).

    ``headers`` are lower-cased names; ``peer`` is the connection's address
    (``requestContext.http.sourceIp`` on Lambda, the socket's locally). The hops are read
    from the right: each believed proxy appended the address it saw, so the first hop that is
    not a believed proxy is the client.
    """
    peer_text = (peer or "unknown").strip()
    proxies = _trusted_proxies()
    via_cloudfront = _origin_verified(headers)
    if not (via_cloudfront or _is_trusted(peer_text, proxies)):
        return peer_text
    hops = [h.strip() for h in headers.get("x-forwarded-for", "").split(",") if h.strip()]
    while hops and (hops[-1] == peer_text or _is_trusted(hops[-1], proxies)):
        hops.pop()  # API Gateway's own hop (CloudFront itself), or a believed proxy's
    return hops[-1] if hops else peer_text


def address_key(address: str) -> str:
    """A client's key in counters: the keyed digest of its network."""
    return keyed_digest("address", _network_of(address))


def player_key(player_id: str, *, at_s: int | None = None) -> str:
    """A player's key in counters: the keyed digest of the id, never the id itself."""
    return keyed_digest("player", player_id, at_s=at_s)


def scope_headers(scope: Mapping[str, Any]) -> dict[str, str]:
    """An ASGI scope's headers as a lower-case ``str`` mapping (the last value of a name)."""
    return {
        bytes(name).decode("latin-1").lower(): bytes(value).decode("latin-1")
        for name, value in scope.get("headers") or []
    }


def scope_address_key(scope: Mapping[str, Any]) -> str:
    """The client key of an ASGI request (Mangum puts ``sourceIp`` in ``scope["client"]``)."""
    client = scope.get("client")
    peer = str(client[0]) if client else None
    return address_key(client_address(scope_headers(scope), peer))


@dataclass(frozen=True)
class Limit:
    """At most ``capacity`` counted actions per client and window of ``window_seconds``.

    ``env`` names the variable that may set another capacity (a positive integer), so an
    operator can loosen or tighten a limit without a deploy of code.
    """

    name: str
    capacity: int
    window_seconds: int
    env: str
    message: str

    def __post_init__(self) -> None:
        # A window that divides a UTC day never straddles a key's start (limits.keyring).
        if DAY_SECONDS % self.window_seconds:
            raise ValueError(f"the window of {self.name} does not divide a day")

    def cap(self) -> int:
        text = os.environ.get(self.env, "")
        return int(text) if text.isdigit() and int(text) > 0 else self.capacity


PSEUDONYMS_PER_ADDRESS = Limit(
    "pseudonyms-address", 5, DAY_SECONDS, "DAMES_LIMIT_PSEUDONYMS_PER_DAY",
    "Too many pseudonyms were registered from this network today.",
)
CLAIMS_PER_PLAYER = Limit(
    "claims-player", 30, DAY_SECONDS, "DAMES_LIMIT_CLAIMS_PER_PLAYER_DAY",
    "This pseudonym has entered too many games in the leaderboards today.",
)
# A fair-play report (``fairplay.reports``), keyed like the claims by ``player_key``.
REPORTS_PER_PLAYER = Limit(
    "reports-player", 10, DAY_SECONDS, "DAMES_LIMIT_REPORTS_PER_PLAYER_DAY",
    "This pseudonym has reported too many entries today.",
)
CLAIMS_PER_ADDRESS = Limit(
    "claims-address", 60, DAY_SECONDS, "DAMES_LIMIT_CLAIMS_PER_ADDRESS_DAY",
    "Too many games were entered in the leaderboards from this network today.",
)


class LimitReached(ApiError):
    """429 ``rate-limited``; the error handler adds ``Retry-After``."""

    def __init__(self, limit: Limit, retry_after: int) -> None:
        super().__init__(
            429,
            "rate-limited",
            f"{limit.message} Nothing was changed; retry in {retry_after} s.",
            retryAfter=retry_after,
        )
        self.headers = {"Retry-After": str(retry_after), "Cache-Control": "no-store"}
        self.retry_after = retry_after


def counter_key(limit_name: str, client: str, window_start: int) -> dict[str, str]:
    """The key of one client's counter for one window (defined once: tests read it back)."""
    return {"pk": f"{LIMIT_PK_PREFIX}{limit_name}#{client}", "sk": str(window_start)}


def window_of(limit: Limit, now_s: int) -> tuple[int, int]:
    """The window holding ``now_s``: its start and the seconds left until its end."""
    start = now_s - now_s % limit.window_seconds
    return start, start + limit.window_seconds - now_s


def _counter_update(
    limit: Limit, client: str, extra_counts: Mapping[str, int] | None
) -> tuple[dict[str, Any], int]:
    """The conditional update counting one action, and the seconds left in its window."""
    now_s = clock.now_ms() // 1000
    start, left = window_of(limit, now_s)
    names = {"#hits": "hits", "#ttl": TTL_ATTRIBUTE}
    values: dict[str, Any] = {
        ":one": 1,
        ":cap": limit.cap(),
        ":ttl": start + limit.window_seconds + _TTL_MARGIN_SECONDS,
    }
    adds = ["#hits :one"]
    conditions = ["(attribute_not_exists(#hits) OR #hits < :cap)"]
    for index, (attribute, cap) in enumerate((extra_counts or {}).items()):
        names[f"#c{index}"] = attribute
        values[f":c{index}"] = cap
        adds.append(f"#c{index} :one")
        conditions.append(f"(attribute_not_exists(#c{index}) OR #c{index} < :c{index})")
    update = {
        "Key": counter_key(limit.name, client, start),
        "UpdateExpression": f"ADD {', '.join(adds)} SET #ttl = :ttl",
        "ConditionExpression": " AND ".join(conditions),
        "ExpressionAttributeNames": names,
        "ExpressionAttributeValues": values,
    }
    return update, left


def charge(limit: Limit, client: str, *, extra_counts: Mapping[str, int] | None = None) -> None:
    """Count one action of ``client`` under ``limit``; ``LimitReached`` (429) past it.

    ``extra_counts`` maps more attribute names of the same item to their own caps (a game's
    requests inside its address's counter), all counted by the same single write.
    """
    update, left = _counter_update(limit, client, extra_counts)
    try:
        db.get_table().update_item(**update)
    except ClientError as exc:
        if db.is_conditional_failure(exc):
            raise LimitReached(limit, max(1, left)) from None
        raise


def charge_item(limit: Limit, client: str) -> tuple[TransactWriteItemTypeDef, LimitReached]:
    """The count of one action as an item of the transaction that performs it (so only what
    was done counts), and the refusal to raise when that item's condition cancels it."""
    update, left = _counter_update(limit, client, None)
    item: TransactWriteItemTypeDef = {
        "Update": {"TableName": db.get_table().name, **update}  # type: ignore[typeddict-item]
    }
    return item, LimitReached(limit, max(1, left))


def counter_keys_of(limit: Limit, client_of: Any, now_s: int) -> list[dict[str, str]]:
    """The keys a client's counters of ``limit`` may have now: the open window's and the one
    before (its item lives an hour past its end), each under the key in force when it
    opened. ``client_of(at_s)`` gives the client's key at an instant."""
    start, _ = window_of(limit, now_s)
    starts = (start, start - limit.window_seconds)
    return [counter_key(limit.name, client_of(at), at) for at in starts]
