"""Airships: dice for expansion cards, airships and the Hindenburg, for 2 to 4 players."""

from __future__ import annotations

from typing import Any

from engine.core import Action, GameError, Outcome
from engine.rules.airships import rules, scoring, view
from engine.rules.airships.data import components
from engine.rules.airships.state import AirshipsState, setup_state

RULES_SUMMARY = (
    "Build the best airship company. Each go: an expansion card is turned over, then you choose one card "
    "on the board (an expansion, the top airship of a pile, or a Hindenburg phase once a pile is empty) and "
    "throw the dice it shows. Reach its target and it is yours; otherwise a bonus chip (+1), the wooden "
    "airship (+1) and Engines may close the gap, and a failed throw earns a chip. Pay 3 chips for another go. "
    "The game ends when every airship pile is down to one card or the Hindenburg is complete; most victory "
    "points wins, ties go to the most airships built (Hindenburg phases count as airships)."
)


class Airships:
    """The Airships game, as the engine contract names it."""

    slug = "airships"
    title = "Airships"
    min_players = 2
    max_players = 4
    rules_summary = RULES_SUMMARY
    rulebook = (
        "The Airships rulebook in the game box. Where it is unclear, Contrail's readings are listed in "
        "docs/rulings.md of the bot's repository."
    )

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> AirshipsState:
        if not self.min_players <= players <= self.max_players:
            raise GameError(f"Airships is for {self.min_players} to {self.max_players} players, not {players}.")
        components()  # validate the data before the first game, naming any bad entry
        state = setup_state(players, seed, dict(options or {}))
        rules.begin_go(state, 0)  # the starting player's first go begins with turning over a card
        return state

    def to_act(self, state: AirshipsState) -> list[int]:
        return rules.to_act(state)

    def legal_actions(self, state: AirshipsState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def apply(self, state: AirshipsState, seat: int, action: Action) -> AirshipsState:
        return rules.apply(state, seat, action)

    def outcome(self, state: AirshipsState) -> Outcome | None:
        return scoring.outcome(state)

    def view(self, state: AirshipsState, seat: int | None) -> dict[str, Any]:
        return view.public_view(state) if seat is None else view.seat_view(state, seat)

    def hand_fields(self, seat_view: dict[str, Any]) -> list[tuple[str, str]]:
        return view.hand_fields(seat_view)


GAME = Airships()
