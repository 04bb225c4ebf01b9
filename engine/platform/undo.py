"""Undo as an entry in the action log: the log stays append-only, and replaying it goes back where an undo says."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from engine.core import Action, Game

UNDO = "undo"  # the kind of a log entry that takes moves back: its one argument is the version to go back to


def is_undo(payload: dict[str, Any]) -> bool:
    return payload.get("kind") == UNDO


def undo_payload(to_version: int) -> dict[str, Any]:
    return {"kind": UNDO, "args": [to_version]}


@dataclass
class Replayer:
    """Replays a log in order and keeps the state at every version, so an undo entry can go back to one."""

    game: Game
    states: dict[int, Any] = field(default_factory=dict)  # version -> the state after that entry (0: the setup)

    def start(self, state: Any, version: int = 0) -> None:
        """Begin at `state`, the state at `version` (a snapshot's): an undo may go back to it or later."""
        self.states = {version: state}

    def apply(self, seq: int, seat: int, payload: dict[str, Any]) -> Any:
        before = self.states[seq - 1]
        if is_undo(payload):
            state = self.states[int(payload["args"][0])]
        else:
            state = self.game.apply(before, seat, Action.from_dict(payload))
        self.states[seq] = state
        return state


def undone(entries: Iterable[tuple[int, dict[str, Any]]]) -> set[int]:
    """The versions that undo entries took back (an undo entry itself is never undone here)."""
    taken: set[int] = set()
    for seq, payload in entries:
        if is_undo(payload):
            taken.update(range(int(payload["args"][0]) + 1, seq))
    return taken
