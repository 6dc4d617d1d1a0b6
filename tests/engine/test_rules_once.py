"""The rules are written once (``dames.rules``) and compiled per variant (``dames.specialise``).

These tests hold the generated code to the description: every switch folded, every loop and
helper written out, and the extra entry points (leaf tests, incremental Zobrist keys) agreeing
with the move generator and the full key.
"""

from __future__ import annotations

import linecache
import random
import re

import pytest
from dames import Board, get_variant
from dames.movegen import get_generator, rule_constants
from dames.specialise import SpecialiseError, expand, source_for
from dames.zobrist import key_after, position_key
from hypothesis import HealthCheck, given, settings

from .test_properties import VARIANT_NAMES, random_positions

SWITCHES = ("FLYING", "BACKWARD", "MEN_TAKE_KINGS", "MAJORITY", "ITALIAN", "BOARD", "LARGE")


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_generated_source_has_every_switch_and_marker_resolved(variant: str) -> None:
    source = source_for(rule_constants(get_variant(variant)))
    for name in (*SWITCHES, "SMALL", "unrolled", "_jumps", "_forward_steps", "inline",
                 "COUNTING"):
        assert not re.search(rf"\b{name}\b", source), name
    assert "@twin" not in source and not re.search(r"\bcounted\(", source)
    assert "def _captures_counted(" in source and "return _captures_counted(" in source
    compile(source, "<generated>", "exec")


def test_tracebacks_show_the_generated_source() -> None:
    code = get_generator("english").count.__code__
    line = linecache.getline(code.co_filename, code.co_firstlineno)
    assert line.startswith("def count(")


def test_unrolled_loops_and_inline_helpers_are_written_out() -> None:
    template = """
@inline
def _pair(a, b):
    return (a + b, a - b)


def f(x, y):
    total = 0
    for k, sign in unrolled(((1, True), (y, False))):
        total += k if sign else -k
        p, q = _pair(x, k)
        total += p * q
    s, d = _pair(x, 3)
    return total + s + d
"""
    expanded = expand(template)
    assert "unrolled" not in expanded and "_pair" not in expanded
    assert "total += (1) if (True) else -(1)" in expanded
    assert "total += (y) if (False) else -(y)" in expanded
    assert "p = (x + y)" in expanded
    assert "s = (x + 3)" in expanded and "d = (x - 3)" in expanded
    namespace: dict[str, object] = {}
    exec(expanded, namespace)
    f = namespace["f"]
    assert callable(f)
    x, y = 10, 5
    expected = 1 + (x + 1) * (x - 1) - y + (x + y) * (x - y) + (x + 3) + (x - 3)
    assert f(x, y) == expected


@pytest.mark.parametrize(
    "body",
    [
        "    for k in unrolled((1, 2)):\n        if k:\n            break\n",
        "    for k in unrolled([1, 2]):\n        pass\n",
        "    s, d = _pair(x + 1, 3)\n",
        "    x, d = _pair(x, 3)\n",
    ],
)
def test_constructs_the_specialiser_cannot_write_out_are_refused(body: str) -> None:
    template = "@inline\ndef _pair(a, b):\n    return (a + b, a - b)\n\n\ndef f(x):\n" + body
    with pytest.raises(SpecialiseError):
        expand(template)


TWINS = """
@twin
def _walk(n, out):
    if COUNTING:
        out.append(1)
    else:
        out.append(n)
    if n:
        _walk(n - 1, out)


@twin
def _total(n):
    out = []
    _walk(n, out)
    return len(out) if COUNTING else out


def listed(n):
    return _total(n)


def how_many(n):
    return counted(_total)(n)
"""


def test_a_twin_is_compiled_again_counting_and_calls_the_counting_twins() -> None:
    expanded = expand(TWINS)
    assert "COUNTING" not in expanded and not re.search(r"\bcounted\(", expanded)
    for name in ("_walk", "_total"):
        assert expanded.count(f"def {name}(") == expanded.count(f"def {name}_counted(") == 1
    assert "_walk_counted(n - 1, out)" in expanded and "return _total_counted(n)" in expanded
    namespace: dict[str, object] = {}
    exec(expanded, namespace)
    listed, how_many = namespace["listed"], namespace["how_many"]
    assert callable(listed) and callable(how_many)
    assert listed(3) == [3, 2, 1, 0] and how_many(3) == 4


@pytest.mark.parametrize(
    "template",
    [
        "def f(n):\n    return 1 if COUNTING else 2\n",
        "def g(n):\n    return n\n\n\ndef f(n):\n    return counted(g)(n)\n",
    ],
    ids=["counting-outside-a-twin", "counted-of-no-twin"],
)
def test_counting_outside_the_twins_is_refused(template: str) -> None:
    with pytest.raises(SpecialiseError):
        expand(template)


def _quiet_step_exists(board: Board) -> bool:
    """A man's forward step or a king's step to an empty square, from the geometry tables."""
    geometry = board.geometry
    us = board.white if board.turn == 0 else board.black
    occupied = board.white | board.black
    forward = (0, 1) if board.turn == 0 else (2, 3)
    for bit in range(geometry.bit_count):
        if not us >> bit & 1:
            continue
        directions = range(4) if board.kings >> bit & 1 else forward
        for d in directions:
            target = geometry.neighbor[bit][d]
            if target >= 0 and not occupied >> target & 1:
                return True
    return False


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_positions())
def test_leaf_tests_agree_with_the_generator(case: tuple[str, str]) -> None:
    variant, fen = case
    board = Board(fen, variant)
    generator = board.generator
    color = int(board.turn)
    us, them = (board.white, board.black) if color == 0 else (board.black, board.white)
    moves = board.internal_moves()
    must_capture = bool(moves) and bool(moves[0][2])
    assert generator.has_capture(us, them, board.kings, color) == must_capture
    assert generator.has_quiet_move(us, them, board.kings, color) == _quiet_step_exists(board)


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_incremental_key_matches_the_full_key(variant: str) -> None:
    rng = random.Random(13)
    for _ in range(6):
        board = Board(variant=variant)
        for _ in range(90):
            moves = board.internal_moves()
            if not moves:
                break
            move = rng.choice(moves)
            color = int(board.turn)
            before = board.zobrist
            kings = board.kings
            white, black, new_kings = board.generator.apply(
                board.white, board.black, kings, color, move
            )
            expected = position_key(white, black, new_kings, color == 0)
            assert key_after(before, move, color, kings, new_kings) == expected
            board.push_internal(move)
            assert board.zobrist == expected
