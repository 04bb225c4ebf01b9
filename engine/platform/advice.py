"""Why a choice, once for every game: the hint a player asks for and the reason an AI seat gives for its move."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.core import Action, Game, GameAI, find_choice, redealt
from engine.platform.thinking import MOVE, Clock, Search, Spread, Weighed, play_on, ranked, told_worth
from engine.words import count

ALTERNATIVES = 2  # the choices a hint names beside its suggestion
TOLD_WORLDS = 4  # worlds an AI seat's reason looks into: a steadier estimate; each costs the AI playing the move on
# (measured: 31, 48 and 106 ms a reason in all for Airships, 1930 and Air Alliance, most of an AI chain's time)


@dataclass(frozen=True)
class Hint:
    """What the AI would choose and why, and the two best other choices, each with what it is worth."""

    suggestion: Weighed
    because: str  # one or two sentences in the game's words
    alternatives: tuple[tuple[Weighed, str], ...]  # (choice, its told worth in words), best told first


def what_it_brings(action: Action) -> str:
    """'Throw for the Graf Zeppelin — 61% with your 3 red dice · 5 VP': the choice and what its menu says of it.
    A dash, not brackets: labels and menu words have brackets of their own ('Hugo Eckener (Engineers)')."""
    label = action.label or action.key
    return f"{label} — {action.detail.rstrip('.')}" if action.detail else label


def reason(action: Action, worth: str) -> str:
    """The reason for a choice in two short sentences: what it brings, and where it leaves the seat. Menu words cut
    to fit a menu end in '…', which ends the first sentence well enough without a full stop after it."""
    brings = what_it_brings(action)
    return f"{brings}{'' if brings.endswith('…') else '.'} It leaves {worth}."


def labelled(game: Game, state: Any, seat: int, actions: list[Action]) -> dict[Action, Action]:
    """Each action with its label and its menu's words, as the seat's own menu shows them."""
    legal = game.legal_actions(state, seat)
    shown = game.explain(state, seat, [a for a in (find_choice(legal, x) for x in actions) if a is not None])
    return {a: a for a in shown}


def hint(game: Game, ai: GameAI, state: Any, seat: int, deal: random.Random, search: Search,
         clock: Clock | None = None, spread: Spread | None = None) -> Hint:
    """The strong level's choice for the seat (the standard AI's unless looking ahead shows better), why, and
    the two best alternatives; only what the seat could know is looked at (the worlds are re-dealt for it)."""
    weighed = search.weighed(game, ai, state, seat, deal, clock, keep=ALTERNATIVES + 2, whole=1, tell=True,
                             spread=spread)
    chosen = search.pick(weighed)
    order = ranked(weighed)
    suggestion = next(w for w in order if w.action == chosen)
    others = sorted([w for w in order if w.action != chosen][:ALTERNATIVES], key=lambda w: -w.told)
    shown = labelled(game, state, seat, [w.action for w in [suggestion, *others]])

    def show(w: Weighed) -> Weighed:
        return Weighed(shown.get(w.action, w.action), w.value, w.worlds, w.told)

    return Hint(show(suggestion), reason(show(suggestion).action, ai.worth_words(suggestion.told)),
                tuple((show(w), alternative_words(ai, w, suggestion)) for w in others))


def alternative_words(ai: GameAI, alternative: Weighed, suggestion: Weighed) -> str:
    """An alternative's told worth; where it reads better than the suggestion's, why the suggestion is still the
    one, by what the look-ahead saw: the alternative fell behind in its first worlds and was played no further; or
    the AI's own measure, which it chooses by, put it behind in the same worlds (the words tell another); or its
    lead is within luck, and the look-ahead keeps the standard choice unless another is ahead beyond doubt."""
    words = ai.worth_words(alternative.told)
    if alternative.told <= suggestion.told or words == ai.worth_words(suggestion.told):
        return words
    if alternative.worlds < suggestion.worlds:
        return (f"{words} from {count(alternative.worlds, 'try', 'tries')} (the suggestion had "
                f"{suggestion.worlds}): it fell behind early, so the look-ahead tried it no further")
    tries = count(suggestion.worlds, "try", "tries")
    if alternative.value < suggestion.value:
        return f"{words}, but the AI's ranking of where each leads put it behind the suggestion in the same {tries}"
    return f"{words}: ahead in {tries}, but by less than luck explains, so the hint keeps the AI's usual choice"


def told_reason(game: Game, ai: GameAI, state: Any, seat: int, action: Action, deal: random.Random) -> str:
    """The reason an AI seat's move is told with, from what the whole table can see: its own secrets are dealt
    again like everyone's, so the reason shows nothing its move did not (the move itself may not be possible in
    such a world: then it is told by what it brings alone)."""
    values: list[float] = []
    shown = action
    for _ in range(TOLD_WORLDS):
        world = redealt(game, state, None, deal)
        legal = find_choice(game.legal_actions(world, seat), action)
        if legal is None:
            continue  # the move needs a card of the AI's own that this world dealt elsewhere
        shown = game.explain(world, seat, [legal])[0]
        values.append(told_worth(ai, play_on(game, ai, world, seat, legal, MOVE, deal.getrandbits(32)), seat))
    if not values:
        return what_it_brings(action) + "."
    return reason(shown, ai.worth_words(sum(values) / len(values)))
