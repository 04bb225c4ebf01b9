"""/game replay and /game export through Discord: a private step-through edited in place, and a file that replays."""

from __future__ import annotations

import json
import random
from io import BytesIO
from dataclasses import replace
from pathlib import Path
from typing import Any

import discord
import pytest
from PIL import Image
from simcord import InteractionResult
from simtable import Lounge, close_store, ephemeral_text, make_bot, public, tiny_png

import engine
from cogs import replays
from engine.platform.export import parse_export, replay_export
from engine.services.replays import ReplayFrame
from tests.stub_drawing import Renderer
from engine.store import Status
from engine.view import to_json

SEEN: list[Any] = []  # every view the renderer was asked to draw, in order


@pytest.fixture
def render() -> Renderer:
    """The 1x1 PNG, remembering each view it was given: the replay must only ever draw public ones."""
    SEEN.clear()

    def remember(slug: str, view: dict[str, Any]) -> bytes:
        SEEN.append(view)
        return tiny_png(slug, view)

    return remember


async def play_moves(lounge: Lounge, game_id: int, moves: int | None = None, seed: int = 3) -> int:
    """Play through the service (quicker than clicking), choosing at random; None: to the end. The moves made."""
    rng = random.Random(seed)
    made = 0
    while (prompt := await lounge.service.reading.prompt(game_id)) is not None and (moves is None or made < moves):
        mover = prompt.movers[0]
        await lounge.service.core.play(game_id, mover.user_id, rng.randrange(len(mover.choices)), version=prompt.version)
        made += 1
    return made


def private(result: InteractionResult) -> discord.Message:
    [shown] = [m.message for m in [result.response, *result.followups] if m is not None and m.ephemeral]
    return shown


def button_ids(message: discord.Message) -> dict[str, tuple[str, bool]]:
    """slot -> (custom id, disabled) of a replay's buttons."""
    found = {}
    for row in message.components:
        for item in getattr(row, "children", []):
            found[item.custom_id.rsplit(":", 1)[1]] = (item.custom_id, item.disabled)
    return found


async def test_replay_steps_first_back_next_last_editing_the_same_private_message(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    await play_moves(lounge, game_id, 6)
    total = (await lounge.service.reading.table(game_id)).version
    cy = lounge.members[2]  # a spectator may look back too
    posted = len(public(thread))

    shown = private(await cy.slash(thread, "game replay"))
    assert shown.content.startswith(f"**Replay of Airships #{game_id}**: move {total} of {total}, by ")
    assert [a.filename for a in shown.attachments] == ["replay.png"]
    assert {slot: disabled for slot, (_, disabled) in button_ids(shown).items()} == {
        "first": False, "back": False, "next": True, "last": True}

    first = await cy.click(shown, label="⏮ First")
    assert first.response is not None and first.response.id == shown.id  # edited in place, not a new message
    message = first.response.message
    assert message.content.startswith(f"**Replay of Airships #{game_id}**: the setup (move 0 of {total}).")
    assert [a.filename for a in message.attachments] == ["replay.png"]
    assert button_ids(message)["first"][1] and button_ids(message)["back"][1]

    message = (await cy.click(message, label="Next ▶")).response.message  # type: ignore[union-attr]
    assert message.content.startswith(f"**Replay of Airships #{game_id}**: move 1 of {total}, by ")
    table = await lounge.service.reading.table(game_id)
    history = await lounge.service.reading.log(game_id, 1, per_page=1000)
    first_move = [line.split(". ", 1)[1] for line in history.lines if line.startswith("1. ")]
    assert message.content.splitlines()[1:] == first_move  # the move's words, as /log tells them
    assert f"by {table.at_seat((await lounge.store.games.actions(game_id))[0].seat).name}." in message.content

    message = (await cy.click(message, label="Next ▶")).response.message  # type: ignore[union-attr]
    message = (await cy.click(message, label="◀ Back")).response.message  # type: ignore[union-attr]
    assert f"move 1 of {total}" in message.content
    message = (await cy.click(message, label="Last ⏭")).response.message  # type: ignore[union-attr]
    assert f"move {total} of {total}" in message.content
    assert len(public(thread)) == posted  # nothing was posted in the thread: the replay is private


async def test_a_replay_button_of_someone_else_or_of_a_missing_game_is_answered(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    await play_moves(lounge, game_id, 3)
    ann, bob = lounge.members[:2]
    channel = lounge.bot.get_channel(thread.id)
    assert isinstance(channel, discord.Thread)
    # A copy of ann's replay buttons where bob can reach them (Discord shows an ephemeral message to ann alone).
    copy = await channel.send("copy", view=replays.replay_view(game_id, 1, 3, ann.id))
    stranger = await bob.click(thread.history()[-1], label="Next ▶")
    assert ephemeral_text(stranger) == "This replay is someone else's: use /game replay to step through the game yourself."

    await channel.send("gone", view=replays.replay_view(987, 1, 3, ann.id))
    missing = await ann.click(thread.history()[-1], label="Next ▶")
    assert ephemeral_text(missing) == "There is no game #987."
    assert copy.id != thread.history()[-1].id


async def test_replay_and_export_refuse_wrong_ids_lobbies_and_other_servers(lounge: Lounge) -> None:
    ann = lounge.members[0]
    for command in ("game replay", "game export"):
        result = await ann.slash(lounge.channel, command, game_id=42)
        assert ephemeral_text(result) == "There is no game #42."
    elsewhere = await lounge.service.lobby.open_table("airships", guild_id=lounge.guild.id + 1, channel_id=5, creator_id=9,
                                                creator_name="zed")
    for command in ("game replay", "game export"):
        result = await ann.slash(lounge.channel, command, game_id=elsewhere.id)
        assert ephemeral_text(result) == f"There is no game #{elsewhere.id} on this server."
    thread = await lounge.open_game(ann)
    assert ephemeral_text(await ann.slash(thread, "game replay")) == (
        "This game hasn't started yet, so there's nothing to replay.")
    assert ephemeral_text(await ann.slash(thread, "game export")) == (
        "This game hasn't started yet, so there's nothing to export.")


async def test_export_of_a_finished_game_is_a_private_file_that_replays_to_its_scores(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=3)
    refused = await lounge.members[3].slash(thread, "game export")  # live: its seed would foretell the dice
    assert ephemeral_text(refused) == f"Game #{game_id} is still active: it can be exported once it is over."
    await play_moves(lounge, game_id)
    table = await lounge.service.reading.table(game_id)
    assert table.status is Status.FINISHED

    result = await lounge.members[3].slash(lounge.channel, "game export", game_id=game_id)
    shown = private(result)
    [attachment] = shown.attachments
    assert attachment.filename == f"contrail-airships-{game_id}.json"
    assert f"python -m engine replay contrail-airships-{game_id}.json" in shown.content
    text = (await attachment.read()).decode()
    replayed = replay_export(parse_export(text))
    assert replayed.moves == table.version and replayed.outcome is not None
    assert list(replayed.outcome.scores) == table.row.outcome["scores"]  # type: ignore[index]
    data = json.loads(text)
    assert [s["name"] for s in data["seats"]] == list(table.names)
    assert all(str(p.user_id) not in text for p in table.players)  # no Discord ids leave the server


async def test_a_live_1930_replay_draws_only_the_public_view(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=3, game="1930")
    await play_moves(lounge, game_id, 12)
    SEEN.clear()
    shown = private(await lounge.members[4].slash(thread, "game replay"))
    message = (await lounge.members[4].click(shown, label="◀ Back")).response.message  # type: ignore[union-attr]
    version = (await lounge.service.reading.table(game_id)).version
    assert f"move {version - 1} of {version}" in message.content
    game = engine.get_game("1930")
    table = await lounge.service.reading.table(game_id)
    rows = await lounge.store.games.actions(game_id, limit=version - 1)
    state = engine.replay(game, 3, table.row.seed, {}, [(r.seat, engine.Action.from_dict(r.payload)) for r in rows])
    public_view = to_json(table.wording().view(replace(game.view(state, None), seat_names=tuple(table.names))))
    drawn = to_json(SEEN[-1])  # the typed view as it was drawn: worded, the players' names in
    assert {k: v for k, v in drawn.items() if k in public_view} == public_view
    assert all(to_json(game.view(state, seat)) != public_view for seat in range(3))  # seats do have more to hide


async def test_replay_buttons_still_work_after_a_restart(lounge: Lounge, database_path: Path) -> None:
    thread, game_id = await lounge.started_game(players=2)
    await play_moves(lounge, game_id, 4)
    cy = lounge.members[2]
    shown = private(await cy.slash(thread, "game replay"))
    old = lounge.bot
    await lounge.env.restart_bot(make_bot(database_path))
    await close_store(old)
    message = (await cy.click(shown, label="⏮ First")).response.message  # type: ignore[union-attr]
    assert message.content.startswith(f"**Replay of Airships #{game_id}**: the setup (move 0 of 4).")


def test_a_replay_message_respects_discords_limits() -> None:
    from test_limits import _extreme_table, reply_problems

    table = _extreme_table()
    words = tuple("W" * 900 for _ in range(10))
    for move in (0, 5, table.version):
        frame = ReplayFrame(table, move, table.version, "W" * 32, words, b"png")
        reply = replays.replay_reply(frame, 10**19)
        assert reply_problems(reply) == [], move
        assert all(len(cid) <= 100 for cid in custom_ids_of(reply))


def custom_ids_of(reply: Any) -> list[str]:
    return [c["custom_id"] for row in reply.view.to_components() for c in row["components"]]


async def test_animation_of_a_finished_game_has_one_frame_per_turn(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    refused = await lounge.members[2].slash(thread, "game animation")
    assert ephemeral_text(refused) == f"Airships #{game_id} is still being played: its animation comes once it is over."
    await play_moves(lounge, game_id)
    rows = await lounge.store.games.actions(game_id)
    turns = sum(1 for n, row in enumerate(rows) if n + 1 == len(rows) or rows[n + 1].seat != row.seat)

    SEEN.clear()
    shown = private(await lounge.members[2].slash(thread, "game animation"))
    [attachment] = shown.attachments
    assert attachment.filename == f"contrail-airships-{game_id}.gif"
    assert Image.open(BytesIO(await attachment.read())).format == "GIF"
    assert len(SEEN) == turns + 1  # a board for the setup, then for the end of every turn
    assert SEEN[0]["events"] != SEEN[-1]["events"] and SEEN[-1]["ai_seats"] == []
    assert shown.content == f"Airships #{game_id}, one frame per turn."


async def test_game_id_suggestions_offer_started_games_of_the_server_even_when_over(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(players=2)
    await play_moves(lounge, game_id)
    await lounge.open_game(lounge.members[2])  # a lobby: nothing to replay yet
    offered = await lounge.members[3].autocomplete(lounge.channel, "game replay", "game_id", "")
    assert [choice["value"] for choice in offered] == [game_id]
    assert offered[0]["name"].startswith(f"Airships #{game_id} · finished · ")
