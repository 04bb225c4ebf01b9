"""The look-ahead's worlds steadied by the luck of their dice: what a fit takes out, what it leaves, and Airships'
luck of a throw (its odds against how the dice fell), zero on the whole and half the spread between two choices."""

from __future__ import annotations

import random
import statistics

import pytest

import engine
from engine.core import find_choice
from engine.platform.thinking import (
    ROUND, STEADY_FROM, candidates, luck_of, mean, played_on, steadied, worlds,
)
from engine.rules.airships import ai as airships_ai, rules
from engine.rules.airships.state import Step

AIRSHIPS = engine.get_game("airships"), engine.get_ai("airships")


def lucks(n: int, seed: int) -> list[tuple[float, float]]:
    """`n` worlds' luck, the seat's and the others', each zero on the whole (every value comes with its negative)."""
    draw = random.Random(seed)
    half = [(draw.uniform(-1, 1), draw.uniform(-1, 1)) for _ in range(n // 2)]
    return half + [(-own, -others) for own, others in half]


def test_the_fit_takes_out_all_that_luck_explains_and_the_mean_stays() -> None:
    fell = lucks(12, 1)
    values = [0.5 + 0.3 * own - 0.2 * others for own, others in fell]
    assert statistics.stdev(values) > 0.1
    assert steadied(values, fell) == pytest.approx([0.5] * 12)
    noisy = [v + random.Random(i).gauss(0, 0.05) for i, v in enumerate(values)]
    assert mean(steadied(noisy, fell)) == pytest.approx(mean(noisy))  # luck averaging zero: the mean stays
    assert statistics.stdev(steadied(noisy, fell)) < statistics.stdev(noisy) / 2


def test_worths_stay_as_they_fell_without_luck_or_before_a_fit_has_enough_worlds() -> None:
    values = [float(i % 3) for i in range(20)]
    assert steadied(values, [(0.0, 0.0)] * 20) == values
    fell = lucks(STEADY_FROM, 2)[:-1]
    assert steadied(values[: len(fell)], fell) == values[: len(fell)]


def test_a_luck_that_only_follows_the_other_or_never_varies_leaves_the_fit_to_the_one_that_does() -> None:
    fell = [(own, -2 * own) for own, _ in lucks(10, 3)]  # the others' luck only mirrors the seat's
    values = [1.0 + 0.4 * own for own, _ in fell]
    assert steadied(values, fell) == pytest.approx([1.0] * 10)
    fell = [(0.25, others) for _, others in lucks(10, 4)]  # the seat's own never varied
    values = [1.0 + 0.4 * others for _, others in fell]
    assert steadied(values, fell) == pytest.approx([1.0 + 0.4 * mean([f[1] for f in fell])] * 10)


def test_only_a_game_with_odds_it_can_tell_exactly_tells_luck() -> None:
    assert luck_of(AIRSHIPS[1]) is not None
    assert luck_of(engine.get_ai("1930")) is None and luck_of(engine.get_ai("air-alliance")) is None


def test_a_throw_s_luck_is_how_it_fell_less_its_chance_and_zero_on_the_whole() -> None:
    game = AIRSHIPS[0]
    fell: list[float] = []
    for seed in range(12):  # random choices: a throw's luck is the same whoever chose it, and the AI costs 10 times more
        state, whim = game.setup(2, 300 + seed), random.Random(seed)
        while game.to_act(state):
            seat = game.to_act(state)[0]
            action = whim.choice(game.legal_actions(state, seat))
            after = game.apply(state, seat, action)
            luck = airships_ai.luck(state, seat, action, after)
            threw = action.kind == rules.ROLL or (action.kind == rules.THROW and after.step is not Step.EXCHANGE)
            if not threw:
                assert luck == 0.0
            else:
                card = state.chosen if action.kind == rules.ROLL else str(action.args[0])
                reached = after.pending is not None or card not in rules.targets(after)  # a short throw, or won
                assert -1.0 < luck < 1.0
                assert luck == 0.0 or (luck > 0) == reached  # 0.0 only where the odds were sure either way
                fell.append(luck)
            state = after
    assert len(fell) > 500
    assert abs(mean(fell)) < 4 * statistics.stdev(fell) / len(fell) ** 0.5  # what came, less its odds: no bias


@pytest.mark.slow
def test_luck_halves_the_spread_between_two_airships_choices_in_the_same_worlds() -> None:
    game, ai = AIRSHIPS
    ratios: list[float] = []
    for seed in range(3):
        state, whim = game.setup(2, 900 + seed), random.Random(seed)
        for count in range(40):
            seat = game.to_act(state)[0]
            if count % 8 == 4 and state.step is Step.CHOOSE_CARD and len(game.legal_actions(state, seat)) > 1:
                deal = random.Random(count)
                first = find_choice(game.legal_actions(state, seat), ai.choose(state, seat, deal))
                assert first is not None
                pair = candidates(game, ai, next(worlds(game, state, seat, deal)), seat, [first], 2)
                values: list[list[float]] = [[], []]
                fell: list[list[tuple[float, float]]] = [[], []]
                for world in [next(worlds(game, state, seat, deal)) for _ in range(24)]:
                    world_whim = deal.getrandbits(32)
                    for i, choice in enumerate(pair):
                        reached, luck = played_on(game, ai, world, seat, choice, ROUND, world_whim, airships_ai.luck)
                        values[i].append(ai.worth(reached, seat))
                        fell[i].append(luck)
                raw = [a - b for a, b in zip(values[1], values[0])]
                kept = [a - b for a, b in zip(steadied(values[1], fell[1]), steadied(values[0], fell[0]))]
                if statistics.stdev(raw) > 0:
                    ratios.append(statistics.stdev(kept) / statistics.stdev(raw))
            state = game.apply(state, seat, ai.choose(state, seat, whim))
    assert len(ratios) >= 4, ratios
    assert statistics.median(ratios) < 0.75, ratios
