"""Snapshots: a table's state and what its log told so far, as bytes the store keeps as a cache of the log."""

from __future__ import annotations

import hashlib
import pickle
import sys
import zlib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

import engine
import engine.core
import engine.events
from engine.events import Event, Packed

# The layout below; a change to it, like a change to a game's code, makes older snapshots unreadable (a miss: the
# table replays its log). 2: events are kept as values (engine.events), no longer as words.
FORMAT = 2
MAGIC = b"contrail-snapshot"
COMPRESSION = 1  # zlib's fastest level: it halves a snapshot (more for a long game's events) in a fraction of a ms
SNAPSHOT_EVERY = 10  # actions at most between two snapshots, whatever the turns: a cold table replays fewer
SIZE_FACTOR = 9  # a cached table's bytes in memory per byte of its pickled snapshot (measured 7.8 to 8.2 since events
# are kept as values: a blank's value costs more in memory than in a pickle, which shares what repeats)
MEMO_OVERHEAD = 2048  # bytes a cached table costs besides what its snapshot holds (its posts, its lock)


class SnapshotError(Exception):
    """A snapshot that cannot be used: damaged, of another game, or written by other rules or another layout."""


class Told(NamedTuple):
    """One entry of the log as a table's history tells it, without replaying the game to find out.

    A named tuple, not a dataclass: a cold table of a long game makes a thousand at once."""

    seat: int
    events: tuple[Event, ...] = ()  # the public view's events after the move, as values
    by: str | None = None  # who made the move for its seat (the autopilot), as the log marks it
    undo_to: int | None = None  # an undo entry: the version it went back to
    why: str = ""  # an AI seat's reason for the move, as the log keeps it


class Kept(NamedTuple):
    """A Told as the chronicle keeps it: its events packed (Event.packed)."""

    seat: int
    events: tuple[Packed, ...] = ()
    by: str | None = None
    undo_to: int | None = None
    why: str = ""


@dataclass(frozen=True)
class Chronicle:
    """What the log told so far: the setup's events and each entry's, in order (entries[seq - 1] is move seq).

    Each entry, and each event in it (Event.packed), is kept as an exact tuple of plain values, not as a Told:
    the garbage collector stops tracking such tuples, and a cache of a thousand long games holds hundreds of
    thousands of entries, which each full collection would otherwise walk with the event loop stopped. Plain
    tuples also pickle three times faster."""

    setup: tuple[Packed, ...]
    entries: tuple[tuple[Any, ...], ...] = ()

    @classmethod
    def opening(cls, events: list[Event] | tuple[Event, ...]) -> Chronicle:
        """A chronicle of no move yet: the setup's events."""
        return cls(tuple(e.packed() for e in events))

    @property
    def version(self) -> int:
        return len(self.entries)

    def extended(self, told: Told) -> Chronicle:
        seat, events, by, undo_to, why = told
        entry = (seat, tuple([e.packed() for e in events]), by, undo_to, *((why,) if why else ()))
        return Chronicle(self.setup, (*self.entries, entry))

    def told(self) -> list[Told]:
        """Every entry with its fields named (an entry stored before a field existed takes its default)."""
        return [Told(kept.seat, tuple(Event.unpacked(e) for e in kept.events), kept.by, kept.undo_to, kept.why)
                for kept in self.kept()]

    def kept(self) -> list[Kept]:
        """Every entry with its fields named, its events packed as kept (a cold table words each distinct one once)."""
        return [Kept(*entry) for entry in self.entries]

    def __reduce__(self) -> tuple[Any, ...]:
        return (_chronicle, (self.setup, self.entries))


def _chronicle(setup: tuple[Packed, ...], entries: tuple[tuple[Any, ...], ...]) -> Chronicle:
    return Chronicle(setup, entries)


@dataclass(frozen=True)
class Snapshot:
    """A table at a version: its state and its chronicle, which is exactly as long as the version."""

    state: Any
    chronicle: Chronicle
    body_length: int = field(default=0, compare=False)  # decoded: the length of its pickled body (which sizes the table in the cache)

    @property
    def version(self) -> int:
        return self.chronicle.version


@cache
def fingerprint(slug: str) -> str:
    """What a snapshot of this game is only good for: this layout, this Python and this exact game code."""
    return package_fingerprint(slug, Path(sys.modules[type(engine.get_game(slug)).__module__].__file__ or "").parent)


def package_fingerprint(slug: str, package: Path) -> str:
    """A hash over every source and data file of the game's package (and the engine's core, whose Action a state
    may hold): any change to the rules or to the state's shape, even one nobody thought to mark, makes the old
    snapshots miss, and a miss costs one replay of the log, never a wrong state (engine.events too: the events
    a snapshot keeps are its values). A number bumped by hand would be
    forgotten some day; a comment changed costs a replay per table, once."""
    digest = hashlib.sha256(f"{FORMAT}:{slug}:{sys.version_info[:2]}:{pickle.DEFAULT_PROTOCOL}".encode())
    files = sorted(p for p in package.rglob("*") if p.suffix in (".py", ".toml") and "__pycache__" not in p.parts)
    for path in [Path(engine.core.__file__), Path(engine.events.__file__), *files]:
        digest.update((path.relative_to(package).as_posix() if path.is_relative_to(package) else path.name).encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:32]


def header(slug: str) -> bytes:
    return b"%s %s %s\n" % (MAGIC, slug.encode(), fingerprint(slug).encode())


def pickled(snapshot: Snapshot) -> bytes:
    """The snapshot's body before compression (its length sizes the table in the cache)."""
    return pickle.dumps((snapshot.state, snapshot.chronicle), protocol=pickle.DEFAULT_PROTOCOL)


def encode(slug: str, snapshot: Snapshot, body: bytes | None = None) -> bytes:
    """The bytes the store keeps: a header naming the game and its fingerprint, then the compressed body.

    Pickle, because only this program writes these rows, into its own database: whoever could forge one could
    as well rewrite the log it caches. It keeps every type a state holds (enums, tuples, sets, frozen
    dataclasses) without a converter per game, and the fingerprint keeps it from being read by other code."""
    return header(slug) + zlib.compress(body if body is not None else pickled(snapshot), COMPRESSION)


def decode(slug: str, blob: bytes) -> Snapshot:
    """The snapshot in `blob`; SnapshotError if it is damaged or written for another game, code or layout."""
    expected = header(slug)
    if not blob.startswith(expected):
        raise SnapshotError(f"not a snapshot of this {slug} code (header {blob[:len(expected)]!r})")
    try:
        body = zlib.decompress(blob[len(expected):])
        state, chronicle = pickle.loads(body)
    except Exception as exc:  # zlib.error, pickle's own errors, a class that moved: any of them means rebuild
        raise SnapshotError(f"a {slug} snapshot that does not decode: {exc!r}") from exc
    if not isinstance(chronicle, Chronicle):
        raise SnapshotError(f"a {slug} snapshot without its chronicle")
    return Snapshot(state, chronicle, len(body))


def memo_bytes(body_length: int) -> int:
    """The memory a cached table is reckoned to take, from its pickled snapshot's length (see SIZE_FACTOR)."""
    return body_length * SIZE_FACTOR + MEMO_OVERHEAD
