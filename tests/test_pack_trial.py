"""A pack's trial: games at every player count, each end taken as the bot takes it (board drawn, scores in words,
stored and rated), in a process of its own under a CPU-time and memory limit that the bot awaits off its loop."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.core import Outcome
from engine.platform import packs
from engine.view import to_json
from engine.rules.packs import PackError, read_pack
from engine.services import trials
from engine.services.trials import TrialPool
from tests.stub_drawing import stub_drawing

FIXTURES = Path(__file__).parent / "fixtures" / "packs"
SLUGS = engine.list_games()


def fixture_pack(slug: str) -> packs.Pack:
    game = engine.get_game(slug)
    return read_pack((FIXTURES / f"{slug}.toml").read_bytes(), slug, packs.builtin(game))


@pytest.mark.parametrize("slug", SLUGS)
def test_the_trial_plays_every_player_count_and_draws_each_final_board(slug: str) -> None:
    game = engine.get_game(slug)
    drawn: list[tuple[str, dict[str, Any]]] = []
    packs.trial(game, fixture_pack(slug), lambda shown, view: drawn.append((shown, to_json(view))))
    counts = [len(view["seat_names"]) for _, view in drawn]
    assert counts == sorted(list(range(game.min_players, game.max_players + 1)) * len(packs.TRIAL_SEEDS))
    assert all(shown == slug and view["pack"] == "Pack test cards" and " wins with " in view["headline"]
               for shown, view in drawn)


def test_a_pack_whose_final_board_cannot_be_drawn_is_refused() -> None:
    def failing(slug: str, view: object) -> bytes:
        raise OSError("raqm_layout() failed")

    with pytest.raises(PackError, match=r"A 2-player game with these cards breaks \(OSError: raqm_layout"):
        packs.trial(engine.get_game("airships"), fixture_pack("airships"), failing)


def test_a_score_the_database_cannot_keep_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    game = engine.get_game("air-alliance")
    monkeypatch.setattr(game, "outcome", lambda state: Outcome((2**63, 1), ((0,), (1,)), unit="miles"))
    with pytest.raises(PackError, match="ends with a score too large to keep"):
        packs.trial(game, fixture_pack("air-alliance"))


async def test_the_trial_runs_apart_under_a_cpu_limit_and_the_loop_runs_meanwhile(monkeypatch: pytest.MonkeyPatch) -> None:
    pool = TrialPool(stub_drawing(lambda slug, view: b""))  # the stub draws the real board in the trial's process
    ticks = 0

    async def ticking() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    ticker = asyncio.create_task(ticking())
    try:
        data = (FIXTURES / "1930.toml").read_bytes()
        checked = await pool.check("1930", data)
        assert checked.pack.name == "Pack test cards" and ticks > 10  # the loop answered while the games were played
        monkeypatch.setattr(trials, "CPU_SECONDS", -1)  # a limit the process has used up: the kernel ends it
        with pytest.raises(PackError) as caught:
            await pool.check("1930", data)
        assert str(caught.value) == "The pack's trial games took too long or needed too much memory."
        monkeypatch.undo()  # the limit as it is
        assert (await pool.check("airships", (FIXTURES / "airships.toml").read_bytes())).pack.game == "airships"
        with pytest.raises(PackError) as refused:  # a refusal from the trial's process keeps its line
            await pool.check("airships", b'pack.name = "X"\n[bonus_chips]\nper_nation = 7\n')
        assert refused.value.line == 2 and "6 chips per nation" in refused.value.message
    finally:
        ticker.cancel()
        pool.close()


async def test_a_trial_past_its_memory_is_refused_plainly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(trials, "MEMORY", 64 * 2**20)  # less than the rules and renderers need to load
    pool = TrialPool(None)
    try:
        with pytest.raises(PackError, match="took too long or needed too much memory"):
            await pool.check("airships", (FIXTURES / "airships.toml").read_bytes())
    finally:
        pool.close()


async def test_one_server_has_one_upload_in_the_queue_and_the_queue_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """One server's uploads keep nobody else waiting for more than one trial: a second upload of the same server
    is answered at once while its first waits, and past WAITING_MAX waiting servers an upload is asked to come back."""
    pool = TrialPool(None)
    release = asyncio.Event()
    started: list[str] = []

    async def slow_check(slug: str, data: bytes) -> packs.Checked:
        started.append(slug)
        await release.wait()
        return None  # type: ignore[return-value]  # what the test awaits is the queue, not a result

    monkeypatch.setattr(pool, "_check", slow_check)
    first = asyncio.create_task(pool.check("airships", b"", 1))
    await asyncio.sleep(0)
    with pytest.raises(trials.TrialBusy, match="still being tried"):
        await pool.check("airships", b"", 1)
    others = [asyncio.create_task(pool.check("airships", b"", server)) for server in range(2, trials.WAITING_MAX + 1)]
    await asyncio.sleep(0)
    with pytest.raises(trials.TrialBusy, match="other servers are being tried"):
        await pool.check("airships", b"", 99)
    release.set()
    await asyncio.gather(first, *others)
    assert len(started) == trials.WAITING_MAX  # each server's one upload was tried, in turn
    await pool.check("airships", b"", 1)  # and its server may upload again
