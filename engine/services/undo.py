"""/undo: take back a player's latest decisions, alone when nothing was revealed, else by consent."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.core import Action, GameError, StaleAction, find_choice
from engine.platform.secrets import dealer, shows_hidden
from engine.platform.records import (
    ActionRow, DueKind, DueRow, DuplicateInteraction, PostKind, StaleVersion, Status, UndoVote,
)
from engine.services.dues import DueSpec, DueWork, declare
from engine.services.core import TableCore
from engine.services.positions import opening_state
from engine.services.tables import (
    AlreadyPlayed, Closed, MoveResult, NeedsConsent, NotSeated, Table,
)
from engine.services.refusals import require_player
from engine.platform.undo import Replayer, is_undo, undo_payload, undone
from engine.words import moves

UNDO_VOTE_SECONDS = 24 * 3600  # without every approval within a day, nothing is taken back


@dataclass(frozen=True)
class TakeBack:
    """What /undo would take back now: how many decisions, what they did, and whether the others must agree."""

    table: Table
    to_version: int  # the version the game goes back to
    revealed: bool  # a card or dice were shown: only by the others' consent
    decisions: int
    lines: tuple[str, ...]  # what the decisions did, in the log's words


@dataclass(frozen=True)
class _Target:
    """The decisions an /undo would take back (log rows), and the replay that judged them."""

    rows: tuple[ActionRow, ...]
    revealed: bool
    replayer: Replayer

    @property
    def to_version(self) -> int:
        return self.rows[0].seq - 1


class Undoing:
    """/undo: a player takes back their latest decisions, alone or with the others' consent."""

    def __init__(self, core: TableCore) -> None:
        self._core = core
        self._store = core.store
        core.on_moved(self.close_moot)  # any move after a request, or the game's end, closes it

    async def _undo_target(self, table: Table, seat: int) -> _Target:
        """The decisions /undo takes back for this seat's latest run, and whether that takes back a card or dice
        shown. Alone, a player takes back the decisions since the last one that showed something; a decision
        that showed a card or dice is taken back only with the others' consent, and alone.
        """
        rows = [row for row in await self._store.games.actions(table.id) if row.seq <= table.version]
        taken = undone((row.seq, row.payload) for row in rows)
        kept = [row for row in rows if row.seq not in taken and not is_undo(row.payload)]
        if not kept or kept[-1].seat != seat:
            raise GameError("There's nothing of yours to take back: someone else has moved since your last decision.")
        run = [kept[-1]]
        for row in reversed(kept[:-1]):
            if row.seat != seat:
                break
            run.insert(0, row)
        game = table.rules
        replayer = Replayer(game)
        replayer.start(opening_state(table))
        for row in rows:
            replayer.apply(row.seq, row.seat, row.payload)
        shows = [shows_hidden(game, replayer.states[row.seq - 1], row.seat, Action.from_dict(row.payload),
                              replayer.states[row.seq], dealer(table.id, row.seq, "shows"))
                 for row in run]
        if not shows[-1]:  # the latest decisions showed nothing: back to the last one that did (or the run's start)
            first = len(shows) - next((n for n, shown in enumerate(reversed(shows)) if shown), len(shows))
            return _Target(tuple(run[first:]), False, replayer)
        return _Target((run[-1],), True, replayer)  # the latest decision showed a card or dice: only it, by consent

    async def plan(self, game_id: int, user_id: int) -> TakeBack:
        """What /undo would take back for this player now, in the log's words, without taking anything back."""
        table = await self._core.load.table(game_id)
        seat = require_player(table, user_id)
        target = await self._undo_target(table, seat)
        numbers = {row.seq for row in target.rows}
        names = {p.seat: p.name for p in table.players if p.seat is not None}
        told = [(n, text) for n, text in (await self._core.load.history(table)).numbered_lines(names) if n in numbers]
        # The steps of a move still being made have no line yet (a step before a move is told by that move's line,
        # '12–14. ...'): each is told by its choice, as its menu said.
        states, last = target.replayer.states, max((n for n, _ in told), default=0)
        steps = [f"{row.seq}. Your choice: {label_of(table, states[row.seq - 1], row.seat, row.payload)}"
                 for row in target.rows if row.seq > last]
        return TakeBack(table, target.to_version, target.revealed, len(target.rows),
                        tuple(text for _, text in told) + tuple(steps))

    async def undo(self, game_id: int, user_id: int, interaction_id: int | None = None, *,
                   at_version: int | None = None) -> MoveResult:
        """Take back the caller's latest decisions at once, when they showed nothing hidden or random.

        `at_version`: the version the player saw what would be taken back at (a confirmation): any move since
        and nothing is taken back, since the decisions they confirmed may no longer be the ones it would take."""
        async with self._core.hold(game_id):
            table = await self._core.load.table(game_id)
            seat = require_player(table, user_id)
            if at_version is not None and table.version != at_version:
                raise StaleAction("The game has moved on since: nothing is taken back.")
            target = await self._undo_target(table, seat)
            if target.revealed:
                raise NeedsConsent("A card was turned over or dice were thrown since: the other players must agree.",
                                   target.to_version)
            return await self._take_back(table, seat, target.to_version, interaction_id)

    async def ask_undo(self, game_id: int, user_id: int) -> UndoVote:
        """Ask every other person seated to agree to take the caller's latest decisions back."""
        async with self._core.hold(game_id):
            table = await self._core.load.table(game_id)
            seat = require_player(table, user_id)
            to_version = (await self._undo_target(table, seat)).to_version
            voters = tuple(p.user_id for p in table.players if p.seat is not None and not p.ai and p.user_id != user_id)
            if not voters:
                raise GameError("Dice were thrown or a card turned over since, and there's nobody else to agree: "
                                "that can't be taken back.")
            if await self._store.votes.undo_vote(game_id) is not None:  # one still open: nothing moved since it
                raise GameError("A request to take moves back is open already: wait for its answer.")
            vote = UndoVote(game_id, user_id, to_version, table.version, voters, (), self._core.clock() + UNDO_VOTE_SECONDS)
            await self._store.votes.put_undo_vote(vote)
            await self._core.schedule.add_due(DueRow(game_id, DueKind.UNDO_VOTE, vote.expires_at, 0,
                                                     self._core.clock()))
            return vote

    async def answer_undo(self, game_id: int, user_id: int,
                          approve: bool) -> tuple[UndoVote | None, MoveResult | None, str]:
        """One answer: (the request still open, the result once all agreed, words when it is over)."""
        async with self._core.hold(game_id):
            table = await self._core.load.table(game_id)
            vote = await self._store.votes.undo_vote(game_id)
            if vote is None:
                raise StaleAction("That request is over.")
            if user_id not in vote.voters:
                raise NotSeated("Only the other players of this game answer this request.")
            if table.status is not Status.ACTIVE or table.version != vote.at_version:
                await self._store.votes.end_undo_vote(game_id)
                return None, None, "The game has moved on since: nothing is taken back."
            if not approve:
                await self._store.votes.end_undo_vote(game_id)
                return None, None, "The request was refused: nothing is taken back."
            vote = replace(vote, yes=tuple(sorted({*vote.yes, user_id})))
            if not vote.approved:
                await self._store.votes.put_undo_vote(vote)
                return vote, None, ""
            await self._store.votes.end_undo_vote(game_id)
            requester = table.player(vote.requester)
            if requester is None or requester.seat is None:  # their seat changed hands while the others agreed
                return None, None, "The player who asked has left the game since: nothing is taken back."
            result = await self._take_back(table, requester.seat, vote.to_version, None)
            return None, result, "Everyone agreed: the moves are taken back."

    async def _take_back(self, table: Table, seat: int, to_version: int,
                         interaction_id: int | None) -> MoveResult:
        """Append the undo entry (the log stays append-only) and show the game as it was at `to_version`."""
        before = (await self._core.now(table)).to_act
        try:
            row = await self._core.append_undo(table, seat, undo_payload(to_version), interaction_id)
        except DuplicateInteraction:
            raise AlreadyPlayed("That was already done.") from None
        except StaleVersion:
            raise StaleAction("The game has moved on: nothing is taken back.") from None
        moved = await self._core.now(replace(table, row=row))  # the same seats, at the version the undo made
        news = await self._core.news(moved, before)
        if not news.continues:  # back in the middle of the player's own turn: that turn is theirs again
            news = replace(news, next=moved.history.turn(moved.to_act, moved.table.automatic_seats))
        moved = replace(moved, events=[moved.history.rows[-1][1]])  # "ann takes back moves 5 to 7."
        return await self._core.result(moved, news, f"Take back {moves(to_version + 1, row.version - 1)}")

    async def close_moot(self, table: Table) -> Closed | None:
        """Close the open request to take moves back once the game moved on or ended (the table as it stands now):
        its vote and its due item go, and its message is told why. None when none is open, or it still stands."""
        vote = await self._store.votes.undo_vote(table.id)
        if vote is None or (table.status is Status.ACTIVE and table.version == vote.at_version):
            return None
        await self._store.votes.end_undo_vote(table.id)
        why = "the game moved on" if table.status is Status.ACTIVE else "the game is over"
        post = (await self._core.load.posts(table.id)).get(PostKind.UNDO)
        return Closed(post, f"{request_words(table, vote)} — closed: {why}.")

    async def close(self, game_id: int) -> tuple[Closed, ...]:
        """`close_moot` for a game that ended without a move (abandoned): what it closed."""
        async with self._core.hold(game_id):
            closed = await self.close_moot(await self._core.load.table(game_id))
        return (closed,) if closed is not None else ()

    async def undo_vote_due(self, work: DueWork) -> None:
        """A request to take moves back that a day passed on: nothing is taken back. One its game left behind (a
        crash between an abandon and its closing) just goes."""
        table, now, news = work.game_table, work.now, work.news
        request = await self._store.votes.undo_vote(table.id)
        if request is not None and table.status is not Status.ACTIVE:
            await self._store.votes.end_undo_vote(table.id)
        elif request is not None and request.expires_at <= now:
            await self._store.votes.end_undo_vote(table.id)
            news.notices.append((table, "A day passed without every player agreeing: nothing is taken back."))


def request_words(table: Table, vote: UndoVote) -> str:
    """"ann's request to take back move 8": a request named on its message once it is over."""
    asker = table.player(vote.requester)
    return f"{asker.name if asker else 'A player'}'s request to take back {moves(vote.to_version + 1, vote.at_version)}"


def label_of(table: Table, state: Any, seat: int, payload: dict[str, Any]) -> str:
    """A decision's choice as the seat's menu named it, from the state it was made in."""
    action = Action.from_dict(payload)
    legal = find_choice(table.rules.legal_actions(state, seat), action)
    return (legal.label if legal is not None else "") or action.label or action.key


declare(DueSpec(DueKind.UNDO_VOTE, Undoing, Undoing.undo_vote_due, "a request to take moves back runs out",
                after_end=True))
