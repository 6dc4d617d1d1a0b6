"""Write the OpenAPI documents the two HTTP functions serve into ``docs/openapi/``.

The apps serve them live (``/api/games/openapi.json``, ``/api/openapi.json``); the copies in
the repository make every change of a shape visible in review, and a test fails when they
are stale. Beside them, ``api.d.ts``: the same shapes as TypeScript declarations for the site's
type checker (``local.openapi_types``). Usage: ``python -m local.openapi`` (``--check`` only
compares).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from pathlib import Path
from typing import Any

from local.openapi_types import declarations
from local.paths import REPO_ROOT, add_code_paths

OUTPUT_DIR = REPO_ROOT / "docs" / "openapi"
TYPES_FILE = OUTPUT_DIR / "api.d.ts"
APPS = {"games": "games_app", "community": "community_app"}


def documents() -> dict[Path, str]:
    """Each app's OpenAPI document as the text it is stored as, and their TypeScript shapes."""
    add_code_paths()
    texts: dict[Path, str] = {}
    schemas: list[dict[str, Any]] = []
    for name, module in APPS.items():
        schema: dict[str, Any] = importlib.import_module(module).app.openapi()
        schemas.append(schema)
        texts[OUTPUT_DIR / f"{name}.json"] = json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
    texts[TYPES_FILE] = declarations(schemas)
    return texts


def stale(texts: dict[Path, str]) -> list[Path]:
    """The stored copies that differ from ``texts``."""
    return [
        path for path, text in texts.items()
        if not path.exists() or path.read_text(encoding="utf-8") != text
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="compare only; exit 1 if stale")
    args = parser.parse_args(argv)
    texts = documents()
    outdated = stale(texts)
    if args.check:
        for path in outdated:
            print(f"{path.relative_to(REPO_ROOT)} is stale: run python -m local.openapi")
        return 1 if outdated else 0
    OUTPUT_DIR.mkdir(parents=True, exist_ok=True)
    for path in outdated:
        path.write_text(texts[path], encoding="utf-8")
        print(f"wrote {path.relative_to(REPO_ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
