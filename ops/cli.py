"""``./dames <command> …`` at the repository root: the project's tools behind one entry point.

    ./dames verify partie.pdn --seed <seed>   replay a game's computer moves and check them
    ./dames bestmove|hub|perft|divide|moves …  the engine's other tools (./dames --engine-help)
    ./dames moderation list|show|release|…    the moderation queue, decisions, audit
    ./dames analysis run <game id>              run a game's analysis job here
    ./dames backfill pseudonyms|retention|player-index  one-off migrations of the stored items
    ./dames privacy sweep [--budget SECONDS]    the daily privacy job, once, by hand
    ./dames table                               the table the commands above would use

The engine's tools need nothing but the files given. The others work on a table, found by
``ops.target``: the one ``TABLE_NAME`` / ``DYNAMODB_ENDPOINT`` name, else the table of the
``make run`` running in this checkout (no port to look up, no keys to type); each says first,
on stderr, which table it is about to use.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from local.paths import add_code_paths
from ops import target as targets

USAGE = __doc__ or ""
TABLE_GROUPS = ("moderation", "analysis")


def _backfills() -> dict[str, Callable[[], int]]:
    from ops import backfill_player_index, backfill_pseudonyms, backfill_retention

    return {"pseudonyms": backfill_pseudonyms.main, "retention": backfill_retention.main,
            "player-index": backfill_player_index.main}


def _on_table(err: TextIO) -> bool:
    """Point the backend at the command's table and say which; False when there is none."""
    try:
        chosen = targets.resolve()
    except targets.NoTable as exc:
        print(exc, file=err)
        return False
    targets.use(chosen)
    print(f"Using {chosen.description}.", file=err)
    return True


def main(argv: Sequence[str] | None = None, err: TextIO = sys.stderr) -> int:
    """Run one command; its exit status (2 for a command line that cannot be read, as
    argparse exits, or no table to work on)."""
    args = list(sys.argv[1:] if argv is None else argv)
    add_code_paths()
    command = args[0] if args else "help"
    if command in ("help", "-h", "--help"):
        print(USAGE, file=sys.stdout)
        return 0
    if command == "--engine-help":
        args = ["--help"]
    if command in TABLE_GROUPS:
        if not _on_table(err):
            return 2
        from dames_backend.fairplay.cli import main as backend_main

        return backend_main(args)
    if command == "backfill":
        backfills = _backfills()
        if len(args) != 2 or args[1] not in backfills:
            print(f"usage: ./dames backfill {'|'.join(sorted(backfills))}", file=err)
            return 2
        return backfills[args[1]]() if _on_table(err) else 2
    if command == "privacy":
        if len(args) < 2 or args[1] != "sweep":
            print("usage: ./dames privacy sweep [--budget SECONDS]", file=err)
            return 2
        from ops import privacy_sweep

        return privacy_sweep.main(args[2:]) if _on_table(err) else 2
    if command == "table":
        return 0 if _on_table(err) else 2
    from dames.cli import main as engine_main  # every other command is the engine's

    return engine_main(args)
