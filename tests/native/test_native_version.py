"""`engine_version` names what searched: stored analyses and fair play's judgements keep it,
and a judgement whose version differs from the running judge's is made again."""

from __future__ import annotations

from pathlib import Path

import pytest
from dames import Board
from dames.native import (
    abi,
    available,
    bitbase,
    engine_version,
    library,
    reset_for_tests,
    weights,
)
from dames.native.rules import position

pytestmark = pytest.mark.skipif(not available(), reason="the native core is not built (make)")


def test_the_version_names_the_weights_loaded_not_the_file_now_on_disk(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A process keeps the weights it loaded; a file changed under it (a new blob copied in
    while a judging run goes on) must not restamp its judgements as the new weights'."""
    before = engine_version()
    assert before.startswith(f"core-{abi.CORE_REVISION}+") and len(before.split("+")[1]) == 8
    other = tmp_path / "international.dmw"
    other.write_bytes(b"DMW1 some other weights")
    shipped = weights.path_for
    monkeypatch.setattr(weights, "path_for",
                        lambda variant: other if variant == "international" else shipped(variant))
    assert engine_version() == before


def test_the_version_says_when_no_bitbase_was_loaded(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Without the files (`make bitbase` not run) the search has no bitbase, and judgements
    made so name it: they are made again where the bitbases are."""
    with_them = engine_version()
    board = Board("W:WK1:BK7")  # the king takes the other's last piece
    two_kings = position(board.variant, board.white, board.black, board.kings, 0)
    assert with_them.split("+")[2].startswith("bb-") and not with_them.endswith("+bb-none")
    assert bitbase.probe(library(), two_kings) == "win"
    monkeypatch.setattr(bitbase, "path_for", lambda variant: tmp_path / f"{variant}.dmb")
    reset_for_tests()
    try:
        assert engine_version().endswith("+bb-none")
        assert bitbase.probe(library(), two_kings) is None
    finally:
        monkeypatch.undo()
        reset_for_tests()
    assert engine_version() == with_them
    assert bitbase.probe(library(), two_kings) == "win"
