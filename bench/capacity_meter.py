"""DynamoDB capacity as the code under measure spends it: the benchmarks install one meter on
the clients they watch and read back the units every request consumed."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

READ_OPERATIONS = ("GetItem", "Query", "BatchGetItem", "Scan")


@dataclass
class CapacityMeter:
    """Adds ReturnConsumedCapacity to every DynamoDB call of a client and keeps, per
    operation, the calls made and the capacity units that came back."""

    calls: Counter[str] = field(default_factory=Counter)
    units_by_call: dict[str, float] = field(default_factory=dict)

    def install(self, client: Any) -> None:
        client.meta.events.register("provide-client-params.dynamodb.*", self._ask)
        client.meta.events.register("after-call.dynamodb.*", self._count)

    def _ask(self, params: dict[str, Any], **_: Any) -> None:
        params.setdefault("ReturnConsumedCapacity", "TOTAL")

    def _count(self, parsed: dict[str, Any], model: Any, **_: Any) -> None:
        self.calls[model.name] += 1
        consumed = parsed.get("ConsumedCapacity") or []
        for part in consumed if isinstance(consumed, list) else [consumed]:
            spent = float(part.get("CapacityUnits", 0.0))
            self.units_by_call[model.name] = self.units_by_call.get(model.name, 0.0) + spent

    def reset(self) -> None:
        self.calls.clear()
        self.units_by_call.clear()

    @property
    def units(self) -> float:
        """Every unit consumed, as DynamoDB reports them."""
        return sum(self.units_by_call.values())

    @property
    def total_calls(self) -> int:
        return sum(self.calls.values())

    @property
    def reads(self) -> float:
        """Read units."""
        return sum(u for op, u in self.units_by_call.items() if op in READ_OPERATIONS)

    @property
    def writes(self) -> float:
        """Write units as billed: a transaction's writes count twice."""
        return sum(
            u * (2 if op == "TransactWriteItems" else 1)
            for op, u in self.units_by_call.items()
            if op not in READ_OPERATIONS
        )

    def breakdown(self) -> str:
        """``1 GetItem 1.0, 3 Query 1.5``: requests and capacity units per operation."""
        return ", ".join(
            f"{n} {op} {self.units_by_call.get(op, 0.0):g}"
            for op, n in sorted(self.calls.items())
        )
