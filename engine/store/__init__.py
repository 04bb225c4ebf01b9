"""The store: the action log and everything kept beside it, on SQLite (the default) or PostgreSQL."""

from engine.platform.records import (
    ActionRow, AlreadySeated, DueKind, DueRow, DuplicateInteraction, GameEnded, GameRow, KickVote, LinkKind,
    NotFound, NotInLobby, Notify, PlayerPrefs, PostKind, PostRow, SeatNotFound, SeatRow, SeatsChanged, SeatsFull, StaleVersion,
    Status, StoreError, UndoVote, WebLink, WrongPlayerCount,
)
from engine.store.backend import SYNCHRONOUS, Conflict
from engine.store.database import Database, NestingRefused
from engine.store.dues import DUE_LEASE_SECONDS, DueStore
from engine.store.games import GameStore
from engine.store.leagues import LeagueGame, LeagueRow, LeagueStatus, LeagueStore, NewTable
from engine.store.prefs import PrefStore
from engine.store.ratings import PastResult, RatingRow, RatingStore
from engine.store.seats import SeatStore
from engine.store.store import Store, is_postgres_url
from engine.store.votes import VoteStore
from engine.store.web import WebStore

# The store's vocabulary: its callers import these from engine.store, whichever module defines them.
__all__ = [
    "DUE_LEASE_SECONDS", "SYNCHRONOUS", "ActionRow", "AlreadySeated", "Conflict", "Database", "DueKind", "DueRow",
    "DueStore", "DuplicateInteraction", "GameEnded", "GameRow", "GameStore", "KickVote", "LeagueGame", "LeagueRow",
    "LeagueStatus", "LeagueStore", "LinkKind", "NestingRefused", "NewTable", "NotFound", "NotInLobby", "Notify", "PastResult",
    "PlayerPrefs", "PostKind", "PostRow", "PrefStore", "RatingRow", "RatingStore", "SeatNotFound", "SeatRow",
    "SeatStore", "SeatsChanged", "SeatsFull", "StaleVersion", "Status", "Store", "StoreError", "UndoVote",
    "VoteStore", "WebLink", "WebStore", "WrongPlayerCount", "is_postgres_url",
]
