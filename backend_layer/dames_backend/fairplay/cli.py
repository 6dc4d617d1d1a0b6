"""``./dames moderation|analysis …`` (``ops.cli``): the moderators' and operators' commands.

The table is the one the settings name (``TABLE_NAME``, ``DYNAMODB_ENDPOINT``): ``./dames``
sets them first, to the deployed table of the AWS credentials in the environment (IAM is the
access control) or to the running ``make run``'s (``ops.target``).

    moderation list                  held claims, oldest first
    moderation show <game id>        a claim: figures, state, reasons, signals
    moderation release <game id>     publish a held claim
    moderation ban <player id>       withdraw a player's entries, hold their claims to come
    analysis run <game id>           run a game's analysis job here (e.g. one left queued)
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from dames_backend.fairplay import jobs, moderation, review


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="./dames", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    groups = parser.add_subparsers(dest="group", required=True)
    mod = groups.add_parser("moderation", help="held claims and bans")
    actions = mod.add_subparsers(dest="action", required=True)
    listing = actions.add_parser("list", help="held claims, oldest first")
    listing.add_argument("--limit", type=int, default=100)
    for name, what in (("show", "game id"), ("release", "game id"), ("ban", "player id")):
        actions.add_parser(name).add_argument("target", help=what)
    analysis = groups.add_parser("analysis", help="analysis jobs")
    runs = analysis.add_subparsers(dest="action", required=True)
    runs.add_parser("run").add_argument("target", help="game id")
    return parser


def _line(item: dict[str, Any]) -> str:
    reasons = " / ".join(str(reason) for reason in item.get("reasons") or ())
    board = f"{item.get('board')} {item.get('date') or ''}".strip()
    return (f"{item['gameId']}  {board}  player {item['playerId']}  score {item['score']}  "
            f"at {item['at']}  {reasons}")


def _plain(item: dict[str, Any]) -> dict[str, Any]:
    """An item as JSON-ready values (numbers arrive as Decimal), signals unpacked."""
    shown = {key: value for key, value in item.items() if key not in ("pk", "sk")}
    if isinstance(shown.get("signals"), str):
        shown["signals"] = json.loads(shown["signals"])
    plain: dict[str, Any] = json.loads(
        json.dumps(shown, default=lambda value: int(value) if value == int(value) else float(value))
    )
    return plain


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    """Run one command; 0 on success, 1 when the target does not exist."""
    args = _parser().parse_args(argv)
    if args.group == "analysis":
        job = jobs.run_analysis(args.target)
        print(f"{args.target}: {job.status if job else 'no job'}", file=out)
        return 0 if job else 1
    if args.action == "list":
        held = moderation.held_claims(args.limit)
        for item in held:
            print(_line(item), file=out)
        print(f"{len(held)} held claim(s)", file=out)
        return 0
    if args.action == "show":
        claim = review.load_claim(args.target)
        if claim is None:
            print(f"no claim for game {args.target}", file=out)
            return 1
        print(json.dumps(_plain(claim), indent=2, ensure_ascii=False), file=out)
        return 0
    try:
        if args.action == "release":
            entry = moderation.release(args.target)
            shown = entry.shown()
            print(f"released {args.target}; shown: {shown.score if shown else 'nothing'}",
                  file=out)
        else:
            boards = moderation.ban(args.target)
            print(f"banned {args.target}; entries withdrawn from {boards} board(s)", file=out)
    except LookupError as exc:
        print(exc, file=out)
        return 1
    return 0
