"""The statistics page lists the variants in the order of GET /api/variants (the site keeps
no list of its own)."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytestmark = pytest.mark.browser


def test_the_rows_follow_the_apis_order_of_the_variants(browser: Any, base_url: str) -> None:
    # Counted in the reverse of the API's order, so only the API's order can sort them.
    rows = {f"{name}|facile|white": {"win": 1, "draw": 0, "loss": 0}
            for name in ("italian", "english", "brazilian", "international")}
    context = browser.new_context(base_url=base_url, locale="en-GB")
    context.add_init_script(
        "localStorage.setItem('dames.stats', "
        f"{json.dumps(json.dumps({'rows': rows, 'ids': []}))})"
    )
    page = context.new_page()
    with page.expect_response(lambda r: r.url.endswith("/api/variants")) as answer:
        page.goto("/stats.html")
    order = [v["name"] for v in answer.value.json()["variants"]]
    page.wait_for_function(
        "(first) => document.querySelector('#stats-body tr')?.dataset.variant === first",
        arg=order[0],
    )
    shown = page.eval_on_selector_all("#stats-body tr", "rows => rows.map(r => r.dataset.variant)")
    assert shown == order
    context.close()
