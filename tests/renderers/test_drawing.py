"""PillowDrawing, the services' Drawing: each method on real data gives valid PNG or GIF bytes, or None when too large."""

from __future__ import annotations

import inspect

import pytest

import engine
import renderers
from engine.cli.simulate import play_random
from renderers.drawing import PillowDrawing
from tests.renderers.drawing import open_png
from engine.platform.wording import tableless

PROTOCOL = {  # the services' Drawing protocol, method by method: its parameters in order
    "board": ["slug", "view"],
    "leaderboard": ["title", "rows", "rated"],
    "standings": ["title", "subtitle", "rows"],
    "stats": ["chart"],
    "animation": ["frames", "limit"],
    "shown_name": ["name", "fallback"],
}


@pytest.fixture(scope="module")
def drawing() -> PillowDrawing:
    return PillowDrawing()


@pytest.fixture(scope="module")
def boards(drawing: PillowDrawing) -> list[bytes]:
    """The setup and the end of one random 2-player game of Airships, drawn."""
    game = engine.get_game("airships")
    playout = play_random(game, 2, 5)
    return [drawing.board("airships", tableless(game.sentences, game.view(state, None))) for state in (game.setup(2, 5, {}), playout.state)]


def test_it_has_exactly_the_protocols_methods() -> None:
    public = {name for name, _ in inspect.getmembers(PillowDrawing, inspect.isfunction) if not name.startswith("_")}
    assert public == set(PROTOCOL)
    for name, parameters in PROTOCOL.items():
        assert list(inspect.signature(getattr(PillowDrawing, name)).parameters)[1:] == parameters
    assert inspect.signature(PillowDrawing.animation).parameters["limit"].kind is inspect.Parameter.KEYWORD_ONLY


@pytest.mark.parametrize("slug", engine.list_games())
def test_a_board_is_a_png_for_every_game_and_the_same_as_render(drawing: PillowDrawing, slug: str) -> None:
    game = engine.get_game(slug)
    view = tableless(game.sentences, game.view(play_random(game, game.min_players, 3).state, None))
    data = drawing.board(slug, view)  # the typed view, as the services hand it (pickled, to a drawing process)
    assert open_png(data).format == "PNG"
    assert data == renderers.render(slug, view)


def test_a_game_without_a_renderer_is_refused(drawing: PillowDrawing) -> None:
    with pytest.raises(ValueError, match="no board renderer"):
        drawing.board("chess", {})


def test_a_leaderboard_and_standings_are_pngs(drawing: PillowDrawing) -> None:
    rows = [{"rank": 1, "name": "Ann", "rating": 1612, "provisional": False, "games": 9, "wins": 5},
            {"rank": 2, "name": "🚀 Zoë", "rating": 1490, "provisional": True, "games": 2, "wins": 0}]
    assert open_png(drawing.leaderboard("Airships", rows, 2)).format == "PNG"
    table = [{"rank": 1, "name": "Ann", "points": 4, "opponents": 2.5, "games": 2},
             {"rank": 2, "name": "李雷", "points": 1.5, "opponents": 4, "games": 2}]
    assert open_png(drawing.standings("Sky League · season 1", "round 2 of 3", table)).format == "PNG"


def test_an_animation_is_a_gif_or_none_over_a_tiny_limit(drawing: PillowDrawing, boards: list[bytes]) -> None:
    gif = drawing.animation(boards, limit=10 * 1024 * 1024)
    assert gif is not None and open_png(gif).format == "GIF"
    assert drawing.animation(boards, limit=100) is None


@pytest.mark.parametrize(("name", "shown"), [
    ("Ann", "Ann"),  # the font draws all of it
    ("🚀 Zoë", "Zoë (Germany)"),  # part of it: what it can draw, with the fallback beside it
    ("李雷", "Germany"),  # none of it: the fallback alone
])
def test_shown_name_falls_back_for_what_the_font_cannot_draw(drawing: PillowDrawing, name: str, shown: str) -> None:
    assert drawing.shown_name(name, "Germany") == shown
