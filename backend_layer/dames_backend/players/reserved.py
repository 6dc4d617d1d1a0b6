"""Names nobody may take: the ones that would speak with the site's voice on a board.

A leaderboard line reads as a person's name; a name such as "Modérateur", "Dames du jour" or
"Joueur effacé" would read as the site speaking (a moderator ranked first, an official
account, an entry the site itself anonymised), so a registration or a rename is refused
with 422 ``reserved-pseudonym``. Names are compared by their uniqueness keys
(``accounts.pseudonym_keys``: no case, no accents, look-alike letters folded), so "ADMlN" or
"Моdеrаtor" in Cyrillic are met as well:

- ``EXACT``: refused when a key of the name *is* the word's;
- ``PARTS``: refused when a word of a key of the name begins or ends with the word's, or
  for several words, when they stand in it ("Admin Bob", "SuperAdmin", "Le modérateur"):
  words nobody uses in an ordinary nickname; "Badminton" keeps its game.

Each reserved word is compared as typed and in capitals (a capital I looks like a small L,
which only the name's second key sees).

Kept short on purpose: refusing ordinary words would refuse real people's nicknames.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence

MESSAGE = (
    "This pseudonym is reserved: it would read as the site's own voice (staff, the site, "
    "the computer, an erased player). Choose another one."
)
EXACT = (
    "dames du jour", "damesdujour", "ordinateur", "computer", "systeme", "system",
    "joueur efface", "erased player", "anonyme", "anonymous", "support", "officiel",
    "official", "staff", "null", "undefined",
)
PARTS = ("admin", "moderateur", "moderatrice", "moderator", "dames du jour")

KeysOf = Callable[[str], Sequence[str]]
_SEPARATORS = re.compile(r"[^0-9a-z]+")


def _words(key: str) -> str:
    """A key as words separated by single spaces (a key keeps ``-_.`` and spaces)."""
    return " ".join(_SEPARATORS.split(key)).strip()


@functools.cache
def _keys(keys_of: KeysOf) -> tuple[frozenset[str], tuple[str, ...]]:
    def of(words: Sequence[str]) -> list[str]:
        return [_words(key) for word in words for form in (word, word.upper()) for key in
                keys_of(form)]

    return frozenset(of(EXACT)), tuple(dict.fromkeys(of(PARTS)))


def _holds(name: str, part: str) -> bool:
    if " " in part:
        return f" {part} " in f" {name} "
    return any(word.startswith(part) or word.endswith(part) for word in name.split())


def is_reserved(keys: Sequence[str], keys_of: KeysOf) -> bool:
    """Whether a name with uniqueness ``keys`` is reserved; ``keys_of`` computes a word's
    keys the way the name's were (passed in: the rules live in ``accounts``)."""
    exact, parts = _keys(keys_of)
    names = [_words(key) for key in keys]
    return any(name in exact or any(_holds(name, part) for part in parts) for name in names)
