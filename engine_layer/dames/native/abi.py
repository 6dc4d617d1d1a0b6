"""The native core's C ABI (`engine_layer/csrc/include/dames_core.h`) as ctypes declares it.

The structs and constants mirror the header; `ABI_VERSION` must equal the library's
`dm_abi_version()`, which `load` checks, so a stale library is refused rather than misread.
"""

from __future__ import annotations

import ctypes
import os
from pathlib import Path

ABI_VERSION = 4
# Bump (YYYY.MM.DD-N) whenever the core's search or evaluation may answer differently for the
# same position and budget: stored analyses name the engine that made them.
CORE_REVISION = "2026.12.07-1"
MAX_CAPTURES = 49
MAX_MOVES = 1024
MAX_PV = 64
MAX_HISTORY = 256
MAX_DEPTH = 120  # the core's MAX_PLY (128) less its margin
NO_LIMIT = 1 << 30
MATE = 100_000
MATE_BOUND = MATE - 1_000
BITBASE_WIN = 20_000  # an endgame bitbase's won position, less the plies to it
# The header's enum dm_variant.
VARIANT_IDS = {"international": 0, "brazilian": 1, "english": 2, "italian": 3}
ERRORS = {
    -1: "unknown variant",
    -2: "a position the core does not accept",
    -3: "more moves than the core's buffer holds",
    -4: "a capture search beyond the generator's step bound",
    -5: "a bad argument",
    -6: "a weights or bitbase blob that does not read",
}
# dm_limits.flags
NO_PROBCUT = 1
NO_REDUCTIONS = 2
HANDSET_EVAL = 4
SHORT_CLOCK = 8
NO_BITBASE = 16
PLAY_WEIGHTS = 32
# dm_bitbase_probe's results: the side to move's.
BITBASE_RESULTS = {0: None, 1: "loss", 2: "draw", 3: "win"}

LIBRARY_NAME = "libdames_core.so"
# Where `make` puts the library built for this machine (and the Lambda layer the arm64 one).
DEFAULT_PATH = Path(__file__).resolve().parent / LIBRARY_NAME


class Position(ctypes.Structure):
    _fields_ = [
        ("white", ctypes.c_uint64),
        ("black", ctypes.c_uint64),
        ("kings", ctypes.c_uint64),
        ("turn", ctypes.c_int32),
        ("variant", ctypes.c_int32),
    ]


class NativeMove(ctypes.Structure):
    _fields_ = [
        ("from_", ctypes.c_uint64),
        ("to", ctypes.c_uint64),
        ("captured", ctypes.c_uint64),
        ("path_len", ctypes.c_uint8),
        ("ncaps", ctypes.c_uint8),
        ("promotes", ctypes.c_uint8),
        ("reserved", ctypes.c_uint8),
        ("path", ctypes.c_uint8 * (MAX_CAPTURES + 1)),
        ("caps", ctypes.c_uint8 * MAX_CAPTURES),
    ]


class Game(ctypes.Structure):
    _fields_ = [
        ("position", Position),
        ("quiet_limit", ctypes.c_int32),
        ("plies_left", ctypes.c_int32),
        ("endgame_plies_left", ctypes.c_int32),
        ("history_len", ctypes.c_int32),
        ("history", ctypes.POINTER(ctypes.c_uint64)),
    ]


class Result(ctypes.Structure):
    _fields_ = [
        ("depth", ctypes.c_int32),
        ("score", ctypes.c_int32),
        ("nodes", ctypes.c_int64),
        ("elapsed_us", ctypes.c_int64),
        ("nmoves", ctypes.c_int32),
        ("best", ctypes.c_int32),
        ("pv_len", ctypes.c_int32),
        ("reserved", ctypes.c_int32),
        ("scores", ctypes.c_int32 * MAX_MOVES),
        ("exact", ctypes.c_int32 * MAX_MOVES),
        ("pv", NativeMove * MAX_PV),
    ]


# void (*)(const dm_result *, void *)
IterationCallback = ctypes.CFUNCTYPE(None, ctypes.POINTER(Result), ctypes.c_void_p)


class Limits(ctypes.Structure):
    _fields_ = [
        ("max_depth", ctypes.c_int32),
        ("min_depth", ctypes.c_int32),
        ("work_budget", ctypes.c_int64),
        ("time_limit_us", ctypes.c_int64),
        ("stop", ctypes.POINTER(ctypes.c_int32)),
        ("flags", ctypes.c_int32),
        ("on_iteration", IterationCallback),
        ("context", ctypes.c_void_p),
    ]


class NativeError(RuntimeError):
    """The core refused a call (its error code, worded)."""

    def __init__(self, code: int) -> None:
        super().__init__(f"native core error {code}: {ERRORS.get(code, 'unknown')}")
        self.code = code


def _declare(lib: ctypes.CDLL) -> None:
    position_p = ctypes.POINTER(Position)
    lib.dm_abi_version.restype = ctypes.c_int32
    lib.dm_abi_version.argtypes = []
    lib.dm_check_position.restype = ctypes.c_int32
    lib.dm_check_position.argtypes = [position_p]
    lib.dm_legal_moves.restype = ctypes.c_int32
    lib.dm_legal_moves.argtypes = [position_p, ctypes.POINTER(NativeMove), ctypes.c_int32]
    lib.dm_perft.restype = ctypes.c_int64
    lib.dm_perft.argtypes = [position_p, ctypes.c_int32]
    lib.dm_engine_new.restype = ctypes.c_void_p
    lib.dm_engine_new.argtypes = [ctypes.c_int32]
    lib.dm_engine_free.restype = None
    lib.dm_engine_free.argtypes = [ctypes.c_void_p]
    lib.dm_engine_clear.restype = None
    lib.dm_engine_clear.argtypes = [ctypes.c_void_p]
    lib.dm_search.restype = ctypes.c_int32
    lib.dm_search.argtypes = [ctypes.c_void_p, ctypes.POINTER(Game), ctypes.POINTER(Limits),
                              ctypes.POINTER(Result)]
    lib.dm_evaluate.restype = ctypes.c_int32
    lib.dm_evaluate.argtypes = [position_p, ctypes.c_int32, ctypes.POINTER(ctypes.c_int32)]
    lib.dm_load_weights.restype = ctypes.c_int32
    lib.dm_load_weights.argtypes = [ctypes.c_int32, ctypes.c_char_p, ctypes.c_int64]
    lib.dm_load_play_weights.restype = ctypes.c_int32
    lib.dm_load_play_weights.argtypes = [ctypes.c_int32, ctypes.c_char_p, ctypes.c_int64]
    lib.dm_bitbase_generate.restype = ctypes.c_int64
    lib.dm_bitbase_generate.argtypes = [ctypes.c_int32, ctypes.c_int32, ctypes.c_char_p,
                                        ctypes.c_int64]
    lib.dm_load_bitbase.restype = ctypes.c_int32
    lib.dm_load_bitbase.argtypes = [ctypes.c_int32, ctypes.c_char_p, ctypes.c_int64]
    lib.dm_load_bitbase_fd.restype = ctypes.c_int32
    lib.dm_load_bitbase_fd.argtypes = [ctypes.c_int32, ctypes.c_int32]
    lib.dm_bitbase_probe.restype = ctypes.c_int32
    lib.dm_bitbase_probe.argtypes = [position_p, ctypes.POINTER(ctypes.c_int32)]
    lib.dm_feature_count.restype = ctypes.c_int32
    lib.dm_feature_count.argtypes = [ctypes.c_int32]
    lib.dm_features.restype = ctypes.c_int32
    lib.dm_features.argtypes = [position_p, ctypes.POINTER(ctypes.c_int32),
                                ctypes.POINTER(ctypes.c_int32), ctypes.c_int32,
                                ctypes.POINTER(ctypes.c_int32)]


def library_path() -> Path:
    """`DAMES_NATIVE_LIB` when set (a library built elsewhere), else the one `make` builds."""
    configured = os.environ.get("DAMES_NATIVE_LIB")
    return Path(configured) if configured else DEFAULT_PATH


def load(path: Path) -> ctypes.CDLL:
    """The library at `path`, its functions declared; raises OSError when it cannot serve."""
    lib = ctypes.CDLL(str(path))
    try:
        _declare(lib)
    except AttributeError as missing:
        raise OSError(f"{path} lacks a function of the ABI: {missing}") from None
    version = lib.dm_abi_version()
    if version != ABI_VERSION:
        raise OSError(f"{path} speaks ABI {version}, this engine {ABI_VERSION}: rebuild it (make)")
    return lib
