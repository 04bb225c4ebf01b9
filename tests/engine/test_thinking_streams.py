"""The look-ahead's worlds weighed in several streams: split, weighed at once or in turn, and joined pair by pair."""

from __future__ import annotations

import pickle
import random
from dataclasses import replace
from typing import Any

import pytest

import engine
from engine.core import Action
from engine.platform.thinking import (
    Search, Stream, Weighing, ahead, look_ahead, merged, one_after_another, ranked,
)
from tests.engine.test_advice import midgame

STANDARD, OTHER = Action("standard"), Action("other")


def test_streams_join_each_choice_with_the_first_choices_worths_in_its_own_worlds() -> None:
    # In the first stream the other choice fell behind and left the race after six worlds; in the second it
    # stayed ahead. Paired world by world it is behind on the whole, so the standard choice stands.
    first = [Weighing(STANDARD, [10, 11, 10, 11, 10, 11, 10, 11], [1.0] * 8),
             Weighing(OTHER, [9, 10, 9, 10, 9.5, 10], [2.0] * 6)]
    second = [Weighing(STANDARD, [0, 1, 0, 1, 0, 1, 0, 1], [3.0] * 8),
              Weighing(OTHER, [0.5, 1.5, 0.6, 1.4, 0.5, 1.5, 0.6, 1.4], [4.0] * 8)]
    standard, other = merged([first, second])
    assert standard.values == first[0].values + second[0].values and standard.paired == standard.values
    assert other.values == first[1].values + second[1].values
    assert other.paired == first[0].values[:6] + second[0].values
    assert other.told == [2.0] * 6 + [4.0] * 8
    gaps = [v - b for v, b in zip(other.values, other.paired)]
    assert ahead(other.values, other.paired) == ahead(gaps, [0.0] * len(gaps)) < 0
    assert Search().pick([standard, other]) == STANDARD
    assert [w.worlds for w in ranked([standard, other])] == [16, 14]


def test_one_stream_is_handed_back_as_it_was_weighed() -> None:
    alone = [Weighing(STANDARD, [1.0, 2.0], [1.0, 2.0]), Weighing(OTHER, [2.0, 3.0], [2.0, 3.0])]
    assert merged([alone]) is alone


def streams_of(search: Search, slug: str, seed: int = 3) -> tuple[list[Stream], list[Weighing]]:
    """The streams a look-ahead hands its spread at a table of a standard game, and what it made of them."""
    game, ai = engine.get_game(slug), engine.get_ai(slug)
    state, seat = midgame(slug, seed)
    handed: list[Stream] = []

    def spread(streams: list[Stream]) -> list[list[Weighing]]:
        handed.extend(streams)
        return [stream.weigh(game, ai, None) for stream in streams]

    return handed, search.weighed(game, ai, state, seat, random.Random(seed), None, spread=spread)


@pytest.mark.parametrize("slug", ["airships", "1930"])
def test_a_look_ahead_splits_its_worlds_into_streams_of_their_own_deals_and_one_shortlist(slug: str) -> None:
    search = Search(keep=3, samples=8, streams=2)
    handed, weighed = streams_of(search, slug)
    assert len(handed) == 2 and [s.samples for s in handed] == [4, 4]
    assert handed[0].choices == handed[1].choices and len(handed[0].choices) > 1
    assert handed[0].deal.getstate() != handed[1].deal.getstate()
    assert [w.action for w in weighed][0] == handed[0].choices[0]  # the standard AI's choice stays first
    # Weighed at once (by a spread) or here in turn, without a clock the streams give the same worths.
    game, ai = engine.get_game(slug), engine.get_ai(slug)
    state, seat = midgame(slug, 3)
    here = search.weighed(game, ai, state, seat, random.Random(3), None)
    assert here == weighed


def test_one_stream_is_the_look_ahead_as_it_always_was() -> None:
    search = Search(keep=3, samples=6)
    handed, weighed = streams_of(search, "airships")
    assert len(handed) == 1 and handed[0].samples == 6
    game, ai = engine.get_game("airships"), engine.get_ai("airships")
    state, seat = midgame("airships", 3)
    assert weighed == search.weighed(game, ai, state, seat, random.Random(3), None)


def test_streams_weighed_in_turn_on_the_clock_each_get_their_share_of_the_time_left(
        monkeypatch: pytest.MonkeyPatch) -> None:
    deadlines: list[float] = []

    def weigh(self: Stream, game: Any, ai: Any, clock: Any) -> list[Weighing]:
        deadlines.append(self.deadline)
        return []

    monkeypatch.setattr(Stream, "weigh", weigh)
    stream = Stream(None, 0, [STANDARD, OTHER], random.Random(1), look_ahead("1930").horizon, 8, deadline=13.0)
    one_after_another(None, None, [stream, replace(stream)], lambda: 10.0)  # type: ignore[arg-type]
    assert deadlines == [11.5, 13.0]
    deadlines.clear()
    one_after_another(None, None, [stream, replace(stream)], None)  # type: ignore[arg-type]
    assert deadlines == [13.0, 13.0]  # no clock: each stream weighs all its worlds


def test_a_stream_pickles_so_another_process_can_weigh_it_alike() -> None:
    game, ai = engine.get_game("air-alliance"), engine.get_ai("air-alliance")
    state, seat = midgame("air-alliance", 3)
    choices = game.legal_actions(state, seat)[:2]
    stream = Stream(state, seat, choices, random.Random(5), look_ahead("air-alliance").horizon, 2)
    again = pickle.loads(pickle.dumps(stream))
    assert again.weigh(game, ai, None) == stream.weigh(game, ai, None)
