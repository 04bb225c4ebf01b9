"""docs/*-view.md hold each game's view dataclasses as engine.view.schema writes them: the reference stays current.

Run `python -m tests.test_view_docs` to write the tables again after a view changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.view import CommonView, schema
from engine.views.air_alliance import AirAllianceView
from engine.views.airships import AirshipsView
from engine.views.golden_age import GoldenAgeView

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGES: dict[str, type[CommonView]] = {
    "airships-view.md": AirshipsView, "air-alliance-view.md": AirAllianceView, "golden-age-view.md": GoldenAgeView,
}
START = "<!-- the dataclasses: written by engine.view.schema (python -m tests.test_view_docs) -->\n"
END = "<!-- end of the dataclasses -->\n"


def written(page: str) -> str:
    """The page with its dataclass tables as the view's dataclasses are now."""
    text = (DOCS / page).read_text(encoding="utf-8")
    before, _, rest = text.partition(START)
    _, _, after = rest.partition(END)
    return f"{before}{START}\n{schema(PAGES[page])}\n{END}{after}"


@pytest.mark.parametrize("page", sorted(PAGES))
def test_each_view_page_holds_its_dataclasses_as_they_are(page: str) -> None:
    text = (DOCS / page).read_text(encoding="utf-8")
    assert START in text and END in text, f"docs/{page} has no generated tables"
    assert text == written(page), f"docs/{page} is out of date: run python -m tests.test_view_docs"


def test_a_renamed_field_makes_the_page_out_of_date() -> None:
    page = "airships-view.md"
    assert "| `airships_built` | whole number |" in written(page)
    assert written(page).replace("`airships_built`", "`ships_built`") != written(page)


if __name__ == "__main__":
    for name in PAGES:
        (DOCS / name).write_text(written(name), encoding="utf-8")
