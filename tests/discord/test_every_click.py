"""Every click is answered within Discord's 3 seconds, whatever it is: a component the last edit removed, a double
click, an id no feature knows; each gets a private sentence and changes nothing."""

from __future__ import annotations

import random

import pytest
from simcord import ChannelHandle
from simtable import (
    Lounge,
    choices_of,
    click_removed,
    custom_ids,
    ephemeral_text,
    latest_prompt,
    public,
)

from cogs.base.components import UNKNOWN
from cogs.base.words import STALE_PROMPT

# Airships in the fast tier; the other games' whole paths are the same code, run in the full suite.
GAMES = ("airships", *(pytest.param(g, marks=pytest.mark.slow) for g in ("air-alliance", "1930")))


async def _version(lounge: Lounge, game_id: int) -> int:
    return (await lounge.service.reading.table(game_id)).version


async def _clicks(lounge: Lounge, thread: ChannelHandle, moves: int, seed: int) -> None:
    """Some moves in, each the mentioned player's random click (a private decision opened first)."""
    rng = random.Random(seed)
    for _ in range(moves):
        prompt = latest_prompt(thread)
        assert prompt is not None
        actor = lounge.member(prompt.raw_mentions[0])
        prompt = await lounge.private_choices(actor, prompt)
        await lounge.click_choice(actor, prompt, rng.choice(choices_of(prompt))[1])


@pytest.mark.parametrize("game", GAMES)
async def test_a_prompt_button_the_edit_removed_is_answered_with_the_current_choices(lounge: Lounge, game: str) -> None:
    thread, game_id = await lounge.started_game(players=2, game=game)
    await _clicks(lounge, thread, 6, seed=2)  # a few moves in, so the prompt is a plain decision of the game
    prompt = latest_prompt(thread)
    assert prompt is not None
    old_ids = custom_ids(prompt)
    actor = lounge.member(prompt.raw_mentions[0])
    shown = await lounge.private_choices(actor, prompt)
    await lounge.click_choice(actor, shown, choices_of(shown)[0][1])
    now = await _version(lounge, game_id)
    current = latest_prompt(thread)
    assert current is not None

    for custom_id in old_ids:  # the old buttons, clicked on the message as it now stands (they are gone from it)
        for member in lounge.members[:2]:
            result = await click_removed(member, current, custom_id)
            assert result.acknowledged, custom_id
            answer = ephemeral_text(result)
            assert answer.startswith((STALE_PROMPT, "That decision was already made")), answer
    assert await _version(lounge, game_id) == now


async def test_a_full_lobby_shows_no_join_and_a_removed_join_or_start_is_answered(lounge: Lounge) -> None:
    creator, *others = lounge.members[:4]
    thread = await lounge.open_game(creator, "airships")
    lobby = public(thread)[0]
    for member in others:
        await member.click(lobby, label="Join")
    full = next(m for m in public(thread) if m.id == lobby.id)
    labels = [getattr(c, "label", "") for row in full.components for c in getattr(row, "children", [])]
    assert "Join" not in labels and "Start" in labels and not any(c.endswith(":add_ai") for c in custom_ids(full))
    assert "Press Join" not in (full.embeds[0].footer.text or "")
    game_id = int(custom_ids(full)[0].split(":")[1])

    late = await click_removed(lounge.members[4], full, f"lobby:{game_id}:join")
    assert late.acknowledged and "full" in ephemeral_text(late)
    await creator.click(full, label="Start")
    started = next(m for m in public(thread) if m.id == lobby.id)
    again = await click_removed(creator, started, f"lobby:{game_id}:start")
    assert again.acknowledged and ephemeral_text(again)
    assert await _version(lounge, game_id) == 0


async def test_a_replay_button_of_an_earlier_step_is_answered(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    await _clicks(lounge, thread, 4, seed=4)
    cy = lounge.members[2]
    result = await cy.slash(thread, "game replay")
    [shown] = [m.message for m in [result.response, *result.followups] if m is not None and m.ephemeral]
    back_id = next(cid for cid in custom_ids(shown) if cid.endswith(":back"))
    stepped = (await cy.click(shown, custom_id=back_id)).response.message  # type: ignore[union-attr]
    assert back_id not in custom_ids(stepped)  # each button names the move it steps from

    stale = await click_removed(cy, stepped, back_id)
    assert stale.acknowledged


async def test_a_vote_button_after_the_vote_closed_is_answered(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=3)
    ann, bob, cy = lounge.members[:3]
    await bob.slash(thread, "game kick", player=cy, vote=True)
    [vote] = [m for m in public(thread) if "should the autopilot take over" in m.content]
    approve = next(cid for cid in custom_ids(vote) if cid.endswith(":yes"))
    await ann.click(vote, label="Approve")
    closed = next(m for m in public(thread) if m.id == vote.id)
    assert not closed.components

    for member in (ann, bob, cy):
        late = await click_removed(member, closed, approve)
        assert late.acknowledged and ephemeral_text(late), member


async def test_an_id_no_feature_knows_is_answered_plainly(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    prompt = latest_prompt(thread)
    assert prompt is not None
    for custom_id in ("NOPE", "g", "g:", "x" * 100, "lobby:1:join:extra:bits", "g:1:v1:99:9", "::"):
        result = await click_removed(lounge.members[0], prompt, custom_id)
        assert result.acknowledged and ephemeral_text(result) == UNKNOWN, custom_id
    assert await _version(lounge, game_id) == 0


async def test_an_undo_vote_button_after_the_vote_ended_is_answered(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    rng = random.Random(5)
    for _ in range(40):  # until a throw was made: taking it back needs the other player's consent
        prompt = await lounge.service.reading.prompt(game_id)
        assert prompt is not None
        if prompt.asks == "take another go or end your turn":
            break
        message = latest_prompt(thread)
        assert message is not None
        await lounge.click_choice(lounge.member(message.raw_mentions[0]), message, rng.choice(choices_of(message))[1])
    asker = lounge.member(prompt.user_ids[0])
    other = next(m for m in lounge.members[:2] if m.id != asker.id)
    await asker.slash(thread, "undo")
    [request] = [m for m in public(thread) if "asks to take back" in m.content]
    approve = next(cid for cid in custom_ids(request) if cid.endswith(":yes"))
    await other.click(request, label="Refuse")
    closed = next(m for m in public(thread) if m.id == request.id)
    assert not closed.components
    before = await _version(lounge, game_id)

    late = await click_removed(other, closed, approve)
    assert late.acknowledged and ephemeral_text(late)
    assert await _version(lounge, game_id) == before


async def test_a_log_page_button_of_an_earlier_page_is_answered(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    await _clicks(lounge, thread, 30, seed=6)
    shown = await lounge.members[2].slash(thread, "log")
    page = next(m for m in public(thread) if m.embeds and m.embeds[0].title.endswith("move log"))
    older = next(cid for cid in custom_ids(page) if ":p" in cid)
    stepped = await lounge.members[2].click(page, custom_id=older)
    assert stepped.acknowledged and shown.acknowledged
    now = next(m for m in public(thread) if m.id == page.id)
    again = await click_removed(lounge.members[2], now, older)  # the first page's button, clicked twice
    assert again.acknowledged


def forged_ids(game_id: int, rng: random.Random, count: int) -> list[str]:
    """Ids a modified client might send: our shapes with numbers out of range or of other games, verbs mixed up,
    and plain noise, long and short."""
    shapes = ("g:{g}:v{v}:{n}", "g:{g}:v{v}:pick", "g:{g}:v{v}:mine", "lobby:{g}:join", "lobby:{g}:start",
              "seat:{g}:{n}:leave", "kick:{g}:{n}:yes", "undo:{g}:no", "replay:{g}:m{v}:{n}:next", "log:{g}:p{v}")
    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789:_ABCZ-é²"
    found = []
    for _ in range(count):
        if rng.random() < 0.6:
            number = rng.choice([99, 10**9, 10**19, game_id + 1])  # never this game's version now: no real move
            found.append(rng.choice(shapes).format(g=rng.choice([game_id, number]), v=number, n=rng.choice([0, 24, 99])))
        else:
            found.append("".join(rng.choice(alphabet) for _ in range(rng.randint(1, 100))))
    return found


@pytest.mark.slow
async def test_forged_and_stale_ids_are_all_answered_and_change_nothing(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    prompt = latest_prompt(thread)
    assert prompt is not None
    before = await _version(lounge, game_id)
    for custom_id in forged_ids(game_id, random.Random(9), 40):
        for member in lounge.members[:3:2]:  # a player and a spectator
            result = await click_removed(member, prompt, custom_id)
            assert result.acknowledged, custom_id
    assert await _version(lounge, game_id) == before  # no forged id plays a move
