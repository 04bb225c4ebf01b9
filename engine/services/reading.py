"""What players look at: finding a game, its prompt and choices, board, status, log, hand, and the rules."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from dataclasses import replace
from datetime import datetime

import engine
from engine.core import Action, GameError, hand_name
from engine.rules.guide import load_guide
from engine.services.core import TableCore
from engine.services.loading import asks, headline, public_view, with_headline
from engine.view import CommonView
from engine.services.tables import (
    Board, LogPage, MyGame, NoTableHere, NotSeated, NotStarted, Prompt, RulesCard, Table, TableRef, TableStatus, Visible,
    WhichTable, no_such_table, outcome_from_dict, standings_from_view,
)
from engine.services.refusals import require_player, require_started
from engine.store import GameRow, NotFound, PostKind, PostRow, Status
from engine.words import count, joined

LOG_PAGE_LINES = 15  # keeps one page well inside an embed description
LIVE = (Status.LOBBY, Status.ACTIVE)
# A listing for one member looks through at most this many of the server's games (live first, then the newest):
# which of them the member may see is Discord's to say, game by game, so the read itself stays bounded.
SCAN_MAX = 500


class Reading:
    """Every question about a game, answered from the store and the core's cache; nothing here changes a game."""

    def __init__(self, core: TableCore) -> None:
        self._core = core
        self._load = core.load
        self._store = core.store

    async def table(self, game_id: int, *, guild_id: int | None = None, visible: Visible | None = None) -> Table:
        """One game; NoSuchTable if it does not exist, belongs to another server, or `visible` hides it."""
        table = await self._load.table(game_id, guild_id=guild_id)
        if visible is not None and not await visible(table.row):
            raise no_such_table(game_id)
        return table

    async def tables_in_guild(self, guild_id: int, *, live_only: bool = False, limit: int | None = None,
                              visible: Visible | None = None) -> list[Table]:
        """The server's games, live ones first, then the newest; at most `limit` of them. With `visible`, only
        those it shows, among the server's first SCAN_MAX (one bounded read, whoever asks)."""
        scan = limit if visible is None else max(limit or 0, SCAN_MAX)
        rows = await self._store.games.in_guild(guild_id, LIVE if live_only else None, limit=scan)
        if visible is not None:
            rows = [row async for row in _shown(rows, visible, limit)]
        return [await self._load.seated(row) for row in rows]

    async def tables_at(self, guild_id: int, channel_id: int, *, visible: Visible | None = None) -> list[Table]:
        """Games played in this thread or channel, newest first; in a parent channel also its live threaded games.
        With `visible`, only those it shows."""
        rows = await self._store.games.in_channel(guild_id, channel_id)
        if not rows:
            live = await self._store.games.in_guild(guild_id, LIVE)
            rows = [row for row in live if row.channel_id == channel_id]
        if visible is not None:
            rows = [row for row in rows if await visible(row)]
        return [await self._load.seated(row) for row in rows]

    async def find_table(self, guild_id: int, channel_id: int, game_id: int | None = None, *,
                         visible: Visible | None = None) -> Table:
        """The game a command means: the one named, else the only one here (live ones first); with `visible`,
        a game it hides is answered as one that does not exist."""
        if game_id is not None:
            return await self.table(game_id, guild_id=guild_id, visible=visible)
        here = await self.tables_at(guild_id, channel_id, visible=visible)
        if not here:
            raise NoTableHere("There's no game here. Start one with /game new, or give a game_id.")
        live = [t for t in here if t.status in LIVE]
        candidates = live or here
        if len(candidates) == 1:
            return candidates[0]
        listed = ", ".join(f"{t.display_name} ({t.status.value})" for t in candidates[:5])
        raise WhichTable(f"There are several games here ({listed}): add game_id to say which.", candidates)

    async def prompt(self, at: TableRef) -> Prompt | None:
        """Who must decide now and their choices; None when the game is not being played."""
        table = await self._load.at(at)
        if table.status is not Status.ACTIVE:
            return None
        prompt = self._load.prompt(table, await self._load.state(table))
        deadline = await self._core.schedule.deadline(table.id)
        return replace(prompt, deadline=deadline) if prompt is not None and deadline is not None else prompt

    async def choices_for(self, at: TableRef, user_id: int) -> tuple[int, list[Action], str]:
        """(version, this user's choices now, "") on their turn, or (version, [], whose turn it is in words)."""
        table = await self._load.at(at)
        seat = require_player(table, user_id)
        game = table.rules
        state = await self._load.state(table)
        to_act = game.to_act(state)
        if seat not in to_act:
            waiting = joined([table.at_seat(s).name for s in to_act])
            return table.version, [], f"It's {waiting}'s turn: {asks(game, state)}."
        return table.version, game.explain(state, seat, game.legal_actions(state, seat)), ""

    # -- the messages a game edits in place ------------------------------------------------------

    async def posts(self, game_id: int) -> dict[PostKind, PostRow]:
        """The lobby, invitation and turn messages the game keeps editing, by kind."""
        return dict(await self._load.posts(game_id))

    # -- looking at a game ---------------------------------------------------------------------

    async def board(self, at: TableRef) -> Board:
        """The board image and, while the game is played, the current prompt: all a lost message held."""
        table = await self._load.at(at)
        require_started(table, "there's no board to show")
        state = await self._load.state(table)
        view = public_view(table, state)
        prompt = self._load.prompt(table, state, view) if table.status is Status.ACTIVE else None
        post = None
        history = await self._load.history(table, state)
        movers = tuple(m.seat for m in prompt.movers) if prompt is not None else ()
        if prompt is not None:
            post = (await self._load.posts(table.id)).get(PostKind.TURN)
            post = post if post is not None and post.version == history.turn_start(movers) else None
        outcome = outcome_from_dict(table.row.outcome) if table.status is Status.FINISHED else None
        shown = with_headline(view, headline(table, history, movers, outcome))
        return Board(table, await self._core.draw(table, shown), prompt, post)

    async def status(self, at: TableRef) -> TableStatus:
        """Whose turn it is, the standings, and the outcome once there is one."""
        table = await self._load.at(at)
        if not table.started:  # a lobby, or a lobby that was abandoned: there is nothing to replay
            return TableStatus(table, None, (), None)
        state = await self._load.state(table)
        view = public_view(table, state)
        prompt = self._load.prompt(table, state, view) if table.status is Status.ACTIVE else None
        outcome = outcome_from_dict(table.row.outcome) or table.rules.outcome(state)
        return TableStatus(table, prompt, standings_from_view(table, view), outcome)

    async def log(self, at: TableRef, page: int | None = None, *, per_page: int = LOG_PAGE_LINES) -> LogPage:
        """The event lines of the whole game, paged; the last page when no page is asked for."""
        table = await self._load.at(at)
        require_started(table, "nothing has happened")
        names = {p.seat: p.name for p in table.players if p.seat is not None}
        paged = (await self._load.history(table)).log_pages(names, per_page)
        pages = len(paged)
        page = pages if page is None else page
        if not 1 <= page <= pages:
            raise GameError(f"The log has {count(pages, 'page')}; pick one from 1 to {pages}.")
        return LogPage(table, paged[page - 1], page, pages)

    async def numbered_log(self, at: TableRef) -> list[tuple[int, str]]:
        """/log's lines of the whole game, each with its move's number (0: the setup), for a page that links them."""
        table = await self._load.at(at)
        require_started(table, "nothing has happened")
        names = {p.seat: p.name for p in table.players if p.seat is not None}
        return (await self._load.history(table)).numbered_lines(names)

    async def stamp(self, game_id: int) -> tuple[int, Status]:
        """The game's version and status in one read: what a live page polls to learn that something changed."""
        try:
            row = await self._store.games.get(game_id)
        except NotFound:
            raise no_such_table(game_id) from None
        return row.version, row.status

    async def turn_since(self, at: TableRef) -> float | None:
        """When the turn being played began (seconds since the epoch); None when no turn is being played, or
        when it is the game's first turn after its first moves (the store keeps no separate start time)."""
        table = await self._load.at(at)
        if table.status is not Status.ACTIVE:
            return None
        state = await self._load.state(table)
        movers = tuple(table.rules.to_act(state))
        began = (await self._load.history(table, state)).turn_start(movers)
        if began == 0:  # still the opening turn: only a game without moves knows when it began (its last change)
            return datetime.fromisoformat(table.row.updated_at).timestamp() if table.version == 0 else None
        rows = await self._store.games.actions(table.id, after=began - 1, limit=1)
        return datetime.fromisoformat(rows[0].created_at).timestamp() if rows else None

    async def hand(self, at: TableRef, user_id: int) -> tuple[Table, CommonView]:
        """What this player alone may see: the game's view for their seat."""
        table = await self._load.at(at)
        player = table.player(user_id)
        if player is None:  # a spectator: welcome, but a seat's things are its player's own
            noun = hand_name(table.rules)
            raise NotSeated(f"/hand shows a player their own {noun}, and you're watching this game: "
                            "/board, /log and /game status are open to everyone.")
        if table.status is Status.LOBBY or player.seat is None:
            raise NotStarted("This game hasn't started yet.")
        state = await self._load.state(table)
        return table, replace(table.rules.view(state, player.seat), seat_names=tuple(table.names))

    async def my_games(self, user_id: int) -> list[MyGame]:
        """Every live game a person sits in, on every server: those waiting on them first, longest wait first."""
        found = []
        for game_id, since in await self._store.seats.live_games_of(user_id):
            table = await self._load.table(game_id)
            prompt = await self.prompt(table)
            waiting = prompt is not None and user_id in prompt.user_ids
            if since is None:  # no clock in this game: the last change tells how long it has waited
                since = datetime.fromisoformat(table.row.updated_at).timestamp()
            found.append(MyGame(table, waiting, since, prompt.deadline if prompt else None))
        return sorted(found, key=lambda g: (not g.waiting_on_you, g.since or 0.0))

    def rules(self, slug: str, topic: str | None = None) -> RulesCard:
        """One topic of a game's rules guide (the first when none is named): named by its title, as autocomplete
        and the footer show it, or by the key autocomplete sends, in any case."""
        game = engine.get_game(slug)
        topics = game.guide + load_guide("engine.platform")  # the game's own topics, then how it is played here
        asked = (topic or "").strip().casefold()
        chosen = next((t for t in topics if asked in (t.key, t.title.casefold())), None) if asked else topics[0]
        if chosen is None:
            titles = ", ".join(t.title for t in topics)
            raise GameError(f"There is no rules topic {topic!r} for {game.title}. Topics: {titles}.")
        return RulesCard(slug, game.title, f"{game.min_players}–{game.max_players}", chosen, topics)


async def _shown(rows: Sequence[GameRow], visible: Visible, limit: int | None) -> AsyncIterator[GameRow]:
    """The rows `visible` shows, in order, asking no further once `limit` are found (each ask may go to Discord)."""
    found = 0
    for row in rows:
        if limit is not None and found >= limit:
            return
        if await visible(row):
            found += 1
            yield row
