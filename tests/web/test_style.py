"""The pages' style sheet: text readable against its ground, and a board as wide as a phone."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

STYLE = (Path(__file__).resolve().parents[2] / "web" / "static" / "style.css").read_text(encoding="utf-8")
AA = 4.5  # WCAG's least contrast for body text


def luminance(colour: str) -> float:
    def channel(hex_pair: str) -> float:
        c = int(hex_pair, 16) / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(colour[i:i + 2]) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def variables() -> dict[str, str]:
    return dict(re.findall(r"--(\w+):\s*(#[0-9a-fA-F]{6})", STYLE))


def test_every_text_colour_reads_well_on_the_ground_and_on_the_highlighted_log_line() -> None:
    colours = variables()
    highlight = re.search(r"li\.here \{ background: (#[0-9a-fA-F]{6})", STYLE)
    assert highlight is not None
    for text in ("ink", "muted", "accent"):
        assert contrast(colours[text], colours["ground"]) >= AA, text
    assert contrast(colours["ink"], highlight.group(1)) >= AA


def test_the_board_is_as_wide_as_the_page_and_wide_tables_scroll_in_their_box() -> None:
    assert re.search(r"figure\.board img \{[^}]*width: 100%", STYLE)
    assert re.search(r"\.wide \{ overflow-x: auto; \}", STYLE)
    assert re.search(r"@media \(max-width: 30rem\)", STYLE)  # 30rem = 480 px: a 390 px phone gets the tight layout


def test_the_game_script_parses_and_uses_no_inline_code() -> None:
    """The CSP allows only the site's own script files: the page's script is one, and it is valid JavaScript."""
    script = Path(__file__).resolve().parents[2] / "web" / "static" / "game.js"
    template = (script.parents[1] / "templates" / "game.html").read_text(encoding="utf-8")
    assert "<script>" not in template and " on" + "click=" not in template
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the script's syntax was not checked")
    subprocess.run([node, "--check", str(script)], check=True, timeout=30)
