"""A restart in the middle of a game: a new bot on the same database picks up every game and old button."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from simtable import Lounge, choices_of, close_store, custom_ids, latest_prompt, make_bot, prompt_version, public

from engine.store import Status


async def _restart(lounge: Lounge, database_path: Path) -> None:
    """Detach the running bot, close its database, and attach a fresh bot built from scratch."""
    old = lounge.bot
    await lounge.env.restart_bot(make_bot(database_path))
    await close_store(old)
    assert lounge.bot is not old and lounge.bot.store is not None


@pytest.mark.slow
async def test_a_prompt_posted_before_a_restart_still_works(lounge: Lounge, database_path: Path) -> None:
    thread, game_id = await lounge.started_game(players=3)
    rng = random.Random(5)
    for _ in range(6):  # part of the game before the restart
        prompt = latest_prompt(thread)
        assert prompt is not None
        await lounge.click_choice(lounge.member(prompt.raw_mentions[0]), prompt, rng.choice(choices_of(prompt))[1])
    version = (await lounge.service.reading.table(game_id)).version
    prompt = latest_prompt(thread)
    assert prompt is not None and prompt_version(prompt) == version

    await _restart(lounge, database_path)
    before = len(public(thread))
    result = await lounge.click_choice(lounge.member(prompt.raw_mentions[0]), prompt, choices_of(prompt)[0][1])
    assert not [m for m in result.followups if m.ephemeral]
    assert len(public(thread)) <= before + 1  # the turn's message is edited, or the next turn's posted
    assert (await lounge.service.reading.table(game_id)).version == version + 1

    # and the game can be played to its end by the new bot
    await lounge.play_by_components(thread, rng)
    assert (await lounge.service.reading.table(game_id)).status is Status.FINISHED


async def test_a_stale_prompt_after_a_restart_answers_with_a_private_fresh_one(
    lounge: Lounge, database_path: Path
) -> None:
    thread, game_id = await lounge.started_game(players=2)
    stale = await lounge.old_copy(thread, game_id)  # the prompt as a client that missed the edits shows it
    actor = lounge.member(stale.raw_mentions[0])
    offered = await actor.autocomplete(thread, "move", "choice", "")
    await actor.slash(thread, "move", choice=offered[0]["value"])
    version = (await lounge.service.reading.table(game_id)).version

    await _restart(lounge, database_path)
    current = await lounge.service.reading.prompt(game_id)
    assert current is not None
    mover = lounge.member(current.user_ids[0])
    posted = len(public(thread))
    result = await lounge.click_choice(mover, stale, choices_of(stale)[0][1])
    [fresh] = [m for m in [result.response, *result.followups] if m is not None and m.ephemeral]
    assert fresh.content.startswith("This prompt is out of date.\n")
    assert prompt_version(fresh.message) == version
    assert len(public(thread)) == posted  # answered privately: nothing new in the thread
    assert (await lounge.service.reading.table(game_id)).version == version
    # the fresh prompt answers for the new bot
    await lounge.click_choice(mover, fresh, choices_of(fresh.message)[0][1])
    assert (await lounge.service.reading.table(game_id)).version == version + 1
    assert len(public(thread)) <= posted + 1


async def test_a_lobby_survives_a_restart(lounge: Lounge, database_path: Path) -> None:
    ann, bob = lounge.members[:2]
    thread = await lounge.open_game(ann)
    lobby = public(thread)[0]
    await _restart(lounge, database_path)
    await bob.click(lobby, label="Join")
    await ann.click(public(thread)[0], label="Start")
    assert (await lounge.service.reading.table(1)).status is Status.ACTIVE
    assert latest_prompt(thread) is not None


async def test_a_restart_mid_turn_keeps_editing_the_same_turn_message(lounge: Lounge, database_path: Path) -> None:
    thread, game_id = await lounge.started_game(players=2)
    rng = random.Random(3)
    for _ in range(60):  # play until a player is in the middle of a turn (their message has been edited)
        prompt = latest_prompt(thread)
        assert prompt is not None
        actor = prompt.raw_mentions[0]
        await lounge.click_choice(lounge.member(actor), prompt, rng.choice(choices_of(prompt))[1])
        now = latest_prompt(thread)
        if now is not None and now.id == prompt.id and now.raw_mentions == [actor]:
            break
    else:
        raise AssertionError("no turn with two decisions came up")
    turn_message = now

    await _restart(lounge, database_path)
    before = len(public(thread))
    offered = await lounge.member(actor).autocomplete(thread, "move", "choice", "")
    await lounge.member(actor).slash(thread, "move", choice=offered[0]["value"])

    table = await lounge.service.reading.table(game_id)
    prompt = await lounge.service.reading.prompt(game_id)
    edited = next(m for m in public(thread) if m.id == turn_message.id)
    if prompt is not None and prompt.user_ids == (actor,):
        assert len(public(thread)) == before and custom_ids(edited)  # still the turn's one message
        assert prompt_version(edited) == table.version
    else:
        assert custom_ids(edited) == [] and len(public(thread)) == before + 1  # closed, and the next turn posted
