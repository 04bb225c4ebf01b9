"""Air Alliance choices in words: what each option of a decision does and gains, for a select menu's description."""

from __future__ import annotations

from dataclasses import replace

from engine.core import MAX_LABEL, Action
from engine.rules.air_alliance import gaining, markers
from engine.rules.air_alliance.alliance import Formation, partners, top_icons
from engine.rules.air_alliance.claim import gainable, route
from engine.rules.air_alliance.data import Components, Icon, IconKind
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


def clip(text: str) -> str:
    return text if len(text) <= MAX_LABEL else text[: MAX_LABEL - 1] + "…"


def total(data: Components, cards: list[str]) -> int:
    return sum(data.cards[card].miles for card in cards)


def gains_words(data: Components, cards: list[str]) -> str:
    """'gains Polynesia → Cannes (4,000 miles)' or, for several, their routes and the sum."""
    if not cards:
        return "gains no card now"
    if len(cards) == 1:
        return f"gains {route(data, cards[0])} ({total(data, cards):,} miles)"
    return f"gains {len(cards)} cards ({total(data, cards):,} miles): {', '.join(route(data, c) for c in cards)}"


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
    """'Best: red Polynesia → Cannes gains Polynesia → Cannes (4,000 miles)'."""
    found = best_move(state, seat, moves)
    if found is None:
        return fallback
    (colour, origin, destination), cards = found
    names = f"{airport_name(state.data, origin)} → {airport_name(state.data, destination)}"
    return f"Best: {colour} {names} {gains_words(state.data, cards)}"


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
        return f"Switch two planes on one of {len(markers.priority_airports(state))} airports; not a flight"
    if icon.kind is IconKind.CODE_SHARING:
        colours = [c for c, _ in markers.npa_choices(state, seat, icon)]
        return best_words(state, seat, npa_moves(state, seat, icon), f"Flies {' or '.join(colours)}; no card at once")
    targets = landing_airports(state, seat, icon)
    where_to = where(state.data, targets[0]) if len(targets) == 1 else f"{len(targets)} airports"
    return best_words(state, seat, permit_moves(state, seat, icon), f"Lands your plane on {where_to}; no card at once")


def origin_detail(state: AirAllianceState, seat: int, colour: str, origin: str, targets: list[str]) -> str:
    if origin == SUPPLY:
        return "From the supply: no flight, so it carries no passenger"
    moves = [(colour, origin, t) for t in targets]
    return best_words(state, seat, moves, f"Can reach {len(targets)} airport{'s' if len(targets) != 1 else ''}; "
                                          "no card at once")


def plane_detail(state: AirAllianceState, seat: int, origin: str) -> str:
    colour = state.airlines[seat].colour
    targets = landing_airports(state, seat, markers.pending_icon(state, seat))
    return origin_detail(state, seat, colour, origin, [t for t in targets if open_for(state, t, colour, origin)])


def land_detail(state: AirAllianceState, seat: int, code: str) -> str:
    pending = state.pending
    assert pending is not None and pending.origin is not None
    if pending.origin == SUPPLY:
        return "From the supply: no flight, so it carries no passenger"
    words = gains_words(state.data, would_gain(state, seat, pending.origin, code))
    return words[0].upper() + words[1:]


def runway_words(state: AirAllianceState, code: str) -> str:
    planes = [colour or "free" for colour in state.board[code]]
    return f"Runways: {', '.join(planes)}"


def formation_detail(state: AirAllianceState, seat: int, formation: Formation) -> str:
    cards = sum(len(s) for s in state.airlines[seat].slots)
    npas = sorted({*partners(state, seat), *formation.npas})
    return f"Any code sharing icon then flies {'/'.join(npas)}; {cards} cards go to your score pile"


def place_detail(data: Components, card: str, slot: int) -> str:
    icons = ", ".join(icon.label for icon in data.cards[card].icons)
    return f"Slot {slot + 1} will offer: {icons}"


def gain_detail(state: AirAllianceState, seat: int, card: str) -> str:
    """What gaining costs where it is asked: the code sharing colour the card would cover at flight control."""
    stake = gaining.colours_at_stake(state, seat, card)
    if not stake:
        return f"{state.data.cards[card].passenger}: it goes on your boarding pass at flight control"
    colour, before, after = stake[0]
    return f"Covers a slot at flight control: {colour} code sharing on {after} slot{'s' if after != 1 else ''}, " \
           f"not {before}"


def reserve_detail(data: Components, card: str) -> str:
    c = data.cards[card]
    trio = f"; {c.trio}" if c.trio else ""
    return f"{c.passenger}, {c.travel.value}{trio}: no one else may gain it before your next turn"


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
        return "Changes which plane leaves first; not a flight"
    if kind == "ally":
        return formation_detail(state, seat, Formation(tuple(str(args[0]).split("+")), int(args[1])))
    if kind == "place":
        return place_detail(state.data, str(args[0]), int(args[1]))
    if kind == "gain":
        return gain_detail(state, seat, str(args[0]))
    return FIXED.get(kind, "")


FIXED = {
    "back": "Nothing has moved yet",
    "flush": "Your cards stay scored; the printed slots show again",
    "wait": "After another player's markers you may reserve a card still unmarked",
    "stop": "Go on to lost baggage and flight control",
    "refresh": "Reserved cards stay; the others are discarded and six are drawn",
    "keep": "Go on with these cards",
    "done": "Go on with your turn",
    "no_alliance": "Keep your boarding pass as it is",
    "keep_waiting": "Your marker stays on the logo until your next turn",
    "leave": "Keeps your boarding pass as it is; a later flight may still carry this passenger",
}
