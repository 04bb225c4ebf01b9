"""Seats during play: a player leaving to the autopilot, and a seat handed to someone else, as it is."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engine.core import GameError
from engine.platform.leagues import runs_leagues
from engine.platform.records import DueKind, DueRow, KickVote, SeatRow, Status
from engine.services.dues import DueSpec, DueWork, declare
from engine.services.core import TableCore
from engine.services.refusals import refusals, require_seat_in_play
from engine.services.tables import NotCreator, NotSeated, Table

KICK_VOTE_SECONDS = 24 * 3600  # a vote stays open a day; without a majority by then nothing changes


class Seating:
    """Seats changing hands during play: to the autopilot, to a newcomer, by a vote."""

    def __init__(self, core: TableCore) -> None:
        self._core = core
        self._store = core.store

    async def leave_started(self, game_id: int, user_id: int) -> Table:
        """A player leaves a game being played: the autopilot plays their seat (they may come back)."""
        async with self._core.hold(game_id):
            table = await self._core.load.table(game_id)
            player = require_seat_in_play(table, user_id)
            if player.autopilot:
                raise GameError("The autopilot plays your seat already; /game return takes it back.")
            table = await self._core.seats.set_autopilot(table, user_id, True)
            await self._core.seats.log(table, f"{player.name} leaves the game: the autopilot plays their seat.")
            return table

    async def replace_player(
        self, game_id: int, by_user: int, old_user: int, new_user: int, new_name: str,
        *, can_manage: bool, role_ids: Sequence[int] = (),
    ) -> Table:
        """Give a seat to a newcomer, as it is: by the creator, a server manager, or the player handing it over;
        a seat the bot plays (on autopilot, or an AI seat) may also be taken by the newcomer themselves. A league
        game's seats are the league's: only its admins hand them over, and only to the season's members."""
        async with self._core.hold(game_id):
            table = await self._core.load.table(game_id)
            if table.status is not Status.ACTIVE:
                raise GameError("Only a game being played has seats to hand over.")
            old = table.player(old_user)
            if old is None or old.seat is None:
                raise NotSeated("That player has no seat in this game.")
            if table.player(new_user) is not None:
                raise GameError("The newcomer already has a seat in this game.")
            league = await self._store.leagues.of_game(game_id)
            taking_free_seat = (old.autopilot or old.ai) and by_user == new_user
            if league is not None:
                await self._require_league_handover(table, league, new_user, role_ids, can_manage)
            elif by_user not in (table.creator_id, old_user) and not can_manage and not taking_free_seat:
                raise NotCreator("Only the game's creator, someone with Manage Server, or the player themselves can "
                                 "hand a seat over (a seat on autopilot may be taken by a newcomer).")
            text = f"{new_name} takes over {old.name}'s seat."
            with refusals(table, "hand over a seat in", already="The newcomer already has a seat in this game.",
                          missing="That player has no seat in this game."):  # another process got there first
                await self._core.seats.hand_over(table, old_user, new_user, new_name, text)
            return await self._core.load.table(game_id)  # the newcomer's name, as the board draws it

    async def _require_league_handover(self, table: Table, league: tuple[int, int, int], new_user: int,
                                       role_ids: Sequence[int], can_manage: bool) -> None:
        """A league game's result feeds the season's standings and ratings, so who plays it is the league's call."""
        league_id, season, _ = league
        if not runs_leagues(can_manage, role_ids, await self._store.leagues.admins(table.row.guild_id)):
            raise NotCreator("This is a league game: only members with Manage Server or a league admin role "
                             "(/league admins) can hand its seats over.")
        if new_user not in await self._store.leagues.members(league_id, season):
            raise GameError("A league game's seat goes only to a member signed up for the league's season.")

    async def kick(self, game_id: int, by_user: int, target: int, *, can_manage: bool) -> Table:
        """The creator or a server manager hands a player's seat to the autopilot (others may call a vote)."""
        async with self._core.hold(game_id):
            table = await self._core.load.table(game_id)
            player = self._kickable(table, target)
            if by_user != table.creator_id and not can_manage:
                raise NotCreator("Only the game's creator or someone with Manage Server can remove a player; "
                                 "the other players can vote on it with /game kick vote:True.")
            return await self._remove(table, player.user_id)

    async def vote_kick(self, game_id: int, by_user: int, target: int,
                        approve: bool = True) -> tuple[Table, KickVote | None, bool]:
        """Open the vote (its caller approves) or cast a vote on it; (table, the vote still open, whether it passed)."""
        async with self._core.hold(game_id):
            table = await self._core.load.table(game_id)
            player = self._kickable(table, target)
            vote = await self._store.votes.kick_vote(game_id)
            voters = tuple(p.user_id for p in table.players if p.seat is not None and not p.ai and p.user_id != target)
            if vote is None or vote.target != target:
                if vote is not None:
                    raise GameError("Another vote is open in this game: wait for it to end.")
                if not voters:
                    raise GameError("There's nobody else to vote: the game's creator can remove the player.")
                vote = KickVote(game_id, target, voters, (), (), self._core.clock() + KICK_VOTE_SECONDS)
                await self._core.schedule.add_due(DueRow(game_id, DueKind.KICK_VOTE, vote.expires_at, 0,
                                                         self._core.clock()))
            if by_user not in vote.voters:
                raise NotSeated("Only the other players of this game vote on a seat.")
            yes = tuple(u for u in vote.yes if u != by_user) + ((by_user,) if approve else ())
            no = tuple(u for u in vote.no if u != by_user) + (() if approve else (by_user,))
            vote = replace(vote, yes=yes, no=no)
            if vote.passed:
                await self._store.votes.end_kick_vote(game_id)
                return await self._remove(table, player.user_id), None, True
            if vote.failed:
                await self._store.votes.end_kick_vote(game_id)
                return table, None, False
            await self._store.votes.put_kick_vote(vote)
            return table, vote, False

    @staticmethod
    def _kickable(table: Table, target: int) -> SeatRow:
        if table.status is not Status.ACTIVE:
            raise GameError("Only a game being played has seats to hand to the autopilot.")
        player = table.player(target)
        if player is None or player.seat is None or player.ai:
            raise NotSeated("That person has no seat of their own in this game.")
        if player.autopilot:
            raise GameError("The autopilot plays that seat already.")
        return player

    async def _remove(self, table: Table, user_id: int) -> Table:
        table = await self._core.seats.set_autopilot(table, user_id, True)
        await self._core.seats.log(table, f"{table.name_of(user_id)} is removed: the autopilot plays their seat.")
        return table

    async def kick_vote_due(self, work: DueWork) -> None:
        """A kick vote's day is over: without a majority, nothing changes."""
        table, now, news = work.game_table, work.now, work.news
        vote = await self._store.votes.kick_vote(table.id)
        if vote is not None and vote.expires_at <= now:
            await self._store.votes.end_kick_vote(table.id)
            news.notices.append((table, f"The vote on {table.name_of(vote.target)}'s seat ran out "
                                        "without a majority: nothing changes."))



declare(DueSpec(DueKind.KICK_VOTE, Seating, Seating.kick_vote_due, "a vote to hand a seat to the autopilot closes"))
