"""Random Airships games to the end, with the table's invariants checked after every action (`--playouts N`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from airships_helpers import GAME, check_cards_conserved, check_chips_conserved, check_events_weighed, check_throw
from engine.core import MAX_CHOICES, MAX_LABEL, Action
from engine.rules.airships.state import AirshipsState, Step
from engine.cli.simulate import play_random


class CheckedGame:
    """Airships as the playout sees it, checking each list of legal actions it draws from (no second call)."""

    def __getattr__(self, name: str) -> Any:
        return getattr(GAME, name)

    def legal_actions(self, state: AirshipsState, seat: int) -> list[Action]:
        legal = GAME.legal_actions(state, seat)
        assert 0 < len(legal) <= MAX_CHOICES, f"{len(legal)} choices at {state.step}"
        assert all(len(a.label) <= MAX_LABEL for a in legal)
        return legal


class Invariants:
    """An on_move callback checking a playout after every action; cheap, as it runs some 200,000 times."""

    def __init__(self) -> None:
        self.throws = 0
        self.events = 0
        self.previous: tuple[Any, ...] = ()  # the throws the previous state showed, held so ids stay theirs

    def __call__(self, state: AirshipsState, seat: int, action: Action) -> None:
        check_cards_conserved(state)
        check_chips_conserved(state)
        check_events_weighed(state.events)
        self.events += len(state.events)
        for throw in (state.pending, state.last_throw):
            if throw is not None and not any(throw is seen for seen in self.previous):
                self.throws += 1
                check_throw(throw)
        self.previous = (state.pending, state.last_throw)
        if state.step is not Step.OVER:
            # The end is checked after every go: a game still running has not reached it.
            assert not all(len(pile) <= 1 for pile in state.fields), "the game went on with every field down to one card"
            assert not state.hindenburg_complete, "the game went on after the fourth Hindenburg phase"


def check_finished(state: AirshipsState) -> None:
    assert state.step is Step.OVER and GAME.to_act(state) == []
    outcome = GAME.outcome(state)
    assert outcome is not None and len(outcome.scores) == state.players
    assert sorted(seat for group in outcome.ranking for seat in group) == list(range(state.players))
    ended = all(len(pile) <= 1 for pile in state.fields) or state.hindenburg_complete
    assert ended or not state.pile, "ended with cards in the pile and neither end condition met"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_finish_with_the_table_intact(players: int, playout_seeds: Callable[[int], range]) -> None:
    games = playout_seeds(1)
    invariants = Invariants()
    for seed in games:
        check_events_weighed(GAME.setup(players, seed).events)  # the first go's card, turned over at setup
        playout = play_random(CheckedGame(), players, seed, on_move=invariants)  # type: ignore[arg-type]
        assert playout.finished, f"seed {seed}: not finished after {len(playout.moves)} actions"
        check_finished(playout.state)
    assert invariants.throws > len(games)  # the checks saw the throws they are there for
    assert invariants.events > invariants.throws


@pytest.mark.slow
def test_random_games_reach_every_part_of_the_rules() -> None:
    """The fuzz is only as good as what it reaches: eras, exchanges, chips, additional goes, the Hindenburg."""
    seen: dict[str, int] = {}

    def count(state: Any, seat: int, action: Action) -> None:
        name = action.key if action.kind in ("go", "chip", "back") else action.kind
        if action.kind == "roll" and action.args[0] != -1:
            name = "exchange"
        seen[name] = seen.get(name, 0) + 1

    states = [play_random(GAME, players, seed, on_move=count).state for players in (2, 3, 4) for seed in range(60)]
    assert {"throw", "exchange", "back", "chip:use", "chip:keep", "go:again", "go:end"} <= set(seen)
    assert all(state.era == 2 for state in states)
    assert any(state.hindenburg_open for state in states)
    assert any(phase is not None for state in states for phase in state.hindenburg)


@pytest.mark.slow
def test_chips_conserved_in_random_games() -> None:
    # Ruling 2 over whole games: board + supply + Hindenburg markers stay 6 per nation after every action.
    def check(state: Any, seat: int, action: Action) -> None:
        check_chips_conserved(state)

    for players in (2, 3, 4):
        for seed in range(50):
            play_random(GAME, players, 10_000 + seed, on_move=check)
