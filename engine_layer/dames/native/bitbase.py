"""The endgame bitbases: win, draw or loss for every position of up to four pieces.

`make` has the core generate them (`engine_layer/csrc`, `make bitbase`: retrograde analysis
with the core's own rules, about 20 s for the four variants) into `bitbase/<variant>.dmb`;
they are not in the repository, and the Lambda layer's build makes its own. The search reads
them below its root's material (docs/native-core.md, "Endgame bitbases"). A missing file
leaves the search without it, and `dames.native.engine_version` says so. The core maps the
shipped files rather than copying them (`use_file`): a process starts without reading 17 MB
into its memory, and reads only the pages its searches probe.
"""

from __future__ import annotations

import ctypes
import hashlib
from io import BufferedReader
from pathlib import Path

from dames.native import abi

BITBASE_DIR = Path(__file__).resolve().parent / "bitbase"
PIECES = 4
# The digest reads a file in pieces this long: they stay in the processor's cache, and the
# process never holds a whole file for it.
DIGEST_CHUNK = 1 << 18


def path_for(variant: str) -> Path:
    return BITBASE_DIR / f"{variant}.dmb"


def generate(lib: ctypes.CDLL, variant: str, pieces: int = PIECES) -> bytes:
    """A variant's bitbase, made now by the core (what `make bitbase` writes)."""
    variant_id = abi.VARIANT_IDS[variant]
    length = lib.dm_bitbase_generate(variant_id, pieces, None, 0)
    if length < 0:
        raise abi.NativeError(length)
    blob = ctypes.create_string_buffer(length)
    written = lib.dm_bitbase_generate(variant_id, pieces, blob, length)
    if written != length:
        raise abi.NativeError(written if written < 0 else -3)
    return blob.raw


def _raise_if_refused(variant: str, code: int) -> None:
    """Raise the loaders' OSError for a table the core refused (0: accepted)."""
    if code != 0:
        raise OSError(f"bitbase refused for {variant}: {abi.ERRORS.get(code, code)}")


def use(lib: ctypes.CDLL, variant: str, blob: bytes | None) -> None:
    """Make the search read `blob` for `variant` (None: no bitbase). Process-wide: no search
    may run meanwhile."""
    code = lib.dm_load_bitbase(abi.VARIANT_IDS[variant], blob, 0 if blob is None else len(blob))
    _raise_if_refused(variant, code)


def use_file(lib: ctypes.CDLL, variant: str, path: Path,
             digest: hashlib._Hash | None = None) -> None:
    """Make the search read the file at `path` for `variant`, mapped rather than copied (a
    refused file leaves the variant without a bitbase, as `use` does); `digest`, when given,
    is fed the file's bytes from the same open file the core maps, so it names exactly what
    was loaded. Raises OSError on a file the core refuses, and on one that cannot be opened
    (which changes nothing). Process-wide: no search may run meanwhile."""
    with path.open("rb") as file:
        _raise_if_refused(variant, lib.dm_load_bitbase_fd(abi.VARIANT_IDS[variant], file.fileno()))
        if digest is not None:
            _feed(digest, file)


def _feed(digest: hashlib._Hash, file: BufferedReader) -> None:
    """Hash the file a chunk at a time: as cheap as hashing a copy, without the copy."""
    chunk = bytearray(DIGEST_CHUNK)
    view = memoryview(chunk)
    while count := file.readinto(chunk):
        digest.update(view[:count])


def load_shipped(lib: ctypes.CDLL) -> str:
    """Load every variant's built file; a digest of what was loaded ("none" without any),
    for `dames.native.engine_version`: the sha256 of each variant's name and file bytes, the
    value stored judgements and analyses name (tests/fairplay/corpus). Raises OSError on a
    file the core refuses."""
    digest = hashlib.sha256()
    loaded = False
    for variant in sorted(abi.VARIANT_IDS):
        path = path_for(variant)
        if not path.exists():
            use(lib, variant, None)  # a library loaded before keeps no other file's
            continue
        digest.update(variant.encode())
        use_file(lib, variant, path, digest)
        loaded = True
    return digest.hexdigest()[:8] if loaded else "none"


def probe(lib: ctypes.CDLL, position: abi.Position) -> str | None:
    """The loaded bitbase's result for the side to move ("win", "draw", "loss"), None where
    it holds none. `position` has been checked (`dames.native.rules.position`)."""
    result = ctypes.c_int32()
    code = lib.dm_bitbase_probe(ctypes.byref(position), ctypes.byref(result))
    if code != 0:
        raise abi.NativeError(code)
    return abi.BITBASE_RESULTS[result.value]
