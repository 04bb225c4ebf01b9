"""Air Alliance phase 0: forming an alliance (forms A, B and C), room in an area, clearing, and who flies which NPA."""

from __future__ import annotations

from air_alliance_helpers import act, boarding_pass, check_all, claim_with, keys, share, table
from engine.rules.air_alliance import turn
from engine.rules.air_alliance.alliance import formations, partners, shared_colours
from engine.rules.air_alliance.state import AirAllianceState, Step
from said import said

BLACK_PASS = (("p01",), ("p05",), ("p06",))  # three code sharing black icons on top
BLACK_WHITE_PASS = (("p07",), ("p24",), ("p29",))  # three code sharing black/white icons


def at_turn_start(state: AirAllianceState, seat: int = 0) -> AirAllianceState:
    """Begin the seat's turn again, so phase 0 sees the boarding pass the test laid out."""
    turn.begin_turn(state, seat)
    state.events = []
    return state


def test_three_code_sharing_icons_of_one_colour_open_phase_0() -> None:
    state = table(claim=claim_with())
    boarding_pass(state, 0, *BLACK_PASS)
    assert shared_colours(state, 0) == ["black"]
    state = at_turn_start(state)
    assert state.step is Step.ALLIANCE
    assert keys(state) == ["ally:black:0", "ally:black:1", "ally:black:2", "ally:black:3", "no_alliance"]


def test_two_colours_on_all_three_icons_offer_either_or_both() -> None:
    state = table(claim=claim_with())
    boarding_pass(state, 0, *BLACK_WHITE_PASS)
    state = at_turn_start(state)
    assert shared_colours(state, 0) == ["black", "white"]
    assert {k.rsplit(":", 1)[0] for k in keys(state) if k != "no_alliance"} == {
        "ally:black", "ally:white", "ally:black+white"}


def test_icons_not_all_sharing_a_colour_give_no_alliance() -> None:
    state = table(claim=claim_with())
    boarding_pass(state, 0, ("p01",), ("p05",), ("p02",))  # black, black, purple
    assert at_turn_start(state).step is Step.MARKER


def test_forming_an_alliance_clears_the_boarding_pass_to_the_score_pile() -> None:
    state = table(claim=claim_with())
    boarding_pass(state, 0, *BLACK_PASS)
    state = act(at_turn_start(state), "ally", "black", 2)
    assert state.alliances[2] == ["red", "black"]
    assert state.airlines[0].slots == [[], [], []] and sorted(state.airlines[0].score_pile) == ["p01", "p05", "p06"]
    assert state.step is Step.MARKER  # phase 1 with the printed boarding pass
    assert state.alliances_formed == 1
    assert state.airlines[0].supply == 4  # the fifth plane, beside the board, marks the alliance
    check_all(state)


def test_declining_keeps_the_boarding_pass() -> None:
    state = table(claim=claim_with())
    boarding_pass(state, 0, *BLACK_PASS)
    state = act(at_turn_start(state), "no_alliance")
    assert state.step is Step.MARKER and state.airlines[0].top(0) == "p01" and state.alliances == [[], [], [], []]
    assert said(state) == ["{p0} forms no alliance this turn."]  # /log tells the choice (issue 53, item 8)


def test_form_a_the_player_enters_the_npas_alliance() -> None:
    state = table(players=3, claim=claim_with())
    state.alliances[1] = ["yellow", "black"]
    boarding_pass(state, 0, *BLACK_PASS)
    state = act(at_turn_start(state), "ally", "black", 1)
    assert state.alliances[1] == ["yellow", "black", "red"]
    assert partners(state, 0) == ["black"] and partners(state, 1) == ["black"]  # both may fly black now


def test_form_b_the_npa_enters_the_players_alliance() -> None:
    state = table(claim=claim_with())
    state.alliances[0] = ["red", "white"]
    boarding_pass(state, 0, *BLACK_PASS)
    state = act(at_turn_start(state), "ally", "black", 0)
    assert state.alliances[0] == ["red", "white", "black"] and partners(state, 0) == ["white", "black"]


def test_form_c_player_and_npa_enter_any_area_and_an_area_left_without_npa_is_cleared() -> None:
    state = table(players=3, claim=claim_with())
    state.alliances[1] = ["yellow", "black"]
    boarding_pass(state, 0, *BLACK_PASS)
    state = act(at_turn_start(state), "ally", "black", 3)
    assert state.alliances == [[], [], [], ["red", "black"]]  # yellow's area kept no NPA: yellow returns
    assert partners(state, 1) == []
    assert any("Alliance area 2 is cleared (no NPA is left)" in e for e in said(state))


def test_an_area_left_without_a_player_is_no_alliance_and_its_npa_is_free_again() -> None:
    # Ruling: an alliance is a player's; NPAs alone in an area return beside the board.
    state = table(claim=claim_with())
    state.alliances[0] = ["red", "white"]
    boarding_pass(state, 0, *BLACK_PASS)
    state = act(at_turn_start(state), "ally", "black", 2)
    assert state.alliances == [[], [], ["red", "black"], []]
    assert any("no player is left" in e for e in said(state))


def test_an_area_without_room_for_the_newcomers_is_not_offered() -> None:
    state = table(players=4, claim=claim_with())
    state.alliances[1] = ["yellow", "green", "blue", "black"]  # four planes: full
    boarding_pass(state, 0, *BLACK_PASS)
    assert [f.area for f in formations(state, 0)] == [0, 2, 3]


def test_no_alliance_is_offered_with_an_npa_already_in_yours() -> None:
    state = table(claim=claim_with())
    state.alliances[0] = ["red", "black"]
    boarding_pass(state, 0, *BLACK_PASS)
    assert formations(state, 0) == [] and at_turn_start(state).step is Step.MARKER


def test_an_alliance_is_valid_at_once_and_other_players_lose_that_npa() -> None:
    state = table(claim=claim_with())
    boarding_pass(state, 0, *BLACK_PASS)
    state = act(at_turn_start(state), "ally", "black", 0)
    # Red's printed code sharing white now also flies black; yellow's code sharing black does nothing.
    state = act(state, "icon", 1, 2)
    assert {k.split(":")[1] for k in keys(state) if k != "back"} == {"white", "black"}
    state = share(act(state, "back"), 1, 2, "black", "M4", "A1")
    assert state.board["A1"][0] == "black"
    yellow = table(current=1, claim=claim_with())
    yellow.alliances[0] = ["red", "black"]
    assert "icon:2:2" not in keys(yellow)  # yellow's slot 3 code sharing black


def test_an_extra_turn_begins_with_phase_0_too() -> None:
    state = table(claim=claim_with())
    boarding_pass(state, 0, *BLACK_PASS)
    turn.begin_turn(state, 0, extra=True)
    assert state.step is Step.ALLIANCE
