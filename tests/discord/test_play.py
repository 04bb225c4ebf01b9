"""Whole Airships games played through Discord: by buttons and selects, and by /move with autocomplete."""

from __future__ import annotations

import random

import pytest
from simtable import Lounge, custom_ids, latest_prompt, public

import renderers
from engine.service import Renderer
from engine.store import Status


@pytest.fixture
def render() -> Renderer:
    """These games draw real boards: the image a player sees is part of what is tested."""
    return renderers.render


async def test_three_players_finish_a_game_by_buttons_and_selects(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=3)

    moves = await lounge.play_by_components(thread, random.Random(7))

    table = await lounge.service.table(game_id)
    assert table.status is Status.FINISHED and table.version == moves
    assert len(await lounge.store.actions(game_id)) == moves
    final = public(thread)[-1]
    assert "is over" in final.content
    [embed] = final.embeds
    assert embed.title == f"Final scores: Airships #{game_id}"
    outcome = table.game.outcome
    assert outcome is not None
    names = {p.seat: p.name for p in table.players}
    winners = [names[s] for s in outcome["winners"]]
    assert f"**{winners[0]}**" in embed.description.splitlines()[0]
    first = outcome["ranking"][0][0]
    assert f"1. **{names[first]}**: {outcome['scores'][first]} VP" in embed.description
    [image] = final.attachments
    assert image.filename == "board.png"
    data = await image.read()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and 10_000 < len(data) < 10 * 1024 * 1024
    assert latest_prompt(thread) is None  # nothing is left to click
    played = public(thread)[1:]  # after the lobby: the opening and one message per move
    assert len(played) == moves + 1
    assert all([a.filename for a in m.attachments] == ["board.png"] for m in played)  # clearing buttons keeps images
    assert all(custom_ids(m) == [] for m in played)  # every answered prompt lost its buttons


async def test_a_game_played_with_move_and_autocomplete(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    rng = random.Random(11)
    moves = 0
    while (prompt := latest_prompt(thread)) is not None:
        assert moves < 600, "the game did not end"
        actor = lounge.member(prompt.raw_mentions[0])
        offered = await actor.autocomplete(thread, "move", "choice", "")
        assert 0 < len(offered) <= 25
        legal = await lounge.service.choices(game_id, actor.id)
        assert [c["value"] for c in offered] == [a.key for a in legal][:25]
        assert [c["name"] for c in offered] == [a.label for a in legal][:25]
        pick = rng.choice([c for c in offered if not c["name"].startswith("Back")] or offered)
        result = await actor.slash(thread, "move", choice=pick["value"])
        assert result.response is None  # the "thinking" answer makes way for the public move message
        moves += 1

    table = await lounge.service.table(game_id)
    assert table.status is Status.FINISHED and table.version == moves
    assert public(thread)[-1].embeds[0].title.startswith("Final scores")


async def test_autocomplete_filters_by_what_was_typed(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    prompt = latest_prompt(thread)
    assert prompt is not None
    actor = lounge.member(prompt.raw_mentions[0])
    everything = await actor.autocomplete(thread, "move", "choice", "")
    airships = await actor.autocomplete(thread, "move", "choice", "airship")
    assert airships and all("airship" in c["name"].lower() for c in airships)
    assert len(airships) < len(everything)
    other = lounge.member(next(p.user_id for p in (await lounge.service.table(game_id)).players if p.user_id != actor.id))
    assert await other.autocomplete(thread, "move", "choice", "") == []  # not their turn: nothing to offer


async def test_each_move_posts_what_happened_a_board_and_the_next_player(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    prompt = latest_prompt(thread)
    assert prompt is not None
    actor = lounge.member(prompt.raw_mentions[0])
    offered = await actor.autocomplete(thread, "move", "choice", "")
    await actor.slash(thread, "move", choice=offered[0]["value"])

    message = public(thread)[-1]
    events = message.content.split("\n")[:-1]
    assert events and all(line.strip() for line in events)
    assert actor.name in message.content  # the events name the player, not "{p0}"
    assert "{p" not in message.content
    assert [a.filename for a in message.attachments] == ["board.png"]
    nxt = await lounge.service.prompt(game_id)
    assert nxt is not None and message.raw_mentions == [nxt.movers[0].user_id]
    assert latest_prompt(thread) == message
