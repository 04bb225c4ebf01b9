"""The table manager: seats Discord users at games, checks and applies their moves, and keeps the log."""

from __future__ import annotations

import random
import secrets
from typing import Any

import engine
from engine.core import NotYourTurn, StaleAction
from engine.reading import LOG_PAGE_LINES, Renderer, TableReader, seat_fallbacks
from engine.store import DuplicateInteraction, PostKind, PostRow, StaleVersion, Status
from engine.caching import Memo
from engine.tables import (
    AlreadyPlayed,
    LobbyClosed,
    MoveResult,
    NotCreator,
    NotSeated,
    Opening,
    Table,
    TableFull,
    pick_action,
    require_lobby,
    require_live,
    require_player,
    standings_from_view,
)
from engine.turns import turn_news

__all__ = ["LOG_PAGE_LINES", "Renderer", "TableService"]


class TableService(TableReader):
    """Everything the cogs ask of a game, with no Discord objects and no drawing of its own."""

    # -- the lobby -----------------------------------------------------------------------------

    async def open_table(
        self,
        slug: str,
        *,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        creator_name: str,
        options: dict[str, Any] | None = None,
    ) -> Table:
        """Create a game in its lobby with the creator already seated."""
        engine.get_game(slug)  # raises a friendly GameError for an unknown slug
        row = await self._store.create_game(
            slug, guild_id, channel_id, creator_id, secrets.randbits(62), dict(options or {})
        )
        await self._store.add_seat(row.id, creator_id, creator_name)
        return await self._seat_table(row)

    async def move_to_thread(self, game_id: int, thread_id: int) -> Table:
        """Record the thread the game is played in."""
        await self._store.set_thread(game_id, thread_id)
        return await self.table(game_id)

    async def join(self, game_id: int, user_id: int, name: str) -> Table:
        async with self._locks.hold(game_id):
            table = await self.table(game_id)
            require_lobby(table, "join")
            if table.player(user_id) is not None:
                raise LobbyClosed("You're already in this game.")
            if len(table.players) >= table.max_players:
                raise TableFull(f"This game is full ({table.max_players} players).")
            await self._store.add_seat(game_id, user_id, name)
            return await self.table(game_id)

    async def leave(self, game_id: int, user_id: int) -> Table:
        async with self._locks.hold(game_id):
            table = await self.table(game_id)
            require_lobby(table, "leave")
            if table.player(user_id) is None:
                raise NotSeated("You're not in this game.")
            if user_id == table.creator_id:
                raise NotCreator("You opened this game, so you can't leave it: use /game abandon to close it.")
            await self._store.remove_seat(game_id, user_id)
            return await self.table(game_id)

    async def start(self, game_id: int, user_id: int) -> Opening:
        """Shuffle the seats with the game's seed and deal the opening position."""
        async with self._locks.hold(game_id):
            table = await self.table(game_id)
            require_lobby(table, "start")
            if user_id != table.creator_id:
                raise NotCreator("Only the player who opened this game can start it.")
            count = len(table.players)
            if not table.min_players <= count <= table.max_players:
                raise LobbyClosed(
                    f"{table.title} needs {table.min_players} to {table.max_players} players; "
                    f"{count} {'has' if count == 1 else 'have'} joined."
                )
            order = [p.user_id for p in table.players]
            random.Random(table.game.seed).shuffle(order)  # a local RNG: the same seed always seats the same way
            try:
                await self._store.start_game(game_id, order)
            except StaleVersion:
                raise LobbyClosed("This game has already started.") from None
            table = await self.table(game_id)
            state = await self._state(table)
            view = self._public_view(table, state)
            prompt = self._prompt(table, state, view)
            history = await self._history(table, state)
            movers = tuple(engine.get_game(table.slug).to_act(state))
        image = await self._draw(table, view)
        events = [line.text for line in history.lines]
        turn = history.turn(movers) if movers else None
        return Opening(table, events, image, prompt, turn, seat_fallbacks(table.slug, len(table.players)))

    async def abandon(self, game_id: int, user_id: int, *, can_manage: bool) -> Table:
        """End a game early: its creator or a member allowed to manage the server may."""
        async with self._locks.hold(game_id):
            table = await self.table(game_id)
            if user_id != table.creator_id and not can_manage:
                raise NotCreator("Only the game's creator or someone with Manage Server can abandon it.")
            require_live(table)
            await self._store.set_status(game_id, Status.ABANDONED)
            self._memos.forget(game_id)
            return await self.table(game_id)

    async def play(
        self,
        game_id: int,
        user_id: int,
        pick: int | str,
        *,
        version: int | None = None,
        interaction_id: int | None = None,
    ) -> MoveResult:
        """Apply one decision: `pick` is an index into the choices (a button) or an action key (/move)."""
        async with self._locks.hold(game_id):
            memo = self._memos.get(game_id)
            table = memo.table if memo and memo.table and memo.table.version == memo.version else None
            if table is None or (version is not None and version != table.version):
                table = await self.table(game_id)  # not ours to trust: another process may have moved
            seat = require_player(table, user_id)
            game = engine.get_game(table.slug)
            state = await self._state(table)
            if version is not None and version != table.version:
                raise StaleAction("This prompt is out of date.")
            to_act = game.to_act(state)
            if seat not in to_act:
                waiting = ", ".join(table.at_seat(s).name for s in to_act)
                raise NotYourTurn(f"It's not your turn: waiting for {waiting}.")
            action = pick_action(game.legal_actions(state, seat), pick)
            new_state = game.apply(state, seat, action)  # IllegalAction carries the rules' sentence
            outcome = game.outcome(new_state)
            history = await self._history(table, state)
            try:
                row = await self._store.append_action(
                    game_id,
                    table.version + 1,
                    seat,
                    action.to_dict(),
                    interaction_id,
                    status=Status.FINISHED if outcome else None,
                    outcome=outcome.to_dict() if outcome else None,
                )
            except DuplicateInteraction:
                raise AlreadyPlayed("That move was already made.") from None
            except StaleVersion:
                self._memos.forget(game_id)  # someone else's move won the race; reload from the log
                raise StaleAction("That decision was already made: this prompt is out of date.") from None
            posts = await self._posts(game_id)
            table = Table(row, table.players, table.title, table.min_players, table.max_players)
            view = self._public_view(table, new_state)
            events = table.name_events(list(view.get("events", [])))
            history = history.extended(seat, events)
            if outcome:
                self._memos.forget(game_id)  # a finished game is seldom looked at again: replay it if it is
            else:
                self._memos.put(game_id, Memo(row.version, new_state, history, posts, table))
            prompt = None if outcome else self._prompt(table, new_state, view)
            news = turn_news(history, tuple(to_act), tuple(game.to_act(new_state)), posts.get(PostKind.TURN))
            standings = standings_from_view(table, view)
        # The move is stored: nothing after this line may undo it, so drawing failures only lose the image.
        image = await self._draw(table, view)
        return MoveResult(table, events, image, prompt, outcome, standings, news, action.label or action.key)

    # -- the messages a game edits in place ------------------------------------------------------

    async def record_post(self, game_id: int, kind: PostKind, channel_id: int, message_id: int, version: int) -> None:
        """Remember a message the game edits from now on (a turn's: `version` is where the turn began)."""
        await self._store.set_post(game_id, kind, channel_id, message_id, version)
        memo = self._memos.get(game_id)
        if memo is not None and memo.posts is not None:
            memo.posts[kind] = PostRow(kind, channel_id, message_id, version)
