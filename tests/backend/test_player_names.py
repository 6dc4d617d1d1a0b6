"""Pseudonym rules: what is stored (trimmed, composed), what is refused and why, and the
uniqueness key that makes case, accents and look-alikes one name."""

from __future__ import annotations

import unicodedata

import pytest
from dames_backend.errors import ApiError
from dames_backend.players import accounts as players
from hypothesis import assume, given, settings
from hypothesis import strategies as st

CYRILLIC_A = "\u0410"


@pytest.mark.parametrize(
    "raw, stored",
    [
        ("Marie-Ange", "Marie-Ange"),
        ("  Bob  ", "Bob"),
        ("J.-P. 42", "J.-P. 42"),
        ("Zoe\u0308", "Zoë"),  # decomposed input is stored composed (NFC)
        ("abc", "abc"),
        ("a" * 20, "a" * 20),
        ("Łukasz_07", "Łukasz_07"),
        ("李小龍", "李小龍"),
        ("007", "007"),
        ("Louis Ⅻ", "Louis Ⅻ"),
    ],
)
def test_accepted_pseudonyms_are_stored_trimmed_and_composed(raw: str, stored: str) -> None:
    cleaned = players.clean_pseudonym(raw)
    assert cleaned == stored
    assert unicodedata.is_normalized("NFC", cleaned)


@pytest.mark.parametrize(
    "raw",
    [
        "ab",  # too short
        "  ab  ",  # too short once trimmed
        "a" * 21,  # too long
        "",
        "bob!",
        "<script>",
        "tab\there",
        "no\u00a0break",  # a no-break space looks like a space but is not one
        "smile😀",
        "...",  # no letter or digit at all
        "- _",
        "\u0301abc",  # a combining mark is allowed only right after a letter
    ],
)
def test_refused_pseudonyms_give_a_reason(raw: str) -> None:
    with pytest.raises(ApiError) as caught:
        players.clean_pseudonym(raw)
    assert caught.value.status == 422
    assert caught.value.code == "invalid-pseudonym"
    assert caught.value.message


def test_length_is_counted_after_composition() -> None:
    # 20 letters each written as base + combining accent: 40 code points in, 20 after NFC.
    assert players.clean_pseudonym("e\u0301" * 20) == "é" * 20
    with pytest.raises(ApiError):
        players.clean_pseudonym("e\u0301" * 21)


@settings(max_examples=300, deadline=None)
@given(st.from_regex(players.PSEUDONYM_SCHEMA_PATTERN, fullmatch=True))
def test_every_name_the_published_schema_allows_is_accepted(name: str) -> None:
    # The OpenAPI pattern and the server's rule must agree, or generated clients (and the
    # schemathesis run) would be refused valid names. Length is measured once composed.
    assume(
        players.MIN_PSEUDONYM_LENGTH <= len(name) <= players.MAX_PSEUDONYM_LENGTH
        and unicodedata.is_normalized("NFC", name)
    )
    assert players.clean_pseudonym(name) == name


@pytest.mark.parametrize(
    "first, second",
    [
        ("Élodie", "elodie"),
        ("ÉLODIE", "elodie"),
        ("E\u0301lodie", "Élodie"),
        ("Straße", "STRASSE"),
        ("Zoë", "zoe"),
        ("anne marie", "Anne  Marie"),
    ],
)
def test_uniqueness_key_ignores_case_and_accents(first: str, second: str) -> None:
    assert players.pseudonym_key(first) == players.pseudonym_key(second)


@pytest.mark.parametrize("first, second", [("Elodie", "Elodi"), ("anne-marie", "anne marie")])
def test_uniqueness_key_keeps_real_differences(first: str, second: str) -> None:
    assert players.pseudonym_key(first) != players.pseudonym_key(second)


def look_alike(first: str, second: str) -> bool:
    return bool(set(players.pseudonym_keys(first)) & set(players.pseudonym_keys(second)))


@pytest.mark.parametrize(
    "first, second",
    [
        ("Alice0d5adc", f"{CYRILLIC_A}lice0d5adc"),  # Cyrillic capital A
        ("paypal", "\u0440\u0430yp\u0430l"),  # Cyrillic р and а
        ("Paul", "\u03a1aul"),  # Greek capital rho
        ("Nico", "\u039d\u0456\u0441\u043e"),  # Greek Ν, Cyrillic і, с, о
        ("Hector", "\u041d\u0435\u0441t\u043er"),  # Cyrillic Н, е, с, о
        ("Ian", "lan"),  # capital I and small L are one shape in sans-serif
        ("Bob1", "Bobl"),
        ("Alice0", "AliceO"),
        ("modern", "rnodern"),
        ("\u0413abc", "rabc"),  # Cyrillic Г folds to г, which looks like r
        # Today's rules still hold on top of the skeleton.
        ("Élodie", "\u0435lodie"),  # accent dropped, Cyrillic е
        ("ÉLODIE", "elodie"),
        ("Straße", "STRASSE"),
        ("anne marie", "Anne  Marie"),
    ],
)
def test_look_alike_names_share_a_uniqueness_key(first: str, second: str) -> None:
    assert look_alike(first, second)
    assert look_alike(second, first)


@pytest.mark.parametrize(
    "first, second",
    [
        ("Elodie", "Elodi"),
        ("anne-marie", "anne marie"),
        ("Alice", "Alicia"),
        ("Bob1", "Bob2"),
        ("Racer1", "Racer2"),
        ("李小龍", "李小龙"),
    ],
)
def test_names_that_look_different_share_no_key(first: str, second: str) -> None:
    assert not look_alike(first, second)


@settings(max_examples=200, deadline=None)
@given(st.from_regex(players.PSEUDONYM_SCHEMA_PATTERN, fullmatch=True))
def test_the_main_key_is_its_own_key(name: str) -> None:
    # A key that changed when computed again would let a name and its look-alike drift apart.
    key = players.pseudonym_key(name)
    assert players.pseudonym_key(key) == key


@pytest.mark.parametrize(
    "raw",
    [
        "\u3164" * 4,  # Hangul fillers: a letter that shows blank
        "Bob\u3164\u3164",
        "\u115fabc",
        "ab\u1160c",
        "\uffa0abc",
        "ab\u200bc",  # zero-width space
        "ab\u200dc",  # zero-width joiner
        "ab\u2060c",  # word joiner
        "ab\u00adc",  # soft hyphen
        "abc\ufe0f",  # variation selector
        "abc\u034f",  # combining grapheme joiner
        "ab\u202ec",  # right-to-left override
    ],
)
def test_invisible_characters_are_refused_as_invisible(raw: str) -> None:
    with pytest.raises(ApiError) as caught:
        players.clean_pseudonym(raw)
    assert (caught.value.status, caught.value.code) == (422, "invalid-pseudonym")
    assert "invisible" in caught.value.message


@pytest.mark.parametrize(
    "raw",
    [
        "a\u0301\u0302\u0303bc",  # three accents on one letter
        "Z\u0336\u0334\u0335algo",
        "e\u0301\u0301xy",  # one accent twice: drawn over itself
        "\u00e9\u0301xy",  # the same, the first one precomposed
    ],
)
def test_stacked_marks_are_refused(raw: str) -> None:
    with pytest.raises(ApiError) as caught:
        players.clean_pseudonym(raw)
    assert (caught.value.status, caught.value.code) == (422, "invalid-pseudonym")
    assert "accent" in caught.value.message.lower()


@pytest.mark.parametrize(
    "raw",
    [
        "Nguye\u0302\u0303n",
        "Tr\u1ea7n",
        "Zoe\u0308",
        "\u1f8f\u03b4\u03b7\u03c2",  # ᾏδης: Unicode encodes ᾏ whole, with three marks
    ],
)
def test_accents_that_unicode_composes_are_fine(raw: str) -> None:
    assert players.clean_pseudonym(raw) == unicodedata.normalize("NFC", raw)
