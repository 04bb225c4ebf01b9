"""Airships choices in words: what each option of a decision brings, with the odds, for a select menu's description."""

from __future__ import annotations

from dataclasses import replace

from engine.core import MAX_LABEL, Action
from engine.rules.airships import dice, odds
from engine.rules.airships.data import components
from engine.rules.airships.state import ADDITIONAL_GO_PRICE, AirshipsState, phase_number


def clip(text: str) -> str:
    return text if len(text) <= MAX_LABEL else text[: MAX_LABEL - 1] + "…"


def gives(card_id: str) -> str:
    """'1 black + 2 chips once', the words an expansion card's gifts go by."""
    card = components().expansions[card_id]
    parts = []
    if card.dice.total():
        parts.append(card.dice.text())
    if card.imaginary:
        parts.append(f"imaginary {card.imaginary.colour.value} {card.imaginary.value}")
    if card.exchange:
        parts.append(f"exchange {card.exchange.text()}")
    if card.engine:
        parts.append(card.engine.text())
    if card.chips:
        parts.append(f"{card.chips} chip{'s' if card.chips > 1 else ''} once")
    if card.vp:
        parts.append(f"{card.vp} VP")
    return " + ".join(parts)


def brings(state: AirshipsState, seat: int, card_id: str) -> str:
    """What winning the card brings this seat: its gifts (and what it replaces), or its victory points."""
    c = components()
    if card_id in c.expansions:
        card = c.expansions[card_id]
        text = f"Gives {gives(card_id) or 'nothing more'}"
        old = state.companies[seat].departments.get(card.department)
        return f"{text}; replaces your {c.card_name(old)}" if old else text
    if card_id in c.airships:
        return f"Airship worth {c.airships[card_id].vp} VP"
    phase = c.hindenburg[phase_number(card_id) - 1]
    return f"Hindenburg phase: {phase.vp_low} VP, {phase.vp_high} if all 4 are built"


def throw_detail(state: AirshipsState, seat: int, card_id: str) -> str:
    """'Gives 1 black + 2 chips once · 58% (72% with a chip)'."""
    chance = odds.best_chance(state, seat, card_id).words()
    return clip(f"{chance} · {brings(state, seat, card_id)}")


def roll_detail(state: AirshipsState, seat: int, card_id: str, option: dice.ExchangeOption | None) -> str:
    _, target = dice.cost_and_target(card_id)
    return clip(f"{odds.throw_chance(state, seat, card_id, option).words()} to reach {target}")


def chip_detail(state: AirshipsState, seat: int) -> str:
    left = state.companies[seat].chips - 1
    return f"The card is yours; {left} chip{'s' if left != 1 else ''} left"


def additional_go_detail(state: AirshipsState, seat: int) -> str:
    left = state.companies[seat].chips - ADDITIONAL_GO_PRICE
    turned = "a new card is turned over" if state.pile else "no cards are left to turn over"
    return clip(f"Leaves you {left} chip{'s' if left != 1 else ''}; {turned}")


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
        return "Nothing is thrown yet"
    if kind == "chip":
        return chip_detail(state, seat) if args[0] == "use" else "You take a bonus chip as compensation, if one is left"
    if kind == "go":
        return additional_go_detail(state, seat) if args[0] == "again" else "The next player's go begins"
    return ""
