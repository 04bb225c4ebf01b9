"""Airships choices in words: what each option of a decision brings, with the odds, for a select menu's description."""

from __future__ import annotations

from dataclasses import replace

from engine.core import MAX_LABEL, Action
from engine.rules.airships import dice, odds
from engine.rules.airships.state import ADDITIONAL_GO_PRICE, AirshipsState, phase_number
from engine.rules.airships.words import card_name, dice_words, first_fitting, gives
from engine.words import count


def brings(state: AirshipsState, seat: int, card_id: str) -> tuple[str, str]:
    """What winning the card brings this seat, and what it replaces ('' for nothing): gifts or victory points."""
    c = state.data
    if card_id in c.expansions:
        card = c.expansions[card_id]
        old = state.companies[seat].departments.get(card.department)
        return f"gives {gives(c, card_id) or 'nothing more'}", f"; replaces {c.card_name(old)}" if old else ""
    if card_id in c.airships:
        return f"an airship worth {c.airships[card_id].vp} VP", ""
    phase = c.hindenburg[phase_number(card_id) - 1]
    return f"{phase.vp_low} VP, or {phase.vp_high} if all 4 phases are built", ""


def throw_detail(state: AirshipsState, seat: int, card_id: str) -> str:
    """'58% (72% with a bonus chip) · needs 7 on 2 white dice · gives 1 white die; replaces Carl Berg'.

    The odds and what the card brings come first; the dice it needs (its tile shows them), then the score, then
    the odds with a chip, then the card it replaces give way when the words would not fit a menu's description.
    """
    cost, target = dice.cost_and_target(state.data, card_id)
    best = odds.best_chance(state, seat, card_id)
    chance = best.words()
    gain, replaced = brings(state, seat, card_id)
    return first_fitting([f"{chance} · needs {target} on {dice_words(cost)} · {gain}{replaced}",
                          f"{chance} · needs {target} · {gain}{replaced}", f"{chance} · {gain}{replaced}",
                          f"{odds.percent(best.alone)} · {gain}{replaced}", f"{chance} · {gain}"], MAX_LABEL)


def roll_detail(state: AirshipsState, seat: int, card_id: str, option: dice.ExchangeOption | None) -> str:
    _, target = dice.cost_and_target(state.data, card_id)
    return f"Chance to reach {target}: {odds.throw_chance(state, seat, card_id, option).words()}"


def chip_detail(state: AirshipsState, seat: int) -> str:
    left = state.companies[seat].chips - 1
    won = card_name(state.data, state.pending.card) if state.pending is not None else "the card"
    return first_fitting([f"You win {won}; {count(left, 'bonus chip')} left", f"You win it; {count(left, 'bonus chip')} left"],
                         MAX_LABEL)


def keep_detail(state: AirshipsState, seat: int) -> str:
    if state.companies[seat].chips_in_supply:
        return "You take 1 bonus chip from the supply as compensation"
    return "No bonus chip is left in the supply to take as compensation"


def additional_go_detail(state: AirshipsState, seat: int) -> str:
    left = state.companies[seat].chips - ADDITIONAL_GO_PRICE
    turned = "A new card is turned over, then you throw" if state.pile else "No card is left to turn over: you throw"
    return f"{turned}; leaves you {count(left, 'bonus chip')}"


def explain(state: AirshipsState, seat: int, actions: list[Action]) -> list[Action]:
    """The same actions with `detail` filled in; only menus need it, so the rules never pay for the odds."""
    return [replace(action, detail=detail(state, seat, action)) for action in actions]


def detail(state: AirshipsState, seat: int, action: Action) -> str:
    # The kinds are rules.py's action kinds (rules.py imports nothing from here, so no cycle).
    kind, args = action.kind, action.args
    if kind == "throw":
        return throw_detail(state, seat, str(args[0]))
    if kind == "roll" and state.chosen is not None:
        index = int(args[0])
        option = None if index < 0 else dice.exchange_options(state, seat, state.chosen)[index]
        return roll_detail(state, seat, state.chosen, option)
    if kind == "back":
        return "Nothing is thrown yet: pick another card"
    if kind == "chip":
        return chip_detail(state, seat) if args[0] == "use" else keep_detail(state, seat)
    if kind == "go":
        return additional_go_detail(state, seat) if args[0] == "again" else "The next player's go begins"
    return ""
