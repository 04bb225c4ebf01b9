"""1930's End of Turn: bought actions, the no-flight and tech penalties, contracts, bankruptcy, the next turn."""

from __future__ import annotations

from engine.core import Action, News
from engine.events import Seat
from engine.rules.golden_age import board, market
from engine.rules.golden_age.board import name
from engine.rules.golden_age.choices import shortened, worded
from engine.rules.golden_age.data import Contract
from engine.rules.golden_age.events import PLAIN_WORDS, SENTENCES
from engine.rules.golden_age.operation_effects import next_purchaser
from engine.rules.golden_age.state import TURNS, GoldenAgeState, Phase, Step
from engine.rules.golden_age.stock import begin_normal_round

CONTRACT, AWARD, DONE, BACK = "contract", "award", "done", "back"
# From this edition every player holding contracts is asked, each time in one private choice (a card and its
# airline, or none): the first edition asked only who could play one now, and asked for the card and then the
# airline, so who was asked, and how many moves a player made, told the table what a secret hand held.
EVERYONE_ASKED = 2

AWARDED = SENTENCES.add("awarded", "{seat} awards contract {card} to {airline} and takes ${value}.", News.MILESTONE)
NO_MORE_CONTRACTS = SENTENCES.add("no_more_contracts", "{seat} plays no more contracts.", News.ROUTINE)
# A new turn is routine: the board's status says it.
TURN_BEGINS = SENTENCES.add("turn_begins", "Turn {turn} begins; {seat} is the first player.", News.ROUTINE)
LAZY = "a lazy airline: it did not fly this turn"  # why its stock falls, in the glossary's word
FINAL_FLIGHT = SENTENCES.add("final_flight", "The final flight: every airline pays a full dividend.", News.FINAL)


def begin_end_of_turn(state: GoldenAgeState) -> None:
    """Step 1: in turn order, each player may buy one action for an airline they are CEO of."""
    state.phase, state.step = Phase.PURCHASE, Step.AIRLINE
    for seat in range(state.players):
        state.writable_seat(seat).purchased_action = False
    next_purchaser(state, state.turn_order())


def after_purchases(state: GoldenAgeState) -> None:
    """Steps 2 and 3 (the penalties), then step 4: contracts, in turn order."""
    for key in state.live_airlines():
        if not state.airlines[key].flown:
            market.move_price(state, key, -1, LAZY if state.edition >= PLAIN_WORDS else "it did not fly this turn")
    for key in state.live_airlines():
        for city in behind_cities(state, key):
            market.move_price(state, key, -1, f"{board.city_name(state, city)} is behind its technology")
    state.phase, state.step = Phase.CONTRACTS, Step.CONTRACT
    for seat in range(state.players):
        state.writable_seat(seat).passed = False  # here: done playing contracts this turn
    next_contract_player(state)


def behind_cities(state: GoldenAgeState, airline: str) -> list[str]:
    """Cities with the airline's gate whose colour is more than one level below its technology colour."""
    level = board.tech_colour(state, airline).rank
    return [key for key in board.cities_with_gate(state, airline)
            if (colour := state.cities[key].colour) is not None and colour.rank < level - 1]


def eligible(state: GoldenAgeState, number: int) -> list[str]:
    """Airlines with a gate in every city the contract names (whatever colour those cities are now)."""
    cities = contract(state, number).cities
    return [key for key in state.live_airlines()
            if all(key in state.cities[c].gates for c in cities if c in state.cities)
            and all(c in state.cities for c in cities)]


def contract(state: GoldenAgeState, number: int) -> Contract:
    return next(c for c in state.data.contracts if c.number == number)


def playable(state: GoldenAgeState, seat: int) -> list[int]:
    return [n for n in state.seats[seat].contracts if eligible(state, n)]


def contract_words(state: GoldenAgeState, number: int) -> str:
    card = contract(state, number)
    cities = " + ".join(board.city_name(state, c) for c in card.cities)
    return f"${card.value}: {cities}"


def legal(state: GoldenAgeState, seat: int) -> list[Action]:
    later = "Keep your other contracts for a later turn" if state.turn < TURNS else "The last turn: none is played later"
    done = Action(DONE, (), "Play no more contracts this turn", detail=later, minor=True)
    if state.edition >= EVERYONE_ASKED:  # one choice: which card goes to which airline
        return [*(worded(AWARD, (n, key), award_words(state, n, key)) for n in playable(state, seat)
                  for key in eligible(state, n)), done]
    if state.step is Step.CONTRACT_AIRLINE:
        return [*(Action(AWARD, (key,), f"Award it to {name(state, key)}", detail=pays(state, state.contract, key))
                  for key in eligible(state, state.contract)),
                Action(BACK, (), "Back: choose another contract", minor=True)]
    return [*(Action(CONTRACT, (n,), shortened(f"Play contract {contract_words(state, n)}"),
                     detail=f"You take ${contract(state, n).value}; then choose the airline it goes to")
              for n in playable(state, seat)),
            done]


def award_words(state: GoldenAgeState, number: int, airline: str) -> tuple[str, str]:
    """'Award $3: Seattle + Chicago to Green Airline' and what it pays: the card and its airline in one choice."""
    return shortened(f"Award {contract_words(state, number)} to {name(state, airline)}"), pays(state, number, airline)


def pays(state: GoldenAgeState, number: int, airline: str) -> str:
    """'You take $3; Green Airline's stock $6 → $7': the card's cash is the player's, the rise the airline's."""
    return f"You take ${contract(state, number).value}; {name(state, airline)}'s {stock_rise(state, airline)}"


def stock_rise(state: GoldenAgeState, airline: str) -> str:
    """What a contract does to the airline's stock: 'stock $6 → $7' (at the top box it cannot rise)."""
    box, boxes = state.airlines[airline].price_box, state.data.market
    if box == len(boxes) - 1:
        return f"stock stays at ${boxes[box].price}, the top"
    return f"stock ${boxes[box].price} → ${boxes[box + 1].price}"


def on_contract(state: GoldenAgeState, seat: int, action: Action) -> None:
    """The first edition's card, chosen before its airline."""
    state.contract, state.step = int(action.args[0]), Step.CONTRACT_AIRLINE


def on_back(state: GoldenAgeState, seat: int, action: Action) -> None:
    state.contract, state.step = 0, Step.CONTRACT


def on_award(state: GoldenAgeState, seat: int, action: Action) -> None:
    """The card (named with the airline from edition 2, chosen just before in the first) goes to the airline."""
    number = int(action.args[0]) if state.edition >= EVERYONE_ASKED else state.contract
    award(state, seat, number, str(action.args[-1]))
    state.contract, state.step = 0, Step.CONTRACT
    if not asked(state, seat):
        no_more_contracts(state, seat)


def on_done(state: GoldenAgeState, seat: int, action: Action) -> None:
    state.events.append(NO_MORE_CONTRACTS.event(seat=Seat(seat)))
    no_more_contracts(state, seat)


def no_more_contracts(state: GoldenAgeState, seat: int) -> None:
    state.writable_seat(seat).passed = True
    next_contract_player(state)


def award(state: GoldenAgeState, seat: int, number: int, airline: str) -> None:
    """The card is discarded, the airline's stock rises a box, and the player (not the airline) takes the cash."""
    card = contract(state, number)
    player = state.writable_seat(seat)
    player.contracts.remove(number)
    state.discards.append(number)
    player.money += card.value
    state.bank -= card.value
    state.events.append(AWARDED.event(seat=Seat(seat), card=contract_words(state, number),
                                    airline=name(state, airline), value=card.value))
    market.move_price(state, airline, 1, "a contract")
    state.last = f"{airline}:contract"


def asked(state: GoldenAgeState, seat: int) -> bool:
    """Whether the player is asked for contracts: whoever holds any (the count is public), whether or not one can
    be played now, so that being asked tells nothing of the cards; the first edition asked only who could play."""
    if state.edition < EVERYONE_ASKED:
        return bool(playable(state, seat))
    return bool(state.seats[seat].contracts)


def next_contract_player(state: GoldenAgeState) -> None:
    """The next player in turn order who is asked for contracts (each gets one go); then the turn ends."""
    for candidate in state.turn_order():
        if not state.seats[candidate].passed and asked(state, candidate):
            state.current, state.step = candidate, Step.CONTRACT
            return
        state.writable_seat(candidate).passed = True
    end_turn(state)


def end_turn(state: GoldenAgeState) -> None:
    """Bankruptcy for airlines in the $1 box; then the next turn, or the final flight after the sixth."""
    for key in state.live_airlines():
        if state.airlines[key].price_box == 0:
            market.go_bankrupt(state, key)
    for key in state.airlines:
        airline = state.writable_airline(key)
        airline.flown = airline.advanced = False
    for seat in range(state.players):
        state.writable_seat(seat).used = {}
    if state.turn == TURNS:
        final_flight(state)
        return
    state.turn += 1
    state.first_player = (state.first_player + 1) % state.players
    state.events.append(TURN_BEGINS.event(turn=state.turn, seat=Seat(state.first_player)))
    begin_normal_round(state)


def final_flight(state: GoldenAgeState) -> None:
    """After the sixth turn every airline flies once more, paying full dividends; then the game is scored."""
    state.events.append(FINAL_FLIGHT.event())
    for key in state.live_airlines():
        level = state.data.dividend(state.airlines[key].income)
        market.pay_dividend(state, key, level, "a final full dividend")
    state.phase, state.step, state.pending = Phase.OVER, Step.AIRLINE, None
