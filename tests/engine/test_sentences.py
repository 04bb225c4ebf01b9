"""A game's catalogue of sentences: events as values worded at the edge, weighed by key, in the edition's words."""

from __future__ import annotations

import gc
import json
import pickle

import pytest

from engine.core import News
from engine.events import Event, Run, Seat, event
from engine.sentences import Sentence, Sentences, blank_names, namer


def catalogue() -> Sentences:
    sentences = Sentences()
    sentences.add("hub_built", "{actor} builds a hub in {city}.", News.MILESTONE,
                  earlier=((2, "{airline} builds a hub in {city}."),))
    sentences.add("actor", "{seat} ({airline})", News.ROUTINE)
    sentences.add("joins", "{card} joins {who}'s crew.{chips}", News.GAIN)
    sentences.add("takes_chips", " {who} takes {chips}.", News.ROUTINE)
    sentences.add("over", "The game ends. Miles: {scores}.", News.FINAL)
    sentences.add("score", "{who} {miles}", News.ROUTINE)
    return sentences


def test_an_event_is_worded_with_the_players_names_put_in_from_its_seat_values() -> None:
    sentences = catalogue()
    actor = event("actor", seat=Seat(1), airline="Orange Airline")
    hub = event("hub_built", actor=actor, airline="Orange Airline", city="New York")
    assert sentences.words(hub, {1: "bob"}) == "bob (Orange Airline) builds a hub in New York."
    assert sentences.words(hub) == "{p1} (Orange Airline) builds a hub in New York."  # no name: the seat's number
    assert sentences.words(hub, lambda seat: f"Seat {seat + 1}") == "Seat 2 (Orange Airline) builds a hub in New York."


def test_a_clause_and_a_run_of_clauses_name_their_seats_too() -> None:
    sentences = catalogue()
    joins = event("joins", card="Strasser", who=Seat(0), chips=event("takes_chips", who=Seat(0), chips="2 chips"))
    assert sentences.words(joins, {0: "ann"}) == "Strasser joins ann's crew. ann takes 2 chips."
    assert sentences.words(event("joins", card="Strasser", who=Seat(0), chips=""), {0: "ann"}) == "Strasser joins ann's crew."
    scores = Run(tuple(event("score", who=Seat(s), miles=f"{m:,}") for s, m in ((0, 41000), (1, 37000))), joint=", ")
    assert sentences.words(event("over", scores=scores), ["ann", "bob"]) == "The game ends. Miles: ann 41,000, bob 37,000."
    assert event("over", scores=scores).seats() == [0, 1]


def test_the_weight_is_the_declarations_found_by_key_whatever_the_words() -> None:
    sentences = catalogue()
    assert sentences.weight(Event("hub_built")) is News.MILESTONE and sentences.weight(Event("over")) is News.FINAL
    with pytest.raises(KeyError):
        sentences.weight(Event("shouts"))  # an event no sentence declares is a bug the rules' tests catch


def test_a_game_of_an_earlier_edition_is_worded_by_its_earlier_words_under_the_same_key() -> None:
    sentences = catalogue()
    hub = event("hub_built", actor=event("actor", seat=Seat(0), airline="Orange"), airline="Orange", city="Rome")
    assert sentences.words(hub, {0: "ann"}, edition=1) == "Orange builds a hub in Rome."
    assert sentences.words(hub, {0: "ann"}, edition=2) == "ann (Orange) builds a hub in Rome."
    assert sentences.words(hub, {0: "ann"}) == "ann (Orange) builds a hub in Rome."  # today's words by default


def test_an_events_actor_is_the_seat_its_words_begin_with() -> None:
    sentences = catalogue()
    hub = event("hub_built", actor=event("actor", seat=Seat(2), airline="Orange"), airline="Orange", city="Rome")
    assert sentences.actor(hub) == 2 and sentences.actor(hub, edition=1) is None  # edition 1 begins with the airline
    assert sentences.actor(event("joins", card="X", who=Seat(0), chips="")) is None  # it begins with the card


def test_a_sentences_event_needs_every_blank_of_every_editions_words() -> None:
    hub = catalogue().sentence(Event("hub_built"))
    with pytest.raises(TypeError, match="airline"):
        hub.event(actor="Orange", city="Rome")
    assert hub.event(actor="Orange", airline="Orange", city="Rome").key == "hub_built"


def test_each_edition_takes_the_first_earlier_words_it_comes_before() -> None:
    cancelled = Sentence("cancelled", "{seat} cancels the action.", News.ROUTINE,
                         earlier=((2, "The action is cancelled."), (4, "{seat} cancels.")))
    assert [cancelled.words_for(edition) for edition in (1, 2, 3, 4, None)] == [
        "The action is cancelled.", "{seat} cancels.", "{seat} cancels.", "{seat} cancels the action.",
        "{seat} cancels the action."]
    with pytest.raises(ValueError, match="rising"):
        Sentence("x", "x", News.PLAY, earlier=((3, "y"), (2, "z")))


def test_a_game_registers_each_key_once_and_a_blank_needs_a_name() -> None:
    sentences = Sentences()
    first, second = sentences.add("a", "A {x}.", News.PLAY), sentences.add("b", "B {x}.", News.GAIN)
    assert list(sentences) == [first, second] and len(sentences) == 2 and "a" in sentences
    with pytest.raises(ValueError, match="already"):
        sentences.add("a", "Another A {x}.", News.MILESTONE)
    with pytest.raises(ValueError, match="name"):
        Sentence("hub", "{} builds a hub.", News.PLAY)
    assert blank_names("{who} flies {colour} {route}{after}.") == ["who", "colour", "route", "after"]


def test_an_event_goes_to_json_and_back_and_packs_into_tuples_the_collector_stops_tracking() -> None:
    scores = Run((event("score", who=Seat(0), miles="41,000"),), joint=", ", lead=" ")
    told = event("joins", card="X", who=Seat(1), chips=event("takes_chips", who=Seat(1), chips=2), scores=scores)
    assert Event.from_json(json.loads(json.dumps(told.to_json()))) == told
    assert told.to_json()["blanks"]["who"] == {"seat": 1}  # a seat, told apart from an amount
    assert Event.unpacked(told.packed()) == told and pickle.loads(pickle.dumps(told)) == told
    assert isinstance(Event.unpacked(told.packed()).get("who"), Seat)
    packed = tuple(event("score", who=Seat(n), miles=n) .packed() for n in range(3))
    for _ in range(8):  # a collection may untrack one level of nesting at a time; as few as it takes
        if not gc.is_tracked(packed) and not gc.is_tracked(packed[0]):
            break
        gc.collect()
    assert not gc.is_tracked(packed) and not gc.is_tracked(packed[0])
    with pytest.raises(ValueError):
        Event.from_json({"key": "x", "blanks": {"who": [1]}})


def test_a_packed_event_is_worded_and_weighed_as_the_event_itself() -> None:
    """The chronicle's packed events are worded without unpacking them (a cold table words a whole game)."""
    sentences = catalogue()
    scores = Run(tuple(event("score", who=Seat(s), miles=m) for s, m in ((0, "41,000"), (2, "9,000"))), joint=", ")
    hub = event("hub_built", actor=event("actor", seat=Seat(1), airline="Orange"), airline="Orange", city="Rome")
    names = namer({0: "ann", 1: "bob"})
    for told in (hub, event("over", scores=scores), event("joins", card="X", who=Seat(0), chips="")):
        for edition in (1, 2):
            assert sentences.kept_words(told.packed(), names, edition) == (
                sentences.words(told, {0: "ann", 1: "bob"}, edition), sentences.weight(told))
