"""The store's votes: a game's open kick vote and undo request, each with the due time it runs out at."""

from __future__ import annotations

from engine.platform.records import DueKind, KickVote, UndoVote
from engine.store.database import Database
from engine.store.dues import DueStore


class VoteStore:
    """One kick vote and one undo request at most per game; every public method is one unit of work."""

    def __init__(self, db: Database, dues: DueStore) -> None:
        self._db = db
        self._dues = dues  # a vote that ends takes its due time with it, in the same unit of work

    async def put_kick_vote(self, vote: KickVote) -> None:
        """Open or update a game's kick vote (one at a time per game)."""
        async with self._db.transaction():
            await self._db.q(
                "INSERT INTO kick_votes (game_id, target, voters, yes, no, expires_at) VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET target = excluded.target, voters = excluded.voters,"
                " yes = excluded.yes, no = excluded.no, expires_at = excluded.expires_at",
                (vote.game_id, vote.target, _ids(vote.voters), _ids(vote.yes), _ids(vote.no), vote.expires_at),
            )

    async def kick_vote(self, game_id: int) -> KickVote | None:
        rows = await self._db.read(
            "SELECT game_id, target, voters, yes, no, expires_at FROM kick_votes WHERE game_id = ?", (game_id,)
        )
        if not rows:
            return None
        g, target, voters, yes, no, expires = rows[0]
        return KickVote(g, target, _parse(voters), _parse(yes), _parse(no), expires)

    async def end_kick_vote(self, game_id: int) -> None:
        async with self._db.transaction():
            await self._db.q("DELETE FROM kick_votes WHERE game_id = ?", (game_id,))
            await self._dues.drop(game_id, DueKind.KICK_VOTE)

    async def put_undo_vote(self, vote: UndoVote) -> None:
        """Open or update a game's undo request (one at a time per game)."""
        async with self._db.transaction():
            await self._db.q(
                "INSERT INTO undo_votes (game_id, requester, to_version, at_version, voters, yes, expires_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET requester = excluded.requester,"
                " to_version = excluded.to_version, at_version = excluded.at_version, voters = excluded.voters,"
                " yes = excluded.yes, expires_at = excluded.expires_at",
                (vote.game_id, vote.requester, vote.to_version, vote.at_version, _ids(vote.voters), _ids(vote.yes),
                 vote.expires_at),
            )

    async def undo_vote(self, game_id: int) -> UndoVote | None:
        rows = await self._db.read(
            "SELECT game_id, requester, to_version, at_version, voters, yes, expires_at FROM undo_votes"
            " WHERE game_id = ?", (game_id,),
        )
        if not rows:
            return None
        g, requester, to_version, at_version, voters, yes, expires = rows[0]
        return UndoVote(g, requester, to_version, at_version, _parse(voters), _parse(yes), expires)

    async def end_undo_vote(self, game_id: int) -> None:
        async with self._db.transaction():
            await self._db.q("DELETE FROM undo_votes WHERE game_id = ?", (game_id,))
            await self._dues.drop(game_id, DueKind.UNDO_VOTE)


def _ids(users: tuple[int, ...]) -> str:
    # Voters are kept as one comma-separated column: a vote is read and written whole, never searched by voter.
    return ",".join(str(u) for u in users)


def _parse(text: str) -> tuple[int, ...]:
    return tuple(int(u) for u in text.split(",") if u)
