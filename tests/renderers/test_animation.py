"""The animated replay: a looping GIF of real boards, one frame each, shrunk until it fits the upload limit."""

from __future__ import annotations

from io import BytesIO

import pytest
from PIL import Image

import engine
import renderers
from engine.cli.simulate import play_random
from renderers.animation import FRAME_MS, LAST_FRAME_MS, WIDTHS, TooLarge, animate
from engine.platform.wording import tableless


@pytest.fixture(scope="module")
def boards() -> list[bytes]:
    """Three real Airships boards: the setup, the middle and the end of one random game."""
    game = engine.get_game("airships")
    playout = play_random(game, 2, 5)
    cut = len(playout.moves) // 2
    states = [game.setup(2, 5, {}), engine.replay(game, 2, 5, {}, playout.moves[:cut]), playout.state]
    return [renderers.render("airships", tableless(game.sentences, game.view(state, None))) for state in states]


@pytest.mark.slow
def test_an_animation_is_a_looping_gif_with_one_frame_per_board(boards: list[bytes]) -> None:
    data = animate(boards, limit=10 * 1024 * 1024)
    image = Image.open(BytesIO(data))
    assert image.format == "GIF" and image.n_frames == 3 and image.info["loop"] == 0
    assert image.width == WIDTHS[0]  # the widest that fits
    durations = []
    for frame in range(3):
        image.seek(frame)
        durations.append(image.info["duration"])
    assert durations == [FRAME_MS, FRAME_MS, LAST_FRAME_MS]  # the final position stays longest


@pytest.mark.slow
def test_a_tight_limit_makes_the_frames_smaller_or_is_refused(boards: list[bytes]) -> None:
    widest = animate(boards, limit=10 * 1024 * 1024)
    smaller = animate(boards, limit=len(widest) - 1)
    assert len(smaller) < len(widest) and Image.open(BytesIO(smaller)).width < WIDTHS[0]
    with pytest.raises(TooLarge):
        animate(boards, limit=1000, widths=(120,))
