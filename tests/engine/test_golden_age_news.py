"""1930's events: each emitted from one of the rules' sentences, which weighs it for the board's headline by its
key, and each naming who acted."""

from __future__ import annotations

import pytest

from engine.core import News, news_of
from engine.events import Event
from engine.platform.turns import History, LogLine
from engine.rules.golden_age import GAME
from engine.events import Seat
from engine.rules.golden_age.airline_operations import GATE_OPENED, UPGRADED
from engine.rules.golden_age.end_of_turn import AWARDED
from engine.rules.golden_age.events import ACTOR, SENTENCES, own_news
from engine.rules.golden_age.market import DIVIDEND_PAID
from engine.rules.golden_age.stock import BOUGHT, NOTHING_TO_BUY
from engine.rules.golden_age.state import GoldenAgeState
from tests.engine.golden_age_helpers import operating, play
from tests.engine.test_golden_age_playouts import random_game
from said import said


@pytest.mark.parametrize("players", [2, 3, *(pytest.param(n, marks=pytest.mark.slow) for n in (4, 5, 6))])
def test_every_event_of_a_first_edition_game_is_one_of_the_rules_sentences(players: int) -> None:
    # random_game weighs every event of every move (tests.engine.golden_age_helpers.weighed) as it plays: the
    # playouts do so for the current edition's games, this for the words edition 1's games keep.
    state, moves = random_game(players, 40 + players, edition=1)
    assert state.over and len(moves) > 100


# Each sentence's weight, as it is declared (and found by the event's key): what the table talks about.
NAMED = [
    ("gate_opened", News.PLAY), ("city_opened", News.PLAY), ("gate_moved", News.PLAY), ("bought", News.PLAY),
    ("founded", News.PLAY), ("flown", News.PLAY), ("dividend_paid", News.MILESTONE), ("awarded", News.MILESTONE),
    ("new_colour", News.MILESTONE), ("researched", News.PLAY), ("hub_built", News.MILESTONE),
    ("bankrupt", News.MILESTONE), ("bankrupt_box", News.MILESTONE), ("stock_down", News.PLAY),
    ("token_released", News.GAIN), ("hub_earned", News.GAIN), ("stock_up", News.GAIN), ("ceo_chose", News.PLAY),
    ("gates_added", News.ROUTINE), ("passed", News.ROUTINE), ("nothing_to_buy", News.ROUTINE),
    ("no_more_contracts", News.ROUTINE), ("no_action_bought", News.ROUTINE), ("cancelled", News.ROUTINE),
    ("turn_begins", News.ROUTINE), ("final_flight", News.FINAL),
]


@pytest.mark.parametrize(("key", "weight"), NAMED)
def test_a_dividend_a_contract_a_new_colour_and_a_hub_are_milestones_and_a_pass_is_routine(
        key: str, weight: News) -> None:
    assert SENTENCES.weight(Event(key)) is weight
    assert news_of(GAME, Event(key)) == weight  # as the platform asks for it


def test_a_game_of_edition_1_keeps_its_words_under_the_same_key() -> None:
    hub = SENTENCES.sentence(Event("hub_built"))
    assert hub.words_for(1) == "{airline} builds a hub in {city}." and hub.words_for(GAME.edition) == hub.template
    assert SENTENCES.sentence(Event("cancelled")).words_for(1) == "The action is cancelled."


def expanded(edition: int) -> GoldenAgeState:
    state = play(operating(edition=edition), 0, "airline", "green")
    return play(play(state, 0, "operation", "expand"), 0, "city", "chicago")


def test_an_operation_names_the_player_who_acted_for_the_airline() -> None:
    assert said(expanded(GAME.edition)) == ["{p0} (Green Airline) opens a gate in Chicago."]
    assert said(expanded(1)) == ["Green Airline opens a gate in Chicago."]  # the words edition 1 was played with


def flown(edition: int, reserve: int = 6) -> GoldenAgeState:
    state = operating(edition=edition)
    state.airlines["green"].gates_reserve = reserve
    return play(play(state, 0, "airline", "green"), 0, "operation", "fly")


def test_the_ceos_choice_is_told_in_words_with_the_gates_it_really_brings() -> None:
    state = play(flown(GAME.edition), 0, "dividend", "none+6 gates")
    assert said(state)[:2] == ["{p0}, Green Airline's CEO, chooses no dividend and 6 more gates.",
                                "Green Airline adds 6 gates to its supply."]
    state = play(flown(GAME.edition, reserve=1), 0, "dividend", "half+3 gates")
    assert said(state)[0] == "{p0}, Green Airline's CEO, chooses a half dividend and 1 more gate."
    assert "Green Airline adds 1 gate to its supply." in said(state)
    state = play(flown(GAME.edition), 0, "dividend", "none+3 gates+tech")
    assert said(state)[0] == "{p0}, Green Airline's CEO, chooses no dividend, 3 more gates and a tech box."
    assert "{p0} (Green Airline) reaches yellow technology: tech box 2." in said(state)  # the CEO moved it
    assert said(play(flown(1), 0, "dividend", "none+6 gates"))[0] == "{p0}, the CEO, chooses: none, 6 gates."


def test_the_headline_of_a_flight_is_its_dividend_not_the_choices_around_it() -> None:
    """The platform headlines the weightiest event since a player's last turn: after seat 0 flies and pays,
    seat 1 is told of the dividend, not of the flight or the CEO's choice."""
    state, history = operating(), History([LogLine(0, "")], [])
    for kind, arg in (("airline", "green"), ("operation", "fly"), ("dividend", "full")):
        state = play(state, 0, kind, arg)
        history = history.extended(0, said(state), [news_of(GAME, event) for event in state.events])
    assert history.headline((1,)) == "Green Airline pays a full dividend of $1 a token: {p0} $2, {p1} $1."


def test_the_news_a_highlighted_action_did_are_found_by_key_and_airline_for_the_boards_tag() -> None:
    green, actor = "Green Airline", ACTOR.event(seat=Seat(0), airline="Green Airline")
    news = [
        GATE_OPENED.event(actor=actor, airline=green, city="Chicago"),
        DIVIDEND_PAID.event(airline="Orange Airline", words="a full dividend", per_token=3, to_whom=""),
        DIVIDEND_PAID.event(airline=green, words="a full dividend", per_token=5, to_whom=""),
        UPGRADED.event(actor=actor, airline=green, city="Chicago", colour="yellow", paid=""),
        BOUGHT.event(seat=Seat(2), airline="Pink Airline", cost=5, given=""),
        NOTHING_TO_BUY.event(seat=Seat(2)),
        AWARDED.event(seat=Seat(2), card="$3: Chicago", airline="Blue Airline", value=3),
    ]
    assert own_news(news, "expand", green) == [0]  # not another airline's dividend, nor its own (no expand's)
    assert own_news(news, "fly", green) == [2]  # the flight's dividend
    assert own_news(news, "buy", "Pink Airline") == [4]  # not a pass
    assert own_news(news, "upgrade", "Yellow Airline") == []  # yellow the tile is not Yellow Airline
    assert own_news(news, "contract", "Blue Airline") == [6]
    state = expanded(GAME.edition)
    assert GAME.view(state, None).own_news == (0,)  # the view says it of its own news


def test_a_dividend_names_the_players_it_pays() -> None:
    """Each payee is a seat value the wording step names, never a seat written into words no one fills in."""
    state = operating()
    for kind, arg in (("airline", "green"), ("operation", "fly"), ("dividend", "full")):
        state = play(state, 0, kind, arg)
    paid = [e for e in state.events if e.key == "dividend_paid"]
    assert paid and GAME.sentences.words(paid[0], {0: "ann", 1: "bob"}, state.edition).endswith(": ann $2, bob $1.")
