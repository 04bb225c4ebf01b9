"""Airships AI players: legal and deterministic everywhere, blind to the pile's order and the dice, sensible where it is plain."""

from __future__ import annotations

import math
import random
from functools import cache
from typing import Any

import pytest

import engine
from airships_helpers import GAME, WHITE_STARTERS, act, give, set_chips, table, throw_for
from engine.core import Action, GameError
from engine.rules.airships import ai, dice, odds, ai_value, rules
from engine.rules.airships.data import components
from engine.rules.airships.state import AirshipsState, Step, Throw
from engine.cli.simulate import play_random

C = components()


pytestmark = pytest.mark.xdist_group("airships_ai")  # one worker finds the positions, not each


# The tests that read these are slow: thousands of positions from 42 random games, each decided by the AI.
@cache
def positions() -> tuple[AirshipsState, ...]:
    """Every position of random games at 2, 3 and 4 players where someone must decide: eras, steps and tables."""
    found: list[AirshipsState] = []

    def keep(state: Any, seat: int, action: Action) -> None:
        if GAME.to_act(state):
            found.append(state)

    for players in (2, 3, 4):
        for seed in range(14):
            play_random(GAME, players, 500 + seed, on_move=keep)
    return tuple(found)


def seat_of(state: AirshipsState) -> int:
    return GAME.to_act(state)[0]


# --- the contract ------------------------------------------------------------------------------------------


def test_get_ai_gives_the_games_ai_module() -> None:
    assert engine.get_ai("airships") is ai
    with pytest.raises(GameError, match="airships"):
        engine.get_ai("nope")


@pytest.mark.slow
def test_there_are_thousands_of_positions_in_every_step() -> None:
    states = positions()
    assert len(states) >= 2000
    assert {s.step for s in states} >= {Step.CHOOSE_CARD, Step.EXCHANGE, Step.BONUS_CHIP, Step.ADDITIONAL_GO}


@pytest.mark.parametrize("policy", [ai.choose, ai.greedy], ids=["choose", "greedy"])
@pytest.mark.slow
def test_a_policy_always_picks_a_legal_action(policy: Any) -> None:
    for state in positions():
        seat = seat_of(state)
        assert policy(state, seat, random.Random(1)) in GAME.legal_actions(state, seat)


@pytest.mark.parametrize("policy", [ai.choose, ai.greedy], ids=["choose", "greedy"])
@pytest.mark.slow
def test_a_policy_is_deterministic_for_a_state_and_rng_seed(policy: Any) -> None:
    for state in positions()[::8]:
        seat = seat_of(state)
        before = state.copy()
        assert policy(state, seat, random.Random(5)) == policy(state, seat, random.Random(5))
        assert state.copy() == before  # the state it was shown is untouched


# How quickly choose decides is measured by `python -m benchmarks` (ai_ms_per_decision, against its target),
# not here: a timing assert fails on a busy machine.


def test_a_seat_with_nothing_to_decide_is_not_asked() -> None:
    state = play_random(GAME, 2, 5).state
    with pytest.raises(ValueError, match="nothing to decide"):
        ai.choose(state, 0, random.Random(1))


# --- what the seat could not know --------------------------------------------------------------------------


def hidden_variants(state: AirshipsState, shuffle: random.Random) -> list[AirshipsState]:
    """The same table with another pile order under the top card (its back stays) and other dice to come."""
    reordered = state.copy()
    under = reordered.pile[:-1]
    shuffle.shuffle(under)
    reordered.pile[:-1] = under
    reseeded = state.copy()
    reseeded.seed = state.seed + 7_654_321
    return [reordered, reseeded]


@pytest.mark.parametrize("policy", [ai.choose, ai.greedy], ids=["choose", "greedy"])
@pytest.mark.slow
def test_a_policy_ignores_the_order_of_the_pile_and_the_dice_to_come(policy: Any) -> None:
    shuffle = random.Random(3)
    differs = 0
    for state in positions()[::6]:
        seat = seat_of(state)
        choice = policy(state, seat, random.Random(9))
        for variant in hidden_variants(state, shuffle):
            differs += variant.pile != state.pile or variant.seed != state.seed
            assert policy(variant, seat, random.Random(9)) == choice
    assert differs > 100  # the variants did hide something


@pytest.mark.slow
def test_choose_never_makes_the_games_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    class NoDice:
        def __init__(self, *args: Any) -> None:
            raise AssertionError("the AI built the game's RNG: it would know the dice to come")

    monkeypatch.setattr(dice, "GameRng", NoDice)
    for state in positions()[::20]:
        ai.choose(state, seat_of(state), random.Random(4))
        ai.greedy(state, seat_of(state), random.Random(4))


@pytest.mark.slow
def test_the_ais_odds_are_the_exact_odds() -> None:
    # ai_value adds the colours up in floats for speed; it must agree with odds' exact fractions.
    for state in positions()[::14]:
        seat = state.current
        strength = ai_value.strength(state, seat)
        for card in rules.eligible_targets(state, seat):
            exact = max(odds.throw_chance(state, seat, card, option).with_chip for option in ai.roll_options(state, seat, card))
            assert ai_value.chance(state.data, strength, card) == pytest.approx(float(exact), abs=1e-9)


# --- plain good play ---------------------------------------------------------------------------------------


def medium_race(players: int = 2) -> AirshipsState:
    """Era 2, two fields with a medium airship on top of a dark one; the others down to their dark card."""
    state = table(players, era=2, fields=[["a-dark-1", "a-medium-1"], ["a-dark-2", "a-medium-6"], ["a-dark-3"], ["a-dark-4"]])
    give(state, 0, "s-hangars")  # with the entrepreneur: 2 white + 1 red, enough for both mediums
    give(state, 1, "s-financiers")
    set_chips(state, 0, 0)
    return state


def test_choose_throws_for_the_card_with_much_better_odds_times_value() -> None:
    state = medium_race()
    easy, hard = ("a-medium-1", "a-medium-6")
    worth = {card: odds.best_chance(state, 0, card).with_chip * C.airships[card].vp for card in (easy, hard)}
    assert worth[easy] > 2.5 * worth[hard]  # the position is as plain as the test says
    assert ai.choose(state, 0, random.Random(1)) == Action("throw", (easy,))
    assert ai.greedy(state, 0, random.Random(1)) == Action("throw", (easy,))


def short_by_one(state: AirshipsState, card: str) -> AirshipsState:
    """The seat's throw for `card` fell one short: the bonus-chip decision waits."""
    cost, target = dice.cost_and_target(state.data, card)
    state.chosen, state.step = card, Step.BONUS_CHIP
    state.pending = Throw(state.current, card, None, {}, (), target - 1, (), target, False)
    return state


def test_choose_uses_a_chip_to_build_an_airship_early_in_the_game() -> None:
    state = table(2)  # the light airships on top of every field: the game has far to go
    set_chips(state, 0, 1)
    state = short_by_one(state, "a-light-4")
    assert [a.args[0] for a in GAME.legal_actions(state, 0)] == ["use", "keep"]
    assert ai.choose(state, 0, random.Random(1)) == Action("chip", ("use",))


def test_choose_keeps_a_department_card_worth_more_than_the_one_offered() -> None:
    state = table(2, era=2, display=("e1-financiers-1",))
    give(state, 0, "e2-financiers-1")  # 3 VP and a white die; Alfred Colsman would give the die and no VP
    assert "e1-financiers-1" in rules.eligible_targets(state, 0)
    assert ai.choose(state, 0, random.Random(1)) != Action("throw", ("e1-financiers-1",))


def last_airship(mine: tuple[str, ...], theirs: tuple[str, ...]) -> AirshipsState:
    """Era 2: one airship (LZ 10 Schwaben, 4 VP) left to build before the game ends; a 3 VP Financier on offer."""
    state = table(2, era=2, display=("e2-financiers-1",),
                  fields=[["a-dark-1", "a-medium-1"], ["a-dark-2"], ["a-dark-3"], ["a-dark-4"]])
    give(state, 0, "s-hangars", *mine)  # 2 white + 1 red: both cards are within reach
    give(state, 1, "s-financiers", *theirs)
    return state


def test_choose_does_not_end_a_game_it_would_lose() -> None:
    state = last_airship(("a-light-4",), ("a-light-1", "a-light-2", "a-medium-2"))  # 3 VP against 8
    assert GAME.legal_actions(state, 0) == [Action("throw", ("e2-financiers-1",)), Action("throw", ("a-medium-1",))]
    assert ai.choose(state, 0, random.Random(1)) == Action("throw", ("e2-financiers-1",))  # 6 VP, then 10 wins


def test_choose_ends_a_game_it_wins() -> None:
    state = last_airship(("a-light-4", "a-light-5"), ("a-light-1", "a-light-2"))  # 6 VP against 4
    assert ai.choose(state, 0, random.Random(1)) == Action("throw", ("a-medium-1",))


def test_choose_takes_another_go_with_chips_to_spare_early_on() -> None:
    state = table(2)
    give(state, 0, "s-hangars")
    give(state, 1, "s-financiers")
    set_chips(state, 0, 5)
    state.step = Step.ADDITIONAL_GO
    assert ai.choose(state, 0, random.Random(1)) == Action("go", ("again",))
    assert ai.greedy(state, 0, random.Random(1)) == Action("go", ("again",))


# --- end-of-game figures -----------------------------------------------------------------------------------


def test_goes_count_every_go_additional_goes_included(dice: Any) -> None:
    state = table(2)
    give(state, 0, "s-hangars")
    give(state, 1, "s-financiers")
    set_chips(state, 0, 0)
    set_chips(state, 1, 3)
    goes = state.goes
    dice(1, 1)  # seat 0 misses and, with 1 chip, cannot buy another go: seat 1's go begins
    state = throw_for(state, "a-light-1")
    assert (state.current, state.goes) == (1, goes + 1)
    dice(1, 1)  # seat 1 misses too and, with 4 chips, buys another go
    state = throw_for(state, "a-light-1")
    assert state.step is Step.ADDITIONAL_GO and state.goes == goes + 1
    state = act(state, "go", "again")
    assert (state.current, state.goes) == (1, goes + 2)


def test_stats_of_a_finished_game() -> None:
    state = play_random(GAME, 3, 11).state
    stats = GAME.stats(state)
    assert set(stats) >= {"goes", "airships_built", "hindenburg_opened", "hindenburg_phases_built",
                          "hindenburg_completed", "winner_vp"}
    assert stats["airships_built"] == sum(len(c.airships) for c in state.companies) >= 8
    assert stats["winner_vp"] == max(GAME.outcome(state).scores)
    assert stats["hindenburg_opened"] in (0, 1) and stats["hindenburg_completed"] in (0, 1)
    assert stats["goes"] == state.goes > 0


def test_stats_count_the_airships_built_by_their_back() -> None:
    state = play_random(GAME, 3, 11).state
    stats = GAME.stats(state)
    backs = [C.airships[card].back.value for company in state.companies for card in company.airships]
    assert {key: stats[f"{key}_airships"] for key in ("light", "medium", "dark")} == \
        {key: backs.count(key) for key in ("light", "medium", "dark")}
    assert stats["light_airships"] + stats["medium_airships"] + stats["dark_airships"] == stats["airships_built"]


# --- the chance a look-ahead adds up and a hint tells ------------------------------------------------------


def two_alike(current: int) -> AirshipsState:
    """Two companies with one white die each beside the entrepreneur, `current` about to throw."""
    state = table(2, current=current)
    give(state, 0, "s-hangars")
    give(state, 1, "s-financiers")
    return state


def log_odds(chance: float) -> float:
    return math.log(chance / (1 - chance))


def test_calibrated_chance_gives_the_seat_about_to_throw_the_edge() -> None:
    first, second = two_alike(0), two_alike(1)
    assert ai_value.forecast(first) == ai_value.forecast(second)  # only the seat to throw differs
    gap = log_odds(ai_value.calibrated_chance(first, 0)) - log_odds(ai_value.calibrated_chance(second, 0))
    assert gap == pytest.approx(2 * ai_value.TEMPO)
    assert ai_value.calibrated_chance(first, 1) == pytest.approx(1 - ai_value.calibrated_chance(first, 0))


def test_calibrated_chance_rises_with_the_forecast_lead() -> None:
    even, ahead = two_alike(1), two_alike(1)
    give(ahead, 0, "a-medium-1")
    more = ai_value.lead(ai_value.forecast(ahead), 0, 1) - ai_value.lead(ai_value.forecast(even), 0, 1)
    assert more > 2  # an airship's VP, less the prize it no longer is
    gain = log_odds(ai_value.calibrated_chance(ahead, 0)) - log_odds(ai_value.calibrated_chance(even, 0))
    assert gain == pytest.approx(ai_value.LEAD_WEIGHT * more)


def test_the_table_s_calibrated_chances_sum_to_one_and_are_the_chance_a_hint_tells() -> None:
    for players in (2, 3, 4):
        state = table(players, current=1)
        for seat in range(players):
            give(state, seat, WHITE_STARTERS[seat])
        give(state, 2 % players, "a-medium-1")
        chances = [ai_value.calibrated_chance(state, seat) for seat in range(players)]
        assert sum(chances) == pytest.approx(1.0) and all(0 < chance < 1 for chance in chances)
        assert [ai.told(state, seat) for seat in range(players)] == chances


def test_calibrated_chance_at_the_end_is_the_share_of_first_place() -> None:
    for players, seed in ((2, 3), (3, 11), (4, 5)):
        state = play_random(GAME, players, seed).state
        winners = GAME.outcome(state).winners
        assert [ai_value.calibrated_chance(state, seat) for seat in range(players)] == \
            [1 / len(winners) if seat in winners else 0.0 for seat in range(players)]


@pytest.mark.slow
def test_calibrated_chance_foretells_the_standard_ai_s_games_better_than_a_coin() -> None:
    # Games the weights were not fitted on: the chance told at each throw against the game's result.
    told, sure = [], []
    for seed in range(30):
        state, whims, seen = GAME.setup(2, 90_000 + seed), random.Random(seed), []
        while GAME.outcome(state) is None:
            seat = seat_of(state)
            if state.step is Step.CHOOSE_CARD:
                seen.append((state, seat))
            state = GAME.apply(state, seat, ai.choose(state, seat, whims))
        winners = GAME.outcome(state).winners
        for position, seat in seen:
            won = 1 / len(winners) if seat in winners else 0.0
            told.append((ai_value.calibrated_chance(position, seat), won))
            sure.append((ai_value.winning_chance(position, seat), won))

    def log_loss(pairs: list[tuple[float, float]]) -> float:
        clipped = [(min(max(p, 1e-6), 1 - 1e-6), y) for p, y in pairs]
        return -sum(y * math.log(p) + (1 - y) * math.log(1 - p) for p, y in clipped) / len(clipped)

    assert log_loss(told) < 0.95 * math.log(2) < log_loss(sure)
