"""The endgame bitbases (`dames.native.bitbase`): every result agrees with the Python rules'
moves, the known endings come out as the books say, a file that does not read is refused,
the mapped files read as the copied blobs, and the search plays by them (docs/native-core.md,
"Endgame bitbases")."""

from __future__ import annotations

import hashlib
import os
from dataclasses import replace
from pathlib import Path

import pytest
from dames import Board
from dames.ai.levels import Level
from dames.native import abi, available, engine_version, library
from dames.native.bitbase import generate, load_shipped, path_for, probe, use, use_file
from dames.native.rules import position
from dames.native.search import native_search

from bench.bitbase_check import board_of, by_the_rules, forced_result, placements, result_of

pytestmark = pytest.mark.skipif(not available(), reason="the native core is not built (make)")

BUDGET = Level("bitbase-test", depth=64, node_budget=200_000, native=True)
VARIANTS = sorted(abi.VARIANT_IDS)


@pytest.fixture(autouse=True)
def built() -> None:
    missing = [v for v in VARIANTS if not path_for(v).exists()]
    if missing:
        pytest.skip(f"no bitbase for {', '.join(missing)} (make builds them)")


def result(board: Board) -> str | None:
    return probe(library(), position(board.variant, board.white, board.black, board.kings,
                                     int(board.turn)))


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_result_is_the_best_of_its_childrens_by_the_python_rules(variant: str) -> None:
    """With the Python generator's moves (the reference): no move loses; a move to a lost
    position wins; else a move to a drawn one draws; else every move loses. Retrograde
    analysis builds wins only from losses, so agreeing here everywhere is being right."""
    tally: dict[str | None, int] = {}
    for bits in placements(variant, 1500, seed=7):
        found = result_of(variant, *bits)
        assert found == by_the_rules(variant, *bits), (variant, *map(hex, bits))
        tally[found] = tally.get(found, 0) + 1
    assert all(tally.get(r, 0) > 50 for r in ("win", "draw", "loss")), tally


def test_every_mate_the_search_finds_without_it_agrees_with_it() -> None:
    """An independent check of the draws: the search, blind to the bitbase, finds a forced
    win or loss in a good share of the sampled positions, and never one the bitbase calls a
    draw or the other way round (bench/bitbase_check.py runs more)."""
    found = {"win": 0, "loss": 0}
    for bits in placements("international", 60, seed=13):
        board = board_of("international", *bits)
        if len(board.legal_moves()) < 2:
            continue
        forced = forced_result(board, nodes=300_000)
        if forced is not None:
            assert result(board) == forced, board.fen()
            found[forced] += 1
    assert found["win"] >= 10 and found["loss"] >= 5, found


@pytest.mark.parametrize(("fen", "expected"), [
    # Three kings against one: a draw when it holds the long diagonal (5-46), else lost.
    ("W:WK1,K2,K3:BK46", "draw"), ("W:WK1,K2,K3:BK28", "draw"), ("W:WK1,K2,K3:BK45", "win"),
    # Black to move from 45 reaches the long diagonal.
    ("B:WK1,K2,K3:BK45", "draw"),
    ("W:WK2,K3:BK46", "draw"),  # two kings against one
    ("W:WK1:BK7", "win"),  # the king takes the last piece
    ("W:W6:B45", "draw"),  # both crown: king against king
])
def test_the_known_endings(fen: str, expected: str) -> None:
    assert result(Board(fen)) == expected


def test_five_pieces_are_not_in_it() -> None:
    assert result(Board("W:WK1,K2,K3,K4:BK46")) is None


def test_the_shipped_file_is_what_the_core_generates() -> None:
    """`make` wrote it on this machine; the core makes the same bytes now (an 8x8 variant:
    seconds; the international one is checked by its results above)."""
    assert generate(library(), "english") == path_for("english").read_bytes()


def test_a_file_that_does_not_read_is_refused_and_the_version_names_what_was_loaded() -> None:
    lib, blob = library(), path_for("english").read_bytes()
    for broken in (blob[:-1], b"DMB2" + blob[4:], blob[:4] + b"\x01" + blob[5:]):
        with pytest.raises(OSError, match="bitbase refused"):
            use(lib, "english", broken)
    use(lib, "english", blob)
    assert result(Board("W:W28:B1,2", "english")) is not None
    assert engine_version().split("+")[2].startswith("bb-")


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_mapped_file_reads_as_the_copied_blob(variant: str) -> None:
    """The shipped file mapped (`use_file`, as `load_shipped` loads it) and its bytes copied
    (`use`) give the same result at every sampled position; the mapping is left loaded."""
    lib, path = library(), path_for(variant)
    sample = list(placements(variant, 1500, seed=11))
    use(lib, variant, path.read_bytes())
    copied = [result_of(variant, *bits) for bits in sample]
    use_file(lib, variant, path)
    assert [result_of(variant, *bits) for bits in sample] == copied
    assert {"win", "draw", "loss"} <= set(copied)


def test_the_digest_is_still_the_sha256_of_the_files() -> None:
    """Stored judgements and analyses name it (tests/fairplay/corpus: `+bb-3283c3d6`):
    mapping the files instead of reading them must not change it."""
    files = b"".join(v.encode() + path_for(v).read_bytes() for v in VARIANTS)
    expected = hashlib.sha256(files).hexdigest()[:8]
    assert load_shipped(library()) == expected == engine_version().split("+bb-")[1]


def test_a_file_that_does_not_read_leaves_the_variant_without_and_the_search_working(
        tmp_path: Path) -> None:
    """A refused file unloads the variant's earlier table (as a refused blob does): the
    search goes on without it. A file that cannot be opened changes nothing."""
    lib, path = library(), path_for("english")
    blob = path.read_bytes()
    board = Board("W:W28:B1,2", "english")
    broken = {"short": blob[:-1], "empty": b"", "magic": b"DMB2" + blob[4:],
              "variant": blob[:4] + b"\x01" + blob[5:], "long": blob + b"\0"}
    for name, data in broken.items():
        bad = tmp_path / f"{name}.dmb"
        bad.write_bytes(data)
        use_file(lib, "english", path)
        with pytest.raises(OSError, match="refused for english: a weights or bitbase blob"):
            use_file(lib, "english", bad)
        assert result(board) is None, name
        moves, found = native_search(board, replace(BUDGET, node_budget=2_000))
        assert moves and found.best, name
    use_file(lib, "english", path)
    with pytest.raises(FileNotFoundError):
        use_file(lib, "english", tmp_path / "missing.dmb")
    assert result(board) is not None


def test_the_core_refuses_what_is_not_a_readable_file(tmp_path: Path) -> None:
    """No file descriptor, a pipe (no length), a file open for writing only: a bad argument,
    never a fault; an unknown variant first."""
    lib, english = library(), abi.VARIANT_IDS["english"]
    copy = tmp_path / "english.dmb"
    copy.write_bytes(path_for("english").read_bytes())
    read, write = os.pipe()
    try:
        with copy.open("ab") as write_only:
            codes = [lib.dm_load_bitbase_fd(english, fd) for fd in (-1, read, write_only.fileno())]
    finally:
        os.close(read)
        os.close(write)
    assert [abi.ERRORS[code] for code in codes] == ["a bad argument"] * 3
    assert abi.ERRORS[lib.dm_load_bitbase_fd(len(abi.VARIANT_IDS), -1)] == "unknown variant"
    use_file(lib, "english", path_for("english"))


def test_the_search_trades_into_a_won_ending_it_would_not_see() -> None:
    """6-33 forces 38x29 and a king takes it back: three kings against a man, won. Without
    the bitbase the search sees only three kings against two men, and plays elsewhere."""
    board = Board("W:WK3,K4,K6:B38,36")
    moves, found = native_search(board, BUDGET)
    assert moves[found.best[0]].hub() == "6-33" and found.score > abi.BITBASE_WIN - 10
    moves, blind = native_search(board, replace(BUDGET, bitbase=False))
    assert blind.score < 1_000 and moves[blind.best[0]].hub() != "6-33"


def test_a_won_root_never_gives_its_win_away() -> None:
    """Three kings against one off the long diagonal: each move that lets it reach the
    diagonal is valued as the draw it gives away, just below one (so never played); each
    move keeping the win at least a draw."""
    board = Board("W:WK1,K2,K3:BK45")
    moves, found = native_search(board, BUDGET)
    kept = []
    for move in moves:
        board.push(move)
        kept.append(result(board) == "loss")
        board.pop()
    assert any(kept) and not all(kept) and all(kept[i] for i in found.best)
    for index, keeps in enumerate(kept):
        assert found.scores[index] >= 0 if keeps else found.scores[index] == -1
