"""Hand-written 1930 public views in the engine's shape: a start, a mid-game table, an end, at 2 to 6 players."""

from __future__ import annotations

import copy
from typing import Any

COLOURS = ("white", "yellow", "green", "brown", "gray")
PLAYER_AIRLINES = {2: 5, 3: 6, 4: 8, 5: 9, 6: 10}  # the rulebook's Setup table: airlines in the game
START_TOKENS = {2: 3, 3: 3, 4: 3, 5: 4, 6: 4}
FIRST_ROUND_MONEY = (20, 21, 22, 23, 24, 25)
FIRST_ROUND_ORDER = [0, 2, 1, 3, 4, 5]  # seats by First Round Turn Order card: Chen buys second
NAMES = ["Alice", "Bartholomew", "Chen", "Dolores", "Eve", "Fitzgerald"]
LONG_NAMES = ["Bartholomew Featherstonehaugh-Smythe", "Maximiliana Wolkenstein-Oberhausen",
              "Christopher Alexander Montgomery III", "Anastasia Konstantinopoulou-Papadakis",
              "Wolfgang Amadeus Theophilus Mozart", "Guinevere Pendragon-Llewellyn"]

# key, name, region, x, y, values, spots, bonus, penalty, the fewest players whose board shows it
CITIES: tuple[tuple[str, str, str, float, float, dict[str, int], int, int, int, int], ...] = (
    ("seattle", "Seattle", "USA", 0.16, 0.236, {"white": 4, "yellow": 6, "green": 9, "brown": 12}, 4, 2, 2, 2),
    ("san_francisco", "San Francisco", "USA", 0.16, 0.29, {"white": 5, "yellow": 7}, 4, 2, 1, 2),
    ("los_angeles", "Los Angeles", "USA", 0.172, 0.311, {"white": 6, "yellow": 9, "green": 12, "brown": 16}, 4, 2, 2, 2),
    ("denver", "Denver", "USA", 0.208, 0.279, {"white": 4, "yellow": 6}, 3, 2, 1, 2),
    ("dallas", "Dallas", "USA", 0.231, 0.318, {"white": 4, "yellow": 6}, 3, 2, 1, 2),
    ("chicago", "Chicago", "USA", 0.257, 0.267, {"white": 7, "yellow": 10, "green": 13, "brown": 17}, 4, 3, 2, 2),
    ("detroit", "Detroit", "USA", 0.269, 0.265, {"white": 4, "yellow": 6}, 3, 2, 1, 2),
    ("atlanta", "Atlanta", "USA", 0.266, 0.312, {"white": 4, "yellow": 6}, 3, 2, 1, 2),
    ("miami", "Miami", "USA", 0.277, 0.357, {"white": 4, "yellow": 6}, 3, 2, 1, 2),
    ("washington", "Washington", "USA", 0.286, 0.284, {"white": 5, "yellow": 7}, 3, 2, 1, 2),
    ("new_york", "New York", "USA", 0.294, 0.274,
     {"white": 8, "yellow": 11, "green": 14, "brown": 18, "gray": 24}, 5, 3, 3, 2),
    ("boston", "Boston", "USA", 0.303, 0.265, {"white": 4, "yellow": 6}, 3, 2, 1, 2),
    ("winnipeg", "Winnipeg", "Canada", 0.23, 0.223, {"yellow": 7, "green": 9, "brown": 12}, 3, 2, 1, 2),
    ("toronto", "Toronto", "Canada", 0.28, 0.258, {"yellow": 8, "green": 11, "brown": 14}, 3, 2, 1, 2),
    ("minneapolis", "Minneapolis", "USA", 0.241, 0.25, {"white": 4, "yellow": 6}, 3, 2, 1, 4),
    ("philadelphia", "Philadelphia", "USA", 0.291, 0.278, {"white": 5, "yellow": 7}, 4, 2, 2, 4),
    ("houston", "Houston", "USA", 0.235, 0.335, {"white": 4, "yellow": 6}, 3, 2, 1, 4),
    ("st_louis", "St. Louis", "USA", 0.249, 0.285, {"white": 4, "yellow": 6}, 3, 2, 1, 4),
    ("phoenix", "Phoenix", "USA", 0.189, 0.314, {"white": 4, "yellow": 6}, 3, 2, 1, 4),
    ("new_orleans", "New Orleans", "USA", 0.25, 0.334, {"white": 3}, 3, 1, 1, 4),
    ("kansas_city", "Kansas City", "USA", 0.237, 0.283, {"white": 3}, 2, 1, 1, 4),
    ("pittsburgh", "Pittsburgh", "USA", 0.278, 0.275, {"white": 3}, 2, 1, 1, 4),
    ("portland", "Portland", "USA", 0.159, 0.247, {"white": 3}, 2, 1, 1, 4),
    ("montreal", "Montreal", "Canada", 0.296, 0.247, {"yellow": 8, "green": 11}, 3, 2, 1, 4),
    ("vancouver", "Vancouver", "Canada", 0.158, 0.226, {"yellow": 7}, 2, 2, 1, 4),
    ("mexico_city", "Mexico City", "South America", 0.225, 0.392, {"green": 13, "brown": 17}, 3, 3, 2, 2),
    ("havana", "Havana", "South America", 0.271, 0.372, {"green": 12}, 2, 2, 1, 2),
    ("santiago", "Santiago", "South America", 0.304, 0.686, {"green": 13, "brown": 17}, 2, 2, 1, 2),
    ("rio_de_janeiro", "Rio de Janeiro", "South America", 0.38, 0.627,
     {"green": 15, "brown": 19, "gray": 25}, 3, 3, 2, 3),
    ("buenos_aires", "Buenos Aires", "South America", 0.338, 0.692, {"green": 14, "brown": 18}, 2, 2, 1, 5),
    ("london", "London", "Europe", 0.5, 0.214, {"brown": 19, "gray": 25}, 3, 3, 2, 2),
    ("paris", "Paris", "Europe", 0.507, 0.229, {"brown": 18}, 3, 3, 2, 3),
    ("berlin", "Berlin", "Europe", 0.537, 0.208, {"brown": 17}, 2, 2, 1, 5),
    ("honolulu", "Honolulu", "Pacific", 0.061, 0.382, {"brown": 16}, 2, 2, 1, 2),
    ("hong_kong", "Hong Kong", "Pacific", 0.817, 0.376, {"brown": 18, "gray": 24}, 3, 3, 2, 3),
    ("tokyo", "Tokyo", "Pacific", 0.888, 0.302, {"brown": 17}, 2, 2, 1, 5),
    ("cairo", "Cairo", "Global", 0.587, 0.333, {"gray": 27}, 2, 3, 2, 6),
    ("bombay", "Bombay", "Global", 0.702, 0.394, {"gray": 28}, 2, 3, 2, 6),
    ("singapore", "Singapore", "Global", 0.788, 0.493, {"gray": 27}, 2, 3, 2, 6),
)
AIRLINES = (
    ("green", (46, 139, 87), "seattle"), ("orange", (240, 128, 20), "dallas"), ("blue", (40, 90, 200), "boston"),
    ("yellow", (235, 200, 30), "atlanta"), ("pink", (235, 120, 175), "denver"), ("brown", (130, 85, 45), "detroit"),
    ("red", (200, 35, 40), "minneapolis"), ("purple", (120, 60, 170), "st_louis"), ("black", (35, 35, 35), "houston"),
    ("teal", (0, 140, 140), "phoenix"),
)
MARKET = ((1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 2), (7, 2), (8, 2), (9, 3), (10, 3), (11, 3), (12, 3), (14, 4),
          (16, 4), (18, 5), (20, 6), (22, 6), (25, 7), (28, 8), (31, 9), (34, 10), (38, 11), (42, 12), (46, 13),
          (50, 14), (55, 15), (60, 17), (66, 18), (72, 20))
TECH = ("white", "yellow", "yellow", "green", "green", "brown", "brown", "gray")
DIVIDENDS = ((0, 0), (5, 1), (10, 2), (18, 3), (26, 4), (36, 5), (46, 6), (58, 7), (70, 8), (84, 9), (100, 10))


def dividend(income: int) -> int:
    return max(paid for least, paid in DIVIDENDS if least <= income)


# -- building blocks -----------------------------------------------------------------------------------
def city_entry(entry: tuple[str, str, str, float, float, dict[str, int], int, int, int, int]) -> dict[str, Any]:
    key, name, region, x, y, values, spots, bonus, penalty, _ = entry
    colour = "white" if region == "USA" else None
    hub_allowed = region in ("USA", "Canada")
    city = {"key": key, "name": name, "region": region, "x": x, "y": y, "colour": colour, "value": 0, "spots": spots,
            "bonus": bonus, "penalty": penalty, "gates": [], "hub": None, "hub_allowed": hub_allowed,
            "values": dict(values), "tiles_left": []}
    set_colour(city, colour)
    return city


def set_colour(city: dict[str, Any], colour: str | None) -> None:
    """A tile on the city (None: not in play); the tiles left are the colours above it, as the engine says."""
    city["colour"] = colour
    city["value"] = city["values"][colour] if colour else 0
    rank = COLOURS.index(colour) if colour else -1
    city["tiles_left"] = [c for c in city["values"] if COLOURS.index(c) > rank]


def airline_entry(key: str, rgb: tuple[int, int, int], home: str) -> dict[str, Any]:
    return {"key": key, "name": f"{key.capitalize()} Airline", "rgb": list(rgb), "home": home, "founded": False,
            "bankrupt": False, "price": None, "price_box": 0, "action_cost": None, "purchased": False,
            "flown": False, "advanced": False, "tech_box": 1, "tech_colour": "white", "income": 6, "dividend": 1,
            "pool": 3, "unreleased": 3, "gates_available": 5, "gates_reserve": 6, "hubs_available": 0, "ceo": None}


def start_view(players: int = 4) -> dict[str, Any]:
    """The First Stock Round's first decision: every airline on its home city, none founded."""
    airlines = [airline_entry(*a) for a in AIRLINES[:PLAYER_AIRLINES[players]]]
    cities = [city_entry(c) for c in CITIES if c[9] <= players]
    by_key = {c["key"]: c for c in cities}
    for airline in airlines:
        by_key[airline["home"]]["gates"].append(airline["key"])
        airline["pool"] = START_TOKENS[players]
    money = FIRST_ROUND_MONEY[:players]
    return {
        "game": "1930", "players": players, "turn": 1, "turns": 6, "phase": "first stock round", "step": "airline",
        "operating_round": None, "current": 0, "first_player": 0, "decision": "found an airline (two tokens)",
        "last": "", "airlines": airlines, "cities": cities,
        "market": [{"price": p, "action_cost": a} for p, a in MARKET],
        "tech": [{"box": i + 1, "colour": c} for i, c in enumerate(TECH)],
        "seats": [{"seat": s, "money": money[s], "tokens": {}, "used": {}, "contracts": 5, "worth": money[s]}
                  for s in range(players)],
        "contracts_played": [], "bank": 6625, "points": list(money), "points_unit": "dollars", "winners": [],
        "events": [], "news": [], "own_news": [], "seat_names": NAMES[:players],
        "turn_order": FIRST_ROUND_ORDER[:players] if players > 2 else [0, 1],  # the cards' order in turn 1
    }


def found(view: dict[str, Any], key: str, box: int, ceo: int | None, **fields: Any) -> dict[str, Any]:
    airline = next(a for a in view["airlines"] if a["key"] == key)
    price, cost = MARKET[box]
    airline.update(founded=True, price_box=box, price=price, action_cost=cost, ceo=ceo, **fields)
    return airline


def gate(view: dict[str, Any], city_key: str, *keys: str) -> dict[str, Any]:
    city = next(c for c in view["cities"] if c["key"] == city_key)
    city["gates"].extend(k for k in keys if k not in city["gates"])
    return city


def with_income(view: dict[str, Any]) -> None:
    """Each airline's income as the map gives it (a gate's spot value, a hub's city value) and its dividend."""
    for airline in view["airlines"]:
        income = 0
        for city in view["cities"]:
            if airline["key"] in city["gates"]:
                spot = city["gates"].index(airline["key"])
                income += city["value"] + (city["bonus"] if spot == 0 else -city["penalty"]
                                           if spot == city["spots"] - 1 else 0)
            if city["hub"] == airline["key"]:
                income += city["value"]
        airline.update(income=income, dividend=dividend(income))


def with_worth(view: dict[str, Any]) -> None:
    prices = {a["key"]: a["price"] or 0 for a in view["airlines"] if not a["bankrupt"]}
    for seat in view["seats"]:
        seat["worth"] = seat["money"] + sum(prices.get(k, 0) * n for k, n in seat["tokens"].items())
    view["points"] = [s["worth"] for s in view["seats"]]


# -- the views the tests draw -----------------------------------------------------------------------
def sample_view(players: int = 4) -> dict[str, Any]:
    """Turn 3, operating round 2: gates spread over the USA, a few tiles, a hub, flags up, tokens used."""
    view = start_view(players)
    view.update(turn=3, phase="operation phase", step="airline", operating_round=2, current=1 % players,
                first_player=0, decision="use a stock token", last="green:expand", turn_order=list(range(players)))
    keys = [a["key"] for a in view["airlines"]]
    found(view, "green", 13, 0, tech_box=4, tech_colour="green", flown=True, pool=1, gates_available=2,
          hubs_available=0)
    found(view, "orange", 9, 1 % players, tech_box=2, tech_colour="yellow", advanced=True, pool=0, unreleased=2)
    found(view, "blue", 6, None, tech_box=3, tech_colour="yellow", purchased=True)
    found(view, "yellow", 6, 2 % players, purchased=True)
    found(view, "pink", 2, 0)
    gate(view, "seattle", "orange")
    gate(view, "chicago", "green", "blue", "orange")
    gate(view, "new_york", "blue", "green")
    gate(view, "los_angeles", "orange", "pink")
    gate(view, "toronto", "green")
    gate(view, "mexico_city", "green")
    for key, colour in (("chicago", "green"), ("los_angeles", "yellow"), ("toronto", "yellow"),
                        ("mexico_city", "green")):
        set_colour(next(c for c in view["cities"] if c["key"] == key), colour)
    next(c for c in view["cities"] if c["key"] == "chicago")["hub"] = "green"
    tokens = [{"green": 2, "orange": 1, "pink": 2}, {"orange": 2, "blue": 2, "green": 1}, {"yellow": 2, "blue": 1},
              {"green": 1, "yellow": 1}, {"orange": 1}, {"pink": 1}]
    used = [{"green": 1, "pink": 1}, {"orange": 1}, {"yellow": 1}, {}, {}, {}]
    for seat in view["seats"]:
        n = seat["seat"]
        seat.update(money=[14, 9, 23, 17, 30, 12][n], contracts=[4, 5, 3, 5, 4, 5][n],
                    tokens={k: v for k, v in tokens[n].items() if k in keys}, used=used[n])
    view["contracts_played"] = ["$1: Atlanta", "$2: Chicago + New York"]
    # the events as the services word them for the board, the players' names in; after a move with events they are
    # its news too, both the last action's own (green:expand)
    view["events"] = ["Alice (Green Airline) opens a gate in New York.", "Alice (Green Airline) opens a gate in Chicago."]
    view["news"], view["own_news"] = view["events"], [0, 1]
    with_income(view)
    with_worth(view)
    return view


def over_view(players: int = 4) -> dict[str, Any]:
    """After the final flight: the game is over, seat 1 has won."""
    view = sample_view(players)
    view.update(turn=6, phase="over", step="airline", operating_round=None, current=None,
                decision="nothing: the game is over", last="blue:contract")
    for seat in view["seats"]:
        seat.update(money=seat["money"] + 60 + 25 * (seat["seat"] == 1), used={})
    view["events"] = ["Chen plays no more contracts.", "The final flight: every airline pays a full dividend.",
                      "Green Airline pays a final full dividend of $6 a token: Alice $12, Bartholomew $6."]
    view["news"], view["own_news"] = view["events"], []
    with_worth(view)
    winner = max(view["seats"], key=lambda s: s["worth"])
    view["winners"] = [winner["seat"]]
    view["headline"] = f"{view['seat_names'][winner['seat']]} wins with ${winner['worth']}"  # as the services write it
    return view


def full_city_view(players: int = 4) -> dict[str, Any]:
    """New York with every one of its five spots taken and its hub built; Kansas City's two spots taken."""
    view = sample_view(players)
    keys = [a["key"] for a in view["airlines"]]
    city = next(c for c in view["cities"] if c["key"] == "new_york")
    city["gates"] = keys[:5]
    city["hub"] = keys[1]
    if players >= 4:
        gate(view, "kansas_city", keys[3], keys[4])
    with_income(view)
    return view


def bankrupt_view(players: int = 4) -> dict[str, Any]:
    """Pink went bankrupt at the end of turn 2: off the market, its gates gone, its tokens out of the game."""
    view = sample_view(players)
    pink = next(a for a in view["airlines"] if a["key"] == "pink")
    pink.update(bankrupt=True, price_box=0, price=1, action_cost=1, ceo=None, pool=0)
    for city in view["cities"]:
        city["gates"] = [g for g in city["gates"] if g != "pink"]
    for seat in view["seats"]:
        seat["tokens"].pop("pink", None)
        seat["used"].pop("pink", None)
    view["events"] = ["Pink Airline goes bankrupt: its tokens, gates and hubs leave the game."]
    with_income(view)
    with_worth(view)
    return view


def with_names(view: dict[str, Any], names: list[str]) -> dict[str, Any]:
    view = copy.deepcopy(view)
    view["seat_names"] = names[:view["players"]]
    for winner in view["winners"][:1]:  # the services name the winner in the final headline
        view["headline"] = f"{view['seat_names'][winner]} wins with ${view['seats'][winner]['worth']}"
    return view
