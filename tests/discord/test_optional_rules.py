"""Optional rules through Discord: chosen at /game new, changed in the lobby's menu by its creator, played."""

from __future__ import annotations

from simtable import Lounge, custom_ids, ephemeral_text, public
import engine
from engine.options import game_options

KEYS = [key for key, _ in game_options(engine.get_game("air-alliance"))]


async def test_game_new_switches_on_the_optional_rules_named(lounge: Lounge) -> None:
    ann = lounge.members[0]
    await ann.slash(lounge.channel, "game new", game="air-alliance", rules=f"{KEYS[0]}, {KEYS[-1]}")

    table = await lounge.service.reading.table(1)
    assert {key for key in KEYS if table.row.options[key]} == {KEYS[0], KEYS[-1]}
    [lobby] = public(lounge.thread_of())
    words = dict(game_options(engine.get_game("air-alliance")))
    assert words[KEYS[0]] in lobby.embeds[0].description and words[KEYS[1]] not in lobby.embeds[0].description
    assert "lobby:1:rules" in custom_ids(lobby)


async def test_game_new_with_all_and_an_unknown_rule(lounge: Lounge) -> None:
    ann = lounge.members[0]
    await ann.slash(lounge.channel, "game new", game="air-alliance", rules="all")
    options = (await lounge.service.reading.table(1)).row.options
    assert all(options[key] for key in KEYS)

    refused = await ann.slash(lounge.channel, "game new", game="air-alliance", rules="kobe_flush, no_such_rule")
    assert "no optional rule called 'no_such_rule'" in ephemeral_text(refused)
    assert len(await lounge.service.reading.tables_in_guild(lounge.guild.id)) == 1  # nothing half-made


async def test_a_game_without_optional_rules_has_no_menu_and_refuses_any(lounge: Lounge) -> None:
    ann = lounge.members[0]
    await ann.slash(lounge.channel, "game new", game="airships")
    [lobby] = public(lounge.thread_of())
    assert "lobby:1:rules" not in custom_ids(lobby) and "Optional rules" not in lobby.embeds[0].description
    refused = await ann.slash(lounge.channel, "game new", game="airships", rules="kobe_flush")
    assert "Airships has no optional rule called 'kobe_flush'" in ephemeral_text(refused)


async def test_the_creator_changes_the_rules_in_the_lobby_and_nobody_else_may(lounge: Lounge) -> None:
    ann, bob = lounge.members[0], lounge.members[1]
    await ann.slash(lounge.channel, "game new", game="air-alliance")
    thread = lounge.thread_of()
    [lobby] = public(thread)
    await bob.click(lobby, custom_id="lobby:1:join")

    refused = await bob.select(lobby, [KEYS[2]], custom_id="lobby:1:rules")
    assert "Only the player who opened this game" in ephemeral_text(refused)
    options = (await lounge.service.reading.table(1)).row.options
    assert not any(options[key] for key in KEYS)

    await ann.select(public(thread)[0], [KEYS[2], KEYS[4]], custom_id="lobby:1:rules")
    table = await lounge.service.reading.table(1)
    assert {key for key in KEYS if table.row.options[key]} == {KEYS[2], KEYS[4]}
    words = dict(game_options(engine.get_game("air-alliance")))
    assert words[KEYS[2]] in public(thread)[0].embeds[0].description

    await ann.click(public(thread)[0], custom_id="lobby:1:start")
    state = (await lounge.service.reading.table(1)).row.options
    assert state[KEYS[2]] and state[KEYS[4]]  # the game is set up with them
    assert "lobby:1:rules" not in custom_ids(public(thread)[0])  # and they can no longer change


async def test_rules_autocomplete_offers_the_chosen_games_rules_one_more_at_a_time(lounge: Lounge) -> None:
    ann = lounge.members[0]
    first = await ann.autocomplete(lounge.channel, "game new", "rules", "", game="air-alliance")
    assert first[0]["value"] == "all" and {c["value"] for c in first[1:]} == set(KEYS)
    more = await ann.autocomplete(lounge.channel, "game new", "rules", f"{KEYS[0]}, ", game="air-alliance")
    assert all(c["value"].startswith(f"{KEYS[0]}, ") for c in more) and len(more) == len(KEYS) - 1
    none = await ann.autocomplete(lounge.channel, "game new", "rules", "", game="airships")
    assert [c["value"] for c in none] == ["none"]
