"""Whole Airships games played through Discord: by buttons and selects, and by /move with autocomplete."""

from __future__ import annotations

import random
from typing import Any

import pytest
from simtable import Lounge, custom_ids, ephemeral_text, latest_prompt, pings, public, turns_of, since_news

import renderers
from tests.renderers.drawing import typed
from tests.stub_drawing import Renderer
from engine.store import Status


@pytest.fixture
def render(drawn: list[dict[str, Any]]) -> Renderer:
    """These games draw real boards: the image a player sees is part of what is tested."""
    def draw(slug: str, view: dict[str, Any]) -> bytes:
        drawn.append(dict(view))
        return renderers.render(slug, typed(view))

    return draw


@pytest.mark.parametrize("players", [2, *(pytest.param(n, marks=pytest.mark.slow) for n in (3, 4))])
async def test_a_whole_game_posts_one_message_per_turn_and_pings_once_per_turn(
        lounge: Lounge, players: int, drawn: list[dict[str, Any]]) -> None:
    thread, game_id = await lounge.started_game(players=players)

    moves = await lounge.play_by_components(thread, random.Random(7 + players))

    table = await lounge.service.reading.table(game_id)
    assert table.status is Status.FINISHED and table.version == moves
    actions = await lounge.store.games.actions(game_id)
    turns = turns_of([a.seat for a in actions])
    bodies = lounge.posted(thread)
    # The lobby, one message per turn, the final scores: nothing else is posted in the thread.
    assert len(bodies) == len(public(thread)) == 1 + len(turns) + 1
    everyone = sorted(p.user_id for p in table.players)  # the end is told to every player, once
    assert drawn and all(view.get("headline") for view in since_news(drawn)), "a board without its headline"
    assert [pings(b) for b in bodies[:-1]] == [[], *([table.at_seat(seat).user_id] for seat in turns)]
    assert sorted(pings(bodies[-1])) == everyone
    assert all(pings(b) == [] for b in lounge.posted(lounge.channel))  # the invitation pings nobody
    print(f"{players} players: {moves} decisions, {len(turns)} turns, {len(bodies)} messages, {len(turns)} pings")

    final = public(thread)[-1]
    [embed] = final.embeds
    assert embed.title == f"Final scores: Airships #{game_id}" and f"Airships #{game_id} is over." in final.content
    outcome = table.row.outcome
    assert outcome is not None
    names = {p.seat: p.name for p in table.players}
    first = outcome["ranking"][0][0]
    assert f"**{names[outcome['winners'][0]]}**" in embed.description.splitlines()[0]
    assert f"1. **{names[first]}**: {outcome['scores'][first]} VP" in embed.description
    assert latest_prompt(thread) is None  # nothing is left to click
    played = public(thread)[1:]
    assert all([a.filename for a in m.attachments] == ["board.png"] for m in played)  # each keeps its last board
    assert all(custom_ids(m) == [] for m in played)  # every turn's record lost its buttons
    said = "\n".join(m.content for m in played)
    assert said.count("The game is over.") == 1  # said once


async def test_real_boards_are_attached_and_replaced_in_place(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    data = await public(thread)[-1].attachments[0].read()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and 10_000 < len(data) < 10 * 1024 * 1024


@pytest.mark.slow
async def test_a_game_played_with_move_and_autocomplete(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    rng = random.Random(11)
    moves = 0
    while (prompt := latest_prompt(thread)) is not None:
        assert moves < 600, "the game did not end"
        actor = lounge.member(prompt.raw_mentions[0])
        offered = await actor.autocomplete(thread, "move", "choice", "")
        assert 0 < len(offered) <= 25
        version, legal, waiting = await lounge.service.reading.choices_for(game_id, actor.id)
        assert not waiting
        assert [c["value"] for c in offered] == [f"v{version}:{a.key}" for a in legal][:25]
        assert [c["name"] for c in offered] == [a.label for a in legal][:25]
        pick = rng.choice([c for c in offered if not c["name"].startswith("Back")] or offered)
        result = await actor.slash(thread, "move", choice=pick["value"])
        assert ephemeral_text(result) == f"Done: {next(c['name'] for c in offered if c == pick)}."
        moves += 1

    table = await lounge.service.reading.table(game_id)
    assert table.status is Status.FINISHED and table.version == moves
    assert public(thread)[-1].embeds[0].title.startswith("Final scores")
    turns = turns_of([a.seat for a in await lounge.store.games.actions(game_id)])
    assert len(public(thread)) == 1 + len(turns) + 1


async def test_autocomplete_filters_by_what_was_typed(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    prompt = latest_prompt(thread)
    assert prompt is not None
    actor = lounge.member(prompt.raw_mentions[0])
    everything = await actor.autocomplete(thread, "move", "choice", "")
    airships = await actor.autocomplete(thread, "move", "choice", "airship")
    assert airships and all("airship" in c["name"].lower() for c in airships)
    assert len(airships) < len(everything)


async def test_autocomplete_says_whose_turn_it_is_and_choosing_it_answers_the_same(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    prompt = await lounge.service.reading.prompt(game_id)
    assert prompt is not None
    other = lounge.member(next(p.user_id for p in (await lounge.service.reading.table(game_id)).players
                               if p.user_id != prompt.user_ids[0]))
    mover = prompt.movers[0].name
    [entry] = await other.autocomplete(thread, "move", "choice", "")
    assert entry["name"] == f"It's {mover}'s turn: choose a card to throw for."
    result = await other.slash(thread, "move", choice=entry["value"])
    assert ephemeral_text(result) == f"It's not your turn: waiting for {mover}."
    assert (await lounge.service.reading.table(game_id)).version == 0


async def test_a_move_edits_the_turn_message_and_answers_the_typist_in_one_line(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    turn_message = latest_prompt(thread)
    assert turn_message is not None
    actor = lounge.member(turn_message.raw_mentions[0])
    while True:  # decide until the same player is asked again (a chip, an exchange or another go)
        offered = await actor.autocomplete(thread, "move", "choice", "")
        before = len(public(thread))
        result = await actor.slash(thread, "move", choice=offered[0]["value"])
        assert ephemeral_text(result).startswith("Done: ") and "\n" not in ephemeral_text(result)
        nxt = await lounge.service.reading.prompt(game_id)
        assert nxt is not None
        if nxt.user_ids != (actor.id,):
            break
        assert len(public(thread)) == before  # no new message, no new ping
        edited = next(m for m in public(thread) if m.id == turn_message.id)
        assert "*This turn:*" in edited.content and actor.name in edited.content and "{p" not in edited.content
        assert edited.edited_at is not None and [a.filename for a in edited.attachments] == ["board.png"]
    record = next(m for m in public(thread) if m.id == turn_message.id)
    assert custom_ids(record) == [] and "your turn" not in record.content  # the turn's record
    new = public(thread)[-1]
    assert new.id != turn_message.id and new.raw_mentions == [nxt.movers[0].user_id]
    assert lounge.posted(thread)[-1] and pings(lounge.posted(thread)[-1]) == [nxt.movers[0].user_id]


async def test_a_move_sent_twice_is_refused_as_out_of_date(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    prompt = latest_prompt(thread)
    assert prompt is not None
    actor = lounge.member(prompt.raw_mentions[0])
    [first, *_] = await actor.autocomplete(thread, "move", "choice", "")
    await actor.slash(thread, "move", choice=first["value"])
    version = (await lounge.service.reading.table(game_id)).version

    again = await actor.slash(thread, "move", choice=first["value"])  # a double Enter, or a client retry

    assert ephemeral_text(again).startswith("This prompt is out of date.")
    assert (await lounge.service.reading.table(game_id)).version == version
