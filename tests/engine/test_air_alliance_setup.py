"""Air Alliance preparations: the shuffled deck, the claim of six, the NPA planes on their stars, supplies, passes."""

from __future__ import annotations

import pytest

from air_alliance_helpers import ALL_CARDS, ALL_KOBE, C, GAME, check_all
from engine.core import GameError
from engine.rules.air_alliance.alliance import formations, shared_colours
from engine.rules.air_alliance.data import NPA_COLOURS, PLAYER_COLOURS
from engine.rules.air_alliance.options import OPTIONS, Kobe
from engine.rules.air_alliance.state import CLAIM_SIZE, FIRST_EDITION_PLANES, MARKERS, Step


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_six_cards_to_the_claim_and_keeps_the_rest_in_the_deck(players: int) -> None:
    state = GAME.setup(players, 5)
    assert len(state.claim) == CLAIM_SIZE
    assert len(state.deck) == len(ALL_CARDS) - CLAIM_SIZE
    assert sorted([*state.claim, *state.deck]) == ALL_CARDS
    assert state.discards == [] and state.off_board == []
    check_all(state)


def test_the_deck_is_shuffled_with_the_games_seed() -> None:
    first, again, other = GAME.setup(3, 11), GAME.setup(3, 11), GAME.setup(3, 12)
    assert first.deck == again.deck and first.claim == again.claim
    assert (first.claim, first.deck) != (other.claim, other.deck)
    assert first.deck != sorted(first.deck)  # shuffled, not in id order


def test_each_npa_starts_with_one_plane_on_each_starred_airport() -> None:
    state = GAME.setup(2, 1)
    for colour in NPA_COLOURS:
        for code in C.npa_start[colour]:
            assert state.board[code] == [colour, None]  # "place the plane on either of the runways"
    starred = {code for codes in C.npa_start.values() for code in codes}
    assert all(r == [None] * len(r) for code, r in state.board.items() if code not in starred)
    assert C.npa_start == {"black": ("M4", "M5", "M6", "E4"), "white": ("A4", "A5", "A6", "E5"),
                           "purple": ("U4", "U5", "U6", "E6")}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_players_fly_four_planes_and_the_fifth_marks_the_alliance(players: int) -> None:
    # Components: "35 Planes, in 7 colours, 5 each"; Preparations: "Take 1 plane of each colour ... These planes
    # will be used to mark alliances." Each NPA has four planes on the board; each player four in their supply.
    state = GAME.setup(players, 2)
    assert [a.colour for a in state.airlines] == list(PLAYER_COLOURS[:players])
    for airline in state.airlines:
        assert airline.supply == 4
        assert airline.slots == [[], [], []] and airline.score_pile == []
        assert airline.reserved is None and not airline.waiting
    assert state.alliances == [[], [], [], []]
    assert all(sum(r.count(colour) for r in state.board.values()) == 4 for colour in NPA_COLOURS)


def test_edition_1_players_keep_five_planes_in_supply() -> None:
    state = GAME.setup(3, 2, {"edition": 1})
    assert [airline.supply for airline in state.airlines] == [FIRST_EDITION_PLANES] * 3 == [5] * 3
    check_all(state)


def test_the_start_player_begins_with_three_markers() -> None:
    state = GAME.setup(3, 4)
    assert GAME.to_act(state) == [0]
    assert state.step is Step.MARKER and state.markers_left == MARKERS
    assert not state.last_round and state.final_turns is None


def test_printed_boarding_passes_allow_no_alliance_at_start() -> None:
    state = GAME.setup(4, 4)
    for seat in range(4):
        assert shared_colours(state, seat) == [] and formations(state, seat) == []


@pytest.mark.parametrize("players", [1, 5, 0])
def test_setup_refuses_a_player_count_outside_two_to_four(players: int) -> None:
    with pytest.raises(GameError, match="2 to 4"):
        GAME.setup(players, 1)


def test_kobe_options_are_booleans_with_known_keys() -> None:
    assert GAME.setup(2, 1, ALL_KOBE).options == frozenset(Kobe)
    assert GAME.setup(2, 1, {"kobe_flush": False}).options == frozenset()
    assert GAME.setup(2, 1, {"players": 2}).options == frozenset()  # the service's own settings are not rules
    with pytest.raises(GameError, match="kobe_flush"):
        GAME.setup(2, 1, {"kobe_flsh": True})
    with pytest.raises(GameError, match="true or false"):
        GAME.setup(2, 1, {"kobe_flush": "yes"})


def test_the_game_offers_its_options_to_the_lobby() -> None:
    keys = [key for key, _ in GAME.options]
    assert keys == [kobe.value for kobe in Kobe] and GAME.options == OPTIONS
    assert all(0 < len(words) <= 100 for _, words in GAME.options)
