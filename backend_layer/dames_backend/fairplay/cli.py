"""``./dames moderation|analysis …`` (``ops.cli``): the moderators' and operators' commands.

The table is the one the settings name (``TABLE_NAME``, ``DYNAMODB_ENDPOINT``): ``./dames``
sets them first, to the deployed table of the AWS credentials in the environment (IAM is the
access control) or to the running ``make run``'s (``ops.target``).

    moderation list                       what needs a person, most urgent first
    moderation show <game id>             a claim: figures, state, reasons, signals
    moderation release <game id>          publish a held or queued claim
    moderation hold <game id>             hold a claim (a published one leaves the board)
    moderation dismiss <game id>          take a published claim off the queue: it stands
    moderation ban <player id>            withdraw a player's entries, hold their claims
    moderation audit                      the latest decisions: who, what, when, why
    analysis run <game id>                run a game's analysis job here (e.g. one left queued)

Every decision asks why (``--reason``, or a prompt at a terminal; an empty reason is
refused) and names who took it (``--by``, else ``$MODERATOR``, else the login name): the
audit trail keeps both.
"""

from __future__ import annotations

import argparse
import getpass
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from dames_backend.boards.views import Reason
from dames_backend.fairplay import audit, jobs, moderation, review

DECISIONS = ("release", "hold", "dismiss", "ban")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="./dames", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    groups = parser.add_subparsers(dest="group", required=True)
    mod = groups.add_parser("moderation", help="what needs a person, and the decisions")
    actions = mod.add_subparsers(dest="action", required=True)
    actions.add_parser("list", help="most urgent first").add_argument(
        "--limit", type=int, default=100)
    actions.add_parser("show").add_argument("target", help="game id")
    actions.add_parser("audit").add_argument("--limit", type=int, default=50)
    for name in DECISIONS:
        decision = actions.add_parser(name)
        decision.add_argument("target", help="player id" if name == "ban" else "game id")
        decision.add_argument("--reason", help="why (asked for when absent)")
        decision.add_argument("--by", help="who decides (default: $MODERATOR or login)")
    analysis = groups.add_parser("analysis", help="analysis jobs")
    runs = analysis.add_subparsers(dest="action", required=True)
    runs.add_parser("run").add_argument("target", help="game id")
    return parser


def _reasons(item: dict[str, Any]) -> str:
    return " / ".join(Reason.from_stored(r).text for r in item.get("reasons") or ())


def _line(row: moderation.ReviewItem) -> str:
    item = row.item
    board = f"{item.get('board')} {item.get('date') or ''}".strip()
    extra = f"  reports {item['reports']}" if item.get("reports") else ""
    score = f"  fair-play {float(item['fairScore']):.2f}" if "fairScore" in item else ""
    return (f"[{row.kind}] {item['gameId']}  {board}  player {item['playerId']}  "
            f"score {item['score']}{score}{extra}  at {item['at']}  {_reasons(item)}")


def _plain(item: dict[str, Any]) -> dict[str, Any]:
    """An item as JSON-ready values (numbers arrive as Decimal), signals and reasons read."""
    shown = {key: value for key, value in item.items() if key not in ("pk", "sk")}
    if isinstance(shown.get("signals"), str):
        shown["signals"] = json.loads(shown["signals"])
    shown["reasons"] = [Reason.from_stored(r).as_json() for r in shown.get("reasons") or ()]
    plain: dict[str, Any] = json.loads(
        json.dumps(shown, default=lambda value: int(value) if value == int(value) else float(value))
    )
    return plain


def _ask_reason(given: str | None, ask: Callable[[str], str]) -> str:
    reason = given if given is not None else ask("Why? (kept in the audit trail) ")
    if not reason.strip():
        raise ValueError("a decision needs a reason (--reason)")
    return reason.strip()


def _decide(args: argparse.Namespace, out: TextIO, ask: Callable[[str], str]) -> int:
    try:
        why = _ask_reason(args.reason, ask)
    except (ValueError, EOFError) as exc:
        print(f"refused: {exc or 'a decision needs a reason (--reason)'}", file=out)
        return 2
    actor = args.by or os.environ.get("MODERATOR") or getpass.getuser()
    try:
        if args.action == "release":
            shown = moderation.release(args.target, actor, why).shown()
            print(f"released {args.target}; shown: {shown.score if shown else 'nothing'}",
                  file=out)
        elif args.action == "hold":
            moderation.hold(args.target, actor, why)
            print(f"held {args.target}", file=out)
        elif args.action == "dismiss":
            moderation.dismiss(args.target, actor, why)
            print(f"dismissed {args.target}: it stands", file=out)
        else:
            boards = moderation.ban(args.target, actor, why)
            print(f"banned {args.target}; entries withdrawn from {boards} board(s)", file=out)
    except LookupError as exc:
        print(exc, file=out)
        return 1
    return 0


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout,
         ask: Callable[[str], str] = input) -> int:
    """Run one command; 0 on success, 1 when the target does not exist, 2 when refused."""
    args = _parser().parse_args(argv)
    if args.group == "analysis":
        job = jobs.run_analysis(args.target)
        print(f"{args.target}: {job.status if job else 'no job'}", file=out)
        return 0 if job else 1
    if args.action == "list":
        rows = moderation.review_list(args.limit)
        for row in rows:
            print(_line(row), file=out)
        print(f"{len(rows)} claim(s) to look at", file=out)
        return 0
    if args.action == "audit":
        for line in audit.recent(limit=args.limit):
            print(f"{line.at}  {line.actor}  {line.action} {line.target}  ({line.outcome})  "
                  f"{line.reason}", file=out)
        return 0
    if args.action == "show":
        claim = review.load_claim(args.target)
        if claim is None:
            print(f"no claim for game {args.target}", file=out)
            return 1
        print(json.dumps(_plain(claim), indent=2, ensure_ascii=False), file=out)
        return 0
    return _decide(args, out, ask)
