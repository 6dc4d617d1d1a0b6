"""Deeper labels for the native evaluation's training positions (`bench/selfplay_native.py`).

    PYTHONPATH=engine_layer nice -n 10 .venv/bin/python bench/label_native.py \
        selfplay.txt --nodes 30000 --out labelled.txt [--every 2] [--part 0/2]

The self-play keeps each position's score from the 4 000-node search that played it, too
shallow to teach the evaluation anything its results do not (bench/RESULTS.md: blending it in
made the weights worse). This searches each kept position again, reproducibly, with
`--nodes` nodes (an emptied table each time, no history: the position alone) and writes the
same line with that score in place of the shallow one, so `bench/train_native_eval.py
--blend` fits results and the deeper search together. `--every k` keeps one game in k
(whole games, so the held-out split stays by game); `--part i/n` takes every n-th kept
position from the i-th, so n processes share a file. Appends and resumes: a line already in
`--out` is not searched again.
"""

from __future__ import annotations

import argparse
import ctypes
import sys
import time
from pathlib import Path

from dames.native import abi, available, library, unavailable_reason

TABLE_LOG2 = 18


def search_score(lib: ctypes.CDLL, engine: int, line: list[str], variant: int,
                 nodes: int) -> int:
    """The side to move's score after a `nodes`-node search of the line's position."""
    position = abi.Position(int(line[0], 16), int(line[1], 16), int(line[2], 16),
                            int(line[3]), variant)
    words = (ctypes.c_uint64 * 1)()
    game = abi.Game(position, abi.NO_LIMIT, abi.NO_LIMIT, abi.NO_LIMIT, 0, words)
    limits = abi.Limits(abi.MAX_DEPTH, 0, nodes, 0, None, 0, abi.IterationCallback(), None)
    result = abi.Result()
    lib.dm_engine_clear(engine)
    code = lib.dm_search(engine, ctypes.byref(game), ctypes.byref(limits), ctypes.byref(result))
    if code < 0:
        raise abi.NativeError(code)
    return int(result.score)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("selfplay", type=Path)
    parser.add_argument("--variant", default="international")
    parser.add_argument("--nodes", type=int, default=30_000)
    parser.add_argument("--every", type=int, default=1, help="keep one game in this many")
    parser.add_argument("--part", default="0/1", help="i/n: this process's share")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    if not available():
        print(f"native core unavailable: {unavailable_reason()}")
        return 1
    part, parts = (int(x) for x in args.part.split("/"))
    lib = library()
    engine = lib.dm_engine_new(TABLE_LOG2)
    variant = abi.VARIANT_IDS[args.variant]
    done = set()
    if args.out.exists():
        done = {" ".join(line.split()[:3] + line.split()[6:]) for line in
                args.out.read_text(encoding="utf-8").splitlines()}
    started = time.perf_counter()
    searched = kept = 0
    with (args.selfplay.open(encoding="utf-8") as source,
          args.out.open("a", encoding="utf-8") as out):
        for line in source:
            parts_of_line = line.split()
            if len(parts_of_line) != 8 or int(parts_of_line[6]) % args.every:
                continue
            kept += 1
            if (kept - 1) % parts != part:
                continue
            if " ".join(parts_of_line[:3] + parts_of_line[6:]) in done:
                continue
            parts_of_line[4] = str(search_score(lib, engine, parts_of_line, variant, args.nodes))
            out.write(" ".join(parts_of_line) + "\n")
            searched += 1
            if searched % 5000 == 0:
                out.flush()
                print(f"{searched} searched, {time.perf_counter() - started:.0f} s", flush=True)
    lib.dm_engine_free(engine)
    print(f"{searched} searched in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
