"""Airships dice: what a company has at its disposal, exchanges, and one throw for a card."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.rules.airships.records import (
    DIE_COLOURS, MAX_DICE_PER_COLOUR, Colour, Components, Department, Dice, EngineBonus, Exchange, ImaginaryDie, per_data,
)
from engine.rules.airships.state import AirshipsState, KeptDie, Throw, hindenburg_id
from engine.rules.rng import GameRng


@dataclass(frozen=True)
class Pool:
    """The dice at a company's disposal for one throw: real dice to throw, imaginary dice that are fixed."""

    real: Dice
    imaginary: tuple[ImaginaryDie, ...]

    def usable(self, colour: Colour) -> int:
        """Dice of one colour that can count: at most 3 thrown, imaginary ones on top of that."""
        return min(self.real.of(colour), MAX_DICE_PER_COLOUR) + sum(1 for d in self.imaginary if d.colour is colour)

    def capacity(self) -> Dice:
        """How many dice of each colour can count in one throw."""
        return Dice(*(self.usable(colour) for colour in DIE_COLOURS))

    def covers(self, cost: Dice) -> bool:
        return covered(self.capacity(), cost)


def covered(capacity: Dice, cost: Dice) -> bool:
    return cost.white <= capacity.white and cost.red <= capacity.red and cost.black <= capacity.black


@dataclass(frozen=True)
class ExchangeOption:
    """One way to use the company's Materials exchange: how many imaginary dice go into it."""

    exchange: Exchange
    imaginary_used: int

    def text(self) -> str:
        """'3 white → 2 red', or '2 white (1 imaginary) → 1 black' when an imaginary die goes in."""
        ex = self.exchange
        extra = f" ({self.imaginary_used} imaginary)" if self.imaginary_used else ""
        return f"{ex.give_count} {ex.give.value}{extra} → {ex.get_count} {ex.get.value}"

    def apply(self, pool: Pool) -> Pool:
        ex = self.exchange
        real = {c: pool.real.of(c) for c in DIE_COLOURS}
        real[ex.give] -= ex.give_count - self.imaginary_used
        real[ex.get] += ex.get_count
        # Give the lowest imaginary dice of the colour: a table keeps its best fixed values.
        same = sorted((d for d in pool.imaginary if d.colour is ex.give), key=lambda d: d.value)
        given = same[: self.imaginary_used]
        imaginary = list(pool.imaginary)
        for die in given:
            imaginary.remove(die)
        return Pool(Dice(real[Colour.WHITE], real[Colour.RED], real[Colour.BLACK]), tuple(imaginary))


def entrepreneur_dice(state: AirshipsState, seat: int) -> Dice:
    entrepreneur = state.data.entrepreneurs[seat]
    return entrepreneur.era_2 if state.era == 2 else entrepreneur.era_1


def pool(state: AirshipsState, seat: int) -> Pool:
    """Dice from the entrepreneur's shown side and every card on the company board."""
    cards = state.data.expansions
    company = state.companies[seat]
    real = entrepreneur_dice(state, seat)
    imaginary: list[ImaginaryDie] = []
    for card_id in company.departments.values():
        card = cards[card_id]
        real = real + card.dice
        if card.imaginary is not None:
            imaginary.append(card.imaginary)
    return Pool(real, tuple(imaginary))


def exchange_of(state: AirshipsState, seat: int) -> Exchange | None:
    card_id = state.companies[seat].departments.get(Department.MATERIALS)
    return state.data.expansions[card_id].exchange if card_id else None


def engine_of(state: AirshipsState, seat: int) -> EngineBonus | None:
    card_id = state.companies[seat].departments.get(Department.ENGINES)
    return state.data.expansions[card_id].engine if card_id else None


def cost_and_target(data: Components, card_id: str) -> tuple[Dice, int]:
    """The dice depicted on a card (or Hindenburg phase) and the score it needs."""
    return costs(data)[card_id]


@per_data  # asked for every card at every decision: one table per game's components, not a search each time
def costs(data: Components) -> dict[str, tuple[Dice, int]]:
    """Every card's and Hindenburg phase's depicted dice and target, by id."""
    found = {card.id: (card.cost, card.target) for card in data.expansions.values()}
    found.update({card.id: (card.cost, card.target) for card in data.airships.values()})
    found.update({hindenburg_id(phase.number): (phase.cost, phase.target) for phase in data.hindenburg})
    return found


def exchange_options(state: AirshipsState, seat: int, card_id: str) -> list[ExchangeOption]:
    """Ways to use the Materials exchange that help a throw for this card (chosen before the throw)."""
    cost, _ = cost_and_target(state.data, card_id)
    return exchange_options_of_pool(pool(state, seat), exchange_of(state, seat), cost)


def exchange_options_of_pool(base: Pool, exchange: Exchange | None, cost: Dice) -> list[ExchangeOption]:
    """The same for any pool and exchange, e.g. a company as it would be after winning a card, and a card's cost."""
    return list(_exchange_options(base, exchange, cost))


@lru_cache(maxsize=16384)
def _exchange_options(base: Pool, exchange: Exchange | None, cost: Dice) -> tuple[ExchangeOption, ...]:
    # Asked for every card a company cannot cover outright, at every decision: the same few pools come back
    # again and again, so the answer (a pure function of frozen values) is worked out once. Keyed on the cost,
    # not the card's id, so it holds for any pack's cards.
    if exchange is None or not cost.of(exchange.get):
        return ()  # an exchange into a colour the card does not use only loses dice
    options = []
    imaginary_of_colour = sum(1 for d in base.imaginary if d.colour is exchange.give)
    for used in range(min(imaginary_of_colour, exchange.give_count) + 1):
        if base.real.of(exchange.give) < exchange.give_count - used:
            continue
        option = ExchangeOption(exchange, used)
        if option.apply(base).covers(cost):
            options.append(option)
    return tuple(options)


def throwable(state: AirshipsState, seat: int, card_ids: list[str]) -> list[str]:
    """The cards the player has the depicted dice for, an exchange included."""
    base, exchange = pool(state, seat), exchange_of(state, seat)
    capacity, table = base.capacity(), costs(state.data)
    return [card for card in card_ids
            if covered(capacity, table[card][0]) or exchange_options_of_pool(base, exchange, table[card][0])]


def throw(state: AirshipsState, seat: int, card_id: str, option: ExchangeOption | None) -> Throw:
    """Roll every usable die of each colour the card depicts and keep the best; bonuses come after."""
    cost, target = cost_and_target(state.data, card_id)
    dice = pool(state, seat)
    if option is not None:
        dice = option.apply(dice)
    rng = GameRng(state.seed, state.seq)
    faces = state.data.faces
    rolled: dict[str, tuple[int, ...]] = {}
    kept: list[KeptDie] = []
    for colour, needed in cost.items():
        thrown = tuple(rng.face(faces[colour]) for _ in range(min(dice.real.of(colour), MAX_DICE_PER_COLOUR)))
        rolled[colour.value] = thrown
        candidates = [KeptDie(colour.value, v, False) for v in thrown]
        candidates += [KeptDie(colour.value, d.value, True) for d in dice.imaginary if d.colour is colour]
        kept.extend(sorted(candidates, key=lambda d: (d.value, not d.imaginary), reverse=True)[:needed])
    dice_total = sum(d.value for d in kept)
    return Throw(seat, card_id, option.text() if option else None, rolled, tuple(kept), dice_total, (), target,
                 dice_total >= target)


def free_bonuses(state: AirshipsState, seat: int, card_id: str) -> list[tuple[str, int]]:
    """Bonuses that cost nothing: the wooden airship and an Engine whose colour counts in this throw."""
    bonuses: list[tuple[str, int]] = []
    if state.wooden_airship == seat:
        bonuses.append(("wooden airship", 1))
    engine = engine_of(state, seat)
    cost, _ = cost_and_target(state.data, card_id)
    if engine is not None and (engine.colour is None or cost.of(engine.colour)):
        bonuses.append(("engine", engine.amount))
    return bonuses
