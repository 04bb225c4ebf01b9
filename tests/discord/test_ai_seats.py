"""AI seats through Discord: a member alone against AI players, the lobby's AI menu and Remove AI, AI moves and
their reasons."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from simtable import Lounge, choices_of, click_removed, custom_ids, ephemeral_text, latest_prompt, pings, public
from test_restart import _restart

import engine
from engine.core import Action
from engine.platform.levels import Level
from engine.services.clock import TurnClock
from engine.services.reading import Reading
from engine.store import Status


async def test_one_member_plays_a_whole_game_against_three_ai_seats(lounge: Lounge) -> None:
    ann = lounge.members[0]
    await ann.slash(lounge.channel, "game new", game="airships", ai=3)
    thread = lounge.thread_of()
    lobby = public(thread)[0]
    assert "Contrail AI 1 (standard)" in lobby.embeds[0].description and "Players (4/4)" in lobby.embeds[0].description
    await lounge.alone_against_ai(thread, max_moves=600)
    said = "\n".join(m.content for m in public(thread))
    assert "Contrail AI" in said and "<@1>" not in said and "<@2>" not in said  # AI seats are named, never mentioned
    # Each AI decision is told with its reason, after what it did, in the turn's message.
    assert "↳ Why Contrail AI 2 (standard) chose this: " in said


async def test_the_creator_adds_and_removes_ai_players_in_the_lobby(lounge: Lounge) -> None:
    ann, bob = lounge.members[:2]
    thread = await lounge.open_game(ann)
    lobby = public(thread)[0]
    assert "lobby:1:add_ai" in custom_ids(lobby) and "lobby:1:remove_ai" not in custom_ids(lobby)

    await ann.select(lobby, ["casual"], custom_id="lobby:1:add_ai")
    await ann.select(public(thread)[0], ["strong"], custom_id="lobby:1:add_ai")
    lobby = public(thread)[0]
    assert "Contrail AI 1 (casual)" in lobby.embeds[0].description
    assert "Contrail AI 2 (strong)" in lobby.embeds[0].description
    assert "lobby:1:remove_ai" in custom_ids(lobby)
    refused = await bob.select(lobby, ["standard"], custom_id="lobby:1:add_ai")
    assert ephemeral_text(refused) == "Only the player who opened this game can add AI players."
    unknown = await click_removed(ann, lobby, "lobby:1:add_ai", ["grandmaster"])  # a hand-made or stale value
    assert ephemeral_text(unknown) == "There is no AI level called 'grandmaster'. Levels: casual, standard, strong."

    await ann.click(lobby, label="Remove AI")
    table = await lounge.service.reading.table(1)
    assert [(p.name, p.level.value if p.level else None) for p in table.players if p.ai] == [
        ("Contrail AI 1 (casual)", "casual")]
    await bob.click(public(thread)[0], label="Join")
    await ann.select(public(thread)[0], ["standard"], custom_id="lobby:1:add_ai")
    full = public(thread)[0]
    assert "lobby:1:add_ai" not in custom_ids(full)
    refused = await click_removed(ann, full, "lobby:1:add_ai", ["standard"])  # a phone behind the edit
    assert ephemeral_text(refused) == "This game is full (4 players)."


async def test_game_new_seats_ai_players_at_the_level_asked(lounge: Lounge) -> None:
    ann = lounge.members[0]
    await ann.slash(lounge.channel, "game new", game="1930", ai=2, ai_level="casual")
    table = await lounge.service.reading.table(1)
    assert [(p.name, p.level) for p in table.players if p.ai] == [
        ("Contrail AI 1 (casual)", Level.CASUAL), ("Contrail AI 2 (casual)", Level.CASUAL)]


async def test_status_marks_ai_seats(lounge: Lounge) -> None:
    ann = lounge.members[0]
    await ann.slash(lounge.channel, "game new", game="airships", ai=1)
    thread = lounge.thread_of()
    await ann.click(public(thread)[0], label="Start")
    await ann.slash(thread, "game status")
    scores = next(f.value for f in public(thread)[-1].embeds[0].fields if f.name == "Scores so far")
    assert "Contrail AI 1 (standard): " in scores and "ann: " in scores


async def _owe_an_ai_move(lounge: Lounge, game_id: int, user_id: int, *, known: bool = False) -> Any:
    """The member's moves go straight into the log, as if the bot stopped right after storing them, until an AI
    seat owes a move; the state then. `known`: the log says who is to act, as a move stored today does."""
    table = await lounge.service.reading.table(game_id)
    game = engine.get_game(table.slug)
    seat = table.player(user_id).seat  # type: ignore[union-attr]
    while True:
        table = await lounge.service.reading.table(game_id)
        moves = [(a.seat, Action.from_dict(a.payload)) for a in await lounge.store.games.actions(game_id)]
        state = engine.replay(game, len(table.players), table.row.seed, table.row.options, moves)
        if game.to_act(state) != [seat]:
            return state
        action = game.legal_actions(state, seat)[0]
        after = game.to_act(game.apply(state, seat, action)) if known else None
        await lounge.store.games.append_action(game_id, table.version + 1, seat, action.to_dict(), None, to_act=after)


async def test_an_ai_chain_cut_short_by_a_restart_plays_on_once(lounge: Lounge, database_path: Path) -> None:
    ann = lounge.members[0]
    await ann.slash(lounge.channel, "game new", game="airships", ai=2)
    thread = lounge.thread_of()
    await ann.click(public(thread)[0], label="Start")
    game = engine.get_game("airships")
    table = await lounge.service.reading.table(1)
    state = await _owe_an_ai_move(lounge, 1, ann.id)
    table = await lounge.service.reading.table(1)
    assert game.outcome(state) is None and table.at_seat(game.to_act(state)[0]).ai
    before = len(public(thread))

    await _restart(lounge, database_path)
    assert lounge.bot.resumed is not None
    await lounge.bot.resumed

    resumed = await lounge.service.reading.table(1)
    assert resumed.version > table.version  # the AI moved on
    prompt = await lounge.service.reading.prompt(1)
    assert resumed.status is Status.FINISHED or (prompt is not None and prompt.user_ids == (ann.id,))
    assert len(public(thread)) == before + 1  # ann's next turn (or the final scores), in one message
    assert pings(lounge.posted(thread)[-1]) == ([] if prompt is None else [ann.id])

    await _restart(lounge, database_path)  # a second start finds nothing owed: nothing moves, nothing is posted
    assert lounge.bot.resumed is not None
    await lounge.bot.resumed
    assert (await lounge.service.reading.table(1)).version == resumed.version and len(public(thread)) == before + 1


async def test_the_bot_answers_at_once_while_the_moves_owed_at_start_are_made(
    lounge: Lounge, database_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann, bob, carol, dave = lounge.members[:4]
    owed = []
    for member in (ann, bob):
        await member.slash(lounge.channel, "game new", game="airships", ai=2)
        owed.append(lounge.thread_of())
        await member.click(public(owed[-1])[0], label="Start")
        await _owe_an_ai_move(lounge, len(owed), member.id, known=True)
    people = await lounge.open_game(carol)  # game 3: people only, nothing owed
    await dave.click(public(people)[0], label="Join")
    await carol.click(public(people)[0], label="Start")
    versions = [(await lounge.service.reading.table(n)).version for n in (1, 2)]
    posted = [len(public(thread)) for thread in owed]
    # The owed moves are held at their first game until carol's /game status is answered: were the start-up to
    # make them before answering anyone, the answer would never come.
    answered = asyncio.Event()
    started: list[int] = []
    automatic_now, status = TurnClock.automatic_now, Reading.status

    async def held(clock: TurnClock, game_id: int) -> Any:
        if not started:
            started.append(game_id)
            await lounge.env.external_wait(answered.wait(), reason="the test answers /game status first")
        return await automatic_now(clock, game_id)

    async def status_then_release(reading: Reading, game_id: int) -> Any:
        try:
            return await status(reading, game_id)
        finally:
            answered.set()

    monkeypatch.setattr(TurnClock, "automatic_now", held)
    monkeypatch.setattr(Reading, "status", status_then_release)
    await _restart(lounge, database_path)
    assert started == [1] and lounge.bot.resumed is not None and not lounge.bot.resumed.done()  # under way
    result = await carol.slash(people, "game status")
    assert result.acknowledged and public(people)[-1].embeds
    await lounge.bot.resumed  # and then the owed moves were made, oldest first
    answer = public(people)[-1].id
    for n, thread in enumerate(owed, start=1):
        assert (await lounge.service.reading.table(n)).version > versions[n - 1]  # its AI seats moved on
        assert len(public(thread)) == posted[n - 1] + 1  # in one message: the next person's turn
        assert public(thread)[-1].id > answer  # posted after carol had her answer
    assert await lounge.store.games.owing_automatic_moves() == []  # the next start loads no game at all


# Air Alliance's strong turns (about 5 s of look-ahead and told reasons here) are the slow tier's; the fast tier
# plays the same path through Discord with the other games' strong AI.
@pytest.mark.parametrize("slug", [pytest.param(slug, marks=pytest.mark.slow) if slug == "air-alliance" else slug
                                  for slug in engine.list_games()])
async def test_a_strong_ai_seat_plays_through_discord_and_its_turns_tell_its_reasons(lounge: Lounge, slug: str) -> None:
    lounge.service.core.thinking_seconds = 0.05  # the same look-ahead, in fewer worlds
    lounge.env.settle_timeout = 60.0  # an AI turn of several decisions, each thought out in real time off the loop
    ann = lounge.members[0]
    await ann.slash(lounge.channel, "game new", game=slug, ai=1, ai_level="strong")
    thread = lounge.thread_of()
    await ann.click(public(thread)[0], label="Start")
    rng = random.Random(2)
    for _ in range(12):
        prompt = latest_prompt(thread)
        if prompt is None:
            break
        assert prompt.raw_mentions == [ann.id]  # the AI seat never waits for anyone: it is always ann's turn
        prompt = await lounge.private_choices(ann, prompt)
        choices = [c for c in choices_of(prompt) if not c[0].startswith(("Back", "Cancel"))] or choices_of(prompt)
        await lounge.click_choice(ann, prompt, rng.choice(choices)[1])
    said = "\n".join(m.content for m in public(thread))
    assert "↳ Why Contrail AI 1 (strong) chose this: " in said
    lines = said.splitlines()  # each reason right under the AI's own move, never under ann's flip that follows
    assert not any("• ↳ Why" in line and "ann turns over" in lines[n - 1] for n, line in enumerate(lines))
    rows = await lounge.store.games.actions(1)
    assert any("why" in row.payload for row in rows)
