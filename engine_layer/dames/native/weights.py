"""The native evaluation's learned weights: the blob format, and loading the shipped files.

A blob (`weights/<variant>.dmw`, written by `bench/train_native_eval.py`) is "DMW1", then
int32 variant, pattern classes and scalar terms, then every feature's opening weight and
every feature's ending weight (int16, little-endian; centi-men). The core checks the header
against its own feature layout (`dm_load_weights`), so a blob made for another layout is
refused and the library with it: a silently wrong evaluation would be worse than none.
"""

from __future__ import annotations

import ctypes
import hashlib
import struct
from collections.abc import Sequence
from pathlib import Path

from dames.native import abi

WEIGHTS_DIR = Path(__file__).resolve().parent / "weights"
MAGIC = b"DMW1"
PATTERN_STATES = 3**8
# The core's scalar terms, in its order (eval.c): what a trained blob's tail holds.
SCALAR_TERMS = ("men", "kings", "has_king", "tempo", "balance", "king_mobility", "to_move",
                "long_diagonal")


def path_for(variant: str) -> Path:
    return WEIGHTS_DIR / f"{variant}.dmw"


def play_path_for(variant: str) -> Path:
    """The strongest level's own weights (`dm_load_play_weights`), where a variant has them:
    `maitre` plays with them while the judge, the analysis and the puzzles' stored checks
    keep the shipped ones they were calibrated and stamped with (docs/native-core.md)."""
    return WEIGHTS_DIR / f"play-{variant}.dmw"


def encode(variant: str, opening: Sequence[int], ending: Sequence[int]) -> bytes:
    """A blob for `variant` (both sequences: every feature, patterns then scalar terms)."""
    if len(opening) != len(ending) or (len(opening) - len(SCALAR_TERMS)) % PATTERN_STATES:
        raise ValueError("the weights do not have the core's feature layout")
    classes = (len(opening) - len(SCALAR_TERMS)) // PATTERN_STATES
    header = MAGIC + struct.pack("<iii", abi.VARIANT_IDS[variant], classes, len(SCALAR_TERMS))
    clipped = [max(-32768, min(32767, round(w))) for w in (*opening, *ending)]
    return header + struct.pack(f"<{len(clipped)}h", *clipped)


def decode(blob: bytes) -> tuple[int, list[int], list[int]]:
    """A blob's pattern classes, opening weights and ending weights (`encode`'s inverse), for
    reading a trained file back (bench/weights_stats.py, a fine-tuning's start, the tests)."""
    if blob[:len(MAGIC)] != MAGIC or len(blob) < len(MAGIC) + 12:
        raise ValueError("not a weights blob")
    _variant, classes, terms = struct.unpack("<iii", blob[len(MAGIC):len(MAGIC) + 12])
    count = classes * PATTERN_STATES + terms
    body = blob[len(MAGIC) + 12:]
    if terms != len(SCALAR_TERMS) or len(body) != 4 * count:
        raise ValueError("the weights do not have the core's feature layout")
    weights = list(struct.unpack(f"<{2 * count}h", body))
    return classes, weights[:count], weights[count:]


def use(lib: ctypes.CDLL, variant: str, blob: bytes | None) -> None:
    """Make the core evaluate `variant` with `blob` (None: its built-in hand-set weights),
    for measuring one weights file against another (bench/match.py). Process-wide: no search
    may run meanwhile."""
    code = lib.dm_load_weights(abi.VARIANT_IDS[variant], blob, 0 if blob is None else len(blob))
    if code != 0:
        raise OSError(f"weights refused for {variant}: {abi.ERRORS.get(code, code)}")


def load_shipped(lib: ctypes.CDLL) -> str:
    """Load every shipped blob into the core, and the play weights where a variant has them;
    a digest of the shipped blobs (the weights part of `dames.native.engine_version`, which
    names what the judge and the analysis search with: not the play weights). Raises OSError
    on a blob the core refuses."""
    digest = hashlib.sha256()
    for variant in sorted(abi.VARIANT_IDS):
        for path, load in ((path_for(variant), lib.dm_load_weights),
                           (play_path_for(variant), lib.dm_load_play_weights)):
            if not path.exists():
                continue
            blob = path.read_bytes()
            code = load(abi.VARIANT_IDS[variant], blob, len(blob))
            if code != 0:
                raise OSError(f"{path}: {abi.ERRORS.get(code, code)}")
            if load is lib.dm_load_weights:
                digest.update(variant.encode() + blob)
    return digest.hexdigest()[:8]
