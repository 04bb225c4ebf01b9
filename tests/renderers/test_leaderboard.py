"""The leaderboard image: a valid PNG within size bounds, 25 rows readable at phone width, any name drawable."""

from __future__ import annotations

from tests.renderers.drawing import open_png

from renderers.leaderboard import ROW_HEIGHT, SMALL_SIZE, WIDTH, draw_leaderboard


def rows(count: int, name: str = "member") -> list[dict[str, object]]:
    return [{"rank": n + 1, "name": f"{name} {n}", "rating": 2100 - 17 * n, "provisional": n % 3 == 0,
             "games": 40 - n, "wins": 12 - n // 3} for n in range(count)]


def test_a_full_leaderboard_is_a_png_within_bounds() -> None:
    data = draw_leaderboard("Air Alliance", rows(25), 312)
    image = open_png(data)
    assert image.format == "PNG" and image.width == WIDTH
    assert 25 * ROW_HEIGHT < image.height < 25 * ROW_HEIGHT + 400  # every row, and little else
    assert len(data) < 300_000  # far below Discord's upload limit
    assert SMALL_SIZE >= WIDTH / 36  # the smallest text stays legible when a phone shows it 360 px wide


def test_one_row_draws_a_short_image_and_rows_change_the_picture() -> None:
    one = open_png(draw_leaderboard("1930", rows(1), 1))
    assert one.height < 400
    assert draw_leaderboard("1930", rows(2), 2) != draw_leaderboard("1930", rows(1), 2)


def test_names_too_long_or_without_glyphs_still_draw() -> None:
    odd = rows(3, name="🛩️" * 5) + rows(2, name="Wolfeschlegelsteinhausenbergerdorff the aviator of the north")
    image = open_png(draw_leaderboard("Airships", odd, 5))
    assert image.width == WIDTH
    assert open_png(draw_leaderboard("Airships", [], 0)).height > 0  # nothing to list still draws
