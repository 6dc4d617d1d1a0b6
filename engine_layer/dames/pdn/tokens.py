"""Cutting PDN text into tokens: tags, comments, variations, move numbers, moves, results.

Tolerant of what real files do: ``%`` escape lines, nested comments, tags whose values hold
bare quotes, moves written in algebraic squares or with spaces inside, glued move numbers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from dames.errors import PdnError
from dames.pdn.budget import CpuBudget


@dataclass(frozen=True)
class Token:
    kind: str  # tag, comment, open, close, nag, result, number, move, square, sep, unknown
    text: str
    line: int
    value: str = ""  # tag value; for "tag", text is the name


_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\\n]|\\.)*)"\s*\]')
# A tag whose value holds bare quotes (``[Event "The "Big" match"]``): the rest of the line.
_LOOSE_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"(.*)"\s*\][ \t]*(?=\n|$)')
_SCANNER = re.compile(
    r"""
    (?P<space>[ \t\r\n\f\v\u00a0]+)
  | (?P<result>1/2-1/2|½-½|\*)
  | (?P<number>\d+\.(?:\.\.)?)  # move number: 12. or 12...
  | (?P<ellipsis>\.\.\.|…)
  | (?P<alpha>[a-j](?:1[0-2]|[1-9])(?:(?:\s*[-x:×]\s*)?[a-j](?:1[0-2]|[1-9]))+)(?![0-9a-z])
  | (?P<square>\d+)
  | (?P<sep>[-x:×])
  | (?P<strength>\([!?]+\)|[!?]+)
  | (?P<nag>\$\d+)
  | (?P<open>\()
  | (?P<close>\))
    """,
    re.VERBOSE,
)


def _comment_end(text: str, start: int) -> int:
    """Index just past the ``}`` closing the comment opened at ``start`` (nesting allowed)."""
    depth = 0
    for i in range(start, len(text)):
        ch = text[i]
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return i + 1
    return -1


def tokenize(text: str, cpu: CpuBudget | None = None) -> list[Token]:
    tokens: list[Token] = []
    pos = 0
    line = 1
    at_line_start = True
    n = len(text)
    steps = 0
    while pos < n:
        steps += 1
        if cpu is not None and steps % 256 == 0:
            cpu.check()
        ch = text[pos]
        if ch == "%" and at_line_start:
            end = text.find("\n", pos)
            pos = n if end < 0 else end
            continue
        if ch == "{":
            end = _comment_end(text, pos)
            if end < 0:  # reported in the game where it opens
                tokens.append(Token("unknown", "a comment '{' that is never closed", line))
                break
            tokens.append(Token("comment", text[pos:end], line))
            line += text.count("\n", pos, end)
            pos = end
            at_line_start = False
            continue
        if ch == "[":
            m = _TAG.match(text, pos) or _LOOSE_TAG.match(text, pos)
            if m is None:
                end = text.find("\n", pos)
                bad = text[pos : n if end < 0 else end].strip()
                tokens.append(Token("unknown", bad, line))
                pos = n if end < 0 else end
                continue
            value = re.sub(r"\\(.)", r"\1", m.group(2))
            tokens.append(Token("tag", m.group(1), line, value))
            pos = m.end()
            at_line_start = False
            continue
        m = _SCANNER.match(text, pos)
        if m is None:
            end = pos + 1
            while end < n and not text[end].isspace() and text[end] not in "{}()[]":
                end += 1
            tokens.append(Token("unknown", text[pos:end], line))
            pos = end
            at_line_start = False
            continue
        kind = m.lastgroup or "unknown"
        piece = m.group()
        if kind == "space":
            newlines = piece.count("\n")
            line += newlines
            if newlines:
                at_line_start = True
        else:
            at_line_start = False
            if kind == "alpha":
                tokens.append(Token("move", "".join(piece.split()), line))
            elif kind == "strength":  # "!?", "(?)": a mark on the move, as a NAG is
                tokens.append(Token("nag", piece.strip("()"), line))
            elif kind != "ellipsis":
                tokens.append(Token(kind, piece, line))
        pos = m.end()
    return tokens


def prepare(text: str) -> str:
    if not isinstance(text, str):
        raise PdnError("PDN must be text")
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
