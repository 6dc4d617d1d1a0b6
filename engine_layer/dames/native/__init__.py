"""The native core (C, `engine_layer/csrc/`) behind ctypes: the strong search's speed.

The pure-Python engine stays the reference and the daily's: its levels up to `fort` never
call in here (their replies are pinned by `AI_VERSION`). What does — `maitre`, the analysis,
hints, fair play's judge, the puzzle generator — asks `available()` first and uses the
Python search when the library is missing (no compiler where `make` ran) or refused (built
for another ABI), and `unavailable_reason()` says why. `DAMES_NATIVE=0` turns it off.
"""

from __future__ import annotations

import ctypes
import os
import threading

from dames.native import abi, bitbase, weights

_lock = threading.Lock()
# "lib": the library or why not; "weights", "bitbase": digests of what it loaded
_state: dict[str, ctypes.CDLL | str] = {}


def _load() -> ctypes.CDLL | str:
    """The library, or why there is none (computed once per process)."""
    with _lock:
        if "lib" not in _state:
            _state["lib"] = _try_load()
        return _state["lib"]


def _try_load() -> ctypes.CDLL | str:
    """Called under the lock; records the digests of the weights and bitbases it loaded."""
    if os.environ.get("DAMES_NATIVE", "").strip() == "0":
        return "switched off (DAMES_NATIVE=0)"
    path = abi.library_path()
    if not path.exists():
        return f"{path} is not built (run make: it needs a C compiler)"
    try:
        lib = abi.load(path)
        _state["weights"] = weights.load_shipped(lib)
        _state["bitbase"] = bitbase.load_shipped(lib)
    except OSError as exc:
        return f"{path} cannot be loaded: {exc}"
    return lib


def available() -> bool:
    return not isinstance(_load(), str)


def unavailable_reason() -> str | None:
    loaded = _load()
    return loaded if isinstance(loaded, str) else None


def library() -> ctypes.CDLL:
    """The loaded library; raises RuntimeError (with the reason) when there is none."""
    loaded = _load()
    if isinstance(loaded, str):
        raise RuntimeError(f"the native core is unavailable: {loaded}")
    return loaded


def engine_version() -> str:
    """What searched: the core's revision and digests of the weights and the endgame bitbases
    it loaded (not of the files now on disk: a process keeps what it started with), or
    "python" where it is unavailable (stored analyses and judgements keep it)."""
    if not available():
        return "python"
    return f"core-{abi.CORE_REVISION}+{_state['weights']}+bb-{_state['bitbase']}"


def reset_for_tests() -> None:
    """Forget the loaded state, so a test can change DAMES_NATIVE or DAMES_NATIVE_LIB."""
    with _lock:
        _state.clear()


__all__ = ["available", "engine_version", "library", "reset_for_tests", "unavailable_reason"]
