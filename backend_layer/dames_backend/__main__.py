"""``python -m dames_backend …``: see ``dames_backend.fairplay.cli``."""

from dames_backend.fairplay.cli import main

raise SystemExit(main())
