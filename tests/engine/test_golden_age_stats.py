"""1930's arena figures: how far research went, which regions abroad have gates, and stock's share of worth."""

from __future__ import annotations

from engine.rules.golden_age import GAME
from engine.rules.golden_age.market import value_of
from tests.engine.golden_age_helpers import operating


def test_the_arena_sees_research_gates_abroad_and_stocks_share_of_worth() -> None:
    state = operating()
    stats = GAME.stats(state)
    assert (stats["top_tech_box"], stats["brown_reached"], stats["gray_reached"]) == (1, 0.0, 0.0)
    assert (stats["south_america_gated"], stats["europe_gated"], stats["pacific_gated"]) == (0.0, 0.0, 0.0)
    state.airlines["green"].tech_box = 6  # the first brown box
    state.cities["london"].gates.append("green")
    state.cities["mexico_city"].gates.append("orange")
    stats = GAME.stats(state)
    assert (stats["top_tech_box"], stats["brown_reached"], stats["gray_reached"]) == (6, 1.0, 0.0)
    assert (stats["south_america_gated"], stats["europe_gated"], stats["pacific_gated"]) == (1.0, 1.0, 0.0)
    state.airlines["blue"].tech_box = 8  # the Gray Box
    assert GAME.stats(state)["gray_reached"] == 1.0
    worth = sum(value_of(state, seat) for seat in range(state.players))
    money = sum(player.money for player in state.seats)
    assert GAME.stats(state)["stock_share"] == round((worth - money) / worth, 3) > 0
