"""A player's claims on one board, and which of them the public sees.

The leaderboard entry item (``BOARD#…`` / ``PLAYER#<id>``) keeps, beside the public figures,
the player's claims that may still matter: the best published one, every provisional one
above it (its analysis may publish it or hold it), and the best held ones above the published
best (the player sees them "under review"). The public entry is the best *published* claim:
a win is on no public board, rank or count until its analysis has judged it, so a failed or
stuck analysis can never leave a cheat at rank 1 (docs/fair-play.md says why this rather than
ranking provisional entries below the published ones). The player sees their best
provisional claim above it as ``pending``, with the rank it would take. A held claim never
replaces an earlier published best. A banned player shows nothing and every claim of theirs
is held.

Pure: no table here; ``claims.update_entry`` reads, applies one of these changes and
writes the result in one conditional transaction with the histogram moves.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Literal, TypedDict

from dames_backend import db
from dames_backend.boards.views import Reason

State = Literal["provisional", "published", "held"]
STATES: tuple[State, ...] = ("provisional", "published", "held")
# Bounds on the claims an entry keeps (an item stays far below DynamoDB's 400 KB).
MAX_PROVISIONAL = 20
MAX_HELD = 3
BANNED_REASON = Reason(code="banned", text="The player's entries were withdrawn by a moderator.")


def as_state(value: object) -> State:
    for state in STATES:
        if value == state:
            return state
    raise ValueError(f"unknown fair-play state {value!r}")


class Figures(TypedDict):
    """A claim's public figures, named as the entry item and the board's views name them."""

    score: int
    pieces: int
    seconds: int
    pauses: int
    pausedMs: int
    at: str


@dataclass(frozen=True)
class Claim:
    """One claimed win, with the figures its public line would show."""

    game_id: str
    score: int
    pieces: int
    seconds: int
    at: str
    pauses: int = 0
    paused_ms: int = 0
    state: State = "provisional"
    reasons: tuple[Reason, ...] = ()

    def sort_key(self) -> tuple[int, str]:
        """Better first: higher score, then the older (an equal score never displaces)."""
        return (-self.score, self.at)

    def figures(self) -> Figures:
        """What the public line shows, in the entry item's and the views' names."""
        return Figures(
            score=self.score, pieces=self.pieces, seconds=self.seconds, pauses=self.pauses,
            pausedMs=self.paused_ms, at=self.at,
        )

    def to_item(self) -> dict[str, Any]:
        return {
            "gameId": self.game_id, **self.figures(), "state": self.state,
            "reasons": [reason.stored() for reason in self.reasons],
        }

    @classmethod
    def from_item(cls, item: dict[str, Any], state: State | None = None) -> Claim:
        """A claim as stored in an entry's ``claims``, or the figures of an entry item."""
        return cls(
            game_id=str(item.get("gameId", "")),
            score=db.as_int(item["score"]),
            pieces=db.as_int(item["pieces"]),
            seconds=db.as_int(item["seconds"]),
            at=db.as_str(item["at"]),
            pauses=db.as_int(item.get("pauses", 0)),
            paused_ms=db.as_int(item.get("pausedMs", 0)),
            state=state or as_state(item.get("state", "published")),
            reasons=tuple(Reason.from_stored(reason) for reason in item.get("reasons") or ()),
        )


@dataclass(frozen=True)
class Entry:
    """A player's claims on one board (see the module docstring)."""

    claims: tuple[Claim, ...] = ()
    banned: bool = False
    rev: int = 0
    stored: bool = field(default=False, compare=False)

    @classmethod
    def from_item(cls, item: dict[str, Any] | None) -> Entry:
        """An entry item; one written before fair play (no ``claims``) is its own published
        claim."""
        if item is None:
            return cls()
        if "claims" in item:
            claims = tuple(Claim.from_item(claim) for claim in item["claims"])
        else:
            claims = (Claim.from_item(item, "published"),)
        return cls(
            claims=claims,
            banned=bool(item.get("banned", False)),
            rev=db.as_int(item.get("rev", 0)),
            stored=True,
        )

    def shown(self) -> Claim | None:
        """The claim on the public board: the best published one (none when banned)."""
        if self.banned:
            return None
        published = [claim for claim in self.claims if claim.state == "published"]
        return min(published, key=Claim.sort_key) if published else None

    def pending(self) -> Claim | None:
        """The best provisional claim above the shown one: the player's own, not public."""
        if self.banned:
            return None
        shown = self.shown()
        waiting = [
            claim for claim in self.claims
            if claim.state == "provisional" and (shown is None or claim.score > shown.score)
        ]
        return min(waiting, key=Claim.sort_key) if waiting else None

    def under_review(self) -> Claim | None:
        """The best held claim above the shown one: what the player sees "under review"."""
        shown = self.shown()
        held = [
            claim for claim in self.claims
            if claim.state == "held" and (shown is None or claim.score > shown.score)
        ]
        return min(held, key=Claim.sort_key) if held else None

    def find(self, game_id: str) -> Claim | None:
        return next((claim for claim in self.claims if claim.game_id == game_id), None)

    def with_claim(self, claim: Claim) -> Entry:
        """A new claim (a banned player's is held at once)."""
        if self.banned:
            claim = replace(claim, state="held", reasons=(BANNED_REASON,))
        others = tuple(c for c in self.claims if c.game_id != claim.game_id)
        return replace(self, claims=(*others, claim))._pruned()

    def with_verdict(self, game_id: str, state: State, reasons: tuple[Reason, ...]) -> Entry:
        """The analysis (or a moderator) decided on ``game_id``; unknown claims are ignored
        (pruned: they could no longer be shown)."""
        if self.banned:
            state, reasons = "held", (BANNED_REASON,)
        claims = tuple(
            replace(claim, state=state, reasons=reasons) if claim.game_id == game_id else claim
            for claim in self.claims
        )
        return replace(self, claims=claims)._pruned()

    def with_ban(self) -> Entry:
        """Every claim held, nothing shown, and so for every claim to come."""
        claims = tuple(
            replace(claim, state="held", reasons=(BANNED_REASON,)) for claim in self.claims
        )
        return replace(self, claims=claims, banned=True)._pruned()

    def _pruned(self) -> Entry:
        """Keep only the claims that can still be shown or that the player must see."""
        published = [c for c in self.claims if c.state == "published"]
        best_published = min(published, key=Claim.sort_key) if published else None
        floor = best_published.score if best_published else -1
        provisional = sorted(
            (c for c in self.claims if c.state == "provisional" and c.score > floor),
            key=Claim.sort_key,
        )[:MAX_PROVISIONAL]
        kept = ([best_published] if best_published else []) + provisional
        held = sorted(
            (c for c in self.claims if c.state == "held" and c.score > floor),
            key=Claim.sort_key,
        )[:MAX_HELD]
        return replace(self, claims=tuple(sorted(kept + held, key=Claim.sort_key)))
