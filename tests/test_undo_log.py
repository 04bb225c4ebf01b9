"""Undo in the log: replaying a log with undo entries goes back exactly where they say, and marks what was undone."""

from __future__ import annotations

import engine
from engine.cli.simulate import play_random
from engine.platform.undo import Replayer, undo_payload, undone
from engine.view import to_json

GAME = engine.get_game("airships")


def test_an_undo_entry_brings_back_the_exact_state_of_its_version_and_play_goes_on_from_there() -> None:
    playout = play_random(GAME, 3, seed=12)
    moves = playout.moves[:20]
    log = [(seq, seat, action.to_dict()) for seq, (seat, action) in enumerate(moves, start=1)]
    log.append((21, moves[-1][0], undo_payload(15)))  # take back moves 16 to 20
    replayer = Replayer(GAME)
    replayer.start(GAME.setup(3, 12, {}))
    for seq, seat, payload in log:
        replayer.apply(seq, seat, payload)
    expected = engine.replay(GAME, 3, 12, {}, moves[:15])
    assert to_json(GAME.view(replayer.states[21], None)) == to_json(GAME.view(expected, None))
    seat, action = moves[15]
    replayer.apply(22, seat, action.to_dict())  # the same move again gives the same position (same dice too)
    assert to_json(GAME.view(replayer.states[22], None)) == to_json(GAME.view(engine.replay(GAME, 3, 12, {}, moves[:16]), None))


def test_undone_lists_the_versions_each_undo_took_back() -> None:
    entries = [(1, {"kind": "throw"}), (2, {"kind": "chip"}), (3, undo_payload(1)), (4, {"kind": "go"})]
    assert undone(entries) == {2}
