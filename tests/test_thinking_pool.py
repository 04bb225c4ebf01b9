"""The thinking pool: a look-ahead's streams weighed at once in worker processes, alike, and never lost to a death."""

from __future__ import annotations

import logging
import os
import random
import signal
import time
from dataclasses import replace
from pathlib import Path

import pytest

import engine
from engine.platform.levels import Level, Player
from engine.platform.thinking import Search, look_ahead
from engine.services.thinking import ThinkingPool
from engine.services.workers import default_processes
from settings import SettingsError, load_settings
from tests.engine.test_advice import midgame

TWO_STREAMS = Search(keep=3, samples=8, streams=2)


def weighed_by(pool: ThinkingPool | None, slug: str = "1930") -> object:
    game, ai = engine.get_game(slug), engine.get_ai(slug)
    state, seat = midgame(slug, 4)
    spread = pool.spread(slug) if pool is not None else None
    return TWO_STREAMS.weighed(game, ai, state, seat, random.Random(4), None, spread=spread)


def test_without_processes_the_thinking_thread_weighs_the_streams_itself() -> None:
    assert ThinkingPool(0).spread("1930") is None


@pytest.mark.slow
def test_streams_weighed_in_processes_are_worth_what_they_are_worth_here() -> None:
    pool = ThinkingPool(2)
    try:
        pool.start()
        assert weighed_by(pool) == weighed_by(None)
        # and a strong seat on the clock chooses among the legal choices, its streams weighed in the workers
        state, seat = midgame("air-alliance", 4)
        strong = Player("air-alliance", Level.STRONG, spread=pool.spread("air-alliance")).with_budget(1.0)
        started = time.perf_counter()
        chosen = strong.choose(state, seat, random.Random(4))
        assert chosen in engine.get_game("air-alliance").legal_actions(state, seat)
        assert time.perf_counter() - started < 3.0  # the budget, a last world and the hand-over, on a busy machine
    finally:
        pool.close()


@pytest.mark.slow
def test_a_thinking_process_that_dies_costs_the_time_left_never_the_decision(
        caplog: pytest.LogCaptureFixture) -> None:
    pool = ThinkingPool(2)
    try:
        pool.start()
        assert weighed_by(pool) == weighed_by(None)  # the workers are up
        assert pool._executor is not None
        for process in list(pool._executor._processes.values()):
            os.kill(process.pid, signal.SIGKILL)  # out of memory, say
        with caplog.at_level(logging.ERROR, logger="engine.service"):
            assert weighed_by(pool) == weighed_by(None)  # weighed in this process instead, alike without a clock
        assert "a thinking process died" in caplog.text
        assert weighed_by(pool) == weighed_by(None)  # and the next look-ahead has workers again
    finally:
        pool.close()


def test_the_thinking_processes_are_a_setting_one_per_core_by_default(tmp_path: Path) -> None:
    assert load_settings(tmp_path / "none.env", {}).thinking_processes == default_processes()
    assert load_settings(tmp_path / "none.env", {"THINKING_PROCESSES": " 0 "}).thinking_processes == 0
    assert load_settings(tmp_path / "none.env", {"THINKING_PROCESSES": "2"}).thinking_processes == 2
    for bad in ("-1", "two", "33"):
        with pytest.raises(SettingsError, match="^THINKING_PROCESSES must be a whole number from 0 \\(think in"):
            load_settings(tmp_path / "none.env", {"THINKING_PROCESSES": bad})


def test_only_a_game_whose_worlds_are_dear_splits_its_look_ahead() -> None:
    assert look_ahead("air-alliance").streams == 2
    assert look_ahead("airships").streams == look_ahead("1930").streams == 1
    assert replace(look_ahead("air-alliance"), seconds=3.0).streams == 2  # a budget from the settings keeps them
