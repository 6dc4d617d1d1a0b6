"""The backend layer's packages depend one way: each imports only the core modules and the
packages listed before it (``dames_backend/__init__.py``), so no package needs another that
needs it back. Read from the source (no import is run).

An import inside a function runs at call time, not when the module loads; one that goes
against the order is allowed only where listed below with its reason.
"""

from __future__ import annotations

import ast

from tests.lint.template_model import REPO_ROOT

BACKEND_DIR = REPO_ROOT / "backend_layer" / "dames_backend"
# Lowest first; "" is the core (the modules at the top of the package).
ORDER = ["", "limits", "players", "daily", "games", "boards", "fairplay", "puzzles", "privacy",
         "web"]
# (importing module, imported package): why it is imported at call time against the order.
CALL_TIME_EXCEPTIONS = {
    ("games.claim", "boards"): "a claim enters the board; the boards' fair play reads games",
    ("games.claim", "fairplay"): "a claim queues its analysis, which reads the game",
    ("games.pdn_export", "fairplay"): "a finished game's PDN carries its published analysis",
}


def package_of(dotted: str) -> str:
    """The layer of a module named under ``dames_backend`` (``games.play`` -> ``games``)."""
    head, _, rest = dotted.partition(".")
    return head if rest or (BACKEND_DIR / head).is_dir() else ""


def backend_imports(tree: ast.Module) -> list[tuple[str, bool]]:
    """(imported module under ``dames_backend``, imported when the module loads)."""
    found: list[tuple[str, bool]] = []

    def visit(node: ast.AST, at_load: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                visit(child, False)
            elif isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue  # for the type checker only
            elif isinstance(child, ast.ImportFrom) and child.module:
                if child.module.split(".")[0] == "dames_backend":
                    sub = child.module.removeprefix("dames_backend").lstrip(".")
                    for alias in child.names:
                        name = f"{sub}.{alias.name}".lstrip(".")
                        target = name if (BACKEND_DIR / name.replace(".", "/")).exists() or (
                            BACKEND_DIR / f"{name.replace('.', '/')}.py"
                        ).exists() else sub
                        found.append((target, at_load))
            elif isinstance(child, ast.Import):
                for alias in child.names:
                    if alias.name.startswith("dames_backend."):
                        found.append((alias.name.removeprefix("dames_backend."), at_load))
            else:
                visit(child, at_load)

    visit(tree, True)
    return found


def backend_modules() -> dict[str, ast.Module]:
    modules = {}
    for path in sorted(BACKEND_DIR.rglob("*.py")):
        if path.name == "__main__.py":  # ``python -m dames_backend``: above every layer
            continue
        dotted = ".".join(path.relative_to(BACKEND_DIR).with_suffix("").parts)
        modules[dotted] = ast.parse(path.read_text(), filename=str(path))
    return modules


def test_packages_import_only_the_layers_below_them() -> None:
    wrong = []
    used_exceptions = set()
    for module, tree in backend_modules().items():
        own = ORDER.index(package_of(module))
        for target, at_load in backend_imports(tree):
            other = package_of(target)
            if ORDER.index(other) <= own:
                continue
            if not at_load and (module, other) in CALL_TIME_EXCEPTIONS:
                used_exceptions.add((module, other))
                continue
            when = "when it loads" if at_load else "at call time"
            wrong.append(f"{module} imports {target} ({other or 'core'}) {when}")
    assert not wrong, "imports against the layer order:\n" + "\n".join(wrong)
    assert used_exceptions == set(CALL_TIME_EXCEPTIONS), "an exception no longer needed"


def test_the_layer_order_names_every_package() -> None:
    packages = {p.name for p in BACKEND_DIR.iterdir() if (p / "__init__.py").is_file()}
    assert packages == set(ORDER) - {""}


WEB_FRAMEWORKS = {"fastapi", "starlette", "mangum"}


def test_only_the_web_package_knows_the_web_framework() -> None:
    """HTTP stays at the edge: the domain raises ``errors.ApiError`` and never builds a
    response, so a rule can be read (and tested) without an app around it."""
    wrong = []
    for module, tree in backend_modules().items():
        if package_of(module) == "web":
            continue
        for node in ast.walk(tree):
            names = (
                [alias.name for alias in node.names] if isinstance(node, ast.Import)
                else [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            )
            wrong += [f"{module} imports {n}" for n in names if n.split(".")[0] in WEB_FRAMEWORKS]
    assert not wrong, "move this HTTP code into dames_backend/web/:\n" + "\n".join(wrong)
