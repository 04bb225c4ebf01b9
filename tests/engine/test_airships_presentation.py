"""What Airships tells the Discord layer about itself: decision words, minor choices, tie-break words, /hand."""

from __future__ import annotations

import json

from airships_helpers import GAME

from engine.core import Outcome
from engine.rules.airships.state import Step
from engine.cli.simulate import play_random


def test_every_step_has_words_for_its_decision() -> None:
    seen: dict[str, str] = {}

    def note(state, seat, action) -> None:
        view = GAME.view(state, None)
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
    assert minor["End your turn"] and minor["Keep your chips: the throw fails"]
    assert minor["Back: choose another card"]
    assert not minor["Roll without exchanging"]
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
    view = GAME.view(state, 1)
    fields = dict(GAME.hand_fields(view))
    company = view["companies"][1]
    assert fields["Company"].startswith(f"{company['nation']}: {company['vp']} VP")
    assert f"{company['chips']} on your board" in fields["Bonus chips"]
    for card in company["departments"].values():
        if card:
            assert card["name"] in fields["Departments"]
    assert list(fields) == ["Company", "Dice", "Bonus chips", "Departments", "Airships", "You have the dice for"]
