"""The arena: its JSON line, seats rotating between games, shared wins, a bad seat list, and ai beating random."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.cli import arena
from engine.__main__ import main
from engine.core import GameError, Outcome
from engine.platform import thinking

KEYS = {"game", "players", "games", "seats", "wins", "win_rate", "ms_per_decision", "stats", "options", "seat_wins",
        "seat_win_rate"}


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["arena", "airships", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_json_line_has_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--players", "3", "--games", "6", "--seed", "4", "--seats", "greedy,random,random", "--json")
    assert code == 0
    lines = out.strip().splitlines()
    assert len(lines) == 1  # --json: the JSON line alone
    figures = json.loads(lines[0])
    assert set(figures) == KEYS
    assert (figures["game"], figures["players"], figures["games"]) == ("airships", 3, 6)
    assert figures["seats"] == ["greedy", "random", "random"]
    assert set(figures["wins"]) == set(figures["win_rate"]) == set(figures["ms_per_decision"]) == {"greedy", "random"}
    assert sum(figures["wins"].values()) == pytest.approx(6)  # one win per game, the random seats pooled
    assert figures["win_rate"]["greedy"] == pytest.approx(figures["wins"]["greedy"] / 6, abs=1e-4)
    assert all(ms > 0 for ms in figures["ms_per_decision"].values())
    assert {"goes", "airships_built", "hindenburg_opened", "hindenburg_phases_built", "hindenburg_completed",
            "winner_vp"} <= set(figures["stats"])
    assert figures["stats"]["airships_built"] >= 8  # every field down to one card


def test_without_json_a_summary_comes_first(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--games", "2", "--seats", "greedy,random")
    lines = out.strip().splitlines()
    assert code == 0 and len(lines) > 2 and "greedy" in lines[1]
    assert set(json.loads(lines[-1])) == KEYS


@pytest.mark.slow
def test_the_same_seed_plays_the_same_games() -> None:
    first = arena.arena("airships", 2, 6, 11, ["greedy", "random"])
    again = arena.arena("airships", 2, 6, 11, ["greedy", "random"])
    assert (first.wins, first.stats) == (again.wins, again.stats)
    assert arena.arena("airships", 2, 6, 12, ["greedy", "random"]).stats != first.stats


def test_seats_rotate_so_every_policy_sits_first_equally_often(monkeypatch: pytest.MonkeyPatch) -> None:
    assert [arena.seated(["ai", "greedy", "random"], k) for k in range(4)] == [
        ["ai", "greedy", "random"], ["greedy", "random", "ai"], ["random", "ai", "greedy"], ["ai", "greedy", "random"]]
    first: list[str] = []

    def recording(name: str, slug: str) -> Any:
        def play(state: Any, seat: int, rng: Any) -> Any:
            if state.seq == 0:
                first.append(name)  # the seat acting on a fresh table is the first seat
            return rng.choice(engine.get_game(slug).legal_actions(state, seat))
        return play

    monkeypatch.setattr(arena, "policy", recording)
    arena.arena("airships", 3, 9, 2, ["ai", "greedy", "random"])
    assert sorted(first) == ["ai"] * 3 + ["greedy"] * 3 + ["random"] * 3


def test_one_policy_in_every_seat_plays_a_new_deal_every_game(monkeypatch: pytest.MonkeyPatch) -> None:
    deals: dict[str, list[int]] = {"random,random,random": [], "greedy,random,random": []}
    running = ""

    def recording(name: str, slug: str) -> Any:
        def play(state: Any, seat: int, rng: Any) -> Any:
            if state.seq == 0:
                deals[running].append(state.seed)
            return rng.choice(engine.get_game(slug).legal_actions(state, seat))
        return play

    monkeypatch.setattr(arena, "policy", recording)
    for running in deals:
        arena.arena("airships", 3, 6, 2, running.split(","))
    assert len(set(deals["random,random,random"])) == 6  # rotating identical seats would only repeat a deal
    assert len(set(deals["greedy,random,random"])) == 2  # different policies: one deal per full rotation


def test_a_shared_first_place_counts_as_a_fraction_of_a_win(monkeypatch: pytest.MonkeyPatch) -> None:
    game = engine.get_game("airships")
    tied = Outcome(scores=(9, 9, 4), ranking=((0, 1), (2,)), tiebreak=(2, 2, 1))
    monkeypatch.setattr(type(game), "outcome", lambda self, state: tied if not game.to_act(state) else None)
    result = arena.arena("airships", 3, 3, 1, ["greedy", "random", "random"])
    # Each game the two seats 0 and 1 share first place; over a full rotation every policy sits there twice.
    assert result.wins == {"greedy": 1.0, "random": 2.0}
    assert result.win_rate == {"greedy": pytest.approx(1 / 3, abs=1e-4), "random": pytest.approx(2 / 3, abs=1e-4)}


@pytest.mark.parametrize("seats", ["ai", "ai,random,random", "ai,nobody"])
def test_a_bad_seat_list_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], seats: str) -> None:
    code, out, err = run(capsys, "--players", "2", "--games", "1", "--seats", seats)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and ("--seats" in err or "policy" in err)


@pytest.mark.slow
def test_ai_beats_random() -> None:
    result = arena.arena("airships", 2, 60, 1, ["ai", "random"])
    assert result.win_rate["ai"] >= 0.65  # its ms per decision: the benchmark's arena_ai_ms_per_decision


def test_wins_are_counted_by_seat_position_too(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--players", "3", "--games", "6", "--seed", "4", "--seats", "greedy,random,random")
    figures = json.loads(out.strip().splitlines()[-1])
    assert code == 0 and len(figures["seat_wins"]) == 3
    assert sum(figures["seat_wins"]) == pytest.approx(6)  # every game's win, split by where its winner sat
    assert figures["seat_win_rate"][0] == pytest.approx(figures["seat_wins"][0] / 6, abs=1e-4)
    assert "by seat position (fair 33.3%)" in out


def test_the_options_are_played_and_the_jobs_do_not_change_the_figures() -> None:
    one = arena.arena("air-alliance", 2, 4, 5, ["greedy", "random"], {"kobe_equal_turns": True}, jobs=1)
    two = arena.arena("air-alliance", 2, 4, 5, ["greedy", "random"], {"kobe_equal_turns": True}, jobs=2)
    assert (one.wins, one.seat_wins, one.stats) == (two.wins, two.seat_wins, two.stats)
    assert one.options == {"kobe_equal_turns": True}
    plain = arena.arena("air-alliance", 2, 4, 5, ["greedy", "random"])
    assert plain.stats != one.stats  # the optional rule was played


def test_an_unknown_option_or_no_jobs_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--seats", "greedy,random", "--options", "kobe_flush")  # Airships has none
    assert code == 2 and "no optional rule called 'kobe_flush'" in err
    code, _, err = run(capsys, "--seats", "greedy,random", "--jobs", "0")
    assert code == 2 and "1 or more" in err


def test_a_seat_position_is_where_the_seat_first_played() -> None:
    # Random seats: the First Round's order is the cards', whoever plays, and their game takes 0.04 s, not greedy's 2 s.
    played = arena.play_one("1930", 4, 2, ["random"] * 4, {}, 0)
    order = engine.get_game("1930").setup(4, arena.table_seed(2, 0, 4), {}).first_round_order
    assert [played.positions[seat] for seat in order] == [0, 1, 2, 3]  # the First Round cards' order, not seats'


def test_a_log_keeps_each_game_and_a_later_run_plays_only_the_games_it_lacks(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "run.jsonl"
    whole = arena.arena("airships", 2, 6, 3, ["greedy", "random"])
    first = arena.arena("airships", 2, 4, 3, ["greedy", "random"], log=log)
    assert len(log.read_text().splitlines()) == 1 + 4  # the run's line, then a line per game
    played: list[int] = []
    real = arena.play_one
    monkeypatch.setattr(arena, "play_one", lambda *a: played.append(a[-1]) or real(*a))
    again = arena.arena("airships", 2, 6, 3, ["greedy", "random"], log=log, jobs=1)
    assert played == [4, 5]  # games 0 to 3 came from the log
    assert (again.wins, again.stats, again.seat_wins) == (whole.wins, whole.stats, whole.seat_wins)
    assert first.games == 4


def test_a_game_cut_off_in_the_log_is_played_again(tmp_path: Any) -> None:
    log = tmp_path / "run.jsonl"
    arena.arena("airships", 2, 3, 3, ["greedy", "random"], log=log)
    text = log.read_text()
    log.write_text(text[: len(text) - 20])  # the run was killed while writing game 2
    again = arena.arena("airships", 2, 3, 3, ["greedy", "random"], log=log)
    assert again.wins == arena.arena("airships", 2, 3, 3, ["greedy", "random"]).wins
    assert [json.loads(line).get("number") for line in log.read_text().splitlines()] == [None, 0, 1, 2]


def test_a_log_of_another_run_is_refused_in_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    log = tmp_path / "run.jsonl"
    assert run(capsys, "--games", "1", "--seats", "greedy,random", "--log", str(log))[0] == 0
    code, _, err = run(capsys, "--games", "1", "--seats", "random,greedy", "--log", str(log))
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "keeps another run's games" in err and "give a new file" in err


def test_a_log_kept_before_the_strong_level_changed_is_refused(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "run.jsonl"
    named = arena.run_named("airships", 2, 1, ["strong", "standard"], {})
    assert named["look_ahead"]["samples"] == thinking.look_ahead("airships").samples
    assert "look_ahead" not in arena.run_named("airships", 2, 1, ["greedy", "random"], {})
    log.write_text(json.dumps({**named, "look_ahead": {**named["look_ahead"], "samples": 1}}) + "\n")
    with pytest.raises(GameError, match="keeps another run's games"):
        arena.arena("airships", 2, 1, 1, ["strong", "standard"], log=log)


def test_a_log_kept_by_other_code_is_refused(tmp_path: Any) -> None:
    log = tmp_path / "run.jsonl"
    named = arena.run_named("airships", 2, 1, ["greedy", "random"], {})
    assert named["code"] == arena.code_print("airships")
    log.write_text(json.dumps({**named, "code": "0" * 16}) + "\n")  # the rules or an AI have changed since
    with pytest.raises(GameError, match=r"keeps another run's games \(not the same code\)"):
        arena.arena("airships", 2, 1, 1, ["greedy", "random"], log=log)


@pytest.mark.parametrize("kept", sorted((Path(engine.__file__).parents[1] / "benchmarks/arena").glob("*.jsonl")),
                         ids=lambda path: path.name)
def test_every_kept_log_is_one_today_s_code_would_resume(kept: Path) -> None:
    # A kept log names the code and look-ahead that played it; the arena refuses it once either has changed, so a
    # change that leaves its games as they were must say so by naming today's code print in its header.
    head = json.loads(kept.read_text(encoding="utf-8").splitlines()[0])
    assert head == arena.run_named(head["game"], head["players"], head["seed"], head["seats"], head["options"])


def test_a_log_kept_under_another_budget_is_still_this_run_s(monkeypatch: pytest.MonkeyPatch) -> None:
    # The arena's strong seat thinks by its count of worlds, never by the clock: the budget makes no other game.
    named = arena.run_named("airships", 2, 1, ["strong", "standard"], {})
    assert "seconds" not in named["look_ahead"]
    airships = thinking.look_ahead("airships")
    monkeypatch.setattr(arena, "look_ahead", lambda slug: replace(airships, seconds=airships.seconds * 5))
    assert arena.run_named("airships", 2, 1, ["strong", "standard"], {}) == named
