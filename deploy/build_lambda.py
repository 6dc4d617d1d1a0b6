"""Build one Lambda layer or function for ``sam build``, with its bytecode compiled.

The template's resources say ``BuildMethod: makefile``; the Makefile's ``build-<LogicalId>``
targets run this script in SAM's copy of the resource's code. Why not SAM's Python builder: it
ships sources only, the packages' too, and Lambda's ``/opt`` and ``/var/task`` are read-only,
so every module would be compiled again at every cold start (``bench/coldstart.py`` measures
both). The ``.pyc`` are unchecked-hash ones: used as they are, without comparing the source's
modification time, which a zip file only keeps to two seconds.

Dependencies are installed as SAM installs them, as wheels for the template's runtime and
architecture (``pip --platform``), so the build runs on any machine with that Python version.

    python3.13 deploy/build_lambda.py layer|function ARTIFACTS_DIR   # in the code's directory
"""

from __future__ import annotations

import argparse
import compileall
import py_compile
import re
import shutil
import subprocess
import sys
from pathlib import Path

TEMPLATE = Path(__file__).resolve().parents[1] / "template.yaml"
# Not shipped: the build's inputs, caches of this machine's tools, hidden files, the native
# core's sources and this machine's build of it (the layer gets its own, for Lambda's arm64).
# The puzzle generator's run logs (`*.runs.jsonl`) feed `dames.puzzles stats`, never a request.
LEFT_OUT = (".*", "__pycache__", "*.pyc", "requirements.txt", "Makefile", "csrc", "*.so",
            "*.dmb", "*.runs.jsonl")
NATIVE_SOURCES = "csrc"
NATIVE_PACKAGE = Path("dames") / "native"
# Lambda's python3.13 runtime is Amazon Linux 2023 (glibc 2.34): wheels built for that glibc
# or an older one. pip matches ``--platform`` tags exactly, so the usual ones are listed.
MANYLINUX = ("manylinux2014", "manylinux_2_17", "manylinux_2_28", "manylinux_2_34")
WHEEL_MACHINES = {"arm64": "aarch64", "x86_64": "x86_64"}


def template_setting(key: str) -> str:
    """A Globals.Function setting of the template (``Runtime: python3.13``, ``Architectures:
    [arm64]``): the template says once what the functions run on."""
    match = re.search(rf"^    {key}: \[?([\w.]+)\]?$", TEMPLATE.read_text(encoding="utf-8"), re.M)
    if match is None:
        raise SystemExit(f"{TEMPLATE.name} has no Globals.Function.{key}")
    return match.group(1)


def runtime_version() -> str:
    """``3.13`` for ``python3.13``, checked against the interpreter: bytecode is per version."""
    version = template_setting("Runtime").removeprefix("python")
    running = f"{sys.version_info.major}.{sys.version_info.minor}"
    if running != version:
        raise SystemExit(
            f"the functions run Python {version}: build with python{version}, not {running}"
        )
    return version


def requirements(source: Path) -> list[str]:
    path = source / "requirements.txt"
    if not path.exists():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    return [kept for line in lines if (kept := line.split("#", 1)[0].strip())]


def install_requirements(source: Path, target: Path, version: str) -> None:
    if not requirements(source):
        return
    machine = WHEEL_MACHINES[template_setting("Architectures")]
    platforms = [option for tag in MANYLINUX for option in ("--platform", f"{tag}_{machine}")]
    subprocess.run(
        [
            sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
            "--requirement", str(source / "requirements.txt"), "--target", str(target),
            *platforms, "--implementation", "cp",
            "--python-version", version, "--only-binary=:all:", "--no-compile",
        ],
        check=True,
    )
    # The packages' console scripts: their first line names this machine's interpreter.
    shutil.rmtree(target / "bin", ignore_errors=True)


def compile_all(target: Path) -> None:
    ok = compileall.compile_dir(
        target,
        quiet=1,
        workers=0,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )
    if not ok:
        raise SystemExit(f"some modules under {target} do not compile")


def build_native(source: Path, target: Path) -> None:
    """The native core for the functions' architecture, beside ``dames.native``: cross-built
    and checked (an arm64 ELF needing no glibc newer than Lambda's) by its Makefile, with the
    endgame bitbases it reads (generated on this machine: the same bytes on any). A layer
    without it would put `maitre` and the analysis on the slow Python search in production,
    so a failure here fails the build, not the first game."""
    if template_setting("Architectures") != "arm64":
        raise SystemExit("the native core is cross-built for arm64 only: the template says "
                         f"{template_setting('Architectures')}")
    out = (target / NATIVE_PACKAGE).resolve()
    done = subprocess.run(["make", "--no-print-directory", "-C", str(source / NATIVE_SOURCES),
                           "lambda-lib", f"OUT={out}"], check=False)
    bitbases = sorted(path.name for path in (out / "bitbase").glob("*.dmb"))
    if done.returncode != 0 or not (out / "libdames_core.so").is_file() or len(bitbases) != 4:
        raise SystemExit("the native core did not build for arm64 (apt-get install "
                         "gcc-aarch64-linux-gnu file): the layer would ship without it")


def build(kind: str, source: Path, artifacts: Path, version: str) -> Path:
    """Copy the code (a layer's under ``python/``, where Lambda looks), install its
    requirements for Python ``version``, build the native core where the code has its
    sources, compile everything; the directory that was filled."""
    target = artifacts / "python" if kind == "layer" else artifacts
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(*LEFT_OUT), dirs_exist_ok=True)
    if (source / NATIVE_SOURCES).is_dir():
        build_native(source, target)
    install_requirements(source, target, version)
    compile_all(target)
    return target


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("kind", choices=("layer", "function"))
    parser.add_argument("artifacts", type=Path, help="SAM's ARTIFACTS_DIR")
    args = parser.parse_args(argv)
    build(args.kind, Path.cwd(), args.artifacts, runtime_version())


if __name__ == "__main__":
    main()
