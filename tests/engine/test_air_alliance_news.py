"""Air Alliance news: every event the rules emit is weighed by its sentence's key, and the board's headline is the
news."""

from __future__ import annotations

from collections import Counter

import pytest

from air_alliance_helpers import (
    ALL_KOBE,
    CANNES,
    GAME,
    HONEYMOONERS,
    POLYNESIA,
    QUICK,
    Player,
    act,
    boarding_pass,
    check_news,
    claim_with,
    fly,
    put,
    table,
)
from engine.core import Action, News, news_of
from engine.events import Event, Seat
from engine.platform.turns import History
from engine.rules.air_alliance import events, turn
from engine.rules.air_alliance.state import AirAllianceState
from engine.sentences import Sentence
from said import said

BLACK_PASS = (("p01",), ("p05",), ("p06",))  # three code sharing black icons on top: an alliance with black


def played(players: int, seed: int, options: dict[str, bool]) -> tuple[list[Event], AirAllianceState]:
    """A random game to its end by the playouts' player: every event it emitted, and the last state."""
    chooser = Player(seed * 31 + players, greedy=0.3)
    state = GAME.setup(players, seed, options)
    written: list[Event] = []
    while to_act := GAME.to_act(state):
        state = GAME.apply(state, to_act[0], chooser(state, to_act[0], GAME.legal_actions(state, to_act[0])))
        check_news(state)
        written += state.events
    return written, state


def test_every_event_of_random_games_is_emitted_from_a_sentence_with_a_weight() -> None:
    used: Counter[str] = Counter()
    for players, options in ((2, {}), (3, ALL_KOBE), (4, {})):
        written, _ = played(players, 5, options)  # check_news: each event's key is a sentence of the catalogue
        used.update(event.key for event in written)
    # The playouts reach the sentences a game is made of.
    for sentence in (events.FLIES, events.FLIES_AND_GAINS, events.LOST_BAGGAGE, events.PLACES, events.RESERVES,
                     events.REFILLS, events.LAST_ROUND, events.GAME_OVER):
        assert used[sentence.key], sentence.key


def test_the_weight_is_the_sentences_declaration_found_by_the_events_key() -> None:
    """The words play no part in the weight: a sentence reworded keeps it."""
    event = events.STOPS.event(who=Seat(0), markers="3 markers")
    assert news_of(GAME, event) == News.ROUTINE and GAME.sentences.words(event) == "{p0} stops, keeping 3 markers."


def test_a_flight_that_gains_cards_is_a_gain_and_its_refill_is_routine() -> None:
    state = table(claim=claim_with(HONEYMOONERS), deck_top=("p01",))
    put(state, POLYNESIA, "red")
    moved = fly(state, 2, 0, POLYNESIA, CANNES)
    flight, refill = moved.events
    assert said(moved)[0] == "{p0} flies red U2 Polynesia → E3 Cannes and gains Honeymooners (4,000 miles)."
    assert news_of(GAME, flight) == News.GAIN and news_of(GAME, refill) == News.ROUTINE


def test_a_landing_and_a_flight_without_cards_are_ordinary_moves() -> None:
    state = table(claim=claim_with())
    put(state, POLYNESIA, "red")
    [landing] = fly(state, 0, 1, "supply", "A2").events
    [flight] = fly(state, 2, 0, POLYNESIA, CANNES).events
    assert news_of(GAME, landing) == News.PLAY and news_of(GAME, flight) == News.PLAY


def test_an_alliance_is_a_milestone() -> None:
    state = table(claim=claim_with())
    boarding_pass(state, 0, *BLACK_PASS)
    turn.begin_turn(state, 0)
    allied = act(state, "ally", "black", 0)
    [formed] = allied.events
    assert said(allied) == ["{p0} forms an alliance with black in alliance area 1 (red and black); the boarding "
                            "pass's 3 cards go to the score pile."]
    assert news_of(GAME, formed) == News.MILESTONE


def test_lost_baggage_and_keeping_markers_are_routine() -> None:
    state = table(claim=claim_with(), options={"kobe_free_markers": True})
    state = act(state, "stop")
    stop, lost = state.events[:2]
    assert said(state)[0] == "{p0} stops, keeping 3 markers." and said(state)[1].startswith("Lost baggage: ")
    assert news_of(GAME, stop) == News.ROUTINE and news_of(GAME, lost) == News.ROUTINE


def test_the_last_round_is_a_milestone_and_the_end_is_final() -> None:
    _, state = played(2, 3, {})
    assert news_of(GAME, state.events[-1]) == News.FINAL
    assert events.LAST_ROUND.weight is News.MILESTONE and events.RESHUFFLES.weight is News.PLAY


@pytest.mark.parametrize(("sentence", "weight"), [
    (events.GAINS, News.GAIN),
    (events.LEAVES, News.PLAY),
    (events.LEAVES_AND_GAINS, News.GAIN),
    (events.FLIES, News.PLAY),  # also with its clause "; {p0} can gain Art Student (2,000 miles) or leave it waiting"
    (events.EXTRA_TURN, News.MILESTONE),
    (events.PRIORITY, News.PLAY),
    (events.AREA_CLEARED, News.MILESTONE),
    (events.RETIRES, News.ROUTINE),
    (events.KEEPS_WAITING, News.ROUTINE),
])
def test_named_events_weigh_as_the_table_talks_about_them(sentence: Sentence, weight: News) -> None:
    assert GAME.sentences.weight(Event(sentence.key)) is weight


def logged(state: AirAllianceState, history: History, action: Action | None = None) -> tuple[AirAllianceState, History]:
    """One move, `action` or the quick choice finish_turn makes, with its events and their news in the log."""
    seat = GAME.to_act(state)[0]
    if action is None:
        legal = GAME.legal_actions(state, seat)
        action = min(legal, key=lambda a: QUICK.index(a.kind) if a.kind in QUICK else len(QUICK))
    state = GAME.apply(state, seat, action)
    return state, history.extended(seat, said(state), [news_of(GAME, event) for event in state.events])


def test_the_headline_for_the_next_player_is_the_alliance_not_the_lost_baggage_after_it() -> None:
    state = table(claim=claim_with())
    boarding_pass(state, 0, *BLACK_PASS)
    turn.begin_turn(state, 0)
    state, history = logged(state, History([], []), Action("ally", ("black", 0)))
    while state.current == 0:  # three markers, then lost baggage by itself: the turn passes to seat 1
        state, history = logged(state, history)
    assert history.lines[-1].text.startswith("Lost baggage: ")
    assert history.headline((1,)).startswith("{p0} forms an alliance with black in alliance area 1")


def test_the_headline_is_a_flights_gain_over_the_moves_around_it() -> None:
    state = table(claim=claim_with(HONEYMOONERS))
    put(state, POLYNESIA, "red")
    history = History([], [])
    for action in (Action("icon", (2, 0)), Action("plane", (POLYNESIA,)), Action("land", (CANNES,))):
        state, history = logged(state, history, action)
    while state.current == 0:
        state, history = logged(state, history)
    assert history.headline((1,)) == "{p0} flies red U2 Polynesia → E3 Cannes and gains Honeymooners (4,000 miles)."
