"""The site's modules stay small: no module of frontend/js over 400 lines, no function over
80 (the developers' guide: split by job before that)."""

from __future__ import annotations

from pathlib import Path

import pytest

from local.paths import FRONTEND_DIR
from tests.lint.js_sizes import blank, function_sizes

pytestmark = pytest.mark.lint

MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 80
MODULES = sorted((FRONTEND_DIR / "js").glob("*.js"))


def test_the_site_has_its_modules() -> None:
    assert {"play.js", "api.js", "store.js", "variants.js"} <= {m.name for m in MODULES}


@pytest.mark.parametrize("module", MODULES, ids=lambda p: p.name)
def test_no_module_is_too_long(module: Path) -> None:
    lines = module.read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_MODULE_LINES, f"{module.name}: {lines} lines, split it by job"


@pytest.mark.parametrize("module", MODULES, ids=lambda p: p.name)
def test_no_function_is_too_long(module: Path) -> None:
    long = [f for f in function_sizes(module.read_text(encoding="utf-8"))
            if f.lines > MAX_FUNCTION_LINES]
    assert not long, f"{module.name}: " + "; ".join(
        f"line {f.line} ({f.header}…): {f.lines} lines" for f in long)


def _lines(n: int) -> str:
    return "".join(f"  step({i});\n" for i in range(n))


def test_a_long_closure_counts_with_everything_it_holds() -> None:
    source = (
        "export function setup(page) {\n"
        "  const say = (words) => {\n" + _lines(3) + "  };\n"
        "  function inner() {\n" + _lines(90) + "  }\n"
        "  return { say };\n"
        "}\n"
        "class View {\n  draw(a, b) {\n" + _lines(5) + "  }\n}\n"
    )
    sizes = {f.header: f.lines for f in function_sizes(source)}
    assert sizes == {
        "export function setup(page)": 100,
        "const say = (words) =>": 5,
        "function inner()": 92,
        "draw(a, b)": 7,
    }


def test_braces_in_strings_comments_templates_and_regexes_count_for_nothing() -> None:
    source = (
        "function f(a) {\n"
        "  const s = '{' + \"}}\" + `x ${a ? `{${a}}` : '}'} y {`;\n"
        "  // } a closing brace in a comment\n"
        "  /* { */ const r = /\\{(\\w+)\\}/g;\n"
        "  return a / 2 / s.length;\n"
        "}\n"
        "if (x) {\n  g();\n}\n"
    )
    assert blank(source).count("{") == blank(source).count("}") == 2
    assert [(f.header, f.lines) for f in function_sizes(source)] == [("function f(a)", 6)]
