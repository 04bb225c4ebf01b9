"""1930: The Golden Age of Airlines: players buy stock in airlines and run them, flying for dividends over six turns."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Dealer, GameError, Outcome, Rules
from engine.events import Event
from engine.figures import StatLine, Tally
from engine.rules.golden_age import checks, choices, data, events, rules, scoring, unseen, view
from engine.rules.golden_age.data import EDITION, Colour, Region
from engine.rules.golden_age.market import value_of
from engine.rules.golden_age.setup import new_table
from engine.rules.golden_age.state import GoldenAgeState, Phase
from engine.rules.guide import RulesTopic, load_guide
from engine.view import CommonView
from engine.views.golden_age import GoldenAgeView


class GoldenAge(Rules[GoldenAgeState]):
    """The 1930 game, as the engine contract names it."""

    slug = "1930"
    sentences = events.SENTENCES  # the catalogue every event of the game is emitted from and worded by
    # Which news the last action did tags the board's news, no part of the position: a fingerprint leaves it out (and
    # so matches the positions fingerprinted before it was told).
    view_words = ("own_news",)
    title = "1930: The Golden Age of Airlines"
    min_players = 2
    max_players = 6
    hand_name = "contracts"  # what /hand shows
    component_file = data.FILE  # the components by edition and pack (engine.platform.packs)
    # 2: rules read again (data.EDITION says what changed, with End of Turn asking every player holding
    # contracts: end_of_turn.EVERYONE_ASKED); games of edition 1 keep their rules and data
    edition = EDITION

    @property
    def guide(self) -> tuple[RulesTopic, ...]:
        """The rules in our own words, by topic, for /rules."""
        return load_guide(__name__)

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> GoldenAgeState:
        if not self.min_players <= players <= self.max_players:
            raise GameError(f"1930 is for {self.min_players} to {self.max_players} players, not {players}.")
        return new_table(players, seed, dict(options or {}))

    def to_act(self, state: GoldenAgeState) -> list[int]:
        return rules.to_act(state)

    def legal_actions(self, state: GoldenAgeState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def explain(self, state: GoldenAgeState, seat: int, actions: list[Action]) -> list[Action]:
        return choices.explain(state, seat, actions)

    def private(self, state: GoldenAgeState, seat: int) -> bool:
        """Choosing a contract to play shows the hand: that decision is offered to its player alone."""
        return state.phase is Phase.CONTRACTS

    effects = rules.EFFECTS  # what each kind of action does; Rules.apply refuses and copies first

    def legal_choice(self, state: GoldenAgeState, seat: int, action: Action) -> Action | None:
        return checks.legal_choice(state, seat, action)

    def redeal(self, state: GoldenAgeState, seat: int | None, dealer: Dealer) -> GoldenAgeState:
        """The contracts `seat` cannot see (None: every hand) dealt again, each for an unseen card of its value."""
        return unseen.redeal(state, seat, dealer)

    def outcome(self, state: GoldenAgeState) -> Outcome | None:
        return scoring.outcome(state)

    def events(self, state: GoldenAgeState) -> list[Event]:
        """The public view's events, without the rest of the view."""
        return list(state.events)

    def view(self, state: GoldenAgeState, seat: int | None) -> GoldenAgeView:
        return view.public_view(state) if seat is None else view.seat_view(state, seat)

    def hand_fields(self, seat_view: CommonView) -> list[tuple[str, str]]:
        assert isinstance(seat_view, GoldenAgeView), "a seat's view of this game"
        return view.hand_fields(seat_view)

    def stats(self, state: GoldenAgeState) -> dict[str, float]:
        """End-of-game figures for the arena: airlines founded and bankrupt, the winner's worth, contracts played,
        how far research went (the best tech box; brown and gray reached), gates abroad and stock's share of worth."""
        worth = [value_of(state, seat) for seat in range(state.players)]
        best = max(state.data.tech[a.tech_box - 1].colour.rank for a in state.airlines.values())
        gates = {region: 0 for region in (Region.SOUTH_AMERICA, Region.EUROPE, Region.PACIFIC)}
        for key, city in state.cities.items():
            region = state.data.cities[key].region
            if region in gates:
                gates[region] += len(city.gates)
        money = sum(player.money for player in state.seats)
        return {
            "founded": sum(1 for a in state.airlines.values() if a.founded),
            "bankrupt": sum(1 for a in state.airlines.values() if a.bankrupt),
            "contracts_played": len(state.discards),
            "winner_worth": max(worth),
            "top_income": max(a.income for a in state.airlines.values()),
            "top_tech_box": max(a.tech_box for a in state.airlines.values()),
            "brown_reached": float(best >= Colour.BROWN.rank),
            "gray_reached": float(best >= Colour.GRAY.rank),
            "south_america_gated": float(gates[Region.SOUTH_AMERICA] > 0),
            "europe_gated": float(gates[Region.EUROPE] > 0),
            "pacific_gated": float(gates[Region.PACIFIC] > 0),
            "stock_share": round(1 - money / sum(worth), 3) if sum(worth) else 0.0,
        }

    stats_shown = (
        StatLine("founded", "Airlines floated"),
        StatLine("bankrupt", "Bankruptcies"),
        StatLine("top_tech_box", "Best tech box reached", Tally.AVERAGE),
        StatLine("brown_reached", "Brown tech reached", Tally.SHARE),
        StatLine("gray_reached", "Gray tech reached", Tally.SHARE),
        StatLine("contracts_played", "Contracts played"),
    )

GAME = GoldenAge()
