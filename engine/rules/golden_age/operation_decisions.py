"""1930's Operation Phase decisions: who acts with which token, and each operation's choices step by step."""

from __future__ import annotations

from engine.core import Action, IllegalAction
from engine.rules.golden_age import airline_operations, board, choices, market
from engine.rules.golden_age.airline_operations import UPGRADES_FREE, UPGRADES_PAID
from engine.rules.golden_age.board import article, name
from engine.rules.golden_age.choices import Dividend, dividend_label
from engine.rules.golden_age.state import MAX_ACTIONS, GoldenAgeState, Operation, Pending, Phase, Step
from engine.words import count

AIRLINE, OPERATION, CITY, FROM, DONE, CANCEL, DIVIDEND, BACK = (
    "airline", "operation", "city", "from", "done", "cancel", "dividend", "back")


def can_act(state: GoldenAgeState, seat: int) -> bool:
    player = state.seats[seat]
    return player.actions_used() < MAX_ACTIONS and any(player.unused(key) > 0 for key in player.tokens)


def begin_operations(state: GoldenAgeState) -> None:
    state.phase, state.step, state.operating_round = Phase.OPERATIONS, Step.AIRLINE, 1
    next_actor(state, state.turn_order()[0], include=True)


def next_actor(state: GoldenAgeState, seat: int, include: bool = False) -> None:
    """Play passes in turn order to the next player with a token to use; when none has, the turn ends."""
    for candidate in state.order_from(seat, after=not include):
        if can_act(state, candidate):
            state.current, state.step = candidate, Step.AIRLINE
            state.operating_round = state.seats[candidate].actions_used() + 1
            return
    state.phase_done = True  # the End of Turn follows (rules.py routes phases)


# -- the choices -----------------------------------------------------------------------------------------


def legal(state: GoldenAgeState, seat: int, words: bool = True) -> list[Action]:
    """The current decision's choices in the operation phase or a purchased End of Turn action; without `words`,
    bare (the same choices in the same order, with no label or detail: the AI's search reads none)."""
    step, pending = state.step, state.pending
    if step is Step.DIVIDEND:
        return dividend_choices(state) if words else [Action(DIVIDEND, (key,)) for key in dividend_keys(state)]
    if step is Step.AIRLINE:
        return airline_choices(state, seat, words)
    assert pending is not None
    airline = pending.airline
    if step is Step.ACTION:
        ops = airline_operations.available(state, airline, purchased=not pending.token)
        if not words:
            return [*(Action(OPERATION, (op.value,)) for op in ops), Action(BACK, (), minor=True)]
        return [*(Action(OPERATION, (op.value,), choices.OPERATION_NAMES[op],
                         detail=choices.operation_detail(state, airline, op)) for op in ops),
                Action(BACK, (), "Back: use another token" if pending.token else "Back: choose another airline",
                       minor=True)]
    cancel = Action(CANCEL, (), "Cancel this action", detail="Take back its choices and choose another action",
                    minor=True)
    if step is Step.GATE_FROM:
        return [*gate_sources(state, pending, words=words), cancel]
    if step is Step.CITY:
        return [*city_choices(state, pending, words=words), cancel]
    if step is Step.MORE:
        more = more_choices(state, seat, pending, words)
        done = [Action(DONE, (), "Done", detail="End the action here")] if can_finish(state, pending) else []
        return [*more, *done, cancel]
    raise IllegalAction("That choice isn't available right now.")  # pragma: no cover


def airline_choices(state: GoldenAgeState, seat: int, words: bool = True) -> list[Action]:
    player = state.seats[seat]
    if not words:
        keys = purchasable(state, seat) if state.phase is Phase.PURCHASE else [
            key for key in state.live_airlines() if player.unused(key) > 0]
        return [*(Action(AIRLINE, (key,)) for key in keys),
                *[Action(DONE, (), minor=True)] * (state.phase is Phase.PURCHASE)]
    if state.phase is Phase.PURCHASE:
        return [*(Action(AIRLINE, (key,), f"Buy an action for {name(state, key)}",
                         detail=f"Costs you ${market.action_cost(state, key)}, its action cost; one bought action a turn")
                  for key in purchasable(state, seat)),
                Action(DONE, (), "Buy no action this turn", detail="Keep your money; play moves on", minor=True)]
    return [Action(AIRLINE, (key,), f"Use {article(name(state, key))} {name(state, key)} token",
                   detail=token_detail(state, key, player.unused(key)))
            for key in state.live_airlines() if player.unused(key) > 0]


def token_detail(state: GoldenAgeState, airline: str, unused: int) -> str:
    """'2 unused; income $14; yellow technology; flown this turn': the airline a token would act for."""
    record = state.airlines[airline]
    flown = "; flown this turn" if record.flown else ""
    return f"{unused} unused; income ${record.income}; {board.tech_colour(state, airline).value} technology{flown}"


def city_keys(state: GoldenAgeState, pending: Pending) -> list[str]:
    """The cities the operation under way may choose now."""
    airline, op = pending.airline, pending.operation
    if op is Operation.EXPAND:
        return airline_operations.expand_cities(state, airline)
    if op is Operation.RELOCATE:
        return [k for k in board.gate_cities(state, airline) if k != pending.source]
    if op is Operation.UPGRADE:
        return airline_operations.upgrade_cities(state, airline, pending.cities)
    if op is Operation.OPEN:
        return airline_operations.open_cities(state, airline)
    return airline_operations.hub_cities(state, airline)


def source_keys(state: GoldenAgeState, pending: Pending) -> list[str]:
    """Where the gate being relocated or opened may come from."""
    if pending.operation is Operation.OPEN:
        return airline_operations.open_sources(state, pending.airline, pending.cities[0])
    return airline_operations.movable_gates(state, pending.airline, tuple(to for _, to in pending.moves))


def more_keys(state: GoldenAgeState, seat: int, pending: Pending) -> tuple[str, list[str]]:
    """After a first gate, city or move: a second one, or (Upgrade) the paid ones: the choice's kind and keys."""
    airline, op = pending.airline, pending.operation
    if op is Operation.EXPAND and len(pending.cities) < airline_operations.gates_per_expand(state, airline):
        return CITY, airline_operations.expand_cities(state, airline)
    if op is Operation.RELOCATE and len(pending.moves) < 2:
        return FROM, source_keys(state, pending)
    if op is Operation.UPGRADE and len(pending.cities) < UPGRADES_FREE + UPGRADES_PAID:
        money = spendable(state, seat, pending)
        return CITY, [key for key in airline_operations.upgrade_cities(state, airline, pending.cities)
                      if upgrade_cost(state, pending, key) <= money]
    return CITY, []


def option_keys(state: GoldenAgeState, seat: int, pending: Pending, kind: str) -> list[str]:
    """The keys a city or gate choice of this kind may name now (the legality check, without any words)."""
    if state.step is Step.CITY and kind == CITY:
        return city_keys(state, pending)
    if state.step is Step.GATE_FROM and kind == FROM:
        return source_keys(state, pending)
    if state.step is Step.MORE:
        more_kind, keys = more_keys(state, seat, pending)
        return keys if more_kind == kind else []
    return []


def city_choices(state: GoldenAgeState, pending: Pending, keys: list[str] | None = None,
                 words: bool = True) -> list[Action]:
    """The cities to choose (`keys`, else those the operation may choose now), each saying what it brings."""
    chosen = city_keys(state, pending) if keys is None else keys
    if not words:
        return [Action(CITY, (key,)) for key in chosen]
    paid = pending.operation is Operation.UPGRADE
    return [choices.worded(CITY, (key,), choices.city_choice(state, pending, key,
                                                              upgrade_cost(state, pending, key) if paid else 0))
            for key in chosen]


def gate_sources(state: GoldenAgeState, pending: Pending, keys: list[str] | None = None,
                 words: bool = True) -> list[Action]:
    """Where the gate may come from (`keys`, else those it may come from now), each saying what it earns."""
    chosen = source_keys(state, pending) if keys is None else keys
    if not words:
        return [Action(FROM, (key,)) for key in chosen]
    return [choices.worded(FROM, (key,), choices.source_choice(state, pending, key, also=keys is not None))
            for key in chosen]


def more_choices(state: GoldenAgeState, seat: int, pending: Pending, words: bool = True) -> list[Action]:
    kind, keys = more_keys(state, seat, pending)
    return gate_sources(state, pending, keys, words) if kind == FROM else city_choices(state, pending, keys, words)


def spendable(state: GoldenAgeState, seat: int, pending: Pending) -> int:
    """The player's money less a bought action's price, which is paid when the action ends."""
    return state.seats[seat].money - pending.price


def upgrade_cost(state: GoldenAgeState, pending: Pending, key: str) -> int:
    if len(pending.cities) < UPGRADES_FREE:
        return 0
    colour = board.tile_for(state, pending.airline, key)
    return colour.upgrade_cost if colour else 0


def can_finish(state: GoldenAgeState, pending: Pending) -> bool:
    """A relocation must leave the airline's income no lower than it was."""
    if pending.operation is Operation.RELOCATE:
        return state.airlines[pending.airline].income >= pending.start_income
    return True


def dividend_choices(state: GoldenAgeState) -> list[Action]:
    """The CEO's choices: those whose gates or tech step can happen (a full dividend always can)."""
    assert state.pending is not None
    airline = state.pending.airline
    record = state.airlines[airline]
    level = state.data.dividend(record.income)
    half = market.half(level)
    tech = airline_operations.can_step_tech(state, airline)
    own = state.seats[state.current].held(airline)
    paid = {Dividend.FULL: level, Dividend.HALF_TECH: half, Dividend.HALF_GATES: half}
    step = f"; then {choices.tech_step(state, airline)}" if tech else ""
    found = []
    for key in dividend_keys(state):
        per, (_, gates_added, tech_added) = paid.get(key, 0), choices.DIVIDEND_PARTS[key]
        words = [f"${per} a token, ${per * own} for your {count(own, 'token')}" if per else "Nobody is paid"]
        # The gates the reserve can really give (ruling 9: as many as it holds), so each choice says what it brings.
        words += [f"its supply gains {count(min(gates_added, record.gates_reserve), 'gate')}"] * bool(gates_added)
        found.append(Action(DIVIDEND, (key,), dividend_label(key, record.gates_reserve),
                            detail=choices.shortened("; ".join(words) + step * tech_added)))
    return found


def dividend_keys(state: GoldenAgeState) -> list[str]:
    """The CEO's choices that can happen: a full dividend always; gates while the reserve holds any; a tech box
    while the track has one left."""
    assert state.pending is not None
    airline = state.pending.airline
    tech = airline_operations.can_step_tech(state, airline)
    gates = state.airlines[airline].gates_reserve > 0
    possible = {Dividend.FULL: True, Dividend.HALF_TECH: tech, Dividend.HALF_GATES: gates, Dividend.NONE_SIX: gates,
                Dividend.NONE_THREE_TECH: gates and tech}
    return [key for key, can in possible.items() if can]


def purchasable(state: GoldenAgeState, seat: int) -> list[str]:
    """Airlines whose CEO this player is, whose action they can afford and that could do something."""
    player = state.seats[seat]
    return [key for key in state.live_airlines() if market.ceo(state, key) == seat
            and market.action_cost(state, key) <= player.money and airline_operations.anything_possible(state, key)]


def gates_per_expand_left(state: GoldenAgeState, pending: Pending) -> bool:
    """Whether an Expand under way may place another gate."""
    return (len(pending.cities) < airline_operations.gates_per_expand(state, pending.airline)
            and bool(airline_operations.expand_cities(state, pending.airline)))
