"""Hand-written Airships public views in the shape docs/airships-view.md documents: start, mid-game and end."""

from __future__ import annotations

import copy
from typing import Any

NO_DICE = {"white": 0, "red": 0, "black": 0}


def dice(white: int = 0, red: int = 0, black: int = 0) -> dict[str, int]:
    return {"white": white, "red": red, "black": black}


def expansion(card_id: str, name: str, department: str, era: str, cost: dict[str, int], target: int, *,
              gives_dice: dict[str, int] | None = None, imaginary: dict[str, Any] | None = None,
              exchange: dict[str, Any] | None = None, engine: dict[str, Any] | None = None,
              chips: int = 0, vp: int = 0) -> dict[str, Any]:
    """An expansion card dict, with the `gives` words the engine writes."""
    words = []
    given = gives_dice or dict(NO_DICE)
    words += [f"{n} {c}" for c, n in given.items() if n]
    if imaginary:
        words.append(f"imaginary {imaginary['colour']} {imaginary['value']}")
    if exchange:
        words.append(f"{exchange['give_count']} {exchange['give']} → {exchange['get_count']} {exchange['get']}")
    if engine:
        words.append(f"+{engine['amount']} on {'every throw' if engine['colour'] == 'any' else 'throws with ' + engine['colour']}")
    if chips:
        words.append(f"{chips} chips")
    if vp:
        words.append(f"{vp} VP")
    return {
        "id": card_id, "kind": "expansion", "name": name, "department": department, "era": era, "back": None,
        "cost": cost, "target": target, "vp": vp, "gives": ", ".join(words), "dice": given,
        "imaginary": imaginary, "exchange": exchange, "engine": engine, "chips": chips,
    }


def airship(card_id: str, name: str, back: str, cost: dict[str, int], target: int, vp: int) -> dict[str, Any]:
    return {
        "id": card_id, "kind": "airship", "name": name, "department": None, "era": None, "back": back,
        "cost": cost, "target": target, "vp": vp, "gives": "", "dice": dict(NO_DICE),
        "imaginary": None, "exchange": None, "engine": None, "chips": 0,
    }


# -- the cards the three views use ------------------------------------------------------------------

STARTER_ENGINEER = expansion("s-eng", "Apprentice Engineer", "engineers", "starter", dice(white=1), 2,
                             imaginary={"colour": "white", "value": 2})
STARTER_CAPTAIN = expansion("s-cap", "Deck Officer", "captains", "starter", dice(white=1), 2, gives_dice=dice(white=1))
STARTER_FINANCIER = expansion("s-fin", "Small Bank", "financiers", "starter", dice(white=2), 3, gives_dice=dice(white=1))
STARTER_MATERIALS = expansion("s-mat", "Cotton Fabric", "materials", "starter", dice(white=1), 2, gives_dice=dice(white=1))
STARTER_HANGAR = expansion("s-han", "Field Hangar", "hangars", "starter", dice(white=2), 3, gives_dice=dice(white=1))
STARTER_ENGINE = expansion("s-mot", "Steam Engine", "engines", "starter", dice(white=1), 2, gives_dice=dice(white=1))

ECKENER = expansion("e1-eng-2", "Hugo Eckener", "engineers", "1", dice(white=2), 7, imaginary={"colour": "red", "value": 4})
DUERR = expansion("e2-eng-1", "Ludwig Dürr", "engineers", "2", dice(red=2, black=1), 15, imaginary={"colour": "black", "value": 7})
LEHMANN = expansion("e1-cap-1", "Ernst Lehmann", "captains", "1", dice(white=2), 6, gives_dice=dice(white=1), chips=2)
PRUSS = expansion("e2-cap-3", "Max Pruss", "captains", "2", dice(white=1, red=2), 11, gives_dice=dice(black=1), chips=2)
ROTHSCHILD = expansion("e1-fin-1", "Merchant Bank", "financiers", "1", dice(white=3), 7, gives_dice=dice(white=1), vp=3)
CONSORTIUM = expansion("e2-fin-2", "Zeppelin Consortium", "financiers", "2", dice(red=2, black=1), 14,
                       gives_dice=dice(white=1, red=1, black=1))
DURALUMIN = expansion("e1-mat-1", "Duralumin", "materials", "1", dice(white=2), 5,
                      exchange={"give": "white", "give_count": 3, "get": "red", "get_count": 2})
GOLDBEATERS = expansion("e2-mat-2", "Goldbeater's Skin", "materials", "2", dice(red=2), 8,
                        exchange={"give": "red", "give_count": 2, "get": "black", "get_count": 1})
FRIEDRICHSHAFEN = expansion("e1-han-1", "Friedrichshafen", "hangars", "1", dice(white=2, red=1), 8, gives_dice=dice(red=1))
LAKEHURST = expansion("e2-han-2", "Lakehurst Hangar No. 1", "hangars", "2", dice(red=1, black=1), 10, gives_dice=dice(black=1))
MAYBACH = expansion("e1-mot-1", "Maybach C-X", "engines", "1", dice(white=2, red=1), 9, engine={"colour": "red", "amount": 1})
DAIMLER = expansion("e2-mot-2", "Daimler-Benz LOF-6", "engines", "2", dice(red=2, black=2), 20, engine={"colour": "any", "amount": 2})

LZ4 = airship("a-light-1", "LZ 4", "light", dice(white=2, red=1), 9, 2)
SCHWABEN = airship("a-light-2", "LZ 10 Schwaben", "light", dice(white=3), 8, 2)
NORGE = airship("a-light-3", "N-1 Norge", "light", dice(red=2), 8, 3)
PARSEVAL = airship("a-light-4", "Parseval PL 25", "light", dice(white=1, red=1), 7, 2)
BODENSEE = airship("a-medium-1", "LZ 120 Bodensee", "medium", dice(red=2, black=1), 14, 5)
R100 = airship("a-medium-2", "R100", "medium", dice(white=2, black=1), 12, 4)
AKRON = airship("a-dark-1", "USS Akron ZRS-4", "dark", dice(red=2, black=2), 22, 8)
GRAF_ZEPPELIN = airship("a-dark-2", "LZ 127 Graf Zeppelin", "dark", dice(red=1, black=3), 24, 9)

PHASES = [
    {"number": 1, "name": "Frame", "cost": dice(red=2, black=1), "target": 16, "vp_low": 3, "vp_high": 6},
    {"number": 2, "name": "Gas cells", "cost": dice(red=3), "target": 13, "vp_low": 3, "vp_high": 6},
    {"number": 3, "name": "Engines", "cost": dice(red=1, black=2), "target": 18, "vp_low": 4, "vp_high": 8},
    {"number": 4, "name": "Passenger decks", "cost": dice(black=3), "target": 22, "vp_low": 5, "vp_high": 10},
]
NATIONS = ["USA", "Germany", "Italy", "France"]


def phase_card(number: int) -> dict[str, Any]:
    """A Hindenburg phase as a card dict (what `chosen` and `last_throw.card` hold for a phase)."""
    phase = PHASES[number - 1]
    return {
        "id": f"hindenburg-{number}", "kind": "hindenburg", "name": phase["name"], "department": None, "era": None,
        "back": None, "cost": phase["cost"], "target": phase["target"], "vp": phase["vp_low"], "gives": "",
        "dice": dict(NO_DICE), "imaginary": None, "exchange": None, "engine": None, "chips": 0, "number": number,
    }


def hindenburg(open_: bool, owners: dict[int, int]) -> dict[str, Any]:
    phases = [dict(phase, id=f"hindenburg-{phase['number']}", owner=owners.get(phase["number"])) for phase in PHASES]
    return {"open": open_, "complete": len(owners) == len(PHASES), "phases": phases}


def company(seat: int, *, era: int, departments: dict[str, Any], airships: list[dict[str, Any]], phases: list[int],
            chips: int, dice_: dict[str, int], imaginary: list[dict[str, Any]], vp: int) -> dict[str, Any]:
    full = {d: departments.get(d) for d in ("engineers", "captains", "financiers", "materials", "hangars", "engines")}
    materials, engines = full["materials"], full["engines"]
    return {
        "seat": seat, "nation": NATIONS[seat],
        "entrepreneur": {"side": era, "dice": dice(white=1, red=1) if era == 2 else dice(white=1)},
        "departments": full, "airships": airships, "phases": phases, "chips": chips, "chips_in_supply": 6 - chips,
        "dice": dice_, "imaginary": imaginary,
        "exchange": materials["exchange"] if materials else None, "engine": engines["engine"] if engines else None,
        "vp": vp, "airships_built": len(airships) + len(phases),
    }


def _start() -> dict[str, Any]:
    """Move 0 of a 4-player game: starters dealt, six cards on display, light airships on top."""
    starters = [STARTER_ENGINEER, STARTER_FINANCIER, STARTER_HANGAR, STARTER_ENGINE]
    companies = [
        company(seat, era=1, departments={card["department"]: card}, airships=[], phases=[], chips=3 if seat == 0 else 4,
                dice_=dice(white=1) if card["department"] == "engineers" else dice(white=2),
                imaginary=[card["imaginary"]] if card["imaginary"] else [], vp=0)
        for seat, card in enumerate(starters)
    ]
    return {
        "game": "airships", "title": "Airships", "version": 0, "players": 4, "era": 1,
        "seat_names": ["Ada", "Bruno", "Chiara", "Delphine"],
        "current": 0, "step": "choose_card", "decision": "choose a card to throw for", "to_act": [0], "chosen": None,
        "revealed": None, "throwable": ["s-cap", "s-mat"],
        "pile": {"left": 39, "next": "era 1"},
        "display": {
            "engineers": [ECKENER, None, None], "captains": [STARTER_CAPTAIN, LEHMANN, None],
            "financiers": [ROTHSCHILD, None, None], "materials": [STARTER_MATERIALS, None, None],
            "hangars": [FRIEDRICHSHAFEN, None, None], "engines": [None, None, None],
        },
        "airship_fields": [{"left": 3, "top": card} for card in (LZ4, SCHWABEN, NORGE, PARSEVAL)],
        "hindenburg": hindenburg(False, {}),
        "wooden_airship": None,
        "companies": companies,
        "last_throw": None,
        "events": ["Ada turns over Hugo Eckener (Engineers)."],  # the first go's card, turned over at setup
        "outcome": None,
    }


def _mid() -> dict[str, Any]:
    """Era 2 of a 3-player game: one airship pile gone, Hindenburg phase 2 built, a throw just made."""
    companies = [
        company(0, era=2, departments={"engineers": ECKENER, "captains": LEHMANN, "financiers": ROTHSCHILD,
                                       "materials": DURALUMIN, "engines": MAYBACH},
                airships=[SCHWABEN, BODENSEE], phases=[2], chips=2, dice_=dice(white=4, red=2),
                imaginary=[{"colour": "red", "value": 4}], vp=15),
        company(1, era=2, departments={"engineers": STARTER_ENGINEER, "hangars": FRIEDRICHSHAFEN, "financiers": CONSORTIUM},
                airships=[LZ4], phases=[], chips=5, dice_=dice(white=2, red=3, black=1),
                imaginary=[{"colour": "white", "value": 2}], vp=2),
        company(2, era=2, departments={"captains": PRUSS, "hangars": LAKEHURST, "materials": GOLDBEATERS,
                                       "engines": DAIMLER, "financiers": STARTER_FINANCIER},
                airships=[NORGE], phases=[], chips=0, dice_=dice(white=2, red=3, black=2), imaginary=[], vp=3),
    ]
    return {
        "game": "airships", "title": "Airships", "version": 57, "players": 3, "era": 2,
        "seat_names": ["Ada", "Bartholomew Featherstonehaugh-Smythe", "Chiara"],
        "current": 1, "step": "choose_card", "decision": "choose a card to throw for", "to_act": [1], "chosen": None,
        "revealed": DUERR,  # the events say so: turned over at the start of this go
        "throwable": ["e1-cap-1", "e2-fin-2", "e2-mat-2", "e1-han-1", "e2-han-2", "a-medium-2", "hindenburg-1"],
        "pile": {"left": 14, "next": "era 2"},
        "display": {
            "engineers": [DUERR, None, None], "captains": [PRUSS, LEHMANN, None],
            "financiers": [CONSORTIUM, ROTHSCHILD, None], "materials": [GOLDBEATERS, None, None],
            "hangars": [FRIEDRICHSHAFEN, LAKEHURST, STARTER_HANGAR], "engines": [MAYBACH, DAIMLER, None],
        },
        "airship_fields": [{"left": 1, "top": R100}, {"left": 0, "top": None}, {"left": 2, "top": AKRON},
                           {"left": 1, "top": GRAF_ZEPPELIN}],
        "hindenburg": hindenburg(True, {2: 0}),
        "wooden_airship": 0,
        "companies": companies,
        "last_throw": {
            "seat": 0, "card": phase_card(2),
            "exchange": "3 white → 2 red",
            "rolled": {"white": [3], "red": [5, 4, 2], "black": []},
            "kept": [{"colour": "red", "value": 5, "imaginary": False}, {"colour": "red", "value": 4, "imaginary": False},
                     {"colour": "red", "value": 4, "imaginary": True}],
            "dice_total": 13,
            "bonuses": [],
            "total": 13, "target": 13, "success": True,
        },
        "events": [
            "Ada throws for Hindenburg phase 2 (Gas cells) (exchanging 3 white → 2 red): white 3, red 5 4 2 "
            "(the best 2 count); imaginary red 4 → kept 5+4+4 = 13 vs 13: success!",
            "Ada builds Hindenburg phase 2 (Gas cells) and takes the wooden airship.",
            "Ada ends the turn.",
            "Bartholomew Featherstonehaugh-Smythe turns over Ludwig Dürr (Engineers).",
        ],
        "outcome": None,
    }


def _end() -> dict[str, Any]:
    """A finished 2-player game: the Hindenburg completed, so the high phase values count."""
    companies = [
        company(0, era=2, departments={"engineers": DUERR, "captains": PRUSS, "financiers": ROTHSCHILD,
                                       "materials": GOLDBEATERS, "hangars": LAKEHURST, "engines": DAIMLER},
                airships=[SCHWABEN, BODENSEE, GRAF_ZEPPELIN], phases=[1, 4], chips=1, dice_=dice(white=3, red=3, black=3),
                imaginary=[{"colour": "black", "value": 7}], vp=35),
        company(1, era=2, departments={"engineers": ECKENER, "captains": LEHMANN, "financiers": CONSORTIUM,
                                       "materials": DURALUMIN, "hangars": FRIEDRICHSHAFEN, "engines": MAYBACH},
                airships=[LZ4, NORGE, R100, AKRON], phases=[2, 3], chips=4, dice_=dice(white=5, red=3, black=1),
                imaginary=[{"colour": "red", "value": 4}], vp=31),
    ]
    return {
        "game": "airships", "title": "Airships", "version": 143, "players": 2, "era": 2,
        "seat_names": ["Ada", "Bruno"],
        "current": None, "step": "game_over", "decision": "nothing: the game is over", "to_act": [], "chosen": None,
        "revealed": None, "throwable": [],
        "pile": {"left": 0, "next": None},
        "display": {
            "engineers": [None, None, None], "captains": [None, None, None], "financiers": [None, None, None],
            "materials": [None, None, None], "hangars": [STARTER_HANGAR, None, None], "engines": [None, None, None],
        },
        "airship_fields": [{"left": 1, "top": PARSEVAL}, {"left": 0, "top": None}, {"left": 1, "top": LZ4 | {"id": "a-medium-9", "name": "Dixmude", "back": "medium"}},
                           {"left": 0, "top": None}],
        "hindenburg": hindenburg(True, {1: 0, 2: 1, 3: 1, 4: 0}),
        "wooden_airship": 0,
        "companies": companies,
        "last_throw": {
            "seat": 0, "card": phase_card(4),
            "exchange": None,
            "rolled": {"white": [], "red": [], "black": [8, 6, 4]},
            "kept": [{"colour": "black", "value": 8, "imaginary": False}, {"colour": "black", "value": 6, "imaginary": False},
                     {"colour": "black", "value": 4, "imaginary": False}],
            "dice_total": 18,
            "bonuses": [{"source": "bonus chip", "amount": 1}, {"source": "wooden airship", "amount": 1},
                        {"source": "engine", "amount": 2}],
            "total": 22, "target": 22, "success": True,
        },
        "events": [
            "Ada throws for Hindenburg phase 4 (Passenger decks): black 8 6 4 → kept 8+6+4 = 18 +1 bonus chip "
            "+1 wooden airship +2 engine = 22 vs 22: success!",
            "Ada builds Hindenburg phase 4 (Passenger decks) and takes the wooden airship. The Hindenburg is complete!",
            "The game is over.",
        ],
        "outcome": {"scores": [35, 31], "ranking": [[0], [1]], "tiebreak": [5, 6], "winners": [0],
                    "reason": "finished", "details": "The Hindenburg is complete.",
                    "tiebreak_words": ["airship built", "airships built"], "unit": "VP"},
    }


def start_view() -> dict[str, Any]:
    return copy.deepcopy(_START)


def mid_view() -> dict[str, Any]:
    return copy.deepcopy(_MID)


def end_view() -> dict[str, Any]:
    return copy.deepcopy(_END)


def with_points(view: dict[str, Any]) -> dict[str, Any]:
    """The common part every view has: each seat's VP as its points."""
    return view | {"points": [c["vp"] for c in view["companies"]], "points_unit": "VP"}


_START, _MID, _END = with_points(_start()), with_points(_mid()), with_points(_end())
