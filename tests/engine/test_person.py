"""An AI seat's reason is told of the AI: the menu words to a player ('End your turn', 'you pay $4') in the third
person, for every game's reasons, old stored ones included (issue 53, item 8)."""

from __future__ import annotations

import random
import re

import pytest

import engine
from engine.platform.advice import reason
from engine.platform.person import third_person
from engine.platform.turns import why_line

SECOND_PERSON = re.compile(r"\byou(?:r|rs|rself|'d|'re|'ll|'ve)?\b", re.IGNORECASE)


@pytest.mark.parametrize(("said", "told"), [
    ("End your turn. It leaves a 54% chance to win.", "End its turn. It leaves a 54% chance to win."),
    ("A new card is turned over, then you throw; leaves you 0 bonus chips.",
     "A new card is turned over, then it throws; leaves it 0 bonus chips."),
    ("Use a bonus chip: +1 makes the 13 you need — You win Paul Litchfield (Financiers).",
     "Use a bonus chip: +1 makes the 13 it needs — It wins Paul Litchfield (Financiers)."),
    ("$9 a token; you'd hold 3; 0 left for sale", "$9 a token; it would hold 3; 0 left for sale"),
    ("You set its price ($3 to $7) and buy 1 token; a flight pays $1 a token.",
     "It sets its price ($3 to $7) and buys 1 token; a flight pays $1 a token."),
    ("Costs you $2, its action cost", "Costs it $2, its action cost"),
    ("Your red plane at U1 New York — no one else may gain it before your next turn.",
     "Its red plane at U1 New York — no one else may gain it before its next turn."),
    ("Ally with black: black joins you and red", "Ally with black: black joins it and red"),
    ("Kobe lets you reserve a card", "Kobe lets it reserve a card"),
    ("Worth $11 toward the new one: you pay nothing.", "Worth $11 toward the new one: it pays nothing."),
])
def test_menu_words_are_told_of_the_ai(said: str, told: str) -> None:
    assert third_person(said) == told


def test_an_old_stored_reason_reads_in_the_third_person_too() -> None:
    """Stored games keep the words they were told with; the log retells them when it shows them."""
    assert why_line("Contrail AI 1 (standard)", "End your turn. It leaves a 27% chance to win.") == (
        "↳ Why Contrail AI 1 (standard) chose this: End its turn. It leaves a 27% chance to win.")


@pytest.mark.parametrize("slug", ["airships", "air-alliance", "1930"])
def test_no_reason_any_games_ai_gives_says_you_when_told_as_its_reason(slug: str) -> None:
    """A reason is a choice's menu words (its label and what it brings) and a worth without 'you' (advice.reason):
    every choice offered along a few games, told as an AI's reason, says 'it' and 'its'."""
    game, ai = engine.get_game(slug), engine.get_ai(slug)
    retold = 0
    for seed in range(2):
        state = game.setup(3, seed)
        for step in range(150):
            if game.outcome(state) is not None:
                break
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            for shown in game.explain(state, seat, legal) if step % 3 == 0 else ():
                why = reason(shown, ai.worth_words(0.5))
                assert not SECOND_PERSON.search(why_line("Contrail AI 1 (standard)", why)), why
                retold += SECOND_PERSON.search(why) is not None
            state = game.apply(state, seat, ai.greedy(state, seat, random.Random(step)))
    assert retold  # the games' menu words do speak to the player: those reasons were retold
