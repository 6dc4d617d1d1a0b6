"""docs/data-model.md describes exactly the items and attributes the code writes.

The data model was written three times and the copies disagreed; now it is written once, and
this test holds it to the code from both sides:

- statically, every key prefix the server's code spells (``"GAME#"``, ``f"CLAIM#{…}"``: any
  string starting ``UPPER#``) and every constant sort key (``"sk": "PROFILE"``, ``GAME_SK =
  "GAME"``) must be in the doc's item headings, so a new kind of item fails here even before
  a test writes one;
- dynamically, ``data_model_walk`` drives the apps and the jobs through every kind of item
  (moto); each item written must match exactly one section of the doc, each of its attributes
  must be in that section's table, and each attribute the doc lists must have been written
  (unless marked *older items only*).

Each failure says what to add where (docs/data-model.md, "Adding an item").
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from data_model_walk import written_items

REPO_ROOT = Path(__file__).resolve().parents[2]
DOC = REPO_ROOT / "docs" / "data-model.md"
DOC_NAME = "docs/data-model.md"
WALK_NAME = "tests/backend/data_model_walk.py (extra_walk)"
CODE_DIRS = ("backend_layer/dames_backend", "functions")
HEADING = re.compile(r"^### (?P<name>[^:`]+): (?P<pk>.+?) / (?P<sk>.+)$", re.MULTILINE)
TICKED = re.compile(r"`([^`]+)`")
ROW = re.compile(r"^\| `(?P<name>[^`]+)` \| (?P<text>.*) \|$")
OLDER_ONLY = "*older items only*"
KEY_PREFIX = re.compile(r"(?<![A-Za-z0-9_])([A-Z][A-Z0-9]*#)")
KEY_ATTRIBUTES = {"pk", "sk"}


@dataclass
class Section:
    """One ``### <item>: <pk> / <sk>`` of the doc and the attributes of its table."""

    name: str
    pk: list[str]
    sk: list[str]
    attributes: dict[str, str] = field(default_factory=dict)  # name -> what it holds

    def heading(self) -> str:
        return f"### {self.name}"

    def matches(self, item: dict[str, Any]) -> bool:
        return any(_full(p, str(item["pk"])) for p in self.pk) and any(
            _full(p, str(item["sk"])) for p in self.sk
        )

    def documents(self, attribute: str) -> bool:
        return any(_full(pattern, attribute) for pattern in self.attributes)


def _regex(pattern: str) -> re.Pattern[str]:
    """A doc pattern (``GAME#<id>``) as a regex: each ``<…>`` is any non-empty text."""
    parts = re.split(r"<[^>]+>", pattern)
    return re.compile(".+".join(re.escape(part) for part in parts))


def _full(pattern: str, text: str) -> bool:
    return _regex(pattern).fullmatch(text) is not None


def doc_sections() -> list[Section]:
    text = DOC.read_text(encoding="utf-8")
    headings = list(HEADING.finditer(text))
    sections = []
    for index, match in enumerate(headings):
        end = headings[index + 1].start() if index + 1 < len(headings) else len(text)
        section = Section(
            name=match["name"].strip(),
            pk=TICKED.findall(match["pk"]),
            sk=TICKED.findall(match["sk"]),
        )
        for line in text[match.end():end].splitlines():
            row = ROW.match(line.strip())
            if row:
                section.attributes[row["name"]] = row["text"]
        sections.append(section)
    return sections


def _code_files() -> Iterator[Path]:
    for folder in CODE_DIRS:
        yield from sorted((REPO_ROOT / folder).rglob("*.py"))


def _strings(tree: ast.AST) -> Iterator[ast.Constant]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node


def code_key_prefixes() -> dict[str, str]:
    """Each ``UPPER#`` prefix spelled in the server's code -> where it first appears."""
    found: dict[str, str] = {}
    for path in _code_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in _strings(tree):
            for prefix in KEY_PREFIX.findall(node.value):
                found.setdefault(prefix, f"{path.relative_to(REPO_ROOT)}:{node.lineno}")
    return found


def _constant_sort_keys(tree: ast.Module) -> Iterator[tuple[str, int]]:
    """``"sk": "WORD"`` in a dict, and ``…_SK = "WORD"`` assignments."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if (isinstance(key, ast.Constant) and key.value == "sk"
                        and isinstance(value, ast.Constant) and isinstance(value.value, str)):
                    yield value.value, value.lineno
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            if any(name.endswith("_SK") for name in names) and isinstance(node.value.value, str):
                yield node.value.value, node.lineno


def code_sort_keys() -> dict[str, str]:
    found: dict[str, str] = {}
    for path in _code_files():
        for value, line in _constant_sort_keys(ast.parse(path.read_text(encoding="utf-8"))):
            found.setdefault(value, f"{path.relative_to(REPO_ROOT)}:{line}")
    return found


def _add_section_hint(pk: str, sk: str) -> str:
    return (f"add to {DOC_NAME} under \"## Items\" a section \"### <item>: `{pk}` / `{sk}`\" "
            "(a <…> for each variable part) with a table | `attribute` | what it holds |")


@pytest.fixture(scope="module")
def sections() -> list[Section]:
    found = doc_sections()
    assert len(found) >= 12, f"{DOC_NAME}: fewer item sections than the table has kinds"
    return found


@pytest.fixture(scope="module")
def items() -> list[dict[str, Any]]:
    return written_items()


def test_every_key_prefix_of_the_code_is_a_documented_key(sections: list[Section]) -> None:
    """A key is a heading's pattern, or an index key a section's ``gsi1pk`` row names."""
    documented = {prefix for s in sections for pattern in s.pk + s.sk
                  for prefix in KEY_PREFIX.findall(pattern)}
    documented |= {prefix for s in sections if "gsi1pk" in s.attributes
                   for prefix in KEY_PREFIX.findall(s.attributes["gsi1pk"])}
    missing = [
        f"{prefix} (first at {where}): {_add_section_hint(prefix + '<…>', '<sk>')}"
        for prefix, where in sorted(code_key_prefixes().items()) if prefix not in documented
    ]
    assert not missing, "keys the code builds that the doc never names:\n" + "\n".join(missing)


def test_every_constant_sort_key_is_documented(sections: list[Section]) -> None:
    documented = {sk for s in sections for sk in s.sk}
    missing = [
        f"sk {value!r} (at {where}): {_add_section_hint('<pk>', value)}"
        for value, where in sorted(code_sort_keys().items()) if value not in documented
    ]
    assert not missing, "sort keys the code writes that the doc never names:\n" + "\n".join(
        missing)


def _section_of(item: dict[str, Any], sections: list[Section]) -> Section:
    matching = [s for s in sections if s.matches(item)]
    pk, sk = item["pk"], item["sk"]
    assert matching, f"the code wrote pk={pk!r}, sk={sk!r}: {_add_section_hint(pk, sk)}"
    assert len(matching) == 1, (
        f"pk={pk!r}, sk={sk!r} matches several sections of {DOC_NAME} "
        f"({[s.name for s in matching]}): make their key patterns distinct")
    return matching[0]


def test_every_written_item_and_attribute_is_documented(
    items: list[dict[str, Any]], sections: list[Section]
) -> None:
    undocumented: dict[str, set[str]] = {}
    for item in items:
        section = _section_of(item, sections)
        for attribute in set(item) - KEY_ATTRIBUTES:
            if not section.documents(attribute):
                undocumented.setdefault(section.heading(), set()).add(attribute)
    assert not undocumented, "attributes written but not in " + DOC_NAME + ":\n" + "\n".join(
        f"add rows | `{name}` | what it holds | to the table of \"{heading}\""
        for heading, names in sorted(undocumented.items()) for name in sorted(names))


def test_every_documented_item_and_attribute_is_written(
    items: list[dict[str, Any]], sections: list[Section]
) -> None:
    seen: dict[str, set[str]] = {section.heading(): set() for section in sections}
    for item in items:
        seen[_section_of(item, sections).heading()].update(item)
    never_item = [heading for heading, names in seen.items() if not names]
    assert not never_item, (
        f"items in {DOC_NAME} that the walk never wrote: {never_item}; if the code still "
        f"writes them, make {WALK_NAME} write one, else remove the section")
    never: list[str] = []
    for section in sections:
        written = seen[section.heading()]
        for pattern, holds in section.attributes.items():
            if OLDER_ONLY not in holds and not any(_full(pattern, name) for name in written):
                never.append(f"`{pattern}` of \"{section.heading()}\"")
    assert not never, (
        f"attributes {DOC_NAME} lists that no item of the walk holds:\n" + "\n".join(never)
        + f"\nIf the code writes it, make {WALK_NAME} reach that write; if only items of "
        f"before hold it, mark its row {OLDER_ONLY}; else remove the row")


def test_the_parser_reads_the_doc(sections: list[Section]) -> None:
    """The test is worth its name: it sees the sections and rows a reader sees."""
    game = next(s for s in sections if s.name == "game")
    assert (game.pk, game.sk) == (["GAME#<id>"], ["GAME"])
    assert OLDER_ONLY in game.attributes["moves"] and OLDER_ONLY not in game.attributes["status"]
    board = next(s for s in sections if s.name == "leaderboard entry")
    assert board.pk == ["BOARD#daily#<date>", "BOARD#free"]
    assert board.matches({"pk": "BOARD#daily#2027-01-15", "sk": "PLAYER#p_1"})
    assert not board.matches({"pk": "BOARD#daily#2027-01-15", "sk": "PROFILE"})
    counter = next(s for s in sections if s.name == "client counter")
    assert counter.documents("g_abc123") and not counter.documents("x_abc")
