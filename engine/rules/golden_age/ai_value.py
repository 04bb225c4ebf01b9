"""1930 AI worth estimates: each seat's money, stock tokens and contracts projected to the end of the game."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from operator import itemgetter

from engine.rules.golden_age import market
from engine.rules.golden_age.data import components
from engine.rules.golden_age.state import INITIAL_PRICES, MAX_ACTIONS, MAX_TOKENS, TURNS, GoldenAgeState, Phase

IN_TURN = (Phase.FIRST_STOCK, Phase.STOCK, Phase.OPERATIONS, Phase.PURCHASE)  # this turn's End of Turn is to come


@dataclass(frozen=True)
class Weights:
    """The judgement in the estimates; each says what it stands for (tuned by arena runs)."""

    drift: float = 0.8  # boxes a live airline is expected to rise per turn still to come (buys, contracts, tech)
    penalty_kept: float = 0.5  # share of a behind city's later penalties expected to be paid (it may be fixed)
    growth: float = 1.0  # weight of the income an airline's spare gates can still add
    expands: float = 2.0  # Expand actions an airline is expected to take per turn to come
    reserve: float = 0.25  # a reserve gate counts this much of an available one (a dividend choice must free it)
    action: float = 1.5  # dollars an operation is worth to the seat that takes it, per turn with operations left
    rival: float = 0.5  # weight of the best rival's worth against one's own
    hand: float = 0.5  # share of a held contract's cash expected while turns remain
    cash: float = 1.0  # extra worth of each dollar that can still buy tokens in a stock round to come
    mine: float = 0.9  # chance an airline flies this turn when the seat itself holds an unused token of it
    theirs: float = 0.7  # the same when only other players do
    research: float = 1.0  # boxes of stock a box of research toward the next colour promises (its rise, its regions)


WEIGHTS = Weights()


# The data the estimates read is the game's own (its edition's, with its pack), looked up once per edition and pack.


@cache
def dividend_points(edition: int, pack: str) -> tuple[tuple[int, int], ...]:
    return tuple((level.income, level.dividend) for level in components(edition, pack).dividends)


def smooth_dividend(edition: int, pack: str, income: float) -> float:
    """The dividend table drawn as a line through its levels: an income on its way up is worth its share of the next."""
    return along(dividend_line(edition, pack), income)


def along(table: tuple[float, ...], income: float) -> float:
    """`smooth_dividend` on the edition's line, already looked up."""
    low = int(income)
    if low + 1 >= len(table):
        return table[-1]
    return table[low] + (income - low) * (table[low + 1] - table[low])


@cache
def dividend_line(edition: int, pack: str) -> tuple[float, ...]:
    """The line at each whole income, up to the last level (looked up: the estimates ask for it very often)."""
    points = dividend_points(edition, pack)
    line = []
    for income in range(points[-1][0] + 1):
        for (low, paid), (high, next_paid) in zip(points, points[1:]):
            if income < high:
                line.append(paid + (next_paid - paid) * (income - low) / (high - low))
                break
        else:
            line.append(float(points[-1][1]))
    return tuple(line)


@cache
def contract_values(edition: int, pack: str) -> dict[int, int]:
    """Each contract's cash by its number."""
    return {card.number: card.value for card in components(edition, pack).contracts}


def price_at(state: GoldenAgeState, box: float) -> float:
    """A stock price for a box that may be fractional (a projection), between the boxes either side."""
    return price_along(market_prices(state.edition, state.pack), box)


@cache
def market_prices(edition: int, pack: str) -> tuple[int, ...]:
    return tuple(box.price for box in components(edition, pack).market)


def price_along(prices: tuple[int, ...], box: float) -> float:
    """`price_at` on the market's prices, already looked up."""
    top = len(prices) - 1
    box = max(0.0, min(float(top), box))
    low = int(box)
    if low == top:
        return float(prices[top])
    return prices[low] + (box - low) * (prices[low + 1] - prices[low])


@dataclass
class Network:
    """Per airline, read from the map in one pass: gates behind its technology and the next free spots it reaches."""

    behind: dict[str, int]
    room: dict[str, list[int]]


def network(state: GoldenAgeState, live: list[str]) -> Network:
    """The live airlines' network in one pass over the cities (the estimates need it for every state they judge):
    the free spots are gathered once, best first, and each airline keeps those in regions it reaches."""
    data = state.data
    ranks = [(key, data.tech[state.airlines[key].tech_box - 1].colour.rank) for key in live]
    rank_of = dict(ranks)
    late = max(rank_of.values(), default=0) - 1  # a city of a lower colour may be behind someone's technology
    behind = dict.fromkeys(live, 0)
    earned, opened = data.spot_values, data.opened_ranks
    free: list[tuple[int, int, list[str]]] = []  # each free spot's value, the rank that reaches it, its gates
    for city_key, city in state.cities.items():
        colour = city.colour
        if colour is None:
            continue
        level = colour.rank
        gates = city.gates
        if level < late:
            for key in gates:
                if level < rank_of.get(key, 0) - 1:
                    behind[key] += 1
        row = earned[city_key][level]
        if len(gates) < len(row):
            free.append((row[len(gates)], opened[city_key], gates))
    free.sort(key=itemgetter(0), reverse=True)
    room = {key: [value for value, needed, gates in free if needed <= rank and key not in gates]
            for key, rank in ranks}
    return Network(behind, room)


def flight_chances(state: GoldenAgeState, live: list[str], seat: int, w: Weights) -> dict[str, float]:
    """How likely each airline still flies this turn: someone with an unused token of it may fly it, or its CEO may
    buy the flight at End of Turn (the same reading before the operations as at their start, so that ending a stock
    round changes no estimate)."""
    if state.phase not in IN_TURN:
        return dict.fromkeys(live, 0.0)
    acting = [] if state.phase is Phase.PURCHASE else [
        (w.mine if other == seat else w.theirs, player.tokens, player.used)
        for other, player in enumerate(state.seats) if player.actions_used() < MAX_ACTIONS]
    result: dict[str, float] = {}
    for key in live:
        record = state.airlines[key]
        if record.flown:
            result[key] = 0.0
            continue
        chance = 0.0
        for likely, tokens, used in acting:
            if tokens.get(key, 0) - used.get(key, 0) > 0:  # an unused token
                chance = max(chance, likely)
        if chance < 0.5:
            chief = market.ceo(state, key)
            if chief is not None and not state.seats[chief].purchased_action \
                    and state.seats[chief].money >= market.action_cost(state, key):
                chance = 0.5  # the CEO may buy the flight at End of Turn
        result[key] = chance
    return result


def token_values(state: GoldenAgeState, seat: int, w: Weights = WEIGHTS) -> dict[str, float]:
    """What one token of each live airline is expected to bring its holder: the final price and the dividends to come.

    `seat` is whose view it is: only the chance of a flight this turn depends on it (its own unused tokens)."""
    live = state.live_airlines()
    if state.over:
        return {key: float(market.price(state, key)) for key in live}
    turns_after = TURNS - state.turn
    in_turn = state.phase in IN_TURN
    stock = state.phase is Phase.STOCK
    net = network(state, live)
    chances = flight_chances(state, live, seat, w)
    line, prices = dividend_line(state.edition, state.pack), market_prices(state.edition, state.pack)
    progress, paid = colour_progress(state.edition, state.pack), state.data.dividend
    researching = turns_after + in_turn > 0
    result: dict[str, float] = {}
    for key in live:
        record = state.airlines[key]
        behind = net.behind[key]
        box = float(record.price_box)
        if stock:
            box += record.purchased + (record.pool == 0)  # the round's end moves these
        flies = chances[key]
        if in_turn:
            box -= behind + (1.0 - flies)  # this End of Turn's penalties
            if box < 0.5:
                result[key] = 0.0  # bankrupt at the End of Turn: the tokens leave the game
                continue
        box -= behind * w.penalty_kept * turns_after
        box += w.drift * turns_after  # the later turns' stock rounds, contracts and research (this round's: its flags)
        box += w.research * progress[record.tech_box - 1] if researching else 0.0  # research_promise
        final = price_along(prices, max(box, 0.0))
        future = turns_after + 1  # each later turn's flight and the final flight
        income = record.income
        smooth = along(line, income)
        dividends = smooth * future + paid(income) * flies
        result[key] = final + dividends + growth(state, key, net.room[key], future, w, line, smooth)
    return result


def research_promise(state: GoldenAgeState, tech_box: int, turns_left: int, w: Weights) -> float:
    """The boxes of stock that research already done toward the next colour promises: a box short of a colour is
    most of the way to its stock rise and its regions (without it, only the box that enters a colour looks worth
    an action, and airlines stop at the first box of every colour). Nothing once no research can follow."""
    return w.research * progress_to_next_colour(state.edition, state.pack, tech_box) if turns_left > 0 else 0.0


@cache
def colour_progress(edition: int, pack: str) -> tuple[float, ...]:
    """`progress_to_next_colour` of every box of the track, first box first."""
    return tuple(progress_to_next_colour(edition, pack, box.number) for box in components(edition, pack).tech)


@cache
def progress_to_next_colour(edition: int, pack: str, tech_box: int) -> float:
    """How far the box stands between its colour's first box and the next colour's (0 at a colour's first box, and
    on the last colour)."""
    colours = [box.colour for box in components(edition, pack).tech]
    colour = colours[tech_box - 1]
    if colour is colours[-1]:
        return 0.0
    first = colours.index(colour)
    length = len(colours) - colours[::-1].index(colour) - first
    return (tech_box - 1 - first) / length


def growth(state: GoldenAgeState, key: str, room: list[int], future: int, w: Weights,
           line: tuple[float, ...] | None = None, now: float | None = None) -> float:
    """The dividends a token can expect from gates the airline still has to place (each flies about half the flights
    left, and this turn's for the ones placed before it). `line`: the dividend line, and `now` its value at the
    airline's income, if already looked up."""
    if future <= 1 or w.growth == 0:
        return 0.0
    record = state.airlines[key]
    spare = record.gates_available + w.reserve * record.gates_reserve
    per_expand = 1 if record.tech_box == 1 else 2  # box 1 is the white one
    placements = min(spare, per_expand * w.expands * (future - 1), len(room))
    whole = int(placements)
    added = sum(room[:whole]) + (placements - whole) * (room[whole] if whole < len(room) else 0)
    line = line or dividend_line(state.edition, state.pack)
    slope = along(line, record.income + added) - (along(line, record.income) if now is None else now)
    return w.growth * slope * (future + 1) / 2


def hand_value(state: GoldenAgeState, seat: int, w: Weights) -> float:
    """The seat's own contracts (only its own: the others' are secret): part of their cash while turns remain."""
    if state.over or (state.turn == TURNS and state.phase not in IN_TURN):
        return 0.0
    values = contract_values(state.edition, state.pack)
    return w.hand * sum(values[n] for n in state.seats[seat].contracts)


def worths(state: GoldenAgeState, seat: int, w: Weights = WEIGHTS) -> list[float]:
    """Every seat's expected final money, from `seat`'s view (its own contracts count; the others' are unknown)."""
    values = token_values(state, seat, w)
    turns_left = 0 if state.over else TURNS - state.turn + (state.phase in IN_TURN)
    result = []
    rounds = stock_rounds_left(state)
    offers = for_sale(state) if rounds else []
    for other, player in enumerate(state.seats):
        tokens = player.tokens
        total = player.money + sum([values.get(key, 0.0) * n for key, n in tokens.items()])
        if rounds:
            total += w.cash * buying_money(state, other, offers)
        total += w.action * min(sum(tokens.values()), MAX_ACTIONS) * turns_left  # player.total()
        if other == seat:
            total += hand_value(state, seat, w)
        result.append(total)
    return result


def stock_rounds_left(state: GoldenAgeState) -> int:
    """Stock rounds still to buy in: this turn's while it is on, and one each later turn."""
    if state.over:
        return 0
    return TURNS - state.turn + (state.phase in (Phase.FIRST_STOCK, Phase.STOCK))


def for_sale(state: GoldenAgeState) -> list[tuple[int, str, int]]:
    """The tokens in the pools, cheapest first: (price, airline, how many); an unfounded airline at the lowest price."""
    boxes = state.data.market
    offers = [(boxes[record.price_box].price if record.founded else INITIAL_PRICES[0], key, record.pool)
              for key, record in state.airlines.items() if not record.bankrupt and record.pool]  # market.price
    offers.sort()
    return offers


def buying_money(state: GoldenAgeState, seat: int, offers: list[tuple[int, str, int]]) -> float:
    """The part of the seat's money that can still buy tokens: tokens pay far more than their price over a game
    (each one's dividends every turn and an action), so such money is worth more than its face value."""
    player = state.seats[seat]
    money, tokens = player.money, player.tokens
    room = MAX_TOKENS - sum(tokens.values())
    cap = market.cap(state)
    cost = 0
    for price, key, pool in offers:
        if room <= 0 or cost >= money:
            break
        count = min(pool, cap - tokens.get(key, 0), room)
        if count > 0:
            cost += price * count
            room -= count
    return float(min(money, cost))


def standing(state: GoldenAgeState, seat: int, w: Weights | None = None) -> float:
    """The seat's expected worth less a share of its best rival's: what its choices try to raise."""
    w = w or WEIGHTS
    values = worths(state, seat, w)
    rivals = [v for other, v in enumerate(values) if other != seat]
    return values[seat] - w.rival * max(rivals, default=0.0)


def immediate(state: GoldenAgeState, seat: int) -> float:
    """The greedy view: the score now (money and tokens at market price) plus one flight's dividends."""
    player = state.seats[seat]
    flight = sum(state.data.dividend(state.airlines[key].income) * n for key, n in player.tokens.items())
    return market.value_of(state, seat) + flight
