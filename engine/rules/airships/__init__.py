"""Airships: dice for expansion cards, airships and the Hindenburg, for 2 to 4 players."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Dealer, GameError, Outcome, Rules
from engine.events import Event
from engine.figures import StatLine, Tally
from engine.rules.airships import checks, choices, data, events, rules, scoring, unseen, view
from engine.rules.airships.records import Back
from engine.rules.airships.setup import new_table
from engine.rules.airships.state import AirshipsState
from engine.rules.guide import RulesTopic, load_guide
from engine.view import CommonView
from engine.views.airships import AirshipsView


class Airships(Rules[AirshipsState]):
    """The Airships game, as the engine contract names it."""

    slug = "airships"
    sentences = events.SENTENCES  # the catalogue every event of the game is emitted from and worded by
    title = "Airships"
    min_players = 2
    max_players = 4
    hand_name = "company"  # what /hand shows
    component_file = data.FILE  # the components by edition and pack (engine.platform.packs)

    @property
    def guide(self) -> tuple[RulesTopic, ...]:
        """The rules in our own words, by topic, for /rules."""
        return load_guide(__name__)

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> AirshipsState:
        if not self.min_players <= players <= self.max_players:
            raise GameError(f"Airships is for {self.min_players} to {self.max_players} players, not {players}.")
        return new_table(players, seed, dict(options or {}))

    def to_act(self, state: AirshipsState) -> list[int]:
        return rules.to_act(state)

    def legal_actions(self, state: AirshipsState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def explain(self, state: AirshipsState, seat: int, actions: list[Action]) -> list[Action]:
        return choices.explain(state, seat, actions)

    effects = rules.EFFECTS  # what each kind of action does; Rules.apply refuses and copies first
    view_words = ("gives",)  # a card's effect in words, beside its numbers: a release may reword it

    def legal_choice(self, state: AirshipsState, seat: int, action: Action) -> Action | None:
        return checks.legal_choice(state, seat, action)

    def redeal(self, state: AirshipsState, seat: int | None, dealer: Dealer) -> AirshipsState:
        """The table with what nobody sees dealt again: the pile's order, the airships under the tops, the dice."""
        return unseen.redeal(state, seat, dealer)

    def outcome(self, state: AirshipsState) -> Outcome | None:
        return scoring.outcome(state)

    def events(self, state: AirshipsState) -> list[Event]:
        """The public view's events, without the rest of the view."""
        return list(state.events)

    def view(self, state: AirshipsState, seat: int | None) -> AirshipsView:
        return view.public_view(state) if seat is None else view.seat_view(state, seat)

    def hand_fields(self, seat_view: CommonView) -> list[tuple[str, str]]:
        assert isinstance(seat_view, AirshipsView), "a seat's view of this game"
        return view.hand_fields(seat_view)

    def stats(self, state: AirshipsState) -> dict[str, float]:
        """End-of-game figures for the arena: how long the game ran, what was built, the winner's VP."""
        scores = [scoring.victory_points(state, seat) for seat in range(state.players)]
        phases = sum(owner is not None for owner in state.hindenburg)
        return {
            "goes": state.goes,
            "airships_built": sum(len(company.airships) for company in state.companies),  # phases counted apart
            "hindenburg_opened": float(state.hindenburg_open),
            "hindenburg_phases_built": phases,
            "hindenburg_phase_built": float(phases >= 1),  # averaged: the share of games with a phase built
            "hindenburg_completed": float(state.hindenburg_complete),
            "winner_vp": max(scores),
            **airships_by_back(state),
        }

    stats_shown = (
        StatLine("goes", "Goes"),
        StatLine("hindenburg_phases_built", "Hindenburg phases built"),
        StatLine("hindenburg_completed", "Hindenburg completed", Tally.SHARE),
        StatLine("airships_built", "Airships built"),
        *(StatLine(f"{back.value}_airships", f"{back.value.capitalize()} airships") for back in Back),
    )


def airships_by_back(state: AirshipsState) -> dict[str, float]:
    """Airships built of each type (the card's back: light, medium, dark), every company together."""
    built = [state.data.airships[card].back for company in state.companies for card in company.airships]
    return {f"{back.value}_airships": built.count(back) for back in Back}


GAME = Airships()
