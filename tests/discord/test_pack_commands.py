"""/pack through Discord: a server manager uploads a pack, members play a whole game of each title with its cards
(on the board and in the choices), it exports and replays; every wrong upload is refused privately and changes
nothing; a game keeps its pack when the server's pack is replaced or removed."""

from __future__ import annotations

import json
import random
import re
import tomllib
from pathlib import Path
from typing import Any

import discord
import pytest

from simtable import Lounge, choices_of, ephemeral_text, latest_prompt, public
from simcord import MemberActor

import engine
from engine.platform import packs
from engine.platform.export import parse_export, replay_export
from engine.platform.records import Status
from engine.rules import packs as rule_packs
from engine.services import trials

FIXTURES = Path(__file__).parents[1] / "fixtures" / "packs"
HEAD = 'pack.name = "Ours"\npack.note = "From our copy"\n'


def fixture(slug: str) -> tuple[str, bytes]:
    return f"{slug}.toml", (FIXTURES / f"{slug}.toml").read_bytes()


def manager(lounge: Lounge) -> MemberActor:
    role = lounge.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    return lounge.guild.add_member(lounge.env.create_user("manager"), roles=[role])


def private_embed(result: Any) -> discord.Embed:
    shown = [m for m in [result.response, *result.followups] if m is not None and m.ephemeral and m.embeds]
    assert shown, f"expected a private embed, got {result!r}"
    return shown[-1].embeds[0]


def private_files(result: Any) -> list[discord.Attachment]:
    return [a for m in [result.response, *result.followups] if m is not None and m.ephemeral for a in m.attachments]


async def upload(lounge: Lounge, who: MemberActor, slug: str, name: str, data: bytes) -> Any:
    lounge.env.settle_timeout = max(lounge.env.settle_timeout, 30.0)  # whole trial games are played off the loop
    return await who.slash(lounge.channel, "pack upload", game=slug, file=(name, data))


def _name(data: bytes) -> str:
    return str(tomllib.loads(data.decode())["pack"]["name"])


@pytest.mark.slow
@pytest.mark.parametrize("slug", engine.list_games())
async def test_a_pack_uploaded_plays_a_whole_game_with_its_cards_exports_and_replays(
        lounge: Lounge, slug: str, drawn: list[dict[str, Any]]) -> None:
    boss = manager(lounge)
    saved = await upload(lounge, boss, slug, *fixture(slug))
    embed = private_embed(saved)
    name = _name(fixture(slug)[1])
    assert (embed.description or "").startswith(f"Pack **{name}** saved.")
    changed = embed.fields[0].value or ""
    assert all(section in changed for section in packs.builtin(engine.get_game(slug)))
    ann, bob, cy = lounge.members[:3]
    await ann.slash(lounge.channel, "game new", game=slug, pack=name)
    thread = lounge.thread_of()
    lobby = public(thread)[0]
    assert f"Cards: this server's pack **{name}**" in (lobby.embeds[0].description or "")
    for member in (bob, cy):
        await member.click(lobby, label="Join")
    await ann.click(public(thread)[0], label="Start")

    rng, labels, moves = random.Random(4), [], 0
    while (prompt := latest_prompt(thread)) is not None:
        actor = lounge.member(prompt.raw_mentions[0])
        prompt = await lounge.private_choices(actor, prompt)
        choices = [c for c in choices_of(prompt) if not c[0].startswith(("Back", "Cancel"))] or choices_of(prompt)
        labels += [label for label, _ in choices]
        await lounge.click_choice(actor, prompt, rng.choice(choices)[1])
        moves += 1
        assert moves < 6000

    table = await lounge.service.reading.table(1)
    assert table.status is Status.FINISHED and table.pack_name == name
    assert drawn and all(view.get("pack") == name for view in drawn)  # the board's footer names the pack
    assert any("Pack " in json.dumps(view) for view in drawn)  # the pack's own cards are on the board
    assert any("Pack " in label for label in labels) or slug == "1930"  # and in the choices (1930: on the board)
    final = public(thread)[-1]
    assert f"Played with this server's pack {name}." in (final.embeds[0].description or "")

    exported = await ann.slash(thread, "game export")
    [attachment] = private_files(exported)
    text = (await attachment.read()).decode()
    data = json.loads(text)
    assert data["pack"]["name"] == name and data["options"]["pack"] == table.row.options["pack"]
    rule_packs._known.clear()  # another process, which has never seen the pack: the file carries it
    replayed = replay_export(parse_export(text))
    assert replayed.outcome is not None and list(replayed.outcome.scores) == table.row.outcome["scores"]


async def test_wrong_uploads_are_refused_privately_and_change_nothing(lounge: Lounge) -> None:
    boss, ann = manager(lounge), lounge.members[0]
    airships = fixture("airships")[1]
    cases = [
        (ann, "airships", "ours.toml", airships, "Only members who can manage the server can upload packs."),
        (boss, "airships", "ours.json", airships, "A pack is a .toml file, not 'ours.json'."),
        (boss, "airships", "ours.toml", b"pack.name = \"x\"\n\xff", "That pack can't be used: The file is not UTF-8"),
        (boss, "airships", "ours.toml", (HEAD + "[dice\n").encode(), "That pack can't be used: The file is not "
                                                                      "valid TOML"),
        (boss, "airships", "ours.toml", (HEAD + "[planes]\nx = 1\n").encode(), "Unknown section 'planes'"),
        (boss, "airships", "ours.toml", (HEAD + "[bonus_chips]\nper_natoin = 6\n").encode(),
         "bonus_chips: unknown key 'per_natoin' (allowed: per_nation). (line 4)"),
        (boss, "airships", "ours.toml", (HEAD + "[bonus_chips]\nper_nation = 7\n").encode(), "bonus"),
        (boss, "airships", "big.toml", HEAD.encode() + b"#" * 300_000, "a pack may be at most 256 KB"),
        (boss, "1930", "ours.toml", airships, "Unknown section"),
    ]
    for who, slug, name, data, expected in cases:
        text = ephemeral_text(await upload(lounge, who, slug, name, data))
        assert expected in text, (expected, text)
    assert await lounge.service.packs.listed(lounge.guild.id) == []
    assert not public(lounge.channel)  # every answer was private
    assert ephemeral_text(await ann.slash(lounge.channel, "pack list")).startswith("This server has no packs yet.")
    refused = await ann.slash(lounge.channel, "game new", game="airships", pack="Nothing")
    assert ephemeral_text(refused) == "This server has no pack called 'Nothing': /pack list shows its packs."
    assert await lounge.service.reading.tables_in_guild(lounge.guild.id) == []


async def test_a_hostile_pack_and_a_trial_past_its_limit_are_refused_privately(
        lounge: Lounge, monkeypatch: pytest.MonkeyPatch) -> None:
    boss = manager(lounge)
    template = packs.template(engine.get_game("airships")).decode()
    text = ephemeral_text(await upload(lounge, boss, "airships", "ours.toml",
                                       (HEAD + template.replace("vp = 9", f"vp = {2**63}", 1)).encode()))
    assert "'vp' should be a whole number from 0 to 99, not 9223372036854775808 (line " in text
    monkeypatch.setattr(trials, "CPU_SECONDS", -1)  # a trial that has used up its CPU time: the kernel ends it
    text = ephemeral_text(await upload(lounge, boss, "1930", *fixture("1930")))
    assert text == "That pack can't be used: The pack's trial games took too long or needed too much memory."
    monkeypatch.undo()  # the limit as it is
    assert "saved" in (private_embed(await upload(lounge, boss, "airships", *fixture("airships"))).description or "")
    assert [row.game for row in await lounge.service.packs.listed(lounge.guild.id)] == ["airships"]
    assert not public(lounge.channel)


async def test_a_server_keeps_a_few_packs_and_a_pack_is_for_one_game(lounge: Lounge) -> None:
    from engine.services.packs import MAX_PACKS

    boss = manager(lounge)
    base = re.sub(r'pack\.name = ".*"\n', "", fixture("airships")[1].decode())  # the fixture without its name
    for n in range(MAX_PACKS):
        assert "saved" in (private_embed(await upload(lounge, boss, "airships", "p.toml",
                                                      (f'pack.name = "Copy {n}"\n' + base).encode())).description or "")
    eleventh = await upload(lounge, boss, "airships", "p.toml", ('pack.name = "One more"\n' + base).encode())
    assert ephemeral_text(eleventh) == (f"This server has {MAX_PACKS} packs, the most it may keep: remove one first "
                                        "(/pack remove).")
    again = private_embed(await upload(lounge, boss, "airships", "p.toml", ('pack.name = "copy 0"\n' + base).encode()))
    assert (again.description or "").startswith("Pack **Copy 0** replaced the server's pack of that name.")
    other = await lounge.members[0].slash(lounge.channel, "game new", game="1930", pack="Copy 1")
    assert ephemeral_text(other) == "The pack 'Copy 1' is for Airships, not 1930: The Golden Age of Airlines."
    listed = ephemeral_text(await lounge.members[0].slash(lounge.channel, "pack list"))
    assert listed.startswith(f"This server's packs ({MAX_PACKS} of {MAX_PACKS}):")


async def test_a_started_game_keeps_its_pack_when_the_server_replaces_or_removes_it(lounge: Lounge) -> None:
    boss, ann = manager(lounge), lounge.members[0]
    name, data = _name(fixture("airships")[1]), fixture("airships")[1]
    await upload(lounge, boss, "airships", "a.toml", data)
    shown = await ann.slash(lounge.channel, "pack show", name=name)
    [file] = private_files(shown)
    assert (await file.read()) == data  # the file as uploaded, to download and edit
    thread, game_id = await lounge.started_game(players=2, pack=name)
    first = (await lounge.service.reading.table(game_id)).row.options["pack"]

    changed = data.replace(b'pack.note = "', b'pack.note = "Changed. ', 1)
    assert "replaced" in (private_embed(await upload(lounge, boss, "airships", "a.toml", changed)).description or "")
    refused = await ann.slash(lounge.channel, "pack remove", name=name)
    assert ephemeral_text(refused) == "Only members who can manage the server can remove packs."
    removed = await boss.slash(lounge.channel, "pack remove", name=name)
    assert ephemeral_text(removed) == f"Pack **{name}** removed. Games and leagues that play it keep its cards."

    table = await lounge.service.reading.table(game_id)
    assert table.row.options["pack"] == first and table.pack_name == name
    await lounge.play_by_components(thread, random.Random(2))
    assert (await lounge.service.reading.table(game_id)).status is Status.FINISHED
    await ann.slash(thread, "game status")  # asked in the game's thread: answered there, for everyone
    assert f"Played with this server's pack {name}." in (public(thread)[-1].embeds[0].description or "")


async def test_the_template_is_the_built_in_file(lounge: Lounge) -> None:
    result = await lounge.members[0].slash(lounge.channel, "pack template", game="air-alliance")
    [file] = private_files(result)
    assert file.filename == "air-alliance-components.toml"
    assert (await file.read()) == engine.get_game("air-alliance").component_file.path.read_bytes()
    assert "pack.name" in ephemeral_text(result)
