"""Boards of games played with a data pack: drawn from the pack's cards, with a footer strip naming the pack."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

import engine
import renderers
from engine.options import PACK, with_edition
from engine.platform import packs
from engine.view import CommonView
from renderers.common import PACK_FOOTER
from tests.renderers.drawing import open_png
from engine.platform.wording import tableless

FIXTURES = Path(__file__).parents[1] / "fixtures" / "packs"


def midgame_view(slug: str) -> CommonView:
    """The public view of a game with the test pack, 40 random moves in, as the service hands it to the renderer."""
    game = engine.get_game(slug)
    digest = packs.check(game, (FIXTURES / f"{slug}.toml").read_bytes()).pack.digest
    state, rng = game.setup(3, 8, with_edition(game, {PACK: digest})), random.Random(8)
    for _ in range(40):
        seats = game.to_act(state)
        if not seats:
            break
        state = game.apply(state, seats[0], rng.choice(game.legal_actions(state, seats[0])))
    return tableless(game.sentences, replace(game.view(state, None), seat_names=("Ann", "Bob", "Cy")))


@pytest.mark.parametrize("slug", engine.list_games())
def test_a_pack_game_board_shows_the_packs_cards_and_names_the_pack_in_a_footer(slug: str) -> None:
    view = midgame_view(slug)
    assert "Pack " in str(view)  # the view the board is drawn from holds the pack's cards
    plain = open_png(renderers.render(slug, view))
    named = open_png(renderers.render(slug, replace(view, pack="Our printed copy")))
    assert named.size == (plain.size[0], plain.size[1] + PACK_FOOTER)
    assert named.crop((0, 0, *plain.size)).convert("RGB").tobytes() == plain.convert("RGB").tobytes()  # board as is
    footer = named.convert("L").crop((0, plain.size[1], named.size[0], named.size[1]))
    assert footer.getextrema()[0] < 160  # text is drawn in the strip
