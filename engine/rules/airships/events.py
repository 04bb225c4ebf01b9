"""Airships events: every sentence the rules write about a go, each with its news weight for the board's headline."""

from __future__ import annotations

from engine.events import Blank, Event, News, Seat
from engine.rules.airships import dice
from engine.rules.airships.records import Colour, Components
from engine.rules.airships.state import Throw
from engine.rules.airships.words import card_name, short_name
from engine.sentences import Sentences
from engine.words import count

p = Seat  # events name seats by value; a surface puts the players' names in

# What the table hears after a build, when it changes the Hindenburg's state.
HINDENBURG_OPENS = " A pile is used up: the Hindenburg can now be built!"
HINDENBURG_COMPLETE = " The Hindenburg is complete!"

# Every sentence below is a key, a template and a weight in the game's catalogue: the writers emit its event with
# the blanks' values (a "{who}" holds a Seat), and the surfaces word it from here, weighing it by its key.
SENTENCES = Sentences()
add = SENTENCES.add

# the game's end
GAME_OVER = add("game_over", "The game is over.", News.FINAL)
STUCK = add("stuck", "No one can throw for any card: the game is over.", News.FINAL)
# what a table talks about: an airship or a Hindenburg phase built, a new era
BUILDS = add("builds", "{who} builds {card}.", News.MILESTONE)  # the Hindenburg was open already: no wooden airship
BUILDS_AND_TAKES = add("builds_and_takes", "{who} builds {card} and takes the wooden airship.{then}", News.MILESTONE)
CHANGE_OF_ERA = add("change_of_era", "{who} turns over the Change of Era! Every entrepreneur flips over: each player now has a red "
                    "die too.", News.MILESTONE)
# a card won, a compensation chip won
JOINS = add("joins", "{card} joins {who}'s {department}.{replaced}{chips}", News.GAIN)
COMPENSATED = add("compensated", "{who} fails to win {card} and takes a compensation chip.", News.GAIN)
# ordinary moves: a throw chosen, thrown, decided
DECLARES = add("declares", "{who} will throw for {card}.", News.PLAY)
THROWS = add("throws", "{who} throws for {card}{exchange}: {dice} → kept {kept} = {dice_total}{bonuses} vs {target}: {verdict}",
             News.PLAY)
CHIP_WOULD_DO = add("chip_would_do", THROWS.template + " One bonus chip would do it.", News.PLAY)
USES_A_CHIP = add("uses_a_chip", "{who} uses a bonus chip: {total} vs {target}, success!", News.PLAY)
KEEPS_THE_CHIPS = add("keeps_the_chips", "{who} keeps their bonus chips: {total} vs {target}, short.", News.PLAY)
NO_CHIP_LEFT = add("no_chip_left", "{who} fails to win {card}; no bonus chip is left to take.", News.PLAY)
ANOTHER_GO = add("another_go", "{who} pays {chips} for another go.", News.PLAY)
# bookkeeping: a card turned over, a pass, the turn's end, a choice taken back
TURNS_OVER = add("turns_over", "{who} turns over {card}.", News.ROUTINE)
TURNS_OVER_A_FULL_ROW = add("turns_over_a_full_row", "{who} turns over {card}. The row is full, so {dropped} is discarded from the display.",
                            News.ROUTINE)
PASSES = add("passes", "{who} has the dice for no card on the table and passes.", News.ROUTINE)
ENDS_THE_TURN = add("ends_the_turn", "{who} ends the turn.", News.ROUTINE)
TAKES_BACK = add("takes_back", "{who} takes back the choice of card.", News.ROUTINE)
# a clause of JOINS: the Captain's bonus chips a card brings
TAKES_CHIPS = add("takes_chips", " {who} takes {chips}.", News.ROUTINE)


# --- the writers ----------------------------------------------------------------------------------
# Those that name a card take the game's components (state.data): a data pack may name its cards otherwise.


def game_over(stuck: bool = False) -> Event:
    return (STUCK if stuck else GAME_OVER).event()


def turned_over(data: Components, seat: int, card_id: str, dropped: str | None) -> Event:
    if dropped is None:
        return TURNS_OVER.event(who=p(seat), card=card_name(data, card_id))
    return TURNS_OVER_A_FULL_ROW.event(who=p(seat), card=card_name(data, card_id), dropped=data.card_name(dropped))


def change_of_era(seat: int) -> Event:
    return CHANGE_OF_ERA.event(who=p(seat))


def declared(data: Components, seat: int, card_id: str) -> Event:
    return DECLARES.event(who=p(seat), card=card_name(data, card_id))


def taken_back(seat: int) -> Event:
    return TAKES_BACK.event(who=p(seat))


def chip_needed(data: Components, result: Throw) -> Event:
    return CHIP_WOULD_DO.event(**throw_blanks(data, result))


def chip_decided(seat: int, result: Throw, used: bool) -> Event:
    # The throw itself was told when the chip was asked for: say only what the decision made of it.
    return (USES_A_CHIP if used else KEEPS_THE_CHIPS).event(who=p(seat), total=result.total, target=result.target)


def compensated(data: Components, seat: int, card_id: str, got_chip: bool) -> Event:
    """A failed throw's end, short enough for the headline (the throw before it said the card in full)."""
    return (COMPENSATED if got_chip else NO_CHIP_LEFT).event(who=p(seat), card=short_name(data, card_id))


def expansion_won(data: Components, seat: int, card_id: str, old: str | None, chips: int | None) -> Event:
    """The card joins the company; `chips` are the Captain's chips taken (None: the card brings none)."""
    card = data.expansions[card_id]
    replaced = "" if old is None else f" It replaces their {data.card_name(old)}, which is discarded."
    taken: Event | str = ""
    if chips:
        taken = TAKES_CHIPS.event(who=p(seat), chips=count(chips, "bonus chip"))
    elif chips == 0:
        taken = " No bonus chip is left in their supply to take."
    return JOINS.event(card=card.name, who=p(seat), department=card.department.value.capitalize(), replaced=replaced,
                     chips=taken)


def airship_built(data: Components, seat: int, card_id: str, takes_wooden: bool, opens_hindenburg: bool) -> Event:
    if not takes_wooden:
        return BUILDS.event(who=p(seat), card=card_name(data, card_id))
    then = HINDENBURG_OPENS if opens_hindenburg else ""
    return BUILDS_AND_TAKES.event(who=p(seat), card=card_name(data, card_id), then=then)


def phase_built(data: Components, seat: int, card_id: str, complete: bool) -> Event:
    then = HINDENBURG_COMPLETE if complete else ""
    return BUILDS_AND_TAKES.event(who=p(seat), card=card_name(data, card_id), then=then)


def another_go(seat: int, price: int) -> Event:
    return ANOTHER_GO.event(who=p(seat), chips=count(price, "bonus chip"))


def turn_ended(seat: int) -> Event:
    return ENDS_THE_TURN.event(who=p(seat))


def passed(seat: int) -> Event:
    return PASSES.event(who=p(seat))


# --- a throw, die by die --------------------------------------------------------------------------


def best_count(rolled: int, needed: int, t: Throw, colour: str) -> str:
    """Why a throw rolls more dice than count: every usable die is thrown and only the best are kept."""
    imaginary = sum(1 for d in t.kept if d.imaginary and d.colour == colour)
    if rolled + imaginary <= needed:
        return ""
    return " (the best counts)" if needed == 1 else f" (the best {needed} count)"


def describe_throw(data: Components, t: Throw) -> Event:
    """'{p0} throws for X: white 3 2 2 (the best 2 count), red 4 → kept 3+2+4 = 9 +1 engine = 10 vs 9: success!'"""
    return THROWS.event(**throw_blanks(data, t))


def throw_blanks(data: Components, t: Throw) -> dict[str, Blank]:
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
