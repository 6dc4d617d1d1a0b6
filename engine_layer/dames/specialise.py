"""Compile the rules (``RULE_MODULES``) for one variant: written once, the code runs unrolled.

A variant's rule switches are known when its generator is built, so rather than testing them
on every call of the hot path, they are written into the code as literals and CPython's
compiler drops the branches that cannot run (``if False:``, ``x if True else y``, ``True or
...``). Two rewrites of the source come first, the same for every variant:

* ``for a, b in unrolled(((x, y), ...)):`` becomes one copy of the body per item, with the
  items' expressions (parenthesised) in place of the loop variables;
* ``a, b = helper(x, y)``, where ``helper`` is marked ``@inline`` and returns a tuple
  expression, becomes ``a = ...`` and ``b = ...`` with the arguments (names or literals) in
  place of its parameters.

An ``unrolled`` body may itself hold such loops and calls: its copies are expanded in turn.
A function marked ``@twin`` is written twice: as it is, with ``COUNTING`` false, and as
``<name>_counted`` with ``COUNTING`` true, calling the counting twins of the other ``@twin``
functions; ``counted(name)`` elsewhere names a counting twin.
Names are replaced as whole identifiers over the text (the template keeps loop variables,
parameters of inline helpers and the upper-case switches for those uses only; a comment that
mentions one changes harmlessly). This is text, one regular expression and a parse of the
template, so building a variant costs little more than its ``compile()``: it runs on a cold
start. The rule modules are expanded as one source (``dames.rules_base`` holds the
placeholders, the markers and the ``@inline`` helpers the others share). The generated source
is registered with ``linecache``, so tracebacks show it;
``source_for(dames.movegen.rule_constants(variant))`` returns it.
"""

from __future__ import annotations

import ast
import linecache
import re
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from types import CodeType
from typing import Any

import dames.rules
import dames.rules_base
import dames.rules_captures
import dames.rules_perft

# The modules the rules are written in, expanded together.
RULE_MODULES = (dames.rules_base, dames.rules, dames.rules_captures, dames.rules_perft)
_MARKERS = ("inline", "unrolled", "twin", "counted")
_COUNTING = "COUNTING"
_COUNTED_SUFFIX = "_counted"
_COUNTED_CALL = re.compile(r"\bcounted\(([A-Za-z_][A-Za-z0-9_]*)\)")


class SpecialiseError(Exception):
    """The rules' source uses a construct the specialiser does not handle (a bug in rules.py)."""


_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _replace_words(text: str, values: Mapping[str, str]) -> str:
    """``text`` with each identifier found in ``values`` replaced by its value."""
    if not values:
        return text
    return _IDENTIFIER.sub(lambda m: values.get(m[0], m[0]), text)


def _segment(lines: list[str], node: ast.expr) -> str:
    """The source of an expression node (``ast.get_source_segment`` is far slower)."""
    first, last = node.lineno - 1, (node.end_lineno or node.lineno) - 1
    start, end = node.col_offset, node.end_col_offset
    if end is None:
        raise SpecialiseError(f"no source for the node at line {node.lineno}")
    # Column offsets count UTF-8 bytes.
    chunk = [line.encode() for line in lines[first : last + 1]]
    if first == last:
        return chunk[0][start:end].decode()
    chunk[0] = chunk[0][start:]
    chunk[-1] = chunk[-1][:end]
    return b"\n".join(chunk).decode()


def _inline_helpers(tree: ast.Module, lines: list[str]) -> dict[str, tuple[list[str], list[str]]]:
    """``@inline`` functions: name -> (parameters, source of each returned tuple element)."""
    helpers = {}
    for statement in tree.body:
        if not isinstance(statement, ast.FunctionDef):
            continue
        if not any(isinstance(d, ast.Name) and d.id == "inline" for d in statement.decorator_list):
            continue
        returns = [s for s in statement.body if isinstance(s, ast.Return)]
        value = returns[0].value if len(returns) == 1 else None
        if not isinstance(value, ast.Tuple):
            raise SpecialiseError(f"@inline {statement.name} must return a tuple expression")
        params = [a.arg for a in statement.args.args]
        helpers[statement.name] = (params, [_segment(lines, e) for e in value.elts])
    return helpers


def _statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Every statement of ``body``, nested ones included (expressions are not searched)."""
    for statement in body:
        yield statement
        for field in ("body", "orelse", "finalbody"):
            nested = getattr(statement, field, None)
            if nested:
                yield from _statements(nested)


def _outer_markers(
    body: list[ast.stmt], helpers: Mapping[str, tuple[list[str], list[str]]]
) -> Iterator[ast.stmt]:
    """The ``unrolled`` loops and ``@inline`` assignments of ``body`` not inside such a loop."""
    for statement in body:
        if _is_marker(statement, helpers):
            yield statement
            continue
        for field in ("body", "orelse", "finalbody"):
            nested = getattr(statement, field, None)
            if nested:
                yield from _outer_markers(nested, helpers)


def _rewritten(
    function: ast.FunctionDef, lines: list[str], helpers: Mapping[str, tuple[list[str], list[str]]]
) -> str:
    """The source of ``function`` with its ``unrolled`` loops and ``@inline`` calls expanded."""
    edits: list[tuple[int, int, list[str]]] = []  # (first line, last line, 0-based) -> lines
    again = False  # whether an unrolled body holds markers, to expand in its copies
    for node in _outer_markers(function.body, helpers):
        if isinstance(node, ast.For):
            again = again or any(_is_marker(n, helpers) for n in _statements(node.body))
            edits.append((node.lineno - 1, _end(node) - 1, _unroll(node, lines)))
        else:
            assert isinstance(node, ast.Assign)
            edits.append((node.lineno - 1, _end(node) - 1, _inline(node, lines, helpers)))
    out = lines[function.lineno - 1 : _end(function)]
    for first, last, new in sorted(edits, reverse=True):
        out[first - function.lineno + 1 : last - function.lineno + 2] = new
    text = "\n".join(out)
    if again:
        rewritten = ast.parse(text).body[0]
        assert isinstance(rewritten, ast.FunctionDef)
        return _rewritten(rewritten, out, helpers)
    return text


def _end(node: ast.stmt) -> int:
    if node.end_lineno is None:
        raise SpecialiseError(f"no end line for line {node.lineno}")
    return node.end_lineno


def _is_unrolled(node: ast.For) -> bool:
    call = node.iter
    return (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Name)
        and call.func.id == "unrolled"
    )


def _is_marker(node: ast.AST, helpers: Mapping[str, object]) -> bool:
    if isinstance(node, ast.For):
        return _is_unrolled(node)
    return (
        isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Call)
        and isinstance(node.value.func, ast.Name)
        and node.value.func.id in helpers
    )


def _unroll(node: ast.For, lines: list[str]) -> list[str]:
    assert isinstance(node.iter, ast.Call)
    items = node.iter.args[0] if len(node.iter.args) == 1 else None
    if not isinstance(items, ast.Tuple) or node.orelse:
        raise SpecialiseError(f"line {node.lineno}: unrolled() takes one literal tuple")
    for inner in ast.walk(node):
        if isinstance(inner, ast.Break | ast.Continue):
            raise SpecialiseError(f"line {node.lineno}: no break/continue in an unrolled() body")
    if isinstance(node.target, ast.Name):
        names = [node.target.id]
    elif isinstance(node.target, ast.Tuple):
        names = [t.id for t in node.target.elts if isinstance(t, ast.Name)]
    else:
        raise SpecialiseError(f"line {node.lineno}: loop variables must be names")
    body_lines = lines[node.body[0].lineno - 1 : _end(node)]
    pad = " " * (node.col_offset + 4)
    if any(line.strip() and not line.startswith(pad) for line in body_lines):
        raise SpecialiseError(f"line {node.lineno}: indent an unrolled() body by four spaces")
    # The body, dedented to the loop's own indentation.
    body = "\n".join(line[4:] for line in body_lines)
    out: list[str] = []
    for item in items.elts:
        parts = item.elts if isinstance(item, ast.Tuple) else [item]
        if len(parts) != len(names):
            raise SpecialiseError(f"line {node.lineno}: unrolled() items must match {names}")
        values = {
            name: f"({_segment(lines, part)})" for name, part in zip(names, parts, strict=True)
        }
        out += _replace_words(body, values).split("\n")
    return out


def _inline(
    node: ast.Assign, lines: list[str], helpers: Mapping[str, tuple[list[str], list[str]]]
) -> list[str]:
    call = node.value
    assert isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
    params, elements = helpers[call.func.id]
    target = node.targets[0]
    if len(node.targets) != 1 or not isinstance(target, ast.Tuple):
        raise SpecialiseError(f"line {node.lineno}: unpack an @inline call into names")
    names = [t.id for t in target.elts if isinstance(t, ast.Name)]
    if call.keywords or len(call.args) != len(params) or len(names) != len(elements):
        raise SpecialiseError(f"line {node.lineno}: call @inline {call.func.id} positionally")
    args = []
    for arg in call.args:
        if not isinstance(arg, ast.Name | ast.Constant):
            raise SpecialiseError(f"line {node.lineno}: pass names or literals to @inline")
        args.append(_segment(lines, arg))
    if set(names) & set(args):
        raise SpecialiseError(f"line {node.lineno}: an @inline result overwrites an argument")
    values = dict(zip(params, args, strict=True))
    pad = " " * node.col_offset
    # Parenthesised, so that an element written over several lines stays one expression.
    text = "\n".join(
        f"{pad}{name} = ({_replace_words(element, values)})"
        for name, element in zip(names, elements, strict=True)
    )
    return text.split("\n")


def _is_twin(node: ast.FunctionDef) -> bool:
    return any(isinstance(d, ast.Name) and d.id == "twin" for d in node.decorator_list)


def _twins(text: str, twins: frozenset[str]) -> list[str]:
    """A ``@twin`` function's two copies: as written, and its counting twin."""
    renamed = {name: name + _COUNTED_SUFFIX for name in twins}
    return [
        _replace_words(text, {_COUNTING: "False"}),
        _replace_words(text, {_COUNTING: "True", **renamed}),
    ]


def _counted_calls(text: str, twins: frozenset[str]) -> str:
    """``counted(name)`` written as the name of the counting twin."""

    def twin_name(match: re.Match[str]) -> str:
        if match[1] not in twins:
            raise SpecialiseError(f"counted({match[1]}): {match[1]} is not a @twin function")
        return match[1] + _COUNTED_SUFFIX

    return _COUNTED_CALL.sub(twin_name, text)


def expand(source: str) -> str:
    """The functions of the module ``source`` with every ``unrolled`` loop and ``@inline``
    call written out, and every ``@twin`` function twice (the helpers themselves and the
    markers are left out)."""
    tree = ast.parse(source)
    lines = source.split("\n")
    helpers = _inline_helpers(tree, lines)
    nodes = [
        node
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
        and node.name not in helpers
        and node.name not in _MARKERS
    ]
    twins = frozenset(node.name for node in nodes if _is_twin(node))
    functions: list[str] = []
    for node in nodes:
        text = _counted_calls(_rewritten(node, lines, helpers), twins)
        if node.name in twins:
            functions += _twins(text, twins)
        elif re.search(rf"\b{_COUNTING}\b", text):
            raise SpecialiseError(f"{node.name} reads {_COUNTING} but is not a @twin function")
        else:
            functions.append(text)
    # The annotations stay as text: they name types the generated module does not import.
    return "from __future__ import annotations\n\n\n" + "\n\n\n".join(functions) + "\n"


@cache
def _expanded() -> str:
    return expand(
        "\n".join(Path(m.__file__ or "").read_text(encoding="utf-8") for m in RULE_MODULES)
    )


def source_for(constants: Mapping[str, bool | int]) -> str:
    """The generated source of the rules for ``constants`` (name -> literal value)."""
    return _replace_words(_expanded(), {name: repr(value) for name, value in constants.items()})


@cache
def _compiled(constants: tuple[tuple[str, bool | int], ...]) -> CodeType:
    source = source_for(dict(constants))
    filename = f"<dames.rules {' '.join(f'{k}={v}' for k, v in constants)}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    return compile(source, filename, "exec")


def specialise(constants: Mapping[str, bool | int], tables: Mapping[str, object]) -> dict[str, Any]:
    """The functions of the rules compiled for ``constants``, with ``tables`` as globals.

    Returns the namespace of the generated module (function name -> function).
    """
    namespace: dict[str, Any] = {"__name__": "dames.rules"}
    exec(_compiled(tuple(sorted(constants.items()))), namespace)
    namespace.update(tables)
    return namespace
