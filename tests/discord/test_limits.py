"""The whole command tree and every message builder checked against discord-limits.md."""

from __future__ import annotations

import engine
import random
from dataclasses import replace
import re
from pathlib import Path
from typing import Any

import discord
import pytest
from simtable import make_bot, tiny_png

from bot import command_payloads
import cogs.game  # noqa: F401 - loading the features fills the registry of custom ids checked below
import cogs.play.commands  # noqa: F401
from cogs.base import words
from cogs.base.components import route
from cogs.base.words import Reply
from cogs.clock import scheduler
from cogs.clock.commands import prefs_text
from cogs.info import messages as info
from cogs.lobby import messages as lobby_messages
from cogs.lobby import seats
from cogs.play import looking, prompts
from engine.core import Action, EndReason, Outcome
from engine.services import Services
from tests.stub_drawing import stub_drawing
from engine.store import GameRow, SeatRow, Status, Store
from engine.rules.guide import RulesTopic
from engine.platform.notify import Alerts
from engine.platform.records import KickVote, Notify, PlayerPrefs, PostKind, PostRow
from engine.services.tables import LogPage, Mover, MyGame, Opening, Prompt, Reminder, RulesCard, Standing, Table, TableStatus
from engine.platform.turns import Turn

WEB_URL = "https://" + "w" * 200 + "/game/" + "t" * 22  # a long PUBLIC_URL and a page's token
NAME = re.compile(r"^[-_'\w]{1,32}$")
SUBCOMMAND, GROUP = 1, 2


# -- application commands ------------------------------------------------------------------------



def name_and_description_problems(where: str, item: dict) -> list[str]:
    """A command's or option's name (1-32 lowercase letters, digits, -_') and description (1-100)."""
    problems = []
    if not NAME.match(item["name"]) or item["name"] != item["name"].lower():
        problems.append(f"{where}: bad name")
    if not 1 <= len(item.get("description", "")) <= 100:
        problems.append(f"{where}: description length {len(item.get('description', ''))}")
    return problems

def _command_chars(node: dict[str, Any]) -> int:
    total = len(node["name"]) + len(node.get("description", ""))
    for option in node.get("options") or []:
        total += _command_chars(option)
    for choice in node.get("choices") or []:
        total += len(choice["name"]) + len(str(choice["value"]))
    return total


def _check_options(options: list[dict[str, Any]], where: str, depth: int, problems: list[str]) -> None:
    if len(options) > 25:
        problems.append(f"{where}: {len(options)} options")
    seen_optional = False
    for option in options:
        here = f"{where} {option['name']}"
        problems += name_and_description_problems(here, option)
        if option["type"] in (SUBCOMMAND, GROUP):
            if option["type"] == GROUP and depth > 0:
                problems.append(f"{here}: a group nested too deep")
            if option["type"] == SUBCOMMAND and depth > 1:
                problems.append(f"{here}: a subcommand nested too deep")
            _check_options(option.get("options") or [], here, depth + 1, problems)
            continue
        if option.get("choices") and option.get("autocomplete"):
            problems.append(f"{here}: both choices and autocomplete")
        choices = option.get("choices") or []
        if len(choices) > 25:
            problems.append(f"{here}: {len(choices)} choices")
        for choice in choices:
            if not 1 <= len(choice["name"]) <= 100 or len(str(choice["value"])) > 100:
                problems.append(f"{here}: choice {choice!r} too long")
        if option.get("required"):
            if seen_optional:
                problems.append(f"{here}: required after optional")
        else:
            seen_optional = True


def command_problems(payloads: list[dict[str, Any]]) -> list[str]:
    problems: list[str] = []
    if len(payloads) > 100:
        problems.append(f"{len(payloads)} global commands")
    names = [p["name"] for p in payloads]
    if len(set(names)) != len(names):
        problems.append("duplicate command names")
    for payload in payloads:
        where = f"/{payload['name']}"
        problems += name_and_description_problems(where, payload)
        if _command_chars(payload) > 8000:
            problems.append(f"{where}: {_command_chars(payload)} characters")
        _check_options(payload.get("options") or [], where, 0, problems)
    return problems


async def test_the_command_tree_respects_every_limit(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "unused.sqlite3")
    await bot.load_cogs()
    payloads = command_payloads(bot)
    assert {p["name"] for p in payloads} == {"game", "move", "board", "log", "hand", "rules", "vacation", "notify", "timezone", "undo", "hint", "rating", "leaderboard", "league", "web", "stats", "pack"}
    game = next(p for p in payloads if p["name"] == "game")
    assert {o["name"] for o in game["options"]} == {"new", "join", "leave", "start", "status", "list", "return", "replace", "kick", "mine", "abandon", "replay", "export", "animation", "watch", "unwatch"}
    assert command_problems(payloads) == []
    assert all(p["contexts"] == [0] and p["dm_permission"] is False for p in payloads)  # servers only


def test_the_limit_checker_catches_broken_payloads() -> None:
    broken = [
        {
            "name": "Bad Name",
            "description": "",
            "options": [
                {"name": "a", "description": "x", "type": 3, "required": False},
                {"name": "b", "description": "x" * 101, "type": 3, "required": True, "autocomplete": True, "choices": [{"name": "n", "value": "v"}]},
            ],
        }
    ]
    problems = command_problems(broken)
    assert any("bad name" in p for p in problems)
    assert any("required after optional" in p for p in problems)
    assert any("both choices and autocomplete" in p for p in problems)
    assert any("description length" in p for p in problems)


# -- messages ------------------------------------------------------------------------------------


def reply_problems(reply: Reply) -> list[str]:
    problems = []
    if len(reply.content) > 2000:
        problems.append(f"content {len(reply.content)}")
    if len(reply.embeds) > 10:
        problems.append("more than 10 embeds")
    total = 0
    for embed in reply.embeds:
        total += len(embed)
        if len(embed.title or "") > 256 or len(embed.description or "") > 4096:
            problems.append("embed title/description too long")
        if len(embed.fields) > 25:
            problems.append("more than 25 fields")
        for f in embed.fields:
            if not f.name or len(f.name) > 256 or not f.value or len(f.value) > 1024:
                problems.append(f"field {f.name!r} out of bounds")
        if len(embed.footer.text or "") > 2048 or len(embed.author.name or "") > 256:
            problems.append("footer/author too long")
    if total > 6000:
        problems.append(f"embeds total {total}")
    if reply.view is not None:
        problems += component_problems(reply.view.to_components())
    return problems


def component_problems(rows: list[dict[str, Any]]) -> list[str]:
    problems = []
    if len(rows) > 5:
        problems.append(f"{len(rows)} rows")
    ids: list[str] = []
    for row in rows:
        children = row["components"]
        buttons = [c for c in children if c["type"] == 2]
        selects = [c for c in children if c["type"] in (3, 5, 6, 7, 8)]
        if len(buttons) > 5 or (selects and len(children) != 1):
            problems.append(f"row of {len(buttons)} buttons and {len(selects)} selects")
        for child in children:
            custom_id = child.get("custom_id", "")
            ids.append(custom_id)
            if not 1 <= len(custom_id) <= 100:
                problems.append(f"custom_id {custom_id!r}")
            if route(custom_id) is None:
                problems.append(f"custom_id {custom_id!r} matches no registered component handler")
            if child["type"] == 2 and len(child.get("label", "")) > 80:
                problems.append(f"button label {len(child['label'])}")
            if child["type"] == 3:
                options = child.get("options", [])
                if not 1 <= len(options) <= 25 or len(child.get("placeholder", "")) > 150:
                    problems.append("select options/placeholder out of bounds")
                for o in options:
                    if any(len(o.get(k) or "") > 100 for k in ("label", "value", "description")) or not o["label"]:
                        problems.append(f"select option {o!r}")
                if len({o["value"] for o in options}) != len(options):
                    problems.append("duplicate select values")
    if len(set(ids)) != len(ids):
        problems.append("custom ids repeat within a message")
    return problems


def _extreme_table(players: int = 4, status: Status = Status.ACTIVE, version: int = 123_456) -> Table:
    """A table at the edges: 32-character display names, huge ids, many moves."""
    row = GameRow(
        id=10**17, slug="airships", guild_id=1, channel_id=2, thread_id=3, creator_id=4, options={}, seed=5,
        status=status, version=version, outcome=None, created_at="", updated_at="",
    )
    seats = tuple(SeatRow(user_id=10**18 + i, name=f"{'W' * 30}{i:02d}", seat=i) for i in range(players))
    return Table(row, seats, engine.get_game("airships"))


def _unstarted_table() -> Table:
    """An extreme table abandoned in its lobby: nobody has a seat number."""
    table = _extreme_table(status=Status.ABANDONED, version=0)
    return Table(table.row, tuple(SeatRow(p.user_id, p.name, None) for p in table.players), engine.get_game("airships"))


def _extreme_prompt(table: Table, choices: int) -> Prompt:
    actions = tuple(Action("throw", (f"card-{i}",), f"{'Throw for a very long card name ' * 4}"[:99] + str(i % 10)) for i in range(choices))
    movers = tuple(Mover(p.seat or 0, p.user_id, p.name, actions) for p in table.players)
    return Prompt(table.id, table.version, "choose_card", movers)


@pytest.mark.parametrize("choices", [1, 2, 5, 6, 24, 25])
def test_extreme_prompts_fit(choices: int) -> None:
    table = _extreme_table()
    prompt = _extreme_prompt(table, choices)
    events = ["x" * 300] * 40
    outcome = Outcome(scores=(99, 99, 99, 99), ranking=((0, 1, 2, 3),), tiebreak=(9, 9, 9, 9), details="d" * 500)
    standings = tuple(Standing(p.seat or 0, p.name, 99) for p in table.players)
    turn = Turn(tuple(p.seat or 0 for p in table.players), 3, tuple(events), 99, tuple(events))
    replies = [
        prompts.prompt_reply(table, prompt),
        prompts.stale_reply(table, prompt, table.players[0].user_id, "That decision was already made: " + "x" * 200),
        prompts.stale_reply(table, prompt, 1),  # someone who is not to move
        prompts.stale_reply(_extreme_table(status=Status.FINISHED), None, 1),
        prompts.board_reply(table, b"png", prompt),
        prompts.board_reply(table, None, prompt, "https://discord.com/channels/" + "9" * 60),
        prompts.turn_reply(table, turn, prompt, b"png", ping=prompt.user_ids),
        prompts.turn_reply(table, turn, None, b"png"),
        prompts.final_reply(table, outcome, standings, b"png"),
        prompts.opening_reply(Opening(table, events, b"png", prompt, turn, ("N" * 40,) * 4)),
        info.status_reply(TableStatus(table, prompt, standings, None)),
        info.status_reply(TableStatus(table, None, standings, outcome)),
        prompts.final_reply(table, outcome, standings, b"png", web_url=WEB_URL),
        info.status_reply(TableStatus(table, prompt, standings, None), asked_in=1, web_url=WEB_URL),
        info.status_reply(TableStatus(table, None, standings, outcome), web_url=WEB_URL),
    ]
    for reply in replies:
        assert reply_problems(reply) == []
    live = replies[6]
    assert live.content.endswith(prompts.prompt_text(prompt))  # the events are cut, never the prompt
    assert live.content.startswith("**")  # nor the title


def test_extreme_lists_logs_lobbies_and_rules_fit() -> None:
    lobby = _extreme_table(status=Status.LOBBY, version=0)
    many = [_extreme_table(status=s) for s in Status for _ in range(10)]
    page = LogPage(_extreme_table(), ["y" * 1000] * 15, 2, 3)
    outcome = Outcome((1, 2), ((1,), (0,)), (0, 0), EndReason.FINISHED, "")
    topic = RulesTopic("k" * 32, "T" * 100, "s" * 4000)
    replies = [
        lobby_messages.lobby_reply(lobby),
        lobby_messages.lobby_reply(_extreme_table()),
        lobby_messages.invite_reply(lobby),
        lobby_messages.invite_reply(_extreme_table()),
        Reply(content=lobby_messages.moved_lobby_text(lobby, "https://discord.com/channels/" + "9" * 60)),
        info.list_reply(many),
        info.list_reply([_extreme_table(players=4) for _ in range(info.LIST_LIMIT + 1)]),
        info.list_reply([]),
        info.status_reply(TableStatus(_unstarted_table(), None, (), None)),
        Reply(content=words.unposted_text(_extreme_table(), "Game #100000000000000000 is open", "r" * 100)),
        looking.log_reply(page),
        looking.log_reply(LogPage(_extreme_table(), [], 1, 1)),
        info.rules_reply(RulesCard("airships", "A" * 300, "2–4", topic, (topic,) * 30)),
        prompts.board_reply(_extreme_table(), b"png"),
        prompts.board_reply(_extreme_table(), None),
        lobby_messages.abandoned_reply(_extreme_table(), 1),
        Reply(embeds=[prompts.final_embed(_extreme_table(players=2), outcome)]),
    ]
    for reply in replies:
        assert reply_problems(reply) == [], reply


def test_the_message_checker_catches_broken_messages() -> None:
    view = discord.ui.View()
    for _ in range(6):
        view.add_item(discord.ui.Button(label="x" * 81, custom_id="same"))
    problems = reply_problems(Reply(content="c" * 2001, view=view))
    assert any("content" in p for p in problems)
    assert any("custom ids repeat" in p for p in problems)
    assert any("button label" in p for p in problems)
    assert any("matches no registered" in p for p in problems)


async def test_every_message_of_a_real_four_player_game_fits(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "limits.sqlite3")
    try:
        service = Services(store, stub_drawing(tiny_png))
        table = await service.lobby.open_table(
            "airships", guild_id=1, channel_id=2, creator_id=100, creator_name="C" * 32
        )
        for user in range(101, 104):
            table = await service.lobby.join(table.id, user, f"{'N' * 31}{user % 10}")
            assert reply_problems(lobby_messages.lobby_reply(table)) == []
            assert reply_problems(lobby_messages.invite_reply(table)) == []
        opening = await service.lobby.start(table.id, 100)
        replies = [prompts.opening_reply(opening)]
        prompt = opening.prompt
        rng = random.Random(9)
        while prompt is not None:
            mover = prompt.movers[0]
            result = await service.core.play(table.id, mover.user_id, rng.randrange(len(mover.choices)), version=prompt.version)
            news = result.turn
            replies.append(prompts.turn_reply(result.table, news.played, result.prompt if news.continues else None, b"png"))
            if news.next is not None:
                replies.append(prompts.turn_reply(result.table, news.next, result.prompt, b"png",
                                                        ping=result.alerts.thread))
            if result.outcome is not None:
                replies.append(prompts.final_reply(result.table, result.outcome, result.standings, b"png"))
            replies.append(prompts.stale_reply(result.table, result.prompt, mover.user_id))
            replies.append(prompts.board_reply(result.table, b"png", result.prompt))
            if result.table.version % 10 == 0:
                replies.append(info.status_reply(await service.reading.status(table.id)))
                for user in range(100, 104):
                    replies.append(looking.hand_reply(*await service.reading.hand(table.id, user)))
            prompt = result.prompt
        replies.append(info.status_reply(await service.reading.status(table.id)))
        first = await service.reading.log(table.id, 1)
        for number in range(1, first.pages + 1):
            replies.append(looking.log_reply(await service.reading.log(table.id, number)))
        replies.append(info.list_reply(await service.reading.tables_in_guild(1)))
        replies += [info.rules_reply(service.reading.rules("airships", t.key)) for t in service.reading.rules("airships").topics]
        for reply in replies:
            assert reply_problems(reply) == []
    finally:
        await store.close()


def test_extreme_clock_seat_and_notification_messages_fit() -> None:
    table = _extreme_table(players=4)
    prompt = _extreme_prompt(table, 25)
    clocked = replace(prompt, deadline=9_999_999_999.0)
    everyone = tuple(p.user_id for p in table.players)
    post = PostRow(PostKind.TURN, 10**18, 10**18, 999_999)
    mine = [MyGame(_extreme_table(status=Status.ACTIVE), n % 2 == 0, 9_999_999_999.0, 9_999_999_999.0) for n in range(40)]
    vote = KickVote(table.id, everyone[0], everyone[1:], everyone[1:2], (), 9_999_999_999.0)
    prefs = PlayerPrefs(1, Notify.BOTH, 1439, 0, "America/Argentina/ComodRivadavia", True)
    replies = [
        prompts.prompt_reply(table, clocked),
        scheduler.reminder_reply(Reminder(table, clocked, 1.0, post, Alerts(everyone), first=False)),
        scheduler.reminder_reply(Reminder(table, clocked, 1.0, None, Alerts(everyone), first=True)),
        info.mine_reply(mine, {table.row.guild_id: "S" * 100}),
        info.mine_reply([], {}),
        seats.kick_vote_reply(table, vote),
        seats.leave_confirmation(table, everyone[0]),
        Reply(content=prefs_text(prefs)),
    ]
    for reply in replies:
        assert reply_problems(reply) == [], reply
