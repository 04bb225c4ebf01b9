"""/hint through Discord: a table allows hints in its lobby, the player to act gets one privately in every game,
and everyone else, or at any other time, gets a clear private refusal."""

from __future__ import annotations

import discord
import pytest

from simtable import Lounge, click_removed, custom_ids, ephemeral_text, latest_prompt, public, public_count

import engine
from engine.services.tables import Table

FAST = 0.05  # a hint's thinking budget in these tests: the same code, fewer worlds


def private_embed(result: object) -> discord.Embed:
    shown = [m for m in [result.response, *result.followups] if m is not None and m.ephemeral and m.embeds]  # type: ignore[attr-defined]
    assert shown, f"expected a private embed, got {result!r}"
    return shown[-1].embeds[0]


async def hinted_game(lounge: Lounge, slug: str, ai: int = 1) -> tuple[object, Table]:
    """A started game of ann against AI seats, with hints allowed in the lobby; the thread and the table."""
    lounge.service.core.thinking_seconds = FAST
    lounge.env.settle_timeout = 60.0  # the AI seats' turns and the hint are thought out in real time, off the loop
    ann = lounge.members[0]
    await ann.slash(lounge.channel, "game new", game=slug, ai=ai)
    thread = lounge.thread_of()
    await ann.click(public(thread)[0], label="Allow hints")
    lobby = public(thread)[0]
    assert "Hints: allowed" in (lobby.embeds[0].description or "")
    assert "lobby:1:hints_off" in custom_ids(lobby)
    await ann.click(lobby, label="Start")
    return thread, await lounge.service.reading.table(1)


@pytest.mark.parametrize("slug", engine.list_games())
async def test_the_player_to_act_gets_a_private_hint_with_reasons_and_alternatives(lounge: Lounge, slug: str) -> None:
    thread, table = await hinted_game(lounge, slug)
    ann = lounge.members[0]
    prompt = latest_prompt(thread)
    assert prompt is not None and prompt.raw_mentions == [ann.id]  # the AI seats moved: it is ann's turn
    before = public_count(thread)

    result = await ann.slash(thread, "hint")

    assert public_count(thread) == before  # nothing for the table: a hint is the player's own
    embed = private_embed(result)
    assert embed.title == f"{table.display_name}: a hint"
    description = embed.description or ""
    prompt_choices = await lounge.service.reading.prompt(table.id)
    assert prompt_choices is not None
    labels = [a.label for mover in prompt_choices.movers for a in mover.choices]
    suggestion = description.split("**")[1]  # the choice, in bold and said once, then why
    assert description.startswith(f"**{suggestion}**") and suggestion in labels
    assert "\n" not in description  # one paragraph: the choice is not said again on a line of its own
    assert ". It leaves " in description and description.endswith(".")
    fields = {f.name: f.value for f in embed.fields}
    if len(labels) > 1:
        assert fields["Other choices"].startswith("• ")
    assert "The choice is yours." in (embed.footer.text or "")


async def test_a_hint_is_refused_to_anyone_but_the_player_to_act_and_at_tables_without_hints(lounge: Lounge) -> None:
    lounge.service.core.thinking_seconds = FAST
    ann, bob, cy, dee = lounge.members[:4]
    await ann.slash(lounge.channel, "game new", game="airships")
    thread = lounge.thread_of()
    lobby = public(thread)[0]
    assert "Hints: not allowed" in (lobby.embeds[0].description or "")
    early = await ann.slash(thread, "hint")
    assert ephemeral_text(early) == "This game hasn't started yet."
    refused = await bob.click(lobby, label="Allow hints")
    assert ephemeral_text(refused) == "Only the player who opened this game can allow or forbid hints."
    await bob.click(lobby, label="Join")
    await ann.click(public(thread)[0], label="Start")

    prompt = latest_prompt(thread)
    assert prompt is not None
    mover = lounge.member(prompt.raw_mentions[0])
    off = await mover.slash(thread, "hint")
    assert ephemeral_text(off) == ("This table plays without hints: its creator can allow them in the lobby, "
                                   "before the game starts.")
    late = await click_removed(ann, public(thread)[0], "lobby:1:hints_on")  # the lobby's switch, after the start
    assert ephemeral_text(late) == "This game has already started, so you can't change whether hints are allowed in it now."

    await ann.slash(lounge.channel, "game new", game="airships")
    second = lounge.thread_of()
    await ann.click(public(second)[0], label="Allow hints")
    await cy.click(public(second)[0], label="Join")
    await ann.click(public(second)[0], label="Start")
    prompt = latest_prompt(second)
    assert prompt is not None
    mover = lounge.member(prompt.raw_mentions[0])
    other = ann if mover is cy else cy
    not_yours = await other.slash(second, "hint")
    assert ephemeral_text(not_yours).startswith("A hint is for the player who must decide now, and it's not your turn:")
    watching = await dee.slash(second, "hint")
    assert ephemeral_text(watching) == "You're not playing in this game."
    await ann.slash(second, "game abandon")
    over = await mover.slash(second, "hint")
    assert ephemeral_text(over) == "This game was abandoned."


async def test_a_finished_game_refuses_hints_and_its_result_says_they_were_allowed(lounge: Lounge) -> None:
    thread, table = await hinted_game(lounge, "airships", ai=1)
    ann = lounge.members[0]
    await ann.slash(thread, "game abandon")  # a quick end first: the refusal of an abandoned game
    assert ephemeral_text(await ann.slash(thread, "hint")) == "This game was abandoned."

    lounge.service.core.thinking_seconds = FAST
    await ann.slash(lounge.channel, "game new", game="airships", ai=3)
    second = lounge.thread_of()
    await ann.click(public(second)[0], label="Allow hints")
    await lounge.alone_against_ai(second, max_moves=600, game_id=2)
    final = public(second)[-1]
    assert "Hints were allowed in this game (/hint)." in (final.embeds[0].description or "")
    over = await ann.slash(second, "hint")
    assert ephemeral_text(over) == "This game is over."
