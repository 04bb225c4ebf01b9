"""Airships in plain words: what each card gives, menu texts a newcomer reads, and the glossary of the terms they use."""

from __future__ import annotations

import re

import pytest

from airships_helpers import C, GAME, give, set_chips, starting_dice, table, throw_for
from engine.cli.simulate import play_random
from engine.core import MAX_LABEL, Action
from engine.rules.airships import words
from engine.rules.airships.state import Step
from engine.rules.guide import load_guide

pytestmark = pytest.mark.xdist_group("airships_words")  # one worker plays the games the choices come from

# The game's own terms that the menus and messages use: each must be explained in the glossary.
TERMS = ("imaginary", "exchange", "bonus chip", "era", "entrepreneur", "wooden airship", "compensation", "VP",
         "Hindenburg phase", "go", "supply", "display", "department", "engine")


def glossary() -> str:
    topic = next(topic for topic in load_guide("engine.rules.airships") if topic.key == "glossary")
    assert topic.title == "Words of the game"
    return topic.text


def all_choices(games: int = 16) -> list[Action]:
    """Every choice, with its detail, that random games offered."""
    found: dict[tuple[str, str], Action] = {}

    def note(state, seat, action) -> None:
        for s in GAME.to_act(state):
            for choice in GAME.explain(state, s, GAME.legal_actions(state, s)):
                found.setdefault((choice.label, choice.detail), choice)

    for seed in range(games):
        play_random(GAME, 2 + seed % 3, seed, on_move=note)
    return list(found.values())


@pytest.fixture(scope="module")
def choices() -> list[Action]:
    return all_choices()


# --- what a card gives ------------------------------------------------------------------------------


@pytest.mark.parametrize(("card_id", "said"), [
    ("e1-engineers-1", "an imaginary white die that always shows 2"),  # Ludwig Dürr
    ("e1-materials-1", "an exchange of 2 white dice for 1 red die"),  # Goldbeater's Skin
    ("e1-materials-2", "an exchange of 3 white dice for 2 red dice"),  # the rulebook's example card
    ("e1-captains-1", "1 white die and 1 bonus chip at once"),
    ("e2-engines-1", "+1 on every throw"),
    ("e2-financiers-1", "1 white die and 3 VP"),
])
def test_a_card_says_in_plain_words_what_it_gives(card_id: str, said: str) -> None:
    assert words.gives(C, card_id) == said


def test_dice_are_counted_with_the_right_plural() -> None:
    assert words.dice_words(C.expansions["s-hangars"].dice) == "1 white die"
    assert words.dice_words(C.expansions["e1-financiers-2"].dice) == "2 white dice"
    assert words.colour_dice(1, "red") == "1 red die" and words.colour_dice(3, "white") == "3 white dice"


def test_no_choice_speaks_the_old_shorthand(choices: list[Action]) -> None:
    """'Gives imaginary white 2' and 'exchange 2 white → 1 red' were what players could not read."""
    for choice in choices:
        text = f"{choice.label} | {choice.detail}"
        assert "→" not in text and "Gives imaginary" not in text and "exchange 2 white" not in text, text
        assert not re.search(r"\b\d+\+", text), text  # '7+' is written 'needs 7'
        assert not re.search(r"\b1 (\w+ )?(dice|chips)\b|\b([02-9]|\d\d) (\w+ )?(die|chip)\b", text), text


def test_labels_are_short_and_details_fit_a_menu(choices: list[Action]) -> None:
    assert {choice.kind for choice in choices} >= {"throw", "roll", "back", "chip", "go"}
    for choice in choices:
        assert choice.detail and len(choice.detail) <= MAX_LABEL
        assert len(choice.label) <= 70, choice.label  # the label names the choice; the detail tells the rest
    throws = [choice for choice in choices if choice.kind == "throw"]
    assert all("%" in choice.detail for choice in throws)  # the odds, where the dice decide
    assert any("needs " in choice.detail for choice in throws)


def test_a_throw_choice_names_the_card_and_tells_the_odds_dice_and_gift() -> None:
    state = table(display=("e1-materials-2", "e1-hangars-3", "e1-captains-2"))
    give(state, 0, "e1-financiers-2", "s-engines", "s-captains")  # 4 white dice, of which 3 are thrown
    said = {a.args[0]: a for a in GAME.explain(state, 0, GAME.legal_actions(state, 0))}
    assert said["e1-hangars-3"].label == "Throw for Ciampino Hangar (Hangars)"
    assert said["e1-hangars-3"].detail == "37% (63% with a bonus chip) · needs 7 on 3 white dice · gives 1 black die"
    # Where all of it would not fit a menu, the dice it needs give way (the card's tile shows them), then the score.
    assert said["e1-captains-2"].detail == ("37% (63% with a bonus chip) · gives 1 white die and "
                                            "2 bonus chips at once; replaces Anton Wittemann")
    assert said["e1-materials-2"].label == "Throw for Rubberised Silk (Materials)"
    assert said["e1-materials-2"].detail == ("63% (85% with a bonus chip) · needs 6 · "
                                             "gives an exchange of 3 white dice for 2 red dice")


def test_the_bonus_chip_choice_says_which_card_it_wins_and_what_it_leaves(dice) -> None:
    state = table()
    starting_dice(state, 0)
    set_chips(state, 0, 2)
    dice(2, 2)  # 4 of the 5 needed
    state = throw_for(state, "a-light-1")
    assert state.step is Step.BONUS_CHIP
    use, keep = GAME.explain(state, 0, GAME.legal_actions(state, 0))
    assert (use.label, use.detail) == ("Use a bonus chip: +1 makes the 5 you need",
                                       "You win the airship LZ 1; 1 bonus chip left")
    assert keep.label == "Keep your bonus chips: the throw fails"


def test_shortened_text_is_cut_at_a_word_and_never_inside_a_name() -> None:
    text = "gives 1 red die and an exchange of 3 white dice for 2 red dice; replaces your Henri Deutsch de la Meurthe"
    cut = words.shorten(text, 60)
    assert len(cut) <= 60 and cut.endswith("…") and text.startswith(cut[:-1])
    assert text[len(cut) - 1] == " "  # the next character was a space: no word was cut
    assert words.shorten("short", 60) == "short"
    assert words.first_fitting(["a very long text indeed", "short"], 10) == "short"


# --- the glossary -----------------------------------------------------------------------------------


def test_the_glossary_explains_every_term_the_choices_use(choices: list[Action]) -> None:
    text = glossary()
    explained = [term for term in TERMS if re.search(rf"\*\*[^*]*{re.escape(term)}[^*]*\*\*", text, re.IGNORECASE)]
    assert explained == list(TERMS)
    used = " ".join(f"{choice.label} {choice.detail}" for choice in choices).lower()
    assert all(term.lower() in text.lower() for term in TERMS if term.lower() in used)


def test_the_rule_topics_explain_the_terms_where_they_matter() -> None:
    topics = {topic.key: topic.text for topic in load_guide("engine.rules.airships")}
    assert "imaginary" in topics["exchanges"] and "exchange" in topics["exchanges"]
    assert "bonus chip" in topics["bonuses"].lower() and "compensation" in topics["bonuses"]
    assert "Change of Era" in topics["go"] and "entrepreneur" in topics["go"]
    assert "glossary" in topics["overview"]  # a newcomer is pointed at the words first


def test_the_hand_says_the_company_in_the_same_plain_words() -> None:
    state = table()
    give(state, 0, "e1-engineers-1", "e1-materials-1")  # Ludwig Dürr, Goldbeater's Skin
    fields = dict(GAME.hand_fields(GAME.view(state, 0)))
    assert "Imaginary: a white die that always shows 2" in fields["Dice"]
    assert "Materials: Goldbeater's Skin (an exchange of 2 white dice for 1 red die)" in fields["Departments"]
    assert fields["Company"].endswith("0 VP, 0 airships built")
