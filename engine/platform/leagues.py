"""League arithmetic, free of I/O: table sizes, Swiss-like pairings that avoid rematches, points and standings."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.core import GameError

MAX_POINTS_PLACES = 6  # the biggest table of any game on the platform
SEARCH_MEMBERS = 40  # up to this many members the pairing searches for a schedule with no rematch at all
SEARCH_BUDGET = 20000  # tables tried before that search settles for the greedy pairing
WINDOW = 60  # candidates the greedy pairing looks through for a newcomer to a table


class LeagueError(GameError):
    """A league request that cannot be met; the message is the organiser's to read."""


@dataclass(frozen=True)
class Entrant:
    """A member to be seated, in the order the pairing prefers (standing, then rating)."""

    user_id: int
    rating: float = 0.0


@dataclass(frozen=True)
class PairedTable:
    """One table of a round: its members, best placed first, and the AI seats that fill it."""

    members: tuple[int, ...]
    ai: int = 0

    @property
    def size(self) -> int:
        return len(self.members) + self.ai


@dataclass(frozen=True)
class GameResult:
    """A finished league game: its ranking groups (best first) of seat holders; None is an AI seat."""

    round: int
    ranking: tuple[tuple[int | None, ...], ...]

    @property
    def size(self) -> int:
        return sum(len(group) for group in self.ranking)

    @property
    def people(self) -> tuple[int, ...]:
        return tuple(u for group in self.ranking for u in group if u is not None)


@dataclass(frozen=True)
class Standing:
    """One member's line of the standings."""

    rank: int
    user_id: int
    name: str
    points: float
    opponents_points: float  # the first tie-break: the points of everyone they sat with, once per meeting
    rating: float  # the second tie-break
    games: int
    wins: int


# -- tables ----------------------------------------------------------------------------------------


def table_sizes(count: int, size: int, min_players: int, max_players: int, allow_ai: bool) -> tuple[list[int], int]:
    """How `count` members sit at tables of `size`: (each table's seats, AI seats among them).

    Where the count does not divide, some tables take one seat more or one less, whichever changes fewer
    tables (one more on a tie: fewer games to run); AI seats fill the gap only where neither fits the game.
    """
    if not min_players <= size <= max_players:
        raise LeagueError(f"This game is played by {min_players} to {max_players} players, not {size}.")
    tables, extra = divmod(count, size)
    if extra == 0 and tables:
        return [size] * tables, 0
    bigger = [size + 1] * extra + [size] * (tables - extra) if 0 < extra <= tables and size < max_players else None
    short = size - extra
    smaller = [size] * (tables + 1 - short) + [size - 1] * short if tables + 1 >= short and size > min_players else None
    options = [o for o in (bigger, smaller) if o]
    if options:
        changed = [sum(1 for s in o if s != size) for o in options]
        return options[changed.index(min(changed))], 0
    if allow_ai:
        return [size] * (tables + 1), size - extra
    raise LeagueError(f"{count} member{'s' if count != 1 else ''} can't be split into tables of {size} (or one more or less) for this game; "
                      "allow AI seats, change the table size, or wait for more members.")


def meetings(tables: Iterable[Sequence[int]]) -> dict[int, set[int]]:
    """Who has sat with whom, from earlier tables."""
    met: dict[int, set[int]] = {}
    for table in tables:
        for user in table:
            met.setdefault(user, set()).update(u for u in table if u != user)
    return met


def pair_round(entrants: Sequence[Entrant], size: int, min_players: int, max_players: int, allow_ai: bool,
               met: Mapping[int, set[int]] | None = None) -> list[PairedTable]:
    """Seat the entrants (already in order: standing, then rating) at tables, neighbours together.

    Swiss-like: each table takes the best placed member left and fills up with the next ones who have not met
    anyone at it yet; small leagues search for a schedule with no rematch at all. Deterministic: the same
    entrants and history always give the same tables.
    """
    met = met or {}
    sizes, ai = table_sizes(len(entrants), size, min_players, max_players, allow_ai)
    people = [sizes[i] - (ai if i == len(sizes) - 1 else 0) for i in range(len(sizes))]
    order = [e.user_id for e in entrants]
    if len(set(order)) != len(order):
        raise LeagueError("A member can sit at only one table in a round.")
    tables = _search(order, people, met) if len(order) <= SEARCH_MEMBERS else None
    if tables is None:
        tables = _repair(_greedy(order, people, met), met)
    return [PairedTable(tuple(t), ai if i == len(tables) - 1 else 0) for i, t in enumerate(tables)]


def _clashes(user: int, table: Sequence[int], met: Mapping[int, set[int]]) -> int:
    seen = met.get(user, ())
    return sum(1 for other in table if other in seen)


def _greedy(order: list[int], people: list[int], met: Mapping[int, set[int]]) -> list[list[int]]:
    left = list(order)
    tables = []
    for seats in people:
        table = [left.pop(0)]
        while len(table) < seats:
            best, fewest = 0, None
            for index, user in enumerate(left[:WINDOW]):
                clashes = _clashes(user, table, met)
                if fewest is None or clashes < fewest:
                    best, fewest = index, clashes
                    if clashes == 0:
                        break
            table.append(left.pop(best))
        tables.append(table)
    return tables


def _repair(tables: list[list[int]], met: Mapping[int, set[int]]) -> list[list[int]]:
    """Swap members between tables wherever that lowers the rematches; at most one pass per table."""
    def cost(table: list[int]) -> int:
        return sum(_clashes(u, table, met) for u in table) // 2

    for i, table in enumerate(tables):
        for seat, user in enumerate(table):
            if _clashes(user, table, met) == 0:
                continue
            for j in (*range(i + 1, len(tables)), *range(i - 1, -1, -1)):  # neighbours in the order first
                other = tables[j]
                swapped = False
                for k, candidate in enumerate(other):
                    a = table[:seat] + [candidate] + table[seat + 1:]
                    b = other[:k] + [user] + other[k + 1:]
                    if cost(a) + cost(b) < cost(table) + cost(other):
                        tables[i], tables[j] = table, other = a, b
                        swapped = True
                        break
                if swapped:
                    break
    return tables


def _search(order: list[int], people: list[int], met: Mapping[int, set[int]]) -> list[list[int]] | None:
    """A pairing with no rematch, found depth first in the preferred order; None past the budget or if none."""
    budget = [SEARCH_BUDGET]

    def fill(left: list[int], sizes: list[int]) -> list[list[int]] | None:
        if not sizes:
            return []
        anchor, rest = left[0], left[1:]
        for table in _tables_from(anchor, rest, sizes[0], met):
            budget[0] -= 1
            if budget[0] < 0:
                return None
            remaining = [u for u in rest if u not in table]
            found = fill(remaining, sizes[1:])
            if found is not None:
                return [table, *found]
        return None

    return fill(order, people)


def _tables_from(anchor: int, rest: list[int], seats: int, met: Mapping[int, set[int]]) -> Iterable[list[int]]:
    """Every rematch-free table of `anchor` and members of `rest`, nearest neighbours first."""
    def extend(table: list[int], start: int) -> Iterable[list[int]]:
        if len(table) == seats:
            yield table
            return
        for index in range(start, len(rest)):
            user = rest[index]
            if _clashes(user, table, met) == 0:
                yield from extend([*table, user], index + 1)

    yield from extend([anchor], 0)


# -- points and standings ----------------------------------------------------------------------------


def runs_leagues(can_manage: bool, role_ids: Iterable[int], admin_roles: Iterable[int]) -> bool:
    """Who runs a server's leagues: members with Manage Server, or a role Manage Server named with /league admins."""
    return can_manage or bool(set(role_ids) & set(admin_roles))


def parse_points(text: str | None) -> tuple[float, ...] | None:
    """'3,1,0' as points per place; empty means the default (one point per player beaten)."""
    if not text or not text.strip():
        return None
    try:
        points = tuple(float(p) for p in text.replace(";", ",").split(",") if p.strip())
    except ValueError:
        raise LeagueError("Points are numbers per place, best first, separated by commas: e.g. 3,1,0.") from None
    if not points or len(points) > MAX_POINTS_PLACES or any(p < 0 for p in points):
        raise LeagueError(f"Give 1 to {MAX_POINTS_PLACES} points per place, none below zero: e.g. 3,1,0.")
    if any(a < b for a, b in zip(points, points[1:])):
        raise LeagueError("A better place can't earn fewer points than a worse one.")
    return points


def points_text(points: tuple[float, ...] | None) -> str:
    """How the points are given, in words for /league info."""
    if points is None:
        return "one point per player finishing below you (first at a table of 3: 2, then 1, then 0)"
    return ", ".join(_number(p) for p in points) + " by place; any place after: 0"


def _number(value: float) -> str:
    return f"{value:g}"


def place_points(place: int, size: int, points: tuple[float, ...] | None) -> float:
    """The points of the place (1-based) at a table of `size`."""
    if points is None:
        return float(size - place)
    return points[place - 1] if place <= len(points) else 0.0


def game_points(result: GameResult, points: tuple[float, ...] | None) -> dict[int, float]:
    """Each person's points from one game; a tie shares out the points of the places it spans, equally."""
    earned: dict[int, float] = {}
    place = 1
    for group in result.ranking:
        spanned = [place_points(p, result.size, points) for p in range(place, place + len(group))]
        share = sum(spanned) / len(group)
        for user in group:
            if user is not None:
                earned[user] = share
        place += len(group)
    return earned


def standings(names: Mapping[int, str], results: Sequence[GameResult], ratings: Mapping[int, float],
              points: tuple[float, ...] | None) -> list[Standing]:
    """Every member's line, best first: points, then opponents' points, then rating; a full tie shares the rank."""
    total = {user: 0.0 for user in names}
    games = {user: 0 for user in names}
    wins = {user: 0 for user in names}
    for result in results:
        for user, earned in game_points(result, points).items():
            if user in total:
                total[user] += earned
                games[user] += 1
        for winner in result.ranking[0] if result.ranking else ():
            if winner is not None and winner in wins:  # None: an AI seat, which no member's line counts
                wins[winner] += 1
    opponents = {user: 0.0 for user in names}
    for result in results:
        people = [u for u in result.people if u in total]
        for user in people:
            opponents[user] += sum(total[other] for other in people if other != user)
    key = {u: (-total[u], -opponents[u], -ratings.get(u, 0.0)) for u in names}
    ordered = sorted(names, key=lambda u: (*key[u], names[u].lower(), u))
    lines: list[Standing] = []
    for index, user in enumerate(ordered):
        rank = lines[-1].rank if lines and key[lines[-1].user_id] == key[user] else index + 1
        lines.append(Standing(rank, user, names[user], total[user], opponents[user], ratings.get(user, 0.0),
                              games[user], wins[user]))
    return lines


def entrants_by_standing(lines: Sequence[Standing]) -> list[Entrant]:
    """The next round's order: the standings as they are (rating already breaks the ties)."""
    return [Entrant(line.user_id, line.rating) for line in lines]


def entrants_by_rating(ratings: Mapping[int, float]) -> list[Entrant]:
    """The first round's order: the strongest first; the lower id on a tie, so the order never wavers."""
    return [Entrant(u, r) for u, r in sorted(ratings.items(), key=lambda item: (-item[1], item[0]))]
