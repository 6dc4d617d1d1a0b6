"""``sam build`` ships every layer and function with its bytecode compiled: the template's
``BuildMethod: makefile`` runs the Makefile's ``build-<LogicalId>`` targets, which run
``deploy/build_lambda.py``. SAM's Python builder shipped sources only, and Lambda's read-only
file system made every cold start compile every module again (``bench/coldstart.py``)."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from deploy import build_lambda
from tests.lint.template_model import REPO_ROOT, resources_of_type

pytestmark = pytest.mark.lint

RUNNING = f"{sys.version_info.major}.{sys.version_info.minor}"
BUILT = {
    **{name: "layer" for name in resources_of_type("AWS::Serverless::LayerVersion")},
    **{name: "function" for name in resources_of_type("AWS::Serverless::Function")},
}


@pytest.mark.parametrize(("logical_id", "kind"), BUILT.items())
def test_every_layer_and_function_is_built_by_the_makefile(logical_id: str, kind: str) -> None:
    resource = {
        **resources_of_type("AWS::Serverless::LayerVersion"),
        **resources_of_type("AWS::Serverless::Function"),
    }[logical_id]
    assert resource["Metadata"]["BuildMethod"] == "makefile"
    assert resource["Metadata"]["ContextPath"] == "."
    # SAM runs the target in its copy of the code, elsewhere: the recipe must not depend on it.
    dry_run = subprocess.run(
        ["make", "--dry-run", "--makefile", str(REPO_ROOT / "Makefile"), f"build-{logical_id}"],
        cwd="/",
        env={**os.environ, "ARTIFACTS_DIR": "/artefacts"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert dry_run.returncode == 0, dry_run.stderr
    assert f"{REPO_ROOT}/deploy/build_lambda.py {kind} \"/artefacts\"" in dry_run.stdout


def sam_copy(code: Path, into: Path) -> Path:
    """The code as SAM hands it to make: a copy, caches of this machine's tools included."""
    source = into / "source"
    shutil.copytree(code, source)
    (source / ".mypy_cache").mkdir(exist_ok=True)
    (source / ".mypy_cache" / "cache.db").write_text("x")
    (source / "__pycache__").mkdir(exist_ok=True)
    (source / "__pycache__" / "stale.cpython-311.pyc").write_bytes(b"stale")
    return source


def assert_compiled_unchecked(tree: Path) -> None:
    """Every module has its .pyc for this interpreter, flagged hash-based and not checked
    against the source (PEP 552 flags: bit 0 hash-based, bit 1 check source)."""
    modules = sorted(tree.rglob("*.py"))
    assert modules
    for module in modules:
        pyc = Path(importlib.util.cache_from_source(str(module)))
        assert pyc.is_file(), f"{module} shipped without bytecode"
        assert int.from_bytes(pyc.read_bytes()[4:8], "little") == 0b01, pyc


def test_a_layer_ships_its_code_compiled_and_used_as_it_is(tmp_path: Path) -> None:
    source = sam_copy(REPO_ROOT / "engine_layer", tmp_path)
    artefacts = tmp_path / "artefacts"
    built = build_lambda.build("layer", source, artefacts, RUNNING)

    assert built == artefacts / "python"  # where Lambda looks for a layer's Python code
    assert sorted(path.name for path in artefacts.iterdir()) == ["python"]
    assert sorted(path.name for path in built.iterdir()) == ["dames"]  # no caches, no manifest
    assert not list(built.rglob("stale*")) and not list(built.rglob(".mypy_cache"))
    assert_compiled_unchecked(built)
    assert not list(built.rglob("*.c")) and not list(built.rglob("csrc"))  # no C sources
    # The puzzle set ships; the generator's run logs do not.
    puzzles = built / "dames" / "puzzles" / "data"
    assert (puzzles / "international.jsonl").is_file() and not list(puzzles.glob("*.runs.jsonl"))

    # The native core, built for Lambda's arm64 (this machine's build left behind).
    libraries = list(built.rglob("*.so"))
    assert libraries == [built / "dames" / "native" / "libdames_core.so"]
    described = subprocess.run(["file", str(libraries[0])], capture_output=True, text=True,
                               check=True).stdout
    assert "ARM aarch64" in described, described

    # The shipped bytecode is what runs, whatever the source's time stamp says after unzipping.
    color = built / "dames" / "color.py"
    color.write_text(color.read_text() + "\nraise RuntimeError('compiled again from source')\n")
    imported = subprocess.run(
        [sys.executable, "-c", "import dames; print(dames.WHITE)"],
        env={**os.environ, "PYTHONPATH": str(built), "PYTHONDONTWRITEBYTECODE": "1"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert imported.returncode == 0, imported.stderr


def test_a_layer_without_its_native_core_fails_its_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No cross-compiler: the build stops rather than ship a layer on the Python search."""
    source = sam_copy(REPO_ROOT / "engine_layer", tmp_path)
    shutil.rmtree(source / "csrc" / "build", ignore_errors=True)
    monkeypatch.setenv("CROSS_CC", "no-such-aarch64-gcc")
    with pytest.raises(SystemExit, match="did not build for arm64"):
        build_lambda.build("layer", source, tmp_path / "artefacts", RUNNING)


def test_a_function_ships_its_module_compiled(tmp_path: Path) -> None:
    source = sam_copy(REPO_ROOT / "functions" / "games", tmp_path)
    built = build_lambda.build("function", source, tmp_path / "artefacts", RUNNING)
    assert built == tmp_path / "artefacts"
    assert sorted(path.name for path in built.iterdir()) == ["__pycache__", "games_app.py"]
    assert_compiled_unchecked(built)


def test_the_build_runs_on_the_functions_python_only() -> None:
    """Bytecode is per Python version: built by another one, Lambda would ignore it."""
    runtime = build_lambda.template_setting("Runtime")
    assert runtime == "python3.13"
    if RUNNING == "3.13":
        assert build_lambda.runtime_version() == "3.13"
    else:
        with pytest.raises(SystemExit, match=f"build with python3.13, not {RUNNING}"):
            build_lambda.runtime_version()


def test_requirements_are_read_without_comments(tmp_path: Path) -> None:
    (tmp_path / "requirements.txt").write_text("# a comment\n\nfastapi==1.0  # pinned\n")
    assert build_lambda.requirements(tmp_path) == ["fastapi==1.0"]
    assert build_lambda.requirements(REPO_ROOT / "engine_layer") == []  # pure Python
    assert build_lambda.template_setting("Architectures") in build_lambda.WHEEL_MACHINES
