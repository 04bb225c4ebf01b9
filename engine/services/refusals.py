"""Refusals in a player's words: what a table must be for an action, and the store's refusals of seat changes."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from engine.core import GameError, GameOver
from engine.platform.records import (
    AlreadySeated,
    GameEnded,
    NotInLobby,
    SeatNotFound,
    SeatRow,
    SeatsChanged,
    SeatsFull,
    Status,
    StoreError,
    WrongPlayerCount,
)
from engine.services.tables import LobbyClosed, NotSeated, NotStarted, Table, TableFull

RESTART = "The table changed while you were starting it: press Start again."


def refusal(
    error: StoreError, table: Table, verb: str, *,
    already: str = "You're already in this game.", missing: str = "You're not in this game.",
) -> GameError | None:
    """The player's sentence for a refusal of the store about `table` (as the service last read it), or None.

    `verb` completes "you can't ... it now"; `already` and `missing` say what a seat that was (or was not)
    there means for this action. None: the error is no conflict over seats but a bug, to be logged as one.
    """
    if isinstance(error, SeatsFull):
        return TableFull(f"This game is full ({table.max_players} players).")
    if isinstance(error, NotInLobby | GameEnded):
        if error.status is Status.FINISHED:
            return GameOver("This game is over.")
        if error.status is Status.ABANDONED:
            return GameOver("This game was abandoned.")
        return LobbyClosed(f"This game has already started, so you can't {verb} it now.")
    if isinstance(error, SeatsChanged):
        return LobbyClosed(RESTART)
    if isinstance(error, WrongPlayerCount):
        return LobbyClosed(
            f"{table.title} needs {table.min_players} to {table.max_players} players; "
            f"{error.count} {'has' if error.count == 1 else 'have'} joined."
        )
    if isinstance(error, AlreadySeated):
        return LobbyClosed(already)
    if isinstance(error, SeatNotFound):
        return NotSeated(missing)
    return None


@contextmanager
def refusals(
    table: Table, verb: str, *,
    already: str = "You're already in this game.", missing: str = "You're not in this game.",
) -> Iterator[None]:
    """Around a seat change: the store's refusal becomes the player's GameError; any other error stays a bug."""
    try:
        yield
    except StoreError as error:
        answer = refusal(error, table, verb, already=already, missing=missing)
        if answer is None:
            raise
        raise answer from None


# -- what a table must be for an action: each refusal is a sentence for the player ------------------


def require_live(table: Table) -> None:
    if table.status is Status.FINISHED:
        raise GameOver("This game is over.")
    if table.status is Status.ABANDONED:
        raise GameOver("This game was abandoned.")


def require_lobby(table: Table, verb: str) -> None:
    if table.status is not Status.LOBBY:
        require_live(table)
        raise LobbyClosed(f"This game has already started, so you can't {verb} it now.")


def require_player(table: Table, user_id: int) -> int:
    """The seat of a user who may play in this game now; each refusal is the player's sentence."""
    if table.status is Status.LOBBY:
        raise NotStarted("This game hasn't started yet.")
    require_live(table)
    player = table.player(user_id)
    if player is None or player.seat is None:
        raise NotSeated("You're not playing in this game.")
    return player.seat


def require_seat_in_play(table: Table, user_id: int) -> SeatRow:
    """A person's own seat in a game being played (for leaving, returning, being replaced)."""
    player = table.player(user_id)
    if player is None or player.seat is None:
        raise NotSeated("You're not playing in this game.")
    if table.status is not Status.ACTIVE:
        raise GameError("This game isn't being played any more.")
    return player


def require_started(table: Table, so: str) -> None:
    """A board and a log need a game whose seats were dealt; a lobby (even an abandoned one) has none."""
    if table.status is Status.LOBBY:
        raise NotStarted(f"This game hasn't started yet, so {so}.")
    if not table.started:
        raise NotStarted("This game was abandoned before it started.")
