"""A move the server refused for its own load costs the player no time.

When the server turns a move away because it is busy (the local thinking limiter's shared
places, DynamoDB throttled or down: 429 or 503), nothing is played and the turn's clock would
run on while the page waits for ``Retry-After``. So such a refusal carries a *receipt*: the
game, when it was refused and the wait it asked for, signed with the server's secret. The page
sends the receipt back with its retry (``X-Refusal``), and the move that finally lands is
charged its turn less the waits, each bounded by the ``Retry-After`` it was given.

What keeps this from being free thinking time for a script:

- only the server makes receipts, and only when the refusal was the server's load: a client
  refused by its *own* per-client limit (it flooded) gets none;
- a receipt names its game and must have been made during the turn it is spent on (after the
  server's last answer), so it cannot be saved for a later move or another game;
- each wait is credited up to its ``Retry-After`` only; a retry that comes later pays the
  difference, and a whole turn's credit is capped (``MAX_CREDIT_MS``);
- a refused retry that carried a receipt gets a new one holding the credit so far (the chain
  starts at the first refusal, which must be inside the turn), so a move refused three times
  is credited its three waits, no more.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass

from dames_backend.limits.clients import keyed_digest

RECEIPT_HEADER = "x-refusal"
MAX_CREDIT_MS = 60_000
_VERSION = "r1"
_PURPOSE = "refusal"
_FIELDS = 7


@dataclass(frozen=True)
class Refusal:
    """One signed refusal; ``credit_ms`` is what earlier refusals of its chain credited."""

    game_id: str
    first_ms: int
    refused_ms: int
    retry_after_ms: int
    credit_ms: int = 0

    def credit_at(self, arrival_ms: int) -> int:
        """The turn's time not charged when the retry arrives at ``arrival_ms``."""
        waited = max(0, min(arrival_ms - self.refused_ms, self.retry_after_ms))
        return min(MAX_CREDIT_MS, self.credit_ms + waited)

    def _body(self) -> str:
        return ".".join(
            (_VERSION, self.game_id, str(self.first_ms), str(self.refused_ms),
             str(self.retry_after_ms), str(self.credit_ms))
        )

    def encode(self) -> str:
        body = self._body()
        return f"{body}.{_signature(body, self.refused_ms)}"


def _signature(body: str, refused_ms: int) -> str:
    """Signed with the key in force when the refusal was made, so a receipt made before a
    key rotation is still read after it (``limits.keyring`` keeps that key long enough)."""
    return keyed_digest(_PURPOSE, body, at_s=refused_ms // 1000)


def read(text: str | None, game_id: str) -> Refusal | None:
    """The receipt ``text`` if the server made it for ``game_id``; None for anything else."""
    if not text or len(text) > 300:
        return None
    parts = text.strip().split(".")
    if len(parts) != _FIELDS or parts[0] != _VERSION or parts[1] != game_id:
        return None
    body, mac = ".".join(parts[:-1]), parts[-1]
    numbers = parts[2:6]
    if not all(n.isdigit() and len(n) <= 15 for n in numbers):
        return None
    first, refused, retry_after, credit = (int(n) for n in numbers)
    if not hmac.compare_digest(mac.encode(), _signature(body, refused).encode()):
        return None
    if first > refused:
        return None
    return Refusal(game_id, first, refused, retry_after, credit)


def issue(game_id: str, refused_ms: int, retry_after_s: int, previous: str | None) -> str:
    """The receipt of a refusal now; ``previous`` (the refused request's own receipt, if it
    carried one) starts the chain earlier and carries its credit."""
    before = read(previous, game_id)
    if before is not None and before.refused_ms <= refused_ms:
        first, credit = before.first_ms, before.credit_at(refused_ms)
    else:
        first, credit = refused_ms, 0
    return Refusal(game_id, first, refused_ms, retry_after_s * 1000, credit).encode()


def credit_for(text: str | None, game_id: str, turn_started_ms: int, arrival_ms: int) -> int:
    """Milliseconds of this turn not to charge: those of a valid receipt made during it
    (after the answer that began it)."""
    refusal = read(text, game_id)
    if refusal is None or refusal.first_ms <= turn_started_ms or refusal.refused_ms > arrival_ms:
        return 0
    return refusal.credit_at(arrival_ms)
