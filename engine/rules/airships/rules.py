"""Airships turn flow: each go's reveal and acquisition steps as small decisions, and their effects."""

from __future__ import annotations

from functools import cache

from engine.core import Action, Effect, seat_token
from engine.rules.airships import dice
from engine.rules.airships.data import Colour, components
from engine.rules.airships.state import (
    ADDITIONAL_GO_PRICE,
    AirshipsState,
    Step,
    Throw,
    hindenburg_id,
    phase_number,
    place_in_display,
)

# Action kinds; choices.py puts each into words for the menus.
THROW, ROLL, BACK, CHIP, GO = "throw", "roll", "back", "chip", "go"
NO_EXCHANGE = -1  # ROLL argument: roll without using the Materials exchange


p = seat_token  # events name seats by token; the service puts the players' names in


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


@cache
def card_label(card_id: str) -> str:
    """'Hugo Eckener (Engineers): 2 white, 7+'."""
    c = components()
    cost, target = dice.cost_and_target(card_id)
    if card_id in c.expansions:
        card = c.expansions[card_id]
        name = f"{card.name} ({card.department.value.capitalize()})"
    elif card_id in c.airships:
        name = f"Airship {c.airships[card_id].name}"
    else:
        phase = c.hindenburg[phase_number(card_id) - 1]
        name = f"Hindenburg phase {phase.number}: {phase.name}"
    return f"{name}: {cost.text()}, {target}+"


def throw_action(card_id: str) -> Action:
    """The choice of a card to throw for, in words."""
    return Action(THROW, (card_id,), f"Throw for {card_label(card_id)}"[:100])


def to_act(state: AirshipsState) -> list[int]:
    return [] if state.over else [state.current]


def legal_actions(state: AirshipsState, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    if state.step is Step.CHOOSE_CARD:
        return [throw_action(card) for card in eligible_targets(state, seat)]
    if state.step is Step.EXCHANGE:
        assert state.chosen is not None
        options = dice.exchange_options(state, seat, state.chosen)
        cost, _ = dice.cost_and_target(state.chosen)
        actions = []
        if dice.pool(state, seat).covers(cost):
            actions.append(Action(ROLL, (NO_EXCHANGE,), "Roll without exchanging"))
        actions += [Action(ROLL, (i,), f"Exchange {o.text()}, then roll") for i, o in enumerate(options)]
        return [*actions, Action(BACK, (), "Back: choose another card", minor=True)]
    if state.step is Step.BONUS_CHIP:
        assert state.pending is not None
        total = state.pending.total + 1
        return [
            Action(CHIP, ("use",), f"Use a bonus chip: {total} vs {state.pending.target}, success"),
            Action(CHIP, ("keep",), "Keep your chips: the throw fails", minor=True),
        ]
    if state.step is Step.ADDITIONAL_GO:
        return [
            Action(GO, ("again",), f"Pay {ADDITIONAL_GO_PRICE} bonus chips for another go"),
            Action(GO, ("end",), "End your turn", minor=True),
        ]
    return []


def reveals(before: AirshipsState, after: AirshipsState) -> bool:
    """Whether a move turned over a card or threw dice: taking such a move back needs everyone's consent."""
    if len(after.pile) != len(before.pile):
        return True
    thrown_before = {id(t.rolled) for t in (before.pending, before.last_throw) if t is not None}
    return any(id(t.rolled) not in thrown_before for t in (after.pending, after.last_throw) if t is not None)


# --- applying a decision ------------------------------------------------------------------------


def on_throw(state: AirshipsState, seat: int, action: Action) -> None:
    choose(state, seat, str(action.args[0]))


def on_back(state: AirshipsState, seat: int, action: Action) -> None:
    state.chosen, state.step = None, Step.CHOOSE_CARD
    state.events.append(f"{p(seat)} takes back the choice of card.")


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
        state.events.append(f"{p(seat)} pays {ADDITIONAL_GO_PRICE} bonus chips for another go.")
        begin_go(state, seat)
    else:
        state.events.append(f"{p(seat)} ends the turn.")
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
        state.events.append(f"{p(seat)} will throw for {card_label(card_id)}.")
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
        state.events.append(describe_throw(result) + " One bonus chip would do it.")
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
    # The throw itself was told when the chip was asked for: say only what the decision made of it.
    verdict = "success!" if use else "short."
    decided = "uses a bonus chip" if use else "keeps their bonus chips"
    finish_throw(state, result, f"{p(seat)} {decided}: {result.total} vs {result.target}, {verdict}")


def finish_throw(state: AirshipsState, result: Throw, told: str = "") -> None:
    state.last_throw = result
    state.chosen = None
    line = told or describe_throw(result)
    if result.success:
        line += " " + acquire(state, result.seat, result.card)
    else:
        company = state.companies[result.seat]
        if company.chips_in_supply:
            company.chips_in_supply -= 1
            company.chips += 1
            line += f" {p(result.seat)} takes a bonus chip as compensation."
        else:
            line += " No bonus chip is left to take."
    state.events.append(line)
    end_go(state, result.seat)


def acquire(state: AirshipsState, seat: int, card_id: str) -> str:
    """Put the won card on the company board and say what came with it."""
    c = components()
    company = state.companies[seat]
    if card_id in c.expansions:
        card = c.expansions[card_id]
        row = state.display[card.department]
        row[row.index(card_id)] = None
        old = company.departments.get(card.department)
        company.departments[card.department] = card_id
        words = f"{card.name} joins {p(seat)}'s {card.department.value.capitalize()}."
        if old is not None:
            state.removed.append(old)  # victory points and all
            words += f" It replaces their {c.card_name(old)}, which is discarded."
        if card.chips:
            gained = min(card.chips, company.chips_in_supply)
            company.chips += gained
            company.chips_in_supply -= gained
            words += f" +{gained} bonus chip{'s' if gained != 1 else ''}."
        return words
    if card_id in c.airships:
        was_open = state.hindenburg_open
        pile = next(pile for pile in state.fields if pile and pile[-1] == card_id)
        company.airships.append(pile.pop())
        words = f"{p(seat)} builds the {c.airships[card_id].name}."
        if not was_open:
            state.wooden_airship = seat
            words += " The wooden airship goes to them."
        if not was_open and state.hindenburg_open:
            words += " A pile is used up: the Hindenburg can now be built!"
        return words
    number = phase_number(card_id)
    state.hindenburg[number - 1] = seat
    company.phases.append(number)
    # The marker chip comes from the supply; with none left there, from the company board.
    if company.chips_in_supply:
        company.chips_in_supply -= 1
    else:
        company.chips -= 1
    state.wooden_airship = seat
    return f"{p(seat)} completes Hindenburg phase {number} and takes the wooden airship."


# --- goes and turns -----------------------------------------------------------------------------


def game_should_end(state: AirshipsState) -> bool:
    """'The game ends if following a turn' one card at most lies on each field, or the Hindenburg is built."""
    return all(len(pile) <= 1 for pile in state.fields) or state.hindenburg_complete


def end_go(state: AirshipsState, seat: int) -> None:
    if game_should_end(state):
        state.step = Step.OVER
        state.events.append("The game is over.")
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
    state.events.append(f"{p(seat)} has the dice for no card on the table and passes.")
    if not state.pile and state.passes_in_a_row >= state.players:
        # Ruling 15 in docs/rulings.md, "A stuck table": nothing can change any more.
        state.step = Step.OVER
        state.events.append("No one can throw for any card: the game is over.")
    else:
        end_go(state, seat)


def reveal(state: AirshipsState) -> bool:
    """Step 1: turn over the top card of the pile; False when the pile is used up."""
    if not state.pile:
        return False  # "If the pile of expansion cards has been used up, the first step is omitted."
    c = components()
    card_id = state.pile.pop()
    if card_id == c.change_of_era:
        state.era = 2
        state.removed.append(card_id)
        state.events.append("Change of Era! Every entrepreneur turns over: each player now has a red die too.")
        return True
    row = state.display[c.expansions[card_id].department]
    dropped = row[0] if None not in row else None
    place_in_display(state, card_id)
    state.revealed = card_id
    card = c.expansions[card_id]
    line = f"{card.name} ({card.department.value.capitalize()}) is turned over."
    if dropped is not None:
        line += f" The row is full, so {c.card_name(dropped)} is discarded from the display."
    state.events.append(line)
    return True


def best_count(rolled: int, needed: int, t: Throw, colour: str) -> str:
    """Why a throw rolls more dice than count: every usable die is thrown and only the best are kept."""
    imaginary = sum(1 for d in t.kept if d.imaginary and d.colour == colour)
    return f" (the best {needed} count)" if rolled + imaginary > needed else ""


def describe_throw(t: Throw) -> str:
    """'{p0} throws for X (target 9): white 3 2 2, red 4 → kept 3+2+4 = 9; +1 engine = 10: success!'"""
    cost, _ = dice.cost_and_target(t.card)
    rolled = ", ".join(
        f"{colour} {' '.join(map(str, values))}{best_count(len(values), cost.of(Colour(colour)), t, colour)}"
        for colour, values in t.rolled.items() if values
    )
    imaginary = [f"imaginary {d.colour} {d.value}" for d in t.kept if d.imaginary]
    parts = "; ".join(x for x in (rolled, *imaginary) if x)
    kept = "+".join(str(d.value) for d in t.kept)
    bonuses = "".join(f" +{amount} {source}" for source, amount in t.bonuses)
    exchange = f" (exchanging {t.exchange})" if t.exchange else ""
    verdict = "success!" if t.success else "short."
    return (f"{p(t.seat)} throws for {card_label(t.card)}{exchange}: {parts} → kept {kept} = {t.dice_total}"
            f"{bonuses}{f' = {t.total}' if t.bonuses else ''} vs {t.target}: {verdict}")
