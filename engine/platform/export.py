"""A game as a JSON document (its setup, seats and every logged action) and the replay that checks one."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import engine
from engine.core import Action, GameError, Outcome, view_words
from engine.events import Event
from engine.options import pack_of, stored_edition
from engine.platform.packs import revive
from engine.platform.records import ActionRow, GameRow, SeatRow
from engine.platform.undo import Replayer, is_undo
from engine.rules import packs
from engine.rules.packs import Pack, PackError, digest_of
from engine.view import position

FORMAT = "contrail-game"  # what a file says it is, so another JSON file is told apart at once
VERSION = 3  # the layout of the document; a reader refuses versions it does not know
# Version 1 fingerprinted the whole public view, words included, which later releases reword: its final position
# cannot be checked any more, only its scores and places. Version 2 fingerprints the position alone. Version 3
# carries the data pack a game played with (its name and file), so the file replays anywhere.
READABLE = (1, 2, 3)
ENDED = ("finished", "abandoned")  # only a game that is over is exported: its seed would foretell a live one's chance


class ExportError(Exception):
    """A file that is not a Contrail game export, or one whose log does not replay to what it records."""


@dataclass(frozen=True)
class ExportedSeat:
    seat: int
    name: str
    ai: bool  # the bot played this seat from the start
    autopilot: bool  # a person's seat the autopilot was playing when the game ended

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "ai": self.ai, "autopilot": self.autopilot}


@dataclass(frozen=True)
class ExportedAction:
    """One log entry: who, what (the action's kind and arguments, or an undo) and when."""

    seq: int
    seat: int
    payload: dict[str, Any]  # {"kind", "args"} as stored, with "by": "autopilot" for a move the bot made for a person
    # and "why" for an AI seat's reason
    at: str  # ISO time the move was stored

    def to_dict(self) -> dict[str, Any]:
        kind_first = {"kind": self.payload.get("kind"), "args": self.payload.get("args", []), **self.payload}
        return {"seq": self.seq, "seat": self.seat, **kind_first, "at": self.at}


@dataclass(frozen=True)
class GameExport:
    """Everything needed to replay one game: `(slug, options, seed, seats)` plus its ordered log."""

    game_id: int
    slug: str
    title: str
    options: dict[str, Any]
    seed: int
    status: str
    created_at: str
    updated_at: str
    seats: tuple[ExportedSeat, ...]
    actions: tuple[ExportedAction, ...]
    outcome: dict[str, Any] | None  # Outcome.to_dict() of a game that finished by its rules
    final_view: str  # sha256 of the final public position: the replay must reach the very same position
    version: int = VERSION  # the file's layout: a version 1 file's fingerprint covered words since reworded
    pack: Pack | None = None  # the data pack the game played with (its options name it by digest)

    def to_dict(self) -> dict[str, Any]:
        pack = {"pack": {"name": self.pack.name, "text": self.pack.text}} if self.pack else {}
        return {
            "format": FORMAT, "version": VERSION,
            "game": {"id": self.game_id, "slug": self.slug, "title": self.title},
            "options": self.options, **pack, "seed": self.seed, "status": self.status,
            "created_at": self.created_at, "updated_at": self.updated_at,
            "seats": [s.to_dict() for s in self.seats],
            "actions": [a.to_dict() for a in self.actions],
            "outcome": self.outcome,
            "final": {"moves": len(self.actions), "view_sha256": self.final_view},
        }

    def to_json(self) -> str:
        # One action per line: a long game stays readable and diffable in a text editor.
        head = json.dumps({k: v for k, v in self.to_dict().items() if k != "actions"}, indent=1, ensure_ascii=False)
        lines = ",\n".join("  " + json.dumps(a.to_dict(), ensure_ascii=False, separators=(",", ":"))
                           for a in self.actions)
        return head[:-2] + ',\n "actions": [\n' + lines + "\n ]\n}\n"


@dataclass(frozen=True)
class Replayed:
    """A file replayed: the final state, its outcome and how many log entries led there."""

    export: GameExport
    state: Any
    outcome: Outcome | None

    @property
    def moves(self) -> int:
        return len(self.export.actions)


def view_fingerprint(game: engine.Game, state: Any) -> str:
    """A stable digest of the public position (the view without its words, engine.view.position): equal positions
    give equal digests in any process, and in any later release that only rewords them."""
    shown = position(game.view(state, None), view_words(game), kept_words(game, state))
    text = json.dumps(shown, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def kept_words(game: engine.Game, state: Any) -> Callable[[Event], str]:
    """How a fingerprint words an event the view keeps beside its "events": as the log kept events before they were
    values (the words of the state's edition, seats as '{pN}'), so that exports and stores of then still match."""
    edition = getattr(state, "edition", None)  # the edition a game's state was started under (engine.core.Rules)
    return lambda event: game.sentences.words(event, edition=edition)


def replay_log(game: engine.Game, seats: int, seed: int, options: dict[str, Any],
               entries: Sequence[tuple[int, int, dict[str, Any]]]) -> Replayer:
    """Replay (seq, seat, payload) entries from the setup, undo entries included; IllegalAction names the move."""
    replayer = Replayer(game)
    replayer.start(game.setup(seats, seed, options))
    for seq, seat, payload in entries:
        replayer.apply(seq, seat, payload)
    return replayer


def build_export(row: GameRow, seats: Sequence[SeatRow], actions: Sequence[ActionRow]) -> GameExport:
    """The export of a stored game that is over; GameError for a live game or one that never started."""
    game = engine.get_game(row.slug)
    if row.status.value not in ENDED:
        raise GameError(f"Game #{row.id} is still {row.status.value}: it can be exported once it is over.")
    seated = sorted((s for s in seats if s.seat is not None), key=lambda s: s.seat or 0)
    if not seated:
        raise GameError(f"Game #{row.id} was abandoned before it started, so it has no moves to export.")
    replayer = replay_log(game, len(seated), row.seed, dict(row.options),
                          [(a.seq, a.seat, a.payload) for a in actions])
    return GameExport(
        game_id=row.id, slug=row.slug, title=game.title, options=dict(row.options), seed=row.seed,
        status=row.status.value, created_at=row.created_at, updated_at=row.updated_at,
        seats=tuple(ExportedSeat(s.seat or 0, s.name, s.ai, s.autopilot) for s in seated),
        actions=tuple(ExportedAction(a.seq, a.seat, dict(a.payload), a.created_at) for a in actions),
        outcome=row.outcome, final_view=view_fingerprint(game, replayer.states[len(actions)]),
        pack=packs.known(digest) if (digest := pack_of(row.options)) else None,
    )


# -- reading a file back ------------------------------------------------------------------------


def _need(data: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str = "the file") -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ExportError(f"{where} has no valid {key!r}.")
    return value


def parse_export(text: str) -> GameExport:
    """Read an export's JSON; ExportError says what is missing or malformed."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ExportError(f"This is not JSON ({error.msg} at line {error.lineno}).") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ExportError(f"This is not a Contrail game export (no \"format\": \"{FORMAT}\").")
    if data.get("version") not in READABLE:
        raise ExportError(f"This export has version {data.get('version')!r}; this Contrail reads versions "
                          f"{' and '.join(map(str, READABLE))}.")
    about = _need(data, "game", dict)
    slug = _need(about, "slug", str, "'game'")
    try:
        game = engine.get_game(slug)
    except GameError as error:
        raise ExportError(str(error)) from None
    seats = tuple(_seat(s, n) for n, s in enumerate(_need(data, "seats", list)))
    if not game.min_players <= len(seats) <= game.max_players:
        raise ExportError(f"{game.title} is for {game.min_players} to {game.max_players} players; "
                          f"the file has {len(seats)} seats.")
    actions = tuple(_action(a, n + 1, len(seats)) for n, a in enumerate(_need(data, "actions", list)))
    final = _need(data, "final", dict)
    outcome = data.get("outcome")
    if outcome is not None and not isinstance(outcome, dict):
        raise ExportError("The file's 'outcome' is not an object.")
    options = stored_edition(_need(data, "options", dict))
    return GameExport(
        game_id=_need(about, "id", int, "'game'"), slug=slug, title=game.title,
        options=options, seed=_need(data, "seed", int), status=_need(data, "status", str),
        created_at=str(data.get("created_at", "")), updated_at=str(data.get("updated_at", "")),
        seats=seats, actions=actions, outcome=outcome, final_view=_need(final, "view_sha256", str, "'final'"),
        version=int(data["version"]), pack=_pack(data, slug, options),
    )


def _pack(data: dict[str, Any], slug: str, options: dict[str, Any]) -> Pack | None:
    """The data pack the file's game played, checked against the digest its options name, and made known."""
    try:
        digest = pack_of(options)
    except GameError as error:
        raise ExportError(f"The file's options are damaged: {error}") from None
    if not digest:
        return None
    about = _need(data, "pack", dict)
    text = _need(about, "text", str, "'pack'")
    if digest_of(slug, text) != digest:
        raise ExportError("The file's card pack is not the one its game was played with: the file was changed.")
    try:
        return revive(slug, text)
    except PackError as error:
        raise ExportError(f"The file's card pack can't be read: {error}") from None


def _seat(data: Any, number: int) -> ExportedSeat:
    where = f"seat {number + 1}"
    if not isinstance(data, dict) or data.get("seat") != number:
        raise ExportError(f"The seats must be listed in order 0, 1, 2...; {where} is not.")
    return ExportedSeat(number, str(data.get("name", f"Seat {number + 1}")), bool(data.get("ai")),
                        bool(data.get("autopilot")))


def _action(data: Any, seq: int, seats: int) -> ExportedAction:
    where = f"move {seq}"
    if not isinstance(data, dict):
        raise ExportError(f"{where.capitalize()} is not an object.")
    if data.get("seq") != seq:
        raise ExportError(f"The moves must be numbered 1, 2, 3... in order; {where} is numbered {data.get('seq')!r}.")
    seat = _need(data, "seat", int, where)
    if not 0 <= seat < seats:
        raise ExportError(f"{where.capitalize()} is played by seat {seat}, and the game has seats 0 to {seats - 1}.")
    payload = {key: value for key, value in data.items() if key not in ("seq", "seat", "at")}
    return ExportedAction(seq, seat, payload, str(data.get("at", "")))


def replay_export(export: GameExport) -> Replayed:
    """Replay a parsed export; ExportError names the first move that is illegal, or what ends differently."""
    game = engine.get_game(export.slug)
    replayer = Replayer(game)
    try:
        replayer.start(game.setup(len(export.seats), export.seed, dict(export.options)))
    except (GameError, ValueError, KeyError, TypeError) as error:
        raise ExportError(f"The game can't be set up from this file's options and seed: {error}") from None
    for action in export.actions:
        payload = action.payload
        name = export.seats[action.seat].name
        if is_undo(payload) and not _valid_undo(payload, action.seq):
            raise ExportError(f"Move {action.seq} ({name}) is an undo to a version that doesn't exist.")
        try:
            if not is_undo(payload):
                Action.from_dict(payload)  # a malformed action is told apart from an illegal one
            replayer.apply(action.seq, action.seat, payload)
        except GameError as error:
            raise ExportError(f"Move {action.seq} ({name}: {_key(payload)}) is illegal at that point: "
                              f"{error} The file was changed or damaged.") from None
        except Exception as error:  # noqa: BLE001 - a forged argument may fail anywhere in the rules
            raise ExportError(f"Move {action.seq} ({name}) can't be replayed ({type(error).__name__}).") from None
    state = replayer.states[len(export.actions)]
    outcome = game.outcome(state)
    _check_end(export, game, state, outcome)
    return Replayed(export, state, outcome)


def _key(payload: dict[str, Any]) -> str:
    """The move as its short key ('throw:2'), to name it in an error."""
    raw = payload.get("args")
    args: list[Any] = raw if isinstance(raw, list) else []
    return ":".join([str(payload.get("kind", "?")), *(str(a) for a in args)])


def _valid_undo(payload: dict[str, Any], seq: int) -> bool:
    args = payload.get("args")
    return (isinstance(args, list) and len(args) == 1 and isinstance(args[0], int)
            and not isinstance(args[0], bool) and 0 <= args[0] < seq)


def _check_end(export: GameExport, game: engine.Game, state: Any, outcome: Outcome | None) -> None:
    """The replay must end where the file says: the same scores and places, and the same final position."""
    recorded = export.outcome
    if recorded is not None:
        if outcome is None:
            raise ExportError("The file records final scores, but its moves don't finish the game.")
        if (list(recorded.get("scores", [])) != list(outcome.scores)
                or [list(g) for g in recorded.get("ranking", [])] != [list(g) for g in outcome.ranking]):
            raise ExportError(f"The moves replay to scores {list(outcome.scores)}, "
                              f"but the file records {recorded.get('scores')}: the file was changed.")
    elif export.status == "finished":
        raise ExportError("The file says the game finished but records no final scores.")
    if export.version >= VERSION and view_fingerprint(game, state) != export.final_view:
        raise ExportError("The moves replay to a different final position than the file records "
                          "(the file was changed, or it comes from another version of the rules).")
