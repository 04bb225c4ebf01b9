"""The table manager: seats Discord users at games, checks and applies their moves, and keeps the log."""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from dataclasses import dataclass, replace
from typing import Any

import engine
from engine.services import logs as move_logs
from engine.core import Action, NotYourTurn, Outcome, StaleAction, chosen_options
from engine.services.reading import LOG_PAGE_LINES, Renderer, TableReader, seat_fallbacks
from engine.store import DuplicateInteraction, PostKind, PostRow, StaleVersion, Status
from engine.services.caching import Memo
from engine.services.refusals import refusals
from engine.services.tables import (
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
from engine.services.league_service import LeagueService
from engine.services.players import Players
from engine.services.rating_service import Rating
from engine.services.replays import Replays
from engine.services.seating import Seating
from engine.services.undoing import Undoing
from engine.services.turn_clock import AUTOPILOT, TurnClock, autopilot_events
from engine.platform.turns import History, turn_news

__all__ = ["LOG_PAGE_LINES", "Renderer", "TableService"]

log = logging.getLogger(__name__)

MAX_AUTOMATIC = 1000  # AI moves in one chain; a longer chain is a loop the rules never leave


@dataclass(frozen=True)
class Moved:
    """A game just after a committed move: the table, state, view and log as the store now has them."""

    table: Table
    state: Any
    outcome: Outcome | None
    view: dict[str, Any]
    events: list[str]  # what the move (or chain of moves) did, names put in
    history: History
    to_act: tuple[int, ...]


def ai_name(number: int) -> str:
    return f"Contrail AI {number}"


class TableService(LeagueService, Rating, Replays, Undoing, Players, Seating, TurnClock, TableReader):
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
        ai: int = 0,
        turn_seconds: int | None = None,
        reminder_seconds: int | None = None,
    ) -> Table:
        """Create a game in its lobby with the creator already seated, and `ai` AI seats beside them."""
        game = engine.get_game(slug)  # raises a friendly GameError for an unknown slug
        if not 0 <= ai < game.max_players:
            raise TableFull(f"{game.title} has room for at most {game.max_players - 1} AI players beside you.")
        chosen = chosen_options(game, [key for key, on in (options or {}).items() if on])  # names an unknown rule
        row = await self._store.games.create(
            slug, guild_id, channel_id, creator_id, secrets.randbits(62), chosen,
            turn_seconds=turn_seconds, reminder_seconds=reminder_seconds,
        )
        await self._store.seats.add(row.id, creator_id, creator_name)
        for number in range(1, ai + 1):
            await self._store.seats.add(row.id, number, ai_name(number), ai=True)
        return await self._seat_table(row)

    async def add_ai(self, game_id: int, user_id: int) -> Table:
        """The creator fills a seat with an AI player, named plainly ('Contrail AI 2')."""
        async with self._locks.hold(game_id):
            table = await self.table(game_id)
            require_lobby(table, "add an AI player to")
            if user_id != table.creator_id:
                raise NotCreator("Only the player who opened this game can add AI players.")
            if len(table.players) >= table.max_players:
                raise TableFull(f"This game is full ({table.max_players} players).")
            taken = {p.user_id for p in table.players if p.ai}
            number = next(n for n in range(1, table.max_players + 1) if n not in taken)
            with refusals(table, "add an AI player to", already="Another AI player was just added: try again."):
                await self._store.seats.add(game_id, number, ai_name(number), ai=True, max_players=table.max_players)
            return await self.table(game_id)

    async def remove_ai(self, game_id: int, user_id: int) -> Table:
        """The creator takes back the AI player added last."""
        async with self._locks.hold(game_id):
            table = await self.table(game_id)
            require_lobby(table, "remove an AI player from")
            if user_id != table.creator_id:
                raise NotCreator("Only the player who opened this game can remove AI players.")
            ais = [p for p in table.players if p.ai]
            if not ais:
                raise NotSeated("There's no AI player to remove.")
            with refusals(table, "remove an AI player from", missing="That AI player was just removed."):
                await self._store.seats.remove(game_id, ais[-1].user_id)
            return await self.table(game_id)

    async def set_options(self, game_id: int, user_id: int, keys: list[str]) -> Table:
        """The creator switches the game's optional rules on (those in `keys`) and off before it starts."""
        async with self._locks.hold(game_id):
            table = await self.table(game_id)
            require_lobby(table, "change the optional rules of")
            if user_id != table.creator_id:
                raise NotCreator("Only the player who opened this game can change its optional rules.")
            chosen = chosen_options(engine.get_game(table.game.slug), keys)
            with refusals(table, "change the optional rules of"):
                await self._store.games.set_options(game_id, chosen)
            return await self.table(game_id)

    async def move_to_thread(self, game_id: int, thread_id: int) -> Table:
        """Record the thread the game is played in."""
        await self._store.games.set_thread(game_id, thread_id)
        return await self.table(game_id)

    async def join(self, game_id: int, user_id: int, name: str) -> Table:
        async with self._locks.hold(game_id):
            table = await self.table(game_id)
            require_lobby(table, "join")
            if table.player(user_id) is not None:
                raise LobbyClosed("You're already in this game.")
            if len(table.players) >= table.max_players:
                raise TableFull(f"This game is full ({table.max_players} players).")
            with refusals(table, "join"):
                await self._store.seats.add(game_id, user_id, name, max_players=table.max_players)
            return await self.table(game_id)

    async def leave(self, game_id: int, user_id: int) -> Table:
        async with self._locks.hold(game_id):
            table = await self.table(game_id)
            require_lobby(table, "leave")
            if table.player(user_id) is None:
                raise NotSeated("You're not in this game.")
            if user_id == table.creator_id:
                raise NotCreator("You opened this game, so you can't leave it: use /game abandon to close it.")
            with refusals(table, "leave"):
                await self._store.seats.remove(game_id, user_id)
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
            # Another process may have seated or unseated someone since the read: the store refuses then.
            with refusals(table, "start"):
                await self._store.seats.start_game(game_id, order, min_players=table.min_players,
                                             max_players=table.max_players)
            table = await self.table(game_id)
            state = await self._state(table)
            history = await self._history(table, state)
            movers = tuple(engine.get_game(table.slug).to_act(state))
            opened = Moved(table, state, None, self._public_view(table, state), [], history, movers)
            moved = await self._play_automatic(opened)  # AI seats shuffled to the front move at once
            turn = moved.history.turn(moved.to_act, table.automatic_seats) if moved.to_act else None
            prompt, alerts = await self._settle(moved, turn)
        image = await self._draw(moved.table, moved.view)
        events = [line.text for line in moved.history.lines]
        nations = seat_fallbacks(table.slug, len(table.players))
        return Opening(moved.table, events, image, prompt, turn, nations, alerts)

    async def abandon(self, game_id: int, user_id: int, *, can_manage: bool) -> Table:
        """End a game early: its creator or a member allowed to manage the server may."""
        async with self._locks.hold(game_id):
            table = await self.table(game_id)
            if user_id != table.creator_id and not can_manage:
                raise NotCreator("Only the game's creator or someone with Manage Server can abandon it.")
            require_live(table)
            with refusals(table, "abandon"):  # another process may have ended it since
                await self._store.games.set_status(game_id, Status.ABANDONED, only_live=True)
            await self._store.dues.set(game_id, 0, 0.0, {})  # an abandoned game waits on nobody
            self._on_change()  # a league round may be complete now: the scheduler looks
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
            # A prompt of the version we last committed starts from our table (the store refuses the move if
            # another process moved since); any other, or none (a /move typed by hand: "now"), reads the store.
            if table is None or version != table.version:
                table = await self.table(game_id)
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
            before = tuple(to_act)
            moved = await self._commit(table, state, await self._history(table, state), seat, action, interaction_id)
            posts = await self._posts(game_id)
            news = turn_news(moved.history, before, moved.to_act, posts.get(PostKind.TURN), table.automatic_seats)
            human_events = moved.events
            moved = await self._play_automatic(moved)  # the AI seats' moves until a person must decide
            if moved.events is not human_events:
                news = replace(news, next=moved.history.turn(moved.to_act, table.automatic_seats) if moved.to_act else None)
            # The move is stored. The board is drawn in a worker thread while the prompt's words are worked out
            # here; a drawing failure only loses the image.
            drawing = asyncio.create_task(self._draw(moved.table, moved.view))
            try:
                if table.at_seat(seat).missed:  # a move of their own breaks a row of missed deadlines
                    await self._store.seats.count_missed(game_id, user_id, False)
                    self._forget_history(game_id)
                prompt, alerts = await self._settle(moved, news.next)
            except BaseException:
                drawing.cancel()
                raise
            standings = standings_from_view(moved.table, moved.view)
        image = await drawing
        label = action.label or action.key
        return MoveResult(moved.table, moved.events, image, prompt, moved.outcome, standings, news, label, alerts)

    async def _commit(
        self, table: Table, state: Any, history: History, seat: int, action: Action, interaction_id: int | None,
        *, by: str | None = None,
    ) -> Moved:
        """Apply one checked action and append it to the log in one transaction; the cache follows the store.

        `by` marks a move the bot made for a person (the autopilot): the log keeps it, and its words say so.
        """
        began = time.monotonic()
        game = engine.get_game(table.slug)
        new_state = game.apply(state, seat, action)  # IllegalAction carries the rules' sentence
        outcome = game.outcome(new_state)
        try:
            row = await self._store.games.append_action(
                table.id,
                table.version + 1,
                seat,
                {**action.to_dict(), "by": by} if by else action.to_dict(),
                interaction_id,
                status=Status.FINISHED if outcome else None,
                outcome=outcome.to_dict() if outcome else None,
            )
        except DuplicateInteraction:
            raise AlreadyPlayed("That move was already made.") from None
        except StaleVersion:
            self._memos.forget(table.id)  # someone else's move won the race; reload from the log
            raise StaleAction("That decision was already made: this prompt is out of date.") from None
        mover = move_logs.mover(ai=table.at_seat(seat).ai, autopilot=by == AUTOPILOT)
        move_logs.committed(table.id, row.version, seat, mover, since=began)  # its log line, once it is posted
        table = Table(row, table.players, table.title, table.min_players, table.max_players, table.away)
        view = self._public_view(table, new_state)
        events = table.name_events(list(view.get("events", [])))
        if by == AUTOPILOT:
            events = autopilot_events(table.at_seat(seat).name, events)
        history = history.extended(seat, events)
        if outcome:
            self._memos.forget(table.id)  # a finished game is seldom looked at again: replay it if it is
            await self._rate_finished(table, outcome)  # once, for a person's, an AI's or the autopilot's last move
            self._on_change()  # a league round may be complete now: the scheduler looks
        else:
            posts = (self._memos.get(table.id) or Memo(0, None)).posts
            self._memos.put(table.id, Memo(row.version, new_state, history, posts, table))
        return Moved(table, new_state, outcome, view, events, history, tuple(game.to_act(new_state)))

    async def _play_automatic(self, moved: Moved) -> Moved:
        """Let the AI seats make their moves, one after another, each through the same check and log as a person's."""
        events = moved.events
        for _ in range(MAX_AUTOMATIC):
            seats = [s for s in moved.to_act if s in moved.table.automatic_seats]
            if moved.outcome is not None or not seats:
                break
            seat = seats[0]
            action = await self._ai_choice(moved.table, moved.state, seat)
            by = None if moved.table.at_seat(seat).ai else AUTOPILOT
            moved = await self._commit(moved.table, moved.state, moved.history, seat, action, None, by=by)
            events = [*events, *moved.events]
        return replace(moved, events=events)

    async def _ai_choice(self, table: Table, state: Any, seat: int) -> Action:
        """The AI's choice, from an RNG of the game's seed and version: a replay of the log never asks again.

        It thinks in a worker thread (a state is never changed in place), so the bot keeps answering meanwhile."""
        game = engine.get_game(table.slug)
        legal = game.legal_actions(state, seat)
        rng = random.Random(f"{table.game.seed}:{table.version}:ai")
        try:
            return await asyncio.to_thread(engine.get_ai(table.slug).choose, state, seat, rng)
        except Exception:  # an AI bug must not stall a table of people: it plays the first choice instead
            log.exception("game %s: the AI failed at version %s; it plays the first choice", table.id, table.version)
            return legal[0]

    async def resume_automatic(self) -> list[MoveResult]:
        """After a restart: games where an AI seat owes a move (a chain was cut short) play on, once each."""
        await self.rate_unrated()  # games that finished just before the bot stopped, before any newer one
        results = []
        for row in await self._store.games.active_with_automatic_seats():
            result = await self.automatic_now(row.id)
            if result is not None:
                results.append(result)
        return results

    # -- the messages a game edits in place ------------------------------------------------------

    async def record_post(self, game_id: int, kind: PostKind, channel_id: int, message_id: int, version: int) -> None:
        """Remember a message the game edits from now on (a turn's: `version` is where the turn began)."""
        await self._store.games.set_post(game_id, kind, channel_id, message_id, version)
        memo = self._memos.get(game_id)
        if memo is not None and memo.posts is not None:
            memo.posts[kind] = PostRow(kind, channel_id, message_id, version)
