"""Write a native weights blob with some scalar terms set, the rest copied from another blob.

The results of self-play fit a term's opening weight from mostly middle-game positions (the
phase blends the opening and ending weights linearly), so a term whose opening weight the fit
got wrong can be set on its own and judged against Scan at equal nodes (`bench/match.py`,
`bench/match_compare.py`), without refitting what was right. The shipped blob's recipe
(docs/native-core.md, "How the weights are made") names every term set this way.

    PYTHONPATH=engine_layer python bench/set_native_terms.py \
        --blob engine_layer/dames/native/weights/international.dmw \
        --set balance=21,42 --out /tmp/balance.dmw
"""

from __future__ import annotations

import argparse
from pathlib import Path

from dames.native import weights


def parse_setting(text: str) -> tuple[str, int, int]:
    """``TERM=OPENING,ENDING`` (centi-men) as (term, opening, ending)."""
    term, sep, values = text.partition("=")
    parts = values.split(",")
    if not sep or term not in weights.SCALAR_TERMS or len(parts) != 2:
        raise argparse.ArgumentTypeError(
            f"expected TERM=OPENING,ENDING with TERM one of {', '.join(weights.SCALAR_TERMS)}")
    try:
        return term, int(parts[0]), int(parts[1])
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"not whole centi-men: {values}") from error


def set_terms(blob: bytes, variant: str, settings: list[tuple[str, int, int]]) -> bytes:
    """``blob`` with each named term's opening and ending weights replaced."""
    classes, opening, ending = weights.decode(blob)
    base = classes * weights.PATTERN_STATES
    for term, opening_weight, ending_weight in settings:
        index = base + weights.SCALAR_TERMS.index(term)
        opening[index], ending[index] = opening_weight, ending_weight
    return weights.encode(variant, opening, ending)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--blob", type=Path, required=True, help="the blob to start from")
    parser.add_argument("--variant", default="international")
    parser.add_argument("--set", dest="settings", type=parse_setting, action="append",
                        required=True, metavar="TERM=OPENING,ENDING")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    args.out.write_bytes(set_terms(args.blob.read_bytes(), args.variant, args.settings))
    for term, opening_weight, ending_weight in args.settings:
        print(f"{term}: opening {opening_weight}, ending {ending_weight}")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
