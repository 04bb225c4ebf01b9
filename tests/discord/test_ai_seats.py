"""AI seats through Discord: a member alone against AI players, the lobby's Add AI and Remove AI, and AI moves."""

from __future__ import annotations

from pathlib import Path

from simtable import Lounge, click_removed, custom_ids, ephemeral_text, pings, public
from test_restart import _restart

import engine
from engine.core import Action
from engine.store import Status


async def test_one_member_plays_a_whole_game_against_three_ai_seats(lounge: Lounge) -> None:
    ann = lounge.members[0]
    await ann.slash(lounge.channel, "game new", game="airships", ai=3)
    thread = lounge.thread_of()
    lobby = public(thread)[0]
    assert "Contrail AI 1 (AI)" in lobby.embeds[0].description and "Players (4/4)" in lobby.embeds[0].description
    await lounge.alone_against_ai(thread, max_moves=600)
    said = "\n".join(m.content for m in public(thread))
    assert "Contrail AI" in said and "<@1>" not in said and "<@2>" not in said  # AI seats are named, never mentioned


async def test_the_creator_adds_and_removes_ai_players_in_the_lobby(lounge: Lounge) -> None:
    ann, bob = lounge.members[:2]
    thread = await lounge.open_game(ann)
    lobby = public(thread)[0]
    assert "lobby:1:add_ai" in custom_ids(lobby) and "lobby:1:remove_ai" not in custom_ids(lobby)

    await ann.click(lobby, label="Add AI")
    await ann.click(public(thread)[0], label="Add AI")
    lobby = public(thread)[0]
    assert "Contrail AI 1 (AI)" in lobby.embeds[0].description and "Contrail AI 2 (AI)" in lobby.embeds[0].description
    assert "lobby:1:remove_ai" in custom_ids(lobby)
    refused = await bob.click(lobby, label="Add AI")
    assert ephemeral_text(refused) == "Only the player who opened this game can add AI players."

    await ann.click(lobby, label="Remove AI")
    table = await lounge.service.reading.table(1)
    assert [p.name for p in table.players if p.ai] == ["Contrail AI 1"]
    await bob.click(public(thread)[0], label="Join")
    await ann.click(public(thread)[0], label="Add AI")
    full = public(thread)[0]
    assert "Add AI" not in [getattr(c, "label", "") for row in full.components for c in getattr(row, "children", [])]
    add_ai = next(cid for cid in custom_ids(lobby) if cid.endswith(":add_ai"))  # as the lobby showed it before
    refused = await click_removed(ann, full, add_ai)  # a phone behind the edit
    assert ephemeral_text(refused) == "This game is full (4 players)."


async def test_status_marks_ai_seats(lounge: Lounge) -> None:
    ann = lounge.members[0]
    await ann.slash(lounge.channel, "game new", game="airships", ai=1)
    thread = lounge.thread_of()
    await ann.click(public(thread)[0], label="Start")
    await ann.slash(thread, "game status")
    scores = next(f.value for f in public(thread)[-1].embeds[0].fields if f.name == "Scores so far")
    assert "Contrail AI 1 (AI): " in scores and "ann: " in scores


async def test_an_ai_chain_cut_short_by_a_restart_plays_on_once(lounge: Lounge, database_path: Path) -> None:
    ann = lounge.members[0]
    await ann.slash(lounge.channel, "game new", game="airships", ai=2)
    thread = lounge.thread_of()
    await ann.click(public(thread)[0], label="Start")
    game = engine.get_game("airships")
    table = await lounge.service.reading.table(1)
    ann_seat = table.player(ann.id).seat  # type: ignore[union-attr]
    # Ann's moves go straight into the log, as if the bot stopped right after storing them: the AI owes a move.
    while True:
        table = await lounge.service.reading.table(1)
        moves = [(a.seat, Action.from_dict(a.payload)) for a in await lounge.store.games.actions(1)]
        state = engine.replay(game, len(table.players), table.game.seed, table.game.options, moves)
        if game.to_act(state) != [ann_seat]:
            break
        action = game.legal_actions(state, ann_seat)[0]
        await lounge.store.games.append_action(1, table.version + 1, ann_seat, action.to_dict(), None)
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
