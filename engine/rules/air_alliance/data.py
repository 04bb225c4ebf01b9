"""Air Alliance component data: airports, boarding passes and passenger cards, validated at load."""

from __future__ import annotations

import enum
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from engine.rules.datafile import ComponentFile, DataReader, read_toml
from engine.rules.packs import Limits

DATA_FILE = Path(__file__).with_name("components.toml")
# The edition of the rules a new table plays by (AirAlliance.edition); a game keeps the edition it started under,
# and plays with the components of that edition (components.eN.toml: the file as edition N and earlier had it).
EDITION = 2


class Area(enum.Enum):
    """The four areas of the board; an airport's code starts with its area's letter."""

    A = "A"
    E = "E"
    M = "M"
    U = "U"


class Shape(enum.Enum):
    """How an airport's runways are laid out, which decides which plane may leave."""

    Y = "Y"
    REVERSE_Y = "reverse Y"
    V = "V"


PLAYER_COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue")  # seat i plays PLAYER_COLOURS[i]
NPA_COLOURS: tuple[str, ...] = ("black", "white", "purple")  # the Non-Player Airlines
ALL = "all"  # the ALL silhouette: every plane may land

# The rulebook's facts the file must keep.
SHAPE_BY_NUMBER = {1: Shape.Y, 2: Shape.REVERSE_Y, 3: Shape.REVERSE_Y, 4: Shape.V, 5: Shape.V, 6: Shape.V}
AIRPORT_CODES = tuple(f"{area.value}{number}" for area in Area for number in SHAPE_BY_NUMBER)
PRINTED_NAMES = {
    "M3": "Nile", "M4": "Arabia", "M5": "Savannah", "M6": "Casablanca", "A4": "Seoul", "A5": "Himalaya",
    "A6": "Oceania", "U4": "Rocky", "U5": "Mexico", "U6": "Brazil", "E4": "Scandinavia", "E5": "Danube",
    "E6": "Siberia",
}
NPA_STARTS = {  # Preparations: the starred airports, one plane of the NPA on each
    "black": ("M4", "M5", "M6", "E4"),
    "white": ("A4", "A5", "A6", "E5"),
    "purple": ("U4", "U5", "U6", "E6"),
}
AREA_LABELS = ("ALL", "AM", "EM", "AE", "AU", "MU", "EU", "A", "U", "M", "E")  # the printed area landing permits
TRIOS = {
    "Enthusiast Trio": ("Board Gamer", "Board Gamer", "Anime Otaku"),
    "Scholar Trio": ("Folklorist", "Archaeologist", "Professor"),
    "Actor Trio": ("Hollywood Star", "Kung Fu Star", "Korean Star"),
    "Cocktail Trio": ("Beer Brewer", "Bartender", "Hotelier"),
    "Ball Game Trio": ("Tennis Player", "Soccer Player", "Volleyball Player"),
    "Spy Trio": ("Secret Agent (MI6)", "Secret Agent (KGB)", "Secret Agent (CIA)"),
    "Primitive Man Trio": ("Neanderthal", "Yeti", "Bigfoot"),
}
CARD_COUNT = 60
EVEN_NPAS = 2  # the edition from which no NPA lands on more V airports, or shows on more code sharing icons
SLOTS = 3  # a boarding pass has three printed slots, and a card three flight icons
CARD_ID = re.compile(r"p\d\d")


@dataclass(frozen=True)
class Airport:
    """One of the 24 airports: who may land there and how many planes fit."""

    code: str
    name: str
    area: Area
    number: int
    shape: Shape
    silhouettes: frozenset[str]  # 1-3: {"all"}; V: the colours printed there, or {"all"}

    @property
    def capacity(self) -> int:
        return 2 if self.shape is Shape.V else 3

    def allows(self, colour: str) -> bool:
        return ALL in self.silhouettes or colour in self.silhouettes


class IconKind(enum.Enum):
    """The four kinds of flight icon."""

    SPECIAL = "special"
    AREA = "area"
    PRIORITY = "priority"
    CODE_SHARING = "code_sharing"


@dataclass(frozen=True)
class Icon:
    """A flight icon on a card or a boarding pass slot."""

    kind: IconKind
    colour: str | None = None  # SPECIAL: the player colour whose special airport it lands on
    areas: tuple[Area, ...] = ()  # AREA: lands on numbers 1-3 of these areas; all four is the ALL permit
    npa: tuple[str, ...] = ()  # CODE_SHARING: one or two NPA colours, in NPA_COLOURS order

    @property
    def label(self) -> str:
        if self.kind is IconKind.SPECIAL:
            return f"Special landing: {self.colour}"
        if self.kind is IconKind.AREA:
            letters = "ALL" if set(self.areas) == set(Area) else "".join(a.value for a in self.areas)
            return f"{letters} 1-2-3"
        if self.kind is IconKind.PRIORITY:
            return "Priority takeoff"
        return f"Code sharing: {'/'.join(self.npa)}"


class Travel(enum.Enum):
    """A passenger card's class; the Kobe scoring counts economy cards."""

    ECONOMY = "economy"
    FIRST = "first"


@dataclass(frozen=True)
class PassengerCard:
    """A passenger to fly from departure to arrival, worth its miles, with three flight icons."""

    id: str
    passenger: str
    departure: str
    arrival: str
    miles: int
    travel: Travel
    icons: tuple[Icon, Icon, Icon]
    trio: str | None


@dataclass(frozen=True)
class BoardingPass:
    """A player's printed boarding pass: three slots of three icons, used until cards cover them."""

    colour: str
    slots: tuple[tuple[Icon, Icon, Icon], ...]


@dataclass(frozen=True, eq=False)
class Components:
    """Everything in the box that the rules need.

    Compared (and hashed) by identity: there is one object per edition, and the rules' caches key on it.
    """

    airports: dict[str, Airport]
    cards: dict[str, PassengerCard]
    passes: dict[str, BoardingPass]
    special_airport: dict[str, str]  # player colour -> airport code
    npa_start: dict[str, tuple[str, ...]]  # NPA colour -> its four starred airports
    trios: dict[str, tuple[str, ...]]  # trio name -> its three passengers


def components(edition: int = EDITION, pack: str = "") -> Components:
    """The components a game of this edition and pack plays with (the current built-in ones by default), read and
    validated once."""
    return FILE(edition, pack)


def load(path: Path, edition: int = EDITION) -> Components:
    """Read a components file with the checks of its edition; raises DataError naming the entry that is wrong."""
    return parse(read_toml(path), Path(path).name, edition)


def parse(raw: dict[str, Any], name: str, edition: int) -> Components:
    """Components from the TOML tables, with the checks of the edition; DataError names `name` and the entry."""
    return _Reader(name, edition).components(raw)


# A card's miles, bounded by the printed cards' (2,000 to 11,000) generously: a score must fit the database.
LIMITS = Limits((("card.miles", 1, 99_000),))
FILE = ComponentFile(DATA_FILE, EDITION, parse, LIMITS)


class _Reader(DataReader):
    """Turns the TOML tables into components, naming file and entry in every error."""

    def __init__(self, filename: str, edition: int) -> None:
        super().__init__(filename)
        self.edition = edition

    def components(self, raw: dict[str, Any]) -> Components:
        airports = self.airports(self.table(raw, "airports", "airports"))
        colours = self.table(raw, "colour", "colour")
        if set(colours) != set(PLAYER_COLOURS):
            raise self.fail("colour", f"expected one table per player colour: {', '.join(PLAYER_COLOURS)}")
        special = {c: self.special_airport(colours[c], c, airports) for c in PLAYER_COLOURS}
        if len(set(special.values())) != len(special):
            raise self.fail("colour", "two player colours share a special airport")
        self.check_player_silhouettes(airports, special)
        passes = {c: self.boarding_pass(colours[c], c) for c in PLAYER_COLOURS}
        npa_start = self.npa_start(self.table(raw, "npa_start", "npa_start"), airports)
        trios = self.trios(self.table(raw, "trio", "trio"))
        cards = self.cards(raw.get("card", []), airports, trios)
        if self.edition >= EVEN_NPAS:
            self.check_even_npas(airports, cards)
        return Components(airports, cards, passes, special, npa_start, trios)

    def check_even_npas(self, airports: dict[str, Airport], cards: dict[str, PassengerCard]) -> None:
        """No NPA is easier to fly than another: each lands on as many V airports ("only certain colours can
        land on these", so none shows ALL) and is shown on as many code sharing icons of the cards."""
        for airport in airports.values():
            if airport.shape is Shape.V and ALL in airport.silhouettes:
                raise self.fail(f"airport {airport.code}", "only certain colours can land on a V airport: "
                                                           f"name them, not {ALL!r}")
        landing = Counter(n for a in airports.values() if a.shape is Shape.V for n in a.silhouettes if n in NPA_COLOURS)
        if len({landing[n] for n in NPA_COLOURS}) > 1:
            counts = ", ".join(f"{n} {landing[n]}" for n in NPA_COLOURS)
            raise self.fail("airports", f"every NPA should land on as many V airports, not {counts}")
        shown = Counter(n for card in cards.values() for icon in card.icons for n in icon.npa)
        if len({shown[n] for n in NPA_COLOURS}) > 1:
            counts = ", ".join(f"{n} {shown[n]}" for n in NPA_COLOURS)
            raise self.fail("card", f"every NPA should be shown on as many code sharing icons, not {counts}")

    def table(self, raw: dict[str, Any], key: str, entry: str) -> dict[str, Any]:
        if key not in raw:
            raise self.fail(entry, f"missing [{key}]")
        return self.sub(raw, key, entry)

    # -- the board ----------------------------------------------------------------------------

    def airports(self, table: dict[str, Any]) -> dict[str, Airport]:
        if tuple(sorted(table)) != tuple(sorted(AIRPORT_CODES)):
            missing = sorted(set(AIRPORT_CODES) - set(table)) or sorted(set(table) - set(AIRPORT_CODES))
            raise self.fail(f"airport {missing[0]}", "the board has exactly A1-A6, E1-E6, M1-M6 and U1-U6")
        return {code: self.airport(code, self.sub(table, code, f"airport {code}")) for code in AIRPORT_CODES}

    def airport(self, code: str, table: dict[str, Any]) -> Airport:
        entry = f"airport {code}"
        number = int(code[1])
        shape = self.enum(Shape, table.get("shape"), entry, "shape")
        if shape is not SHAPE_BY_NUMBER[number]:
            raise self.fail(entry, f"number {number} is a {SHAPE_BY_NUMBER[number].value} airport, not {shape.value}")
        name = self.field(table, "name", str, entry)
        if code in PRINTED_NAMES and name != PRINTED_NAMES[code]:
            raise self.fail(entry, f"the board names {code} {PRINTED_NAMES[code]}, not {name!r}")
        silhouettes = self.field(table, "silhouettes", list, entry)
        known = {ALL, *PLAYER_COLOURS, *NPA_COLOURS}
        if not silhouettes or any(s not in known for s in silhouettes) or len(set(silhouettes)) != len(silhouettes):
            raise self.fail(entry, f"silhouettes should be distinct colours or {ALL!r}, not {silhouettes!r}")
        if ALL in silhouettes and len(silhouettes) > 1:
            raise self.fail(entry, f"{ALL!r} already lets every plane land: print it alone")
        if shape is not Shape.V and silhouettes != [ALL]:
            raise self.fail(entry, "on numbers 1, 2 and 3 all planes can land: silhouettes must be ['all']")
        if shape is Shape.V and not (set(silhouettes) & {ALL, *NPA_COLOURS}):
            raise self.fail(entry, "a V airport must let at least one NPA land")
        return Airport(code, name, Area(code[0]), number, shape, frozenset(silhouettes))

    def check_player_silhouettes(self, airports: dict[str, Airport], special: dict[str, str]) -> None:
        for airport in airports.values():
            for colour in airport.silhouettes & set(PLAYER_COLOURS):
                if special[colour] != airport.code:
                    raise self.fail(f"airport {airport.code}", f"a {colour} silhouette belongs only on {colour}'s special airport")

    def special_airport(self, table: dict[str, Any], colour: str, airports: dict[str, Airport]) -> str:
        entry = f"colour {colour}"
        code: str = self.field(table, "special_airport", str, entry)
        if code not in airports or airports[code].shape is not Shape.V:
            raise self.fail(entry, f"special airport {code!r} should be a V airport (number 4-6)")
        if not airports[code].allows(colour):
            raise self.fail(entry, f"special airport {code} does not let {colour} planes land")
        return code

    def npa_start(self, table: dict[str, Any], airports: dict[str, Airport]) -> dict[str, tuple[str, ...]]:
        starts: dict[str, tuple[str, ...]] = {}
        for colour in NPA_COLOURS:
            entry = f"npa_start {colour}"
            codes = tuple(self.field(table, colour, list, entry))
            if sorted(codes) != sorted(NPA_STARTS[colour]):
                raise self.fail(entry, f"the starred airports of {colour} are {', '.join(NPA_STARTS[colour])}")
            for code in codes:
                if not airports[code].allows(colour):
                    raise self.fail(entry, f"{code} must let {colour} planes land: a {colour} plane starts there")
            starts[colour] = codes
        if set(table) != set(NPA_COLOURS):
            raise self.fail("npa_start", f"expected exactly {', '.join(NPA_COLOURS)}")
        return starts

    # -- icons and boarding passes ------------------------------------------------------------

    def icon(self, text: Any, entry: str) -> Icon:
        """'special red', 'area AM', 'priority', 'code_sharing black/white'."""
        if not isinstance(text, str) or not text.split():
            raise self.fail(entry, f"an icon should be text like 'area AM', not {text!r}")
        kind_word, _, argument = text.partition(" ")
        kind = self.enum(IconKind, kind_word, entry)
        if kind is IconKind.SPECIAL:
            if argument not in PLAYER_COLOURS:
                raise self.fail(entry, f"icon {text!r}: a special landing permit names a player colour")
            return Icon(kind, colour=argument)
        if kind is IconKind.AREA:
            if argument not in AREA_LABELS:
                raise self.fail(entry, f"icon {text!r}: area permits are {', '.join(AREA_LABELS)}")
            return Icon(kind, areas=tuple(Area) if argument == "ALL" else tuple(Area(a) for a in argument))
        if kind is IconKind.PRIORITY:
            if argument:
                raise self.fail(entry, f"icon {text!r}: priority takeoff takes no argument")
            return Icon(kind)
        npa = argument.split("/")
        if not 1 <= len(npa) <= 2 or len(set(npa)) != len(npa) or any(c not in NPA_COLOURS for c in npa):
            raise self.fail(entry, f"icon {text!r}: code sharing shows one or two of {', '.join(NPA_COLOURS)}")
        return Icon(kind, npa=tuple(c for c in NPA_COLOURS if c in npa))

    def icons(self, raw: Any, entry: str) -> tuple[Icon, Icon, Icon]:
        if not isinstance(raw, list) or len(raw) != SLOTS:
            raise self.fail(entry, f"should show exactly {SLOTS} flight icons, not {raw!r}")
        icons = tuple(self.icon(text, entry) for text in raw)
        sharing = sum(1 for icon in icons if icon.kind is IconKind.CODE_SHARING)
        if sharing != 1:
            raise self.fail(entry, f"should show exactly one code sharing icon, not {sharing}")
        return cast(tuple[Icon, Icon, Icon], icons)  # its length was checked above

    def boarding_pass(self, table: dict[str, Any], colour: str) -> BoardingPass:
        entry = f"colour {colour}"
        slots = self.field(table, "boarding_pass", list, entry)
        if len(slots) != SLOTS:
            raise self.fail(entry, f"a boarding pass has {SLOTS} slots, not {len(slots)}")
        printed = tuple(self.icons(slot, f"{entry} boarding pass slot {i + 1}") for i, slot in enumerate(slots))
        sharing = [next(i for i in slot if i.kind is IconKind.CODE_SHARING) for slot in printed]
        common = set(NPA_COLOURS).intersection(*(set(i.npa) for i in sharing))
        if common:
            raise self.fail(entry, f"the printed boarding pass would allow an alliance with {sorted(common)[0]} at start")
        return BoardingPass(colour, printed)

    # -- passenger cards ----------------------------------------------------------------------

    def trios(self, table: dict[str, Any]) -> dict[str, tuple[str, ...]]:
        trios = {name: tuple(self.field(table, name, list, f"trio {name}")) for name in table}
        for name, passengers in TRIOS.items():
            if name not in trios:
                raise self.fail(f"trio {name}", "missing: the rulebook lists seven trios")
            if Counter(trios[name]) != Counter(passengers):
                raise self.fail(f"trio {name}", f"the rulebook's passengers are {', '.join(passengers)}")
        if len(trios) != len(TRIOS):
            extra = sorted(set(trios) - set(TRIOS))[0]
            raise self.fail(f"trio {extra}", "not one of the rulebook's seven trios")
        return trios

    def cards(self, raw: Any, airports: dict[str, Airport], trios: dict[str, tuple[str, ...]]) -> dict[str, PassengerCard]:
        if not isinstance(raw, list):
            raise self.fail("card", "cards should be [[card]] tables")
        cards: dict[str, PassengerCard] = {}
        for index, table in enumerate(raw):
            card = self.card(table, index, airports, trios)
            if card.id in cards:
                raise self.fail(f"card {card.id}", "id used twice")
            cards[card.id] = card
        if len(cards) != CARD_COUNT:
            raise self.fail("card", f"{len(cards)} passenger cards, the box has {CARD_COUNT}")
        for name, passengers in trios.items():
            members = [c for c in cards.values() if c.trio == name]
            if Counter(c.passenger for c in members) != Counter(passengers):
                found = ", ".join(f"{c.id} {c.passenger}" for c in members) or "none"
                raise self.fail(f"trio {name}", f"its cards should be {', '.join(passengers)}; found {found}")
        return cards

    def card(self, table: Any, index: int, airports: dict[str, Airport], trios: dict[str, tuple[str, ...]]) -> PassengerCard:
        if not isinstance(table, dict):
            raise self.fail(f"card #{index + 1}", "should be a table")
        entry = f"card {table.get('id', f'#{index + 1}')}"
        card_id = self.field(table, "id", str, entry)
        if not CARD_ID.fullmatch(card_id):
            raise self.fail(entry, "ids are p01 to p60")
        departure = self.field(table, "departure", str, entry)
        arrival = self.field(table, "arrival", str, entry)
        for code in (departure, arrival):
            if code not in airports:
                raise self.fail(entry, f"no airport {code!r} on the board")
        if departure == arrival:
            raise self.fail(entry, "departure and arrival must be different airports")
        miles = self.field(table, "miles", int, entry)
        if miles <= 0:
            raise self.fail(entry, "every passenger card is worth miles")
        trio = table.get("trio")
        if trio is not None and trio not in trios:
            raise self.fail(entry, f"{trio!r} is not one of the trios")
        return PassengerCard(
            id=card_id,
            passenger=self.field(table, "passenger", str, entry),
            departure=departure,
            arrival=arrival,
            miles=miles,
            travel=self.enum(Travel, table.get("travel"), entry, "travel"),
            icons=self.icons(table.get("icons"), entry),
            trio=trio,
        )
