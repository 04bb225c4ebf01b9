"""Air Alliance airports: which plane may leave a Y, reverse Y or V airport, where a landing goes, who may land."""

from __future__ import annotations

from air_alliance_helpers import C, act, check_all, fly, keys, put, table
from engine.rules.air_alliance import runways
from engine.rules.air_alliance.data import Shape
from engine.rules.air_alliance.state import SUPPLY

Y, REV, V = Shape.Y, Shape.REVERSE_Y, Shape.V


def test_shapes_follow_the_airport_numbers() -> None:
    for code, airport in C.airports.items():
        expected = {1: Y, 2: REV, 3: REV}.get(airport.number, V)
        assert airport.shape is expected, code
        assert airport.capacity == (2 if expected is V else 3) == len(runways.empty(expected))


# --- Y (A1, E1, M1, U1) --------------------------------------------------------------------------------------------


def test_y_the_plane_on_02_cannot_leave() -> None:
    r = ["red", "black", "white"]
    assert runways.leaving_places(Y, r) == [0, 1]
    assert not runways.can_leave(Y, r, "white")


def test_y_when_a_01_runway_frees_the_02_plane_moves_to_it() -> None:
    r = ["red", "black", "white"]
    runways.take_off(Y, r, "black")
    assert r == ["red", "white", None]
    runways.take_off(Y, r, "red")
    assert r == [None, "white", None]  # the two 01 runways are alike: nothing moves between them


def test_y_a_landing_takes_a_free_01_before_02() -> None:
    r: list[str | None] = [None, "red", None]
    runways.land(Y, r, "black")
    assert r == ["black", "red", None]
    runways.land(Y, r, "white")
    assert r == ["black", "red", "white"]
    assert not runways.has_room(r)  # up to 3 planes


# --- reverse Y (numbers 2 and 3) -------------------------------------------------------------------------------------


def test_reverse_y_only_the_01_plane_leaves_and_the_queue_moves_up() -> None:
    r = ["red", "black", "white"]
    assert runways.leaving_places(REV, r) == [0]
    assert not runways.can_leave(REV, r, "black") and not runways.can_leave(REV, r, "white")
    runways.take_off(REV, r, "red")
    assert r == ["black", "white", None]


def test_reverse_y_a_landing_joins_the_end_of_the_queue() -> None:
    r: list[str | None] = ["red", None, None]
    runways.land(REV, r, "black")
    runways.land(REV, r, "white")
    assert r == ["red", "black", "white"] and not runways.has_room(r)


# --- V (numbers 4 to 6) -----------------------------------------------------------------------------------------------


def test_v_either_plane_may_leave_and_a_landing_takes_a_free_runway() -> None:
    r = ["black", "red"]
    assert runways.leaving_places(V, r) == [0, 1]
    runways.take_off(V, r, "red")
    assert r == ["black", None]
    runways.take_off(V, r, "black")
    runways.land(V, r, "white")
    assert r == ["white", None]
    runways.land(V, r, "purple")
    assert not runways.has_room(r)  # only up to 2 planes


def test_v_airports_let_land_only_the_colours_printed_there() -> None:
    for airport in C.airports.values():
        if airport.number <= 3:
            assert airport.silhouettes == {"all"}
    seoul = C.airports["A4"]
    assert seoul.allows("white") and seoul.allows("red") and not seoul.allows("black")


# --- through the game ------------------------------------------------------------------------------------------------


def test_a_plane_waiting_on_a_y_02_is_not_offered_for_a_flight() -> None:
    state = table()
    put(state, "A1", "black", "white", "red")  # red waits on 02
    state = act(state, "icon", 2, 0)  # ALL 1-2-3
    assert "plane:A1" not in keys(state) and f"plane:{SUPPLY}" in keys(state)


def test_a_plane_behind_the_01_of_a_reverse_y_is_not_offered() -> None:
    state = table()
    put(state, "E2", "black", "red")
    state = act(state, "icon", 2, 0)
    assert "plane:E2" not in keys(state)
    put(state, "E2", "red", "black")
    assert "plane:E2" in keys(state)


def test_a_full_airport_takes_no_landing() -> None:
    state = table()
    put(state, "E2", "black", "white", "purple")
    state = act(act(state, "icon", 2, 0), "plane", SUPPLY)
    assert "land:E2" not in keys(state) and "land:E3" in keys(state)


def test_a_flight_from_a_y_moves_the_waiting_plane_up_on_the_board() -> None:
    state = table()
    put(state, "A1", "red", "white", "black")
    state = fly(state, 2, 0, "A1", "E2")  # ALL 1-2-3: red A1 -> E2
    assert state.board["A1"] == ["black", "white", None]
    assert state.board["E2"] == ["red", None, None]
    check_all(state)


def test_players_land_on_v_airports_only_on_their_own_special_airport() -> None:
    state = table()
    state = act(state, "icon", 0, 0)  # special landing permit: red
    state = act(state, "plane", SUPPLY)
    assert keys(state) == [f"land:{C.special_airport['red']}", "back"]
    state = act(state, "land", C.special_airport["red"])
    assert "red" in state.board[C.special_airport["red"]]
    check_all(state)
