"""The store: the action log and everything kept beside it, on SQLite (the default) or PostgreSQL."""

from engine.store.store import (
    ActionRow, AlreadySeated, DueKind, DueRow, DuplicateInteraction, GameEnded, GameRow, NotFound, NotInLobby,
    PostKind, PostRow, SeatNotFound, SeatRow, SeatsChanged, SeatsFull, StaleVersion, Status, Store, StoreError,
    WrongPlayerCount, is_postgres_url,
)

__all__ = [
    "ActionRow", "AlreadySeated", "DueKind", "DueRow", "DuplicateInteraction", "GameEnded", "GameRow", "NotFound",
    "NotInLobby", "PostKind", "PostRow", "SeatNotFound", "SeatRow", "SeatsChanged", "SeatsFull", "StaleVersion",
    "Status", "Store", "StoreError", "WrongPlayerCount", "is_postgres_url",
]
