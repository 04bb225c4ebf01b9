"""Every wrong input gets a clear private answer and changes nothing."""

from __future__ import annotations

import logging
import random

import discord
import pytest
from discord import app_commands
from simcord import ChannelHandle, InteractionResult, MemberActor
from simcord.actors import _component_interaction, _find_component, _visible_message
from simcord.enums import SELECT_TYPES, ComponentType
from simcord.results import ResponseMessage

from simtable import PROMPT_ID, Lounge, choices_of, custom_ids, ephemeral_text, latest_prompt, prompt_version, public

from cogs.base.answers import SORRY
from cogs.base.components import UNKNOWN
from cogs.play import prompts


async def _snapshot(lounge: Lounge, game_id: int, thread: ChannelHandle) -> tuple[int, int, int]:
    """(version, stored actions, public messages): all three must stay put after a refusal."""
    table = await lounge.service.reading.table(game_id)
    return table.version, len(await lounge.store.games.actions(game_id)), len(public(thread))


def _to_act(lounge: Lounge, prompt: discord.Message) -> MemberActor:
    return lounge.member(prompt.raw_mentions[0])


async def test_a_click_out_of_turn_is_refused(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=3)
    prompt = latest_prompt(thread)
    assert prompt is not None
    waiting = next(m for m in lounge.members[:3] if m.id != prompt.raw_mentions[0])
    before = await _snapshot(lounge, game_id, thread)

    result = await lounge.click_choice(waiting, prompt, choices_of(prompt)[0][1])

    assert ephemeral_text(result).startswith("It's not your turn: waiting for ")
    assert await _snapshot(lounge, game_id, thread) == before


async def test_move_out_of_turn_is_refused(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    prompt = latest_prompt(thread)
    assert prompt is not None
    waiting = next(m for m in lounge.members[:2] if m.id != prompt.raw_mentions[0])
    key = (await lounge.service.reading.prompt(game_id)).movers[0].choices[0].key  # type: ignore[union-attr]
    before = await _snapshot(lounge, game_id, thread)

    result = await waiting.slash(thread, "move", choice=key)

    assert result.ephemeral and ephemeral_text(result).startswith("It's not your turn")
    assert await _snapshot(lounge, game_id, thread) == before


async def test_a_click_by_someone_not_playing_is_refused(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    prompt = latest_prompt(thread)
    assert prompt is not None
    outsider = lounge.members[4]
    before = await _snapshot(lounge, game_id, thread)

    result = await lounge.click_choice(outsider, prompt, choices_of(prompt)[0][1])
    assert ephemeral_text(result) == "You're not playing in this game."
    result = await outsider.slash(thread, "move", choice="throw:s-captains")
    assert ephemeral_text(result) == "You're not playing in this game."
    assert await _snapshot(lounge, game_id, thread) == before


def _private_answer(result: InteractionResult) -> ResponseMessage:
    """The one ephemeral message an interaction got."""
    [answer] = [m for m in [result.response, *result.followups] if m is not None and m.ephemeral]
    return answer


def prompt_game(message: discord.Message) -> int:
    return int(next(PROMPT_ID.fullmatch(c) for c in custom_ids(message) if PROMPT_ID.fullmatch(c)).group(1))  # type: ignore[union-attr]


async def _move_on_by_command(lounge: Lounge, thread: ChannelHandle) -> tuple[discord.Message, MemberActor]:
    """Answer the current prompt with /move, keeping a copy of it as an out-of-date client would show it."""
    prompt = latest_prompt(thread)
    assert prompt is not None
    old = await lounge.old_copy(thread, prompt_game(prompt))
    actor = _to_act(lounge, old)
    offered = await actor.autocomplete(thread, "move", "choice", "")
    await actor.slash(thread, "move", choice=offered[0]["value"])
    return old, actor


async def _assert_fresh_prompt_for(lounge: Lounge, game_id: int, answer: ResponseMessage, member: MemberActor) -> None:
    current = await lounge.service.reading.prompt(game_id)
    assert current is not None and current.user_ids == (member.id,)
    assert answer.content == f"This prompt is out of date.\nAirships #{game_id}: {prompts.prompt_text(current)}"
    assert prompt_version(answer.message) == current.version
    shown = [label for label, _ in choices_of(answer.message)]
    choices = current.movers[0].choices
    assert shown == [prompts.button_label(a) if prompts.fits_button(a) else a.label for a in choices][:25] or (
        shown == [a.label for a in choices][:25])  # buttons carry what a choice brings when it fits; a menu its label


async def test_a_stale_button_is_answered_privately_with_the_clickers_fresh_prompt(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    old, actor = await _move_on_by_command(lounge, thread)
    version, actions, posted = await _snapshot(lounge, game_id, thread)
    assert prompt_version(old) == version - 1
    mover = lounge.member((await lounge.service.reading.prompt(game_id)).user_ids[0])  # type: ignore[union-attr]

    result = await lounge.click_choice(mover, old, choices_of(old)[0][1])

    await _assert_fresh_prompt_for(lounge, game_id, _private_answer(result), mover)
    assert await _snapshot(lounge, game_id, thread) == (version, actions, posted)  # nothing public
    fresh = _private_answer(result).message
    await lounge.click_choice(mover, fresh, choices_of(fresh)[0][1])  # the private prompt plays
    assert (await lounge.service.reading.table(game_id)).version == version + 1
    assert len(public(thread)) <= posted + 1  # the turn's message is edited, or the next turn's is posted


async def test_a_stale_click_by_someone_waiting_says_whose_turn_it_is(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=3)
    old, _ = await _move_on_by_command(lounge, thread)
    before = await _snapshot(lounge, game_id, thread)
    current = await lounge.service.reading.prompt(game_id)
    assert current is not None
    waiting = next(m for m in lounge.members[:3] if m.id not in current.user_ids)

    result = await lounge.click_choice(waiting, old, choices_of(old)[0][1])

    answer = _private_answer(result)
    assert answer.content == f"This prompt is out of date. {prompts.waiting_text(current)}"
    assert answer.components == []
    assert await _snapshot(lounge, game_id, thread) == before


async def test_a_second_click_for_a_decision_already_made_posts_nothing(lounge: Lounge) -> None:
    """Two copies of one prompt (the turn's message and an old copy), clicked one after the other, as a double click would."""
    thread, game_id = await lounge.started_game(players=2)
    first = latest_prompt(thread)
    assert first is not None
    copy = await lounge.old_copy(thread, game_id)
    assert prompt_version(first) == prompt_version(copy) == 0
    actor = _to_act(lounge, first)
    before = len(public(thread))

    await lounge.click_choice(actor, first, choices_of(first)[0][1])
    second = await lounge.click_choice(actor, copy, choices_of(copy)[0][1])

    assert _private_answer(second).content.startswith("This prompt is out of date.")
    assert len(public(thread)) <= before + 1  # the move, and no second prompt
    assert (await lounge.service.reading.table(game_id)).version == 1


async def _select_prompt(lounge: Lounge, thread: ChannelHandle) -> discord.Message:
    """Play on until a decision offers its choices as a select menu; that prompt."""
    rng = random.Random(8)
    while True:
        prompt = latest_prompt(thread)
        assert prompt is not None, "no select menu came up"
        if any(how.startswith("select:") for _, how in choices_of(prompt)):
            return prompt
        await lounge.click_choice(_to_act(lounge, prompt), prompt, rng.choice(choices_of(prompt))[1])


async def test_a_stale_select_menu_is_answered_privately(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    prompt = await _select_prompt(lounge, thread)
    old, actor = await _move_on_by_command(lounge, thread)
    assert choices_of(old) == choices_of(prompt)
    before = await _snapshot(lounge, game_id, thread)
    current = await lounge.service.reading.prompt(game_id)
    assert current is not None
    clicker = lounge.member(current.user_ids[0])

    result = await lounge.click_choice(clicker, old, choices_of(old)[0][1])

    await _assert_fresh_prompt_for(lounge, game_id, _private_answer(result), clicker)
    assert await _snapshot(lounge, game_id, thread) == before


async def _forged_select(member: MemberActor, message: discord.Message, value: str) -> InteractionResult:
    """The select answered with any value, as a modified client could send it (Discord's own client, and simcord's
    `select`, only send the values the menu offers)."""
    stored = _visible_message(member, message)
    menu = _find_component(stored.components, types=SELECT_TYPES, custom_id=None, label=None)
    data = {"custom_id": menu["custom_id"], "component_type": ComponentType.STRING_SELECT, "values": [value]}
    return await _component_interaction(member, stored, data)


async def test_a_select_value_other_than_ascii_digits_in_range_is_refused(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    prompt = await _select_prompt(lounge, thread)
    actor, before = _to_act(lounge, prompt), await _snapshot(lounge, game_id, thread)
    # Digits of other scripts and forms, signs, spaces, an index past the menu, too many digits, nothing at all.
    for value in ("²", "①", "١", "٣", "１", "𝟙", "-1", "+1", " 1", "1 ", "1.0", "0x1", "99", "007", "", "one"):
        answer = _private_answer(await _forged_select(actor, prompt, value))
        assert answer.content.startswith("That choice isn't available"), (value, answer.content)
    assert await _snapshot(lounge, game_id, thread) == before


async def test_a_malformed_move_value_is_refused(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    prompt = latest_prompt(thread)
    assert prompt is not None
    actor = _to_act(lounge, prompt)
    before = await _snapshot(lounge, game_id, thread)

    for typed in ("fly to the moon", "throw:no-such-card", "throw", "", "::::", "v١:throw:e1-eng-2"):
        result = await actor.slash(thread, "move", choice=typed or " ")
        assert ephemeral_text(result) == "I don't know that move: pick one of the choices offered."
    assert await _snapshot(lounge, game_id, thread) == before


@pytest.mark.slow
async def test_a_finished_game_refuses_moves(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    answered = []
    while (prompt := latest_prompt(thread)) is not None:
        answered.append(await lounge.old_copy(thread, game_id))
        actor = _to_act(lounge, prompt)
        offered = await actor.autocomplete(thread, "move", "choice", "")
        await actor.slash(thread, "move", choice=random.Random(len(answered)).choice(offered)["value"])
    before = await _snapshot(lounge, game_id, thread)
    last = answered[-1]  # a copy of the last prompt, as a client that missed the edits shows it

    result = await lounge.click_choice(_to_act(lounge, last), last, choices_of(last)[0][1])
    assert ephemeral_text(result) == "This game is over."
    result = await _to_act(lounge, last).slash(thread, "move", choice="throw:s-captains")
    assert ephemeral_text(result) == "This game is over."
    assert await _snapshot(lounge, game_id, thread) == before


async def test_an_abandoned_game_refuses_moves(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    prompt = await lounge.old_copy(thread, game_id)  # abandoning takes the buttons off the turn's own message
    await lounge.members[0].slash(thread, "game abandon")
    before = await _snapshot(lounge, game_id, thread)

    result = await lounge.click_choice(_to_act(lounge, prompt), prompt, choices_of(prompt)[0][1])
    assert ephemeral_text(result) == "This game was abandoned."
    result = await lounge.members[1].slash(thread, "game join")
    assert ephemeral_text(result) == "This game was abandoned."
    assert await _snapshot(lounge, game_id, thread) == before


async def test_an_unknown_game_is_named(lounge: Lounge) -> None:
    ann = lounge.members[0]
    result = await ann.slash(lounge.channel, "game join", game_id=999)
    assert ephemeral_text(result) == "There is no game #999."
    result = await ann.slash(lounge.channel, "board")
    assert ephemeral_text(result) == "There's no game here. Start one with /game new, or give a game_id."
    assert public(lounge.channel) == []


async def test_several_games_in_a_channel_ask_which(lounge: Lounge) -> None:
    me = lounge.guild.me
    assert me is not None
    closed = lounge.guild.create_text_channel(
        "no-threads", overwrites={me: discord.PermissionOverwrite(create_public_threads=False)}
    )
    ann, bob = lounge.members[:2]
    await ann.slash(closed, "game new", game="airships")
    await bob.slash(closed, "game new", game="airships")
    messages = len(public(closed))

    result = await ann.slash(closed, "game status")
    assert "There are several games here" in ephemeral_text(result) and "add game_id" in ephemeral_text(result)
    assert len(public(closed)) == messages
    suggestions = await ann.autocomplete(closed, "game status", "game_id", "")
    assert {c["value"] for c in suggestions} == {1, 2}
    await bob.slash(closed, "game join", game_id=1)
    assert len((await lounge.service.reading.table(1)).players) == 2


async def test_a_second_game_in_a_game_thread_is_refused(lounge: Lounge) -> None:
    thread = await lounge.open_game(lounge.members[0])
    result = await lounge.members[1].slash(thread, "game new", game="airships")
    assert ephemeral_text(result) == "This thread already has a game: open new games from a text channel."
    assert len(await lounge.service.reading.tables_in_guild(lounge.guild.id)) == 1


@pytest.mark.bot_errors
async def test_a_bug_is_answered_privately_and_logged(lounge: Lounge, caplog: pytest.LogCaptureFixture) -> None:
    thread, game_id = await lounge.started_game(players=2)

    async def broken_status(game_id: int) -> None:
        raise RuntimeError("a bug in the table service")

    lounge.bot.tables.reading.status = broken_status  # type: ignore[method-assign]
    with caplog.at_level(logging.ERROR, logger="cogs.base.answers"):
        result = await lounge.members[0].slash(thread, "game status")
    assert ephemeral_text(result) == SORRY
    assert "a bug in the table service" in caplog.text  # the user sees an apology, the log sees the traceback


@pytest.mark.bot_errors
async def test_an_error_escaping_a_command_reaches_the_tree_handler(
    lounge: Lounge, caplog: pytest.LogCaptureFixture
) -> None:
    @app_commands.command(name="boom", description="Fails on purpose")
    async def boom(interaction: discord.Interaction) -> None:
        raise RuntimeError("escaped")

    lounge.bot.tree.add_command(boom)
    await lounge.bot.tree.sync()
    result = await lounge.members[0].slash(lounge.channel, "boom")
    assert ephemeral_text(result) == SORRY
    assert "RuntimeError: escaped" in caplog.text


async def test_a_button_whose_custom_id_no_feature_knows_is_answered_privately(lounge: Lounge) -> None:
    """An id with an unknown verb, or a known verb in a shape nobody registered (a forged or very old button)."""
    thread, game_id = await lounge.started_game(players=2)
    channel = lounge.bot.get_channel(thread.id)
    assert isinstance(channel, discord.Thread)
    before = await _snapshot(lounge, game_id, thread)
    for custom_id in ("nope:1:x", f"g:{game_id}:v1:zz", f"lobby:{game_id}:dance"):
        view = discord.ui.View(timeout=None)
        view.add_item(discord.ui.Button(label="Odd", custom_id=custom_id))
        await channel.send("odd", view=view)
        result = await lounge.members[0].click(thread.history()[-1], label="Odd")
        assert ephemeral_text(result) == UNKNOWN
    assert (await _snapshot(lounge, game_id, thread))[:2] == before[:2]  # nothing played
