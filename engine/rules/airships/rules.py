"""Airships turn flow: each go's reveal and acquisition steps as small decisions, and their effects."""

from __future__ import annotations

from engine.core import Action, Effect
from engine.events import Event
from engine.rules.airships import dice, events
from engine.rules.airships.records import Components, Dice
from engine.rules.airships.state import (
    ADDITIONAL_GO_PRICE,
    AirshipsState,
    Step,
    Throw,
    hindenburg_id,
    phase_number,
    place_in_display,
)
from engine.rules.airships.words import card_name, dice_words

# Action kinds; choices.py puts each into words for the menus; events.py writes what each did.
THROW, ROLL, BACK, CHIP, GO = "throw", "roll", "back", "chip", "go"
NO_EXCHANGE = -1  # ROLL argument: roll without using the Materials exchange


# --- what may be chosen -------------------------------------------------------------------------


def targets(state: AirshipsState) -> list[str]:
    """Every card on the table that may be thrown for: expansions, top airships, open Hindenburg phases."""
    found = [card for row in state.display.values() for card in row if card is not None]
    found += [pile[-1] for pile in state.fields if pile]
    if state.hindenburg_open:
        found += [hindenburg_id(n + 1) for n, owner in enumerate(state.hindenburg) if owner is None]
    return found


def eligible_targets(state: AirshipsState, seat: int) -> list[str]:
    return dice.throwable(state, seat, targets(state))


def throw_action(data: Components, card_id: str) -> Action:
    """The choice of a card to throw for, by its name; choices.py says its dice, odds and what it brings."""
    return Action(THROW, (card_id,), f"Throw for {card_name(data, card_id)}"[:100])


def to_act(state: AirshipsState) -> list[int]:
    return [] if state.over else [state.current]


def legal_actions(state: AirshipsState, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    if state.step is Step.CHOOSE_CARD:
        return [throw_action(state.data, card) for card in eligible_targets(state, seat)]
    if state.step is Step.EXCHANGE:
        assert state.chosen is not None
        options = dice.exchange_options(state, seat, state.chosen)
        cost, _ = dice.cost_and_target(state.data, state.chosen)
        actions = []
        if dice.pool(state, seat).covers(cost):
            actions.append(Action(ROLL, (NO_EXCHANGE,), "Throw without exchanging"))
        actions += [Action(ROLL, (i,), exchange_label(o)) for i, o in enumerate(options)]
        return [*actions, Action(BACK, (), "Back: choose another card", minor=True)]
    if state.step is Step.BONUS_CHIP:
        assert state.pending is not None
        total = state.pending.total + 1  # asked only when one chip is enough: exactly the target
        return [
            Action(CHIP, ("use",), f"Use a bonus chip: +1 makes the {total} you need"),
            Action(CHIP, ("keep",), "Keep your bonus chips: the throw fails", minor=True),
        ]
    if state.step is Step.ADDITIONAL_GO:
        return [
            Action(GO, ("again",), f"Pay {ADDITIONAL_GO_PRICE} bonus chips for another go"),
            Action(GO, ("end",), "End your turn", minor=True),
        ]
    return []


def exchange_label(option: dice.ExchangeOption) -> str:
    """'Exchange 3 white dice (1 imaginary) for 2 red dice, then throw'."""
    ex = option.exchange
    give = dice_words(Dice(**{ex.give.value: ex.give_count}))
    get = dice_words(Dice(**{ex.get.value: ex.get_count}))
    given = f"{give} ({option.imaginary_used} imaginary)" if option.imaginary_used else give
    return f"Exchange {given} for {get}, then throw"


# --- applying a decision ------------------------------------------------------------------------


def on_throw(state: AirshipsState, seat: int, action: Action) -> None:
    choose(state, seat, str(action.args[0]))


def on_back(state: AirshipsState, seat: int, action: Action) -> None:
    state.chosen, state.step = None, Step.CHOOSE_CARD
    state.events.append(events.taken_back(seat))


def on_roll(state: AirshipsState, seat: int, action: Action) -> None:
    assert state.chosen is not None
    index = int(action.args[0])
    option = None if index == NO_EXCHANGE else dice.exchange_options(state, seat, state.chosen)[index]
    roll(state, seat, state.chosen, option)


def on_chip(state: AirshipsState, seat: int, action: Action) -> None:
    decide_chip(state, seat, action.args[0] == "use")


def on_go(state: AirshipsState, seat: int, action: Action) -> None:
    if action.args[0] == "again":
        company = state.companies[seat]
        company.chips -= ADDITIONAL_GO_PRICE
        company.chips_in_supply += ADDITIONAL_GO_PRICE
        state.events.append(events.another_go(seat, ADDITIONAL_GO_PRICE))
        begin_go(state, seat)
    else:
        state.events.append(events.turn_ended(seat))
        next_player(state)


# What each kind of action does to the copy engine.core.Rules.apply hands it, once the choice is checked.
EFFECTS: dict[str, Effect[AirshipsState]] = {
    THROW: on_throw, BACK: on_back, ROLL: on_roll, CHIP: on_chip, GO: on_go,
}


def choose(state: AirshipsState, seat: int, card_id: str) -> None:
    """Declare the card; roll at once unless an exchange is worth deciding on first."""
    state.chosen = card_id
    if dice.exchange_options(state, seat, card_id):
        state.step = Step.EXCHANGE
        state.events.append(events.declared(state.data, seat, card_id))
    else:
        roll(state, seat, card_id, None)


def roll(state: AirshipsState, seat: int, card_id: str, option: dice.ExchangeOption | None) -> None:
    state.passes_in_a_row = 0
    result = dice.throw(state, seat, card_id, option)
    if not result.success:
        for source, amount in dice.free_bonuses(state, seat, card_id):
            result = result.with_bonus(source, amount, result.total + amount >= result.target)
            if result.success:
                break
    if not result.success and state.companies[seat].chips and result.total + 1 >= result.target:
        state.pending, state.step = result, Step.BONUS_CHIP
        state.events.append(events.chip_needed(state.data, result))
        return
    finish_throw(state, result)


def decide_chip(state: AirshipsState, seat: int, use: bool) -> None:
    result = state.pending
    assert result is not None
    if use:
        company = state.companies[seat]
        company.chips -= 1
        company.chips_in_supply += 1  # a used chip goes back to the general supply
        result = result.with_bonus("bonus chip", 1, True)
    state.pending = None
    finish_throw(state, result, events.chip_decided(seat, result, use))


def finish_throw(state: AirshipsState, result: Throw, told: Event | None = None) -> None:
    state.last_throw = result
    state.chosen = None
    # The throw, then what it brought, each its own event: the headline shows what it brought.
    state.events.append(told or events.describe_throw(state.data, result))
    if result.success:
        state.events.append(acquire(state, result.seat, result.card))
    else:
        company = state.companies[result.seat]
        compensation = company.chips_in_supply > 0  # "If, however, there are none left - he goes away empty-handed!"
        if compensation:
            company.chips_in_supply -= 1
            company.chips += 1
        state.events.append(events.compensated(state.data, result.seat, result.card, compensation))
    end_go(state, result.seat)


def acquire(state: AirshipsState, seat: int, card_id: str) -> Event:
    """Put the won card on the company board and say what came with it."""
    c = state.data
    company = state.companies[seat]
    if card_id in c.expansions:
        card = c.expansions[card_id]
        row = state.display[card.department]
        row[row.index(card_id)] = None
        old = company.departments.get(card.department)
        company.departments[card.department] = card_id
        if old is not None:
            state.removed.append(old)  # victory points and all
        gained = None
        if card.chips:
            gained = min(card.chips, company.chips_in_supply)
            company.chips += gained
            company.chips_in_supply -= gained
        return events.expansion_won(c, seat, card_id, old, gained)
    if card_id in c.airships:
        was_open = state.hindenburg_open
        pile = next(pile for pile in state.fields if pile and pile[-1] == card_id)
        company.airships.append(pile.pop())
        if not was_open:
            state.wooden_airship = seat
        return events.airship_built(c, seat, card_id, not was_open, not was_open and state.hindenburg_open)
    number = phase_number(card_id)
    state.hindenburg[number - 1] = seat
    company.phases.append(number)
    # The marker chip comes from the supply; with none left there, from the company board.
    if company.chips_in_supply:
        company.chips_in_supply -= 1
    else:
        company.chips -= 1
    state.wooden_airship = seat
    return events.phase_built(c, seat, card_id, state.hindenburg_complete)


# --- goes and turns -----------------------------------------------------------------------------


def game_should_end(state: AirshipsState) -> bool:
    """'The game ends if following a turn' one card at most lies on each field, or the Hindenburg is built."""
    return all(len(pile) <= 1 for pile in state.fields) or state.hindenburg_complete


def end_go(state: AirshipsState, seat: int) -> None:
    if game_should_end(state):
        state.step = Step.OVER
        state.events.append(events.game_over())
    elif state.companies[seat].chips >= ADDITIONAL_GO_PRICE:
        state.step = Step.ADDITIONAL_GO
    else:
        next_player(state)


def next_player(state: AirshipsState) -> None:
    begin_go(state, (state.current + 1) % state.players)


def begin_go(state: AirshipsState, seat: int) -> None:
    """Step 1, turn over an expansion card; then step 2 waits for the player's choice."""
    # Ruling 15 counts players who passed since the table last changed: a turned card changes it, and
    # a player passing again in an additional go is not one more player passing.
    passed_already = state.current == seat and state.step is Step.ADDITIONAL_GO and state.passes_in_a_row > 0
    state.current, state.chosen, state.step, state.revealed = seat, None, Step.CHOOSE_CARD, None
    state.goes += 1
    if reveal(state):
        state.passes_in_a_row, passed_already = 0, False
    if eligible_targets(state, seat):
        return
    if not passed_already:
        state.passes_in_a_row += 1
    state.events.append(events.passed(seat))
    if not state.pile and state.passes_in_a_row >= state.players:
        # Ruling 15 in docs/rulings.md, "A stuck table": nothing can change any more.
        state.step = Step.OVER
        state.events.append(events.game_over(stuck=True))
    else:
        end_go(state, seat)


def reveal(state: AirshipsState) -> bool:
    """Step 1: turn over the top card of the pile; False when the pile is used up."""
    if not state.pile:
        return False  # "If the pile of expansion cards has been used up, the first step is omitted."
    c = state.data
    card_id = state.pile.pop()
    if card_id == c.change_of_era:
        state.era = 2
        state.removed.append(card_id)
        state.events.append(events.change_of_era(state.current))
        return True
    row = state.display[c.expansions[card_id].department]
    dropped = row[0] if None not in row else None
    place_in_display(state, card_id)
    state.revealed = card_id
    state.events.append(events.turned_over(c, state.current, card_id, dropped))
    return True
