"""1930 AI estimates of research: a box taken toward the next colour is worth something before that colour comes."""

from __future__ import annotations

import pytest

from engine.rules.golden_age import ai_value
from engine.rules.golden_age.state import GoldenAgeState, Phase
from tests.engine.golden_age_helpers import operating


def green_token_at(state: GoldenAgeState, tech_box: int, weights: ai_value.Weights = ai_value.WEIGHTS) -> float:
    state.airlines["green"].tech_box = tech_box
    return ai_value.token_values(state, 0, weights)["green"]


@pytest.mark.parametrize("edition", [1, 2])
def test_research_toward_the_next_colour_is_worth_an_action_before_the_colour_comes(edition: int) -> None:
    """Box 3 (the second yellow box) brings no stock rise and no region of its own, but it is half the way to
    green: a token of an airline there is worth more than one of the same airline in box 2, by the promise alone."""
    state = operating(edition=edition)
    assert green_token_at(state, 3) > green_token_at(state, 2)
    blind = ai_value.Weights(research=0.0)  # the estimate without the promise saw no worth in the box at all
    assert green_token_at(state, 3, blind) == green_token_at(state, 2, blind)


def test_research_promises_nothing_once_no_research_can_follow() -> None:
    state = operating()
    state.turn, state.phase = 6, Phase.CONTRACTS  # the last End of Turn: no operation is left to research with
    assert ai_value.research_promise(state, 3, 0, ai_value.WEIGHTS) == 0.0
    assert ai_value.research_promise(state, 3, 1, ai_value.WEIGHTS) == ai_value.WEIGHTS.research / 2


@pytest.mark.parametrize(("edition", "boxes"), [(2, (0, 0, 0.5, 0, 0.5, 0, 0.5, 0)), (1, (0, 0, 0.5, 0, 0.5, 0, 0.5, 0, 0))])
def test_progress_to_the_next_colour_follows_the_editions_track(edition: int, boxes: tuple[float, ...]) -> None:
    """The white box and each colour's first box start afresh; the gray boxes lead nowhere further."""
    assert tuple(ai_value.progress_to_next_colour(edition, "", box) for box in range(1, len(boxes) + 1)) == boxes
