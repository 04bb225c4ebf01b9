"""The standings image: a valid PNG within size bounds, the top 25 readable at phone width, any name drawable."""

from __future__ import annotations

from tests.renderers.drawing import open_png

from renderers.standings import MAX_ROWS, ROW_HEIGHT, SMALL_SIZE, WIDTH, draw_standings, points_text


def rows(count: int, name: str = "member") -> list[dict[str, object]]:
    return [{"rank": n + 1, "name": f"{name} {n}", "points": 30 - n / 2, "opponents": 90 - n, "games": 6}
            for n in range(count)]


def test_standings_are_a_png_within_bounds_showing_the_top_25() -> None:
    data = draw_standings("Spring Cup · season 2", "Airships · round 6 of 6 · 54 of 54 games finished", rows(40))
    image = open_png(data)
    assert image.format == "PNG" and image.width == WIDTH
    assert MAX_ROWS * ROW_HEIGHT < image.height < MAX_ROWS * ROW_HEIGHT + 400  # 25 rows, not 40
    assert len(data) < 300_000
    assert SMALL_SIZE >= WIDTH / 36  # the smallest text stays legible when a phone shows it 360 px wide


def test_rows_change_the_picture_and_an_empty_season_still_draws() -> None:
    assert draw_standings("L", "s", rows(2)) != draw_standings("L", "s", rows(1))
    assert open_png(draw_standings("L", "sign-ups open", [])).height > 0


def test_odd_names_draw_and_half_points_show() -> None:
    odd = rows(2, name="🛩️" * 5) + rows(2, name="Wolfeschlegelsteinhausenbergerdorff the aviator of the north")
    assert open_png(draw_standings("Airships", "x", odd)).width == WIDTH
    assert (points_text(2.5), points_text(4.0), points_text(1200)) == ("2.5", "4", "1,200")
