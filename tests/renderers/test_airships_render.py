"""The Airships board image: valid, bounded PNGs drawn only from the public view, for 2 to 4 players."""

from __future__ import annotations

import ast
import copy
import re
from pathlib import Path
from typing import Any

import pytest
from PIL import ImageChops

import renderers
from engine.view import ViewError, from_json
from engine.views.airships import AirshipField, Throw
from renderers import common
from renderers.airships import render as airships
from renderers.airships import cards as airships_cards
from renderers.airships import panels as airships_panels
from renderers.airships import table as airships_table
from renderers.airships import throw as airships_throw
from tests.renderers.airships_drawing import VIEWS, TextLog, clear_caches, drawn_views, engine_views, open_png
from engine.platform.wording import tableless
from tests.renderers.airships_views import dice, expansion, mid_view, start_view
from tests.renderers.drawing import typed

MAX_BYTES = 1_000_000
MIN_WIDTH = 1200
RENDERER_DIR = Path(renderers.__file__).parent
# Every top-level key docs/airships-view.md lists for the public view.
DOCUMENTED_KEYS = {
    "game", "title", "version", "players", "era", "seat_names", "current", "step", "decision", "to_act", "chosen",
    "revealed", "throwable", "pile",
    "display", "airship_fields", "hindenburg", "wooden_airship", "companies", "last_throw", "events", "outcome",
    "points", "points_unit",
}


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
    data = renderers.render("airships", typed(VIEWS[name]()))
    image = open_png(data)
    assert image.format == "PNG"
    assert image.width >= MIN_WIDTH
    assert len(data) < MAX_BYTES


def test_the_fixtures_hold_exactly_the_documented_keys() -> None:
    for make in VIEWS.values():
        assert set(make()) == DOCUMENTED_KEYS


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_the_same_view_gives_the_same_bytes_even_from_a_fresh_cache(name: str) -> None:
    first = renderers.render("airships", typed(VIEWS[name]()))
    clear_caches()
    assert renderers.render("airships", typed(VIEWS[name]())) == first
    assert renderers.render("airships", typed(VIEWS[name]())) == first


@pytest.mark.parametrize("leak, key", [
    (lambda v: v["pile"].update(order=["e2-eng-9", "e2-fin-4"]), "view.pile has no key 'order'"),  # the hidden order
    (lambda v: v["airship_fields"][0].update(cards=["a-dark-5"]), "'cards'"),  # cards under a top card
    (lambda v: v["display"]["engineers"][0].update(secret_note="third"), "'secret_note'"),
    (lambda v: v["companies"][0].update(hand=["e2-mot-1"]), "'hand'"),
    (lambda v: v["companies"][0].pop("vp"), "view.companies[0] lacks 'vp'"),  # a renamed or lost field
])
def test_a_view_with_a_key_it_does_not_have_or_without_one_it_has_is_refused_not_drawn(
        leak: Any, key: str) -> None:
    """The renderer draws the typed view: a key the view does not declare, or a declared key missing (a field
    renamed on one side), is an error naming it rather than a blank panel."""
    leaky = mid_view()
    leak(leaky)
    with pytest.raises(ViewError, match=re.escape(key)):
        typed(leaky)


def test_a_seats_own_part_changes_nothing_on_the_board() -> None:
    clean = renderers.render("airships", typed(mid_view()))
    mine = mid_view() | {"you": {"seat": 1, "can_throw_for": ["e1-eng-2"], "legal": ["choose:e1-eng-2"]}}
    assert renderers.render("airships", typed(mine)) == clean


def test_a_documented_change_does_change_the_image() -> None:
    """The converse of the test above: the caches must not hide a real change on the table."""
    before = renderers.render("airships", typed(mid_view()))
    for change in (
        lambda v: v["pile"].update(left=13),
        lambda v: v["companies"][2].update(chips=1),
        lambda v: v.update(current=2),
        lambda v: v["display"]["engineers"].__setitem__(1, v["display"]["captains"][1] | {"department": "engineers"}),
        lambda v: v["last_throw"].update(success=False, total=12),
        lambda v: v.update(revealed=None),
        lambda v: v.update(throwable=[]),
        lambda v: v.update(chosen=v["display"]["captains"][1]),
    ):
        view = mid_view()
        change(view)
        assert renderers.render("airships", typed(view)) != before


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_three_and_four_player_tables_render(players: int) -> None:
    image = open_png(renderers.render("airships", typed(with_players(start_view(), players))))
    assert image.width >= MIN_WIDTH


def test_company_boards_take_two_per_row() -> None:
    heights = {n: open_png(renderers.render("airships", typed(with_players(start_view(), n)))).height for n in (2, 3, 4)}
    assert heights[2] < heights[3] == heights[4]


def test_a_short_throw_awaiting_a_chip_is_not_drawn_as_a_failure() -> None:
    failed = mid_view()
    failed["last_throw"].update(success=False, total=12)
    pending = copy.deepcopy(failed)
    pending.update(step="bonus_chip", current=0, to_act=[0], chosen=failed["last_throw"]["card"])
    failed.update(current=0, to_act=[0])
    failed_side = open_png(renderers.render("airships", typed(failed))).convert("RGB").crop(side_box())
    pending_side = open_png(renderers.render("airships", typed(pending))).convert("RGB").crop(side_box())
    assert failed_side.tobytes() != pending_side.tobytes()


def side_box() -> tuple[int, int, int, int]:
    return (airships.SIDE_X, airships.THROW_TOP, airships.SIDE_X + airships_panels.SIDE_WIDTH,
            airships.THROW_TOP + airships_throw.THROW_HEIGHT)


def test_an_unknown_slug_raises_value_error() -> None:
    with pytest.raises(ValueError, match="chess"):
        renderers.render("chess", typed(mid_view()))


def test_renderers_import_no_discord_store_or_engine() -> None:
    # threading: the PNG strip cache's lock, as boards are drawn in worker threads; dataclasses: plain rows to draw;
    # math: a chart's axis rounded up; importlib: the renderer a game's manifest names, found in the registry
    allowed = {"__future__", "collections", "dataclasses", "functools", "importlib", "io", "json", "math", "pathlib",
               "re", "struct", "threading", "typing", "unicodedata", "zlib", "PIL", "renderers"}
    for path in RENDERER_DIR.rglob("*.py"):
        if path.name == "__main__.py":  # the command line, not a renderer: it plays games through the engine to draw them
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):  # `import engine`, the registry alone of the engine: the manifests
                roots = {"renderers" if alias.name == "engine" else alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                # engine.words alone of the engine: the shared plural and score words, pure and importing nothing
                # and the views they draw: engine.view and each game's engine.views (typed values, importing no rules)
                shared = node.module in ("engine.words", "engine.view") or (node.module or "").startswith("engine.views")
                roots = {"renderers" if shared else (node.module or "").split(".")[0]}
            else:
                continue
            assert roots <= allowed, f"{path.name} imports {roots - allowed}"


def test_fonts_and_their_licence_are_vendored() -> None:
    fonts = RENDERER_DIR / "fonts"
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "LICENSE.txt"):
        assert (fonts / name).is_file()
    assert "Bitstream" in (fonts / "LICENSE.txt").read_text(encoding="utf-8")
    assert Path(common.font(20).path).parent == fonts


@pytest.mark.slow
def test_every_position_of_a_real_engine_game_renders() -> None:
    """The contract end to end: whatever the engine's public view holds, the renderer draws it."""
    engine = pytest.importorskip("engine")
    simulate = pytest.importorskip("engine.cli.simulate")
    game = engine.get_game("airships")
    for players in (2, 3, 4):
        views: list[Any] = []
        simulate.play_random(game, players, seed=players, on_move=lambda state, seat, action: views.append(tableless(game.sentences, game.view(state, None))))  # noqa: B023  # the callback runs only during this playout
        for view in views[:: max(1, len(views) // 12)] + [views[-1]]:
            data = renderers.render("airships", view)
            assert open_png(data).width >= MIN_WIDTH and len(data) < MAX_BYTES


# -- legible on a phone -------------------------------------------------------------------------------
DIE_LETTERS = set(airships_cards.DIE_LETTER.values())


@pytest.mark.slow
def test_no_text_a_player_reads_is_drawn_below_the_phone_legible_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """Discord shows the 1400 px board about 400 px wide on a phone: text below MIN_TEXT shrinks past reading.

    Only the colour letters on dice may be smaller: the die's colour and shade carry the same thing.
    """
    clear_caches()
    log = TextLog(monkeypatch)
    for view in drawn_views():
        renderers.render("airships", typed(view))
    clear_caches()
    assert log.texts
    small = sorted({(words, size) for words, size, _ in log.texts if size < common.MIN_TEXT and words not in DIE_LETTERS})
    assert small == []
    assert common.MIN_TEXT >= 22


@pytest.mark.slow
def test_numbers_on_dice_are_legible_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """An imaginary die's value and a rolled die's face are scores: their digits keep to MIN_TEXT."""
    clear_caches()
    log = TextLog(monkeypatch)
    for view in drawn_views():
        renderers.render("airships", typed(view))
    clear_caches()
    digits = [(words, size) for words, size, _ in log.texts if words.isdigit() and size < common.MIN_TEXT]
    assert digits == []


@pytest.mark.slow
def test_no_text_or_die_runs_off_the_edge_of_its_piece(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bigger text must not be cut off where a tile, panel or line ends, in any position of a real game."""
    clear_caches()
    log = TextLog(monkeypatch)
    for view in drawn_views() + engine_views(2, seed=7) + engine_views(3, seed=11):
        renderers.render("airships", typed(view))
    clear_caches()
    assert [words for words, _, inside in log.texts if not inside] == []
    assert [size for size, inside in log.dice if not inside] == []


def test_every_card_in_the_game_fits_its_tile_and_its_department_cell(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("engine")
    data = pytest.importorskip("engine.rules.airships.data")
    card_view = pytest.importorskip("engine.rules.airships.view")
    clear_caches()
    log = TextLog(monkeypatch)
    components = data.components()
    for card_id in components.expansions:
        card = card_view.known_card(components, card_id)
        read = airships_table.card(card)
        airships_cards.expansion_tile(read)
        airships_panels.department_cell(card.department, read)
        # what it gives stays clear of its VP badge, on the tile and on a company board
        atoms = airships_cards.gives_atoms(read)
        badge = common.text_width(f"★{card.vp}", common.MIN_TEXT, True) + 14 + 6 if card.vp else 0
        inner = airships_cards.BORDER + 6
        assert atoms_fit(atoms, airships_cards.EXPANSION_SIZE[0] - 2 * inner - badge, (airships_cards.GIVE_DIE, 22)), card_id
        cell = airships_cards.gives_atoms(read, common.MIN_TEXT, words=False)
        assert atoms_fit(cell, airships_panels.DEPARTMENT_CELL[0] - 6 - 17, (26, 20)), card_id
    for card_id in components.airships:
        airships_cards.airship_tile(airships_table.field(AirshipField(left=2, top=card_view.card(components, card_id))))
    clear_caches()
    assert [words for words, _, inside in log.texts if not inside] == []


def atoms_fit(atoms: list[Any], room: int, sizes: tuple[int, ...]) -> bool:
    return any(airships_cards.atoms_width(atoms, size) <= room for size in sizes)


# -- names the font cannot draw -----------------------------------------------------------------------
@pytest.mark.parametrize(("name", "drawn"), [
    ("Ann", "Ann"),
    ("🚀 Zoë", "Zoë"),
    ("Zoe\u0308", "Zoë"),  # a decomposed ë is composed, not split from its letter
    ("李雷", ""),
    ("Ann李Bo", "Ann Bo"),  # a run of undrawable characters inside a name becomes one space
    ("👨\u200d👩\u200d👧 Kim 🎲🎲", "Kim"),  # joiners go with the emoji they join
    ("a\nb\tc", "a b c"),
    ("❤\ufe0f Bob", "❤ Bob"),  # DejaVu has the heart; the emoji-style selector is dropped
    ("Ωmega Ÿves Якоб", "Ωmega Ÿves Якоб"),  # Greek, Latin and Cyrillic are in DejaVu
])
def test_characters_the_font_cannot_draw_are_dropped(name: str, drawn: str) -> None:
    assert common.drawable(name) == drawn


def test_glyph_support_is_read_from_the_font() -> None:
    for char in "Aë★▶✈⇄≥→×✓✗…—":  # the board's own symbols must all be in the font
        assert common.has_glyph(char), char
    for char in "李雷🚀\ue000":
        assert not common.has_glyph(char), char


@pytest.mark.slow
def test_every_character_drawn_is_one_the_font_has(monkeypatch: pytest.MonkeyPatch) -> None:
    """No tofu anywhere: the board's own words and symbols, and names with emoji and CJK."""
    clear_caches()
    log = TextLog(monkeypatch)
    view = mid_view()
    view["seat_names"] = ["🚀 Zoë", "李雷", "Ann"]
    view["outcome"] = {"scores": [10, 10, 3], "ranking": [[0], [1], [2]], "tiebreak": [2, 1, 0], "winners": [0],
                       "reason": "finished", "details": "", "tiebreak_words": ["airship", "airships"], "unit": "VP"}
    for drawn in drawn_views() + [view]:
        renderers.render("airships", typed(drawn))
    clear_caches()
    missing = {char for words, _, _ in log.texts for char in words if not char.isspace() and not common.has_glyph(char)}
    assert missing == set()
    assert {"Zoë (USA)", "Germany", "Ann"} <= {words for words, _, _ in log.texts}


def test_a_name_keeps_what_the_font_draws_and_falls_back_to_its_nation() -> None:
    """The board names a seat as every message does (renderers.shown_name): what the font draws, with the
    nation beside it; the nation alone for a name with nothing the font draws."""
    view = mid_view()
    view["seat_names"] = ["🚀 Zoë", "李雷", "Ann"]
    companies = view["companies"]
    shown = (f"Zoë ({companies[0]['nation']})", companies[1]["nation"], "Ann")
    assert airships_table.read(typed(view)).names == shown
    assert shown == tuple(renderers.shown_name(n, c["nation"]) for n, c in zip(view["seat_names"], companies))
    clean = mid_view()
    clean["seat_names"] = list(shown)  # as the service hands names in: already shown, so drawn unchanged
    assert renderers.render("airships", typed(view)) == renderers.render("airships", typed(clean))


def test_a_seat_with_no_drawable_name_or_nation_is_named_by_number() -> None:
    view = mid_view()
    view["seat_names"] = ["🚀", "李雷", "Ann"]
    view["companies"][0]["nation"] = "🏴"
    assert airships_table.read(typed(view)).names == ("Seat 1", view["companies"][1]["nation"], "Ann")


def test_the_longest_throw_keeps_clear_of_its_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    """A long card name, an exchange, nine dice and an imaginary one, every bonus: all above the banner."""
    throw = {
        "seat": 0, "card": expansion("e2-fin-9", "Henri Deutsch de la Meurthe", "financiers", "2", dice(red=3), 28),
        "exchange": "3 white → 2 red",
        "rolled": {"white": [3, 2, 1], "red": [5, 4, 3], "black": [8, 6, 4]},
        "kept": [{"colour": "white", "value": 3, "imaginary": False}, {"colour": "red", "value": 5, "imaginary": False},
                 {"colour": "black", "value": 8, "imaginary": False}, {"colour": "black", "value": 7, "imaginary": True}],
        "dice_total": 23, "bonuses": [{"source": "bonus chip", "amount": 1}, {"source": "wooden airship", "amount": 1},
                                      {"source": "engine", "amount": 2}],
        "total": 27, "target": 28, "success": False,
    }
    clear_caches()
    log = TextLog(monkeypatch)
    shown = from_json(Throw, throw)
    airships_throw.throw_panel(airships_table.last_throw(shown), ("Bartholomew Featherstonehaugh-Smythe",), pending=True)
    clear_caches()
    banner_top = airships_throw.THROW_HEIGHT - 58
    above = [(words, box) for words, box in log.boxes if not words.startswith("SHORT")]
    assert len(above) > 10 and all(box[3] < banner_top for _, box in above)
    assert [size for size, inside in log.dice if not inside] == []
    digits = [size for words, size, _ in log.texts if words.isdigit()]
    assert len(digits) == 10 and min(digits) >= common.MIN_TEXT


def test_ai_seats_the_service_names_are_tagged_on_their_company_board() -> None:
    """ai_seats comes from the service, not the engine: a seat in it gets an "AI" tag, and only its board changes."""
    plain = open_png(renderers.render("airships", typed(mid_view())))
    tagged_view = mid_view()
    tagged_view["ai_seats"] = [1]
    tagged = open_png(renderers.render("airships", typed(tagged_view)))
    assert plain.size == tagged.size
    box = ImageChops.difference(plain.convert("RGB"), tagged.convert("RGB")).getbbox()
    assert box is not None
    left, top, right, bottom = box
    assert top >= airships.COMPANIES_TOP and bottom - top <= airships_panels.HEADER_SIZE[1]  # one company header


def test_a_seat_on_autopilot_is_tagged_apart_from_an_ai_seat() -> None:
    ai_view, auto_view = mid_view(), mid_view()
    ai_view["ai_seats"] = [1]
    auto_view["autopilot_seats"] = [1]
    ai_image, auto_image = (open_png(renderers.render("airships", typed(v))).convert("RGB") for v in (ai_view, auto_view))
    box = ImageChops.difference(ai_image, auto_image).getbbox()
    assert box is not None and box[1] >= airships.COMPANIES_TOP  # the tags differ, on the company board only
