"""`engine_version` names what searched: stored analyses and fair play's judgements keep it,
and a judgement whose version differs from the running judge's is made again."""

from __future__ import annotations

from pathlib import Path

import pytest
from dames.native import abi, available, engine_version, weights

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
