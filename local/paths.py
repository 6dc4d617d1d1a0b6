"""Where the code lives, so the local run imports exactly what the Lambda functions import.

In Lambda the layers land in ``/opt/python`` and each function's folder is the working
directory; locally the same folders are put on ``sys.path`` instead.
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
FRONTEND_DIR = REPO_ROOT / "frontend"
CODE_DIRS: tuple[str, ...] = (
    "engine_layer",
    "backend_layer",
    "functions/games",
    "functions/community",
    "functions/daily_rotation",
    "functions/analysis",
)


def add_code_paths() -> None:
    """Make the layers and the function folders importable (idempotent)."""
    for relative in CODE_DIRS:
        path = str(REPO_ROOT / relative)
        if path not in sys.path:
            sys.path.append(path)
