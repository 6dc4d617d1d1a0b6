"""``python -m ops``: the same as ``./dames`` at the repository root (``ops.cli``)."""

from ops.cli import main

raise SystemExit(main())
