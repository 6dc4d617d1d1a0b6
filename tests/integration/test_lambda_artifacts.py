"""The backend layer built the way ``sam build`` builds it: the Makefile's target run in a copy
of the code, with the functions' Python, its packages installed as wheels for Lambda's
architecture from PyPI, and every module compiled for that Python."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from deploy import build_lambda
from tests.lint.template_model import REPO_ROOT

pytestmark = pytest.mark.integration

RUNTIME = build_lambda.template_setting("Runtime").removeprefix("python")  # "3.13"
MACHINE = build_lambda.WHEEL_MACHINES[build_lambda.template_setting("Architectures")]


def runtime_bin() -> str:
    """The directory of pyenv's interpreter for the functions' Python (as ``make deploy``)."""
    pyenv = shutil.which("pyenv")
    prefix = subprocess.run(
        [pyenv, "prefix", f"{RUNTIME}.0"] if pyenv else ["false"],
        capture_output=True,
        text=True,
        check=False,
    )
    if prefix.returncode != 0:
        pytest.skip(f"no Python {RUNTIME} from pyenv here (pyenv install {RUNTIME}.0)")
    return str(Path(prefix.stdout.strip()) / "bin")


def pins() -> dict[str, str]:
    lines = (REPO_ROOT / "backend_layer" / "requirements.txt").read_text().splitlines()
    found = {}
    for line in lines:
        name, _, version = line.split("#", 1)[0].strip().partition("==")
        if version:
            found[name.split("[")[0].lower().replace("-", "_")] = version
    return found


def test_the_backend_layer_is_built_for_lambda_with_its_bytecode(tmp_path: Path) -> None:
    source = tmp_path / "source"
    shutil.copytree(REPO_ROOT / "backend_layer", source)
    artefacts = tmp_path / "artefacts"
    built = subprocess.run(
        ["make", "--makefile", str(REPO_ROOT / "Makefile"), "build-BackendLayer"],
        cwd=source,
        env={
            **os.environ,
            "ARTIFACTS_DIR": str(artefacts),
            "PATH": f"{runtime_bin()}{os.pathsep}{os.environ['PATH']}",
        },
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert built.returncode == 0, built.stderr[-3000:]
    layer = artefacts / "python"
    assert (layer / "dames_backend" / "games" / "play.py").is_file()
    assert not (layer / "bin").exists() and not (layer / "requirements.txt").exists()

    # The pinned versions, as wheels for Lambda's machine (not this one's, when they differ).
    installed = {
        path.name.split("-")[0].lower(): path.name.split("-")[1].removesuffix(".dist")
        for path in layer.glob("*.dist-info")
    }
    for name, version in pins().items():
        assert installed.get(name) == version, (name, installed.get(name))
    (extension,) = (layer / "pydantic_core").glob("_pydantic_core.*.so")
    assert f"cpython-{RUNTIME.replace('.', '')}-{MACHINE}-linux-gnu" in extension.name

    # Every module has its bytecode for the runtime, used without checking the source.
    tag = f"cpython-{RUNTIME.replace('.', '')}"
    modules = list(layer.rglob("*.py"))
    assert len(modules) > 500
    for module in modules:
        pyc = module.parent / "__pycache__" / f"{module.stem}.{tag}.pyc"
        assert pyc.is_file(), f"{module.relative_to(layer)} shipped without bytecode"
        assert int.from_bytes(pyc.read_bytes()[4:8], "little") == 0b01
