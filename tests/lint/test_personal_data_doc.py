"""docs/personal-data.md states retention figures and log fields as the code and template have them.

The inventory is what a privacy notice will be written from, so a figure that drifts (a TTL
changed in code, a log retention changed in the template) would become a false promise. Every
figure the doc writes as `` `NAME` = N unit `` is read back here from its source, every
source listed here must be cited at least once, and the access log's ``$context`` fields in
the doc are exactly the template's.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from dames_backend import config
from dames_backend.games import retention
from dames_backend.limits import clients, keyring, thinking
from dames_backend.players import activity, rename, reservations, transfer

from tests.lint.template_model import REPO_ROOT, resources_of_type, template

pytestmark = pytest.mark.lint

DOC = REPO_ROOT / "docs" / "personal-data.md"
DAY_S = 86_400
# A checked figure: `NAME` = N unit (units: durations, or a count of entries).
FIGURE = re.compile(
    r"`([A-Za-z_][A-Za-z0-9_.]*)` = (\d+) (days?|h|min|s|entries|months)\b"
)
UNIT_SECONDS = {
    "day": DAY_S, "days": DAY_S, "h": 3_600, "min": 60, "s": 1, "entries": 1, "months": 1,
}
CONTEXT_FIELD = re.compile(r"\$context\.[A-Za-z.]*[A-Za-z]")


def _parameter_days(name: str) -> int:
    return int(template()["Parameters"][name]["Default"]) * DAY_S


def _queue_retention(name: str) -> int:
    return int(template()["Resources"][name]["Properties"]["MessageRetentionPeriod"])


def _js_constant(path: str, name: str) -> int:
    source = (REPO_ROOT / path).read_text(encoding="utf-8")
    match = re.search(rf"^const {re.escape(name)} = (\d+);", source, re.MULTILINE)
    assert match, f"{path} no longer defines `const {name} = <number>;`"
    return int(match.group(1))


# Each name the doc may cite, and how to read its value (seconds, or a count) from its source.
SOURCES: dict[str, Callable[[], int]] = {
    "DEFAULT_GAME_TTL_DAYS": lambda: config.DEFAULT_GAME_TTL_DAYS * DAY_S,
    "GameTtlDays": lambda: _parameter_days("GameTtlDays"),
    "CASUAL_DAYS": lambda: retention.CASUAL_DAYS * DAY_S,
    "UNCLAIMED_WIN_DAYS": lambda: retention.UNCLAIMED_WIN_DAYS * DAY_S,
    "CODE_LIFETIME_S": lambda: transfer.CODE_LIFETIME_S,
    "LogRetentionDays": lambda: _parameter_days("LogRetentionDays"),
    "DAY_SECONDS": lambda: clients.DAY_SECONDS,
    "_TTL_MARGIN_SECONDS": lambda: clients._TTL_MARGIN_SECONDS,
    "THINKING_PER_ADDRESS.window_seconds": lambda: thinking.THINKING_PER_ADDRESS.window_seconds,
    "AnalysisQueue.MessageRetentionPeriod": lambda: _queue_retention("AnalysisQueue"),
    "AnalysisDeadLetterQueue.MessageRetentionPeriod": lambda: _queue_retention(
        "AnalysisDeadLetterQueue"
    ),
    "KEPT_TOKENS": lambda: _js_constant("frontend/js/analysis-links.js", "KEPT_TOKENS"),
    "IDS_KEPT": lambda: _js_constant("frontend/js/stats-store.js", "IDS_KEPT"),
    "QUARANTINE_DAYS": lambda: reservations.QUARANTINE_DAYS * DAY_S,
    "RENAME_INTERVAL_DAYS": lambda: rename.RENAME_INTERVAL_DAYS * DAY_S,
    "INACTIVE_MONTHS": lambda: activity.INACTIVE_MONTHS,
    "ROTATION_DAYS": lambda: keyring.ROTATION_DAYS * DAY_S,
    "KEEP_SECONDS": lambda: keyring.KEEP_SECONDS,
    "CACHE_SECONDS": lambda: keyring.CACHE_SECONDS,
}
# Figures that are counts (entries, months), not durations.
COUNTS = {"KEPT_TOKENS", "IDS_KEPT", "INACTIVE_MONTHS"}


def doc_text() -> str:
    return Path(DOC).read_text(encoding="utf-8")


def cited_figures() -> list[tuple[str, int, str]]:
    return [(name, int(n), unit) for name, n, unit in FIGURE.findall(doc_text())]


def test_every_figure_in_the_doc_matches_its_source() -> None:
    wrong = []
    for name, number, unit in cited_figures():
        assert name in SOURCES, f"the doc cites `{name}` = …, which this test cannot check"
        is_count = unit in ("entries", "months")
        assert is_count == (name in COUNTS), f"`{name}` = {number} {unit}: wrong unit"
        stated = number * UNIT_SECONDS[unit]
        actual = SOURCES[name]()
        if stated != actual:
            wrong.append(f"`{name}` = {number} {unit} in the doc; source: {actual} (s or entries)")
    assert not wrong, "docs/personal-data.md drifted:\n" + "\n".join(wrong)


def test_every_source_is_cited() -> None:
    cited = {name for name, _, _ in cited_figures()}
    assert set(SOURCES) <= cited, f"not cited in the doc: {sorted(set(SOURCES) - cited)}"


def test_every_log_group_keeps_log_retention_days() -> None:
    """The doc says every log group keeps `LogRetentionDays`."""
    groups = resources_of_type("AWS::Logs::LogGroup")
    assert groups
    for name, group in groups.items():
        assert group["Properties"]["RetentionInDays"] == {"Ref": "LogRetentionDays"}, name
        assert f"`{name}`" in doc_text(), f"log group {name} is not in the doc"


def test_access_log_fields_are_the_templates() -> None:
    log_format = template()["Resources"]["HttpApi"]["Properties"]["AccessLogSettings"]["Format"]
    in_template = set(CONTEXT_FIELD.findall(log_format))
    # No address in the access log (docs/privacy.md "Logs"): none of API Gateway's.
    assert not {field for field in in_template if field.startswith("$context.identity")}
    assert set(CONTEXT_FIELD.findall(doc_text())) == in_template


def test_every_player_route_is_in_the_doc() -> None:
    """What a player can do about their data (section 5) names every route that touches a
    player: registering, reading, exporting, renaming, erasing, moving."""
    import importlib

    routes = {
        f"{method} {route.path}"
        for module_name in ("community_app", "games_app")
        for route in importlib.import_module(module_name).app.routes
        if getattr(route, "path", "").startswith(("/api/players", "/api/privacy"))
        for method in getattr(route, "methods", ())
        if method != "HEAD"
    }
    assert {"GET /api/players/me/data", "DELETE /api/players/me"} <= routes
    missing = sorted(route for route in routes if f"`{route}`" not in doc_text())
    assert not missing, f"docs/personal-data.md does not name {missing}"
