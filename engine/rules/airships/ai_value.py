"""Airships AI value: each seat's chance of winning, from the airships still to share out and how each throws."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, partial

from engine.rules.airships import dice, odds, rules, scoring
from engine.rules.airships.records import Back, Components, Dice, EngineBonus, Era, Exchange, per_data
from engine.rules.airships.state import ADDITIONAL_GO_PRICE, AirshipsState, hindenburg_id, phase_number

# Weights, tuned in the arena (python -m engine arena airships --seats ai,greedy).
BOTTOM_WEIGHT = 0.35  # a field's last card need not be built before the game ends
HINDENBURG_WEIGHT = 0.5  # an open phase is hard and optional
BUILDS_PER_GO = 0.38  # airships built per go at a table of sensible players: how fast the game runs
CHIP_TEMPO = 1.0  # how much of a go three chips in hand are worth, in the share of the prizes
MODEL_SPREAD = 1.5  # VP of doubt in the model itself, on top of the dice's spread
MARGIN_WEIGHT = 0.002  # prefer a bigger lead when the chance of winning hardly moves
# calibrated_chance's weights, fitted to 1,000 two-player games of the standard AI against itself (log-odds):
LEAD_WEIGHT = 0.091  # per VP of forecast lead between two seats
TEMPO = 0.2  # for being the seat about to throw


@dataclass(frozen=True)
class Strength:
    """What decides a seat's throws: its dice, exchange, engine, the wooden airship and whether it holds a chip."""

    pool: dice.Pool
    exchange: Exchange | None
    engine: EngineBonus | None
    wooden: bool
    chip: bool


def pool_in_era(state: AirshipsState, seat: int, era: int) -> dice.Pool:
    """The company's dice with its entrepreneur showing the side of `era` (era 2 once the Change of Era came)."""
    entrepreneur = state.data.entrepreneurs[seat]
    real: Dice = entrepreneur.era_2 if era == 2 else entrepreneur.era_1
    imaginary = []
    for card_id in state.companies[seat].departments.values():
        card = state.data.expansions[card_id]
        real = real + card.dice
        if card.imaginary is not None:
            imaginary.append(card.imaginary)
    return dice.Pool(real, tuple(imaginary))


def strength(state: AirshipsState, seat: int, era: int | None = None) -> Strength:
    company = state.companies[seat]
    return Strength(pool_in_era(state, seat, era or state.era), dice.exchange_of(state, seat),
                    dice.engine_of(state, seat), state.wooden_airship == seat, company.chips > 0)


@lru_cache(maxsize=1 << 14)
def reaching(faces: odds.Faces, pool: dice.Pool, cost: Dice) -> tuple[float, ...]:
    """reaching(faces, pool, cost)[n]: the chance the dice score is at least n, from odds.best_of's exact counts.

    odds.chance answers in exact fractions, one (pool, score) at a time; the AI asks for thousands of
    hypothetical companies, so it adds the colours up once per (pool, cost) in floats.
    """
    scores = [1.0]  # scores[n]: the chance of scoring exactly n so far
    for part in odds.colour_scores(faces, pool, cost):
        added = [0.0] * (len(scores) + max(score for score, _ in part))
        for score, p in part:
            chance = float(p)
            for base, q in enumerate(scores):
                added[base + score] += q * chance
        scores = added
    tail = [0.0] * (len(scores) + 1)
    for n in range(len(scores) - 1, -1, -1):
        tail[n] = tail[n + 1] + scores[n]
    return tuple(tail)


def at_least(tail: tuple[float, ...], score: int) -> float:
    return 1.0 if score <= 0 else tail[score] if score < len(tail) else 0.0


def chance(data: Components, s: Strength, card_id: str) -> float:
    """The chance of winning the card in one throw, the best way (any exchange), a chip used if one is held."""
    cost, target = dice.cost_and_target(data, card_id)
    # dice.exchange_options wants a state; the AI asks about companies that exist only in its head.
    pools = [option.apply(s.pool) for option in dice.exchange_options_of_pool(s.pool, s.exchange, cost)]
    if s.pool.covers(cost):
        pools.append(s.pool)
    free = int(s.wooden) + (s.engine.amount if s.engine and (s.engine.colour is None or cost.of(s.engine.colour)) else 0)
    needed = target - free - int(s.chip)
    faces = odds.faces_of(data)
    return max((at_least(reaching(faces, pool, cost), needed) for pool in pools), default=0.0)


class Profile(dict[str, float]):
    """A seat's chance of winning each card of the game's components, worked out when first asked for."""

    def __init__(self, data: Components, s: Strength) -> None:
        super().__init__()
        self.data, self.strength = data, s

    def __missing__(self, card_id: str) -> float:
        value = self[card_id] = chance(self.data, self.strength, card_id)
        return value


def profile(data: Components, s: Strength) -> Profile:
    return profiles(data)(s)


@per_data
def profiles(data: Components) -> Callable[[Strength], Profile]:
    """The last few thousand profiles of one components object: a profile answers by card id, and an id means
    these components' card only (Components has no hash to add to a shared cache's key)."""
    return lru_cache(maxsize=1 << 12)(partial(Profile, data))


def cards_with_back(data: Components, back: Back) -> tuple[str, ...]:
    return backs(data)[back]


@per_data
def backs(data: Components) -> dict[Back, tuple[str, ...]]:
    return {back: tuple(a.id for a in data.airships.values() if a.back is back) for back in Back}


def prizes(state: AirshipsState) -> dict[str, float]:
    """Each card still to be won and how many of it to expect: airships on the fields and open Hindenburg phases.

    Below a field's top card only the back is known, so such a card counts as a sixth of each card with that back.
    A field's last card weighs less: the game may end before anyone builds it.
    """
    c = state.data
    found: dict[str, float] = {}
    for pile in state.fields:
        for depth, card_id in enumerate(reversed(pile)):
            weight = BOTTOM_WEIGHT if depth == len(pile) - 1 else 1.0
            cards = (card_id,) if depth == 0 else cards_with_back(c, c.airships[card_id].back)
            for card in cards:
                found[card] = found.get(card, 0.0) + weight / len(cards)
    if state.hindenburg_open:
        for n, owner in enumerate(state.hindenburg):
            if owner is None:
                found[hindenburg_id(n + 1)] = HINDENBURG_WEIGHT
    return found


def vp_of(data: Components, card_id: str) -> int:
    if card_id in data.airships:
        return data.airships[card_id].vp
    return data.hindenburg[phase_number(card_id) - 1].vp_low  # the higher value only if all four get built: rare


def goes_left(state: AirshipsState) -> float:
    """Goes the table has left, from the airships that must still be built before the game can end."""
    must = sum(max(len(pile) - 1, 0) for pile in state.fields)
    return must / BUILDS_PER_GO


def era_change_weight(state: AirshipsState, goes: float) -> float:
    """How much of the rest of the game comes after the Change of Era, when every entrepreneur adds a red die."""
    if state.era == 2:
        return 0.0
    # The pile's make-up is public (every card not yet turned over); only its order is hidden.
    expansions = state.data.expansions
    era_1_left = sum(1 for card_id in state.pile if card_id in expansions and expansions[card_id].era is Era.ERA_1)
    if goes <= era_1_left:
        return 0.0
    return 1.0 - era_1_left / goes


@dataclass(frozen=True)
class Forecast:
    """Each seat's expected final victory points and how uncertain the split of the prizes still is."""

    expected: tuple[float, ...]
    spread: tuple[tuple[float, ...], ...]  # variance of the difference between two seats' final VP
    built: tuple[int, ...]
    over: bool


def forecast(state: AirshipsState) -> Forecast:
    """Share every prize out in proportion to each seat's chance per go (more goes for chips in hand)."""
    players = state.players
    goes = goes_left(state)
    later = era_change_weight(state, goes)
    tempo = [1.0 + CHIP_TEMPO * company.chips / ADDITIONAL_GO_PRICE / max(goes / players, 1.0) for company in state.companies]
    data = state.data
    now = [profile(data, strength(state, seat)) for seat in range(players)]
    after = [profile(data, strength(state, seat, 2)) for seat in range(players)] if later else now
    expected = [float(scoring.victory_points(state, seat)) for seat in range(players)]
    spread = [[0.0] * players for _ in range(players)]
    over = state.over or rules.game_should_end(state)
    if not over:
        for card_id, weight in prizes(state).items():
            pulls = [tempo[j] * max(now[j][card_id], later * after[j][card_id]) for j in range(players)]
            total = sum(pulls)
            if total <= 0:
                continue
            points = vp_of(data, card_id)
            vp = weight * points
            shares = [pull / total for pull in pulls]
            for j in range(players):
                expected[j] += vp * shares[j]
                for k in range(j + 1, players):
                    spread[j][k] += vp * points * (shares[j] + shares[k] - (shares[j] - shares[k]) ** 2)
    built = tuple(scoring.airships_built(state, seat) for seat in range(players))
    return Forecast(tuple(expected), tuple(tuple(row) for row in spread), built, over)


def normal(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def final_share(f: Forecast, seat: int) -> float:
    """The seat's share of first place once the scores are final: the rulebook's ranking, most VP then most
    airships built (a shared first place counts as a fraction)."""
    key = [(round(vp), built) for vp, built in zip(f.expected, f.built)]
    winners = [j for j, mine in enumerate(key) if mine == max(key)]
    return 1.0 / len(winners) if seat in winners else 0.0


def lead(f: Forecast, seat: int, other: int) -> float:
    """The seat's forecast lead over another in VP (a lead in airships built breaks a tie in VP: a fraction of one)."""
    tiebreak = 0.25 * ((f.built[seat] > f.built[other]) - (f.built[seat] < f.built[other]))
    return f.expected[seat] - f.expected[other] + tiebreak


def winning_chance(state: AirshipsState, seat: int) -> float:
    """The seat's chance of finishing first (a shared first place counts as a fraction), plus a hair of margin."""
    f = forecast(state)
    others = [j for j in range(state.players) if j != seat]
    margin = MARGIN_WEIGHT * (f.expected[seat] - max(f.expected[j] for j in others))
    if f.over:
        return final_share(f, seat) + margin
    chance_to_win = 1.0
    for other in others:
        variance = f.spread[min(seat, other)][max(seat, other)] + MODEL_SPREAD ** 2
        chance_to_win *= normal(lead(f, seat, other) / math.sqrt(variance))
    return chance_to_win + margin


def calibrated_chance(state: AirshipsState, seat: int) -> float:
    """The seat's chance of finishing first as the standard AI's games against itself bear it out: each pair of
    seats by the forecast lead and who throws next, the table's chances summing to one.

    winning_chance ranks a seat's choices well but is far too sure of itself: over 1,000 such games, seats it gave
    under a 10% chance won 37% of them, and seats it gave over 90% won 75%. This one said 36% and 75%, and is the
    chance a hint and an AI seat's reason tell.
    """
    f = forecast(state)
    if f.over:
        return final_share(f, seat)

    def beats(j: int, k: int) -> float:
        tempo = TEMPO * ((j == state.current) - (k == state.current))
        return 1.0 / (1.0 + math.exp(-(tempo + LEAD_WEIGHT * lead(f, j, k))))

    seats = range(state.players)
    chances = [math.prod(beats(j, k) for k in seats if k != j) for j in seats]
    return chances[seat] / sum(chances)
