"""Data packs: a server's own cards for a game, TOML sections that replace those of the built-in component file."""

from __future__ import annotations

import hashlib
import re
import tomllib
from fnmatch import fnmatchcase
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.rules.pack_lines import (
    MAX_DEPTH, MAX_DIGITS, deep_line, entry_line, key_line, long_number_line, problem_line, section_line, toml_line,
)

MAX_BYTES = 256 * 1024  # a pack file's size limit
PACK_TABLE = "pack"  # the table that names the pack: [pack] name = "...", note = "..."
MAX_NAME = 40
MAX_NOTE = 200
NAME = re.compile(r"[\w][\w .'&()+-]*")  # letters, digits and a few marks, so a name reads well in a menu
ENTRY_KEYS = ("id", "key", "number", "phase", "players", "nation", "name")  # what names an entry of a list of tables, first found


class PackError(ValueError):
    """A pack breaks a rule of packs or a fact of the rulebook; `line` is where in the file, when known."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line

    def __str__(self) -> str:
        return self.message if self.line is None else f"{self.message} (line {self.line})"

    def __reduce__(self) -> tuple[type[PackError], tuple[str, int | None]]:
        return PackError, (self.message, self.line)  # its line kept when it comes back from the trial's process


class PackMissing(LookupError):
    """A game names a pack whose content this process has not been given (the store gives it before a replay)."""


@dataclass(frozen=True)
class Pack:
    """A pack as uploaded: the game it is for, its name and note, the sections it replaces and its exact text."""

    game: str
    name: str
    note: str
    sections: Mapping[str, Any] = field(repr=False)
    text: str = field(repr=False)

    @property
    def digest(self) -> str:
        return digest_of(self.game, self.text)


def digest_of(game: str, text: str) -> str:
    """A pack's identity: its game and exact text, hashed. A game names its pack by it; equal packs are stored once."""
    return hashlib.sha256(f"{game}\n{text}".encode()).hexdigest()


def read_pack(data: bytes, game: str, builtin: Mapping[str, Any]) -> Pack:
    """A pack file's bytes read and checked against the shape of the game's built-in component file.

    Refuses (PackError) a file over the size limit, not UTF-8, not TOML, without a [pack] name, replacing no
    section, or with a section or key the built-in file does not have. What the values mean is the game's
    loader's to check, once the sections are laid over the built-in ones.
    """
    if len(data) > MAX_BYTES:
        raise PackError(f"The file is {len(data) // 1024} KB; a pack may be at most {MAX_BYTES // 1024} KB.")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise PackError(f"The file is not UTF-8 text (byte {error.start + 1} is not).") from None
    raw = _parsed(text)
    name, note = _label(raw.get(PACK_TABLE), text, builtin)
    sections = {key: value for key, value in raw.items() if key != PACK_TABLE}
    if not sections:
        raise PackError("The pack replaces nothing: add at least one section of the game's component file.")
    for key, value in sections.items():
        if key not in builtin:
            known = ", ".join(builtin)
            raise PackError(f"Unknown section {key!r}. The sections are: {known}.", section_line(text, key))
        _fits(value, file_shape(builtin)[key], key, text)
    return Pack(game, name, note, sections, text)


def _parsed(text: str) -> dict[str, Any]:
    """The TOML tables of a pack's text; every way TOML can fail is a PackError, with its line where it has one."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise PackError(f"The file is not valid TOML: {error}", toml_line(str(error))) from None
    except ValueError:  # Python's int-to-string limit: a whole number of thousands of digits
        raise PackError(f"A number has more than {MAX_DIGITS} digits.", long_number_line(text)) from None
    except (RecursionError, MemoryError):  # arrays or inline tables nested hundreds deep
        raise PackError(f"Arrays or tables are nested more than {MAX_DEPTH} deep.", deep_line(text)) from None


def _label(table: Any, text: str, builtin: Mapping[str, Any]) -> tuple[str, str]:
    line = section_line(text, PACK_TABLE) or key_line(text, f"{PACK_TABLE}.name")
    if not isinstance(table, dict):
        raise PackError('The pack needs a name: begin it with pack.name = "..." and pack.note = "...".', line)
    unknown = sorted(set(table) - {"name", "note"})
    if unknown:
        key = unknown[0]
        where = (f" In TOML a key after a [table] header belongs to that table: move {key!r} above [pack], or write "
                 "pack.name and pack.note at the top instead of [pack].") if key in builtin else ""
        raise PackError(f"Unknown key {key!r} in [pack]: it takes a name and a note.{where}", key_line(text, key))
    name, note = table.get("name"), table.get("note", "")
    if not isinstance(name, str) or not NAME.fullmatch(name.strip()) or len(name.strip()) > MAX_NAME:
        raise PackError(f"The pack's name should be 1 to {MAX_NAME} letters, digits, spaces or - . ' & ( ) +.", line)
    if not isinstance(note, str) or len(note) > MAX_NOTE:
        raise PackError(f"The pack's note should be text of at most {MAX_NOTE} characters.", _note_line(text))
    return name.strip(), note.strip()


def _note_line(text: str) -> int | None:
    return key_line(text, f"{PACK_TABLE}.note") or key_line(text, "note")


KIND_WORDS = {"str": "text", "int": "a whole number", "float": "a number", "bool": "true or false",
              "list": "a list", "table": "a table"}


@dataclass
class Shape:
    """What the built-in file holds at one place: the kinds of value, a table's keys, an array's items."""

    kinds: set[str] = field(default_factory=set)
    keys: dict[str, Shape] = field(default_factory=dict)
    items: Shape | None = None


def kind_of(value: Any) -> str:
    return "table" if isinstance(value, dict) else "list" if isinstance(value, list) else type(value).__name__


def shape_of(value: Any, shape: Shape | None = None) -> Shape:
    """The shape of the built-in value, merged into `shape`: every kind and key seen at each place (a list's items
    share one shape: the union of theirs)."""
    shape = shape or Shape()
    shape.kinds.add(kind_of(value))
    if isinstance(value, dict):
        for key, sub in value.items():
            shape.keys[key] = shape_of(sub, shape.keys.get(key))
    elif isinstance(value, list):
        for item in value:
            shape.items = shape_of(item, shape.items)
    return shape


def file_shape(builtin: Mapping[str, Any]) -> dict[str, Shape]:
    """Each section's shape, where a table takes every key a table of its name has anywhere in the file: a
    Hindenburg phase may cost white dice although none of the built-in phases does."""
    shapes = {key: shape_of(value) for key, value in builtin.items()}
    named: dict[str, list[Shape]] = {}

    def collect(shape: Shape) -> None:
        for key, sub in shape.keys.items():
            if "table" in sub.kinds:
                named.setdefault(key, []).append(sub)
            collect(sub)
        if shape.items is not None:
            collect(shape.items)

    for shape in shapes.values():
        collect(shape)
    for group in named.values():
        union: dict[str, Shape] = {}
        for shape in group:
            for key, sub in shape.keys.items():
                union.setdefault(key, sub)
        for shape in group:
            for key, sub in union.items():
                shape.keys.setdefault(key, sub)
    return shapes


def _fits(value: Any, shape: Shape, where: str, text: str) -> None:
    """Refuse a value of a kind, or a key, the built-in file never has at that place: a misspelt key would be
    ignored, and a list where a number belongs would reach the rules. What the values mean is the loader's."""
    kind = kind_of(value)
    if kind not in shape.kinds and not (kind == "int" and "float" in shape.kinds):
        wanted = " or ".join(KIND_WORDS[k] for k in sorted(shape.kinds))
        raise PackError(f"{where}: should be {wanted}, not {_shown(value)}.", entry_line(text, where))
    if isinstance(value, dict):
        for key, sub in value.items():
            if key not in shape.keys:
                allowed = ", ".join(shape.keys)
                raise PackError(f"{where}: unknown key {key!r} (allowed: {allowed}).", key_line(text, key))
            _fits(sub, shape.keys[key], f"{where} {key}", text)
    elif isinstance(value, list) and shape.items is not None:
        for index, item in enumerate(value):
            named = isinstance(item, dict) and where.count(" ") == 0  # an entry of a section: by its id
            _fits(item, shape.items, f"{where} {entry_name(item, index) if named else f'#{index + 1}'}", text)


def _shown(value: Any) -> str:
    """A value as an error shows it: short, and a whole number too long to write in digits said so."""
    if isinstance(value, int) and abs(value) >= 10**40:
        try:
            return f"a number of {len(str(abs(value)))} digits"
        except ValueError:  # past the int-to-string limit
            return f"a number of more than {MAX_DIGITS} digits"
    try:
        shown = repr(value)
    except (ValueError, RecursionError):  # a whole number deep inside an array, past the int-to-string limit
        return f"{KIND_WORDS.get(kind_of(value), 'a value')} too large to show"
    return shown if len(shown) <= 40 else shown[:39] + "…"


def entry_name(item: Mapping[str, Any], index: int) -> str:
    """How an error names one entry of a list: by its id (or key, number, name), else by its place ('#3')."""
    for key in ENTRY_KEYS:
        if isinstance(item.get(key), (str, int)) and not isinstance(item.get(key), bool):
            return str(item[key])
    return f"#{index + 1}"


# -- the values a game can use ----------------------------------------------------------------------------------

MAX_TEXT = 40  # the longest text in a pack's sections: every board fits a card's or city's name of this length


@dataclass(frozen=True)
class Limits:
    """The range of every number a game's component data holds, in one place per game: a value out of it would
    overflow a score's column in the database, the int-to-string limit of a board, or a drawing of one item per
    die. `numbers` maps a value's place (its section and keys, a list's items sharing their list's place:
    'airship.vp', 'expansion.gives.dice.white'; fnmatch patterns such as '*.cost.*') to its lowest and highest
    value; the first pattern that matches is the place's."""

    numbers: tuple[tuple[str, float, float], ...]

    def bounds(self, place: str) -> tuple[float, float] | None:
        return next(((low, high) for pattern, low, high in self.numbers if fnmatchcase(place, pattern)), None)


def check_values(pack: Pack, limits: Limits) -> None:
    """Refuse (PackError, with the line) a value of a new pack its game cannot use: its note, and every number
    and text of its sections (value_problem). Checked at upload only: a pack stored before a limit was set keeps
    loading, so the games that play it go on."""
    problem = text_problem(pack.note, MAX_NOTE)
    if problem:
        raise PackError(f"The pack's note {problem}.", _note_line(pack.text))
    for section, value in pack.sections.items():
        problem = value_problem(section, value, limits)
        if problem:
            raise PackError(problem, problem_line(pack.text, problem))


def value_problem(section: str, value: Any, limits: Limits) -> str | None:
    """The first value of a section a game cannot use, as a loader's problem ('airship a-light-1: 'vp' should be
    ...'), or None: numbers within the game's limits; texts one printable line of at most MAX_TEXT characters,
    without the braces of the seat tokens that event words fill in ('{p1}')."""
    for entry, keys, item in _values(section, value):
        where = f"{entry}: {'.'.join(keys)!r}" if keys else f"{entry}:"
        place = ".".join((section, *keys))
        if isinstance(item, str):
            problem = text_problem(item)
            if problem:
                return f"{where} {problem}"
        elif isinstance(item, (int, float)) and not isinstance(item, bool):
            bounds = limits.bounds(place)
            if bounds is None:
                return f"{where} is a number this game has no place for"
            low, high = bounds
            if not low <= item <= high:  # a NaN is never within
                kind = "a whole number" if isinstance(low, int) and isinstance(high, int) else "a number"
                return f"{where} should be {kind} from {low:,} to {high:,}, not {_shown(item)}"
    return None


def text_problem(text: str, longest: int = MAX_TEXT) -> str | None:
    """Why a text cannot be a name on a board and in event words, or None."""
    if len(text) > longest:
        return f"should be at most {longest} characters, not {len(text)}"
    if not text.isprintable():
        return "should be one line of printable characters (no line breaks or tabs)"
    if "{" in text or "}" in text:
        return "cannot hold { or } (the bot's words use them for players' names)"
    return None


def _values(section: str, value: Any) -> Iterator[tuple[str, tuple[str, ...], Any]]:
    """Each value of a section that is not a table or list: (its entry's name, its keys, the value). An entry of
    a list of tables is named by its id ('airship a-light-1')."""
    stack: list[tuple[str, tuple[str, ...], Any]] = [(section, (), value)]
    while stack:  # not recursive: a pack nests at most as deep as tomllib allows, but a loop never minds
        entry, keys, item = stack.pop()
        if isinstance(item, dict):
            stack += reversed([(entry, (*keys, str(key)), sub) for key, sub in item.items()])
        elif isinstance(item, list):
            named = not keys and entry == section
            stack += reversed([(f"{section} {entry_name(sub, index)}" if named and isinstance(sub, dict) else entry,
                                keys, sub) for index, sub in enumerate(item)])
        else:
            yield entry, keys, item


def overlay(builtin: Mapping[str, Any], pack: Pack) -> dict[str, Any]:
    """The component data a game with this pack plays with: the built-in sections, the pack's in their place."""
    return {**builtin, **pack.sections}


# -- the packs this process knows --------------------------------------------------------------------------------

_known: dict[str, Pack] = {}  # digest -> pack: content-addressed, so a digest always means the same pack


def remember(pack: Pack) -> str:
    """Make a pack's content known to the rules (before a game that plays it is set up or replayed); its digest."""
    _known.setdefault(pack.digest, pack)
    return pack.digest


def known(digest: str) -> Pack:
    """The pack a game names by its digest; PackMissing when its content has not been given to this process."""
    try:
        return _known[digest]
    except KeyError:
        raise PackMissing(f"The card pack {digest[:12]} is not loaded.") from None


def is_known(digest: str) -> bool:
    return digest in _known
