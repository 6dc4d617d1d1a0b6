"""The ``--variants`` option the AI benchmarks share: every variant the engine plays by
default, a comma-separated choice otherwise, an unknown name refused with the known ones."""

from __future__ import annotations

import argparse

from dames.variants import VARIANTS


def add_variants_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variants", default=",".join(VARIANTS), help="comma-separated")


def chosen_variants(parser: argparse.ArgumentParser, text: str) -> list[str]:
    variants = [name.strip() for name in text.split(",")]
    unknown = sorted(set(variants) - set(VARIANTS))
    if unknown:
        parser.error(f"unknown variant(s) {', '.join(unknown)}; expected {', '.join(VARIANTS)}")
    return variants
