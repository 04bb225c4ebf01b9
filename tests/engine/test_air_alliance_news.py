"""Air Alliance news: every event the rules write is weighed by its sentence, and the board's headline is the news."""

from __future__ import annotations

import string
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
from engine.platform.turns import History
from engine.rules.air_alliance import events, turn
from engine.rules.air_alliance.state import AirAllianceState

BLACK_PASS = (("p01",), ("p05",), ("p06",))  # three code sharing black icons on top: an alliance with black


def played(players: int, seed: int, options: dict[str, bool]) -> tuple[list[str], AirAllianceState]:
    """A random game to its end by the playouts' player: every event it wrote, and the last state."""
    chooser = Player(seed * 31 + players, greedy=0.3)
    state = GAME.setup(players, seed, options)
    written: list[str] = []
    while to_act := GAME.to_act(state):
        state = GAME.apply(state, to_act[0], chooser(state, to_act[0], GAME.legal_actions(state, to_act[0])))
        check_news(state)
        written += state.events
    return written, state


def test_every_event_of_random_games_is_written_from_a_sentence_with_a_weight() -> None:
    used: Counter[str] = Counter()
    for players, options in ((2, {}), (3, ALL_KOBE), (4, {})):
        written, _ = played(players, 5, options)
        for event in written:
            used.update(s.template for s in events.SENTENCES if s.matches(event))
    # The playouts reach the sentences a game is made of, each matched by its own pattern.
    for sentence in (events.FLIES, events.FLIES_AND_GAINS, events.LOST_BAGGAGE, events.PLACES, events.RESERVES,
                     events.REFILLS, events.LAST_ROUND, events.GAME_OVER):
        assert used[sentence.template], sentence.template


def test_every_sentence_is_its_own_pattern() -> None:
    """A sentence's words, blanks filled, match its own pattern: a reworded template keeps its weight."""
    for sentence in events.SENTENCES:
        names = {name for _, name, _, _ in string.Formatter().parse(sentence.template) if name}
        words = sentence.say(**{name: "{p1}" if name in ("who", "next") else "x" for name in names})
        assert sentence.matches(words) and events.weigh(words) is not None, sentence.template


def test_words_no_sentence_writes_have_no_weight_and_count_as_a_move() -> None:
    assert events.weigh("Something nobody wrote.") is None
    assert GAME.news("Something nobody wrote.") is News.PLAY
    assert events.weigh("Alice gains Honeymooners (4,000 miles).") is None  # a name put in: not the rules' words


def test_a_flight_that_gains_cards_is_a_gain_and_its_refill_is_routine() -> None:
    state = table(claim=claim_with(HONEYMOONERS), deck_top=("p01",))
    put(state, POLYNESIA, "red")
    flight, refill = fly(state, 2, 0, POLYNESIA, CANNES).events
    assert flight == "{p0} flies red U2 Polynesia → E3 Cannes and gains Honeymooners (4,000 miles)."
    assert news_of(GAME, flight) == News.GAIN and news_of(GAME, refill) == News.ROUTINE


def test_a_landing_and_a_flight_without_cards_are_ordinary_moves() -> None:
    state = table(claim=claim_with())
    put(state, POLYNESIA, "red")
    [landing] = fly(state, 0, 1, "supply", "A2").events
    [flight] = fly(state, 2, 0, POLYNESIA, CANNES).events
    assert GAME.news(landing) is News.PLAY and GAME.news(flight) is News.PLAY


def test_an_alliance_is_a_milestone() -> None:
    state = table(claim=claim_with())
    boarding_pass(state, 0, *BLACK_PASS)
    turn.begin_turn(state, 0)
    [formed] = act(state, "ally", "black", 0).events
    assert formed == ("{p0} forms an alliance with black in alliance area 1 (red and black); the boarding pass's "
                      "3 cards go to the score pile.")
    assert GAME.news(formed) is News.MILESTONE


def test_lost_baggage_and_keeping_markers_are_routine() -> None:
    state = table(claim=claim_with(), options={"kobe_free_markers": True})
    state = act(state, "stop")
    stop, lost = state.events[:2]
    assert stop == "{p0} stops, keeping 3 markers." and lost.startswith("Lost baggage: ")
    assert GAME.news(stop) is News.ROUTINE and GAME.news(lost) is News.ROUTINE


def test_the_last_round_is_a_milestone_and_the_end_is_final() -> None:
    _, state = played(2, 3, {})
    assert GAME.news(state.events[-1]) is News.FINAL
    assert GAME.news("The deck runs out: {p1} shuffles the 40 discards into a new deck. The last round begins "
                     "with {p0}.") is News.MILESTONE
    assert GAME.news("The deck runs out: {p1} shuffles the 40 discards into a new deck.") is News.PLAY


@pytest.mark.parametrize(("event", "weight"), [
    ("{p2} gains Art Student (2,000 miles).", News.GAIN),
    ("{p2} leaves Art Student waiting in the baggage claim.", News.PLAY),
    ("{p2} leaves Art Student waiting in the baggage claim and gains Surfer (5,000 miles).", News.GAIN),
    ("{p0} flies red E2 Rome → E3 Cannes; {p0} can gain Art Student (2,000 miles) or leave it waiting.", News.PLAY),
    ("{p1} gained 3 cards this turn and plays an extra turn.", News.MILESTONE),
    ("{p1} uses a priority takeoff at A2 Hong Kong: black moves up to first in line and purple back to second "
     "in line.", News.PLAY),
    ("Alliance area 1 is cleared (no player is left): black returns beside the board.", News.MILESTONE),
    ("{p0} has no more turns: 2 red planes leave the board.", News.ROUTINE),
    ("{p3} keeps waiting for cancellation.", News.ROUTINE),
])
def test_named_events_weigh_as_the_table_talks_about_them(event: str, weight: News) -> None:
    assert GAME.news(event) is weight


def logged(state: AirAllianceState, history: History, action: Action | None = None) -> tuple[AirAllianceState, History]:
    """One move, `action` or the quick choice finish_turn makes, with its events and their news in the log."""
    seat = GAME.to_act(state)[0]
    if action is None:
        legal = GAME.legal_actions(state, seat)
        action = min(legal, key=lambda a: QUICK.index(a.kind) if a.kind in QUICK else len(QUICK))
    state = GAME.apply(state, seat, action)
    return state, history.extended(seat, state.events, [news_of(GAME, event) for event in state.events])


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
