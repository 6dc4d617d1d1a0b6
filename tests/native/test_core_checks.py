"""The core's own checks, as CI must run them: its test natively, under ASan + UBSan, the
arm64 library and test under qemu (glibc symbols no newer than Lambda's), and the fuzz
target (`engine_layer/csrc/Makefile`). Each needs a tool from Debian that `make tools`
installs; a missing one skips (a failure under CI=true)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

CORE = Path(__file__).resolve().parents[2] / "engine_layer" / "csrc"
FUZZ_SECONDS = 30


def run_make(*targets: str) -> str:
    done = subprocess.run(["make", "--no-print-directory", "-C", str(CORE), *targets],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    return done.stdout + done.stderr


def need(*tools: str) -> None:
    missing = [tool for tool in tools if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"needs {', '.join(missing)} (make tools installs them)")


def test_the_core_passes_its_own_test() -> None:
    need("cc")
    out = run_make("check")
    assert "all passed" in out and "FAIL" not in out


def test_the_core_is_clean_under_address_and_undefined_behaviour_sanitizers() -> None:
    need("cc")
    out = run_make("sanitize")
    assert "all passed" in out and "runtime error" not in out


def digest(out: str, of: str = "search") -> str:
    found = re.search(rf"{of} digest ([0-9a-f]{{16}})", out)
    assert found, out[-2000:]
    return found.group(1)


def test_the_arm64_library_runs_under_qemu_and_needs_no_newer_glibc() -> None:
    need("cc", "aarch64-linux-gnu-gcc", "qemu-aarch64-static", "objdump", "file")
    out = run_make("arm64-check")
    assert "all passed" in out and "at most 2.34" in out
    # The fixed search gives the same moves, scores, depths and node counts on both, and the
    # bitbases generated there the same results.
    host = run_make("check")
    assert digest(out) == digest(host)
    assert digest(out, "bitbase") == digest(host, "bitbase")


def test_the_fuzz_target_finds_nothing() -> None:
    need("clang")
    out = run_make("fuzz", f"FUZZ_SECONDS={FUZZ_SECONDS}")
    assert "Done" in out and "ERROR" not in out
