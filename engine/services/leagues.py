"""Leagues in the table service: seasons, sign-ups, rounds paired and opened by due items, and the champion."""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace

import engine
from engine.core import GameError, Outcome
from engine.options import PACK, with_edition
from engine.platform.leagues import (
    GameResult, LeagueError, Standing, entrants_by_rating, entrants_by_standing, game_points, meetings, pair_round,
    parse_points, runs_leagues, standings,
)
from engine.platform.levels import Level
from engine.platform.notify import Alerts, quiet_until
from engine.platform.spreadsheets import Cell, csv_text
from engine.platform.records import DueKind, DueRow, Notify, PostKind, Status, StoreError
from engine.store import LeagueGame, LeagueRow, LeagueStatus, NewTable
from engine.services.dues import DueSpec, DueWork, declare
from engine.services.league_news import LeagueNews, LeagueNewsKind
from engine.services.core import MAX_AUTOMATIC, TableCore
from engine.services.packs import Packs
from engine.services.ratings import Ratings
from engine.services.tables import Table, ai_name, new_seed

__all__ = ["LeagueInfo", "LeagueNews", "LeagueNewsKind", "LeaguePage", "LeagueRow", "Leagues", "LeagueStatus",
           "LeagueTable", "NotLeagueAdmin"]

log = logging.getLogger(__name__)


NAME_MAX = 40  # a league's name, shown in thread names and embed titles
MAX_ROUNDS = 20
LOBBY_RETRY_SECONDS = 3600  # a round's game still in its lobby at the deadline is looked at again this much later
REMINDER_SECONDS = 86400  # a league game reminds the player it waits on daily, as /game new does by default
ROUND_END_WORDS = "The round's deadline came: the autopilot plays this game out for every seat."  # the log's line
ROUND_END_NOTICE = "The round's deadline came, so the autopilot played this game out for every seat."


class NotLeagueAdmin(GameError):
    """Only members with Manage Server or a league admin role may run leagues."""


@dataclass(frozen=True)
class LeagueInfo:
    """A league's settings, members and schedule, for /league info."""

    league: LeagueRow
    members: dict[int, str]
    games: tuple[LeagueGame, ...]
    names: dict[int, str]  # every person seated in the season's games, by user id
    pack_name: str = ""  # the data pack its games play with ("" for the built-in cards)


@dataclass(frozen=True)
class LeaguePage:
    """A league's season for its web page: the standings, every game of its rounds, and the seated names."""

    standing: LeagueTable
    games: tuple[LeagueGame, ...]
    names: dict[int, str]  # every person seated in the season's games, by user id
    seasons: int  # how many seasons the league has had (the latest may still be running)


@dataclass(frozen=True)
class LeagueTable:
    """The standings of a season as they are now."""

    league: LeagueRow
    lines: tuple[Standing, ...]
    played: int  # games finished
    games: int  # games opened so far


def in_season(league: LeagueRow, season: int | None) -> LeagueRow:
    """The league as it stood in `season` (None: the current one). A past season is over: all its rounds played."""
    if season is None or season == league.season:
        return league
    if not 1 <= season < league.season:
        raise LeagueError(f"{league.name} has had seasons 1 to {league.season}." if league.season > 1
                          else f"{league.name} is in its first season.")
    return replace(league, season=season, status=LeagueStatus.FINISHED, round=league.rounds, round_ends=None)


def results_of(games: list[LeagueGame]) -> list[GameResult]:
    """Finished games' rankings by user (None for an AI seat); an abandoned game counts for nobody."""
    results = []
    for game in games:
        if game.status is not Status.FINISHED or not game.outcome:
            continue
        by_seat = {seat: (None if ai else user) for seat, user, ai in game.seats}
        ranking = tuple(tuple(by_seat.get(seat) for seat in group) for group in game.outcome.get("ranking", []))
        results.append(GameResult(game.round, ranking))
    return results


class Leagues:
    """Everything /league asks, and the rounds that open and end on their own."""

    def __init__(self, core: TableCore, ratings: Ratings, packs: Packs) -> None:
        self._core = core
        self._store = core.store
        self._ratings = ratings
        self._packs = packs

    # -- finding and running leagues ------------------------------------------------------------------

    async def league_named(self, guild_id: int, name: str | None) -> LeagueRow:
        """The league of that name on this server (any case); with no name, the server's only league."""
        leagues = await self._store.leagues.in_guild(guild_id)
        if not leagues:
            raise LeagueError("This server has no league yet: /league create opens one.")
        if name is None or not name.strip():
            if len(leagues) == 1:
                return leagues[0]
            raise LeagueError("This server has several leagues: name one (" +
                              ", ".join(lg.name for lg in leagues[:10]) + ").")
        wanted = name.strip().lower()
        found = next((lg for lg in leagues if lg.name.lower() == wanted), None)
        if found is None:
            raise LeagueError(f"There's no league named {name.strip()!r} on this server.")
        return found

    async def league_names(self, guild_id: int) -> list[str]:
        return [lg.name for lg in await self._store.leagues.in_guild(guild_id)]

    async def may_run_leagues(self, guild_id: int, role_ids: list[int], can_manage: bool) -> bool:
        return runs_leagues(can_manage, role_ids, await self._store.leagues.admins(guild_id))

    async def _require_admin(self, guild_id: int, role_ids: list[int], can_manage: bool) -> None:
        if not await self.may_run_leagues(guild_id, role_ids, can_manage):
            raise NotLeagueAdmin("Only members with Manage Server or a league admin role (/league admins) "
                                 "can do that.")

    async def set_league_admin(self, guild_id: int, role_id: int, on: bool, *, can_manage: bool) -> list[int]:
        """Manage Server alone decides which roles run leagues; the roles that do now."""
        if not can_manage:
            raise NotLeagueAdmin("Only members with Manage Server can choose who runs leagues.")
        await self._store.leagues.set_admin(guild_id, role_id, on)
        return await self._store.leagues.admins(guild_id)

    async def league_admins(self, guild_id: int) -> list[int]:
        return await self._store.leagues.admins(guild_id)

    async def create_league(
        self, guild_id: int, channel_id: int, user_id: int, role_ids: list[int], *, can_manage: bool,
        name: str, slug: str, table_size: int, turn_seconds: int | None, round_seconds: int, rounds: int,
        allow_ai: bool = False, points: str | None = None, ai_level: Level = Level.STANDARD, pack: str | None = None,
    ) -> LeagueRow:
        """A new league; its games play the server's pack of that name (fixed now), else the built-in cards."""
        await self._require_admin(guild_id, role_ids, can_manage)
        name = " ".join(name.split())
        if not 1 <= len(name) <= NAME_MAX:
            raise LeagueError(f"A league's name has 1 to {NAME_MAX} characters.")
        game = engine.get_game(slug)
        if not game.min_players <= table_size <= game.max_players:
            raise LeagueError(f"{game.title} is played by {game.min_players} to {game.max_players} players, "
                              f"so tables of {table_size} can't be.")
        if not 1 <= rounds <= MAX_ROUNDS:
            raise LeagueError(f"A season has 1 to {MAX_ROUNDS} rounds.")
        if turn_seconds is not None and turn_seconds > round_seconds:
            raise LeagueError("A turn can't take longer than the whole round.")
        parse_points(points)  # a wrong form is refused now, not when the first round ends
        digest = await self._packs.chosen(guild_id, slug, pack)
        if any(lg.name.lower() == name.lower() for lg in await self._store.leagues.in_guild(guild_id)):
            raise LeagueError(f"This server already has a league named {name!r}.")
        try:
            return await self._store.leagues.create(guild_id, channel_id, name, slug, table_size, turn_seconds,
                                                   round_seconds, rounds, allow_ai, (points or "").strip() or None,
                                                   user_id, ai_level, digest)
        except StoreError:
            raise LeagueError(f"This server already has a league named {name!r}.") from None

    async def join_league(self, guild_id: int, name: str | None, user_id: int, user_name: str) -> LeagueRow:
        league = await self.league_named(guild_id, name)
        self._require_signup(league)
        if not await self._store.leagues.add_member(league.id, league.season, user_id, user_name):
            raise LeagueError(f"You're already signed up for {league.name}.")
        return league

    async def leave_league(self, guild_id: int, name: str | None, user_id: int) -> LeagueRow:
        league = await self.league_named(guild_id, name)
        self._require_signup(league)
        if not await self._store.leagues.remove_member(league.id, league.season, user_id):
            raise LeagueError(f"You're not signed up for {league.name}.")
        return league

    @staticmethod
    def _require_signup(league: LeagueRow) -> None:
        if league.status is LeagueStatus.RUNNING:
            raise LeagueError(f"Sign-ups for {league.name} are closed: season {league.season} is being played.")
        if league.status is LeagueStatus.FINISHED:
            raise LeagueError(f"Season {league.season} of {league.name} is over: an organiser can open the next "
                              "with /league start.")

    async def league_info(self, guild_id: int, name: str | None) -> LeagueInfo:
        league = await self.league_named(guild_id, name)
        members = await self._store.leagues.members(league.id, league.season)
        games = await self._store.leagues.games(league.id, league.season)
        return LeagueInfo(league, members, tuple(games), await self._seated_names(members, games),
                          await self._packs.name_of(league.pack))

    async def _seated_names(self, members: dict[int, str], games: list[LeagueGame]) -> dict[int, str]:
        """The season's members and everyone seated in its games (a replacement too), by user id."""
        names = dict(members)
        for game in games:
            table = await self._core.load.table(game.game_id)
            names.update((p.user_id, p.name) for p in table.players if not p.ai)
        return names

    async def league_standings(self, guild_id: int, name: str | None,
                               season: int | None = None) -> LeagueTable:
        league = in_season(await self.league_named(guild_id, name), season)
        games = await self._store.leagues.games(league.id, league.season)
        return await self._table(league, games)

    async def _table(self, league: LeagueRow, games: list[LeagueGame]) -> LeagueTable:
        lines = await self._standings(league, games)
        played = sum(1 for g in games if g.status is Status.FINISHED)
        return LeagueTable(league, tuple(lines), played, len(games))

    async def league_page(self, guild_id: int, league_id: int, season: int | None = None) -> LeaguePage:
        """A league of this server by its id (a web page's link names no league by name): a season's standings,
        the same as /league standings, and its rounds' games with the names of who sits in them."""
        row = await self._store.leagues.get(league_id)
        if row is None or row.guild_id != guild_id:
            raise LeagueError("There's no such league on this server.")
        league = in_season(row, season)
        games = await self._store.leagues.games(league.id, league.season)
        names = await self._seated_names(await self._store.leagues.members(league.id, league.season), games)
        return LeaguePage(await self._table(league, games), tuple(games), names, row.season)

    async def standings_image(self, standing: LeagueTable, subtitle: str) -> bytes | None:
        """The standings drawn as a PNG by a drawing worker; None if drawing failed (the embed still answers)."""
        league = standing.league
        rows = [{"rank": s.rank, "name": s.name, "points": s.points, "opponents": s.opponents_points,
                 "games": s.games} for s in standing.lines]
        return await self._core.pictures.draw(
            f"the standings of league {league.id}", "standings", f"{league.name} · season {league.season}", subtitle,
            rows)

    async def _standings(self, league: LeagueRow, games: list[LeagueGame]) -> list[Standing]:
        members = await self._store.leagues.members(league.id, league.season)
        ratings = await self._ratings.rating_numbers(league.guild_id, league.slug, list(members))
        return standings(members, results_of(games), ratings, parse_points(league.points))

    async def league_csv(self, guild_id: int, name: str | None, season: int | None = None, *,
                         with_ids: bool = True) -> tuple[LeagueRow, str]:
        """The season's results, one line per seat of every finished game, as CSV text; `with_ids=False` leaves
        the user_id column out (a public page never shows a Discord id)."""
        league = in_season(await self.league_named(guild_id, name), season)
        games = await self._store.leagues.games(league.id, league.season)
        points = parse_points(league.points)
        header: list[Cell] = ["league", "season", "round", "game", "seat", "player", "user_id", "place", "score",
                              "points"]
        rows: list[list[Cell]] = [header if with_ids else [h for h in header if h != "user_id"]]
        for game in games:
            if game.status is not Status.FINISHED or not game.outcome:
                continue
            table = await self._core.load.table(game.game_id)
            [result] = results_of([game])
            earned = game_points(result, points)
            place = {seat: 1 + sum(len(g) for g in game.outcome["ranking"][:i])
                     for i, group in enumerate(game.outcome["ranking"]) for seat in group}
            for seat, user, ai in game.seats:
                player = table.at_seat(seat)
                ids = ["" if ai else user] if with_ids else []
                rows.append([league.name, league.season, game.round, game.game_id, seat + 1, player.name, *ids,
                             place.get(seat, ""), game.outcome["scores"][seat],
                             "" if ai else f"{earned.get(user, 0.0):g}"])
        return league, csv_text(rows)

    # -- seasons and rounds -----------------------------------------------------------------------------

    async def start_league(self, guild_id: int, name: str | None, role_ids: list[int], *,
                           can_manage: bool) -> LeagueNews | LeagueRow:
        """Close sign-ups and open round 1; after a finished season, open the next season's sign-ups instead."""
        await self._require_admin(guild_id, role_ids, can_manage)
        league = await self.league_named(guild_id, name)
        if league.status is LeagueStatus.FINISHED:
            opened = await self._store.leagues.open_season(league.id)
            if opened is None:
                raise LeagueError("Someone else just opened the next season.")
            return opened
        if league.status is LeagueStatus.RUNNING:
            raise LeagueError(f"{league.name} is already under way: round {league.round} of {league.rounds}.")
        members = await self._store.leagues.members(league.id, league.season)
        game = engine.get_game(league.slug)
        pair_round(entrants_by_rating({u: 0.0 for u in members}), league.table_size, game.min_players,
                   game.max_players, league.allow_ai)  # too few members is refused before sign-ups close
        if not await self._store.leagues.set_status(league.id, league.season, LeagueStatus.SIGNUP,
                                                   LeagueStatus.RUNNING):
            raise LeagueError(f"{league.name} was just started by someone else.")
        news = await self._open_round(await self._fresh(league), 1)
        if news is None:
            raise LeagueError(f"{league.name}'s first round was just opened by someone else.")
        return news

    async def _fresh(self, league: LeagueRow) -> LeagueRow:
        row = await self._store.leagues.get(league.id)
        assert row is not None
        return row

    async def _open_round(self, league: LeagueRow, round_: int) -> LeagueNews | None:
        """Pair the members and put each table's game in its lobby, with the league's clock; None if already done."""
        game = engine.get_game(league.slug)
        members = await self._store.leagues.members(league.id, league.season)
        earlier = await self._store.leagues.games(league.id, league.season)
        if round_ == 1:
            entrants = entrants_by_rating(await self._ratings.rating_numbers(league.guild_id, league.slug, list(members)))
        else:
            entrants = entrants_by_standing(await self._standings(league, earlier))
        met = meetings([u for _, u, ai in g.seats if not ai] for g in earlier)
        paired = pair_round(entrants, league.table_size, game.min_players, game.max_players, league.allow_ai, met)
        tables = [NewTable(tuple((u, members[u], False) for u in t.members) +
                           tuple((n, ai_name(n, league.ai_level), True) for n in range(1, t.ai + 1)),
                           new_seed(), with_edition(game, {PACK: league.pack} if league.pack else {}), league.ai_level)
                  for t in paired]
        now = self._core.clock()
        game_ids = await self._store.leagues.open_round(league, round_, now + league.round_seconds, now, tables,
                                                REMINDER_SECONDS)
        if game_ids is None:
            return None
        self._core.on_change(None)  # the round's end and its games' reminders are new due times: look again
        await self._look_again(league.id, now)  # shown at once by the scheduler if /league start's caller could not
        return LeagueNews(LeagueNewsKind.ROUND_OPENED, await self._fresh(league), round_, tuple(game_ids))

    async def league_round_due(self, work: DueWork) -> None:
        """A running league's round looked at: its games shown if never shown, the next round, or the season's end."""
        league = await self._store.leagues.get(work.due.league_id or 0)
        if league is None or league.status is not LeagueStatus.RUNNING:
            return
        games = await self._store.leagues.games(league.id, league.season, league.round)
        waiting = tuple([g.game_id for g in games if g.status is Status.LOBBY or (
            g.status is Status.ACTIVE and PostKind.TURN not in await self._store.games.posts(g.game_id))])
        if waiting:  # the bot stopped before it started or posted them (or Discord refused): shown now, and again
            work.news.leagues.append(LeagueNews(LeagueNewsKind.ROUND_OPENED, league, league.round, waiting))
            return await self._look_again(league.id, work.now + LOBBY_RETRY_SECONDS)
        if games and not all(g.over for g in games):  # its last game's end brings it back, or the round's end does
            return await self._look_again(league.id, league.round_ends or work.now + LOBBY_RETRY_SECONDS)
        if league.round < league.rounds:
            opened = await self._open_round(league, league.round + 1)
            work.news.leagues.extend([opened] if opened is not None else [])
            return
        if await self._store.leagues.set_status(league.id, league.season, LeagueStatus.RUNNING, LeagueStatus.FINISHED):
            lines = await self._standings(league, await self._store.leagues.games(league.id, league.season))
            work.news.leagues.append(LeagueNews(LeagueNewsKind.SEASON_OVER, await self._fresh(league), league.round,
                                                standings=tuple(lines)))

    async def _look_again(self, league_id: int, when: float) -> None:
        """The league's round is looked at by `when` at the latest (its due item)."""
        await self._store.dues.soon(DueRow(None, DueKind.LEAGUE_ROUND, when, 0, self._core.clock(), league_id=league_id))
        self._core.on_change(when)

    async def game_finished(self, table: Table, outcome: Outcome) -> None:
        """A league game's end: its round is looked at now (the next may open)."""
        found = await self._store.leagues.of_game(table.id)
        if found is not None:
            await self._look_again(found[0], self._core.clock())

    async def look_at_running(self) -> None:
        """At start: every running league's round is looked at at once (games a stop left unshown are shown)."""
        for league in await self._store.leagues.running():
            await self._look_again(league.id, self._core.clock())

    async def welcome_pings(self, table: Table, first_turn: Alerts) -> tuple[int, ...]:
        """Who a table's welcome pings: each person once, so not those its first turn already tells (or holds
        through their quiet hours); not those in their quiet hours now, nor those who turned pings off."""
        told = {*first_turn.thread, *first_turn.dm, *first_turn.held}
        people = [p.user_id for p in table.players if not p.ai and p.user_id not in told]
        prefs, now = await self._store.prefs.of(people), self._core.clock()
        return tuple(u for u in people if prefs[u].notify is not Notify.OFF and quiet_until(prefs[u], now) is None)

    async def round_end_due(self, work: DueWork) -> None:
        """The round's deadline: every seat goes on autopilot and the game is played out now; the log says so."""
        table, due, news = work.game_table, work.due, work.news
        if table.status is Status.LOBBY:  # never started (Discord refused so far): once it is, it is played out
            await self._store.dues.add(replace(due, due_at=self._core.clock() + LOBBY_RETRY_SECONDS))
            return
        if table.status is not Status.ACTIVE:
            return
        for player in table.players:
            if not player.ai and not player.autopilot:
                table = await self._core.seats.set_autopilot(table, player.user_id, True)
        # Said once: a process that died half-way through a round's end leaves it to be done again by another.
        if (table.version, ROUND_END_WORDS) not in await self._store.seats.events(table.id):
            await self._core.seats.log(table, ROUND_END_WORDS)
        start = await self._core.now(table)
        # Each chain of the bot's is bounded; a game always ends long before this many moves.
        moved = await self._core.play_automatic(start, limit=100 * MAX_AUTOMATIC)
        news.notices.append((start.table, ROUND_END_NOTICE))
        news.moves.append(await self._core.result(moved, await self._core.news(moved, start.to_act)))


declare(DueSpec(DueKind.ROUND_END, Leagues, Leagues.round_end_due,
                "a league round ends and the autopilot plays its games out", after_end=True))
declare(DueSpec(DueKind.LEAGUE_ROUND, Leagues, Leagues.league_round_due,
                "a league's round is looked at: its next round opens, or its season ends"))
