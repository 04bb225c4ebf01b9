"""Reading a game's component file: TOML into plain values, with errors that name the file and entry."""

from __future__ import annotations

import enum
import tomllib
from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Generic, TypeVar

from engine.rules import packs

T = TypeVar("T")


class DataError(ValueError):
    """A data file breaks a fact of its rulebook; the message names the file and the entry."""


def edition_path(path: Path, edition: int, current: int) -> Path:
    """The data file a game of this edition plays with: `path` itself, or the frozen copy of an earlier edition.

    When a file's data changes with a new edition, the file as it was is kept beside it as `NAME.eN.toml`
    (N the last edition that used it), so games started under it replay with the same components. A game of
    edition `edition` reads the first frozen copy of an edition at or after its own, else the current file.
    """
    for older in range(edition, current):
        frozen = path.with_suffix(f".e{older}{path.suffix}")
        if frozen.exists():
            return frozen
    return path


class ComponentFile(Generic[T]):
    """A game's component data by edition and pack: the edition's file, with a pack's sections laid over it, read
    and checked once, so every caller asking for the same edition and pack gets the one same object (the rules'
    caches key on it).

    `parse(raw, name, edition)` turns the TOML tables into the game's components and checks every fact of the
    rulebook, raising DataError naming `name` (the file, or the pack) and the entry. `limits`: the range of every
    number the game can use, which a new pack's values are checked against (engine.rules.packs.check_values).
    """

    def __init__(self, path: Path, current: int, parse: Callable[[dict[str, Any], str, int], T],
                 limits: packs.Limits) -> None:
        self.path = path
        self.current = current
        self.parse = parse
        self.limits = limits
        self.raw = cache(self._raw)
        self._read = lru_cache(maxsize=64)(self._load)  # a few packs per server: keep the ones in play

    def __call__(self, edition: int, pack: str = "") -> T:
        return self._read(edition, pack)

    def _raw(self, edition: int) -> dict[str, Any]:
        return read_toml(edition_path(self.path, edition, self.current))

    def _load(self, edition: int, pack: str) -> T:
        if not pack:
            return self.parse(self.raw(edition), edition_path(self.path, edition, self.current).name, edition)
        return self.with_pack(packs.known(pack), edition)

    def with_pack(self, pack: packs.Pack, edition: int | None = None) -> T:
        """The components with this pack's sections in place of the built-in ones; DataError names what is wrong."""
        edition = self.current if edition is None else edition
        return self.parse(packs.overlay(self.raw(edition), pack), pack.name, edition)


def read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as error:
        raise DataError(f"{path.name}: not valid TOML: {error}") from None


class DataReader:
    """Typed look-ups in TOML tables; each game's reader adds the checks its rulebook implies."""

    def __init__(self, filename: str) -> None:
        self.filename = filename

    def fail(self, entry: str, problem: str) -> DataError:
        return DataError(f"{self.filename}: {entry}: {problem}")

    def field(self, table: dict[str, Any], key: str, kind: type, entry: str) -> Any:
        if key not in table:
            raise self.fail(entry, f"missing {key!r}")
        value = table[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.fail(entry, f"{key!r} should be {kind.__name__}, not {value!r}")
        return value

    def enum(self, kind: type[enum.Enum], value: Any, entry: str, key: str = "") -> Any:
        if value is None and key:
            raise self.fail(entry, f"missing {key!r}")
        try:
            return kind(value)
        except ValueError:
            allowed = ", ".join(str(m.value) for m in kind)
            raise self.fail(entry, f"{value!r} is not one of {allowed}") from None

    def sub(self, table: dict[str, Any], key: str, entry: str) -> dict[str, Any]:
        value = table[key]
        if not isinstance(value, dict):
            raise self.fail(entry, f"{key!r} should be a table, not {value!r}")
        return value

    def count(self, table: dict[str, Any], key: str, entry: str) -> int:
        value = table.get(key, 0)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise self.fail(entry, f"{key!r} should be a count, not {value!r}")
        return value
