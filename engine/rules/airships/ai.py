"""Airships AI players: `choose` weighs each card for the rest of the game; `greedy` takes the best value × chance now."""

from __future__ import annotations

from engine.core import Action, Chooser
from engine.rules.choosing import best, required
from engine.rules.airships import ai_value, dice, odds, rules
from engine.rules.airships.state import ADDITIONAL_GO_PRICE, AirshipsState, Step, phase_number


def decision(state: AirshipsState, seat: int) -> list[Action]:
    return required(rules.legal_actions(state, seat), seat)


# --- greedy: one step ahead -----------------------------------------------------------------------


def immediate_value(state: AirshipsState, seat: int, card_id: str) -> float:
    """What a card is worth on the spot: its victory points, and one point per die, engine point or chip it adds."""
    c = state.data
    if card_id in c.airships:
        return c.airships[card_id].vp
    if card_id not in c.expansions:
        return c.hindenburg[phase_number(card_id) - 1].vp_low

    def worth(expansion_id: str | None) -> float:
        if expansion_id is None:
            return 0.0
        card = c.expansions[expansion_id]
        gifts = card.dice.total() + (card.imaginary is not None) + (card.exchange is not None) + card.chips
        return card.vp + gifts + (card.engine.amount if card.engine else 0)

    old = state.companies[seat].departments.get(c.expansions[card_id].department)
    return worth(card_id) - worth(old)


def value_times_chance(state: AirshipsState, seat: int, card_id: str) -> float:
    # with_chip: greedy always uses a chip when one would do it
    return immediate_value(state, seat, card_id) * float(odds.best_chance(state, seat, card_id).with_chip)


def greedy(state: AirshipsState, seat: int, rng: Chooser) -> Action:
    """Throw for the best immediate value × chance, roll the best way, always use a chip, always take another go."""
    legal = decision(state, seat)
    if state.step is Step.CHOOSE_CARD:
        return best([(value_times_chance(state, seat, str(a.args[0])), a) for a in legal], rng)
    if state.step is Step.EXCHANGE:
        assert state.chosen is not None
        options = dice.exchange_options(state, seat, state.chosen)
        rolls = [a for a in legal if a.kind == rules.ROLL]
        return best([(float(odds.throw_chance(state, seat, state.chosen, option_of(a, options)).with_chip), a)
                     for a in rolls], rng)
    wanted = {Step.BONUS_CHIP: "use", Step.ADDITIONAL_GO: "again"}.get(state.step)
    return next((a for a in legal if a.args and a.args[0] == wanted), legal[0])


def option_of(action: Action, options: list[dice.ExchangeOption]) -> dice.ExchangeOption | None:
    index = int(action.args[0])
    return None if index == rules.NO_EXCHANGE else options[index]


# --- choose: the chance of winning the game -------------------------------------------------------


def with_chips(state: AirshipsState, seat: int, change: int) -> AirshipsState:
    """A copy with the seat's chips changed (used chips go to the supply; gained ones come from it)."""
    new = state.copy()
    company = new.companies[seat]
    change = max(change, -company.chips) if change < 0 else min(change, company.chips_in_supply)
    company.chips += change
    company.chips_in_supply -= change
    return new


def won(state: AirshipsState, seat: int, card_id: str, chips: int = 0) -> AirshipsState:
    new = with_chips(state, seat, chips)
    rules.acquire(new, seat, card_id)
    return new


def throw_worth(state: AirshipsState, seat: int, card_id: str, option: dice.ExchangeOption | None,
                missed: float) -> float:
    """The expected chance of winning the game after throwing for the card this way (`missed`: after a miss)."""
    chance = odds.throw_chance(state, seat, card_id, option)
    alone, short = float(chance.alone), float(chance.with_chip - chance.alone)
    worth = alone * ai_value.winning_chance(won(state, seat, card_id), seat) + (1 - alone - short) * missed
    if short:  # one short: the chip is used only if the card is worth more than keeping it
        worth += short * max(ai_value.winning_chance(won(state, seat, card_id, -1), seat), missed)
    return worth


def roll_options(state: AirshipsState, seat: int, card_id: str) -> list[dice.ExchangeOption | None]:
    cost, _ = dice.cost_and_target(state.data, card_id)
    options: list[dice.ExchangeOption | None] = list(dice.exchange_options(state, seat, card_id))
    if dice.pool(state, seat).covers(cost):
        options.append(None)
    return options


def card_worth(state: AirshipsState, seat: int, card_id: str, missed: float) -> float:
    return max(throw_worth(state, seat, card_id, option, missed) for option in roll_options(state, seat, card_id))


def best_go(state: AirshipsState, seat: int) -> float:
    """What a go from this table is worth: the best card's expected chance of winning (the card to come unknown)."""
    cards = rules.eligible_targets(state, seat)
    if not cards:
        return ai_value.winning_chance(state, seat)  # a pass: no throw, no compensation chip
    missed = ai_value.winning_chance(with_chips(state, seat, 1), seat)
    return max(card_worth(state, seat, card, missed) for card in cards)


def choose(state: AirshipsState, seat: int, rng: Chooser) -> Action:
    """Throw, roll, use chips and take goes for the best chance of winning the game, from the odds and the prizes left."""
    legal = decision(state, seat)
    if len(legal) == 1:
        return legal[0]
    if state.step is Step.CHOOSE_CARD:
        missed = ai_value.winning_chance(with_chips(state, seat, 1), seat)
        return best([(card_worth(state, seat, str(a.args[0]), missed), a) for a in legal], rng)
    if state.step is Step.EXCHANGE:
        assert state.chosen is not None
        missed = ai_value.winning_chance(with_chips(state, seat, 1), seat)
        options = dice.exchange_options(state, seat, state.chosen)
        return best([(throw_worth(state, seat, state.chosen, option_of(a, options), missed), a)
                     for a in legal if a.kind == rules.ROLL], rng)
    if state.step is Step.BONUS_CHIP:
        assert state.pending is not None
        use = ai_value.winning_chance(won(state, seat, state.pending.card, -1), seat)
        keep = ai_value.winning_chance(with_chips(state, seat, 1), seat)
        return next(a for a in legal if a.args[0] == ("use" if use > keep else "keep"))
    if state.step is Step.ADDITIONAL_GO:
        again = best_go(with_chips(state, seat, -ADDITIONAL_GO_PRICE), seat)
        stop = ai_value.winning_chance(state, seat)
        return next(a for a in legal if a.args[0] == ("again" if again > stop else "end"))
    return legal[0]


def worth(state: AirshipsState, seat: int) -> float:
    """How well the seat stands: its chance of winning, from the odds and the prizes left (what `choose` raises)."""
    return ai_value.winning_chance(state, seat)


def told(state: AirshipsState, seat: int) -> float:
    """The seat's chance of winning as a hint tells it: `worth` ranks tables well but is far too sure of itself,
    so the words come from the chance the standard AI's own games bear out."""
    return ai_value.calibrated_chance(state, seat)


def worth_words(value: float) -> str:
    """'a 54% chance to win'; a chance under one in a hundred is not rounded to nothing."""
    chance = min(max(value, 0.0), 1.0)
    return "under a 1% chance to win" if chance < 0.005 else f"a {chance:.0%} chance to win"


# --- luck: how a throw fell against its odds (what the look-ahead steadies its worlds by) ---------


def luck(state: AirshipsState, seat: int, action: Action, after: AirshipsState) -> float:
    """How much luckier than its odds the throw this step made fell: 1 less its chance when the dice reached the
    card (with a bonus chip, where the seat has one), 0 less its chance when they did not; 0.0 with no throw."""
    if action.kind == rules.ROLL:
        assert state.chosen is not None
        option = option_of(action, dice.exchange_options(state, seat, state.chosen))
    elif action.kind == rules.THROW and after.step is not Step.EXCHANGE:
        option = None  # the card has no exchange to decide on: its dice are thrown at once
    else:
        return 0.0  # no throw: a card declared before its exchange, a chip decided, a go begun or ended
    thrown = after.pending if after.pending is not None else after.last_throw
    assert thrown is not None
    chance = odds.throw_chance(state, seat, thrown.card, option)
    free = sum(amount for _, amount in dice.free_bonuses(state, seat, thrown.card))
    needed = thrown.target - free - (1 if state.companies[seat].chips else 0)
    return (1.0 if thrown.dice_total >= needed else 0.0) - float(chance.with_chip)
