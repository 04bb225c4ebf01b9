"""Words for a player's private view (/hand): one describer per game, a plain fallback for the rest."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

Fields = list[tuple[str, str]]  # (embed field name, value)
COLOURS = ("white", "red", "black")


def dice_words(dice: dict[str, int] | None) -> str:
    dice = dice or {}
    parts = [f"{dice[c]} {c}" for c in COLOURS if dice.get(c)]
    return ", ".join(parts) or "none"


def _card_names(view: dict[str, Any]) -> dict[str, str]:
    """Every card id visible on the table mapped to its name, so ids can be shown as words."""
    names: dict[str, str] = {}
    for row in (view.get("display") or {}).values():
        for card in row or []:
            if card:
                names[card["id"]] = card["name"]
    for pile in view.get("airship_fields") or []:
        if pile.get("top"):
            names[pile["top"]["id"]] = f"Airship {pile['top']['name']}"
    for phase in (view.get("hindenburg") or {}).get("phases") or []:
        if phase.get("id"):
            names[phase["id"]] = f"Hindenburg phase {phase['number']}: {phase['name']}"
    return names


def describe_airships(view: dict[str, Any]) -> Fields:
    you = view.get("you") or {}
    seat = you.get("seat")
    companies = view.get("companies") or []
    company = next((c for c in companies if c.get("seat") == seat), None)
    if company is None:
        return [("Your company", "Not found.")]
    departments = "\n".join(
        f"{department.capitalize()}: {card['name']} ({card.get('gives') or 'no dice'})"
        for department, card in (company.get("departments") or {}).items()
        if card
    )
    airships = ", ".join(a["name"] for a in company.get("airships") or []) or "none yet"
    imaginary = ", ".join(f"{d['colour']} {d['value']}" for d in company.get("imaginary") or []) or "none"
    extras = []
    if company.get("exchange"):
        ex = company["exchange"]
        extras.append(f"Exchange: {ex['give_count']} {ex['give']} → {ex['get_count']} {ex['get']}")
    if company.get("engine"):
        engine = company["engine"]
        on = "every throw" if engine["colour"] == "any" else f"throws with {engine['colour']}"
        extras.append(f"Engine: +{engine['amount']} on {on}")
    names = _card_names(view)
    reachable = ", ".join(names.get(card_id, card_id) for card_id in you.get("can_throw_for") or []) or "nothing yet"
    fields: Fields = [
        ("Company", f"{company.get('nation', '')}: {company.get('vp', 0)} VP, {company.get('airships_built', 0)} airships built"),
        ("Dice", f"Real: {dice_words(company.get('dice'))}\nImaginary: {imaginary}"),
        ("Bonus chips", f"{company.get('chips', 0)} on your board, {company.get('chips_in_supply', 0)} in the supply"),
        ("Departments", departments or "none yet"),
        ("Airships", airships),
    ]
    if extras:
        fields.append(("Specials", "\n".join(extras)))
    fields.append(("You have the dice for", reachable))
    return fields


def describe_fallback(view: dict[str, Any]) -> Fields:
    """A game without its own describer still shows the seat's part, as compact JSON."""
    return [("Your view", json.dumps(view.get("you", view), ensure_ascii=False)[:1000])]


DESCRIBERS: dict[str, Callable[[dict[str, Any]], Fields]] = {"airships": describe_airships}


def describe_hand(slug: str, view: dict[str, Any]) -> Fields:
    return DESCRIBERS.get(slug, describe_fallback)(view)
