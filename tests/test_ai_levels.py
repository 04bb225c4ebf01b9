"""AI seats at their levels through the services: named and stored with their level, a league's level, each AI
decision logged with its reason (told again by a cold table), and the thinking budget's setting."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from engine.platform.levels import THINKING_SECONDS, Level
from settings import SettingsError, load_settings
from engine.services import Services
from engine.store import Store
from tests.stub_drawing import stub_drawing

pytestmark = pytest.mark.both_backends  # SQLite, and PostgreSQL with TEST_DATABASE_URL

GUILD, CHANNEL, ANN = 1, 2, 10
FAST = 0.05  # the strong seats' budget here: the same code, fewer worlds


def blank(slug: str, view: dict[str, Any]) -> bytes:
    return b"\x89PNG fake"


def quick(store: Store) -> Services:
    return Services(store, stub_drawing(blank), thinking_seconds=FAST)


async def test_ai_seats_are_named_and_stored_with_their_level(store: Store) -> None:
    service = quick(store)
    table = await service.lobby.open_table("air-alliance", guild_id=GUILD, channel_id=CHANNEL, creator_id=ANN,
                                           creator_name="ann", ai=1, level=Level.CASUAL)
    await service.lobby.add_ai(table.id, ANN, Level.STRONG)
    seats = await store.seats.of(table.id)
    assert [(s.name, s.ai, s.level) for s in seats] == [
        ("ann", False, None), ("Contrail AI 1 (casual)", True, Level.CASUAL), ("Contrail AI 2 (strong)", True, Level.STRONG)]


async def test_every_ai_decision_with_a_choice_is_logged_with_its_reason_and_a_cold_table_tells_it_again(
    store: Store,
) -> None:
    service = quick(store)
    table = await service.lobby.open_table("airships", guild_id=GUILD, channel_id=CHANNEL, creator_id=ANN,
                                           creator_name="ann", ai=1, level=Level.STRONG)
    await service.lobby.add_ai(table.id, ANN, Level.CASUAL)
    await service.lobby.start(table.id, ANN)
    for _ in range(6):  # ann always takes her first choice; the AI seats answer
        prompt = await service.reading.prompt(table.id)
        assert prompt is not None
        await service.core.play(table.id, ANN, 0, version=prompt.version)
    rows = await store.games.actions(table.id)
    seated = await service.reading.table(table.id)
    ai_seats = {p.seat for p in seated.players if p.ai}
    told = [row for row in rows if row.seat in ai_seats and "why" in row.payload]
    assert told and all(row.payload["why"].endswith(".") for row in told)
    assert not any("why" in row.payload for row in rows if row.seat not in ai_seats)  # ann's moves: no reason
    pages = (await service.reading.log(table.id)).pages  # every page: the last one may hold a single line
    lines = "\n".join([line for page in range(1, pages + 1) for line in (await service.reading.log(table.id, page)).lines])
    assert "↳ Why Contrail AI 1 (strong) chose this: " in lines or "↳ Why Contrail AI 2 (casual) chose this: " in lines
    cold = quick(store)
    for page in range(1, pages + 1):
        assert (await cold.reading.log(table.id, page)).lines == (await service.reading.log(table.id, page)).lines


async def test_an_ai_seats_reason_follows_its_own_move_and_speaks_of_it_not_to_it(store: Store) -> None:
    """The reason comes right under the AI's own lines, before the flip that begins ann's turn, and says 'its',
    never 'your': in /log, a cold table's /log and ann's turn message alike (issue 53, item 8)."""
    service = quick(store)
    table = await service.lobby.open_table("airships", guild_id=GUILD, channel_id=CHANNEL, creator_id=ANN,
                                           creator_name="ann", ai=1, level=Level.STANDARD)
    await service.lobby.start(table.id, ANN)
    told: list[str] = []  # what ann's turn messages tell of the AI's moves
    for _ in range(8):  # ann takes her last choice (ending her turn soon); the AI seat answers with its turn
        prompt = await service.reading.prompt(table.id)
        assert prompt is not None
        moved = await service.core.play(table.id, ANN, len(prompt.movers[0].choices) - 1, version=prompt.version)
        if moved.turn.next is not None:
            told += moved.turn.next.automatic
    warm = await service.reading.numbered_log(table.id)
    assert warm == await quick(store).reading.numbered_log(table.id)
    lines = [text.strip() for _, text in warm]
    reasons = [n for n, line in enumerate(lines) if line.startswith("↳ Why Contrail AI 1 (standard) chose")]
    assert reasons and not any("ann turns over" in lines[n - 1] for n in reasons)  # never under ann's flip
    assert any("ann turns over" in lines[n + 1] for n in reasons if n + 1 < len(lines))  # but before it
    assert all(lines[n].startswith("↳ Why Contrail AI 1 (standard) chose this: ") for n in reasons)
    assert not any(re.search(r"\byour?\b", lines[n], re.IGNORECASE) for n in reasons)
    placed = [n for n, line in enumerate(told) if line.startswith("↳ Why")]
    assert placed and not any("ann turns over" in told[n - 1] for n in placed)


async def test_a_league_seats_its_ai_at_its_level(store: Store) -> None:
    service = quick(store)
    await service.leagues.create_league(GUILD, CHANNEL, 100, [], can_manage=True, name="Cup", slug="airships",
                                        table_size=2, turn_seconds=None, round_seconds=86400, rounds=1,
                                        allow_ai=True, ai_level=Level.STRONG)
    await service.leagues.join_league(GUILD, None, 1001, "p1001")  # alone: an AI seat fills the table
    news = await service.leagues.start_league(GUILD, None, [], can_manage=True)
    [game_id] = news.game_ids  # type: ignore[union-attr]
    table = await service.reading.table(game_id)
    assert [(p.name, p.level) for p in table.players if p.ai] == [("Contrail AI 1 (strong)", Level.STRONG)]
    assert not table.row.hints  # league games play without hints
    assert (await service.leagues.league_named(GUILD, "Cup")).ai_level is Level.STRONG


def test_the_thinking_budget_is_a_setting_checked_at_start(tmp_path: Path) -> None:
    assert load_settings(tmp_path / "none.env", {}).thinking_seconds == THINKING_SECONDS == 1.0
    assert load_settings(tmp_path / "none.env", {"AI_THINKING_SECONDS": " 2.5 "}).thinking_seconds == 2.5
    for bad in ("0", "0.05", "11", "soon", "-1", "nan"):
        with pytest.raises(SettingsError, match="^AI_THINKING_SECONDS must be a number of seconds from 0.1 to 10 "):
            load_settings(tmp_path / "none.env", {"AI_THINKING_SECONDS": bad})
