"""/undo through Discord: alone when nothing was shown, by everyone's consent when a card or dice were."""

from __future__ import annotations

import random
from pathlib import Path

import discord
import pytest
from simcord import ChannelHandle, MemberActor
from simtable import Lounge, choices_of, click_removed, ephemeral_text, latest_prompt, public, public_count

import engine
from engine.cli.admin import check
from engine.core import GameError
from engine.platform.records import DueKind
from engine.platform.undo import is_undo


async def play_until(lounge: Lounge, game_id: int, step: str, rng: random.Random) -> None:
    """Click random choices until the game waits on a decision of this step (e.g. 'exchange')."""
    thread = lounge.thread_of()
    for _ in range(300):
        prompt = await lounge.service.reading.prompt(game_id)
        assert prompt is not None, "the game ended first"
        if prompt.asks == step:
            return
        message = latest_prompt(thread)
        assert message is not None
        await lounge.click_choice(lounge.member(message.raw_mentions[0]), message, rng.choice(choices_of(message))[1])
    raise AssertionError(f"no {step!r} decision came up")


@pytest.mark.slow
async def test_a_decision_that_showed_nothing_is_taken_back_alone_and_the_log_says_undone(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    # Choosing a card whose throw waits on an exchange decision shows nothing: no die is thrown yet.
    await play_until(lounge, game_id, "choose how to roll", random.Random(3))
    prompt = await lounge.service.reading.prompt(game_id)
    assert prompt is not None
    mover = lounge.member(prompt.user_ids[0])
    version = (await lounge.service.reading.table(game_id)).version
    actions = await lounge.store.games.actions(game_id)

    result = await mover.slash(thread, "undo")

    assert ephemeral_text(result).startswith("Done: take back move")
    table = await lounge.service.reading.table(game_id)
    assert table.version == version + 1 and is_undo((await lounge.store.games.actions(game_id))[-1].payload)
    back = await lounge.service.reading.prompt(game_id)
    assert back is not None and back.asks == "choose a card to throw for" and back.user_ids == (mover.id,)
    log = (await lounge.service.reading.log(game_id, per_page=500)).lines  # the whole log, whatever page the undo falls on
    assert any(line.endswith("(undone)") for line in log) and any("takes back move" in line for line in log)
    # The log is the truth: replaying it, undo included, gives the same position.
    assert len(await lounge.store.games.actions(game_id)) == len(actions) + 1


async def test_a_throw_is_never_taken_back_without_everyones_consent(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=3)
    await play_until(lounge, game_id, "take another go or end your turn", random.Random(5))
    prompt = await lounge.service.reading.prompt(game_id)
    assert prompt is not None
    asker = lounge.member(prompt.user_ids[0])
    others = [lounge.member(p.user_id) for p in (await lounge.service.reading.table(game_id)).players if p.user_id != asker.id]
    version = (await lounge.service.reading.table(game_id)).version

    asked = await asker.slash(thread, "undo")
    assert ephemeral_text(asked) == "Dice or a card were shown since, so the other players are asked."
    [request] = [m for m in public(thread) if "asks to take back" in m.content]
    assert (await lounge.service.reading.table(game_id)).version == version  # nothing yet
    await others[0].click(request, label="Approve")
    assert (await lounge.service.reading.table(game_id)).version == version  # one of two agreed: still nothing
    await others[1].click(request, label="Refuse")
    assert (await lounge.service.reading.table(game_id)).version == version  # one refusal keeps the moves
    assert "refused" in next(m for m in public(thread) if m.id == request.id).content

    await asker.slash(thread, "undo")
    [request] = [m for m in public(thread) if "asks to take back" in m.content and m.components]
    for other in others:
        await other.click(request, label="Approve")
    table = await lounge.service.reading.table(game_id)
    assert table.version == version + 1 and is_undo((await lounge.store.games.actions(game_id))[-1].payload)
    assert (await lounge.service.reading.prompt(game_id)).user_ids == (asker.id,)  # type: ignore[union-attr]


async def test_nothing_of_yours_to_take_back_once_someone_else_has_moved(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    prompt = await lounge.service.reading.prompt(game_id)
    assert prompt is not None
    waiting = next(p for p in (await lounge.service.reading.table(game_id)).players if p.user_id != prompt.user_ids[0])
    result = await lounge.member(waiting.user_id).slash(thread, "undo")
    assert ephemeral_text(result) == "There's nothing of yours to take back: someone else has moved since your last decision."
    assert engine.get_game("airships")  # the game itself knows nothing of undo: it lives in the log


async def open_request(lounge: Lounge, thread: ChannelHandle, game_id: int) -> tuple[MemberActor, discord.Message]:
    """A throw's player asks to take it back: (the asker, the request's message)."""
    await play_until(lounge, game_id, "take another go or end your turn", random.Random(5))
    prompt = await lounge.service.reading.prompt(game_id)
    assert prompt is not None
    asker = lounge.member(prompt.user_ids[0])
    asked = await asker.slash(thread, "undo")
    assert ephemeral_text(asked) == "Dice or a card were shown since, so the other players are asked."
    [request] = [m for m in public(thread) if "asks to take back" in m.content]
    return asker, request


def due_kinds_checked(database_path: Path) -> str:
    """What `--check` prints, whose next due item would name an undo request's."""
    said: list[str] = []
    assert check(database_path, said.append) == 0
    return "\n".join(said)


async def test_an_undo_request_closes_when_the_game_moves_on_and_another_may_ask(lounge: Lounge,
                                                                                  database_path: Path) -> None:
    thread, game_id = await lounge.started_game(players=3, reminders="off")  # the request's due is the next one
    asker, request = await open_request(lounge, thread, game_id)
    assert "take moves back" in due_kinds_checked(database_path)
    posted, messages = len(lounge.posted(thread)), public_count(thread)

    # The asker plays on instead of waiting for the answer: the request is moot.
    turn = latest_prompt(thread)
    assert turn is not None
    await lounge.click_choice(asker, turn, choices_of(turn)[-1][1])

    assert await lounge.store.votes.undo_vote(game_id) is None
    assert DueKind.UNDO_VOTE not in await lounge.store.dues.of(game_id)
    assert "take moves back" not in due_kinds_checked(database_path)
    closed = next(m for m in public(thread) if m.id == request.id)
    assert closed.content.endswith("— closed: the game moved on.") and not closed.components
    name = (await lounge.service.reading.table(game_id)).player(asker.id).name  # type: ignore[union-attr]
    assert closed.content.startswith(f"{name}'s request to take back move")
    # Closing is an edit: the move posted what a move posts, and nobody was pinged about the request again.
    assert [m for m in public(thread)[messages:] if "closed" in m.content] == []
    assert all("asks to take back" not in body.get("content", "") for body in lounge.posted(thread)[posted:])
    # Approving the closed request does nothing: it is over.
    voter = next(lounge.member(u) for u in request.raw_mentions)
    late = await click_removed(voter, closed, f"undo:{game_id}:yes")
    assert ephemeral_text(late) == "That request is over."

    # Another player's throw can now be asked back: not refused as "open already".
    _, again = await open_request(lounge, thread, game_id)
    assert again.id != request.id and again.components


async def test_an_undo_request_closes_when_the_game_is_abandoned(lounge: Lounge, database_path: Path) -> None:
    thread, game_id = await lounge.started_game(players=3, reminders="off")
    creator = lounge.members[0]
    _, request = await open_request(lounge, thread, game_id)
    assert "take moves back" in due_kinds_checked(database_path)

    await creator.slash(thread, "game abandon")

    assert await lounge.store.votes.undo_vote(game_id) is None
    assert DueKind.UNDO_VOTE not in await lounge.store.dues.of(game_id)
    assert "take moves back" not in due_kinds_checked(database_path)
    closed = next(m for m in public(thread) if m.id == request.id)
    assert closed.content.endswith("— closed: the game is over.") and not closed.components


async def play_until_several(lounge: Lounge, game: str, rng: random.Random) -> tuple[ChannelHandle, int, MemberActor]:
    """A game played by random clicks until its mover could take back several decisions alone (none showed a card
    or dice): (its thread, its id, the mover)."""
    thread, game_id = await lounge.started_game(players=2, game=game)
    for _ in range(300):
        prompt = await lounge.service.reading.prompt(game_id)
        assert prompt is not None, "the game ended first"
        mover = lounge.member(prompt.user_ids[0])
        try:
            plan = await lounge.service.undo.plan(game_id, mover.id)
        except GameError:
            plan = None
        if plan is not None and plan.decisions > 1 and not plan.revealed:
            return thread, game_id, mover
        message = await lounge.private_choices(mover, latest_prompt(thread))  # type: ignore[arg-type]
        await lounge.click_choice(mover, message, rng.choice(choices_of(message))[1])
    raise AssertionError("no run of several decisions came up")


async def test_taking_back_several_decisions_shows_them_privately_and_asks_first(lounge: Lounge) -> None:
    thread, game_id, mover = await play_until_several(lounge, "air-alliance", random.Random(2))
    version = (await lounge.service.reading.table(game_id)).version
    plan = await lounge.service.undo.plan(game_id, mover.id)
    messages, posted = public_count(thread), len(lounge.posted(thread))

    asked = await mover.slash(thread, "undo")

    [question] = [m.message for m in [asked.response, *asked.followups] if m is not None and m.ephemeral]
    assert question.content.startswith(f"This takes back {plan.decisions} decisions of yours "
                                       f"(moves {plan.to_version + 1} to {version}):\n")
    assert all(line in question.content for line in plan.lines) and question.content.endswith("Take them back?")
    assert [b.label for row in question.components for b in row.children] == ["Confirm", "Keep them"]  # type: ignore[attr-defined]
    assert (await lounge.service.reading.table(game_id)).version == version  # nothing taken back yet
    assert (public_count(thread), len(lounge.posted(thread))) == (messages, posted)  # asked privately, nobody pinged

    first = question
    kept = await mover.click(question, label="Keep them")
    assert kept.acknowledged
    assert (await lounge.service.reading.table(game_id)).version == version
    assert ephemeral_text(asked) == "Kept: nothing is taken back."  # the question, edited in place

    asked = await mover.slash(thread, "undo")
    [question] = [m.message for m in [asked.response, *asked.followups] if m is not None and m.ephemeral]
    assert (await mover.click(question, label="Confirm")).acknowledged
    table = await lounge.service.reading.table(game_id)
    assert table.version == version + 1 and is_undo((await lounge.store.games.actions(game_id))[-1].payload)
    assert ephemeral_text(asked) == f"Done: take back moves {plan.to_version + 1} to {version}."
    assert public_count(thread) == messages  # the turn's message is edited back, not posted anew
    # A Confirm from before the game moved takes nothing back: the decisions it listed are no longer the latest.
    late = await click_removed(mover, first, f"undo:{game_id}:v{version}:take")
    assert late.acknowledged and (await lounge.service.reading.table(game_id)).version == version + 1
