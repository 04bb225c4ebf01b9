"""1930's events: each written by one of the rules' sentences, which weighs it for the board's headline, and each
naming who acted."""

from __future__ import annotations

import pytest

from engine.core import News, news_of
from engine.platform.turns import History, LogLine
from engine.rules.golden_age import GAME
from engine.rules.golden_age.state import GoldenAgeState
from tests.engine.golden_age_helpers import operating, play, weighed
from tests.engine.test_golden_age_playouts import random_game


@pytest.mark.parametrize("players", [2, 3, *(pytest.param(n, marks=pytest.mark.slow) for n in (4, 5, 6))])
def test_every_event_of_a_first_edition_game_is_one_of_the_rules_sentences(players: int) -> None:
    # random_game weighs every event of every move (tests.engine.golden_age_helpers.weighed) as it plays: the
    # playouts do so for the current edition's games, this for the words edition 1's games keep.
    state, moves = random_game(players, 40 + players, edition=1)
    assert state.over and len(moves) > 100


NAMED = [
    ("{p1} (Brown Airline) opens a gate in New York.", News.PLAY),
    ("{p0} (Green Airline) opens Winnipeg with a yellow tile (the gate from Seattle).", News.PLAY),
    ("{p2} (Green Airline) moves a gate from St. Louis to Chicago.", News.PLAY),
    ("{p0} buys a token of Pink Airline for $5.", News.PLAY),
    ("{p0} founds Green Airline at $6 and buys two tokens for $12.", News.PLAY),
    ("{p1} flies Green Airline: income $28, dividend level $4 a token.", News.PLAY),
    ("Green Airline pays a full dividend of $4 a token: {p0} $8, {p1} $4.", News.MILESTONE),
    ("Green Airline pays a half dividend of $2 a token.", News.MILESTONE),  # nobody holds a token
    ("{p0} awards contract $3: Seattle + Chicago to Green Airline and takes $3.", News.MILESTONE),
    ("{p0} (Green Airline) reaches yellow technology: tech box 2.", News.MILESTONE),
    ("{p0} (Green Airline) researches: tech box 3 (yellow).", News.PLAY),
    ("{p0} (Green Airline) builds a hub in Chicago.", News.MILESTONE),
    ("Pink Airline goes bankrupt: its tokens, gates and hubs leave the game.", News.MILESTONE),
    ("Pink Airline stock down to $1 (a lazy airline: it did not fly this turn). It is in the bankrupt box.",
     News.MILESTONE),
    ("Pink Airline stock down to $4 (a lazy airline: it did not fly this turn).", News.PLAY),
    ("Green Airline reaches $26 income: one more stock token is for sale.", News.GAIN),
    ("Green Airline earns a hub.", News.GAIN),
    ("Green Airline stock up to $7 (bought this round).", News.GAIN),
    ("Green Airline stock down to $5 (St. Louis is behind its technology).", News.PLAY),
    ("{p0}, Green Airline's CEO, chooses no dividend and 6 more gates.", News.PLAY),
    ("Green Airline adds 6 gates to its supply.", News.ROUTINE),
    ("{p0} passes.", News.ROUTINE),
    ("{p2} can buy nothing and passes.", News.ROUTINE),
    ("{p3} plays no more contracts.", News.ROUTINE),
    ("{p1} buys no action.", News.ROUTINE),
    ("{p1} cancels the action and chooses again.", News.ROUTINE),
    ("Turn 2 begins; {p1} is the first player.", News.ROUTINE),
    ("The final flight: every airline pays a full dividend.", News.FINAL),
    # A game of edition 1 keeps the words it was played with, and they weigh alike.
    ("Orange Airline builds a hub in New York.", News.MILESTONE),
    ("Orange Airline opens Toronto in green (the gate from Vancouver).", News.PLAY),
    ("{p0}, the CEO, chooses: none, 6 gates.", News.PLAY),
    ("The action is cancelled.", News.ROUTINE),
]


@pytest.mark.parametrize(("event", "weight"), NAMED)
def test_a_dividend_a_contract_a_new_colour_and_a_hub_are_milestones_and_a_pass_is_routine(
        event: str, weight: News) -> None:
    assert weighed(event) is weight
    assert news_of(GAME, event) == weight  # as the platform asks for it


def test_words_no_sentence_wrote_are_an_ordinary_play() -> None:
    assert GAME.news("Someone shouts across the table.") is News.PLAY


def expanded(edition: int) -> GoldenAgeState:
    state = play(operating(edition=edition), 0, "airline", "green")
    return play(play(state, 0, "operation", "expand"), 0, "city", "chicago")


def test_an_operation_names_the_player_who_acted_for_the_airline() -> None:
    assert expanded(GAME.edition).events == ["{p0} (Green Airline) opens a gate in Chicago."]
    assert expanded(1).events == ["Green Airline opens a gate in Chicago."]  # the words edition 1 was played with


def flown(edition: int, reserve: int = 6) -> GoldenAgeState:
    state = operating(edition=edition)
    state.airlines["green"].gates_reserve = reserve
    return play(play(state, 0, "airline", "green"), 0, "operation", "fly")


def test_the_ceos_choice_is_told_in_words_with_the_gates_it_really_brings() -> None:
    state = play(flown(GAME.edition), 0, "dividend", "none+6 gates")
    assert state.events[:2] == ["{p0}, Green Airline's CEO, chooses no dividend and 6 more gates.",
                                "Green Airline adds 6 gates to its supply."]
    state = play(flown(GAME.edition, reserve=1), 0, "dividend", "half+3 gates")
    assert state.events[0] == "{p0}, Green Airline's CEO, chooses a half dividend and 1 more gate."
    assert "Green Airline adds 1 gate to its supply." in state.events
    state = play(flown(GAME.edition), 0, "dividend", "none+3 gates+tech")
    assert state.events[0] == "{p0}, Green Airline's CEO, chooses no dividend, 3 more gates and a tech box."
    assert "{p0} (Green Airline) reaches yellow technology: tech box 2." in state.events  # the CEO moved it
    assert play(flown(1), 0, "dividend", "none+6 gates").events[0] == "{p0}, the CEO, chooses: none, 6 gates."


def test_the_headline_of_a_flight_is_its_dividend_not_the_choices_around_it() -> None:
    """The platform headlines the weightiest event since a player's last turn: after seat 0 flies and pays,
    seat 1 is told of the dividend, not of the flight or the CEO's choice."""
    state, history = operating(), History([LogLine(0, "")], [])
    for kind, arg in (("airline", "green"), ("operation", "fly"), ("dividend", "full")):
        state = play(state, 0, kind, arg)
        history = history.extended(0, state.events, [GAME.news(event) for event in state.events])
    assert history.headline((1,)) == "Green Airline pays a full dividend of $1 a token: {p0} $2, {p1} $1."
