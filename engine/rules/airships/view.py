"""Airships views: the public table as a JSON-ready dict (docs/airships-view.md), plus a seat's own part."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any, NotRequired

from engine.rules.airships import dice, rules, scoring
from engine.rules.airships.records import Components, Department, Dice, per_data
from engine.rules.airships.state import AirshipsState, Step, Throw, hindenburg_id, phase_number
from engine.rules.airships.words import gives
from engine.view import CommonView
from engine.words import count


class AirshipsView(CommonView):
    """Airships' view (docs/airships-view.md): the common part the platform reads, and the table."""

    game: str
    title: str
    version: int
    players: int
    era: int
    current: int | None
    step: str
    to_act: list[int]
    chosen: dict[str, Any] | None
    revealed: dict[str, Any] | None
    throwable: list[str]
    pile: dict[str, Any]
    display: dict[str, list[dict[str, Any] | None]]
    airship_fields: list[dict[str, Any]]
    hindenburg: dict[str, Any]
    wooden_airship: int | None
    companies: list[dict[str, Any]]
    last_throw: dict[str, Any] | None
    outcome: dict[str, Any] | None
    you: NotRequired[dict[str, Any]]  # a seat's view only


DECISIONS = {  # what each step asks of the player, in the prompt and the status
    Step.CHOOSE_CARD: "choose a card to throw for",
    Step.EXCHANGE: "choose how to roll",
    Step.BONUS_CHIP: "decide on a bonus chip",
    Step.ADDITIONAL_GO: "take another go or end your turn",
    Step.OVER: "nothing: the game is over",
}


def dice_dict(d: Dice) -> dict[str, int]:
    return {"white": d.white, "red": d.red, "black": d.black}


def gives_text(data: Components, card_id: str) -> str:
    """Plain words for what an expansion card gives, e.g. '1 black die and 2 bonus chips when won'."""
    return gives(data, card_id)


@per_data  # a view shows dozens of cards, every move: each is written once per game's components
def _cards(data: Components) -> dict[str, dict[str, Any]]:
    ids = [*data.expansions, *data.airships, *(hindenburg_id(phase.number) for phase in data.hindenburg)]
    return {card_id: _card(data, card_id) for card_id in ids}


def _card(data: Components, card_id: str) -> dict[str, Any]:
    cost, target = dice.cost_and_target(data, card_id)
    base: dict[str, Any] = {
        "id": card_id, "kind": "", "name": "", "department": None, "era": None, "back": None,
        "cost": dice_dict(cost), "target": target, "vp": 0, "gives": "", "dice": dice_dict(Dice()),
        "imaginary": None, "exchange": None, "engine": None, "chips": 0,
    }
    if card_id in data.expansions:
        e = data.expansions[card_id]
        base.update(
            kind="expansion", name=e.name, department=e.department.value, era=e.era.value, vp=e.vp,
            gives=gives_text(data, card_id), dice=dice_dict(e.dice), chips=e.chips,
            imaginary={"colour": e.imaginary.colour.value, "value": e.imaginary.value} if e.imaginary else None,
            exchange={**asdict(e.exchange), "give": e.exchange.give.value, "get": e.exchange.get.value} if e.exchange else None,
            engine={"colour": e.engine.colour.value if e.engine.colour else "any", "amount": e.engine.amount} if e.engine else None,
        )
    elif card_id in data.airships:
        a = data.airships[card_id]
        base.update(kind="airship", name=a.name, back=a.back.value, vp=a.vp)
    else:
        phase = data.hindenburg[phase_number(card_id) - 1]
        base.update(kind="hindenburg", name=phase.name, vp=phase.vp_low, number=phase.number)
    return base


def card(data: Components, card_id: str | None) -> dict[str, Any] | None:
    """A card as the view shows it; a copy, so a caller may not spoil the cache."""
    return None if card_id is None else dict(_cards(data)[card_id])


def next_back(state: AirshipsState) -> str | None:
    if not state.pile:
        return None
    top = state.pile[-1]
    if top == state.data.change_of_era:
        return "change of era"
    return f"era {state.data.expansions[top].era.value}"


def throw_dict(data: Components, t: Throw | None) -> dict[str, Any] | None:
    if t is None:
        return None
    return {
        "seat": t.seat, "card": card(data, t.card), "exchange": t.exchange,
        "rolled": {colour: list(t.rolled.get(colour, ())) for colour in ("white", "red", "black")},
        "kept": [asdict(d) for d in t.kept], "dice_total": t.dice_total,
        "bonuses": [{"source": s, "amount": a} for s, a in t.bonuses],
        "total": t.total, "target": t.target, "success": t.success,
    }


def company_dict(state: AirshipsState, seat: int) -> dict[str, Any]:
    company, data = state.companies[seat], state.data
    pool = dice.pool(state, seat)
    exchange, engine = dice.exchange_of(state, seat), dice.engine_of(state, seat)
    return {
        "seat": seat,
        "nation": company.nation,
        "entrepreneur": {"side": state.era, "dice": dice_dict(dice.entrepreneur_dice(state, seat))},
        "departments": {d.value: card(data, company.departments.get(d)) for d in Department},
        "airships": [card(data, a) for a in company.airships],
        "phases": list(company.phases),
        "chips": company.chips,
        "chips_in_supply": company.chips_in_supply,
        "dice": dice_dict(pool.real),
        "imaginary": [{"colour": d.colour.value, "value": d.value} for d in pool.imaginary],
        "exchange": {**asdict(exchange), "give": exchange.give.value, "get": exchange.get.value} if exchange else None,
        "engine": {"colour": engine.colour.value if engine.colour else "any", "amount": engine.amount} if engine else None,
        "vp": scoring.victory_points(state, seat),
        "airships_built": scoring.airships_built(state, seat),
    }


def public_view(state: AirshipsState) -> AirshipsView:
    c = state.data
    outcome = scoring.outcome(state)
    over = state.over
    return {
        "game": "airships",
        "title": "Airships",
        "version": state.seq,
        "players": state.players,
        "era": state.era,
        "seat_names": [company.nation for company in state.companies],
        "current": None if over else state.current,
        "step": state.step.value,
        "decision": DECISIONS[state.step],
        "to_act": rules.to_act(state),
        "chosen": card(c, state.chosen),
        "revealed": card(c, state.revealed),
        # Only while a card is being chosen: during a throw's decisions the choice has been made.
        "throwable": rules.eligible_targets(state, state.current) if state.step is Step.CHOOSE_CARD else [],
        "pile": {"left": len(state.pile), "next": next_back(state)},
        "display": {d.value: [card(c, x) for x in state.display[d]] for d in Department},
        "airship_fields": [{"left": len(pile), "top": card(c, pile[-1] if pile else None)} for pile in state.fields],
        "hindenburg": {
            "open": state.hindenburg_open,
            "complete": state.hindenburg_complete,
            "phases": [
                {"number": ph.number, "id": hindenburg_id(ph.number), "name": ph.name, "cost": dice_dict(ph.cost),
                 "target": ph.target, "vp_low": ph.vp_low, "vp_high": ph.vp_high, "owner": state.hindenburg[i]}
                for i, ph in enumerate(c.hindenburg)
            ],
        },
        "wooden_airship": state.wooden_airship,
        "companies": [company_dict(state, seat) for seat in range(state.players)],
        "points": [scoring.victory_points(state, seat) for seat in range(state.players)],  # every game's view has these
        "points_unit": "VP",
        "last_throw": throw_dict(c, state.pending or state.last_throw),
        "events": list(state.events),
        "outcome": outcome.to_dict() if outcome else None,
    }


def seat_view(state: AirshipsState, seat: int) -> AirshipsView:
    """The public view and what only this seat needs: the cards it may throw for and its choices."""
    view = public_view(state)
    view["you"] = {
        "seat": seat,
        "can_throw_for": rules.eligible_targets(state, seat),
        "legal": [a.key for a in rules.legal_actions(state, seat)],
    }
    return view


def hand_fields(view: dict[str, Any]) -> list[tuple[str, str]]:
    """A seat's own view in words, for /hand: its company, dice, chips and the cards it can throw for."""
    you = view["you"]
    company = view["companies"][you["seat"]]
    real = ", ".join(f"{n} {colour}" for colour, n in company["dice"].items() if n) or "none"
    imaginary = ", ".join(f"a {d['colour']} die that always shows {d['value']}" for d in company["imaginary"]) or "none"
    departments = "\n".join(
        f"{d.capitalize()}: {card['name']} ({card['gives'] or 'nothing more'})"
        for d, card in company["departments"].items() if card
    )
    names = {card["id"]: card["name"] for row in view["display"].values() for card in row if card}
    names.update({f["top"]["id"]: f"Airship {f['top']['name']}" for f in view["airship_fields"] if f["top"]})
    names.update({p["id"]: f"Hindenburg phase {p['number']}: {p['name']}" for p in view["hindenburg"]["phases"]})
    reachable = ", ".join(names.get(card_id, card_id) for card_id in you["can_throw_for"]) or "nothing yet"
    built = company["airships_built"]
    return [
        ("Company", f"{company['nation']}: {company['vp']} VP, {count(built, 'airship')} built"),
        ("Dice", f"Real: {real}\nImaginary: {imaginary}"),
        ("Bonus chips", f"{company['chips']} on your board, {company['chips_in_supply']} in the supply"),
        ("Departments", departments or "none yet"),
        ("Airships", ", ".join(a["name"] for a in company["airships"]) or "none yet"),
        ("You have the dice for", reachable),
    ]
