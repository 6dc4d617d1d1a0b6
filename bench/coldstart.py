"""Cold-start import time of a Lambda function against the import of its packages alone.

Each run starts two fresh interpreters, in alternating order: one imports the design's
packages (``fastapi, mangum, boto3, pydantic, aws_lambda_powertools``), the other the
function module with its layers on the path, as Lambda's init does. Both time the import
inside the child (interpreter start-up excluded), in CPU time and wall time, and the medians
of the runs are printed with the ratio function / packages. The environment mimics Lambda's
(``LAMBDA_TASK_ROOT``, the function's name and service), so the X-Ray tracer is built exactly
as in Lambda.

Two settings are measured, each for both sides: with every module's bytecode cached (``.pyc``),
as ``sam build`` ships the layers and functions (``deploy/build_lambda.py``), and with none,
every module compiled at every cold start, as SAM's Python builder shipped them (packages
included: Lambda's file system is read-only, so nothing compiled there is kept).

    python bench/coldstart.py [--runs 11] [--function games] [--root DIR]
    python bench/coldstart.py --importtime     # the slowest imports beyond the packages
    python bench/coldstart.py --outside-lambda # as the tests and the local run import it

Figures are noisy on a shared machine: compare the two columns of one run, not runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
PACKAGES = "fastapi, mangum, boto3, pydantic, aws_lambda_powertools"
FUNCTIONS = {
    "games": ("functions/games", "games_app"),
    "community": ("functions/community", "community_app"),
    "daily-rotation": ("functions/daily_rotation", "daily_rotation"),
    "analysis": ("functions/analysis", "analysis_handler"),  # loads the native core
}
LAYERS = ("engine_layer", "backend_layer")
TIMED = (
    "import time; c, w = time.process_time(), time.perf_counter(); import {modules}; "
    "print(time.process_time() - c, time.perf_counter() - w)"
)


@dataclass(frozen=True)
class Setup:
    """Where the code is and how the children run."""

    root: Path
    function_dir: str
    module: str
    env: dict[str, str]


def lambda_env(
    root: Path, function: str, function_dir: str, task_root: Path | None
) -> dict[str, str]:
    """The child's environment: Lambda's variables, or none of them (``task_root`` None)."""
    paths = [str(root / layer) for layer in LAYERS] + [str(root / function_dir)]
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("POWERTOOLS_", "PYTHON", "DAMES_", "AWS_SAM"))
    }
    env.update(
        {
            "PYTHONPATH": os.pathsep.join(paths),
            "AWS_REGION": "eu-west-3",
            "AWS_DEFAULT_REGION": "eu-west-3",
            "TABLE_NAME": "dames-bench",
            "POWERTOOLS_SERVICE_NAME": function,
            "POWERTOOLS_METRICS_NAMESPACE": "DamesDuJour",
        }
    )
    if task_root is None:
        env.pop("LAMBDA_TASK_ROOT", None)
    else:
        env["LAMBDA_TASK_ROOT"] = str(task_root)
        env["AWS_LAMBDA_FUNCTION_NAME"] = f"dames-{function}"
    return env


@dataclass(frozen=True)
class Timing:
    """One import: CPU seconds of the child, and wall-clock seconds."""

    cpu: float
    wall: float


def timed_import(modules: str, env: dict[str, str]) -> Timing:
    completed = subprocess.run(
        [sys.executable, "-c", TIMED.format(modules=modules)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if completed.returncode != 0:
        raise SystemExit(f"import {modules} failed:\n{completed.stderr}")
    cpu, wall = completed.stdout.split()[-2:]
    return Timing(float(cpu), float(wall))


def measure(setup: Setup, runs: int) -> tuple[list[Timing], list[Timing]]:
    packages: list[Timing] = []
    function: list[Timing] = []
    timed_import(PACKAGES, setup.env)  # warm the OS file cache once, for both sides
    timed_import(setup.module, setup.env)
    for run in range(runs):
        if run % 2 == 0:
            packages.append(timed_import(PACKAGES, setup.env))
            function.append(timed_import(setup.module, setup.env))
        else:
            function.append(timed_import(setup.module, setup.env))
            packages.append(timed_import(PACKAGES, setup.env))
    return packages, function


def report(label: str, packages: list[Timing], function: list[Timing], module: str) -> None:
    """CPU time is the figure: wall time on a shared machine mostly measures the neighbours
    (a Lambda's import has its vCPU to itself); wall medians are printed beside it."""
    p_cpu = statistics.median(t.cpu for t in packages)
    f_cpu = statistics.median(t.cpu for t in function)
    p_wall = statistics.median(t.wall for t in packages)
    f_wall = statistics.median(t.wall for t in function)
    f_min = min(t.cpu for t in function)
    p_min = min(t.cpu for t in packages)
    print(
        f"{label}: import {module} {f_cpu * 1000:.0f} ms CPU, packages alone "
        f"{p_cpu * 1000:.0f} ms CPU, ratio {f_cpu / p_cpu:.2f} (medians of {len(function)} runs;"
        f" minima {f_min * 1000:.0f} / {p_min * 1000:.0f} ms, ratio {f_min / p_min:.2f};"
        f" wall medians {f_wall * 1000:.0f} / {p_wall * 1000:.0f} ms)"
    )


def importtime(setup: Setup, top: int) -> None:
    """The modules the function imports beyond the packages, slowest (cumulative) first."""
    code = f"import {PACKAGES}; import {setup.module}"
    completed = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code],
        env=setup.env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    lines = completed.stderr.splitlines()
    start = next(
        i for i, line in enumerate(lines) if line.rstrip().endswith("| aws_lambda_powertools")
    )
    rows = []
    for line in lines[start + 1 :]:
        _, total, name = line.split("|")  # "import time: self | cumulative | name"
        rows.append((int(total), name.strip()))
    print(f"-X importtime, imported by {setup.module} beyond the packages (cumulative µs):")
    for cumulative, name in sorted(rows, reverse=True)[:top]:
        print(f"  {cumulative:>8}  {name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--function", choices=sorted(FUNCTIONS), default="games")
    parser.add_argument("--root", type=Path, default=REPO_ROOT, help="the repository to measure")
    parser.add_argument("--importtime", action="store_true", help="list the slowest imports")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument(
        "--outside-lambda", action="store_true", help="without Lambda's variables (no tracer)"
    )
    args = parser.parse_args()
    function_dir, module = FUNCTIONS[args.function]
    root = args.root.resolve()
    with tempfile.TemporaryDirectory(prefix="coldstart-") as scratch:
        task_root: Path | None = None
        if not args.outside_lambda:
            task_root = Path(scratch) / "task"
            task_root.mkdir()
        env = lambda_env(root, args.function, function_dir, task_root)
        cached = Setup(root, function_dir, module, env)
        if args.importtime:
            importtime(cached, args.top)
            return
        where = "outside Lambda" if task_root is None else "Lambda's environment"
        print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, {where}; {root}")
        report("with .pyc (as built)", *measure(cached, args.runs), module)
        # An empty bytecode cache that is never written: every module compiled, both sides.
        empty = Path(scratch) / "no-pyc"
        empty.mkdir()
        uncompiled = Setup(
            root,
            function_dir,
            module,
            {**env, "PYTHONPYCACHEPREFIX": str(empty), "PYTHONDONTWRITEBYTECODE": "1"},
        )
        report("without any .pyc    ", *measure(uncompiled, args.runs), module)

if __name__ == "__main__":
    main()
