"""The lobby: a game opened, seats taken and given up, AI players and optional rules, the start and abandoning."""

from __future__ import annotations

import random
from typing import Any

import engine
from engine.options import PACK, chosen_options, fixed, with_edition
from engine.platform.levels import Level
from engine.services.core import TableCore
from engine.services.loading import seat_fallbacks
from engine.services.packs import Packs
from engine.services.refusals import refusals, require_live, require_lobby
from engine.services.tables import (
    LobbyClosed, NotCreator, NotSeated, Opening, Table, TableFull, ai_name, new_seed,
    standings_from_view,
)


class Lobby:
    """Everything before the first move, and the end of a game nobody finishes."""

    def __init__(self, core: TableCore, packs: Packs) -> None:
        self._core = core
        self._store = core.store
        self._packs = packs

    async def open_table(
        self,
        slug: str,
        *,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        creator_name: str,
        options: dict[str, Any] | None = None,
        ai: int = 0,
        turn_seconds: int | None = None,
        reminder_seconds: int | None = None,
        level: Level = Level.STANDARD,
        pack: str | None = None,
    ) -> Table:
        """Create a game in its lobby with the creator already seated, and `ai` AI seats at `level` beside them; it
        plays the server's pack of that name (the built-in cards without one)."""
        game = engine.get_game(slug)  # raises a friendly GameError for an unknown slug
        if not 0 <= ai < game.max_players:
            raise TableFull(f"{game.title} has room for at most {game.max_players - 1} AI players beside you.")
        chosen = chosen_options(game, [key for key, on in (options or {}).items() if on])  # names an unknown rule
        digest = await self._packs.chosen(guild_id, slug, pack)
        setup = with_edition(game, {**chosen, PACK: digest} if digest else chosen)
        row = await self._store.games.create(
            slug, guild_id, channel_id, creator_id, new_seed(), setup,
            turn_seconds=turn_seconds, reminder_seconds=reminder_seconds,
        )
        await self._store.seats.add(row.id, creator_id, creator_name)
        for number in range(1, ai + 1):
            await self._store.seats.add(row.id, number, ai_name(number, level), ai=True, level=level)
        return await self._core.load.seated(row)

    async def _creators(self, game_id: int, user_id: int, verb: str, who: str) -> Table:
        """The table in its lobby, for a change only its creator may make (`who` finishes 'Only ... can')."""
        table = await self._core.load.table(game_id)
        require_lobby(table, verb)
        if user_id != table.creator_id:
            raise NotCreator(f"Only the player who opened this game can {who}.")
        return table

    async def add_ai(self, game_id: int, user_id: int, level: Level = Level.STANDARD) -> Table:
        """The creator fills a seat with an AI player, named with its level ('Contrail AI 2 (casual)')."""
        async with self._core.hold(game_id):
            table = await self._creators(game_id, user_id, "add an AI player to", "add AI players")
            if len(table.players) >= table.max_players:
                raise TableFull(f"This game is full ({table.max_players} players).")
            taken = {p.user_id for p in table.players if p.ai}
            number = next(n for n in range(1, table.max_players + 1) if n not in taken)
            with refusals(table, "add an AI player to", already="Another AI player was just added: try again."):
                await self._store.seats.add(game_id, number, ai_name(number, level), ai=True,
                                            max_players=table.max_players, level=level)
            return await self._core.load.table(game_id)

    async def remove_ai(self, game_id: int, user_id: int) -> Table:
        """The creator takes back the AI player added last."""
        async with self._core.hold(game_id):
            table = await self._creators(game_id, user_id, "remove an AI player from", "remove AI players")
            ais = [p for p in table.players if p.ai]
            if not ais:
                raise NotSeated("There's no AI player to remove.")
            with refusals(table, "remove an AI player from", missing="That AI player was just removed."):
                await self._store.seats.remove(game_id, ais[-1].user_id)
            return await self._core.load.table(game_id)

    async def set_options(self, game_id: int, user_id: int, keys: list[str]) -> Table:
        """The creator switches the game's optional rules on (those in `keys`) and off before it starts."""
        async with self._core.hold(game_id):
            verb = "change the optional rules of"
            table = await self._creators(game_id, user_id, verb, "change its optional rules")
            chosen = chosen_options(table.rules, keys)
            with refusals(table, verb):  # the edition and pack the table was opened with stay
                await self._store.games.set_options(game_id, {**chosen, **fixed(table.row.options)})
            return await self._core.load.table(game_id)

    async def set_hints(self, game_id: int, user_id: int, allowed: bool) -> Table:
        """The creator allows /hint at the table, or forbids it again, before it starts."""
        async with self._core.hold(game_id):
            verb = "change whether hints are allowed in"
            await self._creators(game_id, user_id, verb, "allow or forbid hints")
            with refusals(await self._core.load.table(game_id), verb):
                await self._store.games.set_hints(game_id, allowed)
            return await self._core.load.table(game_id)

    async def move_to_thread(self, game_id: int, thread_id: int) -> Table:
        """Record the thread the game is played in."""
        await self._store.games.set_thread(game_id, thread_id)
        return await self._core.load.table(game_id)

    async def join(self, game_id: int, user_id: int, name: str) -> Table:
        async with self._core.hold(game_id):
            table = await self._core.load.table(game_id)
            require_lobby(table, "join")
            if table.player(user_id) is not None:
                raise LobbyClosed("You're already in this game.")
            if len(table.players) >= table.max_players:
                raise TableFull(f"This game is full ({table.max_players} players).")
            with refusals(table, "join"):
                await self._store.seats.add(game_id, user_id, name, max_players=table.max_players)
            return await self._core.load.table(game_id)

    async def leave(self, game_id: int, user_id: int) -> Table:
        async with self._core.hold(game_id):
            table = await self._core.load.table(game_id)
            require_lobby(table, "leave")
            if table.player(user_id) is None:
                raise NotSeated("You're not in this game.")
            if user_id == table.creator_id:
                raise NotCreator("You opened this game, so you can't leave it: use /game abandon to close it.")
            with refusals(table, "leave"):
                await self._store.seats.remove(game_id, user_id)
            return await self._core.load.table(game_id)

    async def start(self, game_id: int, user_id: int) -> Opening:
        """Shuffle the seats with the game's seed and deal the opening position."""
        core = self._core
        async with core.hold(game_id):
            table = await self._creators(game_id, user_id, "start", "start it")
            count = len(table.players)
            if not table.min_players <= count <= table.max_players:
                raise LobbyClosed(
                    f"{table.title} needs {table.min_players} to {table.max_players} players; "
                    f"{count} {'has' if count == 1 else 'have'} joined."
                )
            order = [p.user_id for p in table.players]
            random.Random(table.row.seed).shuffle(order)  # a local RNG: the same seed always seats the same way
            # Another process may have seated or unseated someone since the read: the store refuses then.
            with refusals(table, "start"):
                await self._store.seats.start_game(game_id, order, min_players=table.min_players,
                                             max_players=table.max_players)
            table = await core.load.table(game_id)
            start = await core.now(table)
            moved = await core.play_automatic(start)  # AI seats shuffled to the front move at once
            if moved is start:  # no move stored who is to act: the start-up query reads it from here
                await self._store.games.set_to_act(game_id, table.version, moved.to_act)
            turn = core.next_turn(moved)
            prompt, alerts = await core.settle(moved, turn)
        image = await core.draw(moved.table, moved.board_view())
        events = [line.text for line in moved.history.lines]
        nations = seat_fallbacks(table.slug, len(table.players))
        standings = standings_from_view(moved.table, moved.view)
        return Opening(moved.table, events, image, prompt, turn, nations, alerts, standings)

    async def abandon(self, game_id: int, user_id: int, *, can_manage: bool) -> Table:
        """End a game early: its creator or a member allowed to manage the server may."""
        async with self._core.hold(game_id):
            table = await self._core.load.table(game_id)
            if user_id != table.creator_id and not can_manage:
                raise NotCreator("Only the game's creator or someone with Manage Server can abandon it.")
            require_live(table)
            with refusals(table, "abandon"):  # another process may have ended it since
                await self._core.abandon(game_id)
            await self._store.dues.set(game_id, 0, 0.0, {})  # an abandoned game waits on nobody
            self._core.on_change(None)  # a league round may be complete now: the scheduler looks
            return await self._core.load.table(game_id)
