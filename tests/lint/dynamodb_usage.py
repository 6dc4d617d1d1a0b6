"""Which DynamoDB actions a function's code can call, read from the source (no execution).

Starting at a function's module, follow its ``dames_backend`` imports through the backend
layer, and map each boto3 call found on the way to its IAM action; items of a
``transact_write_items`` call, or of a module that builds them (imports
``TransactWriteItemTypeDef``), count as the action of their kind (``Put`` → ``PutItem``…).
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.lint.template_model import REPO_ROOT

BACKEND_PACKAGE = "dames_backend"
BACKEND_DIR = REPO_ROOT / "backend_layer" / BACKEND_PACKAGE

METHOD_ACTIONS = {
    "get_item": "dynamodb:GetItem",
    "put_item": "dynamodb:PutItem",
    "update_item": "dynamodb:UpdateItem",
    "delete_item": "dynamodb:DeleteItem",
    "query": "dynamodb:Query",
    "scan": "dynamodb:Scan",
    "batch_get_item": "dynamodb:BatchGetItem",
    "batch_write_item": "dynamodb:BatchWriteItem",
    "transact_get_items": "dynamodb:GetItem",
}
TRANSACT_ITEM_ACTIONS = {
    "Put": "dynamodb:PutItem",
    "Update": "dynamodb:UpdateItem",
    "Delete": "dynamodb:DeleteItem",
    "ConditionCheck": "dynamodb:ConditionCheckItem",
}


def backend_imports(tree: ast.AST) -> set[str]:
    """The ``dames_backend`` modules a module imports, as paths under the package without
    ``.py`` (``games``, ``fairplay/jobs``): subpackages are followed too."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            parts = node.module.split(".")
            if parts[0] != BACKEND_PACKAGE:
                continue
            package = "/".join(parts[1:])
            found.add(package)
            found.update(f"{package}/{alias.name}".lstrip("/") for alias in node.names)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == BACKEND_PACKAGE:
                    found.add("/".join(parts[1:]))
    return {name for name in found if name and (BACKEND_DIR / f"{name}.py").is_file()}


def reached_sources(entry: Path) -> dict[Path, ast.AST]:
    """The entry module and every backend module it reaches, parsed."""
    parsed: dict[Path, ast.AST] = {}
    pending = [entry]
    while pending:
        path = pending.pop()
        if path in parsed:
            continue
        parsed[path] = ast.parse(path.read_text(), filename=str(path))
        pending.extend(BACKEND_DIR / f"{name}.py" for name in backend_imports(parsed[path]))
    return parsed


def actions_in(tree: ast.AST) -> set[str]:
    """The DynamoDB actions one module's calls need."""
    actions: set[str] = set()
    transacts = False
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in METHOD_ACTIONS:
                actions.add(METHOD_ACTIONS[node.func.attr])
            elif node.func.attr == "transact_write_items":
                transacts = True
        # A module that builds transaction items for another to write (typed so) counts too.
        elif isinstance(node, ast.alias) and node.name == "TransactWriteItemTypeDef":
            transacts = True
    if transacts:
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict):
                for key in node.keys:
                    if isinstance(key, ast.Constant) and key.value in TRANSACT_ITEM_ACTIONS:
                        actions.add(TRANSACT_ITEM_ACTIONS[key.value])
    return actions


def actions_needed(entry: Path) -> set[str]:
    """Every DynamoDB action the function whose handler module is ``entry`` may call."""
    return set().union(*(actions_in(tree) for tree in reached_sources(entry).values()))
