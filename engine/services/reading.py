"""What the table service reads: games, their seats, prompts, boards, logs and rules, rebuilt from the action log."""

from __future__ import annotations

import asyncio
import logging
import time
from datetime import datetime
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from typing import Any

import engine
from engine.services.caching import MEMO_LIMIT, Locks, Memo, Memos
from engine.core import Action, GameError, hand_name, is_private
from engine.store import DueKind, GameRow, NotFound, PostKind, PostRow, Status, Store
from engine.services.tables import (
    Board,
    LogPage,
    Mover,
    MyGame,
    NoSuchTable,
    NoTableHere,
    NotSeated,
    NotStarted,
    Prompt,
    RulesCard,
    Table,
    TableStatus,
    WhichTable,
    outcome_from_dict,
    require_player,
    require_started,
    standings_from_view,
)
from engine.services.turn_clock import AUTOPILOT, autopilot_events, by_of
from engine.platform.turns import History, LogLine
from engine.platform.undo import Replayer, is_undo, undone

log = logging.getLogger("engine.service")

Renderer = Callable[[str, dict[str, Any]], bytes]
LOG_PAGE_LINES = 15  # keeps one page well inside an embed description
LIVE = (Status.LOBBY, Status.ACTIVE)


@cache
def seat_fallbacks(slug: str, players: int) -> tuple[str, ...]:
    """The game's own name for each seat (Airships: the nations), which stands in for a name the board can't draw."""
    game = engine.get_game(slug)
    names = game.view(game.setup(players, seed=0), None).get("seat_names") or []
    return tuple(str(n) for n in names) + tuple(f"Seat {n + 1}" for n in range(len(names), players))


def shown_name(name: str, fallback: str) -> str:
    import renderers  # imported late, like the renderer: only the board's font knows what it can draw

    return renderers.shown_name(name, fallback)


def _default_render(slug: str, view: dict[str, Any]) -> bytes:
    import renderers  # imported late: the service must not need Pillow unless it draws

    return renderers.render(slug, view)


class TableReader:
    """The service's reading half: every question about a game, answered from the store and a cache of states."""

    def __init__(
        self,
        store: Store,
        *,
        render: Renderer = _default_render,
        memo_limit: int = MEMO_LIMIT,
        clock: Callable[[], float] = time.time,
        on_change: Callable[[], None] = lambda: None,
    ) -> None:
        self._store = store
        self._render = render
        self._locks = Locks()
        self._memos = Memos(memo_limit)
        self._clock = clock  # seconds since the epoch; the bot passes Discord's clock, tests a virtual one
        self._on_change = on_change  # told when a due time changes, so the scheduler wakes early

    # -- finding tables ------------------------------------------------------------------------

    async def table(self, game_id: int, *, guild_id: int | None = None) -> Table:
        """One game; NoSuchTable if it does not exist (or belongs to another server)."""
        try:
            row = await self._store.games.get(game_id)
        except NotFound:
            raise NoSuchTable(f"There is no game #{game_id}.") from None
        if guild_id is not None and row.guild_id != guild_id:
            raise NoSuchTable(f"There is no game #{game_id} on this server.")
        return await self._seat_table(row)

    async def _seat_table(self, row: GameRow) -> Table:
        game = engine.get_game(row.slug)
        seats = await self._store.seats.of(row.id)
        if any(s.seat is not None for s in seats):
            fallbacks = seat_fallbacks(row.slug, len(seats))
            seats = [s if s.seat is None else replace(s, name=shown_name(s.name, fallbacks[s.seat])) for s in seats]
        people = [s.user_id for s in seats if s.seat is not None and not s.ai]
        away_until = await self._store.prefs.away_until(people, self._clock()) if people and row.status is Status.ACTIVE else {}
        away = tuple((s.seat, away_until[s.user_id]) for s in seats if s.seat is not None and s.user_id in away_until)
        return Table(row, tuple(seats), game.title, game.min_players, game.max_players, away)

    async def tables_in_guild(self, guild_id: int, *, live_only: bool = False, limit: int | None = None) -> list[Table]:
        """The server's games, live ones first, then the newest; at most `limit` of them."""
        rows = await self._store.games.in_guild(guild_id, LIVE if live_only else None, limit=limit)
        return [await self._seat_table(row) for row in rows]

    async def tables_at(self, guild_id: int, channel_id: int) -> list[Table]:
        """Games played in this thread or channel, newest first; in a parent channel also its live threaded games."""
        rows = await self._store.games.in_channel(guild_id, channel_id)
        if not rows:
            live = await self._store.games.in_guild(guild_id, LIVE)
            rows = [row for row in live if row.channel_id == channel_id]
        return [await self._seat_table(row) for row in rows]

    async def find_table(self, guild_id: int, channel_id: int, game_id: int | None = None) -> Table:
        """The game a command means: the one named, else the only one here (live ones first)."""
        if game_id is not None:
            return await self.table(game_id, guild_id=guild_id)
        here = await self.tables_at(guild_id, channel_id)
        if not here:
            raise NoTableHere("There's no game here. Start one with /game new, or give a game_id.")
        live = [t for t in here if t.status in LIVE]
        candidates = live or here
        if len(candidates) == 1:
            return candidates[0]
        listed = ", ".join(f"#{t.id} {t.title} ({t.status.value})" for t in candidates[:5])
        raise WhichTable(f"There are several games here ({listed}): add game_id to say which.", candidates)

    async def prompt(self, game_id: int) -> Prompt | None:
        """Who must decide now and their choices; None when the game is not being played."""
        table = await self.table(game_id)
        if table.status is not Status.ACTIVE:
            return None
        prompt = self._prompt(table, await self._state(table))
        due = (await self._store.dues.of(game_id)).get(DueKind.DEADLINE)
        return replace(prompt, deadline=due.due_at) if prompt is not None and due is not None else prompt

    async def choices_for(self, game_id: int, user_id: int) -> tuple[int, list[Action], str]:
        """(version, this user's choices now, "") on their turn, or (version, [], whose turn it is in words)."""
        table = await self.table(game_id)
        seat = require_player(table, user_id)
        game = engine.get_game(table.slug)
        state = await self._state(table)
        to_act = game.to_act(state)
        if seat not in to_act:
            waiting = " and ".join(table.at_seat(s).name for s in to_act)
            return table.version, [], f"It's {waiting}'s turn: {self._asks(game, state)}."
        return table.version, game.explain(state, seat, game.legal_actions(state, seat)), ""

    # -- the messages a game edits in place ------------------------------------------------------

    async def posts(self, game_id: int) -> dict[PostKind, PostRow]:
        """The lobby, invitation and turn messages the game keeps editing, by kind."""
        return dict(await self._posts(game_id))

    async def _posts(self, game_id: int) -> dict[PostKind, PostRow]:
        memo = self._memos.get(game_id)
        if memo is not None and memo.posts is not None:
            return memo.posts
        posts = await self._store.games.posts(game_id)
        if memo is not None:
            memo.posts = posts
        return posts

    # -- looking at a game ---------------------------------------------------------------------

    async def board(self, game_id: int) -> Board:
        """The board image and, while the game is played, the current prompt: all a lost message held."""
        table = await self.table(game_id)
        require_started(table, "there's no board to show")
        state = await self._state(table)
        view = self._public_view(table, state)
        prompt = self._prompt(table, state, view) if table.status is Status.ACTIVE else None
        post = None
        if prompt is not None:
            start = (await self._history(table, state)).turn_start(tuple(m.seat for m in prompt.movers))
            post = (await self._posts(game_id)).get(PostKind.TURN)
            post = post if post is not None and post.version == start else None
        return Board(table, await self._draw(table, view), prompt, post)

    async def status(self, game_id: int) -> TableStatus:
        table = await self.table(game_id)
        if not table.started:  # a lobby, or a lobby that was abandoned: there is nothing to replay
            return TableStatus(table, None, (), None)
        state = await self._state(table)
        view = self._public_view(table, state)
        prompt = self._prompt(table, state, view) if table.status is Status.ACTIVE else None
        outcome = outcome_from_dict(table.game.outcome) or engine.get_game(table.slug).outcome(state)
        return TableStatus(table, prompt, standings_from_view(table, view), outcome)

    async def log(self, game_id: int, page: int | None = None, *, per_page: int = LOG_PAGE_LINES) -> LogPage:
        """The event lines of the whole game, paged; the last page when no page is asked for."""
        table = await self.table(game_id)
        require_started(table, "nothing has happened")
        lines = [line.numbered() for line in (await self._history(table)).lines]
        pages = max(1, -(-len(lines) // per_page))
        page = pages if page is None else page
        if not 1 <= page <= pages:
            raise GameError(f"The log has {pages} page{'s' if pages != 1 else ''}; pick one from 1 to {pages}.")
        return LogPage(table, lines[(page - 1) * per_page : page * per_page], page, pages)

    async def hand(self, game_id: int, user_id: int) -> tuple[Table, dict[str, Any]]:
        """What this player alone may see: the game's view for their seat."""
        table = await self.table(game_id)
        player = table.player(user_id)
        if player is None:  # a spectator: welcome, but a seat's things are its player's own
            noun = hand_name(engine.get_game(table.slug))
            raise NotSeated(f"/hand shows a player their own {noun}, and you're watching this game: "
                            "/board, /log and /game status are open to everyone.")
        if table.status is Status.LOBBY or player.seat is None:
            raise NotStarted("This game hasn't started yet.")
        state = await self._state(table)
        view = engine.get_game(table.slug).view(state, player.seat)
        if "seat_names" in view:
            view["seat_names"] = list(table.names)
        return table, view

    async def my_games(self, user_id: int) -> list[MyGame]:
        """Every live game a person sits in, on every server: those waiting on them first, longest wait first."""
        found = []
        for game_id, since in await self._store.seats.live_games_of(user_id):
            table = await self.table(game_id)
            prompt = await self.prompt(game_id)
            waiting = prompt is not None and user_id in prompt.user_ids
            if since is None:  # no clock in this game: the last change tells how long it has waited
                since = datetime.fromisoformat(table.game.updated_at).timestamp()
            found.append(MyGame(table, waiting, since, prompt.deadline if prompt else None))
        return sorted(found, key=lambda g: (not g.waiting_on_you, g.since or 0.0))

    def rules(self, slug: str, topic: str | None = None) -> RulesCard:
        """One topic of a game's rules guide (the first when none is named)."""
        game = engine.get_game(slug)
        topics = game.guide
        chosen = next((t for t in topics if t.key == topic), None) if topic else topics[0]
        if chosen is None:
            keys = ", ".join(t.key for t in topics)
            raise GameError(f"There is no rules topic {topic!r} for {game.title}. Topics: {keys}.")
        return RulesCard(slug, game.title, f"{game.min_players}–{game.max_players}", chosen, topics)

    # -- internals -----------------------------------------------------------------------------

    async def _state(self, table: Table) -> Any:
        """The state at the table's version, from the cache or by replaying the missing part of the log."""
        memo = self._memos.get(table.id)
        game = engine.get_game(table.slug)
        if memo is not None and memo.version == table.version:
            return memo.state
        if memo is None or memo.version > table.version:  # a reader holding an older row than the cache
            memo = Memo(0, game.setup(len(table.players), table.game.seed, dict(table.game.options)))
        state = memo.state
        rows = [row for row in await self._store.games.actions(table.id, after=memo.version) if row.seq <= table.version]
        if any(is_undo(row.payload) for row in rows):  # an undo goes back to an older state: replay it all
            replayer = Replayer(game)
            replayer.start(game.setup(len(table.players), table.game.seed, dict(table.game.options)))
            for row in await self._store.games.actions(table.id):
                if row.seq > table.version:
                    break
                replayer.apply(row.seq, row.seat, row.payload)
            memo = Memo(table.version, replayer.states[table.version])
            rows = []
        for row in rows:
            state = game.apply(state, row.seat, Action.from_dict(row.payload))
            memo = Memo(row.seq, state)
        latest = self._memos.get(table.id)
        if latest is None or latest.version <= memo.version:  # never move the cache backwards
            self._memos.put(table.id, memo)
        return memo.state

    async def _history(self, table: Table, state: Any | None = None) -> History:
        """Every event of the game so far and who made each move, replayed once and then kept up to date."""
        if state is None:
            state = await self._state(table)
        memo = self._memos.get(table.id)
        if memo is not None and memo.version == table.version and memo.history is not None:
            return memo.history
        game = engine.get_game(table.slug)
        replayer = Replayer(game)
        replayer.start(game.setup(len(table.players), table.game.seed, dict(table.game.options)))
        events = table.name_events(list(game.view(replayer.states[0], None).get("events", [])))
        history = History([LogLine(0, e) for e in events], [])
        rows = [row for row in await self._store.games.actions(table.id) if row.seq <= table.version]
        for row in rows:
            replayed = replayer.apply(row.seq, row.seat, row.payload)
            if is_undo(row.payload):
                back_to = int(row.payload["args"][0])
                events = [f"{table.at_seat(row.seat).name} takes back moves {back_to + 1} to {row.seq - 1}."]
            else:
                events = table.name_events(list(game.view(replayed, None).get("events", [])))
            if by_of(row.payload) == AUTOPILOT:
                events = autopilot_events(table.at_seat(row.seat).name, events)
            history = history.extended(row.seat, events)
        taken_back = undone((row.seq, row.payload) for row in rows)
        if taken_back:  # /log keeps every move, and says which were taken back
            history = History([LogLine(line.seq, f"{line.text} (undone)") if line.seq in taken_back else line
                               for line in history.lines], history.actors)
        history = history.with_notes(await self._store.seats.events(table.id))
        memo = self._memos.get(table.id)
        if memo is not None and memo.version == table.version:
            memo.history = history
        return history

    def _prompt(self, table: Table, state: Any, view: dict[str, Any] | None = None) -> Prompt | None:
        """Who must decide now; pass the public view when it is at hand, so it is not built twice."""
        game = engine.get_game(table.slug)
        seats = game.to_act(state)
        if not seats:
            return None
        asks = self._asks(game, state, view)
        movers = tuple(
            Mover(s, table.at_seat(s).user_id, table.at_seat(s).name,
                  tuple(game.explain(state, s, game.legal_actions(state, s))))
            for s in seats
        )
        private = any(is_private(game, state, s) for s in seats)
        return Prompt(table.id, table.version, asks, movers, private=private)

    @staticmethod
    def _asks(game: Any, state: Any, view: dict[str, Any] | None = None) -> str:
        """What the decision asks, in the game's words ('choose a card to throw for')."""
        return str((view if view is not None else game.view(state, None)).get("decision") or "make a move")

    @staticmethod
    def _public_view(table: Table, state: Any) -> dict[str, Any]:
        view = engine.get_game(table.slug).view(state, None)
        if "seat_names" in view:
            view["seat_names"] = list(table.names)
        view["ai_seats"] = sorted(table.ai_seats)  # the board marks the seats the bot plays
        view["autopilot_seats"] = sorted(table.automatic_seats - table.ai_seats)
        view["away_seats"] = sorted(seat for seat, _ in table.away)
        return view

    async def _draw(self, table: Table, view: dict[str, Any]) -> bytes | None:
        """Render off the event loop; a drawing bug must not lose a move that is already stored."""
        try:
            return await asyncio.to_thread(self._render, table.slug, view)
        except Exception:
            log.exception("could not render game %s at version %s", table.id, table.version)
            return None
