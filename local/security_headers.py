"""The security headers of every response, defined once: CloudFront sends them on AWS, this
module's middleware sends them locally, and tests/lint checks template.yaml carries the same.

The policy is strict because the site needs nothing else: its scripts, styles, icons and API
are all on its own origin, it has no inline script or ``style`` attribute (the browser tests
fail on any violation), and nothing may frame it. Sending the same headers locally is what
makes the browser tests see every violation before CloudFront would cause one.
"""

from __future__ import annotations

from collections.abc import Mapping

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CONTENT_SECURITY_POLICY: dict[str, str] = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "connect-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}
# Two years, the usual value for a site that will stay on HTTPS; CloudFront's domain cannot
# be preloaded, so no ``preload``.
HSTS_MAX_AGE_SECONDS = 63_072_000
HSTS_INCLUDE_SUBDOMAINS = True
# Pages carry game ids in their address: nothing of it goes to another site.
REFERRER_POLICY = "no-referrer"
# For browsers older than ``frame-ancestors``.
FRAME_OPTIONS = "DENY"


def content_security_policy() -> str:
    return "; ".join(f"{name} {value}" for name, value in CONTENT_SECURITY_POLICY.items())


def strict_transport_security() -> str:
    value = f"max-age={HSTS_MAX_AGE_SECONDS}"
    return value + "; includeSubDomains" if HSTS_INCLUDE_SUBDOMAINS else value


SECURITY_HEADERS: Mapping[str, str] = {
    "Content-Security-Policy": content_security_policy(),
    "Strict-Transport-Security": strict_transport_security(),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": REFERRER_POLICY,
    "X-Frame-Options": FRAME_OPTIONS,
}


def _raw(headers: Mapping[str, str]) -> list[tuple[bytes, bytes]]:
    return [
        (name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in headers.items()
    ]


# Encoded once: the local server wraps each request's app in a new middleware.
_RAW_HEADERS = _raw(SECURITY_HEADERS)


class SecurityHeadersMiddleware:
    """Sets ``SECURITY_HEADERS`` on every HTTP response, replacing any the app set itself.

    Replacing mirrors CloudFront's ``Override: true``, so what the browser gets locally is
    what it gets from AWS whatever the app answered.
    """

    def __init__(self, app: ASGIApp, headers: Mapping[str, str] = SECURITY_HEADERS) -> None:
        self.app = app
        self._headers = _RAW_HEADERS if headers is SECURITY_HEADERS else _raw(headers)
        self._names = {name for name, _ in self._headers}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = [
                    (name, value)
                    for name, value in message.get("headers", [])
                    if bytes(name).lower() not in self._names
                ]
                message = {**message, "headers": kept + self._headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)
