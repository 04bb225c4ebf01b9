"""Airships news: how much each event weighs for the board's headline, from a won airship down to a turn's end."""

from __future__ import annotations

import pytest

from airships_helpers import (
    CHANGE_OF_ERA, GAME, C, act, check_events_weighed, set_chips, starting_dice, table, throw_for,
)
from engine.cli.simulate import play_random
from engine.core import News, news_of
from engine.events import Event
from engine.platform.turns import History, LogLine
from engine.rules.airships import events
from engine.rules.airships.state import KeptDie, Step, Throw
from said import said


# A throw for LZ 1 (2 white, 5 needed) one short: what the chip decision is told of.
SHORT_BY_ONE = Throw(1, "a-light-1", None, {"white": (2, 2)}, (KeptDie("white", 2, False),) * 2, 4, (), 5, False)


@pytest.mark.parametrize(("event", "weight"), [
    (events.airship_built(C, 0, "a-light-1", True, False), News.MILESTONE),
    (events.airship_built(C, 1, "a-dark-1", False, False), News.MILESTONE),
    (events.airship_built(C, 2, "a-medium-2", True, True), News.MILESTONE),  # and the Hindenburg opens
    (events.phase_built(C, 0, "hindenburg-2", False), News.MILESTONE),
    (events.phase_built(C, 1, "hindenburg-4", True), News.MILESTONE),
    (events.change_of_era(1), News.MILESTONE),
    (events.expansion_won(C, 0, "e1-engineers-1", None, None), News.GAIN),
    (events.expansion_won(C, 1, "e1-captains-1", "s-captains", 2), News.GAIN),
    (events.expansion_won(C, 1, "e1-captains-1", None, 0), News.GAIN),  # a Captain, with the supply empty
    (events.compensated(C, 0, "a-light-1", True), News.GAIN),
    (events.declared(C, 0, "e1-materials-1"), News.PLAY),
    (events.chip_decided(1, SHORT_BY_ONE.with_bonus("bonus chip", 1, True), True), News.PLAY),
    (events.chip_decided(1, SHORT_BY_ONE, False), News.PLAY),
    (events.chip_needed(C, SHORT_BY_ONE), News.PLAY),
    (events.describe_throw(C, SHORT_BY_ONE.with_bonus("bonus chip", 1, True)), News.PLAY),
    (events.compensated(C, 0, "a-light-1", False), News.PLAY),
    (events.another_go(0, 3), News.PLAY),
    (events.turned_over(C, 0, "e1-hangars-1", "e1-hangars-2"), News.ROUTINE),
    (events.turn_ended(1), News.ROUTINE),
    (events.passed(2), News.ROUTINE),
    (events.taken_back(0), News.ROUTINE),
    (events.game_over(), News.FINAL),
    (events.game_over(stuck=True), News.FINAL),
])
def test_each_kind_of_event_has_its_weight(event: Event, weight: News) -> None:
    assert events.SENTENCES.weight(event) is weight
    assert news_of(GAME, event) == weight  # the platform reads the game's own weights


def test_an_event_no_sentence_of_the_catalogue_emits_is_caught() -> None:
    with pytest.raises(AssertionError, match="constructs"):
        check_events_weighed([Event("constructs")])


def test_a_won_airship_outweighs_the_throw_that_won_it(dice) -> None:
    state = table()  # four full piles: the Hindenburg is shut, so the builder takes the wooden airship
    starting_dice(state, 0)
    dice(3, 2)
    state = throw_for(state, "a-light-1")
    throw, built = state.events[:2]
    assert said(state)[0].startswith("{p0} throws for the airship LZ 1: white 3 2") and news_of(GAME, throw) == News.PLAY
    assert said(state)[1] == "{p0} builds the airship LZ 1 and takes the wooden airship."
    assert news_of(GAME, built) == News.MILESTONE


def test_a_failed_throw_says_what_was_missed_and_the_chip_it_brought(dice) -> None:
    state = table()
    starting_dice(state, 0)
    set_chips(state, 0, 0)  # no chip to rescue the throw: it fails at once
    dice(1, 1)
    state = throw_for(state, "a-light-1")
    assert said(state)[1] == "{p0} fails to win LZ 1 and takes a compensation chip."
    assert news_of(GAME, state.events[1]) == News.GAIN


def test_a_card_won_with_its_chips_is_a_gain(dice) -> None:
    state = table(display=("e1-captains-1",))
    starting_dice(state, 0)
    dice(3, 3)
    state = throw_for(state, "e1-captains-1")
    assert said(state)[1].startswith("Peter Strasser joins {p0}'s Captains.")
    assert news_of(GAME, state.events[1]) == News.GAIN


def test_the_change_of_era_is_a_milestone_told_by_the_player_who_turned_it() -> None:
    state = table(pile=["e2-hangars-1", CHANGE_OF_ERA])
    starting_dice(state, 0, 1)
    state.step = Step.ADDITIONAL_GO
    state = act(state, "go", "end")
    assert said(state)[-1].startswith("{p1} turns over the Change of Era!")
    assert news_of(GAME, state.events[-1]) == News.MILESTONE


def test_the_next_player_sees_the_phase_built_not_the_turns_end() -> None:
    """The platform headlines the heaviest event since a player's last turn: the weights decide what that is."""
    built, ended = events.phase_built(C, 0, "hindenburg-1", False), events.turn_ended(0)
    throw = events.describe_throw(C, SHORT_BY_ONE)
    words = events.SENTENCES.words
    history = History([LogLine(0, words(events.turned_over(C, 0, "e1-hangars-1", None)), int(News.ROUTINE))], [])
    history = history.extended(0, [words(throw), words(built)], [news_of(GAME, throw), news_of(GAME, built)])
    history = history.extended(0, [words(ended)], [news_of(GAME, ended)])
    assert history.headline((1,)) == words(built)


def test_every_event_of_random_games_is_weighed_on_purpose() -> None:
    seen: dict[News, int] = {}

    def weigh(state, seat, action) -> None:
        check_events_weighed(state.events)
        for event in state.events:
            seen[GAME.sentences.weight(event)] = seen.get(GAME.sentences.weight(event), 0) + 1

    for seed in range(12):
        check_events_weighed(GAME.setup(2 + seed % 3, seed).events)
        play_random(GAME, 2 + seed % 3, seed, on_move=weigh)
    assert set(seen) == set(News)  # the games reached every weight
