"""What the one-off passes over a table share: a filtered scan, page by page, and the line
that says what a pass did.

Only operator commands scan (a Lambda function's role may not): they run once per table, by
hand, where a scan's cost is paid once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any


def scan(table: Any, condition: Any) -> Iterator[dict[str, Any]]:
    """Every item of ``table`` that ``condition`` (a boto3 ``Attr`` expression) keeps."""
    request: dict[str, Any] = {"FilterExpression": condition}
    while True:
        page = table.scan(**request)
        yield from page["Items"]
        if "LastEvaluatedKey" not in page:
            return
        request["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def summary(report: Counter[str]) -> str:
    """``3 games listed, 1 profiles dated``, or ``nothing to do``."""
    return ", ".join(f"{n} {what}" for what, n in sorted(report.items())) or "nothing to do"
