"""Sizes of the site's JavaScript modules and of their functions, for the size rule of the
developers' guide (a module of one job stays under ~400 lines, a function under ~80).

A function is measured from the line of its header to the line of its closing brace, nested
functions included: a closure holding a whole page counts as one long function. Strings,
template literals, comments and regular expressions are blanked before braces are matched,
so a brace inside them counts for nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# What may come before a "/" that starts a regular expression (else it divides).
_REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^") | {""}
_KEYWORDS_BEFORE_REGEX = ("return", "typeof", "case", "of", "in", "void", "delete", "throw")
_CONTROL = {"if", "for", "while", "switch", "catch", "function", "with", "return"}

_FUNCTION = re.compile(r"\bfunction\b\s*\*?\s*[\w$]*\s*\([^)]*\)\s*\{")
_ARROW = re.compile(r"=>\s*\{")
_METHOD = re.compile(
    r"^[ \t]*(?:static\s+)?(?:async\s+)?(?:get\s+|set\s+)?([A-Za-z_$][\w$]*)\s*\([^)]*\)\s*\{",
    re.MULTILINE,
)


@dataclass(frozen=True)
class FunctionSize:
    line: int
    lines: int
    header: str


def _regex_allowed(code: list[str]) -> bool:
    text = "".join(code[-12:]).rstrip()
    if not text:
        return True
    if text[-1] in _REGEX_AFTER:
        return True
    return any(text.endswith(word) and not (text[: -len(word)][-1:].isalnum())
               for word in _KEYWORDS_BEFORE_REGEX)


def blank(source: str) -> str:
    """The source with every string, template, comment and regex replaced by spaces (line
    breaks kept, so line numbers stay)."""
    out: list[str] = []
    i, n = 0, len(source)
    templates: list[int] = []  # brace depth inside each open ${…} of a template literal

    def keep_lines(text: str) -> str:
        return "".join("\n" if ch == "\n" else " " for ch in text)

    def skip_template_text(start: int) -> int:
        """From inside a template literal: to its end (after `) or into a ${ (after it)."""
        j = start
        while j < n:
            if source[j] == "\\":
                j += 2
            elif source[j] == "`":
                return j + 1
            elif source.startswith("${", j):
                templates.append(0)
                return j + 2
            else:
                j += 1
        return n

    while i < n:
        ch = source[i]
        if source.startswith("//", i):
            end = source.find("\n", i)
            end = n if end < 0 else end
            out.append(keep_lines(source[i:end]))
            i = end
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append(keep_lines(source[i:end]))
            i = end
        elif ch in "'\"":
            j = i + 1
            while j < n and source[j] != ch and source[j] != "\n":
                j += 2 if source[j] == "\\" else 1
            out.append(keep_lines(source[i : j + 1]))
            i = j + 1
        elif ch == "`":
            j = skip_template_text(i + 1)
            out.append(keep_lines(source[i:j]))
            i = j
        elif ch == "}" and templates and templates[-1] == 0:
            templates.pop()
            j = skip_template_text(i + 1)
            out.append(keep_lines(source[i:j]))
            i = j
        elif ch == "/" and _regex_allowed(out):
            j, in_class = i + 1, False
            while j < n and source[j] != "\n":
                c = source[j]
                if c == "\\":
                    j += 2
                    continue
                if c == "[":
                    in_class = True
                elif c == "]":
                    in_class = False
                elif c == "/" and not in_class:
                    break
                j += 1
            out.append(keep_lines(source[i : j + 1]))
            i = j + 1
        else:
            if templates and ch == "{":
                templates[-1] += 1
            elif templates and ch == "}":
                templates[-1] -= 1
            out.append(ch)
            i += 1
    return "".join(out)


def _closing(code: str, open_at: int) -> int:
    depth = 0
    for k in range(open_at, len(code)):
        if code[k] == "{":
            depth += 1
        elif code[k] == "}":
            depth -= 1
            if depth == 0:
                return k
    raise ValueError(f"unbalanced braces from offset {open_at}")


def function_sizes(source: str) -> list[FunctionSize]:
    """Every function of a module (declarations, expressions, arrows with a body, methods)
    with its length in lines."""
    code = blank(source)
    opens: set[int] = set()
    for match in _FUNCTION.finditer(code):
        opens.add(match.end() - 1)
    for match in _ARROW.finditer(code):
        opens.add(match.end() - 1)
    for match in _METHOD.finditer(code):
        if match.group(1) not in _CONTROL:
            opens.add(match.end() - 1)
    sizes = []
    for at in sorted(opens):
        start = code.rfind("\n", 0, at) + 1
        first = code.count("\n", 0, at) + 1
        last = code.count("\n", 0, _closing(code, at)) + 1
        sizes.append(FunctionSize(first, last - first + 1, source[start:at].strip()[:60]))
    return sizes
