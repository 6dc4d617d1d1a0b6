"""Reading the benchmarks' fixed, versioned data files (positions, games): one line a record,
fields separated by `|`, blank lines and `#` comments skipped. International positions sit
in a file of their own (`FEN | label | …`); the 8×8 variants share one (`FEN | variant |
label | …`), since their positions are drawn the same way."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path


def rows(path: Path) -> Iterator[list[str]]:
    """The stripped fields of each record of `path`."""
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            yield [part.strip() for part in line.split("|")]


def variant_positions(variant: str, international: Path, small: Path) -> list[tuple[str, str]]:
    """(FEN, label) of `variant`'s positions: from `international` for international
    draughts, else `small`'s lines of that variant. The label is the field after the FEN
    (after the variant in `small`): a phase, a kind."""
    if variant == "international":
        return [(fields[0], fields[1]) for fields in rows(international)]
    return [(fields[0], fields[2]) for fields in rows(small) if fields[1] == variant]
