"""Air Alliance choices in words: what each option of a decision does and gains, for a select menu's description."""

from __future__ import annotations

from dataclasses import replace

from engine.core import MAX_LABEL, Action
from engine.rules.air_alliance import gaining, markers
from engine.rules.air_alliance.alliance import Formation, partners, top_icons
from engine.rules.air_alliance.claim import gainable, passengers, route
from engine.rules.air_alliance.data import Components, Icon, IconKind, Shape
from engine.rules.air_alliance.flights import (
    airport_name,
    landing_airports,
    npa_destinations,
    npa_origins,
    open_for,
    plane_origins,
    where,
    would_gain,
)
from engine.rules.air_alliance.state import SUPPLY, AirAllianceState
from engine.words import count


def clip(text: str) -> str:
    """At most a description's length, cut at a word with an ellipsis: the last resort after shorter words."""
    if len(text) <= MAX_LABEL:
        return text
    cut = text[: MAX_LABEL - 1]
    return cut[: cut.rfind(" ")].rstrip(" ,;:") + "…"


def fitting(*candidates: str) -> str:
    """The fullest of the candidates that fits a description (they come fullest first)."""
    return next((text for text in candidates if len(text) <= MAX_LABEL), clip(candidates[-1]))


def total(data: Components, cards: list[str]) -> int:
    return sum(data.cards[card].miles for card in cards)


def gains_words(state: AirAllianceState, seat: int, cards: list[str]) -> tuple[str, str]:
    """What a flight carrying `cards` brings, in full and short: 'gains Honeymooners (4,000 miles)', or 'can gain'
    for a card the player will be asked about and may leave waiting (gaining.gained_at_once)."""
    if not cards:
        return "gains no card now", "gains no card now"
    data = state.data
    at_once = gaining.gained_at_once(state, seat, cards)
    parts = [(verb, part) for verb, part in (("gains", cards[:at_once]), ("can gain", cards[at_once:])) if part]
    full = " and ".join(f"{verb} {passengers(data, part)}" for verb, part in parts)
    short = " and ".join(f"{verb} {count(len(part), 'card')} ({total(data, part):,} miles)" for verb, part in parts)
    return full, short


Move = tuple[str, str, str]  # (plane colour, origin, destination)


def best_move(state: AirAllianceState, seat: int, moves: list[Move]) -> tuple[Move, list[str]] | None:
    """The move among `moves` whose flight gains the most miles at once, with the cards it gains."""
    best: tuple[Move, list[str]] | None = None
    candidates = gainable(state, seat)
    for move in moves:
        cards = would_gain(state, seat, move[1], move[2], candidates)
        if cards and (best is None or total(state.data, cards) > total(state.data, best[1])):
            best = (move, cards)
    return best


def best_words(state: AirAllianceState, seat: int, moves: list[Move], fallback: str) -> str:
    """'Best: red plane Polynesia → Cannes gains Honeymooners (4,000 miles)': the flight, then its passengers."""
    found = best_move(state, seat, moves)
    if found is None:
        return fallback
    (colour, origin, destination), cards = found
    flight = f"Best: {colour} plane {airport_name(state.data, origin)} → {airport_name(state.data, destination)}"
    return fitting(*(f"{flight} {words}" for words in gains_words(state, seat, cards)))


def permit_moves(state: AirAllianceState, seat: int, icon: Icon) -> list[Move]:
    colour = state.airlines[seat].colour
    targets = landing_airports(state, seat, icon)
    return [(colour, o, t) for o in plane_origins(state, seat, targets) for t in targets
            if open_for(state, t, colour, o)]


def npa_moves(state: AirAllianceState, seat: int, icon: Icon) -> list[Move]:
    return [(colour, o, t) for colour, _ in markers.npa_choices(state, seat, icon)
            for o in npa_origins(state, colour) for t in npa_destinations(state, colour, o)]


def icon_detail(state: AirAllianceState, seat: int, slot: int, index: int) -> str:
    icon = top_icons(state, seat, slot)[index]
    if icon.kind is IconKind.PRIORITY:
        airports = markers.priority_airports(state)
        at = where(state.data, airports[0]) if len(airports) == 1 else f"one of {len(airports)} airports"
        return f"Switch two planes at {at}, so one takes off sooner; not a flight"
    if icon.kind is IconKind.CODE_SHARING:
        colours = " or ".join(c for c, _ in markers.npa_choices(state, seat, icon))
        return best_words(state, seat, npa_moves(state, seat, icon), f"Flies {colours}; no flight gains a card now")
    targets = landing_airports(state, seat, icon)
    lands = f"Lands your plane on {where(state.data, targets[0])}" if len(targets) == 1 else \
        f"Can land your plane on {len(targets)} airports"
    return best_words(state, seat, permit_moves(state, seat, icon), f"{lands}; no flight gains a card now")


NO_FLIGHT = "From the supply: no flight, so it carries no passenger"


def origin_detail(state: AirAllianceState, seat: int, colour: str, origin: str, targets: list[str]) -> str:
    if origin == SUPPLY:
        return NO_FLIGHT
    moves = [(colour, origin, t) for t in targets]
    return best_words(state, seat, moves, f"Can land on {count(len(targets), 'airport')}; none gains a card now")


def plane_detail(state: AirAllianceState, seat: int, origin: str) -> str:
    colour = state.airlines[seat].colour
    targets = landing_airports(state, seat, markers.pending_icon(state, seat))
    return origin_detail(state, seat, colour, origin, [t for t in targets if open_for(state, t, colour, origin)])


def land_detail(state: AirAllianceState, seat: int, code: str) -> str:
    pending = state.pending
    assert pending is not None and pending.origin is not None
    if pending.origin == SUPPLY:
        return NO_FLIGHT
    words = fitting(*gains_words(state, seat, would_gain(state, seat, pending.origin, code)))
    return words[0].upper() + words[1:]


def runway_words(state: AirAllianceState, code: str) -> str:
    """The planes of an airport a priority takeoff may reorder, as they stand in line to take off."""
    r = state.board[code]
    if state.data.airports[code].shape is Shape.Y:
        front = ", ".join(colour for colour in r[:2] if colour)
        return f"On the takeoff runways: {front}; on the waiting spot: {r[2] or 'none'}"
    return f"In line to take off: {', '.join(colour for colour in r if colour)}"


def swap_detail(state: AirAllianceState, first: int, second: int) -> str:
    assert state.pending is not None and state.pending.airport is not None
    r = state.board[state.pending.airport]
    return f"Then {r[second]} takes off before {r[first]}; not a flight"


def formation_detail(state: AirAllianceState, seat: int, formation: Formation) -> str:
    cards = sum(len(s) for s in state.airlines[seat].slots)
    npas = "/".join(sorted({*partners(state, seat), *formation.npas}))
    pile = f"{count(cards, 'card')} {'goes' if cards == 1 else 'go'} to your score pile"
    return fitting(f"Any code sharing icon then flies {npas}, and no one else's; {pile}",
                   f"Any code sharing icon then flies {npas}; {pile}")


def place_detail(data: Components, card: str, slot: int) -> str:
    icons = ", ".join(icon.label for icon in data.cards[card].icons)
    return f"Next turn slot {slot + 1} offers: {icons}"


def gain_detail(state: AirAllianceState, seat: int, card: str) -> str:
    """What gaining costs where it is asked: the code sharing colour the card would cover at flight control."""
    stake = gaining.colours_at_stake(state, seat, card)
    if not stake:
        return f"{route(state.data, card)}: it goes on your boarding pass at flight control"
    colour, before, after = stake[0]
    return f"Costs {colour} code sharing: it will show on {count(after, 'slot')}, not {before} (3 form an alliance)"


def reserve_detail(data: Components, card: str) -> str:
    c = data.cards[card]
    trio = f"; {c.trio}" if c.trio else ""
    return fitting(f"{c.passenger}, {c.travel.value} class{trio}: no one else may gain it before your next turn",
                   f"{c.passenger}{trio}: no one else may gain it before your next turn")


def explain(state: AirAllianceState, seat: int, actions: list[Action]) -> list[Action]:
    """The same actions with `detail` filled in; only menus need it, so the rules never pay for the words."""
    return [replace(action, detail=clip(detail(state, seat, action))) for action in actions]


def detail(state: AirAllianceState, seat: int, action: Action) -> str:
    kind, args = action.kind, action.args
    if kind == "icon":
        return icon_detail(state, seat, int(args[0]), int(args[1]))
    if kind in ("reserve", "claim"):
        return reserve_detail(state.data, str(args[0]))
    if kind == "plane":
        return plane_detail(state, seat, str(args[0]))
    if kind == "npa":
        colour, origin = str(args[0]), str(args[1])
        return origin_detail(state, seat, colour, origin, npa_destinations(state, colour, origin))
    if kind == "land":
        return land_detail(state, seat, str(args[0]))
    if kind == "airport":
        return runway_words(state, str(args[0]))
    if kind == "swap":
        return swap_detail(state, int(args[0]), int(args[1]))
    if kind == "ally":
        return formation_detail(state, seat, Formation(tuple(str(args[0]).split("+")), int(args[1])))
    if kind == "place":
        return place_detail(state.data, str(args[0]), int(args[1]))
    if kind == "gain":
        return gain_detail(state, seat, str(args[0]))
    if kind == "stop" and state.extra_marker:
        return "End your turn now"  # the extra marker comes after lost baggage and flight control
    return FIXED.get(kind, "")


FIXED = {
    "back": "Nothing has moved yet",
    "flush": "Its cards go to your score pile, still scored; the printed icons show again",
    "wait": "After another player's phase 1 you may reserve a card no one has reserved",
    "stop": "Go on to lost baggage and flight control",
    "refresh": "Cards with a reservation marker stay; the others are discarded and new ones drawn up to 6",
    "keep": "Go on with these cards",
    "done": "Go on with your turn",
    "no_alliance": "Keep your boarding pass as it is and go on to your markers",
    "keep_waiting": "Your marker stays on the logo until your next turn",
    "leave": "Keeps your code sharing icons as they are; a later flight may still carry this passenger",
}
