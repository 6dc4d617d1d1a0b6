"""Players: a pseudonym and a secret token, no account, no e-mail.

A pseudonym is shown on public leaderboards, so it is checked strictly: NFC-normalised,
trimmed, 3–20 characters of letters, digits, spaces and ``-_.``, none of them invisible
(Unicode's Default_Ignorable_Code_Point: Hangul fillers, zero-width and format characters,
variation selectors) and at most two accents on a letter, so no name shows blank or as a
smear of stacked marks. It must be unique in a way people perceive: "Élodie", "elodie" and
"ELODIE" are one name, and so are "Alice" and "Аlice" with a Cyrillic А. Uniqueness keys
(``pseudonym_keys``) drop case (casefold) and accents (NFKD minus combining marks) and map
look-alikes to one prototype with the UTS #39 confusable skeleton computed by ICU (PyICU), the
Unicode consortium's reference implementation, so the table follows Unicode's data instead of
a hand-kept list. The player item and one ``PSEUDO#<key>`` item per key are written in one
transaction conditioned on all being new, so two simultaneous registrations of look-alike
names give one winner and one 409.

Names registered before the skeleton keys hold only a ``PSEUDO#`` item under the old
case-and-accent key, which a look-alike no longer meets: ``backfill_pseudonym_keys`` (run by
``./dames backfill pseudonyms``) writes the new keys of every existing player once.

The player token is ``<playerId>.<secret>``: the id part makes authentication one GetItem by
key (no scan, no index on hashes); the whole token is stored only as SHA-256 and compared in
constant time. A wrong token of any kind (unknown id, wrong secret, malformed) gets the same
403, so a caller learns nothing about which players exist.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any

import icu  # type: ignore[import-untyped]  # PyICU (pyicu-wheels) ships no type hints

from dames_backend import clock, db
from dames_backend.errors import ApiError
from dames_backend.players import activity, allowance, reservations, reserved
from dames_backend.players.allowance import Voucher
from dames_backend.players.keys import profile_key
from dames_backend.players.name_writes import run_name_transaction
from dames_backend.players.reservations import pseudonym_item_key as pseudonym_item_key
from dames_backend.security import (
    MAX_TOKEN_LENGTH,
    hash_token,
    new_id,
    new_token,
    token_matches,
)

MIN_PSEUDONYM_LENGTH = 3
MAX_PSEUDONYM_LENGTH = 20
ALLOWED_PUNCTUATION = frozenset(" -_.")
# Vietnamese needs two marks on one letter (ệ = e + dot below + circumflex); more is a stack.
MAX_MARKS_PER_LETTER = 2
PLAYER_ID_PREFIX = "p"
TOKEN_SEPARATOR = "."
# A token-shaped hash that no token produces, compared against when the player id is unknown
# so that the unknown-id path does the same work as the wrong-secret path.
_ABSENT_HASH = "0" * 64
ERASING_ATTRIBUTE = "erasing"

BAD_TOKEN_MESSAGE = "This player token is not valid."

# Unicode's own list of characters that render as nothing (ICU's copy of the property, so it
# follows ICU's Unicode version, not Python's).
_INVISIBLE = icu.UnicodeSet("[:Default_Ignorable_Code_Point:]")
_INVISIBLE.freeze()
# A SpoofChecker is safe to share between threads once built; only its skeleton is used.
_SPOOF_CHECKER = icu.SpoofChecker()
_SKELETON_ROUNDS = 4

# The rule as a JSON-schema pattern (Python ``re`` dialect: ``\w`` is Unicode alphanumerics
# and ``_``) for the OpenAPI document: a name of word characters, spaces and ``.-``, not
# starting or ending with a space, with at least one letter or digit. Length (3–20) is
# ``minLength``/``maxLength``. The server also accepts what it can clean into such a name
# (surrounding spaces, decomposed accents).
#
# A few invisible characters are Unicode letters (the Hangul fillers), so ``\w`` is narrowed
# to exclude the invisible letters, found in ICU's set rather than listed by hand.
_INVISIBLE_LETTERS = "".join(
    f"\\u{code:04x}"
    for start, end in _INVISIBLE.ranges()
    for code in range(ord(start), ord(end) + 1)
    if chr(code).isalnum()
)


def _word_or(punctuation: str) -> str:
    return rf"(?:[^\W{_INVISIBLE_LETTERS}]|[{punctuation}])"


PSEUDONYM_SCHEMA_PATTERN = (
    rf"^(?:{_word_or('.-')}{_word_or('. -')}*)?[^\W_{_INVISIBLE_LETTERS}]"
    rf"(?:{_word_or('. -')}*{_word_or('.-')})?$"
)


@dataclass(frozen=True)
class Player:
    """A registered player, as the rest of the server sees it (never with the token)."""

    player_id: str
    pseudonym: str
    # The dates of the daily challenges this player won and claimed (``boards.claims`` adds
    # them with each daily claim); ``streaks`` turns them into the streak of the profile.
    won_days: frozenset[str] = field(default=frozenset(), compare=False, repr=False)
    # Set by a moderator (``./dames moderation ban``): every claim is held.
    banned: bool = field(default=False, compare=False)
    # The last UTC day the player started a game or claimed one (``activity``), if known.
    active_day: str | None = field(default=None, compare=False, repr=False)
    # An erasure has begun (``erasure``): the identity is going away.
    erasing: bool = field(default=False, compare=False, repr=False)
    renamed_at: str | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class NewPlayer:
    """The result of a registration: the only moment the token exists outside the browser."""

    player: Player
    token: str


def _character_problem(text: str) -> str | None:
    """The reason ``text`` (already NFC and trimmed) is not an acceptable pseudonym, or None.

    Letters and digits are Unicode alphanumerics (``str.isalnum``: "Zoë", "Łukasz", "李"),
    exactly what ``\\w`` means in ``PSEUDONYM_SCHEMA_PATTERN``, so the published schema and
    the server agree. A combining mark is accepted right after a letter or digit (letters
    without a precomposed form); spaces are plain U+0020 only, so look-alike blanks
    (no-break, ideographic) cannot make twin names.
    """
    has_alphanumeric = False
    after_alphanumeric = False
    for char in text:
        if _INVISIBLE.contains(char):
            return (
                f"The character {_describe(char)} is invisible: every character of a "
                "pseudonym must show."
            )
        if char.isalnum():
            has_alphanumeric = after_alphanumeric = True
        elif unicodedata.combining(char) and after_alphanumeric:
            continue
        elif char in ALLOWED_PUNCTUATION:
            after_alphanumeric = False
        else:
            return (
                f"The character {char!r} is not allowed: use letters, digits, spaces "
                "and - _ . only."
            )
    if not has_alphanumeric:
        return "A pseudonym needs at least one letter or digit."
    return _stacked_marks_problem(text)


def _describe(char: str) -> str:
    return f"U+{ord(char):04X} ({unicodedata.name(char, 'unnamed')})"


def _stacked_marks_problem(text: str) -> str | None:
    """Refuse a letter carrying more than ``MAX_MARKS_PER_LETTER`` marks or one mark twice.

    ``text`` is NFC, so a letter Unicode encodes whole (Greek "ᾏ" has three marks) is one
    character and accepted as such; only marks left over after composition are added ones.
    A letter with added marks is judged on its decomposed form, where every accent is its own
    mark: a stack would spill over the neighbouring lines of a leaderboard, and a doubled mark
    draws over itself, so two names would look the same while differing.
    """
    clusters: list[str] = []
    for char in text:
        if unicodedata.category(char).startswith("M") and clusters:
            clusters[-1] += char
        else:
            clusters.append(char)
    for cluster in clusters:
        if len(cluster) == 1:
            continue
        decomposed = unicodedata.normalize("NFD", cluster)
        marks = [c for c in decomposed if unicodedata.category(c).startswith("M")]
        repeated = [mark for index, mark in enumerate(marks) if mark in marks[:index]]
        if repeated:
            return f"The accent {_describe(repeated[0])} is repeated on one letter."
        if len(marks) > MAX_MARKS_PER_LETTER:
            return (
                f"Too many accents on one letter: at most {MAX_MARKS_PER_LETTER} marks "
                "may stack."
            )
    return None


def clean_pseudonym(raw: str) -> str:
    """The pseudonym as it will be stored and shown: NFC, trimmed, validated.

    Raises ``ApiError`` 422 ``invalid-pseudonym`` with the reason when it breaks a rule.
    """
    text = unicodedata.normalize("NFC", raw).strip(" ")
    if not MIN_PSEUDONYM_LENGTH <= len(text) <= MAX_PSEUDONYM_LENGTH:
        raise ApiError(
            422,
            "invalid-pseudonym",
            f"A pseudonym has {MIN_PSEUDONYM_LENGTH} to {MAX_PSEUDONYM_LENGTH} characters "
            f"(this one has {len(text)}).",
        )
    problem = _character_problem(text)
    if problem is not None:
        raise ApiError(422, "invalid-pseudonym", problem)
    return text


def _strip_marks(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def _fold(text: str) -> str:
    """No case, no accents, runs of spaces as one: the key names had before skeletons.

    Casefolding can produce new decomposable characters and decomposition can produce new
    case pairs, so marks are stripped on both sides of the casefold.
    """
    folded = _strip_marks(_strip_marks(text).casefold())
    return " ".join(folded.split())


def _skeleton(text: str) -> str:
    """UTS #39 skeleton: each character replaced by the prototype of its look-alike class."""
    return str(_SPOOF_CHECKER.getSkeleton(0, text))


def _settle(text: str) -> str:
    """Fold and skeleton again until nothing changes.

    A skeleton can bring back capitals ("0" → "O") and accents, and a fold can reveal a new
    look-alike (Cyrillic "Г" is no Latin letter, its lowercase "г" looks like "r"), so the
    two are applied in turn to a fixed point (two rounds in practice).
    """
    for _ in range(_SKELETON_ROUNDS):
        settled = _fold(_skeleton(text))
        if settled == text:
            break
        text = settled
    return text


def pseudonym_keys(pseudonym: str) -> tuple[str, ...]:
    """The uniqueness keys of a name (one or two): another name sharing any of them is taken.

    The first key folds case before the skeleton, so "Élodie", "ELODIE" and "еlodie" (Cyrillic
    е) meet. Folding first loses what capitals look like: "Ian" with a capital I looks like
    "lan" with a small L, and only the skeleton of the name as written sees it; that is the
    second key. Whichever of the two collides, the name is taken.
    """
    keys = (_settle(_fold(pseudonym)), _settle(_fold(_skeleton(pseudonym))))
    return tuple(dict.fromkeys(keys))


def name_keys(pseudonym: str) -> tuple[str, ...]:
    """The keys of a cleaned name that a registration or a rename may take; 422
    ``reserved-pseudonym`` for a name that reads as the site's own voice (``reserved``)."""
    keys = pseudonym_keys(pseudonym)
    if reserved.is_reserved(keys, pseudonym_keys):
        raise ApiError(422, "reserved-pseudonym", reserved.MESSAGE)
    return keys


def pseudonym_key(pseudonym: str) -> str:
    """The main uniqueness key, kept on the player's profile."""
    return pseudonym_keys(pseudonym)[0]


def _profile_item(player_id: str, pseudonym: str, key: str, token: str, now_iso: str) -> dict[
    str, Any
]:
    return {
        **profile_key(player_id),
        "playerId": player_id,
        "pseudonym": pseudonym,
        "pseudonymKey": key,
        "tokenHash": hash_token(token),
        "createdAt": now_iso,
        **activity.attributes(player_id, now_iso[:10]),
    }


def create_player(
    raw_pseudonym: str,
    *,
    client: str | None = None,
    voucher: Voucher | None = None,
) -> NewPlayer:
    """Register a pseudonym; returns the player and its token (shown once, never stored).

    Raises 422 ``invalid-pseudonym`` for a bad name, 422 ``reserved-pseudonym`` for one that
    reads as the site's voice (``reserved``), and 409 ``pseudonym-taken`` when the name
    (up to case, accents and look-alike characters) belongs to someone else, is quarantined
    or was banned (``reservations``), including a registration that won a simultaneous race
    for it. ``client`` (the request's address key, ``limits.clients``) is allowed a few
    pseudonyms a day, counted when one is *created* (a taken name costs nothing), and a
    bounded number of attempts; ``voucher`` (a won game of this browser, ``allowance``) opens
    the per-browser allowance beyond the network's: then 429 ``rate-limited``.
    """
    pseudonym = clean_pseudonym(raw_pseudonym)
    keys = name_keys(pseudonym)
    counted = allowance.registration_counts(client, voucher)
    player_id = new_id(PLAYER_ID_PREFIX)
    token = f"{player_id}{TOKEN_SEPARATOR}{new_token()}"
    now_ms = clock.now_ms()
    created_at = clock.iso_from_ms(now_ms)
    table_name = db.get_table().name
    items = reservations.claim_items(
        table_name, keys, player_id, pseudonym, created_at, now_ms // 1000
    )
    items.append({
        "Put": {
            "TableName": table_name,
            "Item": _profile_item(player_id, pseudonym, keys[0], token, created_at),
            "ConditionExpression": "attribute_not_exists(pk)",
        }
    })
    run_name_transaction(items, len(keys), counted.tail(player_id))
    return NewPlayer(Player(player_id, pseudonym, active_day=created_at[:10]), token)


def _split_token(token: str) -> tuple[str, str] | None:
    player_id, separator, secret = token.partition(TOKEN_SEPARATOR)
    if not separator or not secret or not player_id.startswith(f"{PLAYER_ID_PREFIX}_"):
        return None
    return player_id, secret


def authenticate_player(token: str | None, *, erasing_ok: bool = False) -> Player:
    """The player a ``X-Player-Token`` value belongs to.

    Raises 401 ``missing-player-token`` when there is no token, 403 ``bad-player-token`` for
    any token that does not match (the same answer whatever the reason), and for a player
    being erased unless ``erasing_ok`` (the erasure's own rerun).
    """
    if token is None or not token.strip():
        raise ApiError(
            401, "missing-player-token", "This request needs an X-Player-Token header."
        )
    token = token.strip()
    parts = _split_token(token) if len(token) <= MAX_TOKEN_LENGTH else None
    item: dict[str, Any] | None = None
    if parts is not None:
        item = db.get_table().get_item(Key=profile_key(parts[0]), ConsistentRead=True).get("Item")
    stored_hash = str(item["tokenHash"]) if item else _ABSENT_HASH
    if not token_matches(token, stored_hash) or item is None:
        raise ApiError(403, "bad-player-token", BAD_TOKEN_MESSAGE)
    if ERASING_ATTRIBUTE in item and not erasing_ok:
        # Being erased: the identity is going; only the erasure itself may go on with it.
        raise ApiError(403, "bad-player-token", BAD_TOKEN_MESSAGE)
    return player_of(item)


def player_of(item: dict[str, Any]) -> Player:
    """The player a stored profile describes."""
    return Player(
        player_id=str(item["playerId"]),
        pseudonym=str(item["pseudonym"]),
        won_days=frozenset(str(day) for day in item.get("wonDays", ())),
        banned=bool(item.get("banned", False)),
        active_day=str(item[activity.DAY_ATTRIBUTE]) if activity.DAY_ATTRIBUTE in item else None,
        erasing=ERASING_ATTRIBUTE in item,
        renamed_at=str(item["renamedAt"]) if "renamedAt" in item else None,
    )
