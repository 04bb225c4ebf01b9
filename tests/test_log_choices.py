"""Every line of /log and the web log tells what was chosen: Air Alliance's steps of a move are numbered with the
move they led to, and its choices that change nothing on the board are told all the same (issue 53, item 8)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import engine
from engine.core import events_of
from engine.platform.levels import Level
from engine.services import Services
from engine.store import Store
from tests.stub_drawing import stub_drawing

pytestmark = pytest.mark.both_backends  # SQLite, and PostgreSQL with TEST_DATABASE_URL

GUILD, CHANNEL, ANN = 1, 2, 10
GAME = engine.get_game("air-alliance")
STEPS = {"icon", "plane", "npa", "airport", "back"}  # the steps of one move: its last one tells it all


def blank(slug: str, view: dict[str, Any]) -> bytes:
    return b"\x89PNG fake"


async def test_air_alliances_log_never_says_a_player_makes_a_choice(store: Store) -> None:
    service = Services(store, stub_drawing(blank), thinking_seconds=0.05)
    table = await service.lobby.open_table("air-alliance", guild_id=GUILD, channel_id=CHANNEL, creator_id=ANN,
                                           creator_name="ann", ai=1, level=Level.CASUAL)
    await service.lobby.start(table.id, ANN)
    for _ in range(30):  # ann takes her first choice: a marker on an icon, then a plane, then where it flies
        prompt = await service.reading.prompt(table.id)
        assert prompt is not None
        await service.core.play(table.id, ANN, 0, version=prompt.version)
    lines = await service.reading.numbered_log(table.id)
    assert not [text for _, text in lines if "makes a choice" in text]
    numbers = [re.match(r"(\d+)(?:–(\d+))?\. ", text) for _, text in lines]
    covered = [n for m in numbers if m for n in range(int(m[1]), int(m[2] or m[1]) + 1)]
    assert covered == list(range(1, len(covered) + 1)) and len(covered) >= 30  # no move left out, none twice


def test_every_air_alliance_decision_is_told_but_the_steps_of_a_move() -> None:
    """A step (the marker's icon, the plane, the airport, back) shows nothing until the move it leads to is told by
    the same player; every other decision writes a sentence, none of which tells a hidden card."""
    silent: set[str] = set()
    for seed in range(4):
        rng = random.Random(seed)
        state = GAME.setup(2 + seed % 3, seed, {"kobe_first_turn": True} if seed % 2 else None)
        for _ in range(400):
            if GAME.outcome(state) is not None:
                break
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            action = legal[-1] if rng.random() < 0.2 else rng.choice(legal)  # the last: often the decline
            state = GAME.apply(state, seat, action)
            if not events_of(GAME, state):
                silent.add(action.kind)
                assert action.kind in STEPS and GAME.to_act(state) == [seat], action
    assert silent <= STEPS and silent
