"""A game's statistics: what one finished game adds (replayed from its log), and what many add up to, in words."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from statistics import fmean, median
from typing import Any

import engine
from engine.core import Outcome
from engine.figures import StatLine, Tally, game_stats, shown_stats
from engine.platform.records import ActionRow, GameRow
from engine.platform.undo import Replayer, is_undo, undone
from engine.words import count, score

SECONDS_PER_DAY = 86_400
CHANCE_EDGE = 2  # a seat's gap from its fair share within about 2 standard errors is what chance alone gives
TELLING_GAMES = 30  # games at a seat position before its wins tell an edge from luck (a fair share's error: 9 points)


def seat_positions(first_played: Sequence[int], players: int) -> tuple[int, ...]:
    """Each seat's position in the order the seats first played (0: played first); a seat that never played comes
    after those that did, in seat order. The arena and the statistics count positions alike."""
    order = [*dict.fromkeys(first_played), *(seat for seat in range(players) if seat not in first_played)]
    return tuple(order.index(seat) for seat in range(players))


def ordinal(place: int) -> str:
    """'1st', '2nd', '3rd', '11th'."""
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


@dataclass(frozen=True)
class PlayedGame:
    """What one finished game adds to the statistics (it is over: nothing in it is hidden any more)."""

    game_id: int
    players: int
    moves: int  # moves that stand: an undo and the moves it took back are not counted
    days: float  # from the first move to the last
    positions: tuple[int, ...]  # per seat: its position in the order the seats first played
    winners: tuple[int, ...]  # a shared first place has several
    scores: tuple[int, ...]
    unit: str
    figures: Mapping[str, float]  # the game's own `stats` of its final state


def played_game(row: GameRow, players: int, actions: Sequence[ActionRow]) -> PlayedGame:
    """Replay a finished game's log (slow for a long game: call it in a worker thread) into what it adds."""
    game = engine.get_game(row.slug)
    replayer = Replayer(game)
    replayer.start(game.setup(players, row.seed, dict(row.options)))
    taken_back = undone((action.seq, action.payload) for action in actions)
    first_played: list[int] = []
    moves = 0
    for action in actions:
        before = replayer.states[action.seq - 1]
        if not is_undo(action.payload) and action.seq not in taken_back:
            moves += 1
            to_act = game.to_act(before)
            if to_act and to_act[0] not in first_played:  # as the arena counts: the seat first asked
                first_played.append(to_act[0])
        replayer.apply(action.seq, action.seat, action.payload)
    outcome = Outcome.from_dict(row.outcome or {})
    final = replayer.states[actions[-1].seq] if actions else replayer.states[0]
    return PlayedGame(row.id, players, moves, _days(actions), seat_positions(first_played, players),
                      outcome.winners, outcome.scores, outcome.unit, game_stats(game, final))


def _days(actions: Sequence[ActionRow]) -> float:
    try:
        first, last = (datetime.fromisoformat(actions[i].created_at) for i in (0, -1))
    except (IndexError, ValueError):  # no moves, or a time the store did not write
        return 0.0
    return max(0.0, (last - first).total_seconds() / SECONDS_PER_DAY)


@dataclass(frozen=True)
class Spread:
    """The lowest, median and highest of a figure over the games."""

    lowest: float
    median: float
    highest: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        return cls(min(values), median(values), max(values)) if values else cls(0, 0, 0)


@dataclass(frozen=True)
class SeatShare:
    """The wins of one seat position (0: played first), a shared first place split between its seats."""

    position: int
    games: int  # games with a seat at this position
    wins: float
    fair: float  # the share a fair seat would win: 1 / players, averaged over those games
    error: float  # the standard error of a fair seat's share over those games: how far chance alone moves it

    @property
    def share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def z(self) -> float:
        """The gap from the fair share in standard errors."""
        return (self.share - self.fair) / self.error if self.error else 0.0

    @property
    def telling(self) -> bool:
        """Whether enough games were played at this position for its wins to tell an edge from luck."""
        return self.games >= TELLING_GAMES

    @property
    def luck(self) -> tuple[float, float] | None:
        """The shares luck alone gives a fair seat (within CHANCE_EDGE errors of its fair share), once telling."""
        if not self.telling:
            return None
        return max(0.0, self.fair - CHANCE_EDGE * self.error), min(1.0, self.fair + CHANCE_EDGE * self.error)

    @property
    def verdict(self) -> str:
        """What the wins say, in a player's words: nothing yet, or luck, or an edge one way or the other."""
        if not self.telling:
            return ""
        if abs(self.z) <= CHANCE_EDGE:
            return ": within what luck gives"
        return ": more than luck gives" if self.z > 0 else ": less than luck gives"

    @property
    def text(self) -> str:
        """'1st to play: won 60% of 10 games (fair 50%)', '... of 300 games (fair 50%: more than luck gives)'."""
        return (f"{ordinal(self.position + 1)} to play: won {self.share:.0%} of {count(self.games, 'game')}"
                f" (fair {self.fair:.0%}{self.verdict})")


@dataclass(frozen=True)
class Figure:
    """One of the game's own figures over the games: a mean per game, a level on average, or a share of games."""

    key: str
    label: str
    tally: Tally
    value: float

    @property
    def text(self) -> str:
        """'Hindenburg phases built: 1.5 per game', 'Hindenburg completed: 20% of games'."""
        amount = f"{self.value:.0%}" if self.tally is Tally.SHARE else f"{self.value:,.1f}".removesuffix(".0")
        return f"{self.label}: {amount} {self.tally.value}"


@dataclass(frozen=True)
class GameFigures:
    """A game's statistics over the finished games of one server (or of every server), with their words."""

    slug: str
    title: str
    everywhere: bool  # every server's games (the owner's command), not one server's
    version: str  # changes exactly when another game finishes: what caches of these figures are keyed on
    games: int
    players: tuple[tuple[int, int], ...]  # (seats, games played at that many), fewest seats first
    moves: Spread
    days: Spread
    seats: tuple[SeatShare, ...]
    unit: str  # what the scores count ('VP', 'miles', '$')
    winning: Spread  # the winner's score
    margin: Spread  # the winner's lead over the best other seat (0 for a shared win)
    figures: tuple[Figure, ...]

    @property
    def where(self) -> str:
        return "on every server" if self.everywhere else "on this server"

    @property
    def summary(self) -> str:
        """'12 finished games on this server: 8 at 2 players, 4 at 3 players'."""
        counts = ", ".join(f"{games} at {count(seats, 'player')}" for seats, games in self.players)
        return f"{count(self.games, 'finished game')} {self.where}: {counts}"

    def sections(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """The figures as headed lines of words: the embed, the page and the command line show the same."""
        length = (spread_text("Moves", self.moves, lambda n: f"{n:,.0f}"), spread_text("Time", self.days, days_text))
        seats = tuple(share.text for share in self.seats)
        if not all(share.telling for share in self.seats):
            seats += (f"Too few games yet to tell an edge from luck: that takes about {TELLING_GAMES} at each position.",)
        scores = (spread_text("Winning score", self.winning, self._score),
                  f"Winner's margin: {self._score(self.margin.median)} median, {self._score(self.margin.highest)} "
                  "at the widest")
        sections = [("Length", length), ("Wins by seat position", seats), ("Scores", scores)]
        if self.figures:
            sections.append((f"{self.title} figures", tuple(figure.text for figure in self.figures)))
        return tuple(sections)

    def _score(self, value: float) -> str:
        return score(round(value), self.unit)

    def to_json(self) -> str:
        data = asdict(self)
        data["figures"] = [{**asdict(f), "tally": f.tally.value} for f in self.figures]
        data["seats"] = [{**asdict(s), "share": round(s.share, 4), "z": round(s.z, 2)} for s in self.seats]
        return json.dumps(data)


def spread_text(label: str, spread: Spread, words: Callable[[float], str]) -> str:
    """'Moves: 120 median, 90 to 150'; one value when the games all agree ('Time: under an hour')."""
    low, middle, high = words(spread.lowest), words(spread.median), words(spread.highest)
    return f"{label}: {middle}" if low == high else f"{label}: {middle} median, {low} to {high}"


def days_text(days: float) -> str:
    """'under an hour', '5 hours', '1 day', '2.5 days'."""
    hours = round(days * 24)
    if hours < 1:
        return "under an hour"
    if hours < 24:
        return count(hours, "hour")
    return "1 day" if round(days, 1) == 1 else f"{days:,.1f} days".replace(".0 ", " ")


def game_figures(slug: str, games: Sequence[PlayedGame], version: str, *, everywhere: bool) -> GameFigures:
    """What these finished games of one game add up to (at least one game)."""
    game = engine.get_game(slug)
    seat_counts = sorted({one.players for one in games})
    return GameFigures(
        slug=slug, title=game.title, everywhere=everywhere, version=version, games=len(games),
        players=tuple((seats, sum(1 for one in games if one.players == seats)) for seats in seat_counts),
        moves=Spread.of([one.moves for one in games]),
        days=Spread.of([one.days for one in games]),
        seats=seat_shares(games),
        unit=games[0].unit,
        winning=Spread.of([one.scores[one.winners[0]] for one in games if one.winners]),
        margin=Spread.of([margin(one) for one in games if one.winners]),
        figures=tuple(_figure(line, games) for line in shown_stats(game)),
    )


def seat_shares(games: Sequence[PlayedGame]) -> tuple[SeatShare, ...]:
    """Wins by seat position; with games of several sizes, each position counts the games that had it."""
    most = max((one.players for one in games), default=0)
    shares = []
    for position in range(most):
        having = [one for one in games if one.players > position]
        wins = sum(1 / len(one.winners) for one in having for seat in one.winners if one.positions[seat] == position)
        fair = fmean(1 / one.players for one in having)
        error = math.sqrt(sum((1 / one.players) * (1 - 1 / one.players) for one in having)) / len(having)
        shares.append(SeatShare(position, len(having), wins, fair, error))
    return tuple(shares)


def margin(one: PlayedGame) -> int:
    """The winner's lead over the best other seat: 0 for a shared win, or a tie of scores broken by the rules."""
    others = [points for seat, points in enumerate(one.scores) if seat != one.winners[0]]
    return one.scores[one.winners[0]] - max(others) if others else 0


def _figure(line: StatLine, games: Sequence[PlayedGame]) -> Figure:
    values = [one.figures[line.key] for one in games if line.key in one.figures]
    return Figure(line.key, line.label, line.tally, fmean(values) if values else 0.0)


def plain_chart(figures: GameFigures) -> dict[str, Any]:
    """The chart's data as plain values for the renderer, which knows nothing of these types."""
    return {"title": figures.title,
            "subtitle": f"Wins by seat position, {count(figures.games, 'finished game')} {figures.where}",
            "seats": [{"label": f"{ordinal(s.position + 1)} to play", "share": s.share, "fair": s.fair,
                       "games": s.games, "luck": list(s.luck) if s.luck else None} for s in figures.seats]}
