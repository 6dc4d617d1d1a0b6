"""The site's pages with their shared parts put in: the one place the head and header live.

Every page of ``frontend/`` names the parts it shares on a line of its own
(``<!--#include head.html-->``, ``<!--#include header.html-->``); ``frontend/partials/``
holds each part once. The local server serves the pages rendered, and ``make deploy``
publishes them rendered (``deploy/publish_site.py``), so the browser never sees an include and
the partials are never a page of the site. The parts' links are absolute: the same part
serves ``/play.html`` and the not-found page at any depth.
"""

from __future__ import annotations

import re
from pathlib import Path

from local.paths import FRONTEND_DIR

PARTIALS = "partials"
INCLUDE = re.compile(r"^([ \t]*)<!--#include ([\w-]+\.html)-->$", re.M)


class PageError(ValueError):
    """A page that names a part that does not exist."""


def render(text: str, partials_dir: Path, page_url: str | None = None) -> str:
    """``text`` with each include line replaced by its part, indented as the line was. In a
    part, a link to ``page_url`` (the page itself) is marked ``aria-current="page"``: one
    menu serves every page and still says where the reader is."""

    def part(match: re.Match[str]) -> str:
        indent, name = match.groups()
        path = partials_dir / name
        if not path.is_file():
            raise PageError(f"no part {name!r} in {partials_dir}")
        body = path.read_text(encoding="utf-8").rstrip("\n")
        if page_url is not None:
            body = body.replace(f'href="{page_url}"', f'href="{page_url}" aria-current="page"')
        return "\n".join(indent + line if line else line for line in body.split("\n"))

    return INCLUDE.sub(part, text)


def render_page(page: Path, root: Path = FRONTEND_DIR) -> str:
    """The page at ``page`` (under ``root``) as the browser gets it."""
    url = "/" + page.relative_to(root).as_posix()
    return render(page.read_text(encoding="utf-8"), root / PARTIALS, url)


def is_part(relative: str) -> bool:
    """Whether ``relative`` (a path under the site's root) is inside the partials."""
    return relative.replace("\\", "/").lstrip("/").split("/", 1)[0] == PARTIALS


def site_files(root: Path = FRONTEND_DIR) -> dict[str, Path]:
    """Every file the site serves, by its path under ``root`` (its S3 key): the partials and
    hidden files are not part of it."""
    files: dict[str, Path] = {}
    for path in sorted(root.rglob("*")):
        key = path.relative_to(root).as_posix()
        if path.is_file() and not path.name.startswith(".") and not is_part(key):
            files[key] = path
    return files


def served_body(path: Path, root: Path = FRONTEND_DIR) -> bytes:
    """What is served for the file at ``path``: a page rendered, anything else as it is."""
    if path.suffix == ".html":
        return render_page(path, root).encode("utf-8")
    return path.read_bytes()
