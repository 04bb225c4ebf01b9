"""Air Alliance: airlines carry passengers between 24 airports with their own planes, code sharing and alliances."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Dealer, GameError, Outcome, Rules
from engine.events import Event
from engine.figures import StatLine
from engine.rules.air_alliance import checks, choices, data, events, rules, scoring, unseen, view
from engine.rules.air_alliance.data import EDITION
from engine.rules.air_alliance.options import OPTIONS
from engine.rules.air_alliance.setup import new_table
from engine.rules.air_alliance.state import AirAllianceState
from engine.rules.guide import RulesTopic, load_guide
from engine.view import CommonView
from engine.views.air_alliance import AirAllianceView


class AirAlliance(Rules[AirAllianceState]):
    """The Air Alliance game, as the engine contract names it."""

    slug = "air-alliance"
    sentences = events.SENTENCES  # the catalogue every event of the game is emitted from and worded by
    title = "Air Alliance"
    min_players = 2
    max_players = 4
    hand_name = "airline"  # what /hand shows
    component_file = data.FILE  # the components by edition and pack (engine.platform.packs)
    edition = EDITION  # engine.core.Rules.edition: a game keeps the rules (and components) it started under
    # Optional rules the lobby may offer: (setup option key, short description); each is a boolean, off by
    # default. Not part of the Game protocol: a game without options simply has none.
    options: tuple[tuple[str, str], ...] = OPTIONS

    @property
    def guide(self) -> tuple[RulesTopic, ...]:
        """The rules in our own words, by topic, for /rules."""
        return load_guide(__name__)

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> AirAllianceState:
        if not self.min_players <= players <= self.max_players:
            raise GameError(f"Air Alliance is for {self.min_players} to {self.max_players} players, not {players}.")
        return new_table(players, seed, dict(options or {}))

    def to_act(self, state: AirAllianceState) -> list[int]:
        return rules.to_act(state)

    def legal_actions(self, state: AirAllianceState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def explain(self, state: AirAllianceState, seat: int, actions: list[Action]) -> list[Action]:
        return choices.explain(state, seat, actions)

    effects = rules.EFFECTS  # what each kind of action does; Rules.apply refuses and copies first

    def legal_choice(self, state: AirAllianceState, seat: int, action: Action) -> Action | None:
        return checks.legal_choice(state, seat, action)

    def redeal(self, state: AirAllianceState, seat: int | None, dealer: Dealer) -> AirAllianceState:
        """The table as a seat could imagine it: the deck's order and the reshuffles to come dealt again
        (engine.core.HasHiddenInformation); nothing else is unseen, by the table or by one seat."""
        return unseen.redeal(state, seat, dealer)

    def outcome(self, state: AirAllianceState) -> Outcome | None:
        return scoring.outcome(state)

    def events(self, state: AirAllianceState) -> list[Event]:
        """The public view's events, without the rest of the view."""
        return list(state.events)

    def view(self, state: AirAllianceState, seat: int | None) -> AirAllianceView:
        return view.public_view(state) if seat is None else view.seat_view(state, seat)

    def hand_fields(self, seat_view: CommonView) -> list[tuple[str, str]]:
        assert isinstance(seat_view, AirAllianceView), "a seat's view of this game"
        return view.hand_fields(seat_view)

    def stats(self, state: AirAllianceState) -> dict[str, float]:
        """End-of-game figures for the arena: how long the game ran, cards gained, alliances, the winner's miles."""
        miles = [scoring.miles_of(state, seat) for seat in range(state.players)]
        gained = sum(len(a.cards()) for a in state.airlines)
        return {
            "turns": state.turns,
            "cards_gained": gained,
            "cards_per_player": gained / state.players,
            "alliances_formed": state.alliances_formed,
            "trios": sum(len(scoring.trios(state, seat)) for seat in range(state.players)),
            "reshuffles": state.reshuffles,
            "winner_miles": max(miles),
            "extra_turns": state.extra_turns,
        }

    stats_shown = (
        StatLine("turns", "Turns"),
        StatLine("alliances_formed", "Alliances formed"),
        StatLine("trios", "Trios"),
        StatLine("extra_turns", "Extra turns"),
        StatLine("cards_gained", "Cards gained"),
    )


GAME = AirAlliance()
