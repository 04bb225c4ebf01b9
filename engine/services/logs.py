"""Contrail's log lines for operators: one per committed move (game, seat, time to commit, time to post), and JSON.

A move is committed by the service, but only the Discord layer knows when the message showing it was posted.
So a request (an interaction, a round of the scheduler) opens a `MoveLog` for its task: the service notes each
commit in it, the Discord layer says when a game's moves were posted, and whatever is left when the request ends
is logged then, without a post time. A commit made outside any request is logged at once. Either way each move
gets exactly one line.
"""

from __future__ import annotations

import json
import logging
import time
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from enum import Enum

move_log = logging.getLogger("contrail.moves")


class Mover(str, Enum):
    """Who made a move: a person, an AI seat, or the autopilot playing a person's seat."""

    PLAYER = "player"
    AI = "ai"
    AUTOPILOT = "autopilot"


def mover(*, ai: bool, autopilot: bool) -> Mover:
    return Mover.AUTOPILOT if autopilot else Mover.AI if ai else Mover.PLAYER


@dataclass(frozen=True)
class Commit:
    """One committed move, waiting for the message that shows it."""

    game: int
    seq: int  # the game's version after the move
    seat: int
    by: Mover
    commit_ms: float  # from the start of the request that made it to the end of its transaction
    committed_at: float = field(repr=False)  # time.monotonic() at the commit

    def fields(self, post_ms: float | None) -> dict[str, object]:
        """The keys a log collector gets, the same as the text line's."""
        values = {k: v for k, v in asdict(self).items() if k != "committed_at"}
        return {**values, "by": self.by.value, "commit_ms": round(self.commit_ms, 1),
                "post_ms": None if post_ms is None else round(post_ms, 1)}


def _emit(commit: Commit, post_ms: float | None) -> None:
    fields = commit.fields(post_ms)
    text = " ".join(f"{k}={'none' if v is None else v}" for k, v in fields.items())
    move_log.info("move %s", text, extra=fields)


class MoveLog:
    """The moves one request committed and has not yet shown."""

    def __init__(self) -> None:
        self.started = time.monotonic()
        self._pending: list[Commit] = []

    def add(self, commit: Commit) -> None:
        self._pending.append(commit)

    def posted(self, game: int) -> None:
        """The message showing this game's moves was posted: one line each, with its time from commit to post."""
        now = time.monotonic()
        kept = []
        for commit in self._pending:
            if commit.game == game:
                _emit(commit, (now - commit.committed_at) * 1000)
            else:
                kept.append(commit)
        self._pending = kept

    def flush(self) -> None:
        """The request ends: moves never shown (Discord refused, or nothing posts them) are logged without a post time."""
        for commit in self._pending:
            _emit(commit, None)
        self._pending = []


_current: ContextVar[MoveLog | None] = ContextVar("contrail_move_log", default=None)


@contextmanager
def request() -> Iterator[MoveLog]:
    """Collect this task's commits until the request ends; a request inside another one shares the outer log."""
    outer = _current.get()
    if outer is not None:
        yield outer
        return
    current = MoveLog()
    token = _current.set(current)
    try:
        yield current
    finally:
        _current.reset(token)
        current.flush()


def committed(game: int, seq: int, seat: int, by: Mover, *, since: float) -> None:
    """The service committed a move; `since` (monotonic) is when it began work on it, used outside any request."""
    now = time.monotonic()
    current = _current.get()
    started = current.started if current is not None else since
    commit = Commit(game, seq, seat, by, (now - started) * 1000, now)
    if current is None:
        _emit(commit, None)
    else:
        current.add(commit)


def posted(game: int) -> None:
    """The Discord layer posted (or edited) the message showing this game's latest moves."""
    current = _current.get()
    if current is not None:
        current.posted(game)


# -- LOG_FORMAT=json -------------------------------------------------------------------------------------

# The attributes every LogRecord has: anything else on a record came from `extra=` and becomes a JSON key.
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime", "taskName"}


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, the `extra` fields, and any traceback."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        entry.update({k: v for k, v in vars(record).items() if k not in _STANDARD and k not in entry})
        if record.exc_info:
            entry["exception"] = "".join(traceback.format_exception(*record.exc_info)).rstrip()
        elif record.stack_info:
            entry["stack"] = record.stack_info
        # default=str: an extra value JSON cannot hold still shows, as text, rather than losing the line.
        return json.dumps(entry, ensure_ascii=False, default=str)
