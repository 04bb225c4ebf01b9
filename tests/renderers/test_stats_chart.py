"""The statistics chart: a valid PNG within size bounds, bars as long as the shares, legible at phone width."""

from __future__ import annotations

from tests.renderers.drawing import open_png

from renderers.common import BLUE
from renderers.stats import BAR_LEFT, ROW_HEIGHT, SMALL_SIZE, WIDTH, draw_stats, HEADER_HEIGHT


def chart(shares: list[float], fair: float = 0.5, luck: list[float] | None = None) -> dict[str, object]:
    return {"title": "Airships", "subtitle": "Wins by seat position, 10 finished games on this server",
            "seats": [{"label": f"{n + 1}st to play", "share": share, "fair": fair, "games": 10, "luck": luck}
                      for n, share in enumerate(shares)]}


def bar_end(image: object, row: int) -> int:
    """The rightmost pixel of a row's bar, along its middle line."""
    y = HEADER_HEIGHT + row * ROW_HEIGHT + ROW_HEIGHT // 2 - 8  # above the whisker, inside the bar
    xs = [x for x in range(BAR_LEFT, WIDTH) if image.getpixel((x, y)) == BLUE]  # type: ignore[attr-defined]
    return max(xs) if xs else BAR_LEFT


def test_six_positions_draw_a_png_within_bounds_legible_on_a_phone() -> None:
    data = draw_stats(chart([0.3, 0.2, 0.2, 0.1, 0.1, 0.1], fair=1 / 6))
    image = open_png(data)
    assert image.format == "PNG" and image.width == WIDTH
    assert 6 * ROW_HEIGHT < image.height < 6 * ROW_HEIGHT + 400
    assert len(data) < 300_000
    assert SMALL_SIZE >= WIDTH / 36  # the smallest text stays legible when a phone shows it 360 px wide


def test_what_luck_gives_is_drawn_only_where_the_figures_tell_it() -> None:
    told = open_png(draw_stats(chart([0.6, 0.4], luck=[0.4, 0.6]))).convert("RGB")
    untold = open_png(draw_stats(chart([0.6, 0.4]))).convert("RGB")
    assert told.tobytes() != untold.tobytes()  # the range and its legend
    bare = draw_stats(chart([0.6, 0.4]))
    assert bare == draw_stats(chart([0.6, 0.4], luck=None))


def test_a_bigger_share_draws_a_longer_bar() -> None:
    image = open_png(draw_stats(chart([0.7, 0.3]))).convert("RGB")
    assert bar_end(image, 0) > bar_end(image, 1) > BAR_LEFT


def test_nothing_to_show_and_odd_words_still_draw() -> None:
    assert open_png(draw_stats({"title": "", "subtitle": "", "seats": []})).height > 0
    odd = chart([1.0, 0.0])
    odd["title"] = "🛩️" * 40
    assert open_png(draw_stats(odd)).width == WIDTH
