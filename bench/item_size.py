"""Size of a game item as a daily game goes on, and the write units each move request costs.

Every move request rewrites the whole game item (a conditional put), and DynamoDB bills one
write unit per started KB, so the item's size is the move's write cost. This plays ``--games``
daily games (default 12) through the server's own code (``create.create_game`` /
``play.play_move`` on moto, in process), the player being the computer at ``facile`` (a
player who sometimes wins, so the games last as real ones do), and prints, at plies 40, 80
and 120, the stored item's size by DynamoDB's rules (``item_bytes``) and its write units,
with the moves packed (``move_codec``, as stored now) and as a list of texts (as stored
before). Also the mean player moves per game.

    .venv/bin/python bench/item_size.py
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
for folder in (REPO_ROOT, REPO_ROOT / "engine_layer", REPO_ROOT / "backend_layer"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

PLIES = (40, 80, 120)
WRITE_UNIT_BYTES = 1024


def _number_bytes(value: Decimal | int | float) -> int:
    """DynamoDB: about one byte per two significant digits, plus one."""
    digits = str(Decimal(str(value)).normalize()).lstrip("-").replace(".", "")
    if "E" in digits:
        digits = digits.split("E")[0]
    significant = digits.strip("0") or "0"
    return math.ceil(len(significant) / 2) + 1


def value_bytes(value: Any) -> int:
    """A value's size as DynamoDB counts it (the attribute's name is counted by the caller)."""
    if isinstance(value, bool) or value is None:
        return 1
    if isinstance(value, str):
        return len(value.encode())
    if isinstance(value, Decimal | int | float):
        return _number_bytes(value)
    if isinstance(value, bytes | bytearray):
        return len(value)
    if hasattr(value, "value") and isinstance(value.value, bytes):  # boto3 Binary
        return len(value.value)
    if isinstance(value, dict):
        return 3 + sum(len(k.encode()) + value_bytes(v) + 1 for k, v in value.items())
    if isinstance(value, list | tuple):
        return 3 + sum(value_bytes(v) + 1 for v in value)
    if isinstance(value, set | frozenset):
        return sum(value_bytes(v) for v in value)
    raise TypeError(f"no DynamoDB size for {type(value).__name__}")


def item_bytes(item: dict[str, Any]) -> int:
    """An item's size: every attribute's name plus its value (DynamoDB's published rules)."""
    return sum(len(name.encode()) + value_bytes(value) for name, value in item.items())


def write_units(size: int) -> int:
    return max(1, math.ceil(size / WRITE_UNIT_BYTES))


def as_texts(item: dict[str, Any]) -> dict[str, Any]:
    """The same item with its moves stored as before the packing (a list of texts)."""
    from dames_backend.games.store import PACKED_MOVES, GameRecord

    old = {k: v for k, v in item.items() if k != PACKED_MOVES}
    old["moves"] = list(GameRecord.from_item(item).moves)
    return old


def play_daily(seed: int) -> tuple[dict[int, dict[str, Any]], int]:
    """One daily game played out; the stored item at the first player turn at or past each
    of ``PLIES``, and the player's move count."""
    import dames
    import dames.ai
    from dames_backend.db import get_table
    from dames_backend.games import create, play
    from dames_backend.games.store import game_key

    token, view = create.create_game("daily")
    auth = f"Bearer {token}"
    seen: dict[int, dict[str, Any]] = {}
    player_moves = 0
    while view.status == "playing":
        for ply in PLIES:
            if ply not in seen and view.ply >= ply:
                seen[ply] = get_table().get_item(Key=game_key(view.id))["Item"]
        board = dames.Board(view.fen)
        move = dames.ai.choose_move(board, seed=f"player-{seed}", level="facile", ply=view.ply)
        view = play.play_move(view.id, auth, ply=view.ply, move_text=str(move))
        player_moves += 1
    return seen, player_moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=12)
    args = parser.parse_args()
    os.environ.update(
        AWS_ACCESS_KEY_ID="bench", AWS_SECRET_ACCESS_KEY="bench", AWS_REGION="us-east-1",
        TABLE_NAME="dames-bench", POWERTOOLS_METRICS_DISABLED="true",
    )
    os.environ.pop("DYNAMODB_ENDPOINT", None)
    import boto3
    from dames_backend import db
    from dames_backend.tables import create_table
    from moto import mock_aws

    sizes: dict[int, list[tuple[int, int]]] = {ply: [] for ply in PLIES}
    moves_per_game: list[int] = []
    with mock_aws():
        db.reset()
        create_table(boto3.client("dynamodb", region_name="us-east-1"), "dames-bench")
        for seed in range(args.games):
            seen, player_moves = play_daily(seed)
            moves_per_game.append(player_moves)
            for ply, item in seen.items():
                sizes[ply].append((item_bytes(item), item_bytes(as_texts(item))))
    print(f"{args.games} daily games, player = computer at facile, opponent defi; "
          f"player moves per game: mean {statistics.mean(moves_per_game):.1f}, "
          f"min {min(moves_per_game)}, max {max(moves_per_game)}")
    print(f"{'ply':>5} {'games':>6} {'packed B':>9} {'WU':>4} {'texts B':>8} {'WU':>4}")
    for ply in PLIES:
        if not sizes[ply]:
            print(f"{ply:>5} {0:>6}  (no game lasted this long)")
            continue
        packed = round(statistics.mean(s[0] for s in sizes[ply]))
        texts = round(statistics.mean(s[1] for s in sizes[ply]))
        print(f"{ply:>5} {len(sizes[ply]):>6} {packed:>9} {write_units(packed):>4} "
              f"{texts:>8} {write_units(texts):>4}")


if __name__ == "__main__":
    main()
