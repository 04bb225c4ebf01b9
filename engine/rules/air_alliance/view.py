"""Air Alliance views: the public table as typed values (engine/views/air_alliance.py, docs/air-alliance-view.md),
plus a seat's own part."""

from __future__ import annotations

from dataclasses import fields, replace
from functools import cache

from engine.rules.air_alliance import rules, scoring
from engine.rules.air_alliance.data import PLAYER_COLOURS, Components, Icon
from engine.rules.air_alliance.markers import marked
from engine.rules.air_alliance.options import Kobe
from engine.rules.air_alliance.state import MARKERS, SLOTS, AirAllianceState, Step
from engine.views.air_alliance import (
    AirAllianceView, Airport, BoardingPass, Card, ClaimCard, Flight, Icon as ShownIcon, Score, Slot, You,
)


PHASES = {  # the view's phase for each decision
    Step.REFRESH: "refresh", Step.TAKEOFFS: "first_turn", Step.ALLIANCE: "alliance", Step.MARKER: "markers",
    Step.PLANE: "markers", Step.NPA_PLANE: "markers", Step.DESTINATION: "markers", Step.PRIORITY_AIRPORT: "markers",
    Step.SWAP: "markers", Step.GAIN: "markers", Step.FLIGHT_CONTROL: "flight_control", Step.WAITING: "waiting",
    Step.OVER: "over",
}
DECISIONS = {  # what each decision asks, in the prompt and the status
    Step.REFRESH: "refresh the baggage claim or keep it",
    Step.TAKEOFFS: "take a free priority takeoff or go on",
    Step.ALLIANCE: "form an alliance or not",
    Step.MARKER: "place a marker",
    Step.PLANE: "choose which of your planes lands",
    Step.NPA_PLANE: "choose which NPA plane flies",
    Step.DESTINATION: "choose where the plane lands",
    Step.GAIN: "gain the passenger card or leave it waiting",
    Step.PRIORITY_AIRPORT: "choose the airport for the priority takeoff",
    Step.SWAP: "choose the two planes that switch places",
    Step.FLIGHT_CONTROL: "place a gained card on your boarding pass",
    Step.WAITING: "reserve a cancelled card or keep waiting",
    Step.OVER: "nothing: the game is over",
}


def icon_of(icon: Icon) -> ShownIcon:
    return ShownIcon(kind=icon.kind.value, label=icon.label, colour=icon.colour, areas=tuple(a.value for a in icon.areas),
                     npa=tuple(icon.npa))


@cache
def _card(c: Components, card_id: str) -> Card:
    card = c.cards[card_id]
    return Card(
        id=card.id, passenger=card.passenger, departure=card.departure, arrival=card.arrival,
        departure_name=c.airports[card.departure].name, arrival_name=c.airports[card.arrival].name,
        miles=card.miles, travel=card.travel.value, trio=card.trio, icons=tuple(icon_of(icon) for icon in card.icons),
    )


def card(data: Components, card_id: str | None) -> Card | None:
    """A card as the view shows it (frozen: the cache's own value is safe to hand out)."""
    return None if card_id is None else _card(data, card_id)


def reserved_card(state: AirAllianceState, card_id: str) -> ClaimCard:
    shown = _card(state.data, card_id)
    return ClaimCard(**{f.name: getattr(shown, f.name) for f in fields(Card)}, reserved_by=state.reserver(card_id))


def phase(state: AirAllianceState) -> str:
    if state.step is Step.SWAP and state.pending is not None and state.pending.slot is None:
        return "first_turn"  # the free takeoffs of a Kobe first turn
    return PHASES[state.step]


def airports(state: AirAllianceState) -> tuple[Airport, ...]:
    c = state.data
    special = {code: colour for colour, code in c.special_airport.items()}
    return tuple(Airport(code=a.code, name=a.name, area=a.area.value, number=a.number, shape=a.shape.value,
                         silhouettes=tuple(sorted(a.silhouettes)), runways=tuple(state.board[a.code]),
                         special_for=special.get(a.code)) for a in c.airports.values())


def boarding_pass(state: AirAllianceState, seat: int) -> BoardingPass:
    airline = state.airlines[seat]
    printed = state.data.passes[airline.colour].slots
    slots = []
    for slot in range(SLOTS):
        cards = airline.slots[slot]
        mark = marked(state, seat, slot) if seat == state.current else None
        slots.append(Slot(top=card(state.data, cards[-1] if cards else None),
                          printed=tuple(icon_of(i) for i in printed[slot]), under=max(len(cards) - 1, 0), marker=mark))
    return BoardingPass(seat=seat, slots=tuple(slots))


def markers_left(state: AirAllianceState, seat: int) -> int:
    """The current player's markers still in hand; another player's markers not lying on a card or the logo."""
    if seat == state.current and not state.over:
        return state.markers_left
    airline = state.airlines[seat]
    return MARKERS - (airline.reserved is not None) - airline.waiting


def score(state: AirAllianceState, seat: int) -> Score:
    airline = state.airlines[seat]
    return Score(
        seat=seat, miles=scoring.miles_of(state, seat), cards=len(airline.cards()),
        trios=tuple(scoring.trios(state, seat)), economy=scoring.economy_cards(state, seat),
        supply=airline.supply, markers_left=markers_left(state, seat), reserved=airline.reserved,
        gained=tuple(_card(state.data, c) for c in state.gained) if seat == state.current else (),
    )


def public_view(state: AirAllianceState) -> AirAllianceView:
    outcome = scoring.outcome(state)
    colours = tuple(a.colour for a in state.airlines)
    return AirAllianceView(
        game="air-alliance",
        title="Air Alliance",
        version=state.seq,
        players=state.players,
        seat_names=tuple(colour.capitalize() for colour in colours),
        colours=colours,
        current=None if state.over else state.current,
        to_act=tuple(rules.to_act(state)),
        phase=phase(state),
        decision=DECISIONS[state.step],
        extra_turn=state.extra_turn,
        last_round=state.last_round,
        options=tuple(kobe.value for kobe in Kobe if kobe in state.options),
        airports=airports(state),
        baggage_claim=tuple(reserved_card(state, c) for c in state.claim),
        off_board=tuple(reserved_card(state, c) for c in state.off_board),
        deck=len(state.deck),
        discards=len(state.discards),
        alliances=tuple(tuple(area) for area in state.alliances),
        boarding_passes=tuple(boarding_pass(state, seat) for seat in range(state.players)),
        scores=tuple(score(state, seat) for seat in range(state.players)),
        points=tuple(scoring.miles_of(state, seat) for seat in range(state.players)),  # every game's view has these
        points_unit="miles",
        flights=tuple(Flight(origin=f.origin, destination=f.destination, colour=f.colour, seat=f.seat)
                      for f in state.flights),
        events=tuple(state.events),
        winners=tuple(outcome.winners) if outcome else None,
    )


def seat_view(state: AirAllianceState, seat: int) -> AirAllianceView:
    """The public view and what only this seat needs: its choices (nothing else is secret but the deck's order)."""
    return replace(public_view(state), you=You(seat=seat, colour=PLAYER_COLOURS[seat],
                                                legal=tuple(a.key for a in rules.legal_actions(state, seat))))


def slot_words(slot: Slot) -> str:
    top = slot.top
    icons = top.icons if top else slot.printed
    what = f"{top.passenger} ({top.departure_name} → {top.arrival_name})" if top else "printed icons"
    under = f", {slot.under} under" if slot.under else ""
    return f"{what}{under}: {', '.join(i.label for i in icons)}"


def hand_fields(view: AirAllianceView) -> list[tuple[str, str]]:
    """A seat's own view in words, for /hand: boarding pass, miles, reservation, alliance and planes."""
    assert view.you is not None, "/hand shows a seat's own view"
    seat = view.you.seat
    colour = view.colours[seat]
    me = view.scores[seat]
    pass_lines = "\n".join(f"Slot {i + 1}: {slot_words(slot)}" for i, slot in enumerate(view.boarding_passes[seat].slots))
    area = next((i for i, a in enumerate(view.alliances) if colour in a), None)
    allies = "none" if area is None else ", ".join(c for c in view.alliances[area] if c != colour)
    reserved = next((f"{c.departure_name} → {c.arrival_name} ({c.miles:,} miles)"
                     for c in [*view.baggage_claim, *view.off_board] if c.id == me.reserved), "none")
    on_board = sum(1 for a in view.airports for r in a.runways if r == colour)
    trios = ", ".join(me.trios) or "none yet"
    return [
        ("Airline", f"{colour.capitalize()}: {me.miles:,} miles from {me.cards} cards; trios: {trios}"),
        ("Boarding pass", pass_lines),
        ("Planes", f"{on_board} on the board, {me.supply} in your supply"),
        ("Alliance", f"area {area + 1} with {allies}, marked by your fifth plane" if area is not None
         else "none yet: your fifth plane waits beside the board to mark one"),
        ("Reserved", reserved),
    ]
