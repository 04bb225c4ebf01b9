"""Game export: a stored game -> JSON -> `python -m engine replay` reaches the same final state and scores."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

import engine
from engine.__main__ import main
from engine.options import with_edition
from engine.core import view_words
from engine.view import position
from engine.platform.export import ExportError, build_export, parse_export, replay_export, view_fingerprint
from engine.platform.records import Status
from engine.cli.simulate import play_random
from engine.store import Store
from engine.platform.undo import Replayer, undo_payload

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("Ann", "Bob", "Cy", "Dee")


async def stored_game(
    store: Store, slug: str, players: int, seed: int, *, cut: int | None = None, undo_at: int | None = None,
) -> int:
    """A random game of `slug` stored move by move as the service stores it; `cut` stops early (then abandoned);
    `undo_at` adds an undo entry taking back the two moves before it, and play goes on from there."""
    game = engine.get_game(slug)
    playout = play_random(game, players, seed)
    options = with_edition(game, {})  # as the service opens a table: the edition the random game played
    row = await store.games.create(slug, 7, 8, 100, seed, options)
    for n in range(players):
        await store.seats.add(row.id, 100 + n, NAMES[n], ai=n == players - 1)
    await store.seats.start_game(row.id, [100 + n for n in range(players)])
    moves = [(seat, action.to_dict()) for seat, action in playout.moves[:cut]]
    moves[2] = (moves[2][0], {**moves[2][1], "by": "autopilot"})  # a move the autopilot made for a person
    entries = moves
    if undo_at is not None:  # moves undo_at-1 and undo_at are taken back, then played again the same way
        entries = [*moves[:undo_at], (moves[undo_at - 1][0], undo_payload(undo_at - 2)),
                   *moves[undo_at - 2 :]]
    replayer = Replayer(game)
    replayer.start(game.setup(players, seed, options))
    for seq, (seat, payload) in enumerate(entries, start=1):
        outcome = game.outcome(replayer.apply(seq, seat, payload))
        await store.games.append_action(row.id, seq, seat, payload, None, status=Status.FINISHED if outcome else None,
                                  outcome=outcome.to_dict() if outcome else None)
    if cut is not None:
        await store.games.set_status(row.id, Status.ABANDONED)
    return row.id


async def exported(tmp_path: Path, slug: str, players: int, seed: int, **kw: int) -> tuple[Path, dict]:
    store = await Store.open(tmp_path / f"{slug}.sqlite3")
    try:
        game_id = await stored_game(store, slug, players, seed, **kw)
        export = build_export(await store.games.get(game_id), await store.seats.of(game_id), await store.games.actions(game_id))
    finally:
        await store.close()
    path = tmp_path / f"{slug}-{game_id}.json"
    path.write_text(export.to_json(), encoding="utf-8")
    return path, json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize(("slug", "players", "seed"), [
    ("airships", 3, 4), pytest.param("air-alliance", 3, 5, marks=pytest.mark.slow),
    pytest.param("1930", 4, 6, marks=pytest.mark.slow),
])
async def test_an_export_replays_to_the_same_final_state_and_scores_for_each_game(
    tmp_path: Path, slug: str, players: int, seed: int, capsys: pytest.CaptureFixture[str],
) -> None:
    path, data = await exported(tmp_path, slug, players, seed)
    game = engine.get_game(slug)
    playout = play_random(game, players, seed)
    expected = game.outcome(playout.state)
    assert expected is not None
    assert data["status"] == "finished" and data["outcome"]["scores"] == list(expected.scores)
    assert [a["kind"] for a in data["actions"]] == [a.kind for _, a in playout.moves]
    assert all(a["at"] for a in data["actions"]) and data["seats"][-1] == {"seat": players - 1,
                                                                         "name": NAMES[players - 1], "ai": True,
                                                                         "autopilot": False}
    assert "user_id" not in json.dumps(data["seats"]) and str(100) not in json.dumps(data["seats"])

    assert main(["replay", str(path), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["moves"] == len(playout.moves) and printed["scores"] == list(expected.scores)
    assert printed["final_view_sha256"] == view_fingerprint(game, playout.state)
    replayed = replay_export(parse_export(path.read_text(encoding="utf-8")))
    assert game.view(replayed.state, None) == game.view(playout.state, None)


async def test_undo_entries_and_an_abandoned_game_replay_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, data = await exported(tmp_path, "airships", 2, 9, cut=30, undo_at=20)
    assert data["status"] == "abandoned" and data["outcome"] is None
    assert data["actions"][20]["kind"] == "undo" and len(data["actions"]) == 33
    assert data["actions"][2]["by"] == "autopilot" and "by" not in data["actions"][3]
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "33 moves replayed" in out and "abandoned before its end" in out


async def test_the_cli_prints_places_and_scores_in_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, data = await exported(tmp_path, "airships", 2, 3)
    assert main(["replay", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"Airships #1 (finished): {len(data['actions'])} moves replayed, the same final position as recorded."
    winner = data["outcome"]["ranking"][0][0]
    assert lines[1] == f"1. {NAMES[winner]}: {data['outcome']['scores'][winner]:,} VP"


async def test_a_tampered_move_is_named_with_its_number(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, data = await exported(tmp_path, "airships", 2, 3)
    data["actions"][4]["args"] = [99]
    data["actions"][4]["kind"] = "throw"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    error = capsys.readouterr().err
    assert "Move 5 (" in error and "illegal at that point" in error and "changed or damaged" in error


async def test_changed_scores_or_seed_are_caught(tmp_path: Path) -> None:
    path, data = await exported(tmp_path, "airships", 2, 3)
    forged = json.loads(json.dumps(data))
    forged["outcome"]["scores"][0] += 1
    with pytest.raises(ExportError, match="the file records"):
        replay_export(parse_export(json.dumps(forged)))
    forged = json.loads(json.dumps(data))
    forged["final"]["view_sha256"] = "0" * 64
    with pytest.raises(ExportError, match="different final position"):
        replay_export(parse_export(json.dumps(forged)))
    forged = json.loads(json.dumps(data))
    forged["seed"] += 1  # other dice: some move fails, or the game ends elsewhere
    with pytest.raises(ExportError):
        replay_export(parse_export(json.dumps(forged)))


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: "not json{", "This is not JSON"),
    (lambda d: json.dumps({**d, "format": "chess"}), "not a Contrail game export"),
    (lambda d: json.dumps({**d, "version": 99}), "version 99"),
    (lambda d: json.dumps({**d, "game": {**d["game"], "slug": "chess"}}), "no game called 'chess'"),
    (lambda d: json.dumps({**d, "seats": d["seats"][:1]}), "2 to 4 players; the file has 1 seats"),
    (lambda d: json.dumps({**d, "actions": d["actions"][1:]}), "numbered 1, 2, 3"),
    (lambda d: json.dumps({**d, "actions": [{**d["actions"][0], "seat": 7}]}), "played by seat 7"),
    (lambda d: json.dumps({**d, "actions": d["actions"][:3]}), "don't finish the game"),
])
async def test_a_malformed_file_is_refused_clearly(tmp_path: Path, change, message: str) -> None:  # type: ignore[no-untyped-def]
    _, data = await exported(tmp_path, "airships", 2, 3)
    with pytest.raises(ExportError, match=message):
        replay_export(parse_export(change(data)))


async def test_only_a_game_that_is_over_is_exported(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "live.sqlite3")
    try:
        game_id = await stored_game(store, "airships", 2, 3, cut=5)
        await store.games.set_status(game_id, Status.ACTIVE)  # as if still being played: its seed would foretell the dice
        row = await store.games.get(game_id)
        with pytest.raises(engine.GameError, match="can be exported once it is over"):
            build_export(row, await store.seats.of(game_id), await store.games.actions(game_id))
    finally:
        await store.close()


def test_the_command_line_exits_non_zero_on_a_bad_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "contrail-game", "version": 1}', encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "engine", "replay", str(bad)], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 1 and run.stdout == ""
    assert run.stderr.strip() == f"python -m engine replay: {bad}: the file has no valid 'game'."
    missing = subprocess.run([sys.executable, "-m", "engine", "replay", str(tmp_path / "none.json")], cwd=ROOT,
                             capture_output=True, text=True, timeout=60)
    assert missing.returncode == 1 and "can't read" in missing.stderr


async def test_a_long_games_animation_keeps_the_setup_and_the_final_position(tmp_path: Path) -> None:
    from engine.services.replays import turn_ends
    from engine.services import Services
    from renderers.drawing import PillowDrawing

    store = await Store.open(tmp_path / "turns.sqlite3")
    try:
        game_id = await stored_game(store, "airships", 2, 3)
        table = await Services(store, PillowDrawing()).reading.table(game_id)
        rows = await store.games.actions(game_id)
    finally:
        await store.close()
    game = engine.get_game("airships")
    every = turn_ends(table, rows, most=10_000)
    turns = sum(1 for n, row in enumerate(rows) if n + 1 == len(rows) or rows[n + 1].seat != row.seat)
    assert len(every) == turns + 1
    cut = turn_ends(table, rows, most=5)
    assert len(cut) == 5
    assert game.view(cut[0], None) == game.view(every[0], None)
    assert game.view(cut[-1], None) == game.view(every[-1], None) and game.outcome(cut[-1]) is not None


async def test_a_rewording_never_reads_as_another_position(tmp_path: Path) -> None:
    path, data = await exported(tmp_path, "airships", 2, 4)
    export = parse_export(path.read_text(encoding="utf-8"))
    state = replay_export(export).state
    game = engine.get_game("airships")
    reworded = replace(game.view(state, None), events=("Somebody says it otherwise.",), decision="other words")
    assert position(reworded, view_words(game)) == position(game.view(state, None), view_words(game))
    moved = replace(game.view(state, None), era=game.view(state, None).era + 1)  # a piece that really differs
    assert position(moved, view_words(game)) != position(game.view(state, None), view_words(game))


async def test_a_version_1_export_is_checked_by_its_scores_and_places(tmp_path: Path) -> None:
    path, data = await exported(tmp_path, "airships", 2, 4)
    old = {**data, "version": 1, "final": {**data["final"], "view_sha256": "a digest of the words of its time"}}
    assert replay_export(parse_export(json.dumps(old))).state is not None  # its words have changed since: read
    changed = {**old, "outcome": {**old["outcome"], "scores": [s + 1 for s in old["outcome"]["scores"]]}}
    with pytest.raises(ExportError, match="the file was changed"):
        replay_export(parse_export(json.dumps(changed)))
    newer = {**data, "final": {**data["final"], "view_sha256": "0" * 64}}
    with pytest.raises(ExportError, match="different final position"):
        replay_export(parse_export(json.dumps(newer)))


async def test_an_export_with_a_pack_replays_in_a_process_that_never_saw_it(tmp_path: Path) -> None:
    from engine.options import PACK
    from engine.platform import packs

    game = engine.get_game("airships")
    checked = packs.check(game, (ROOT / "tests" / "fixtures" / "packs" / "airships.toml").read_bytes())
    options = with_edition(game, {PACK: checked.pack.digest})
    store = await Store.open(tmp_path / "packs.sqlite3")
    try:
        await store.packs.keep_text(checked.pack.digest, "airships", checked.pack.text)
        row = await store.games.create("airships", 7, 8, 100, 9, options)
        for n in range(2):
            await store.seats.add(row.id, 100 + n, NAMES[n])
        await store.seats.start_game(row.id, [100, 101])
        state, seq, rng = game.setup(2, 9, options), 0, random.Random(9)
        while seats := game.to_act(state):
            action = rng.choice(game.legal_actions(state, seats[0]))
            state, seq = game.apply(state, seats[0], action), seq + 1
            outcome = game.outcome(state)
            await store.games.append_action(row.id, seq, seats[0], action.to_dict(), None,
                                            status=Status.FINISHED if outcome else None,
                                            outcome=outcome.to_dict() if outcome else None)
        export = build_export(await store.games.get(row.id), await store.seats.of(row.id),
                              await store.games.actions(row.id))
    finally:
        await store.close()
    path = tmp_path / "with-pack.json"
    path.write_text(export.to_json(), encoding="utf-8")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == 3 and data["pack"] == {"name": checked.pack.name, "text": checked.pack.text}

    done = subprocess.run([sys.executable, "-m", "engine", "replay", str(path)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert f"Played with the card pack {checked.pack.name!r} (carried in the file)." in done.stdout

    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps({**data, "pack": {**data["pack"], "text": data["pack"]["text"] + "\n"}}),
                        encoding="utf-8")
    with pytest.raises(ExportError, match="not the one its game was played with"):
        parse_export(tampered.read_text(encoding="utf-8"))
    missing = {key: value for key, value in data.items() if key != "pack"}
    with pytest.raises(ExportError, match="has no valid 'pack'"):
        parse_export(json.dumps(missing))
