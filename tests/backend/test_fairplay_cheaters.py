"""Issue 29's cheater's table, rerun through the server (``bench/fairplay_table.py``): each
row's engine-played line (Scan 2.0's recorded moves, the project's strongest level, fort's
second choice, a copier's) claimed on the free board, judged by its own analysis job at the
judge's full budget (``JUDGE_LEVEL``: the figures of docs/fair-play.md; about 10 s a line
here, most of it ``fort``'s searches beside the core), held and off the public board; the
person-like control published and on it. Every claim here ranks in the board's top ten,
where a master's accuracy waits for a moderator.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from bench.fairplay_table import ROWS, Row, records_of, run_row

# The rows the verdict does not catch (docs/fair-play.md, "The cheater's table": fort's
# second choice plays at 90.2, under a master's accuracy). Strict: a row that starts being
# held fails here, so that the doc's table is brought up to date.
NOT_CAUGHT = {"fort-second"}


@pytest.mark.parametrize("row", [
    pytest.param(row, id=row.kind, marks=pytest.mark.xfail(
        strict=True, reason="not caught at a person's pace: docs/fair-play.md"))
    if row.kind in NOT_CAUGHT else pytest.param(row, id=row.kind)
    for row in ROWS
])
def test_each_row_of_the_cheaters_table(
    row: Row, table: Any, games_client: TestClient, community_client: TestClient,
) -> None:
    (record,) = records_of(row.kind, every=False)
    outcome = run_row(games_client, community_client, row, record)
    print(outcome)
    assert outcome.state == row.expected, outcome
    assert outcome.public == (row.expected == "published"), outcome
    if row.expected == "held":
        assert outcome.codes and outcome.fair_score >= 0.0, outcome
