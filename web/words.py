"""The pages' words: a game's status, its scores and result as lines, and times as a reader reads them."""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import UTC, datetime

from engine.core import Outcome
from engine.platform.records import Status
from engine.services.loading import winners_with_score
from engine.services.tables import Standing, Table
from engine.words import count

MINUTE, HOUR, DAY = 60, 3600, 86400


@dataclass(frozen=True)
class ScoreRow:
    """One seat's line of the scores: its name, its score, and how it is played (AI, autopilot, away)."""

    name: str
    score: str
    note: str


@dataclass(frozen=True)
class ResultLine:
    place: int
    name: str
    score: str
    tiebreak: str


def status_words(table: Table) -> str:
    """The game's state in a sentence, as a page's first line says it."""
    if table.status is Status.LOBBY:
        seats = f"{len(table.players)} of {table.min_players}–{table.max_players} players"
        return f"Waiting in the lobby: {seats} so far."
    if table.status is Status.ABANDONED:
        return "This game was abandoned." if table.started else "This game was abandoned before it started."
    if table.status is Status.FINISHED:
        return f"This game is over after {count(table.version, 'move')}."
    return f"Being played: {count(table.version, 'move')} so far."


def standing_rows(standings: tuple[Standing, ...]) -> list[ScoreRow]:
    rows = []
    for s in standings:
        note = "AI" if s.ai else "autopilot" if s.autopilot else "away" if s.away_until is not None else ""
        rows.append(ScoreRow(s.name, s.score_text, note))
    return rows


def result_lines(table: Table, outcome: Outcome | None) -> list[ResultLine]:
    """The final ranking, shared places sharing a number, with the tie-break where the game has one."""
    if outcome is None:
        return []
    names = {p.seat: p.name for p in table.players if p.seat is not None}
    lines, place = [], 1
    for group in outcome.ranking:
        for seat in group:
            tiebreak = outcome.tiebreak_text(seat) if outcome.tiebreak else ""
            lines.append(ResultLine(place, names.get(seat, f"Seat {seat + 1}"), outcome.score_text(seat), tiebreak))
        place += len(group)
    return lines


def winners_words(table: Table, outcome: Outcome | None) -> str:
    if outcome is None or not outcome.winners:
        return ""
    return f"{winners_with_score(table, outcome)}."  # the words the final board's headline shows


def moment(when: float) -> str:
    """'2 Dec 2026, 05:10 UTC': one time for every reader, as a page without JavaScript shows it."""
    return datetime.fromtimestamp(when, UTC).strftime("%-d %b %Y, %H:%M UTC")


def instant(when: float) -> str:
    """'2026-12-02T05:10:00Z': the same time for a <time> element, which the page's script shows in the reader's
    own time zone."""
    return datetime.fromtimestamp(when, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def ago(when: float, now: float | None = None) -> str:
    """'just now', '5 minutes ago', '3 hours ago', '2 days ago'."""
    seconds = max(0.0, (time.time() if now is None else now) - when)
    if seconds < MINUTE:
        return "just now"
    if seconds < HOUR:
        return f"{count(int(seconds // MINUTE), 'minute')} ago"
    if seconds < 2 * DAY:
        return f"{count(int(seconds // HOUR), 'hour')} ago"
    return f"{count(int(seconds // DAY), 'day')} ago"
