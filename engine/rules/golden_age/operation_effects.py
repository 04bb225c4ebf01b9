"""1930's Operation Phase effects: what each of its choices does, a token or bought action, each step, the flight."""

from __future__ import annotations

from dataclasses import replace

from engine.core import Action, News
from engine.events import Seat
from engine.rules.golden_age import airline_operations, market
from engine.rules.golden_age.board import name
from engine.rules.golden_age.choices import Dividend, dividend_words
from engine.rules.golden_age.events import PLAIN_WORDS, SENTENCES, edition_1
from engine.rules.golden_age.operation_decisions import (
    CITY, DONE, FROM, gates_per_expand_left, more_keys,
    next_actor, purchasable, upgrade_cost,
)
from engine.rules.golden_age.state import GoldenAgeState, Operation, Pending, Phase, Step

NO_ACTION_BOUGHT = SENTENCES.add("no_action_bought", "{seat} buys no action.", News.ROUTINE)
CANCELLED = SENTENCES.add("cancelled", "{seat} cancels the action and chooses again.", News.ROUTINE,
                          earlier=edition_1("The action is cancelled."))
ACTION_PAID = SENTENCES.add("action_paid", "{seat} pays ${cost} for the bought action.", News.ROUTINE,
                            earlier=edition_1("{seat} paid ${cost} for this action."))
FLOWN = SENTENCES.add("flown", "{seat} flies {airline}: income ${income}, dividend level ${level} a token.", News.PLAY)
# The CEO's choice names what was chosen; the dividend it pays, if any, is the news that follows it.
CEO_CHOSE = SENTENCES.add("ceo_chose", "{seat}, {airline}'s CEO, chooses {choice}.", News.PLAY,
                          earlier=edition_1("{seat}, the CEO, chooses: {choice}."))
NO_CEO_NO_GATES = SENTENCES.add("no_ceo_no_gates", "{airline} has no CEO and no gates: no dividend, 6 more gates.", News.PLAY)
NO_CEO_FEW_GATES = SENTENCES.add("no_ceo_few_gates", "{airline} has no CEO and few gates: half dividend, 3 more gates.", News.PLAY)
NO_CEO_BEHIND = SENTENCES.add("no_ceo_behind", "{airline} has no CEO and trails in technology: half dividend, one box.", News.PLAY)


def on_dividend(state: GoldenAgeState, seat: int, action: Action) -> None:
    choose_dividend(state, str(action.args[0]))


def on_airline(state: GoldenAgeState, seat: int, action: Action) -> None:
    key = str(action.args[0])
    token = state.phase is Phase.OPERATIONS
    state.pending = Pending(airline=key, token=token, start_income=state.airlines[key].income,
                            price=0 if token else market.action_cost(state, key))
    state.step = Step.ACTION


def on_done(state: GoldenAgeState, seat: int, action: Action) -> None:
    if state.step is Step.AIRLINE:  # a CEO buys no action this turn
        state.events.append(NO_ACTION_BOUGHT.event(seat=Seat(seat)))
        end_purchase(state, seat)
    else:
        on_build(state, seat, action)


def on_back(state: GoldenAgeState, seat: int, action: Action) -> None:
    state.pending, state.step = None, Step.AIRLINE


def on_cancel(state: GoldenAgeState, seat: int, action: Action) -> None:
    restore(state)
    state.events.append(CANCELLED.event(seat=Seat(seat)))


def on_operation(state: GoldenAgeState, seat: int, action: Action) -> None:
    assert state.pending is not None
    begin(state, seat, replace(state.pending, operation=Operation(action.args[0])))


def on_build(state: GoldenAgeState, seat: int, action: Action) -> None:
    """A city, a gate's origin, or done: the next part of the operation under way."""
    assert state.pending is not None
    step(state, seat, state.pending, action.kind, str(action.args[0]) if action.args else "")


def restore(state: GoldenAgeState) -> None:
    """Back to choosing the operation: every part of the one under way is undone."""
    before = state.before
    assert before is not None
    keep = {"seq": state.seq, "events": state.events}
    state.__dict__.update(before.copy().__dict__)
    state.__dict__.update(keep)


def begin(state: GoldenAgeState, seat: int, pending: Pending) -> None:
    """An operation chosen: the ones with nothing more to choose happen now; the others ask for a city."""
    op, airline = pending.operation, pending.airline
    state.before = state.snapshot()
    state.before.step = Step.ACTION
    state.before.pending = pending
    state.pending = pending
    if op is Operation.RESEARCH:
        airline_operations.research(state, seat, airline)
        finish(state, seat)
    elif op is Operation.STAND:
        airline_operations.stand(state, seat, airline)
        finish(state, seat)
    elif op is Operation.FLY:
        fly(state, seat, airline)
    elif op is Operation.RELOCATE:
        state.step = Step.GATE_FROM
    else:
        state.step = Step.CITY


def step(state: GoldenAgeState, seat: int, pending: Pending, kind: str, key: str) -> None:
    op, airline = pending.operation, pending.airline
    if kind == DONE:
        finish(state, seat)
        return
    if op is Operation.RELOCATE:
        if kind == FROM:
            state.pending, state.step = replace(pending, source=key), Step.CITY
            return
        airline_operations.relocate(state, seat, airline, pending.source, key)
        moves = (*pending.moves, (pending.source, key))
        state.pending = replace(pending, moves=moves, source="")
        state.step = Step.MORE
        if len(moves) == 2 or not airline_operations.movable_gates(state, airline, tuple(to for _, to in moves)):
            finish_if_kept(state, seat)
        return
    if op is Operation.OPEN:
        if kind == CITY:
            state.pending, state.step = replace(pending, cities=(key,)), Step.GATE_FROM
            return
        airline_operations.open_city(state, seat, airline, pending.cities[0], key)
        finish(state, seat)
        return
    if op is Operation.HUB:
        airline_operations.hub(state, seat, airline, key)
        finish(state, seat)
        return
    if op is Operation.EXPAND:
        airline_operations.expand(state, seat, airline, key)
        state.pending = replace(pending, cities=(*pending.cities, key))
        state.step = Step.MORE
        if not gates_per_expand_left(state, state.pending):
            finish(state, seat)
        return
    # Upgrade: the first two tiles are free, the next two are paid for by the player
    cost = upgrade_cost(state, pending, key)
    airline_operations.upgrade(state, seat, airline, key, cost)
    state.pending = replace(pending, cities=(*pending.cities, key), paid=pending.paid + cost)
    state.step = Step.MORE
    if len(state.pending.cities) == 4 or not any_more(state, seat):
        finish(state, seat)


def any_more(state: GoldenAgeState, seat: int) -> bool:
    assert state.pending is not None
    return bool(more_keys(state, seat, state.pending)[1])


def finish_if_kept(state: GoldenAgeState, seat: int) -> None:
    """A relocation with nothing more to move ends if the income held; else only 'cancel' remains."""
    assert state.pending is not None
    if state.airlines[state.pending.airline].income >= state.pending.start_income:
        finish(state, seat)


def finish(state: GoldenAgeState, seat: int) -> None:
    """The operation is done: the token is used (or the bought action paid for) and play moves on."""
    pending = state.pending
    assert pending is not None
    player = state.writable_seat(seat)
    airline = pending.airline
    if pending.token:
        player.used[airline] = player.used.get(airline, 0) + 1
    else:
        cost = pending.price
        player.money -= cost
        state.bank += cost
        state.events.append(ACTION_PAID.event(seat=Seat(seat), cost=cost))
    state.last = f"{airline}:{pending.operation.value if pending.operation else ''}"
    state.pending, state.before = None, None
    if state.phase is Phase.OPERATIONS:
        next_actor(state, seat)
    else:
        end_purchase(state, seat)


def fly(state: GoldenAgeState, seat: int, airline: str) -> None:
    """The airline flies: its income sets the dividend level; the CEO (or the no-CEO rules) decides the payout."""
    record = state.writable_airline(airline)
    record.flown = True
    level = state.data.dividend(record.income)
    state.events.append(FLOWN.event(seat=Seat(seat), airline=name(state, airline),
                                  income=record.income, level=level))
    chief = market.ceo(state, airline)
    state.acting = seat
    if chief is None:
        no_ceo_payout(state, airline, level)
        finish(state, seat)
        return
    state.step, state.current = Step.DIVIDEND, chief


def choose_dividend(state: GoldenAgeState, choice: str) -> None:
    assert state.pending is not None
    airline = state.pending.airline
    level = state.data.dividend(state.airlines[airline].income)
    reserve = state.airlines[airline].gates_reserve
    words = dividend_words(choice, reserve) if state.edition >= PLAIN_WORDS else choice.replace("+", ", ")
    state.events.append(CEO_CHOSE.event(seat=Seat(state.current), airline=name(state, airline),
                                      choice=words))
    if choice == Dividend.FULL:
        market.pay_dividend(state, airline, level, "a full dividend")
    elif choice in (Dividend.HALF_TECH, Dividend.HALF_GATES):
        market.pay_dividend(state, airline, market.half(level), "a half dividend")
    if choice in (Dividend.HALF_GATES, Dividend.NONE_THREE_TECH):
        airline_operations.add_gates(state, airline, 3)
    if choice == Dividend.NONE_SIX:
        airline_operations.add_gates(state, airline, 6)
    if choice in (Dividend.HALF_TECH, Dividend.NONE_THREE_TECH):
        airline_operations.research(state, state.current, airline, flag=False)
    state.current = state.acting
    finish(state, state.acting)


def no_ceo_payout(state: GoldenAgeState, airline: str, level: int) -> None:
    """With no CEO, the first of four rules that applies fully decides."""
    record = state.airlines[airline]
    # Rule 2's "Increase Airline Gates by 3, if available" applies fully only while the reserve holds three;
    # edition 1 paid its half dividend with an empty reserve too.
    three_to_add = record.gates_reserve >= 3 or state.edition < 2
    if record.gates_available == 0 and record.gates_reserve == 6:
        state.events.append(NO_CEO_NO_GATES.event(airline=name(state, airline)))
        airline_operations.add_gates(state, airline, 6)
    elif record.gates_available <= 1 and three_to_add:
        state.events.append(NO_CEO_FEW_GATES.event(airline=name(state, airline)))
        market.pay_dividend(state, airline, market.half(level), "a half dividend")
        airline_operations.add_gates(state, airline, 3)
    elif airline_operations.tech_behind(state, airline) >= 3:
        state.events.append(NO_CEO_BEHIND.event(airline=name(state, airline)))
        market.pay_dividend(state, airline, market.half(level), "a half dividend")
        airline_operations.research(state, None, airline, flag=False)
    else:
        market.pay_dividend(state, airline, level, "a full dividend (no CEO)")


def end_purchase(state: GoldenAgeState, seat: int) -> None:
    """A player's End of Turn purchase is made or declined: the next player in turn order may buy one."""
    state.writable_seat(seat).purchased_action = True
    state.pending, state.step = None, Step.AIRLINE
    next_purchaser(state, state.order_from(seat, after=True))


def next_purchaser(state: GoldenAgeState, candidates: list[int]) -> None:
    """The first of `candidates` (seats in turn order) who has not decided and could buy an action decides."""
    for candidate in candidates:
        if not state.seats[candidate].purchased_action and purchasable(state, candidate):
            state.current, state.step = candidate, Step.AIRLINE
            return
        state.writable_seat(candidate).purchased_action = True  # nothing to buy: passed over
    state.phase_done = True
