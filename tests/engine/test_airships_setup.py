"""Airships setup follows 'Preparing the game' and 'Business start-up' for 2, 3 and 4 players."""

from __future__ import annotations

import json

import pytest

from airships_helpers import ALL_CARDS, C, CHANGE_OF_ERA, GAME, check_cards_conserved, check_chips_conserved
from engine.core import GameError
from engine.rules.airships import dice
from engine.rules.airships.records import NATIONS, Back, Department, Dice, Era
from engine.view import to_json
from engine.rules.airships.setup import setup_state
from engine.rules.rng import GameRng

PLAYER_COUNTS = [2, 3, 4]
SEEDS = range(12)


def prepared(players: int, seed: int):
    """The table after 'Preparing the game', before the first go turns a card over."""
    return setup_state(players, seed, {})


def era_of(card_id: str) -> Era:
    return C.expansions[card_id].era


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_setup_stacks_dark_medium_light_on_four_fields(players: int) -> None:
    for seed in SEEDS:
        state = prepared(players, seed)
        assert len(state.fields) == 4
        for pile in state.fields:
            assert [C.airships[a].back for a in pile] == [Back.DARK, Back.MEDIUM, Back.LIGHT]  # light on top
        out = [a for a in state.removed if a in C.airships]
        assert len(out) == 6
        assert sorted(C.airships[a].back.value for a in out) == ["dark", "dark", "light", "light", "medium", "medium"]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_setup_pile_is_era_2_under_change_of_era_under_era_1(players: int) -> None:
    for seed in SEEDS:
        state = prepared(players, seed)
        era_1_out = [c for c in [*state.removed, *(x for row in state.display.values() for x in row if x)]
                     if c in C.expansions and era_of(c) is Era.ERA_1]
        assert len(era_1_out) >= players  # the display took Era 1 cards from the top
        assert len(state.pile) == 24 + 1 + 18 - len(era_1_out)
        assert all(era_of(card) is Era.ERA_2 for card in state.pile[:24])  # bottom of the pile
        assert state.pile[24] == CHANGE_OF_ERA
        assert all(era_of(card) is Era.ERA_1 for card in state.pile[25:])  # top is the list's end
        assert state.era == 1


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_setup_deals_each_player_one_starter_and_lays_out_the_rest(players: int) -> None:
    for seed in SEEDS:
        state = prepared(players, seed)
        dealt = [list(company.departments.values()) for company in state.companies]
        assert all(len(cards) == 1 and era_of(cards[0]) is Era.STARTER for cards in dealt)
        for company in state.companies:
            department, card = next(iter(company.departments.items()))
            assert C.expansions[card].department is department  # on the field of its colour
        shown = [card for row in state.display.values() for card in row if card is not None]
        starters_shown = [card for card in shown if era_of(card) is Era.STARTER]
        assert len(starters_shown) == 6 - players
        assert sorted([d[0] for d in dealt] + starters_shown) == sorted(
            e.id for e in C.expansions.values() if e.era is Era.STARTER)
        assert all(era_of(card) is Era.ERA_1 for card in shown if card not in starters_shown)
        check_cards_conserved(state)


def shown(state) -> int:
    return sum(card is not None for row in state.display.values() for card in row)


def test_setup_display_has_six_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    for players in PLAYER_COUNTS:
        for seed in SEEDS:
            assert shown(prepared(players, seed)) == 6
    # Ruling 3: the fill places cards as in play. Unshuffled, the pile's top is the three Era 1 Engines:
    # with the starter Daimler Engine on the display, the third of them pushes it out of the game.
    monkeypatch.setattr(GameRng, "shuffled", lambda _rng, items: list(items))
    state = prepared(4, 0)
    assert state.display[Department.ENGINES] == ["e1-engines-3", "e1-engines-2", "e1-engines-1"]
    assert "s-engines" in state.removed
    assert state.display[Department.HANGARS] == ["s-hangars", "e1-hangars-3", "e1-hangars-2"]
    assert shown(state) == 6
    check_cards_conserved(state)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_setup_lays_cards_as_far_left_as_possible(players: int) -> None:
    for seed in SEEDS:
        state = prepared(players, seed)
        for department, row in state.display.items():
            cards = [card for card in row if card is not None]
            assert row == cards + [None] * (3 - len(cards)), row  # no free field left of a card
            assert all(C.expansions[card].department is department for card in cards)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_setup_first_player_three_chips_others_four(players: int) -> None:
    state = GAME.setup(players, 5, {})
    assert [c.chips for c in state.companies] == [3] + [4] * (players - 1)
    assert [c.chips_in_supply for c in state.companies] == [3] + [2] * (players - 1)
    check_chips_conserved(state)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_setup_every_player_has_two_white_dice(players: int) -> None:
    for seed in SEEDS:
        state = GAME.setup(players, seed, {})
        for seat in range(players):
            assert dice.pool(state, seat).capacity() == Dice(white=2)  # an Engineer's imaginary white counts


def test_setup_starter_captain_gives_no_chips(monkeypatch: pytest.MonkeyPatch) -> None:
    # Unshuffled, seat 1 is dealt the starter Captain: chips come only when a Captain is won with the dice.
    monkeypatch.setattr(GameRng, "shuffled", lambda _rng, items: list(items))
    state = GAME.setup(4, 0, {})
    assert state.companies[1].departments == {Department.CAPTAINS: "s-captains"}
    assert state.companies[1].chips == 4 and state.companies[1].chips_in_supply == 2


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_setup_surplus_material_leaves_unused_nations_out(players: int) -> None:
    state = GAME.setup(players, 3, {})
    assert [c.nation for c in state.companies] == list(NATIONS[:players])  # handed out in seat order
    view = to_json(GAME.view(state, None))
    assert view["seat_names"] == list(NATIONS[:players])
    assert len(view["companies"]) == players
    text = json.dumps(to_json(view))
    for nation in NATIONS[players:]:
        assert f'"{nation}"' not in text  # quoted: "La France" is an airship


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_setup_starts_in_era_1_with_the_first_player_choosing(players: int) -> None:
    state = GAME.setup(players, 9, {})
    assert GAME.to_act(state) == [0]
    assert state.era == 1 and state.wooden_airship is None
    assert state.hindenburg == [None] * 4 and not state.hindenburg_open
    assert GAME.outcome(state) is None
    assert len(state.pile) == len(setup_state(players, 9, {}).pile) - 1  # the first go has turned a card over


@pytest.mark.parametrize("players", [0, 1, 5])
def test_setup_refuses_other_player_counts(players: int) -> None:
    with pytest.raises(GameError):
        GAME.setup(players, 1, {})


def test_setup_is_decided_by_the_seed() -> None:
    assert GAME.setup(3, 42, {}) == GAME.setup(3, 42, {})
    assert any(GAME.setup(3, 42, {}).pile != GAME.setup(3, seed, {}).pile for seed in range(43, 46))


def hidden_ids(state) -> set[str]:
    """What nobody at the table can see: the pile, the airships under the tops, the airships left in the box."""
    below = {card for pile in state.fields for card in pile[:-1]}
    boxed = {card for card in state.removed if card in C.airships}
    return set(state.pile) | below | boxed


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_public_view_hides_the_pile_and_the_cards_below(players: int) -> None:
    for seed in SEEDS:
        state = GAME.setup(players, seed, {})
        hidden = hidden_ids(state)
        assert len(hidden) >= 6 + 8 + 24  # removed airships, cards under the tops, Era 2
        for seat in (None, *range(players)):
            text = json.dumps(to_json(GAME.view(state, seat)))
            leaked = [card for card in hidden if f'"{card}"' in text]
            leaked += [C.card_name(card) for card in hidden if f'"{C.card_name(card)}"' in text]
            assert not leaked, f"view({seat}) shows {leaked}"
        view = to_json(GAME.view(state, None))
        assert view["pile"] == {"left": len(state.pile), "next": "era 1"}  # a count and the back, no order
        assert [f["left"] for f in view["airship_fields"]] == [3, 3, 3, 3]
        assert [f["top"]["id"] for f in view["airship_fields"]] == [pile[-1] for pile in state.fields]


def test_all_cards_are_accounted_for_at_setup() -> None:
    assert len(ALL_CARDS) == 18 + 48 + 1
    for players in PLAYER_COUNTS:
        check_cards_conserved(GAME.setup(players, 0, {}))
