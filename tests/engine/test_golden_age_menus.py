"""1930's menus: each choice's label and detail say what it really brings, worked out as it would happen."""

from __future__ import annotations

import random
import re
from collections import Counter

from engine.cli.simulate import play_random
from engine.core import Action
from engine.rules.golden_age import GAME, choices, rules
from engine.rules.golden_age.state import GoldenAgeState, Phase, Step
from tests.engine.golden_age_helpers import operating, play

INCOME = re.compile(r"income \$(\d+) → \$(\d+)$")  # a gate placed or moved, a hub: the airline's income after it
GAIN = re.compile(r"; (.+)'s income \+\$(\d+); (?:free|you pay \$\d+)$")  # an upgrade: what the airline gains
HUB = re.compile(r"the hub adds \$(\d+); income \$(\d+) → \$(\d+)$")


def labels(state: GoldenAgeState, seat: int) -> dict[str, Action]:
    return {a.key: a for a in GAME.legal_actions(state, seat)}


def test_the_open_menu_quotes_what_a_city_earns_after_its_tile() -> None:
    """Winnipeg (not in play: $2 by its white value of nothing) earns $9 once its yellow tile is down; Chicago's
    first spot $13 at yellow, not its white $10 (the rulebook's Chicago: $7, $10 at yellow, +$3 on the first spot)."""
    state = operating()
    state.airlines["green"].tech_box = 2  # yellow
    state = play(play(state, 0, "airline", "green"), 0, "operation", "open")
    menu = labels(state, 0)
    assert menu["city:winnipeg"].label == "Open Winnipeg"
    assert menu["city:winnipeg"].detail == "Canada, not in play yet: a yellow tile; its gate earns $9 on spot 1"
    assert menu["city:chicago"].detail == "USA, $7 white now: a yellow tile; its gate earns $13 on spot 1"
    state = play(state, 0, "city", "winnipeg")
    assert labels(state, 0)["from:supply"].label == "Gate from its supply"
    assert labels(state, 0)["from:supply"].detail == "5 gates ready; income $6 → $15"
    assert labels(state, 0)["from:seattle"].label == "Gate from Seattle"
    assert labels(state, 0)["from:seattle"].detail == "It earns $6 there now; income $6 → $9"
    state = play(state, 0, "from", "supply")
    assert state.airlines["green"].income == 15


def test_the_ceos_menu_says_how_many_gates_the_reserve_really_gives() -> None:
    state = operating()
    state.airlines["green"].gates_reserve = 3  # the six-gate choice can only bring three (ruling 9)
    state = play(play(state, 0, "airline", "green"), 0, "operation", "fly")
    menu = labels(state, 0)
    assert menu["dividend:none+6 gates"].label == "No dividend and 3 more gates"
    assert menu["dividend:none+6 gates"].detail == "Nobody is paid; its supply gains 3 gates"
    assert menu["dividend:half+3 gates"].label == "Half dividend and 3 more gates"
    assert menu["dividend:half+3 gates"].detail == "$1 a token, $2 for your 2 tokens; its supply gains 3 gates"
    assert menu["dividend:full"].detail == "$1 a token, $2 for your 2 tokens"
    assert menu["dividend:none+3 gates+tech"].detail == ("Nobody is paid; its supply gains 3 gates; "
                                                          "then tech box 2 (yellow), a new colour: stock up a box")
    state = play(state, 0, "dividend", "none+6 gates")
    assert state.airlines["green"].gates_reserve == 0 and state.airlines["green"].gates_available == 8
    orange = operating()
    orange = play(play(orange, 0, "airline", "orange"), 0, "operation", "fly")  # seat 2 (two tokens) is CEO
    orange.seats[2].tokens["orange"] = 1
    orange.seats[0].tokens["orange"] = 0
    assert labels(orange, 2)["dividend:full"].detail.endswith("for your 1 token")


def test_research_stand_and_contract_choices_say_what_happens_to_the_stock() -> None:
    state = play(operating(), 0, "airline", "green")
    research = labels(state, 0)["operation:research"]
    assert (research.label, research.detail) == ("Research", "To tech box 2 (yellow), a new colour: stock up a box")
    state = operating()
    state.airlines["green"].tech_box = 2
    state = play(state, 0, "airline", "green")
    assert labels(state, 0)["operation:research"].detail == "To tech box 3 (yellow)"
    stuck = operating()
    green = stuck.airlines["green"]
    green.flown, green.advanced, green.gates_available, green.price_box = True, True, 0, 0
    for city in stuck.cities.values():
        city.gates = city.gates or ["teal"]
    stuck.cities["seattle"].hub = "green"
    stuck = play(stuck, 0, "airline", "green")
    stand = labels(stuck, 0)["operation:stand"]
    assert (stand.label, stand.detail) == ("Stand", "Nothing else is possible; its stock stays at $1")
    award = operating()
    card = next(c for c in award.data.contracts if c.cities == ("seattle",))
    award.seats[0].contracts = [card.number]
    award.phase, award.step, award.current = Phase.CONTRACTS, Step.CONTRACT, 0
    offered = labels(award, 0)[f"award:{card.number}:green"]  # edition 2: the card and its airline at once
    assert offered.label == f"Award ${card.value}: Seattle to Green Airline"
    assert offered.detail == f"You take ${card.value}; Green Airline's stock $6 → $7"
    award.airlines["green"].price_box = len(award.data.market) - 1
    award.menus.clear()
    assert labels(award, 0)[f"award:{card.number}:green"].detail.endswith("Green Airline's stock stays at $72, the top")
    first = operating(edition=1)  # edition 1: the card, then the airline
    first.seats[0].contracts = [card.number]
    first.phase, first.step, first.current = Phase.CONTRACTS, Step.CONTRACT, 0
    assert labels(first, 0)[f"contract:{card.number}"].detail == f"You take ${card.value}; then choose the airline it goes to"
    first = play(first, 0, "contract", card.number)
    second = labels(first, 0)["award:green"]
    assert (second.label, second.detail) == ("Award it to Green Airline", f"You take ${card.value}; Green Airline's stock $6 → $7")


def test_the_expand_menu_offers_two_gates_only_where_two_can_be_placed() -> None:
    state = operating()
    state.airlines["green"].tech_box = 2  # yellow: two gates an Expand
    expand = labels(play(state, 0, "airline", "green"), 0)["operation:expand"]
    assert (expand.label, expand.detail) == ("Expand", "Gates in 1 or 2 cities; 5 gates ready")
    state.airlines["green"].gates_available = 1  # but one gate left to place
    state = play(state, 0, "airline", "green")
    assert labels(state, 0)["operation:expand"].detail == "A gate in 1 city; 1 gate ready"


def test_every_quoted_income_is_the_income_the_choice_gives() -> None:
    """Over random games: a gate's 'income $A → $B', an upgrade's '+$G' and a hub's 'adds $V' come true."""
    checked: Counter[str] = Counter()
    for seed in range(1, 13):
        state, rng = GAME.setup(2 + seed % 5, seed), random.Random(seed)
        while not state.over:
            seat = GAME.to_act(state)[0]
            choices = GAME.legal_actions(state, seat)
            assert not any(a.label.endswith("…") or a.detail.endswith("…") for a in choices), "words were cut"
            action = rng.choice(choices)
            airline = state.pending.airline if state.pending else ""
            before = state.airlines[airline].income if airline else 0
            after = GAME.apply(state, seat, action)
            if state.step in (Step.CITY, Step.GATE_FROM, Step.MORE) and airline:
                income = after.airlines[airline].income
                if found := HUB.search(action.detail):
                    assert income - before == int(found[1]), action.detail
                    checked["hub"] += 1
                if found := INCOME.search(action.detail):
                    assert (before, income) == (int(found[1]), int(found[2])), (action.label, action.detail)
                    checked["gate"] += 1
                elif found := GAIN.search(action.detail):
                    assert income - before == int(found[2]), action.detail
                    checked["upgrade"] += 1
            state = after
    assert checked["gate"] > 200 and checked["upgrade"] > 5 and checked["hub"] > 5, checked


def test_words_too_long_for_a_menu_are_cut_at_a_word_never_inside_a_name() -> None:
    words = "Award $5: Seattle + Denver + Chicago to Orange Airline " * 2
    cut = choices.shortened(words, 60)
    assert cut == "Award $5: Seattle + Denver + Chicago to Orange Airline…" and len(cut) <= 60  # not "Awar…"
    assert choices.shortened("Award $1: Boston to Blue Airline") == "Award $1: Boston to Blue Airline"


def test_the_bare_menus_the_ai_searches_are_the_menus_without_their_words() -> None:
    """The AI's search builds menus without labels or details (they are most of a menu's cost): the same choices,
    in the same order, at every decision of random games at three and five players."""
    compared = 0
    for players in (3, 5):
        def same(state: GoldenAgeState, seat: int, action: Action) -> None:
            nonlocal compared
            for to_act in GAME.to_act(state):
                worded, bare = rules.all_choices(state, to_act), rules.all_choices(state, to_act, words=False)
                assert [(a.kind, a.args, a.minor) for a in bare] == [(a.kind, a.args, a.minor) for a in worded]
                compared += 1

        play_random(GAME, players, players, on_move=same)
    assert compared > 1000
