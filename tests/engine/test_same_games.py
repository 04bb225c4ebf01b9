"""The same seeds play the same games: fixed-seed games (1930 with the AI in every seat, random playouts of every
title) end as recorded, move for move, so a change meant only to make the engine or the AI faster cannot change
play unseen. A change that is meant to alter play records the new games here (the failure prints them)."""

from __future__ import annotations

import hashlib
import random

import pytest

import engine
from engine.cli.arena import policy
from engine.cli.simulate import play_random
from engine.core import Action

# (title, players, seed) -> (moves, digest of every (seat, kind, args), final points)
AI_GAMES: dict[tuple[str, int, int], tuple[int, str, list[int]]] = {
    ("1930", 3, 1): (488, "894209f177cae599", [590, 622, 565]),
    ("1930", 5, 0): (767, "3ba8ae13b72a2f7c", [567, 560, 580, 546, 576]),
    ("airships", 2, 0): (47, "fd516bf3defd7c2b", [37, 28]),
    ("air-alliance", 2, 0): (233, "41e71f4fdf7a38b8", [116000, 138000]),
}
PLAYOUTS: dict[tuple[str, int, int], tuple[int, str, list[int]]] = {
    ("airships", 2, 0): (112, "33a864aa276ddd14", [23, 32]),
    ("airships", 3, 0): (95, "89f591b62a6ebdf9", [9, 11, 16]),
    ("airships", 4, 0): (79, "946080a1a0b27d21", [6, 1, 7, 3]),
    ("air-alliance", 2, 0): (612, "ed68187ee8ef64d5", [0, 4000]),
    ("air-alliance", 3, 0): (654, "c3f03863fc367398", [2000, 2000, 0]),
    ("air-alliance", 4, 0): (645, "a903daf24178d890", [4000, 0, 0, 0]),
    ("1930", 2, 0): (311, "4b15343116876ed1", [96, 39]),
    ("1930", 3, 0): (546, "c92782dc90a10ed4", [226, 170, 185]),
    ("1930", 4, 0): (903, "791a9c5287ccdebe", [214, 149, 222, 146]),
    ("1930", 5, 0): (1346, "d5d350d04a5220af", [222, 246, 214, 220, 216]),
    ("1930", 6, 0): (1177, "a7c20b8553323d70", [73, 114, 208, 120, 189, 108]),
}


def digest(moves: list[tuple[int, Action]]) -> str:
    """A short print of a game's moves: who chose what (not the words, which may be reworded freely)."""
    printed = hashlib.sha256()
    for seat, action in moves:
        printed.update(repr((seat, action.kind, action.args)).encode())
    return printed.hexdigest()[:16]


def ai_game(slug: str, players: int, seed: int) -> tuple[int, str, list[int]]:
    """A game with the arena's standard AI in every seat, its whims seeded per seat."""
    game, chooser = engine.get_game(slug), policy("ai", slug)
    whims = [random.Random(f"{seed}:{seat}") for seat in range(players)]
    state = game.setup(players, seed, {})
    moves: list[tuple[int, Action]] = []
    while to_act := game.to_act(state):
        action = chooser(state, to_act[0], whims[to_act[0]])
        state = game.apply(state, to_act[0], action)
        moves.append((to_act[0], action))
    return len(moves), digest(moves), list(game.view(state, None).points)


def playout(slug: str, players: int, seed: int) -> tuple[int, str, list[int]]:
    game = engine.get_game(slug)
    played = play_random(game, players, seed)
    return len(played.moves), digest(played.moves), list(game.view(played.state, None).points)


@pytest.mark.parametrize("slug, players, seed", list(AI_GAMES))
def test_the_ai_plays_the_recorded_games(slug: str, players: int, seed: int) -> None:
    assert ai_game(slug, players, seed) == AI_GAMES[slug, players, seed]


@pytest.mark.parametrize("slug, players, seed", list(PLAYOUTS))
def test_random_playouts_play_the_recorded_games(slug: str, players: int, seed: int) -> None:
    assert playout(slug, players, seed) == PLAYOUTS[slug, players, seed]
