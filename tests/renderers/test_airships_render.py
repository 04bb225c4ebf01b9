"""The Airships board image: valid, bounded PNGs drawn only from the public view, for 2 to 4 players."""

from __future__ import annotations

import ast
import copy
import io
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import renderers
from renderers import airships, airships_cards, airships_panels, common
from tests.renderers.airships_views import end_view, mid_view, start_view

MAX_BYTES = 1_000_000
MIN_WIDTH = 1200
VIEWS = {"start": start_view, "mid": mid_view, "end": end_view}
RENDERER_DIR = Path(renderers.__file__).parent
# Every top-level key docs/airships-view.md lists for the public view.
DOCUMENTED_KEYS = {
    "game", "title", "version", "players", "era", "seat_names", "current", "step", "to_act", "chosen", "pile",
    "display", "airship_fields", "hindenburg", "wooden_airship", "companies", "last_throw", "events", "outcome",
}


def clear_caches() -> None:
    """Forget every cached piece, so a test sees what a fresh process would draw."""
    for module in (common, airships_cards, airships_panels, airships):
        for value in vars(module).values():
            if hasattr(value, "cache_clear"):
                value.cache_clear()


def open_png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def with_players(view: dict[str, Any], players: int) -> dict[str, Any]:
    """The same table cut down to `players` seats."""
    view = copy.deepcopy(view)
    view["players"] = players
    view["companies"] = view["companies"][:players]
    view["seat_names"] = view["seat_names"][:players]
    for phase in view["hindenburg"]["phases"]:
        if phase["owner"] is not None and phase["owner"] >= players:
            phase["owner"] = None
    return view


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_start_mid_and_end_views_render_to_a_png_at_least_1200_wide_and_under_1_mb(name: str) -> None:
    data = renderers.render("airships", VIEWS[name]())
    image = open_png(data)
    assert image.format == "PNG"
    assert image.width >= MIN_WIDTH
    assert len(data) < MAX_BYTES


def test_the_fixtures_hold_exactly_the_documented_keys() -> None:
    for make in VIEWS.values():
        assert set(make()) == DOCUMENTED_KEYS


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_the_same_view_gives_the_same_bytes_even_from_a_fresh_cache(name: str) -> None:
    first = renderers.render("airships", VIEWS[name]())
    clear_caches()
    assert renderers.render("airships", VIEWS[name]()) == first
    assert renderers.render("airships", VIEWS[name]()) == first


def test_keys_outside_the_documented_view_change_nothing() -> None:
    clean = renderers.render("airships", mid_view())
    leaky = mid_view()
    leaky["pile"]["order"] = ["e2-eng-9", "e2-fin-4", "e2-cap-1"]  # the hidden pile order
    leaky["airship_fields"][0]["cards"] = ["a-dark-5", "a-medium-3"]  # cards under a top card
    leaky["you"] = {"seat": 1, "can_throw_for": ["e1-eng-2"], "legal": ["choose:e1-eng-2"]}
    leaky["display"]["engineers"][0]["secret_note"] = "shuffled third"
    leaky["companies"][0]["hand"] = ["e2-mot-1"]
    assert renderers.render("airships", leaky) == clean


def test_a_documented_change_does_change_the_image() -> None:
    """The converse of the test above: the caches must not hide a real change on the table."""
    before = renderers.render("airships", mid_view())
    for change in (
        lambda v: v["pile"].update(left=13),
        lambda v: v["companies"][2].update(chips=1),
        lambda v: v.update(current=2),
        lambda v: v["display"]["engineers"].__setitem__(1, v["display"]["captains"][1] | {"department": "engineers"}),
        lambda v: v["last_throw"].update(success=False, total=12),
    ):
        view = mid_view()
        change(view)
        assert renderers.render("airships", view) != before


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_three_and_four_player_tables_render(players: int) -> None:
    image = open_png(renderers.render("airships", with_players(start_view(), players)))
    assert image.width >= MIN_WIDTH


def test_company_boards_take_two_per_row() -> None:
    heights = {n: open_png(renderers.render("airships", with_players(start_view(), n))).height for n in (2, 3, 4)}
    assert heights[2] < heights[3] == heights[4]


def test_a_short_throw_awaiting_a_chip_is_not_drawn_as_a_failure() -> None:
    failed = mid_view()
    failed["last_throw"].update(success=False, total=12)
    pending = copy.deepcopy(failed)
    pending.update(step="bonus_chip", current=0, to_act=[0], chosen=failed["last_throw"]["card"])
    failed.update(current=0, to_act=[0])
    failed_side = open_png(renderers.render("airships", failed)).convert("RGB").crop(side_box())
    pending_side = open_png(renderers.render("airships", pending)).convert("RGB").crop(side_box())
    assert failed_side.tobytes() != pending_side.tobytes()


def side_box() -> tuple[int, int, int, int]:
    return (airships.SIDE_X, airships.THROW_TOP, airships.SIDE_X + airships_panels.SIDE_WIDTH,
            airships.THROW_TOP + airships_panels.THROW_HEIGHT)


def test_an_unknown_slug_raises_value_error() -> None:
    with pytest.raises(ValueError, match="chess"):
        renderers.render("chess", mid_view())


def test_renderers_import_no_discord_store_or_engine() -> None:
    allowed = {"__future__", "collections", "functools", "io", "json", "pathlib", "typing", "PIL", "renderers"}
    for path in RENDERER_DIR.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                roots = {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                roots = {(node.module or "").split(".")[0]}
            else:
                continue
            assert roots <= allowed, f"{path.name} imports {roots - allowed}"


def test_fonts_and_their_licence_are_vendored() -> None:
    fonts = RENDERER_DIR / "fonts"
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "LICENSE.txt"):
        assert (fonts / name).is_file()
    assert "Bitstream" in (fonts / "LICENSE.txt").read_text(encoding="utf-8")
    assert Path(common.font(20).path).parent == fonts


def test_every_position_of_a_real_engine_game_renders() -> None:
    """The contract end to end: whatever the engine's public view holds, the renderer draws it."""
    engine = pytest.importorskip("engine")
    simulate = pytest.importorskip("engine.simulate")
    game = engine.get_game("airships")
    for players in (2, 3, 4):
        views: list[dict[str, Any]] = []
        simulate.play_random(game, players, seed=players, on_move=lambda state, seat, action: views.append(game.view(state, None)))
        for view in views[:: max(1, len(views) // 12)] + [views[-1]]:
            data = renderers.render("airships", view)
            assert open_png(data).width >= MIN_WIDTH and len(data) < MAX_BYTES
