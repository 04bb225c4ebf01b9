"""`python -m renderers simulate`: the board after every move of a random game; the engine's own command draws nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
import renderers
from engine.platform.wording import tableless
from engine.cli.simulate import play_random
from renderers.__main__ import main
from tests.renderers.drawing import open_png
from tests.test_layers import ROOT, forbidden, imported_modules


def test_simulate_writes_every_board_of_the_game_the_engine_plays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "boards"
    # seed 25: one of the shortest random games (42 moves), each board drawn for real
    assert main(["simulate", "airships", "--players", "2", "--seed", "25", "--out", str(out)]) == 0
    game = engine.get_game("airships")
    views = []  # the very game `python -m engine simulate airships --players 2 --seed 25` plays as its game 0
    playout = play_random(game, 2, 25, on_move=lambda state, seat, action: views.append(game.view(state, None)))
    files = sorted(out.iterdir())
    assert [f.name for f in files] == [f"{n:04d}.png" for n in range(len(playout.moves) + 1)]  # the setup, then each move
    for index in (0, len(files) // 2, len(files) - 1):
        assert files[index].read_bytes() == renderers.render("airships", tableless(game.sentences, views[index]))
    assert open_png(files[-1].read_bytes()).format == "PNG"
    assert f"{len(files)} board images written to {out}/" in capsys.readouterr().out


def test_a_player_count_the_game_does_not_seat_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "airships", "--players", "9", "--out", str(tmp_path)]) == 2
    assert "is for" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_the_engine_command_line_neither_draws_nor_imports_renderers() -> None:
    path = ROOT / "engine" / "__main__.py"
    assert forbidden(imported_modules(path.read_text(encoding="utf-8"), "engine.__main__"), {"renderers", "PIL"}) == []
    from engine.__main__ import main as engine_main

    with pytest.raises(SystemExit):  # the option moved here: argparse no longer knows it
        engine_main(["simulate", "airships", "--render", "boards"])
