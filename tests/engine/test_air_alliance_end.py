"""Air Alliance end: the deck running out, the last round (refresh, no reserving), scoring with trios, the outcome."""

from __future__ import annotations

from air_alliance_helpers import (
    ALL_CARDS,
    CANNES,
    GAME,
    HONEYMOONERS,
    POLYNESIA,
    act,
    check_all,
    claim_with,
    finish_turn,
    fly,
    keys,
    put,
    table,
)
from engine.rules.air_alliance import claim, scoring, turn
from engine.rules.air_alliance.state import AirAllianceState, Step
from said import said

AREA_ALL = (2, 0)


def nearly_out(players: int = 3, current: int = 0, **kwargs: object) -> AirAllianceState:
    """A table whose deck holds one card, the rest discarded; the current player's flight gains Honeymooners."""
    state = table(players=players, current=current, claim=claim_with(HONEYMOONERS), **kwargs)  # type: ignore[arg-type]
    last = state.deck.pop()
    state.discards, state.deck = state.deck, [last]
    put(state, POLYNESIA, state.airlines[current].colour)
    return state


def run_out(state: AirAllianceState) -> AirAllianceState:
    return fly(state, *AREA_ALL, POLYNESIA, CANNES)  # the gain draws the deck's last card


def test_the_deck_running_out_reshuffles_the_discards_and_announces_the_last_round() -> None:
    state = nearly_out()
    discards = sorted(state.discards)
    state = run_out(state)
    assert sorted(state.deck) == discards and state.discards == []
    assert state.last_round and state.final_turns == [1, 2, 0]  # from the next player, the one who ran it out last
    assert not state.in_last_round  # this turn is still an ordinary one
    assert any("The deck runs out: {p0} shuffles" in e and "last round begins with {p1}" in e for e in said(state))
    check_all(state)


def test_the_reshuffle_uses_the_games_seeded_rng() -> None:
    first, second = run_out(nearly_out()), run_out(nearly_out())
    assert first.deck == second.deck and first.deck != sorted(first.deck)


def test_every_player_plays_one_last_turn_and_the_game_ends_after_the_one_who_ran_out() -> None:
    state = finish_turn(run_out(nearly_out()))
    assert state.current == 1 and state.in_last_round
    state = finish_turn(state)
    assert state.current == 2
    state = finish_turn(state)
    assert state.current == 0 and state.step is not Step.OVER  # the player who ran the deck out plays last
    state = finish_turn(state)
    assert state.step is Step.OVER and GAME.to_act(state) == [] and GAME.outcome(state) is not None
    check_all(state)


def test_a_second_exhaustion_only_reshuffles() -> None:
    state = run_out(nearly_out())
    state.final_turns, state.in_last_round = [1, 2, 0], True
    state.discards, state.deck = state.deck[1:], state.deck[:1]
    claim.draw(state)
    assert state.final_turns == [1, 2, 0] and state.reshuffles == 2


def test_an_extra_turn_in_the_last_round_is_still_played_and_does_not_count_as_a_turn() -> None:
    state = finish_turn(run_out(nearly_out()))
    state.gained_this_turn = 3
    turn.end_turn(state)
    assert state.current == 1 and state.extra_turn and state.final_turns == [1, 2, 0]
    state.gained_this_turn = 0
    turn.end_turn(state)
    assert state.current == 2 and state.final_turns == [2, 0]


def test_the_last_round_offers_one_refresh_of_the_claim_at_the_start_of_a_turn() -> None:
    state = finish_turn(run_out(nearly_out()))
    assert state.step is Step.REFRESH and keys(state) == ["refresh", "keep"]
    reserved = state.airlines[0].reserved  # red reserved a card in the turn the deck ran out
    before = [card for card in state.claim if card != reserved]
    state = act(state, "refresh")
    assert not set(before) & set(state.claim) and reserved in state.claim and len(state.claim) == 6
    assert set(before) <= set(state.discards)
    assert state.airlines[1].refreshed and state.step is Step.MARKER
    check_all(state)


def test_the_last_round_refresh_keeps_cards_reserved_before_it() -> None:
    state = run_out(nearly_out())
    kept = state.claim[3]
    state = act(state, "reserve", kept)
    state = finish_turn(state)
    assert state.airlines[0].reserved == kept
    state = act(state, "refresh")
    assert kept in state.claim


def test_no_reserving_in_the_last_round() -> None:
    state = act(finish_turn(run_out(nearly_out())), "keep")
    assert not [k for k in keys(state) if k.startswith("reserve")]


# --- scoring ----------------------------------------------------------------------------------------------------------------


def test_miles_count_the_score_pile_and_the_boarding_pass() -> None:
    state = table()
    airline = state.airlines[0]
    for card in ("p01", "p02", "p59"):
        state.deck.remove(card)
    airline.score_pile, airline.slots[1] = ["p01"], ["p02", "p59"]
    assert scoring.miles_of(state, 0) == 3000 + 2000 + 10000


def test_a_complete_trio_adds_30000_miles() -> None:
    state = table()
    spies = ["p47", "p39", "p48"]  # Secret Agent MI6, KGB, CIA
    for card in spies:
        state.deck.remove(card)
    state.airlines[0].score_pile = spies[:2]
    assert scoring.trios(state, 0) == [] and scoring.miles_of(state, 0) == 9000 + 7000
    state.airlines[0].slots[0] = spies[2:]
    assert scoring.trios(state, 0) == ["Spy Trio"]
    assert scoring.miles_of(state, 0) == 9000 + 7000 + 8000 + 30000


def test_the_enthusiast_trio_needs_both_board_gamers() -> None:
    state = table()
    for card in ("p16", "p18"):
        state.deck.remove(card)
    state.airlines[0].score_pile = ["p16", "p18"]  # a Board Gamer and the Anime Otaku
    assert scoring.trios(state, 0) == []


def test_most_miles_wins_and_equal_miles_share_the_place() -> None:
    state = table(players=3)
    for card in ("p01", "p05", "p02"):
        state.deck.remove(card)
    state.airlines[0].score_pile, state.airlines[1].score_pile, state.airlines[2].score_pile = ["p01"], ["p05"], ["p02"]
    assert scoring.outcome(state) is None  # not over yet
    state.step = Step.OVER
    outcome = scoring.outcome(state)
    assert outcome is not None and outcome.scores == (3000, 3000, 2000)
    assert outcome.ranking == ((0, 1), (2,)) and outcome.winners == (0, 1)


def test_all_sixty_cards_stay_in_play_through_the_end() -> None:
    state = finish_turn(finish_turn(finish_turn(finish_turn(run_out(nearly_out())))))
    assert state.step is Step.OVER
    check_all(state)
    assert len(ALL_CARDS) == 60
