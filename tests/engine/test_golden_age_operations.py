"""1930's operation phase: tokens, the eight operations step by step, flights, the CEO's dividend and its absence."""

from __future__ import annotations

from engine.rules.golden_age import GAME, airline_operations, board, market
from engine.rules.golden_age.data import Colour
from engine.rules.golden_age.state import Phase, Step
from tests.engine.golden_age_helpers import gates_of, keys, operating, play
from said import said


def test_a_player_acts_with_one_of_their_tokens_for_that_airline_only() -> None:
    state = operating()
    assert keys(state, 0) == ["airline:green", "airline:orange"]
    state = play(state, 0, "airline", "green")
    assert state.step is Step.ACTION
    state = play(state, 0, "back")
    assert state.step is Step.AIRLINE and state.current == 0


def test_research_moves_one_box_once_per_turn_and_a_new_colour_lifts_the_stock() -> None:
    state = operating()
    price = market.price(state, "green")
    state = play(state, 0, "airline", "green")
    state = play(state, 0, "operation", "research")
    green = state.airlines["green"]
    assert (green.tech_box, green.advanced) == (2, True)
    assert market.price(state, "green") > price  # box 2 is yellow: a new colour
    assert state.seats[0].used == {"green": 1} and state.current == 1
    state = play(state, 1, "airline", "green")
    assert "operation:research" not in keys(state, 1)  # the Advanced side is showing


def test_gray_begins_at_the_eighth_box_and_entering_it_lifts_the_stock() -> None:
    state = operating()
    state.airlines["green"].tech_box = 7
    price = state.airlines["green"].price_box
    airline_operations.research(state, 0, "green")
    assert board.tech_colour(state, "green") is Colour.GRAY
    assert state.airlines["green"].price_box == price + 1


def stuck_at_gray(edition: int) -> object:
    """Green on the gray box, already advanced and flown, with nowhere to put a gate: only research could remain."""
    state = operating(edition=edition)
    green = state.airlines["green"]
    green.flown, green.gates_available, green.tech_box = True, 0, 8
    for city in state.cities.values():
        city.gates = city.gates or ["teal"]
    state.cities["seattle"].hub = "green"
    return state


def test_the_tech_tracks_gray_box_is_one_box_so_an_airline_there_researches_no_more() -> None:
    state = stuck_at_gray(GAME.edition)
    assert board.tech_colour(state, "green") is Colour.GRAY and not airline_operations.can_step_tech(state, "green")
    state = play(state, 0, "airline", "green")
    assert keys(state, 0)[0] == "operation:stand"  # no second gray box to research into: Stand is allowed
    assert "operation:research" not in keys(state, 0)
    flying = operating()
    flying.airlines["green"].tech_box = 8
    flying = play(play(flying, 0, "airline", "green"), 0, "operation", "fly")
    assert keys(flying, 0) == ["dividend:full", "dividend:half+3 gates", "dividend:none+6 gates"]  # no tech box


def test_edition_1_kept_a_second_gray_box() -> None:
    state = stuck_at_gray(1)
    state = play(state, 0, "airline", "green")
    assert keys(state, 0)[0] == "operation:research"
    state = play(state, 0, "operation", "research")
    assert state.airlines["green"].tech_box == 9 and board.tech_colour(state, "green") is Colour.GRAY


def test_a_flight_pays_the_dividend_level_the_ceo_chooses_even_when_someone_else_flew() -> None:
    state = operating()
    state = play(state, 0, "airline", "orange")  # seat 0 holds one orange; seat 2 (two) is the CEO
    state = play(state, 0, "operation", "fly")
    assert state.step is Step.DIVIDEND and GAME.to_act(state) == [2]
    assert "dividend:full" in keys(state, 2)
    level = state.data.dividend(state.airlines["orange"].income)
    money = [p.money for p in state.seats]
    state = play(state, 2, "dividend", "full")
    assert [p.money - m for p, m in zip(state.seats, money)] == [level, 0, 2 * level, 0]
    assert state.airlines["orange"].flown and state.current == 1  # play goes on after the player who flew
    assert state.seats[0].used == {"orange": 1}


def test_half_dividends_round_up_and_the_ceos_tech_step_ignores_the_advanced_side() -> None:
    state = operating()
    state.airlines["green"].advanced = True
    state = play(state, 0, "airline", "green")
    state = play(state, 0, "operation", "fly")
    level = state.data.dividend(state.airlines["green"].income)
    money = state.seats[0].money
    state = play(state, 0, "dividend", "half+tech")
    assert state.seats[0].money - money == 2 * ((level + 1) // 2)
    assert state.airlines["green"].tech_box == 2


def test_the_ceo_may_take_no_dividend_for_six_gates() -> None:
    state = operating()
    state = play(state, 0, "airline", "green")
    state = play(state, 0, "operation", "fly")
    state = play(state, 0, "dividend", "none+6 gates")
    assert (state.airlines["green"].gates_available, state.airlines["green"].gates_reserve) == (11, 0)


def no_ceo_flight(setup, edition: int = GAME.edition) -> object:  # type: ignore[no-untyped-def]
    state = operating(edition=edition)
    state.seats[2].tokens["blue"] = 2  # blue: seats 1 and 2 hold two each: no CEO
    state.airlines["blue"].pool -= 2 if state.airlines["blue"].pool >= 2 else 0
    setup(state)
    state.current = 1
    state = play(state, 1, "airline", "blue")
    return play(state, 1, "operation", "fly")


def test_without_a_ceo_no_gates_and_six_in_reserve_means_no_dividend_and_six_gates() -> None:
    def setup(state) -> None:  # type: ignore[no-untyped-def]
        state.airlines["blue"].gates_available = 0

    state = no_ceo_flight(setup)
    assert state.airlines["blue"].gates_available == 6 and state.step is not Step.DIVIDEND


def test_without_a_ceo_one_gate_left_means_half_dividend_and_three_gates() -> None:
    def setup(state) -> None:  # type: ignore[no-untyped-def]
        state.airlines["blue"].gates_available = 1

    money = operating().seats[1].money
    state = no_ceo_flight(setup)
    level = state.data.dividend(state.airlines["blue"].income)
    assert state.airlines["blue"].gates_available == 4
    assert state.seats[1].money - money == 2 * ((level + 1) // 2)


def test_without_a_ceo_rule_2_applies_only_with_three_gates_in_reserve_to_add() -> None:
    """'Do the first action that applies fully ... 2. ... take Half Dividends and Increase Airline Gates by 3, if
    available.' One gate left and none in reserve: rule 2 cannot apply fully, so the next rule that does decides."""
    def setup(state) -> None:  # type: ignore[no-untyped-def]
        state.airlines["blue"].gates_available, state.airlines["blue"].gates_reserve = 1, 0

    money = operating().seats[1].money
    state = no_ceo_flight(setup)
    level = state.data.dividend(state.airlines["blue"].income)
    assert state.seats[1].money - money == 2 * level  # rule 4: a full dividend
    assert (state.airlines["blue"].gates_available, state.airlines["blue"].gates_reserve) == (1, 0)
    assert not any("gates" in event for event in said(state)), said(state)

    def behind(state) -> None:  # type: ignore[no-untyped-def]
        setup(state)
        state.airlines["green"].tech_box = 4

    state = no_ceo_flight(behind)  # rule 3 is the first that applies fully: half and a tech box
    assert state.seats[1].money - money == 2 * ((level + 1) // 2) and state.airlines["blue"].tech_box == 2


def test_edition_1_took_rule_2_with_an_empty_reserve() -> None:
    def setup(state) -> None:  # type: ignore[no-untyped-def]
        state.airlines["blue"].gates_available, state.airlines["blue"].gates_reserve = 1, 0

    money = operating(edition=1).seats[1].money
    state = no_ceo_flight(setup, edition=1)
    level = state.data.dividend(state.airlines["blue"].income)
    assert state.seats[1].money - money == 2 * ((level + 1) // 2)
    assert state.airlines["blue"].gates_available == 1


def test_without_a_ceo_three_boxes_behind_means_half_dividend_and_a_tech_box() -> None:
    def setup(state) -> None:  # type: ignore[no-untyped-def]
        state.airlines["green"].tech_box = 4

    state = no_ceo_flight(setup)
    assert state.airlines["blue"].tech_box == 2 and not state.airlines["blue"].advanced


def test_without_a_ceo_otherwise_a_full_dividend() -> None:
    money = operating().seats[1].money
    state = no_ceo_flight(lambda s: None)
    assert state.seats[1].money - money == 2 * state.data.dividend(state.airlines["blue"].income)


def test_an_airline_flies_once_per_operation_phase() -> None:
    state = operating()
    state = play(state, 0, "airline", "green")
    state = play(state, 0, "operation", "fly")
    state = play(state, 0, "dividend", "full")
    state = play(state, 1, "airline", "green")
    assert "operation:fly" not in keys(state, 1)


def test_stand_is_refused_while_a_free_alternative_exists_and_lowers_the_stock() -> None:
    state = operating()
    state = play(state, 0, "airline", "green")
    assert "operation:stand" not in keys(state, 0)
    alone = operating()
    green = alone.airlines["green"]
    green.flown, green.advanced, green.gates_available, green.tech_box = True, True, 0, len(alone.data.tech)
    for city in alone.cities.values():  # nowhere left to go: every city full or out of reach
        city.gates = city.gates or ["teal"]
    alone.cities["seattle"].hub = "green"
    alone = play(alone, 0, "airline", "green")
    assert keys(alone, 0)[0] == "operation:stand"
    price = green.price_box
    alone = play(alone, 0, "operation", "stand")
    assert alone.airlines["green"].price_box == price - 1


def test_expand_places_one_gate_at_white_on_the_best_free_spot() -> None:
    state = operating()
    state = play(state, 0, "airline", "green")
    state = play(state, 0, "operation", "expand")
    state = play(state, 0, "city", "chicago")
    assert state.cities["chicago"].gates == ["green"] and state.current == 1  # one gate at white: done
    assert state.airlines["green"].income == 6 + 10 and state.airlines["green"].gates_available == 4


def test_expand_at_yellow_may_place_a_second_gate_in_another_city() -> None:
    state = operating()
    state.airlines["green"].tech_box = 2
    state = play(state, 0, "airline", "green")
    state = play(state, 0, "operation", "expand")
    state = play(state, 0, "city", "chicago")
    assert state.step is Step.MORE and "city:chicago" not in keys(state, 0)
    state = play(state, 0, "city", "los_angeles")
    assert set(gates_of(state, "green")) == {"seattle", "chicago", "los_angeles"}


def test_relocation_may_not_lower_income_and_cancel_undoes_it() -> None:
    state = operating()
    state.cities["chicago"].gates = ["green"]
    board.refresh_incomes(state)
    state = play(state, 0, "airline", "green")
    state = play(state, 0, "operation", "relocate")
    state = play(state, 0, "from", "chicago")  # Chicago's first spot: $10
    state = play(state, 0, "city", "dallas")  # Dallas would be a middle spot: $4
    assert "done" not in keys(state, 0)
    state = play(state, 0, "cancel")
    assert state.cities["chicago"].gates == ["green"] and "green" not in state.cities["dallas"].gates
    assert state.step is Step.ACTION and state.airlines["green"].income == 16


def test_upgrade_needs_a_gate_two_free_then_two_paid_by_the_player() -> None:
    state = operating()
    state.airlines["green"].tech_box = 2
    for key in ("chicago", "los_angeles", "dallas", "boston"):
        state.cities[key].gates.append("green")
    board.refresh_incomes(state)
    money = state.seats[0].money = 40
    state = play(state, 0, "airline", "green")
    state = play(state, 0, "operation", "upgrade")
    assert "city:denver" not in keys(state, 0)  # no green gate there
    for key in ("chicago", "los_angeles"):
        state = play(state, 0, "city", key)
    assert state.seats[0].money == money
    state = play(state, 0, "city", "dallas")
    assert state.seats[0].money == money - 10  # a paid yellow tile
    state = play(state, 0, "city", "boston")
    assert state.seats[0].money == money - 20 and state.current == 1  # four tiles: the action ends


def test_open_places_a_tile_and_a_gate_where_the_airline_has_none() -> None:
    state = operating()
    state.airlines["green"].tech_box = 4
    state = play(state, 0, "airline", "green")
    state = play(state, 0, "operation", "open")
    assert "city:santiago" in keys(state, 0) and "city:seattle" not in keys(state, 0)
    state = play(state, 0, "city", "santiago")
    state = play(state, 0, "from", "supply")
    assert state.cities["santiago"].colour is Colour.GREEN and state.cities["santiago"].gates == ["green"]


def test_operations_end_when_nobody_has_a_token_left() -> None:
    state = operating(players=3)
    for _ in range(200):
        if state.phase is not Phase.OPERATIONS:
            break
        seat = state.current
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert state.phase is not Phase.OPERATIONS
