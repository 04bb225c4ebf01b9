"""Marks on the Airships board (the chosen card, the card turned over, the cards the player to act can throw for) and card names that wrap."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image, ImageChops

import renderers
from engine.view import from_json
from engine.views.airships import AirshipField, Card
from renderers.airships import render as airships
from renderers.airships import cards as airships_cards
from renderers.airships import marks as airships_marks
from renderers.airships import panels as airships_panels
from renderers.airships import table as airships_table
from renderers.airships.marks import CAN_THROW, CHOSEN, NEW
from tests.renderers.airships_drawing import TextLog, clear_caches, open_png
from tests.renderers.airships_views import LAKEHURST, LEHMANN, end_view, expansion, dice, mid_view, phase_card, start_view
from tests.renderers.drawing import typed

Box = tuple[int, int, int, int]


def shown_card(card: dict[str, Any] | Card) -> Card:
    """A card as the view holds it: a sample's JSON typed, or the engine's card as it is."""
    return card if isinstance(card, Card) else from_json(Card, card)


def shown_field(left: int, top: dict[str, Any] | Card) -> AirshipField:
    return AirshipField(left=left, top=shown_card(top))


def board(view: dict[str, Any]) -> Image.Image:
    return open_png(renderers.render("airships", typed(view))).convert("RGB")


def changed_area(before: dict[str, Any], after: dict[str, Any]) -> Box | None:
    return ImageChops.difference(board(before), board(after)).getbbox()


def display_box(row: int, column: int) -> Box:
    x, y = airships.field_x(column), airships.DISPLAY_TOP + airships.CAPTION + row * airships.ROW_HEIGHT
    return (x, y, x + airships_cards.EXPANSION_SIZE[0], y + airships_cards.EXPANSION_SIZE[1])


def airship_box(index: int) -> Box:
    x, y = airships.MARGIN + index * (airships_cards.AIRSHIP_SIZE[0] + airships.GAP), airships.AIRSHIPS_TOP + airships.CAPTION
    return (x, y, x + airships_cards.AIRSHIP_SIZE[0], y + airships_cards.AIRSHIP_SIZE[1])


def phase_box(index: int) -> Box:
    x = airships.HINDENBURG_X + airships_panels.PAD - 4 + index * (airships_cards.PHASE_SIZE[0] + 8)
    y = airships.AIRSHIPS_TOP + airships_panels.HINDENBURG_CAPTION + 38
    return (x, y, x + airships_cards.PHASE_SIZE[0], y + airships_cards.PHASE_SIZE[1])


def within(inner: Box | None, outer: Box) -> bool:
    return inner is not None and outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


# -- which card has which mark ----------------------------------------------------------------------
def marks_of(view: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    return dict(airships_table.read(typed(view)).marks)


def test_marks_list_the_chosen_the_new_and_the_throwable_cards() -> None:
    view = mid_view()
    view.update(chosen=LEHMANN, throwable=["e1-cap-1", "e2-eng-1", "a-medium-2", "hindenburg-1"])
    assert marks_of(view) == {
        "e1-cap-1": (CHOSEN,),  # being thrown for already: no ✓ beside the word
        "e2-eng-1": (NEW, CAN_THROW),  # Ludwig Dürr, turned over this go
        "a-medium-2": (CAN_THROW,),
        "hindenburg-1": (CAN_THROW,),
    }


def test_the_chosen_card_shows_only_that_even_when_it_was_just_turned_over() -> None:
    view = mid_view()
    view.update(chosen=view["revealed"], throwable=[view["revealed"]["id"]])
    assert marks_of(view) == {view["revealed"]["id"]: (CHOSEN,)}


def test_nothing_is_marked_once_the_game_is_over() -> None:
    over = end_view()
    over["throwable"] = ["s-han"]  # even if a view said so, nobody throws after the end
    assert marks_of(over) == {}


@pytest.mark.parametrize(("change", "box"), [
    (lambda v: v.update(throwable=["e1-han-1"]), display_box(4, 0)),  # Friedrichshafen: can throw
    (lambda v: v.update(revealed=v["display"]["hangars"][1]), display_box(4, 1)),  # Lakehurst: new
    (lambda v: v.update(chosen=v["display"]["hangars"][2]), display_box(4, 2)),  # Field Hangar: chosen
    (lambda v: v.update(chosen=v["airship_fields"][2]["top"]), airship_box(2)),
    (lambda v: v.update(throwable=["a-dark-2"]), airship_box(3)),
    (lambda v: v.update(throwable=["hindenburg-1"]), phase_box(0)),
    (lambda v: v.update(chosen=phase_card(3)), phase_box(2)),
])
def test_a_mark_changes_its_card_and_nothing_else(change: Any, box: Box) -> None:
    plain = mid_view()
    plain.update(revealed=None, throwable=[])
    marked = mid_view()
    marked.update(revealed=None, throwable=[])
    change(marked)
    assert within(changed_area(plain, marked), box)


@pytest.mark.parametrize("marks", [(CHOSEN,), (NEW,), (CAN_THROW,), (NEW, CAN_THROW), (CHOSEN, NEW)])
def test_each_mark_is_a_word_or_a_sign_not_only_a_colour(monkeypatch: pytest.MonkeyPatch, marks: tuple[str, ...]) -> None:
    clear_caches()
    log = TextLog(monkeypatch)
    airships_cards.expansion_tile(airships_table.card(shown_card(LAKEHURST)), marks)
    airships_cards.airship_tile(airships_table.field(shown_field(2, mid_view()["airship_fields"][0]["top"])), marks)
    clear_caches()
    drawn = [words for words, _, _ in log.texts]
    expected = {CHOSEN: "chosen", NEW: "new", CAN_THROW: "✓"}
    for mark in marks:
        assert drawn.count(expected[mark]) == 2, mark


def test_the_legend_explains_every_mark(monkeypatch: pytest.MonkeyPatch) -> None:
    clear_caches()
    log = TextLog(monkeypatch)
    airships.base(2)
    clear_caches()
    drawn = {words for words, _, _ in log.texts}
    assert {"✓", "new", "chosen"} <= drawn
    assert set(airships_marks.LEGEND_WORDS.values()) <= drawn


@pytest.mark.slow
def test_the_check_keeps_clear_of_every_card_cost(monkeypatch: pytest.MonkeyPatch) -> None:
    """Beside the score needed, the ✓ must not cover a die of the cost, on any card of the game."""
    pytest.importorskip("engine")
    data = pytest.importorskip("engine.rules.airships.data")
    card_view = pytest.importorskip("engine.rules.airships.view")
    components = data.components()
    for card_id in [*components.expansions, *components.airships]:
        for marks in ((CAN_THROW,), (CHOSEN,)):
            clear_caches()
            log = TextLog(monkeypatch)
            card = card_view.card(components, card_id)
            if card_id in components.expansions:
                airships_cards.expansion_tile(airships_table.card(card), marks)
            else:
                airships_cards.airship_tile(airships_table.field(shown_field(1, card)), marks)
            sign_boxes = [box for words, box in log.boxes if words in ("✓", "chosen") or words.startswith("≥")]
            assert not [die for die in log.dice_boxes for box in sign_boxes if overlap(die, box)], (card_id, marks)
            monkeypatch.undo()
    clear_caches()


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


# -- names wrap rather than being cut -------------------------------------------------------------------
def tile_words(monkeypatch: pytest.MonkeyPatch, card: dict[str, Any] | Card, marks: tuple[str, ...] = ()) -> list[str]:
    clear_caches()
    log = TextLog(monkeypatch)
    airships_cards.expansion_tile(airships_table.card(shown_card(card)), marks)
    clear_caches()
    words = [words for words, _, _ in log.texts]
    monkeypatch.undo()
    return words


def test_a_long_card_name_wraps_onto_two_lines_instead_of_being_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    moffett = expansion("e2-han-3", "Hangar One, Moffett Field", "hangars", "2", dice(black=2), 13, gives_dice=dice(black=1), vp=3)
    assert {"Hangar One,", "Moffett Field"} <= set(tile_words(monkeypatch, moffett))
    assert {"Lakehurst", "Hangar No. 1"} <= set(tile_words(monkeypatch, LAKEHURST, (NEW,)))


def test_a_name_too_long_for_two_lines_is_cut_at_the_end() -> None:
    lines, size = airships_cards.wrap_fit("Graf Ferdinand von Zeppelin Luftschiffbau Friedrichshafen am Bodensee",
                                          240, 2, (22,))
    assert len(lines) == 2 and lines[1].endswith("…") and size == 22


@pytest.mark.slow
def test_no_card_name_in_the_game_is_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two lines are room enough for every expansion's name, even beside a 'new' tag; three for every airship's."""
    pytest.importorskip("engine")
    data = pytest.importorskip("engine.rules.airships.data")
    card_view = pytest.importorskip("engine.rules.airships.view")
    components = data.components()
    for card_id in components.expansions:
        for marks in ((), (NEW,), (CHOSEN,)):
            words = tile_words(monkeypatch, card_view.card(components, card_id), marks)
            assert not [w for w in words if "…" in w], (card_id, marks)
    for card_id in components.airships:
        clear_caches()
        log = TextLog(monkeypatch)
        top = card_view.card(components, card_id)
        airships_cards.airship_tile(airships_table.field(shown_field(1, top)), (CHOSEN,))
        assert not [w for w, _, _ in log.texts if "…" in w], card_id
        monkeypatch.undo()
    clear_caches()


def test_the_start_view_marks_what_its_first_player_can_throw_for() -> None:
    view = start_view()
    assert marks_of(view) == {"s-cap": (CAN_THROW,), "s-mat": (CAN_THROW,)}
