"""Airships odds: the exact chance that a throw for a card reaches its target, for words a player can decide by."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from itertools import product

from engine.rules.airships import dice
from engine.rules.airships.records import DIE_COLOURS, MAX_DICE_PER_COLOUR, Components, Dice, per_data
from engine.rules.airships.state import AirshipsState

Distribution = dict[int, Fraction]  # score -> probability
Faces = tuple[tuple[int, ...], ...]  # each colour's die faces, in DIE_COLOURS order


@per_data  # the caches below key on the faces, so they want them hashable: made once per game's components
def faces_of(data: Components) -> Faces:
    """The game's die faces (the loader holds every pack to the rulebook's, but the odds read the game's own)."""
    return tuple(data.faces[colour] for colour in DIE_COLOURS)


@dataclass(frozen=True)
class Chance:
    """The chance of success of one throw: on the dice and free bonuses, and with one bonus chip on top."""

    alone: Fraction
    with_chip: Fraction  # equals `alone` when the player has no chip to use

    def words(self) -> str:
        """'58%' or '58% (72% with a bonus chip)'."""
        text = percent(self.alone)
        if self.with_chip > self.alone:
            text += f" ({percent(self.with_chip)} with a bonus chip)"
        return text


def percent(p: Fraction) -> str:
    """A probability as players say it: never '0%' or '100%' unless it is certain."""
    if p == 0 or p == 1:
        return f"{int(p * 100)}%"
    value = round(float(p) * 100)
    return f"{min(max(value, 1), 99)}%"


@cache
def best_of(faces: tuple[int, ...], thrown: int, fixed: tuple[int, ...], keep: int) -> tuple[tuple[int, Fraction], ...]:
    """The distribution of the sum of the best `keep` of `thrown` dice with these faces plus fixed values."""
    counts: Counter[int] = Counter()
    for roll in product(faces, repeat=thrown):
        counts[sum(sorted((*roll, *fixed), reverse=True)[:keep])] += 1
    total = len(faces) ** thrown
    return tuple((score, Fraction(n, total)) for score, n in sorted(counts.items()))


def colour_scores(faces: Faces, pool: dice.Pool, cost: Dice) -> list[tuple[tuple[int, Fraction], ...]]:
    """For each colour the card depicts, the distribution of its best dice's score (a throw adds them up)."""
    parts = []
    for colour, sides in zip(DIE_COLOURS, faces):
        needed = cost.of(colour)
        if not needed:
            continue
        fixed = tuple(sorted(d.value for d in pool.imaginary if d.colour is colour))
        thrown = min(pool.real.of(colour), MAX_DICE_PER_COLOUR)
        parts.append(best_of(sides, thrown, fixed, needed))
    return parts


def score_distribution(faces: Faces, pool: dice.Pool, cost: Dice) -> Distribution:
    """The dice score of a throw for this cost with this pool: each colour's best dice, added up."""
    result: Distribution = {0: Fraction(1)}
    for part in colour_scores(faces, pool, cost):
        result = _add(result, part)
    return result


def _add(a: Distribution, b: tuple[tuple[int, Fraction], ...]) -> Distribution:
    out: Distribution = {}
    for x, px in a.items():
        for y, py in b:
            out[x + y] = out.get(x + y, Fraction(0)) + px * py
    return out


def at_least(distribution: Distribution, score: int) -> Fraction:
    return sum((p for s, p in distribution.items() if s >= score), Fraction(0))


def throw_chance(state: AirshipsState, seat: int, card_id: str, option: dice.ExchangeOption | None = None) -> Chance:
    """The chance of winning this card with this exchange (or none), counting the free bonuses and a chip."""
    cost, target = dice.cost_and_target(state.data, card_id)
    pool = dice.pool(state, seat)
    if option is not None:
        pool = option.apply(pool)
    free = sum(amount for _, amount in dice.free_bonuses(state, seat, card_id))
    return chance(faces_of(state.data), pool, cost, target - free, state.companies[seat].chips > 0)


@lru_cache(maxsize=8192)  # every prompt asks again for the cards on the table: answer from memory
def chance(faces: Faces, pool: dice.Pool, cost: Dice, needed: int, has_chip: bool) -> Chance:
    """The chance that the dice score reaches `needed` (the target less the free bonuses), and one less with a chip."""
    distribution = score_distribution(faces, pool, cost)
    alone = at_least(distribution, needed)
    return Chance(alone, at_least(distribution, needed - 1) if has_chip else alone)


def best_chance(state: AirshipsState, seat: int, card_id: str) -> Chance:
    """The chance with the best way to roll: without an exchange if the dice cover the card, or any exchange."""
    cost, target = dice.cost_and_target(state.data, card_id)
    base = dice.pool(state, seat)
    pools = [option.apply(base) for option in dice.exchange_options(state, seat, card_id)]
    if base.covers(cost):
        pools.append(base)
    needed = target - sum(amount for _, amount in dice.free_bonuses(state, seat, card_id))
    has_chip = state.companies[seat].chips > 0
    faces = faces_of(state.data)
    chances = [chance(faces, pool, cost, needed, has_chip) for pool in pools]
    return max(chances, key=lambda c: (c.alone, c.with_chip), default=Chance(Fraction(0), Fraction(0)))
