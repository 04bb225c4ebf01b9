"""Airships events: every sentence the rules write about a go, each with its news weight for the board's headline."""

from __future__ import annotations

from engine.core import News, seat_token
from engine.rules.airships import dice
from engine.rules.airships.records import Colour, Components
from engine.rules.airships.state import Throw
from engine.rules.airships.words import card_name, short_name
from engine.sentences import NUMBER, SEAT, Sentences, one_of
from engine.words import count

p = seat_token  # events name seats by token; the service puts the players' names in

# What the table hears after a build, when it changes the Hindenburg's state.
HINDENBURG_OPENS = " A pile is used up: the Hindenburg can now be built!"
HINDENBURG_COMPLETE = " The Hindenburg is complete!"

# Every sentence below is a template the writers fill in and the game's news weighs (SENTENCES.news): a sentence
# reworded keeps its weight, and words written without one weigh None, which the playout tests catch.
SENTENCES = Sentences({
    "who": SEAT, "target": NUMBER, "total": NUMBER, "dice_total": NUMBER,
    "verdict": one_of("success!", "short."), "then": one_of("", HINDENBURG_OPENS, HINDENBURG_COMPLETE),
})
weigh = SENTENCES.weigh
add = SENTENCES.add

# the game's end
GAME_OVER = add("The game is over.", News.FINAL)
STUCK = add("No one can throw for any card: the game is over.", News.FINAL)
# what a table talks about: an airship or a Hindenburg phase built, a new era
BUILDS = add("{who} builds {card}.", News.MILESTONE)  # the Hindenburg was open already: no wooden airship
BUILDS_AND_TAKES = add("{who} builds {card} and takes the wooden airship.{then}", News.MILESTONE)
CHANGE_OF_ERA = add("{who} turns over the Change of Era! Every entrepreneur flips over: each player now has a red "
                    "die too.", News.MILESTONE)
# a card won, a compensation chip won
JOINS = add("{card} joins {who}'s {department}.{replaced}{chips}", News.GAIN)
COMPENSATED = add("{who} fails to win {card} and takes a compensation chip.", News.GAIN)
# ordinary moves: a throw chosen, thrown, decided
DECLARES = add("{who} will throw for {card}.", News.PLAY)
THROWS = add("{who} throws for {card}{exchange}: {dice} → kept {kept} = {dice_total}{bonuses} vs {target}: {verdict}",
             News.PLAY)
CHIP_WOULD_DO = add(THROWS.template + " One bonus chip would do it.", News.PLAY)
USES_A_CHIP = add("{who} uses a bonus chip: {total} vs {target}, success!", News.PLAY)
KEEPS_THE_CHIPS = add("{who} keeps their bonus chips: {total} vs {target}, short.", News.PLAY)
NO_CHIP_LEFT = add("{who} fails to win {card}; no bonus chip is left to take.", News.PLAY)
ANOTHER_GO = add("{who} pays {chips} for another go.", News.PLAY)
# bookkeeping: a card turned over, a pass, the turn's end, a choice taken back
TURNS_OVER = add("{who} turns over {card}.", News.ROUTINE)
TURNS_OVER_A_FULL_ROW = add("{who} turns over {card}. The row is full, so {dropped} is discarded from the display.",
                            News.ROUTINE)
PASSES = add("{who} has the dice for no card on the table and passes.", News.ROUTINE)
ENDS_THE_TURN = add("{who} ends the turn.", News.ROUTINE)
TAKES_BACK = add("{who} takes back the choice of card.", News.ROUTINE)


# --- the writers ----------------------------------------------------------------------------------
# Those that name a card take the game's components (state.data): a data pack may name its cards otherwise.


def game_over(stuck: bool = False) -> str:
    return (STUCK if stuck else GAME_OVER).say()


def turned_over(data: Components, seat: int, card_id: str, dropped: str | None) -> str:
    if dropped is None:
        return TURNS_OVER.say(who=p(seat), card=card_name(data, card_id))
    return TURNS_OVER_A_FULL_ROW.say(who=p(seat), card=card_name(data, card_id), dropped=data.card_name(dropped))


def change_of_era(seat: int) -> str:
    return CHANGE_OF_ERA.say(who=p(seat))


def declared(data: Components, seat: int, card_id: str) -> str:
    return DECLARES.say(who=p(seat), card=card_name(data, card_id))


def taken_back(seat: int) -> str:
    return TAKES_BACK.say(who=p(seat))


def chip_needed(data: Components, result: Throw) -> str:
    return CHIP_WOULD_DO.say(**throw_blanks(data, result))


def chip_decided(seat: int, result: Throw, used: bool) -> str:
    # The throw itself was told when the chip was asked for: say only what the decision made of it.
    return (USES_A_CHIP if used else KEEPS_THE_CHIPS).say(who=p(seat), total=result.total, target=result.target)


def compensated(data: Components, seat: int, card_id: str, got_chip: bool) -> str:
    """A failed throw's end, short enough for the headline (the throw before it said the card in full)."""
    return (COMPENSATED if got_chip else NO_CHIP_LEFT).say(who=p(seat), card=short_name(data, card_id))


def expansion_won(data: Components, seat: int, card_id: str, old: str | None, chips: int | None) -> str:
    """The card joins the company; `chips` are the Captain's chips taken (None: the card brings none)."""
    card = data.expansions[card_id]
    replaced = "" if old is None else f" It replaces their {data.card_name(old)}, which is discarded."
    taken = ""
    if chips:
        taken = f" {p(seat)} takes {count(chips, 'bonus chip')}."
    elif chips == 0:
        taken = " No bonus chip is left in their supply to take."
    return JOINS.say(card=card.name, who=p(seat), department=card.department.value.capitalize(), replaced=replaced,
                     chips=taken)


def airship_built(data: Components, seat: int, card_id: str, takes_wooden: bool, opens_hindenburg: bool) -> str:
    if not takes_wooden:
        return BUILDS.say(who=p(seat), card=card_name(data, card_id))
    then = HINDENBURG_OPENS if opens_hindenburg else ""
    return BUILDS_AND_TAKES.say(who=p(seat), card=card_name(data, card_id), then=then)


def phase_built(data: Components, seat: int, card_id: str, complete: bool) -> str:
    then = HINDENBURG_COMPLETE if complete else ""
    return BUILDS_AND_TAKES.say(who=p(seat), card=card_name(data, card_id), then=then)


def another_go(seat: int, price: int) -> str:
    return ANOTHER_GO.say(who=p(seat), chips=count(price, "bonus chip"))


def turn_ended(seat: int) -> str:
    return ENDS_THE_TURN.say(who=p(seat))


def passed(seat: int) -> str:
    return PASSES.say(who=p(seat))


# --- a throw, die by die --------------------------------------------------------------------------


def best_count(rolled: int, needed: int, t: Throw, colour: str) -> str:
    """Why a throw rolls more dice than count: every usable die is thrown and only the best are kept."""
    imaginary = sum(1 for d in t.kept if d.imaginary and d.colour == colour)
    if rolled + imaginary <= needed:
        return ""
    return " (the best counts)" if needed == 1 else f" (the best {needed} count)"


def describe_throw(data: Components, t: Throw) -> str:
    """'{p0} throws for X: white 3 2 2 (the best 2 count), red 4 → kept 3+2+4 = 9 +1 engine = 10 vs 9: success!'"""
    return THROWS.say(**throw_blanks(data, t))


def throw_blanks(data: Components, t: Throw) -> dict[str, object]:
    """A throw's dice, what was kept and what was added, as THROWS (and CHIP_WOULD_DO) say them."""
    cost, _ = dice.cost_and_target(data, t.card)
    rolled = ", ".join(
        f"{colour} {' '.join(map(str, values))}{best_count(len(values), cost.of(Colour(colour)), t, colour)}"
        for colour, values in t.rolled.items() if values
    )
    imaginary = [f"imaginary {d.colour} {d.value}" for d in t.kept if d.imaginary]
    bonuses = "".join(f" +{amount} {source}" for source, amount in t.bonuses)
    return {
        "who": p(t.seat), "card": card_name(data, t.card),
        "exchange": f" (exchanging {t.exchange})" if t.exchange else "",
        "dice": "; ".join(x for x in (rolled, *imaginary) if x), "kept": "+".join(str(d.value) for d in t.kept),
        "dice_total": t.dice_total, "bonuses": f"{bonuses} = {t.total}" if t.bonuses else "",
        "target": t.target, "verdict": "success!" if t.success else "short.",
    }
