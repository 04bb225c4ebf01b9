"""Random playouts through the engine contract: for the simulator, the fuzz tests and the benchmarks."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.core import Action, Game

MAX_ACTIONS = 10_000  # a playout longer than this is a bug (a loop the rules never leave)


@dataclass
class Playout:
    """One random game: its seed, the log it produced and the final state."""

    players: int
    seed: int
    moves: list[tuple[int, Action]] = field(default_factory=list)
    state: Any = None
    finished: bool = False  # no seat had to act any more: the game reached its end


def play_random(
    game: Game,
    players: int,
    seed: int,
    *,
    options: dict[str, Any] | None = None,
    on_move: Callable[[Any, int, Action], None] | None = None,
) -> Playout:
    """Play one game to its end choosing uniformly among the legal actions; dice come from the game's seed."""
    chooser = random.Random(seed * 7919 + players)  # the players' whims, not the game's dice
    playout = Playout(players, seed)
    state = game.setup(players, seed, options or {})
    if on_move is not None:
        on_move(state, -1, Action("setup"))
    while (to_act := game.to_act(state)) and len(playout.moves) < MAX_ACTIONS:
        seat = chooser.choice(to_act)
        action = chooser.choice(game.legal_actions(state, seat))
        state = game.apply(state, seat, action)
        playout.moves.append((seat, action))
        if on_move is not None:
            on_move(state, seat, action)
    playout.state = state
    playout.finished = not game.to_act(state)
    return playout
