"""Reading a whole test table: a test may scan, the code under test may not."""

from __future__ import annotations

from typing import Any


def all_items(table: Any) -> list[dict[str, Any]]:
    """Every item of the table, page by page."""
    items: list[dict[str, Any]] = []
    query: dict[str, Any] = {}
    while True:
        page = table.scan(**query)
        items.extend(page["Items"])
        if "LastEvaluatedKey" not in page:
            return items
        query["ExclusiveStartKey"] = page["LastEvaluatedKey"]
