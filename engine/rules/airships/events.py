"""Airships events: every sentence the rules write about a go, and how much news each is for the board's headline."""

from __future__ import annotations

import re

from engine.core import News, seat_token
from engine.rules.airships import dice
from engine.rules.airships.data import Colour, components
from engine.rules.airships.state import Throw
from engine.rules.airships.words import card_name, short_name
from engine.words import count

p = seat_token  # events name seats by token; the service puts the players' names in

# Each sentence below has its pattern here, matched against a whole event line: a sentence reworded without
# its pattern matches none, which the playout tests catch (every event must be weighed on purpose).
SEAT = r"\{p\d+\}"
NEWS_PATTERNS: tuple[tuple[re.Pattern[str], News], ...] = tuple((re.compile(pattern), news) for pattern, news in (
    # the game's end
    (r"(No one can throw for any card: )?[Tt]he game is over\.", News.FINAL),
    # what a table talks about: an airship built, a Hindenburg phase, a new era
    (rf"{SEAT} builds the airship .+[.!]", News.MILESTONE),
    (rf"{SEAT} builds Hindenburg phase \d .+[.!]", News.MILESTONE),
    (rf"{SEAT} turns over the Change of Era! .+", News.MILESTONE),
    # a card won, bonus chips won
    (rf".+ joins {SEAT}'s \w+\..*", News.GAIN),
    (rf"{SEAT} fails to win .+ and takes a compensation chip\.", News.GAIN),
    # ordinary moves: a throw chosen, thrown, decided
    (rf"{SEAT} will throw for .+\.", News.PLAY),
    (rf"{SEAT} throws for .+: (success!|short\.)( One bonus chip would do it\.)?", News.PLAY),
    (rf"{SEAT} (uses a bonus chip|keeps their bonus chips): \d+ vs \d+, (success!|short\.)", News.PLAY),
    (rf"{SEAT} fails to win .+; no bonus chip is left to take\.", News.PLAY),
    (rf"{SEAT} pays \d+ bonus chips for another go\.", News.PLAY),
    # bookkeeping: a card turned over, a pass, the turn's end, a choice taken back
    (rf"{SEAT} turns over .+\.", News.ROUTINE),
    (rf"{SEAT} has the dice for no card on the table and passes\.", News.ROUTINE),
    (rf"{SEAT} ends the turn\.", News.ROUTINE),
    (rf"{SEAT} takes back the choice of card\.", News.ROUTINE),
))


def weigh(event: str) -> News | None:
    """The news of one event line, by the first pattern that matches all of it; None for a line no pattern knows."""
    return next((news for pattern, news in NEWS_PATTERNS if pattern.fullmatch(event)), None)


def news(event: str) -> News:
    """The headline's weight of an event; a line no pattern knows is an ordinary move."""
    weight = weigh(event)
    return News.PLAY if weight is None else weight


# --- the sentences --------------------------------------------------------------------------------


def game_over(stuck: bool = False) -> str:
    return "No one can throw for any card: the game is over." if stuck else "The game is over."


def turned_over(seat: int, card_id: str, dropped: str | None) -> str:
    line = f"{p(seat)} turns over {card_name(card_id)}."
    if dropped is not None:
        line += f" The row is full, so {components().card_name(dropped)} is discarded from the display."
    return line


def change_of_era(seat: int) -> str:
    return f"{p(seat)} turns over the Change of Era! Every entrepreneur flips over: each player now has a red die too."


def declared(seat: int, card_id: str) -> str:
    return f"{p(seat)} will throw for {card_name(card_id)}."


def taken_back(seat: int) -> str:
    return f"{p(seat)} takes back the choice of card."


def chip_needed(result: Throw) -> str:
    return describe_throw(result) + " One bonus chip would do it."


def chip_decided(seat: int, result: Throw, used: bool) -> str:
    # The throw itself was told when the chip was asked for: say only what the decision made of it.
    decided = "uses a bonus chip" if used else "keeps their bonus chips"
    return f"{p(seat)} {decided}: {result.total} vs {result.target}, {'success!' if used else 'short.'}"


def compensated(seat: int, card_id: str, got_chip: bool) -> str:
    """A failed throw's end, short enough for the headline (the throw before it said the card in full)."""
    what = " and takes a compensation chip." if got_chip else "; no bonus chip is left to take."
    return f"{p(seat)} fails to win {short_name(card_id)}{what}"


def expansion_won(seat: int, card_id: str, old: str | None, chips: int | None) -> str:
    """The card joins the company; `chips` are the Captain's chips taken (None: the card brings none)."""
    card = components().expansions[card_id]
    line = f"{card.name} joins {p(seat)}'s {card.department.value.capitalize()}."
    if old is not None:
        line += f" It replaces their {components().card_name(old)}, which is discarded."
    if chips:
        line += f" {p(seat)} takes {count(chips, 'bonus chip')}."
    elif chips == 0:
        line += " No bonus chip is left in their supply to take."
    return line


def airship_built(seat: int, card_id: str, takes_wooden: bool, opens_hindenburg: bool) -> str:
    line = f"{p(seat)} builds {card_name(card_id)}"
    line += " and takes the wooden airship." if takes_wooden else "."
    if opens_hindenburg:
        line += " A pile is used up: the Hindenburg can now be built!"
    return line


def phase_built(seat: int, card_id: str, complete: bool) -> str:
    line = f"{p(seat)} builds {card_name(card_id)} and takes the wooden airship."
    return line + (" The Hindenburg is complete!" if complete else "")


def another_go(seat: int, price: int) -> str:
    return f"{p(seat)} pays {price} bonus chips for another go."


def turn_ended(seat: int) -> str:
    return f"{p(seat)} ends the turn."


def passed(seat: int) -> str:
    return f"{p(seat)} has the dice for no card on the table and passes."


# --- a throw, die by die --------------------------------------------------------------------------


def best_count(rolled: int, needed: int, t: Throw, colour: str) -> str:
    """Why a throw rolls more dice than count: every usable die is thrown and only the best are kept."""
    imaginary = sum(1 for d in t.kept if d.imaginary and d.colour == colour)
    if rolled + imaginary <= needed:
        return ""
    return " (the best counts)" if needed == 1 else f" (the best {needed} count)"


def describe_throw(t: Throw) -> str:
    """'{p0} throws for X: white 3 2 2 (the best 2 count), red 4 → kept 3+2+4 = 9 +1 engine = 10 vs 9: success!'"""
    cost, _ = dice.cost_and_target(t.card)
    rolled = ", ".join(
        f"{colour} {' '.join(map(str, values))}{best_count(len(values), cost.of(Colour(colour)), t, colour)}"
        for colour, values in t.rolled.items() if values
    )
    imaginary = [f"imaginary {d.colour} {d.value}" for d in t.kept if d.imaginary]
    parts = "; ".join(x for x in (rolled, *imaginary) if x)
    kept = "+".join(str(d.value) for d in t.kept)
    bonuses = "".join(f" +{amount} {source}" for source, amount in t.bonuses)
    exchange = f" (exchanging {t.exchange})" if t.exchange else ""
    verdict = "success!" if t.success else "short."
    return (f"{p(t.seat)} throws for {card_name(t.card)}{exchange}: {parts} → kept {kept} = {t.dice_total}"
            f"{bonuses}{f' = {t.total}' if t.bonuses else ''} vs {t.target}: {verdict}")
