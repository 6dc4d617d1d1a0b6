"""Each page's shared head and header are defined once, in frontend/partials/, and put into
every page by the local server and by ``make deploy`` (deploy/site_pages.py)."""

from __future__ import annotations

import re
from pathlib import Path

import boto3
import pytest
from moto import mock_aws

from deploy import publish_site, site_pages
from local.paths import FRONTEND_DIR

pytestmark = pytest.mark.lint

PAGES = sorted(key for key in site_pages.site_files() if key.endswith(".html"))


def test_the_site_has_its_pages_and_no_part() -> None:
    assert {"index.html", "play.html", "404.html", "rules.html"} <= set(PAGES)
    assert not [key for key in site_pages.site_files() if key.startswith("partials/")]
    assert sorted(p.name for p in (FRONTEND_DIR / "partials").iterdir()) == [
        "footer.html",  # every page's footer: the privacy notice and "My data"
        "head.html",
        "header.html",
        "rules-end-checkers-en.html",  # English and Italian: the same "checkers" draw rules
        "rules-end-checkers-fr.html",
        "rules-tabs-en.html",
        "rules-tabs-fr.html",
    ]


@pytest.mark.parametrize("page", PAGES)
def test_every_page_takes_the_shared_head_and_header(page: str) -> None:
    source = (FRONTEND_DIR / page).read_text(encoding="utf-8")
    # The character set comes first (the browser reads it within the first 1024 bytes).
    assert source.index('<meta charset="utf-8">\n<!--#include head.html-->\n') < 120
    assert source.count("<!--#include head.html-->") == 1
    assert source.count("<!--#include header.html-->") == 1
    assert "<header" not in source and "theme-switch" not in source  # not written again

    rendered = site_pages.render_page(FRONTEND_DIR / page)
    assert "<!--#include" not in rendered
    for once in ('<header class="top">', 'id="theme-switch"', 'id="lang-switch"',
                 'href="/css/site.css"', 'src="/js/lang-boot.js"', 'rel="manifest"'):
        assert rendered.count(once) == 1, (page, once)
    assert rendered.index("<head>") < rendered.index('rel="manifest"') < rendered.index("</head>")
    assert rendered.index("<body") < rendered.index('<header class="top">')


@pytest.mark.parametrize(
    ("page", "current"),
    [
        ("rules-italian.html", ["/rules-italian.html"] * 2),  # its tab, in each language
        ("rules.html", ["/rules.html"] * 3),  # the menu's rules link, and its tabs
        ("leaderboards.html", ["/leaderboards.html"]),
        ("play.html", []),
    ],
)
def test_a_shared_menu_marks_the_page_it_is_on(page: str, current: list[str]) -> None:
    rendered = site_pages.render_page(FRONTEND_DIR / page)
    marked = re.findall(r'href="([^"]+)" aria-current="page"', rendered)
    assert marked == current


def test_the_parts_link_absolutely_as_the_not_found_page_needs() -> None:
    """The 404 page is served at any depth (/a/b/c): a relative link would miss."""
    for part in (FRONTEND_DIR / "partials").iterdir():
        text = part.read_text(encoding="utf-8")
        for attribute in ('href="', 'src="'):
            for value in text.split(attribute)[1:]:
                assert value.startswith("/"), (part.name, value[:40])


def test_a_page_naming_a_missing_part_is_refused(tmp_path: Path) -> None:
    (tmp_path / "partials").mkdir()
    page = tmp_path / "page.html"
    page.write_text("<body>\n<!--#include footer.html-->\n</body>\n")
    with pytest.raises(site_pages.PageError, match=r"footer\.html"):
        site_pages.render_page(page, tmp_path)
    # An include must stand on its own line: inside other text it is left as written.
    assert site_pages.render("a <!--#include head.html--> b", tmp_path / "partials") == (
        "a <!--#include head.html--> b"
    )


def test_deploy_uploads_the_pages_rendered_and_never_the_parts() -> None:
    with mock_aws():
        s3 = boto3.client("s3", region_name="us-east-1")
        s3.create_bucket(Bucket="site")
        s3.put_object(Bucket="site", Key="old.html", Body=b"gone")
        uploaded = publish_site.upload_site(s3, "site")
        keys = {obj["Key"] for obj in s3.list_objects_v2(Bucket="site")["Contents"]}
        assert keys == set(uploaded) and "old.html" not in keys
        assert not [key for key in keys if key.startswith("partials/")]
        page = s3.get_object(Bucket="site", Key="play.html")
        assert page["ContentType"] == "text/html; charset=utf-8"
        assert page["CacheControl"] == publish_site.HTML_CACHE
        assert page["Body"].read().decode() == site_pages.render_page(FRONTEND_DIR / "play.html")
        icon = s3.get_object(Bucket="site", Key="favicon.svg")["Body"].read()
        assert icon == (FRONTEND_DIR / "favicon.svg").read_bytes()
