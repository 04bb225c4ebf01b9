"""Hand-written Air Alliance public views in the shape the shared design fixes: a mid-game table, a start, an end."""

from __future__ import annotations

import copy
from typing import Any

AREAS = ("A", "E", "M", "U")
PLAYER_COLOURS = ("red", "yellow", "green", "blue")
NAMES = {  # as the components file names them
    "A1": "Tokyo", "A2": "Hong Kong", "A3": "Singapore", "A4": "Seoul", "A5": "Himalaya", "A6": "Oceania",
    "E1": "London", "E2": "Rome", "E3": "Cannes", "E4": "Scandinavia", "E5": "Danube", "E6": "Siberia",
    "M1": "Istanbul", "M2": "Cape Town", "M3": "Nile", "M4": "Arabia", "M5": "Savannah", "M6": "Casablanca",
    "U1": "New York", "U2": "Polynesia", "U3": "Caribbean", "U4": "Rocky", "U5": "Mexico", "U6": "Brazil",
}
SILHOUETTES = {  # V airports: each starred NPA's own, a second NPA, and the players' special airports
    "A4": ["red", "white"], "A5": ["purple", "white"], "A6": ["black", "white"], "E4": ["black", "blue"],
    "E5": ["white"], "E6": ["purple"], "M4": ["black", "white"], "M5": ["black", "yellow"],
    "M6": ["black", "purple"], "U4": ["black", "purple"], "U5": ["purple", "white"], "U6": ["green", "purple"],
}
SPECIAL = {"red": "A4", "yellow": "M5", "green": "U6", "blue": "E4"}
NPA_START = {"black": ("M4", "M5", "M6", "E4"), "white": ("A4", "A5", "A6", "E5"), "purple": ("U4", "U5", "U6", "E6")}
SHAPES = {1: "Y", 2: "reverse Y", 3: "reverse Y", 4: "V", 5: "V", 6: "V"}


# -- icons and cards ---------------------------------------------------------------------------------
def area(areas: str) -> dict[str, Any]:
    letters = list("AEMU") if areas == "ALL" else list(areas)
    return {"kind": "area", "label": f"{areas} 1-2-3", "colour": None, "areas": letters, "npa": []}


def special(colour: str) -> dict[str, Any]:
    return {"kind": "special", "label": f"Special landing: {colour}", "colour": colour, "areas": [], "npa": []}


def priority() -> dict[str, Any]:
    return {"kind": "priority", "label": "Priority takeoff", "colour": None, "areas": [], "npa": []}


def code(*npa: str) -> dict[str, Any]:
    return {"kind": "code_sharing", "label": f"Code sharing: {'/'.join(npa)}", "colour": None, "areas": [],
            "npa": list(npa)}


def card(card_id: str, passenger: str, departure: str, arrival: str, miles: int, icons: list[dict[str, Any]], *,
         first: bool = False, trio: str | None = None) -> dict[str, Any]:
    return {"id": card_id, "passenger": passenger, "departure": departure, "arrival": arrival,
            "departure_name": NAMES[departure], "arrival_name": NAMES[arrival], "miles": miles,
            "travel": "first" if first else "economy", "trio": trio, "icons": icons}


BOARD_GAMER = card("p07", "Board Gamer", "U2", "E3", 4000, [area("EU"), priority(), code("black")],
                   trio="Enthusiast Trio")
HOLLYWOOD = card("p19", "Hollywood Star", "E3", "A1", 6000, [area("AE"), special("red"), code("white")],
                 first=True, trio="Actor Trio")
MI6 = card("p31", "Secret Agent (MI6)", "U2", "A1", 9000, [area("ALL"), priority(), code("black", "white")],
           first=True, trio="Spy Trio")
CLAIM = [
    card("p12", "Folklorist", "M2", "M6", 5000, [area("M"), special("yellow"), code("black")], trio="Scholar Trio"),
    card("p44", "Honeymooners", "E1", "U3", 3000, [area("EU"), priority(), code("purple")]),
    card("p23", "Secret Agent (KGB)", "E6", "A5", 11000, [area("AE"), special("blue"), code("purple", "white")],
         first=True, trio="Spy Trio"),
    card("p51", "Backpacker", "A2", "A3", 2000, [area("A"), priority(), code("white")]),
    card("p38", "Volleyball Player", "U5", "M1", 8000, [area("MU"), special("green"), code("purple", "black")],
         trio="Ball Game Trio"),
    card("p05", "Business Traveller", "M3", "E2", 4000, [area("ALL"), priority(), code("black")], first=True),
]
PRINTED = {  # each pass's three printed slots; the code-sharing icons are black, white, purple: no alliance at start
    colour: [[area("ALL"), special(colour), code("black")], [area(pair), priority(), code("white")],
             [area(single), special(colour), code("purple")]]
    for colour, pair, single in (("red", "AE", "A"), ("yellow", "EM", "E"), ("green", "MU", "M"), ("blue", "AU", "U"))
}


# -- the board ----------------------------------------------------------------------------------------
def airports(planes: dict[str, list[str | None]], players: int) -> list[dict[str, Any]]:
    """All 24 airports; `planes`: the runways of those that hold planes (the others are free)."""
    found = []
    for letter in AREAS:
        for number in range(1, 7):
            code_ = f"{letter}{number}"
            shape = SHAPES[number]
            capacity = 2 if shape == "V" else 3
            special_for = next((c for c, a in SPECIAL.items() if a == code_ and c in PLAYER_COLOURS[:players]), None)
            found.append({"code": code_, "name": NAMES[code_], "area": letter, "number": number, "shape": shape,
                          "silhouettes": SILHOUETTES.get(code_, ["all"]),
                          "runways": (planes.get(code_) or [None] * capacity), "special_for": special_for})
    return found


def start_planes() -> dict[str, list[str | None]]:
    return {code_: [colour, None] for colour, codes in NPA_START.items() for code_ in codes}


def printed_pass(seat: int) -> dict[str, Any]:
    return {"seat": seat, "slots": [{"top": None, "printed": icons, "under": 0, "marker": None}
                                    for icons in PRINTED[PLAYER_COLOURS[seat]]]}


def score(seat: int, **changes: Any) -> dict[str, Any]:
    entry = {"seat": seat, "miles": 0, "cards": 0, "trios": [], "economy": 0, "supply": 5, "markers_left": 3,
             "reserved": None, "gained": []}
    return entry | changes


def start_view(players: int = 3) -> dict[str, Any]:
    """A fresh table: NPAs on their starred airports, six cards in the claim, printed boarding passes."""
    colours = list(PLAYER_COLOURS[:players])
    return {
        "game": "air-alliance", "title": "Air Alliance", "version": 0, "players": players,
        "seat_names": [c.capitalize() for c in colours], "colours": colours,
        "current": 0, "to_act": [0], "phase": "markers", "decision": "place a marker",
        "extra_turn": False, "last_round": False, "options": [],
        "airports": airports(start_planes(), players),
        "baggage_claim": [dict(c, reserved_by=None) for c in CLAIM], "off_board": [],
        "deck": 54, "discards": 0, "alliances": [[], [], [], []],
        "boarding_passes": [printed_pass(seat) for seat in range(players)],
        "scores": [score(seat) for seat in range(players)],
        "flights": [], "events": [], "winners": None,  # the setup writes no event, and no news means no headline
        "points": [0] * players, "points_unit": "miles",
    }


# The biggest news since Alice's last turn, as the service writes it into the view: her relay's second flight.
RELAY_NEWS = ("Alice flies black E3 Cannes → A1 Tokyo and gains Hollywood Star and Secret Agent (MI6) "
              "(15,000 miles)")


def sample_view() -> dict[str, Any]:
    """Mid-game, three players: Red has spent two markers, flown a relay Polynesia → Cannes → Tokyo with its
    own plane and a black NPA, and set three cards aside; Green reserved a card; Yellow allied with white."""
    view = start_view(3)
    planes = start_planes() | {
        "U2": [None, None, None], "E3": ["red", None, None], "A1": ["yellow", "black", None],
        "E2": ["green", "purple", None], "U1": ["green", "red", None], "M1": ["yellow", None, None],
        "A2": ["red", "white", "green"], "A4": ["white", "red"], "M5": ["black", "yellow"], "U6": ["purple", "green"],
        "M4": [None, None], "E5": ["black", "white"], "A3": ["yellow", None, None],
    }
    claim = [dict(c, reserved_by=None) for c in CLAIM]
    claim[2]["reserved_by"] = 2
    red_pass = printed_pass(0)
    otaku = card("p02", "Anime Otaku", "A2", "A1", 3000, [area("AE"), special("red"), code("black")],
                 trio="Enthusiast Trio")
    red_pass["slots"][0] = {"top": otaku, "printed": PRINTED["red"][0], "under": 2, "marker": 0}
    red_pass["slots"][2]["marker"] = 2
    yellow_pass = printed_pass(1)
    brewer = card("p40", "Beer Brewer", "E1", "M5", 7000, [area("EM"), priority(), code("white")], first=True,
                  trio="Cocktail Trio")
    yellow_pass["slots"][1] = {"top": brewer, "printed": PRINTED["yellow"][1], "under": 4, "marker": None}
    green_pass = printed_pass(2)
    yeti = card("p55", "Yeti", "A5", "U6", 12000, [area("MU"), special("green"), code("purple")], first=True,
                trio="Primitive Man Trio")
    green_pass["slots"][1] = {"top": yeti, "printed": PRINTED["green"][1], "under": 1, "marker": None}
    view.update({
        "version": 87, "seat_names": ["Alice", "Bartholomew", "Chen"],
        "airports": airports(planes, 3), "baggage_claim": claim, "deck": 23, "discards": 9,
        "alliances": [["yellow", "white"], [], [], []],
        "boarding_passes": [red_pass, yellow_pass, green_pass],
        "scores": [
            score(0, miles=26000, cards=6, trios=[], economy=4, supply=1, markers_left=1,
                  gained=[BOARD_GAMER, HOLLYWOOD, MI6]),
            score(1, miles=41000, cards=7, trios=["Cocktail Trio"], economy=3, supply=2),
            score(2, miles=19000, cards=4, economy=2, supply=3, markers_left=3, reserved="p23"),
        ],
        "flights": [{"from": "U2", "to": "E3", "colour": "red", "seat": 0},
                    {"from": "E3", "to": "A1", "colour": "black", "seat": 0}],
        "events": [
            "Alice flies black E3 Cannes → A1 Tokyo and gains Hollywood Star and Secret Agent (MI6) (15,000 miles); "
            "Rome → Seoul and Nile → Polynesia are drawn.",
        ],
        "headline": RELAY_NEWS,
    })
    return view


def over_view() -> dict[str, Any]:
    """The end of the sample game: the last round played, Yellow first, Red and Green sharing second."""
    view = sample_view()
    for entry, miles in zip(view["scores"], (64000, 71000, 64000)):
        entry.update(miles=miles, markers_left=0, reserved=None, gained=[])
    view["scores"][0]["trios"] = ["Spy Trio"]
    for boarding_pass in view["boarding_passes"]:
        for slot in boarding_pass["slots"]:
            slot["marker"] = None
    view["baggage_claim"][2]["reserved_by"] = None
    view.update(version=212, current=None, to_act=[], phase="over", decision="", last_round=True, deck=3,
                discards=0, flights=[], winners=[1], headline="Bartholomew wins with 71,000 miles",
                events=["Chen places Botanist on boarding pass slot 1.",
                        "The last round is over: the game ends. Miles: Alice 64,000, Bartholomew 71,000, Chen 64,000."])
    return view


def with_players(view: dict[str, Any], players: int) -> dict[str, Any]:
    """The same table for `players` seats: seats added from the printed passes, or cut."""
    view = copy.deepcopy(view)
    have = len(view["colours"])
    for seat in range(have, players):
        view["boarding_passes"].append(printed_pass(seat))
        view["scores"].append(score(seat))
        view["seat_names"].append(PLAYER_COLOURS[seat].capitalize())
    view["players"] = players
    view["colours"] = list(PLAYER_COLOURS[:players])
    for key in ("seat_names", "boarding_passes", "scores"):
        view[key] = view[key][:players]
    for airport in view["airports"]:
        airport["special_for"] = next((c for c, a in SPECIAL.items() if a == airport["code"]
                                       and c in PLAYER_COLOURS[:players]), None)
        airport["runways"] = [c if c not in PLAYER_COLOURS[players:] else None for c in airport["runways"]]
    for entry in view["baggage_claim"]:
        if entry["reserved_by"] is not None and entry["reserved_by"] >= players:
            entry["reserved_by"] = None
    view["alliances"] = [[c for c in area_ if c not in PLAYER_COLOURS[players:]] for area_ in view["alliances"]]
    return view


PHASES = ("alliance", "markers", "flight_control", "refresh", "first_turn", "waiting", "over")


def phase_view(phase: str) -> dict[str, Any]:
    """The sample table at a decision of each phase the view names."""
    if phase == "over":
        return over_view()
    view = sample_view()
    if phase == "alliance":  # Green's three top code-sharing icons are all purple: Green may ally with purple
        green_pass = view["boarding_passes"][2]
        green_pass["slots"][0]["top"] = card("p58", "Bigfoot", "U3", "U4", 7000,
                                             [area("U"), priority(), code("purple")], trio="Primitive Man Trio")
        green_pass["slots"][0]["under"] = 1
        view["scores"][0].update(markers_left=3, gained=[])
        for slot in view["boarding_passes"][0]["slots"]:
            slot["marker"] = None
        view.update(current=2, to_act=[2], phase="alliance", decision="form an alliance or not", flights=[],
                    events=["Lost baggage: Cape Town → Casablanca (5,000 miles) is discarded; Rome → Seoul is drawn."])
    elif phase == "flight_control":  # Red has spent every marker and now places the three cards gained
        view["scores"][0]["markers_left"] = 0
        view["boarding_passes"][0]["slots"][1]["marker"] = 1
        # The last marker's flight, then lost baggage by itself: the headline stays the relay's gain.
        view.update(phase="flight_control", decision="place a gained card on your boarding pass",
                    events=["Alice flies red U1 New York → A2 Hong Kong.",
                            "Lost baggage: Cape Town → Casablanca (5,000 miles) is discarded; Rome → Seoul is drawn."])
    elif phase == "refresh":  # the deck ran out: Yellow may refresh the whole claim once, in the last round
        view["scores"][0].update(markers_left=3, gained=[])
        for slot in view["boarding_passes"][0]["slots"]:
            slot["marker"] = None
        last_round = "The deck runs out: Alice shuffles the 17 discards into a new deck. The last round begins with Bartholomew."
        view.update(current=1, to_act=[1], phase="refresh", decision="refresh the baggage claim or keep it",
                    last_round=True, deck=17, discards=0, flights=[], events=[last_round, "Alice places Yeti on "
                    "boarding pass slot 2."], headline=last_round)
    elif phase == "first_turn":  # Kobe rules: the third player's first turn begins with two free priority takeoffs
        view = start_view(3)
        view.update(version=6, current=2, to_act=[2], phase="first_turn",
                    decision="take a free priority takeoff or go on", options=["kobe_first_turn"],
                    events=["Yellow lands a yellow plane from the supply on M1 Istanbul."],
                    headline="Yellow flies black M4 Arabia → M2 Cape Town.")
    elif phase == "waiting":  # Kobe rules: Yellow and Green wait for a cancellation after Red's phase 1
        view.update(options=["kobe_wait_cancellation"], to_act=[1, 2], phase="waiting",
                    decision="reserve a cancelled card or keep waiting")
    return view


def off_board_view() -> dict[str, Any]:
    """Kobe rules: reserved cards leave the claim with their marker; one left unreserved waits for phase 2."""
    view = sample_view()
    view["options"] = ["kobe_reserve_off_board"]
    view["baggage_claim"][2]["reserved_by"] = None
    view["off_board"] = [dict(CLAIM[2], reserved_by=2), dict(CLAIM[0], reserved_by=None)]
    return view
