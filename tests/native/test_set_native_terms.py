"""bench/set_native_terms.py: a blob with some scalar terms set and every other weight kept,
the way a term the self-play fit got wrong is judged against Scan on its own."""

from __future__ import annotations

import argparse
import random
from pathlib import Path

import pytest
from dames.native.weights import PATTERN_STATES, SCALAR_TERMS, decode, encode

from bench.set_native_terms import main, parse_setting, set_terms

CLASSES = 8
FEATURES = CLASSES * PATTERN_STATES + len(SCALAR_TERMS)


def _blob(seed: int) -> bytes:
    rng = random.Random(seed)
    return encode("international", [rng.randint(-50, 50) for _ in range(FEATURES)],
                  [rng.randint(-50, 50) for _ in range(FEATURES)])


def test_only_the_named_terms_change_in_both_phases() -> None:
    blob = _blob(1)
    _, opening, ending = decode(blob)
    changed = set_terms(blob, "international", [("balance", 21, 42), ("tempo", -3, 5)])
    classes, new_opening, new_ending = decode(changed)
    base = classes * PATTERN_STATES
    balance, tempo = base + SCALAR_TERMS.index("balance"), base + SCALAR_TERMS.index("tempo")
    assert (new_opening[balance], new_ending[balance]) == (21, 42)
    assert (new_opening[tempo], new_ending[tempo]) == (-3, 5)
    for index in range(FEATURES):
        if index not in (balance, tempo):
            assert (new_opening[index], new_ending[index]) == (opening[index], ending[index])


def test_the_command_writes_the_blob(tmp_path: Path) -> None:
    source, out = tmp_path / "in.dmw", tmp_path / "out.dmw"
    source.write_bytes(_blob(2))
    assert main(["--blob", str(source), "--set", "balance=21,42", "--out", str(out)]) == 0
    assert out.read_bytes() == set_terms(source.read_bytes(), "international",
                                         [("balance", 21, 42)])


@pytest.mark.parametrize("text", ["balance", "balance=21", "balanse=1,2", "balance=a,b",
                                  "balance=1,2,3"])
def test_a_malformed_setting_is_refused_with_the_terms_named(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError):
        parse_setting(text)
