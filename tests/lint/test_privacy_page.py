"""The privacy notice (frontend/privacy.html) says what the code does: each figure it marks
``data-figure="NAME unit"`` is the code's or the template's (read as
tests/lint/test_personal_data_doc.py reads the inventory's), and every page's footer links to
it and to "My data"."""

from __future__ import annotations

import re

import pytest

from deploy import site_pages
from local.paths import FRONTEND_DIR
from tests.lint.test_personal_data_doc import COUNTS, SOURCES, UNIT_SECONDS

pytestmark = pytest.mark.lint

NOTICE = FRONTEND_DIR / "privacy.html"
FIGURE = re.compile(r'data-figure="([A-Za-z_][A-Za-z0-9_.]*) (\w+)"[^>]*>(\d+)<')
PAGES = sorted(key for key in site_pages.site_files() if key.endswith(".html"))


def test_every_figure_of_the_notice_is_the_codes() -> None:
    figures = FIGURE.findall(NOTICE.read_text(encoding="utf-8"))
    assert len(figures) >= 10
    wrong = []
    for name, unit, number in figures:
        assert name in SOURCES, f"the notice marks `{name}`, which no source gives"
        assert (unit in ("entries", "months")) == (name in COUNTS), (name, unit)
        if int(number) * UNIT_SECONDS[unit] != SOURCES[name]():
            wrong.append(f"{name} = {number} {unit}")
    assert not wrong, f"the notice's figures differ from the code: {wrong}"


def test_the_notice_has_both_languages_in_every_section() -> None:
    text = NOTICE.read_text(encoding="utf-8")
    assert text.count('lang="fr"') == text.count('lang="en"') + 1  # <html lang="fr">


@pytest.mark.parametrize("page", PAGES)
def test_every_page_has_the_footer_with_the_notice(page: str) -> None:
    rendered = site_pages.render_page(FRONTEND_DIR / page)
    assert rendered.count('<footer class="site-footer">') == 1, page
    assert 'href="/privacy.html"' in rendered and 'href="/my-data.html"' in rendered
    assert rendered.index("</main>") < rendered.index('<footer class="site-footer">')
