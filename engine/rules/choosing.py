"""What every game's AI shares: the decision it is asked, and the best-scored choice, equals settled by whim."""

from __future__ import annotations

from engine.core import Action, Chooser


def required(legal: list[Action], seat: int) -> list[Action]:
    """The seat's legal actions; asking a seat with nothing to decide is the caller's mistake."""
    if not legal:
        raise ValueError(f"seat {seat} has nothing to decide now")
    return legal


def best(scored: list[tuple[float, Action]], rng: Chooser) -> Action:
    """The highest-scored action; equal scores are settled by the player's whim."""
    top = max(score for score, _ in scored)
    return rng.choice([action for score, action in scored if score >= top - 1e-9])
