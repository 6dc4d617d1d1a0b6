"""How many pseudonyms may be created, and from where: a network's allowance, and a browser's.

A pseudonym is counted when it is *created*, never when it is tried: the network's count is
an item of the very transaction that writes the name (``clients.charge_item``), so a taken
name cancels the count with the name. Attempts are still bounded on their own
(``PSEUDONYM_ATTEMPTS_PER_ADDRESS``), so a script cannot probe names in bulk.

A household, a school or a mobile carrier's shared address (CGNAT) shares one network
allowance (``clients.PSEUDONYMS_PER_ADDRESS``, a few a day). Beside it, each *browser* may
create one pseudonym per won game it holds: the page asks for a name after a win, and sends
that game (its id and its token, which only the browser that played it has). That is the
per-browser allowance, and what keeps a script with many browsers from farming names with it:

- a browser is only as many as the games it *won*, and only games that could enter a board
  count (``games.claim.registration_voucher``: the daily against ``defi`` on its day, or a
  free game as the free board is set up, from the start, no hint, no takeback; never a duo,
  a practice or a game from a chosen position): a full game against ``defi``, refereed move
  by move by the server, whose thinking routes are bounded per network and per game
  (``limits.thinking``);
- a game gives one name: the transaction that creates the player binds the game to it
  (``ownerId``), conditioned on the game having no owner yet, so the same game cannot be
  spent twice, even by two simultaneous requests;
- the won-game names of one network are capped too (``PSEUDONYMS_WITH_WIN_PER_ADDRESS``, far
  above a family's or a class's needs), so a farm behind one address gets that many a day
  at the price of as many games won against ``defi``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from dames_backend.errors import ApiError
from dames_backend.limits import clients as client_limits

if TYPE_CHECKING:
    from types_boto3_dynamodb.type_defs import TransactWriteItemTypeDef

PSEUDONYM_ATTEMPTS_PER_ADDRESS = client_limits.Limit(
    "pseudonym-attempts-address", 60, client_limits.DAY_SECONDS,
    "DAMES_LIMIT_PSEUDONYM_ATTEMPTS_PER_DAY",
    "Too many pseudonyms were asked for from this network today.",
)
PSEUDONYMS_WITH_WIN_PER_ADDRESS = client_limits.Limit(
    "pseudonyms-won-address", 40, client_limits.DAY_SECONDS,
    "DAMES_LIMIT_PSEUDONYMS_WITH_WIN_PER_DAY",
    "Too many pseudonyms were created from this network today, even with won games.",
)
VOUCHER_USED_MESSAGE = "This won game has already given its pseudonym (one per game)."


@dataclass(frozen=True)
class Voucher:
    """A won game offered for the per-browser allowance: ``bind(player_id)`` is the item of
    the creation's transaction that makes the game the new player's (conditioned on the game
    still being unowned)."""

    game_id: str
    bind: Callable[[str], TransactWriteItemTypeDef]


@dataclass(frozen=True)
class Tail:
    """Items that end a name's transaction, each with what to raise when it cancels it."""

    items: tuple[TransactWriteItemTypeDef, ...] = ()
    refusals: tuple[Exception, ...] = field(default=())

    def raise_refusal(self, codes: Sequence[str]) -> None:
        """Raise the refusal of the first of these items whose condition failed."""
        for code, refusal in zip(codes, self.refusals, strict=False):
            if code == "ConditionalCheckFailed":
                raise refusal


@dataclass(frozen=True)
class Counted:
    """The counts a creation will make; ``tail(player_id)`` once the player's id is drawn."""

    counters: tuple[tuple[TransactWriteItemTypeDef, Exception], ...]
    voucher: Voucher | None

    def tail(self, player_id: str) -> Tail:
        items = [item for item, _ in self.counters]
        refusals: list[Exception] = [refusal for _, refusal in self.counters]
        if self.voucher is not None:
            items.append(self.voucher.bind(player_id))
            refusals.append(ApiError(409, "voucher-used", VOUCHER_USED_MESSAGE))
        return Tail(tuple(items), tuple(refusals))


def registration_counts(client: str | None, voucher: Voucher | None) -> Counted:
    """Count one attempt of ``client`` now (429 past the attempts' bound) and prepare the
    count of the creation: the network's allowance, or with a voucher the won-game one."""
    if client is None:
        return Counted((), voucher)
    client_limits.charge(PSEUDONYM_ATTEMPTS_PER_ADDRESS, client)
    limit = (
        PSEUDONYMS_WITH_WIN_PER_ADDRESS if voucher is not None
        else client_limits.PSEUDONYMS_PER_ADDRESS
    )
    return Counted((client_limits.charge_item(limit, client),), voucher)
