"""Air Alliance through Discord: whole games by members and against AI seats, one message and one ping per turn."""

from __future__ import annotations

import random
from typing import Any

import pytest

from simtable import Lounge, choices_of, custom_ids, ephemeral_text, latest_prompt, pings, public, turns_of, since_news
from engine.platform.records import Status


@pytest.mark.parametrize(("players", "rules"), [(2, ""), (3, "all"), (4, "")])
@pytest.mark.slow
async def test_a_whole_game_posts_one_message_per_turn_and_pings_once_per_turn(
    lounge: Lounge, players: int, rules: str, drawn: list[dict[str, Any]],
) -> None:
    thread, game_id = await lounge.started_game(players, "air-alliance", rules=rules)

    moves = await lounge.play_by_components(thread, random.Random(3 + players), max_moves=3000)

    table = await lounge.service.reading.table(game_id)
    assert table.status is Status.FINISHED and table.version == moves
    turns = turns_of([a.seat for a in await lounge.store.games.actions(game_id)])
    bodies = lounge.posted(thread)
    assert len(bodies) == len(public(thread)) == 1 + len(turns) + 1  # the lobby, one per turn, the final scores
    everyone = sorted(p.user_id for p in table.players)  # the end is told to every player, once
    assert drawn and all(view.get("headline") for view in since_news(drawn)), "a board without its headline"
    assert [pings(b) for b in bodies[:-1]] == [[], *([table.at_seat(seat).user_id] for seat in turns)]
    assert sorted(pings(bodies[-1])) == everyone
    print(f"{players} players ({rules or 'base'}): {moves} decisions, {len(turns)} turns, {len(bodies)} messages")

    [embed] = public(thread)[-1].embeds
    outcome = table.row.outcome
    assert outcome is not None and embed.title == f"Final scores: Air Alliance #{game_id}"
    first = outcome["ranking"][0][0]
    assert f"**{table.at_seat(first).name}**: {outcome['scores'][first]:,} miles" in embed.description
    assert embed.footer.text == "Tied players share the place."
    assert all(custom_ids(m) == [] for m in public(thread)[1:])  # every turn's record lost its buttons


@pytest.mark.slow
async def test_one_member_plays_a_whole_game_against_three_ai_seats(lounge: Lounge) -> None:
    await lounge.members[0].slash(lounge.channel, "game new", game="air-alliance", ai=3)
    await lounge.alone_against_ai(lounge.thread_of(), max_moves=3000)


async def test_a_turns_decisions_are_described_in_words_and_edit_one_message(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(2, "air-alliance")
    prompt = latest_prompt(thread)
    assert prompt is not None
    offered = choices_of(prompt)
    assert 0 < len(offered) <= 25
    said = prompt.content + "".join(str(o.to_dict()) for row in prompt.components for o in row.children)
    assert "Land your plane on" in said and "· slot 1, printed icon" in said  # what an icon does, in words
    before = len(public(thread))
    mover = lounge.member(prompt.raw_mentions[0])
    await lounge.click_choice(mover, prompt, offered[0][1])
    assert len(public(thread)) == before  # a decision within the turn edits the turn's message


async def test_rules_and_hand_work_for_air_alliance(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(2, "air-alliance")
    ann = lounge.members[0]
    topics = await ann.autocomplete(thread, "rules", "topic", "")
    assert len(topics) >= 5
    shown = await ann.slash(thread, "rules", topic=topics[1]["value"])
    assert shown.ephemeral or public(thread)
    hand = await ann.slash(thread, "hand")
    shown = hand.followups[0] if hand.followups else hand.response
    assert shown is not None and shown.ephemeral
    assert shown.embeds[0].title == f"Air Alliance #{game_id}: your airline"
    assert "Boarding pass" in [field.name for field in shown.embeds[0].fields]


async def test_undo_takes_back_a_landing_that_drew_no_card_and_status_and_mine_name_the_game(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(2, "air-alliance")
    # An area landing permit, a plane from the supply, an airport: a landing that is no flight draws nothing.
    for wanted in ("Land your plane on", "from your supply", "Land the"):
        prompt = latest_prompt(thread)
        assert prompt is not None
        mover = lounge.member(prompt.raw_mentions[0])
        pick = next(how for label, how in choices_of(prompt) if wanted in label and not label.startswith("Back"))
        await lounge.click_choice(mover, prompt, pick)
    version = (await lounge.service.reading.table(game_id)).version
    result = await mover.slash(thread, "undo")
    # The turn so far (nothing was revealed), three decisions: shown privately first, and taken back on Confirm.
    assert ephemeral_text(result).startswith("This takes back 3 decisions of yours (moves 1 to 3):")
    [question] = [m.message for m in [result.response, *result.followups] if m is not None and m.ephemeral]
    await mover.click(question, label="Confirm")
    assert ephemeral_text(result) == "Done: take back moves 1 to 3."
    assert (await lounge.service.reading.table(game_id)).version == version + 1
    back = await lounge.service.reading.prompt(game_id)
    assert back is not None and back.asks == "place a marker" and back.movers[0].user_id == mover.id

    await mover.slash(thread, "game status")
    [embed] = public(thread)[-1].embeds
    assert " miles" in embed.fields[0].value  # the scores in the game's own unit
    mine = await mover.slash(lounge.channel, "game mine")
    shown = mine.followups[0] if mine.followups else mine.response
    assert shown is not None and shown.ephemeral and "Air Alliance" in shown.embeds[0].description
