"""``python -m dames``: see dames.cli."""

import sys

from dames.cli import main

sys.exit(main())
