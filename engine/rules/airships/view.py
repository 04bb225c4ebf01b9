"""Airships views: the public table as typed values (engine/views/airships.py, docs/airships-view.md), plus a seat's own part."""

from __future__ import annotations

from dataclasses import replace

from engine.rules.airships import dice, rules, scoring
from engine.core import Outcome
from engine.rules.airships.records import Components, Department, Dice, per_data
from engine.rules.airships.records import EngineBonus as EngineRecord, Exchange as ExchangeRecord
from engine.rules.airships.state import AirshipsState, Step, Throw, hindenburg_id, phase_number
from engine.rules.airships.words import gives
from engine.views.airships import (
    DEPARTMENTS, AirshipField, AirshipsView, Bonus, Card, Company, Departments, Dice as ShownDice, Display, EngineBonus,
    Entrepreneur, Exchange, FixedDie, Hindenburg, KeptDie, Phase, Pile, Result, Rolled, Throw as ShownThrow, You,
)
from engine.words import count


DECISIONS = {  # what each step asks of the player, in the prompt and the status
    Step.CHOOSE_CARD: "choose a card to throw for",
    Step.EXCHANGE: "choose how to roll",
    Step.BONUS_CHIP: "decide on a bonus chip",
    Step.ADDITIONAL_GO: "take another go or end your turn",
    Step.OVER: "nothing: the game is over",
}


def dice_of(d: Dice) -> ShownDice:
    return ShownDice(white=d.white, red=d.red, black=d.black)


def gives_text(data: Components, card_id: str) -> str:
    """Plain words for what an expansion card gives, e.g. '1 black die and 2 bonus chips when won'."""
    return gives(data, card_id)


@per_data  # a view shows dozens of cards, every move: each is built once per game's components
def _cards(data: Components) -> dict[str, Card]:
    ids = [*data.expansions, *data.airships, *(hindenburg_id(phase.number) for phase in data.hindenburg)]
    return {card_id: _card(data, card_id) for card_id in ids}


def exchange_of(e: ExchangeRecord | None) -> Exchange | None:
    if e is None:
        return None
    return Exchange(give=e.give.value, give_count=e.give_count, get=e.get.value, get_count=e.get_count)


def engine_of(e: EngineRecord | None) -> EngineBonus | None:
    return None if e is None else EngineBonus(colour=e.colour.value if e.colour else "any", amount=e.amount)


def _card(data: Components, card_id: str) -> Card:
    cost, target = dice.cost_and_target(data, card_id)
    base = Card(id=card_id, kind="", name="", department=None, era=None, back=None, cost=dice_of(cost), target=target,
                vp=0, gives="", dice=dice_of(Dice()), imaginary=None, exchange=None, engine=None, chips=0)
    if card_id in data.expansions:
        e = data.expansions[card_id]
        return replace(
            base, kind="expansion", name=e.name, department=e.department.value, era=e.era.value, vp=e.vp,
            gives=gives_text(data, card_id), dice=dice_of(e.dice), chips=e.chips,
            imaginary=FixedDie(colour=e.imaginary.colour.value, value=e.imaginary.value) if e.imaginary else None,
            exchange=exchange_of(e.exchange), engine=engine_of(e.engine),
        )
    if card_id in data.airships:
        a = data.airships[card_id]
        return replace(base, kind="airship", name=a.name, back=a.back.value, vp=a.vp)
    phase = data.hindenburg[phase_number(card_id) - 1]
    return replace(base, kind="hindenburg", name=phase.name, vp=phase.vp_low, number=phase.number)


def card(data: Components, card_id: str | None) -> Card | None:
    """A card as the view shows it (frozen: the cache's own value is safe to hand out)."""
    return None if card_id is None else _cards(data)[card_id]


def known_card(data: Components, card_id: str) -> Card:
    return _cards(data)[card_id]


def next_back(state: AirshipsState) -> str | None:
    if not state.pile:
        return None
    top = state.pile[-1]
    if top == state.data.change_of_era:
        return "change of era"
    return f"era {state.data.expansions[top].era.value}"


def throw_of(data: Components, t: Throw | None) -> ShownThrow | None:
    if t is None:
        return None
    return ShownThrow(
        seat=t.seat, card=known_card(data, t.card), exchange=t.exchange,
        rolled=Rolled(**{colour: tuple(t.rolled.get(colour, ())) for colour in ("white", "red", "black")}),
        kept=tuple(KeptDie(colour=d.colour, value=d.value, imaginary=d.imaginary) for d in t.kept),
        dice_total=t.dice_total, bonuses=tuple(Bonus(source=s, amount=a) for s, a in t.bonuses),
        total=t.total, target=t.target, success=t.success,
    )


def company_of(state: AirshipsState, seat: int) -> Company:
    company, data = state.companies[seat], state.data
    pool = dice.pool(state, seat)
    return Company(
        seat=seat,
        nation=company.nation,
        entrepreneur=Entrepreneur(side=state.era, dice=dice_of(dice.entrepreneur_dice(state, seat))),
        departments=Departments(**{d.value: card(data, company.departments.get(d)) for d in Department}),
        airships=tuple(known_card(data, a) for a in company.airships),
        phases=tuple(company.phases),
        chips=company.chips,
        chips_in_supply=company.chips_in_supply,
        dice=dice_of(pool.real),
        imaginary=tuple(FixedDie(colour=d.colour.value, value=d.value) for d in pool.imaginary),
        exchange=exchange_of(dice.exchange_of(state, seat)),
        engine=engine_of(dice.engine_of(state, seat)),
        vp=scoring.victory_points(state, seat),
        airships_built=scoring.airships_built(state, seat),
    )


def result_of(outcome: Outcome | None) -> Result | None:
    if outcome is None:
        return None
    return Result(scores=outcome.scores, ranking=outcome.ranking, tiebreak=outcome.tiebreak, winners=outcome.winners,
                  reason=outcome.reason.value, details=outcome.details, tiebreak_words=outcome.tiebreak_words,
                  unit=outcome.unit)


def public_view(state: AirshipsState) -> AirshipsView:
    c = state.data
    return AirshipsView(
        game="airships",
        title="Airships",
        version=state.seq,
        players=state.players,
        era=state.era,
        seat_names=tuple(company.nation for company in state.companies),
        current=None if state.over else state.current,
        step=state.step.value,
        decision=DECISIONS[state.step],
        to_act=tuple(rules.to_act(state)),
        chosen=card(c, state.chosen),
        revealed=card(c, state.revealed),
        # Only while a card is being chosen: during a throw's decisions the choice has been made.
        throwable=tuple(rules.eligible_targets(state, state.current)) if state.step is Step.CHOOSE_CARD else (),
        pile=Pile(left=len(state.pile), next=next_back(state)),
        display=Display(**{d.value: tuple(card(c, x) for x in state.display[d]) for d in Department}),
        airship_fields=tuple(AirshipField(left=len(pile), top=card(c, pile[-1] if pile else None))
                             for pile in state.fields),
        hindenburg=Hindenburg(
            open=state.hindenburg_open,
            complete=state.hindenburg_complete,
            phases=tuple(
                Phase(number=ph.number, id=hindenburg_id(ph.number), name=ph.name, cost=dice_of(ph.cost),
                      target=ph.target, vp_low=ph.vp_low, vp_high=ph.vp_high, owner=state.hindenburg[i])
                for i, ph in enumerate(c.hindenburg)
            ),
        ),
        wooden_airship=state.wooden_airship,
        companies=tuple(company_of(state, seat) for seat in range(state.players)),
        points=tuple(scoring.victory_points(state, seat) for seat in range(state.players)),  # every game's view has these
        points_unit="VP",
        last_throw=throw_of(c, state.pending or state.last_throw),
        events=tuple(state.events),
        outcome=result_of(scoring.outcome(state)),
    )


def seat_view(state: AirshipsState, seat: int) -> AirshipsView:
    """The public view and what only this seat needs: the cards it may throw for and its choices."""
    return replace(public_view(state), you=You(
        seat=seat,
        can_throw_for=tuple(rules.eligible_targets(state, seat)),
        legal=tuple(a.key for a in rules.legal_actions(state, seat)),
    ))


def hand_fields(view: AirshipsView) -> list[tuple[str, str]]:
    """A seat's own view in words, for /hand: its company, dice, chips and the cards it can throw for."""
    you = view.you
    assert you is not None, "/hand shows a seat's own view"
    company = view.companies[you.seat]
    real = ", ".join(f"{n} {colour}" for colour in ("white", "red", "black") if (n := company.dice.of(colour))) or "none"
    imaginary = ", ".join(f"a {d.colour} die that always shows {d.value}" for d in company.imaginary) or "none"
    shown = [(d, getattr(company.departments, d)) for d in DEPARTMENTS]
    departments = "\n".join(f"{d.capitalize()}: {c.name} ({c.gives or 'nothing more'})" for d, c in shown if c)
    names = {c.id: c.name for d in DEPARTMENTS for c in getattr(view.display, d) if c}
    names.update({f.top.id: f"Airship {f.top.name}" for f in view.airship_fields if f.top})
    names.update({p.id: f"Hindenburg phase {p.number}: {p.name}" for p in view.hindenburg.phases})
    reachable = ", ".join(names.get(card_id, card_id) for card_id in you.can_throw_for) or "nothing yet"
    return [
        ("Company", f"{company.nation}: {company.vp} VP, {count(company.airships_built, 'airship')} built"),
        ("Dice", f"Real: {real}\nImaginary: {imaginary}"),
        ("Bonus chips", f"{company.chips} on your board, {company.chips_in_supply} in the supply"),
        ("Departments", departments or "none yet"),
        ("Airships", ", ".join(a.name for a in company.airships) or "none yet"),
        ("You have the dice for", reachable),
    ]
