"""What a move shows and what a seat may know, for every game: found by dealing the unseen again, never declared."""

from __future__ import annotations

import random
from typing import Any

from engine.core import Action, Game, GameError, redealt

# Re-deals compared per question: a card or a die that could have come otherwise shows in one of them (when only
# two cards could have come, all sixteen repeat the real one once in 65,536 times).
REDEALS = 16


def dealer(game_id: int, version: int, purpose: str) -> random.Random:
    """The re-deals' randomness for one question at one version, from what the table knows (never the game's
    secret seed, which would tie the answer to the hidden deal): the same question always gets the same answer."""
    return random.Random(f"{game_id}:{version}:{purpose}")


def shows_hidden(game: Game, before: Any, seat: int, action: Action, after: Any, deal: random.Random) -> bool:
    """Whether the move showed its player something they could not know (dice thrown, a card turned over or
    drawn, who else can play): the public view after it would have been different had what they could not see
    been dealt otherwise. Such a move is taken back only with every other player's consent, so nobody takes back
    a throw to throw again. (Their own secret card, played, was theirs to show: the re-deals keep their hand.)

    A move that could not even be made in a re-deal counts as showing something (it cannot happen while the
    re-deals keep what the player sees)."""
    seen = game.view(after, None)
    for _ in range(REDEALS):
        twin = redealt(game, before, seat, deal)
        try:
            if game.view(game.apply(twin, seat, action), None) != seen:
                return True
        except GameError:
            return True
    return False


def as_seen_by(game: Game, state: Any, seat: int, deal: random.Random) -> Any:
    """The state as the seat could imagine it: what it cannot see dealt again. The AI decides from this, so it
    can never read a face-down card or the dice to come, whatever its look-ahead does."""
    return redealt(game, state, seat, deal)
