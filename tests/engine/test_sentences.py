"""The platform's event sentences: a template's pattern, what its blanks may hold, a game's weights, earlier words."""

from __future__ import annotations

import pytest

from engine.core import News
from engine.sentences import NUMBER, SEAT, WORD, Sentence, Sentences, blank_names, one_of


def test_a_template_matches_its_own_words_with_any_words_in_a_blank_it_says_nothing_of() -> None:
    hub = Sentence("{actor} builds a hub in {city}.", News.MILESTONE)
    assert hub.matches("{p0} (Green Airline) builds a hub in St. Louis.")
    assert hub.matches(hub.say(actor="Orange Airline", city="New York"))
    assert hub.matches(" builds a hub in .")  # a blank may be left empty ("{after}" often is)
    assert not hub.matches("{p0} builds a hub in Chicago. And more")  # the whole event, not its start
    assert not hub.matches("{p0} builds two hubs in Chicago.")


def test_a_templates_own_words_are_matched_to_the_letter_even_where_they_look_like_a_pattern() -> None:
    paid = Sentence("{airline} pays ${cost} (a token?) [{n}].", News.PLAY)
    assert paid.pattern.fullmatch("Green Airline pays $5 (a token?) [2].")
    assert not paid.matches("Green Airline pays 5 a token [2].")
    assert Sentence("Turn {{n}} is {turn}.", News.ROUTINE).say(turn=3) == "Turn {n} is 3."


def test_a_blank_holds_only_what_the_game_says_it_may() -> None:
    sentences = Sentences({"who": SEAT, "price": NUMBER, "colour": WORD, "verdict": one_of("success!", "short.")})
    bought = sentences.add("{who} buys a {colour} token for ${price}: {verdict}", News.PLAY)
    assert bought.matches("{p12} buys a yellow token for $40: success!")
    assert not bought.matches("Alice buys a yellow token for $40: success!")  # a name put in is not a seat token
    assert not bought.matches("{p1} buys a yellow token for $forty: success!")
    assert not bought.matches("{p1} buys a light blue token for $4: success!")
    assert not bought.matches("{p1} buys a yellow token for $4: success")  # one of the words exactly
    assert bought.matches("{p1} buys a yellow token for $4: short.")


def test_one_of_may_allow_an_empty_blank() -> None:
    sentences = Sentences({"then": one_of("", " The Hindenburg is complete!")})
    built = sentences.add("{who} builds {card}.{then}", News.MILESTONE)
    assert built.matches("{p0} builds LZ 1.") and built.matches("{p0} builds LZ 1. The Hindenburg is complete!")
    assert not built.matches("{p0} builds LZ 1. The Hindenburg is complete")  # neither word: not empty, not these


def test_the_heaviest_sentence_an_event_fits_is_its_weight() -> None:
    sentences = Sentences({"who": SEAT})
    flies = sentences.add("{who} flies {route}{after}.", News.PLAY)
    gains = sentences.add("{who} flies {route} and gains {cards}{after}.", News.GAIN)
    event = gains.say(who="{p0}", route="A1 → B2", cards="Surfer", after="")
    assert sentences.fitting(event) == [flies, gains]  # a general sentence fits too
    assert sentences.weigh(event) is News.GAIN and sentences.news(event) is News.GAIN
    assert sentences.weigh(flies.say(who="{p0}", route="A1 → B2", after="")) is News.PLAY


def test_words_no_sentence_writes_weigh_nothing_and_are_an_ordinary_move() -> None:
    sentences = Sentences({"who": SEAT})
    sentences.add("{who} ends the turn.", News.ROUTINE)
    assert sentences.weigh("{p0} shouts across the table.") is None
    assert sentences.news("{p0} shouts across the table.") is News.PLAY
    assert sentences.news("{p0} ends the turn.") is News.ROUTINE


def test_a_game_registers_each_sentence_once_in_the_order_it_adds_them() -> None:
    sentences = Sentences()
    first, second = sentences.add("A {x}.", News.PLAY), sentences.add("B {x}.", News.GAIN)
    assert list(sentences) == [first, second] and len(sentences) == 2
    with pytest.raises(ValueError, match="already"):
        sentences.add("A {x}.", News.MILESTONE)


def test_a_blank_needs_a_name() -> None:
    with pytest.raises(ValueError, match="name"):
        Sentence("{} builds a hub.", News.PLAY)
    assert blank_names("{who} flies {colour} {route}{after}.") == ["who", "colour", "route", "after"]


def test_a_game_of_an_earlier_edition_says_and_is_weighed_by_its_earlier_words() -> None:
    sentences = Sentences()
    hub = sentences.add("{actor} builds a hub in {city}.", News.MILESTONE,
                        earlier=((2, "{airline} builds a hub in {city}."),))
    assert hub.say(1, airline="Orange Airline", city="New York") == "Orange Airline builds a hub in New York."
    assert hub.say(2, actor="{p0} (Orange Airline)", city="Chicago") == "{p0} (Orange Airline) builds a hub in Chicago."
    assert hub.say(actor="{p0}", city="Chicago") == "{p0} builds a hub in Chicago."  # today's words by default
    assert sentences.weigh("Orange Airline builds a hub in New York.") is News.MILESTONE  # edition 1's words
    assert not hub.pattern.fullmatch("Orange Airline builds a hub.")


def test_each_edition_takes_the_first_earlier_words_it_comes_before() -> None:
    cancelled = Sentence("{seat} cancels the action.", News.ROUTINE,
                         earlier=((2, "The action is cancelled."), (4, "{seat} cancels.")))
    assert [cancelled.words_for(edition) for edition in (1, 2, 3, 4, None)] == [
        "The action is cancelled.", "{seat} cancels.", "{seat} cancels.", "{seat} cancels the action.",
        "{seat} cancels the action."]
    assert cancelled.matches("The action is cancelled.") and cancelled.matches("{p0} cancels.")
    with pytest.raises(ValueError, match="rising"):
        Sentence("x", News.PLAY, earlier=((3, "y"), (2, "z")))


def test_a_say_may_fill_a_blank_called_edition() -> None:
    sentence = Sentence("Edition {edition} rules.", News.ROUTINE, earlier=((2, "Old {edition} rules."),))
    assert sentence.say(1, edition="first") == "Old first rules."
    assert sentence.say(edition="second") == "Edition second rules."
