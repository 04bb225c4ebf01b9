"""1930's operation phase: who acts with which token, each operation's choices step by step, flights and dividends."""

from __future__ import annotations

from engine.core import Action, IllegalAction
from engine.rules.golden_age import actions, board, choices, market
from engine.rules.golden_age.actions import UPGRADES_FREE, UPGRADES_PAID
from engine.rules.golden_age.board import article, name
from engine.rules.golden_age.state import MAX_ACTIONS, GoldenAgeState, Operation, Pending, Phase, Step

AIRLINE, OPERATION, CITY, FROM, DONE, CANCEL, DIVIDEND, BACK = (
    "airline", "operation", "city", "from", "done", "cancel", "dividend", "back")


class Dividend:
    """The CEO's five choices after a flight (the player board lists them)."""

    FULL = "full"
    HALF_TECH = "half+tech"
    HALF_GATES = "half+3 gates"
    NONE_SIX = "none+6 gates"
    NONE_THREE_TECH = "none+3 gates+tech"


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


def legal(state: GoldenAgeState, seat: int) -> list[Action]:
    """The current decision's choices in the operation phase or a purchased End of Turn action."""
    step, pending = state.step, state.pending
    if step is Step.DIVIDEND:
        return dividend_choices(state)
    if step is Step.AIRLINE:
        return airline_choices(state, seat)
    assert pending is not None
    airline = pending.airline
    if step is Step.ACTION:
        ops = actions.available(state, airline, purchased=not pending.token)
        return [*(Action(OPERATION, (op.value,), op_label(op, airline, state)) for op in ops),
                Action(BACK, (), "Back: use another token" if pending.token else "Back: choose another airline",
                       minor=True)]
    cancel = Action(CANCEL, (), "Cancel this action and choose another", minor=True)
    if step is Step.GATE_FROM:
        return [*gate_sources(state, pending), cancel]
    if step is Step.CITY:
        return [*city_choices(state, pending), cancel]
    if step is Step.MORE:
        more = more_choices(state, seat, pending)
        done = [Action(DONE, (), "Done")] if can_finish(state, pending) else []
        return [*more, *done, cancel]
    raise IllegalAction("That choice isn't available right now.")  # pragma: no cover


def airline_choices(state: GoldenAgeState, seat: int) -> list[Action]:
    player = state.seats[seat]
    if state.phase is Phase.PURCHASE:
        return [*(Action(AIRLINE, (key,), f"Buy an action for {name(state, key)} (${market.action_cost(state, key)})")
                  for key in purchasable(state, seat)),
                Action(DONE, (), "Buy no action this turn", minor=True)]
    return [Action(AIRLINE, (key,), f"Use {article(name(state, key))} {name(state, key)} token ({player.unused(key)} unused)")
            for key in state.live_airlines() if player.unused(key) > 0]


OPERATION_WORDS = {
    Operation.RELOCATE: "Relocate: move 1 or 2 gates",
    Operation.UPGRADE: "Upgrade: tiles on 1 or 2 cities (2 more paid)",
    Operation.OPEN: "Open: a new city with a tile and a gate",
    Operation.HUB: "Hub: build a hub where it has a gate",
}


def op_label(op: Operation, airline: str, state: GoldenAgeState) -> str:
    record = state.airlines[airline]
    if op is Operation.EXPAND:  # two only where the technology, the supply and the map all allow a second
        most = min(actions.gates_per_expand(state, airline), record.gates_available,
                   len(actions.expand_cities(state, airline)))
        return "Expand: a gate in 1 city" if most == 1 else "Expand: gates in 1 or 2 cities"
    if op is Operation.FLY:
        return f"Fly: income ${record.income} pays up to ${state.data.dividend(record.income)} a token"
    if op is Operation.RESEARCH:
        colour = state.data.tech_colour(record.tech_box + 1)
        rises = colour is not board.tech_colour(state, airline) and record.price_box < len(state.data.market) - 1
        lift = ", a new colour: stock up a box" if rises else ""
        return f"Research: to tech box {record.tech_box + 1} ({colour.value}){lift}"
    if op is Operation.STAND:
        falls = "stock falls a box" if record.price_box else "stock stays in the $1 box"
        return f"Stand: nothing else is possible; {falls}"
    return OPERATION_WORDS[op]


def city_keys(state: GoldenAgeState, pending: Pending) -> list[str]:
    """The cities the operation under way may choose now."""
    airline, op = pending.airline, pending.operation
    if op is Operation.EXPAND:
        return actions.expand_cities(state, airline)
    if op is Operation.RELOCATE:
        return [k for k in board.gate_cities(state, airline) if k != pending.source]
    if op is Operation.UPGRADE:
        return actions.upgrade_cities(state, airline, pending.cities)
    if op is Operation.OPEN:
        return actions.open_cities(state, airline)
    return actions.hub_cities(state, airline)


def source_keys(state: GoldenAgeState, pending: Pending) -> list[str]:
    """Where the gate being relocated or opened may come from."""
    if pending.operation is Operation.OPEN:
        return actions.open_sources(state, pending.airline, pending.cities[0])
    return actions.movable_gates(state, pending.airline, tuple(to for _, to in pending.moves))


def more_keys(state: GoldenAgeState, seat: int, pending: Pending) -> tuple[str, list[str]]:
    """After a first gate, city or move: a second one, or (Upgrade) the paid ones: the choice's kind and keys."""
    airline, op = pending.airline, pending.operation
    if op is Operation.EXPAND and len(pending.cities) < actions.gates_per_expand(state, airline):
        return CITY, actions.expand_cities(state, airline)
    if op is Operation.RELOCATE and len(pending.moves) < 2:
        return FROM, source_keys(state, pending)
    if op is Operation.UPGRADE and len(pending.cities) < UPGRADES_FREE + UPGRADES_PAID:
        money = spendable(state, seat, pending)
        return CITY, [key for key in actions.upgrade_cities(state, airline, pending.cities)
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


def city_choices(state: GoldenAgeState, pending: Pending, keys: list[str] | None = None) -> list[Action]:
    """The cities to choose (`keys`, else those the operation may choose now), each saying what it brings."""
    return [Action(CITY, (key,), choices.city_label(state, pending, key), detail=choices.city_detail(state, pending, key))
            for key in (city_keys(state, pending) if keys is None else keys)]


def gate_sources(state: GoldenAgeState, pending: Pending) -> list[Action]:
    found = []
    for key in source_keys(state, pending):
        label, detail = choices.source_words(state, pending, key)
        found.append(Action(FROM, (key,), label, detail=detail))
    return found


def more_choices(state: GoldenAgeState, seat: int, pending: Pending) -> list[Action]:
    kind, keys = more_keys(state, seat, pending)
    if kind == FROM:
        return [Action(FROM, (key,), f"Also move {choices.gate_words(state, pending.airline, key)}") for key in keys]
    if pending.operation is Operation.UPGRADE:
        result = []
        for key in keys:
            cost = upgrade_cost(state, pending, key)
            result.append(Action(CITY, (key,), choices.city_label(state, pending, key, f"(${cost})" if cost else "(free)")))
        return result
    return city_choices(state, pending, keys)


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
    tech = actions.can_step_tech(state, airline)
    gates = record.gates_reserve > 0
    # The gates the reserve can really give (ruling 9: as many as it holds), so each label says what it brings.
    three, six = (choices.plural(min(n, record.gates_reserve), "more gate") for n in (3, 6))
    offers = [(Dividend.FULL, f"Full dividend: ${level} a token", True),
              (Dividend.HALF_TECH, f"Half dividend (${half} a token) and one tech box", tech),
              (Dividend.HALF_GATES, f"Half dividend (${half} a token) and {three}", gates),
              (Dividend.NONE_SIX, f"No dividend and {six}", gates),
              (Dividend.NONE_THREE_TECH, f"No dividend, {three} and one tech box", gates and tech)]
    own = state.seats[state.current].held(airline)
    paid = {Dividend.FULL: level, Dividend.HALF_TECH: half, Dividend.HALF_GATES: half}
    return [Action(DIVIDEND, (key,), words,
                   detail=f"You receive ${paid.get(key, 0) * own} for your {choices.plural(own, 'token')}")
            for key, words, possible in offers if possible]


def purchasable(state: GoldenAgeState, seat: int) -> list[str]:
    """Airlines whose CEO this player is, whose action they can afford and that could do something."""
    player = state.seats[seat]
    return [key for key in state.live_airlines() if market.ceo(state, key) == seat
            and market.action_cost(state, key) <= player.money and actions.anything_possible(state, key)]


def gates_per_expand_left(state: GoldenAgeState, pending: Pending) -> bool:
    """Whether an Expand under way may place another gate."""
    return (len(pending.cities) < actions.gates_per_expand(state, pending.airline)
            and bool(actions.expand_cities(state, pending.airline)))
