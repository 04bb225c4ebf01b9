"""Snapshots of every game: a decoded snapshot plus the moves after it is the state the log replays to; a damaged,
foreign or outdated snapshot is refused, so it is rebuilt."""

from __future__ import annotations

import importlib
import pickle
import random
import shutil
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.cli.simulate import play_random
from engine.core import events_of
from engine.events import Seat, event
from engine.options import current_edition
from engine.platform import snapshots
from engine.platform.snapshots import Chronicle, Snapshot, SnapshotError, Told, decode, encode
from engine.view import to_json

SHARES = {"airships": 10, "air-alliance": 50, "1930": 100}  # weights in Airships games (conftest: playout_seeds)
VIEWS_EVERY = 7  # every 7th position: the chronicle and every seat's view too (at all of them: the states compare)


def editions(slug: str) -> list[int]:
    return sorted({1, current_edition(engine.get_game(slug))})


def seat_views(game: engine.Game, state: Any, players: int) -> list[dict[str, Any]]:
    return [to_json(game.view(state, seat)) for seat in [None, *range(players)]]


def round_trip(slug: str, state: Any, chronicle: Chronicle) -> Snapshot:
    return decode(slug, encode(slug, Snapshot(state, chronicle)))


@pytest.mark.parametrize("slug", engine.list_games())
def test_every_position_decodes_to_the_state_the_log_replays_to_and_plays_on_alike(
        slug: str, playout_seeds: Callable[[int], range]) -> None:
    game = engine.get_game(slug)
    positions = 0
    for seed in playout_seeds(SHARES[slug]):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        edition = editions(slug)[seed % len(editions(slug))]
        playout = play_random(game, players, seed, options={"edition": edition})
        state = game.setup(players, seed, {"edition": edition})
        chronicle = Chronicle.opening(events_of(game, state))
        for number, (seat, action) in enumerate(playout.moves):
            sampled = number % VIEWS_EVERY == 0
            decoded = round_trip(slug, state, chronicle if sampled else Chronicle(()))
            assert decoded.state == state
            if sampled:
                assert decoded.chronicle == chronicle
                assert seat_views(game, decoded.state, players) == seat_views(game, state, players)
            state = game.apply(state, seat, action)
            assert game.apply(decoded.state, seat, action) == state  # the same dice and cards after it
            chronicle = chronicle.extended(Told(seat, tuple(events_of(game, state))))
            positions += 1
        # A snapshot from the middle of the game, played to its end, ends where the log does.
        middle = len(playout.moves) // 2
        start = engine.replay(game, players, seed, {"edition": edition}, playout.moves[:middle])
        decoded = round_trip(slug, start, Chronicle(()))
        for seat, action in playout.moves[middle:]:
            decoded = Snapshot(game.apply(decoded.state, seat, action), decoded.chronicle)
        assert seat_views(game, decoded.state, players) == seat_views(game, playout.state, players)
    assert positions >= 100  # the fast tier's game or two; the full suite's are thousands of positions a game


@pytest.mark.parametrize("slug", engine.list_games())
def test_a_games_events_are_its_public_views_events(slug: str) -> None:
    game = engine.get_game(slug)
    playout = play_random(game, game.min_players, 4)
    state = game.setup(game.min_players, 4)
    for seat, action in playout.moves:
        state = game.apply(state, seat, action)
        assert events_of(game, state) == list(game.view(state, None).events)


@pytest.mark.parametrize("slug", ["air-alliance", "1930"])
def test_a_decoded_state_holds_its_editions_shared_components_not_a_copy(slug: str) -> None:
    game = engine.get_game(slug)
    for edition in editions(slug):
        state = game.setup(game.min_players, 2, {"edition": edition})
        decoded = round_trip(slug, state, Chronicle(()))
        assert decoded.state.data is state.data  # the rules' caches key on the one object per edition


def test_a_damaged_snapshot_is_refused() -> None:
    game = engine.get_game("airships")
    blob = encode("airships", Snapshot(game.setup(3, 1), Chronicle((("setup",),))))
    header = snapshots.header("airships")
    for damaged in (blob[:-10], blob[: len(header)] + b"not zlib at all", b"", b"garbage\n" + blob[len(header):],
                    header + zlib.compress(b"not a pickle"), header + zlib.compress(pickle.dumps((1, 2)))):
        with pytest.raises(SnapshotError):
            decode("airships", damaged)


def test_a_snapshot_of_another_game_is_refused() -> None:
    blob = encode("airships", Snapshot(engine.get_game("airships").setup(3, 1), Chronicle(())))
    with pytest.raises(SnapshotError, match="not a snapshot of this 1930 code"):
        decode("1930", blob)


def test_a_snapshot_written_by_other_rules_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    blob = encode("airships", Snapshot(engine.get_game("airships").setup(3, 1), Chronicle(())))
    monkeypatch.setattr(snapshots, "fingerprint", lambda slug: "0" * 32)  # the code after a release
    with pytest.raises(SnapshotError, match="not a snapshot of this airships code"):
        decode("airships", blob)


def test_the_fingerprint_changes_with_any_change_to_the_games_code_or_data(tmp_path: Path) -> None:
    package = Path(importlib.import_module(type(engine.get_game("airships")).__module__).__file__ or "").parent
    copy = tmp_path / "airships"
    shutil.copytree(package, copy, ignore=shutil.ignore_patterns("__pycache__"))
    before = snapshots.package_fingerprint("airships", copy)
    assert snapshots.package_fingerprint("airships", copy) == before  # the same code: the same fingerprint
    with (copy / "state.py").open("a") as source:
        source.write("\n# a state field renamed, a rule changed, or only a comment: old snapshots miss\n")
    changed = snapshots.package_fingerprint("airships", copy)
    data = next(copy.glob("*.toml"))
    data.write_text(data.read_text() + "\n")
    assert len({before, changed, snapshots.package_fingerprint("airships", copy)}) == 3
    assert snapshots.fingerprint("airships") != snapshots.fingerprint("1930")


def test_compression_pays_on_a_long_game() -> None:
    game = engine.get_game("1930")
    playout = play_random(game, 3, 5)
    chronicle = Chronicle(())
    state = game.setup(3, 5)
    for seat, action in playout.moves:
        state = game.apply(state, seat, action)
        chronicle = chronicle.extended(Told(seat, tuple(events_of(game, state))))
    snapshot = Snapshot(state, chronicle)
    assert len(encode("1930", snapshot)) * 3 < len(snapshots.pickled(snapshot))


def test_a_chronicle_keeps_undo_entries_and_who_moved_for_a_seat() -> None:
    throws = event("throws", who=Seat(0), card="LZ 1")
    chronicle = Chronicle.opening([event("dealt")]).extended(Told(0, (throws,), "autopilot")).extended(Told(1, undo_to=0))
    decoded = round_trip("airships", engine.get_game("airships").setup(3, random.Random(1).randrange(99)), chronicle)
    assert decoded.chronicle == chronicle and decoded.version == 2
    assert [(told.seat, told.events, told.by, told.undo_to) for told in decoded.chronicle.told()] == [
        (0, (throws,), "autopilot", None), (1, (), None, 0)]
