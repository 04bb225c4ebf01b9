"""Looking back at a game: its public board and words at any move, replayed from the log, and its JSON export."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from functools import partial
from typing import Any

from engine.core import Action, GameError, is_private
from engine.platform.export import build_export, replay_log
from engine.platform.records import ActionRow, Status
from engine.services.core import TableCore
from engine.services.drawing import Drawing
from engine.services.loading import public_view
from engine.services.tables import Standing, Table, standings_from_view
from engine.services.refusals import require_started
from engine.platform.undo import is_undo


MAX_FRAMES = 100  # an animation's frames: a longer game is shown at evenly spaced turns, the last always


@dataclass(frozen=True)
class ReplayFrame:
    """One position of a replay: the board after move `move` (0: the setup) and what that move did, in words."""

    table: Table
    move: int
    moves: int  # how many moves the log holds now
    actor: str | None  # who made the move; None for the setup
    words: tuple[str, ...]  # the log's lines for that move, names put in (public, like the thread's)
    image: bytes | None  # None only when the renderer failed
    standings: tuple[Standing, ...] = ()  # the scores after that move, as the board shows them


@dataclass(frozen=True)
class GameFile:
    """A game's export, ready to attach."""

    table: Table
    filename: str
    data: bytes


class Replays:
    """The look back at a game, answered from the store and the log only."""

    def __init__(self, core: TableCore) -> None:
        self._core = core
        self._store = core.store

    async def replay_frame(self, game_id: int, guild_id: int, move: int | None = None) -> ReplayFrame:
        """The public board and words after `move` (the latest when None) of a started game of this server.

        Only the public view is drawn and only the public log's words are used, so a live game's hidden
        hands (1930's contracts) stay hidden, whoever steps through it.
        """
        table = await self._core.load.table(game_id, guild_id=guild_id)
        require_started(table, "there's nothing to replay")
        total = table.version
        move = total if move is None else move
        if not 0 <= move <= total:
            raise GameError(f"{table.display_name} has {total} moves: pick one from 0 (the setup) to {total}.")
        lines = (await self._core.load.history(table)).lines
        rows = await self._store.games.actions(table.id, limit=move) if move else []
        state, fallback = await asyncio.to_thread(_replay_to, table, rows)
        words = tuple(line.text for line in lines if line.seq == move) or fallback
        actor = table.at_seat(rows[-1].seat).name if rows else None
        view = public_view(table, state)
        image = await self._core.draw(table, view)
        return ReplayFrame(table, move, total, actor, words, image, standings_from_view(table, view))

    async def export_game(self, game_id: int, guild_id: int) -> GameFile:
        """The JSON export of a game of this server that is over (a live game's seed would foretell its chance)."""
        table = await self._core.load.table(game_id, guild_id=guild_id)
        require_started(table, "there's nothing to export")
        seats = await self._store.seats.of(game_id)
        rows = await self._store.games.actions(game_id)
        export = await asyncio.to_thread(build_export, table.row, seats, rows)
        return GameFile(table, f"contrail-{table.slug}-{table.id}.json", export.to_json().encode())

    async def animation(self, game_id: int, guild_id: int, limit: int) -> GameFile:
        """An animated GIF of a game of this server that is over: its public board at the end of every turn.

        `limit` is the upload limit in bytes: the frames are made smaller until the file fits.
        """
        table = await self._core.load.table(game_id, guild_id=guild_id)
        require_started(table, "there's nothing to animate")
        if table.status is Status.ACTIVE:
            raise GameError(f"{table.display_name} is still being played: its animation comes once it is over.")
        if self._core.drawing is None:
            raise GameError("This bot draws no pictures, so it makes no animations.")
        rows = await self._store.games.actions(game_id)
        data = await self._core.pictures.run(f"the animation of game {table.id}", partial(_animate, table, rows, limit))
        if data is None:
            raise GameError(f"An animation of {table.display_name} would be over the upload limit here, "
                            "even at its smallest.")
        return GameFile(table, f"contrail-{table.slug}-{table.id}.gif", data)


def _animate(table: Table, rows: list[ActionRow], limit: int, drawing: Drawing) -> bytes | None:
    """Draw every turn's last position and join them (by a drawing worker: a long game takes seconds)."""
    wording = table.wording()
    frames = [drawing.board(table.slug, wording.view(public_view(table, state))) for state in turn_ends(table, rows)]
    return drawing.animation(frames, limit=limit)


def turn_ends(table: Table, rows: list[ActionRow], most: int = MAX_FRAMES) -> list[Any]:
    """The setup and the state at the end of each turn (a run of moves by one seat), at most `most` of them."""
    game = table.rules
    replayer = replay_log(game, len(table.players), table.row.seed, dict(table.row.options),
                          [(row.seq, row.seat, row.payload) for row in rows])
    ends = [0, *(row.seq for n, row in enumerate(rows) if n + 1 == len(rows) or rows[n + 1].seat != row.seat)]
    if len(ends) > most:  # evenly spaced turns, keeping the setup and the final position
        ends = [ends[round(i * (len(ends) - 1) / (most - 1))] for i in range(most)]
    return [replayer.states[seq] for seq in ends]


def _replay_to(table: Table, rows: list[ActionRow]) -> tuple[Any, tuple[str, ...]]:
    """The state after these log rows, and words for the last move when the log shows no event for it.

    A decision with no event (choosing a slot before a flight) is told by its choice's label, unless the
    decision was private: then only that a choice was made.
    """
    game = table.rules
    replayer = replay_log(game, len(table.players), table.row.seed, dict(table.row.options),
                          [(row.seq, row.seat, row.payload) for row in rows])
    if not rows or is_undo(rows[-1].payload):
        return replayer.states[len(rows)], ()
    last = rows[-1]
    before = replayer.states[last.seq - 1]
    name = table.at_seat(last.seat).name
    if is_private(game, before, last.seat):
        return replayer.states[last.seq], (f"{name} made a choice only they could see.",)
    chosen = Action.from_dict(last.payload)
    label = next((a.label for a in game.legal_actions(before, last.seat) if a == chosen), "") or chosen.key
    return replayer.states[last.seq], (f"{name}: {label}",)
