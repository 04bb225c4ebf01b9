"""What Airships tells the Discord layer about itself: decision words, menus, refusals, views, tie-break words, /hand."""

from __future__ import annotations

import json

import pytest

from airships_helpers import C, GAME, check_cards_conserved, give, lay, set_field, table

from engine.core import MAX_CHOICES, MAX_LABEL, Action, IllegalAction, Outcome
from engine.rules.airships.records import Department
from engine.rules.airships.state import Step
from engine.cli.simulate import play_random
from engine.view import to_json


def test_every_step_has_words_for_its_decision() -> None:
    seen: dict[str, str] = {}

    def note(state, seat, action) -> None:
        view = to_json(GAME.view(state, None))
        seen[view["step"]] = view["decision"]

    play_random(GAME, 3, 5, on_move=note)
    assert seen[Step.CHOOSE_CARD.value] == "choose a card to throw for"
    assert seen[Step.OVER.value] == "nothing: the game is over"
    assert all(words for words in seen.values())


def test_declining_and_going_back_are_minor_choices() -> None:
    minor: dict[str, bool] = {}

    def note(state, seat, action) -> None:
        for s in GAME.to_act(state):
            for choice in GAME.legal_actions(state, s):
                minor[choice.label] = choice.minor

    for seed in range(20):
        play_random(GAME, 2, seed, on_move=note)
    assert minor["End your turn"] and minor["Keep your bonus chips: the throw fails"]
    assert minor["Back: choose another card"]
    assert not minor["Throw without exchanging"]
    assert not any(m for label, m in minor.items() if label.startswith(("Throw for", "Use a bonus chip", "Pay 3")))


def test_outcome_round_trips_with_the_games_tie_break_words() -> None:
    outcome = GAME.outcome(play_random(GAME, 3, 2).state)
    assert outcome is not None and outcome.tiebreak_words == ("airship built", "airships built")
    again = Outcome.from_dict(json.loads(json.dumps(outcome.to_dict())))
    assert again == outcome
    seat = outcome.ranking[0][0]
    built = outcome.tiebreak[seat]
    assert outcome.tiebreak_text(seat) == f"{built} {'airship' if built == 1 else 'airships'} built"


def test_hand_fields_describe_the_seats_own_company() -> None:
    state = play_random(GAME, 2, 9).state
    view = to_json(GAME.view(state, 1))
    fields = dict(GAME.hand_fields(GAME.view(state, 1)))
    company = view["companies"][1]
    assert fields["Company"].startswith(f"{company['nation']}: {company['vp']} VP")
    assert f"{company['chips']} on your board" in fields["Bonus chips"]
    for card in company["departments"].values():
        if card:
            assert card["name"] in fields["Departments"]
    assert list(fields) == ["Company", "Dice", "Bonus chips", "Departments", "Airships", "You have the dice for"]


# --- the menus and views at their fullest (the engine contract for every game is in test_contract.py) ----


def test_explain_fills_in_the_details_of_the_same_choices() -> None:
    game = GAME
    state = game.setup(3, seed=4)
    seat = game.to_act(state)[0]
    legal = game.legal_actions(state, seat)
    explained = game.explain(state, seat, legal)
    assert explained == legal and [a.label for a in explained] == [a.label for a in legal]  # same actions, same order
    assert all(a.detail for a in explained) and not any(a.detail for a in legal)


def fullest_table():
    """Every throw at once: 18 expansions on display, 3 airship tops, 4 open Hindenburg phases, all in reach."""
    state = table(era=2)
    set_field(state, 0)
    held = ("e2-financiers-3", "e2-hangars-3", "e2-captains-4", "e2-engineers-4", "e2-materials-1")
    give(state, 0, *held)
    for department in Department:
        cards = [e.id for e in C.expansions.values() if e.department is department and e.id not in held]
        lay(state, *cards[-3:])
    return state


def test_legal_actions_never_exceed_25_choices() -> None:
    state = fullest_table()
    assert sum(card is not None for row in state.display.values() for card in row) == 18
    check_cards_conserved(state)
    legal = GAME.legal_actions(state, 0)
    assert len(legal) == MAX_CHOICES == 25  # the contract's limit is exactly the fullest table
    assert all(len(a.label) <= MAX_LABEL for a in legal)
    assert len({a.key for a in legal}) == len(legal)


def test_every_card_label_fits_a_select_option() -> None:
    state = fullest_table()
    for action in GAME.legal_actions(state, 0):
        assert not action.label.endswith(" ") and len(action.label) <= MAX_LABEL
        assert action.label.startswith("Throw for ")


def test_apply_refuses_an_action_not_in_the_list() -> None:
    state = GAME.setup(2, 7, {})
    refused = [
        Action("throw", ("a-dark-1",)),  # under the top card
        Action("throw", (state.pile[-1],)),  # still in the pile
        Action("throw", ("hindenburg-1",)),  # not open yet
        Action("throw", ("no-such-card",)),
        Action("throw", ()),
        Action("go", ("again",)),  # not this step
        Action("roll", (-1,)),
        Action("chip", ("use",)),
        Action("resign", ()),
    ]
    for action in refused:
        with pytest.raises(IllegalAction) as raised:
            GAME.apply(state, 0, action)
        assert type(raised.value) is IllegalAction and str(raised.value)


def test_view_shows_the_next_back_of_the_pile() -> None:
    state = table(pile=["e2-hangars-1", C.change_of_era, "e1-hangars-1"])
    assert to_json(GAME.view(state, None))["pile"] == {"left": 3, "next": "era 1"}
    state.pile.pop()
    assert to_json(GAME.view(state, None))["pile"] == {"left": 2, "next": "change of era"}
    state.pile.pop()
    assert to_json(GAME.view(state, None))["pile"] == {"left": 1, "next": "era 2"}
    state.pile.pop()
    assert to_json(GAME.view(state, None))["pile"] == {"left": 0, "next": None}


def test_seat_view_adds_only_that_seats_choices() -> None:
    state = GAME.setup(2, 5, {})
    mine, theirs = to_json(GAME.view(state, 0)), to_json(GAME.view(state, 1))
    assert mine["you"]["legal"] == [a.key for a in GAME.legal_actions(state, 0)]
    assert theirs["you"]["legal"] == []
    assert {k: v for k, v in mine.items() if k != "you"} == to_json(GAME.view(state, None))
