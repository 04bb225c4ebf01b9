"""What a move shows and what a seat may know, for every game: found by dealing the unseen again, never declared."""

from __future__ import annotations

import random
from typing import Any

from engine.core import Action, Game, GameError, redealt

REDEALS = 8  # re-deals compared per question: a card or a die that could have been otherwise shows in one of them


def dealer(seed: int, version: int, purpose: str) -> random.Random:
    """The re-deals' randomness for one question at one version: the same question always gets the same answer."""
    return random.Random(f"{seed}:{version}:{purpose}")


def shows_hidden(game: Game, before: Any, seat: int, action: Action, after: Any, deal: random.Random) -> bool:
    """Whether the move showed the table something it could not know (a card turned over, dice thrown): the
    public view after it would have been different had the unseen been dealt otherwise. Such a move is taken
    back only with every other player's consent."""
    seen = game.view(after, None)
    for _ in range(REDEALS):
        twin = redealt(game, before, None, deal)
        try:
            if game.view(game.apply(twin, seat, action), None) != seen:
                return True
        except GameError:  # the move was not even possible had the unseen been otherwise: it showed something
            return True
    return False


def as_seen_by(game: Game, state: Any, seat: int, deal: random.Random) -> Any:
    """The state as the seat could imagine it: what it cannot see dealt again. The AI decides from this, so it
    can never read a face-down card or the dice to come, whatever its look-ahead does."""
    return redealt(game, state, seat, deal)
