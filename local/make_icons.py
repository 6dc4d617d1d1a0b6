"""Draws the home-screen icons (frontend/icons/*.png) from frontend/favicon.svg.

Phones want bitmaps for a home-screen icon (the web app manifest's 192 and 512 px, Apple's
180 px touch icon) while the site keeps one drawing, the SVG favicon. The system Chromium the
browser tests already use renders the SVG, so no image library is needed: run this again
after changing favicon.svg (``.venv/bin/python -m local.make_icons``) and commit the PNGs.

"maskable" and Apple icons are full-bleed (launchers crop them to their own shape and iOS
fills transparency with black): the drawing is shrunk into the central safe zone on the
favicon's own wood colour.
"""

from __future__ import annotations

import base64
import sys
from pathlib import Path

from local.paths import FRONTEND_DIR

CHROMIUM = "/usr/bin/chromium"
WOOD = "#7a4a26"  # the favicon's background square
# (file name, size in px, full-bleed?)
ICONS: tuple[tuple[str, int, bool], ...] = (
    ("icon-192.png", 192, False),
    ("icon-512.png", 512, False),
    ("icon-maskable-512.png", 512, True),
    ("apple-touch-icon.png", 180, True),
)
# A maskable icon's safe zone is the central circle of 80 % of its size.
MASKABLE_SCALE = 0.78


def page_for(svg: str, size: int, full_bleed: bool) -> str:
    """A page whose only content is the drawing at ``size`` px (on the wood when full-bleed)."""
    data = base64.b64encode(svg.encode()).decode()
    inner = round(size * MASKABLE_SCALE) if full_bleed else size
    background = WOOD if full_bleed else "transparent"
    return (
        "<!doctype html><html><body style='margin:0'>"
        f"<div id='icon' style='width:{size}px;height:{size}px;background:{background};"
        "display:flex;align-items:center;justify-content:center'>"
        f"<img src='data:image/svg+xml;base64,{data}' width='{inner}' height='{inner}'>"
        "</div></body></html>"
    )


def main() -> int:
    from playwright.sync_api import sync_playwright

    svg = (FRONTEND_DIR / "favicon.svg").read_text(encoding="utf-8")
    out_dir = FRONTEND_DIR / "icons"
    out_dir.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page(viewport={"width": 600, "height": 600})
        for name, size, full_bleed in ICONS:
            page.set_content(page_for(svg, size, full_bleed))
            target: Path = out_dir / name
            page.locator("#icon").screenshot(path=str(target), omit_background=not full_bleed)
            print(f"{target.relative_to(FRONTEND_DIR.parent)}: {size}x{size}")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
