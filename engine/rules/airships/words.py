"""Airships cards in plain words: a card's name as a sentence says it, and what an expansion card gives."""

from __future__ import annotations

from engine.rules.airships.records import Components, Dice, EngineBonus, Exchange, ExpansionCard, ImaginaryDie, per_data
from engine.rules.airships.state import hindenburg_id, phase_number
from engine.words import count

ELLIPSIS = "…"


def dice_words(dice: Dice) -> str:
    """'1 white die', '2 white dice', '2 white dice + 1 red die'."""
    return " + ".join(colour_dice(n, colour.value) for colour, n in dice.items()) or "no dice"


def colour_dice(number: int, colour: str) -> str:
    """'1 red die', '3 white dice'."""
    return count(number, f"{colour} die", plural=f"{colour} dice")


def imaginary_words(die: ImaginaryDie) -> str:
    """An Engineer's die: never thrown, its number fixed."""
    return f"an imaginary {die.colour.value} die that always shows {die.value}"


def exchange_words(exchange: Exchange) -> str:
    """'3 white dice for 2 red dice': what a Materials card lets you give and get for one throw."""
    return (f"{colour_dice(exchange.give_count, exchange.give.value)} for "
            f"{colour_dice(exchange.get_count, exchange.get.value)}")


def engine_words(engine: EngineBonus) -> str:
    """'+1 on every throw', '+2 on throws with red dice'."""
    return f"+{engine.amount} on {'every throw' if engine.colour is None else f'throws with {engine.colour.value} dice'}"


def gifts(data: Components, card_id: str) -> tuple[str, ...]:
    """What an expansion card gives its owner, each in plain words: dice, help on throws, chips, VP."""
    return all_gifts(data)[card_id]


@per_data  # every view and menu says them again: once per game's components
def all_gifts(data: Components) -> dict[str, tuple[str, ...]]:
    return {card.id: gifts_of(card) for card in data.expansions.values()}


def gifts_of(card: ExpansionCard) -> tuple[str, ...]:
    parts = []
    if card.dice.total():
        parts.append(dice_words(card.dice))
    if card.imaginary:
        parts.append(imaginary_words(card.imaginary))
    if card.exchange:
        parts.append(f"an exchange of {exchange_words(card.exchange)}")
    if card.engine:
        parts.append(engine_words(card.engine))
    if card.chips:
        parts.append(f"{count(card.chips, 'bonus chip')} at once")
    if card.vp:
        parts.append(f"{card.vp} VP")
    return tuple(parts)


def listed(parts: tuple[str, ...] | list[str]) -> str:
    """'a, b and c'."""
    return " and ".join(parts) if len(parts) < 3 else ", ".join(parts[:-1]) + " and " + parts[-1]


def gives(data: Components, card_id: str) -> str:
    """'1 black die and 2 bonus chips when won': an expansion card's gifts, '' when it gives nothing."""
    return listed(gifts(data, card_id))


def card_name(data: Components, card_id: str) -> str:
    """A card as a sentence names it: 'Hugo Eckener (Engineers)', 'the airship LZ 1', 'Hindenburg phase 1 (Frame)'."""
    return card_names(data)[card_id]


@per_data  # every menu of cards and most events name them: once per game's components
def card_names(data: Components) -> dict[str, str]:
    names = {card.id: f"{card.name} ({card.department.value.capitalize()})" for card in data.expansions.values()}
    names.update({card.id: f"the airship {card.name}" for card in data.airships.values()})
    names.update({hindenburg_id(p.number): f"Hindenburg phase {p.number} ({p.name})" for p in data.hindenburg})
    return names


def short_name(data: Components, card_id: str) -> str:
    """A card's own name, where the sentence already said what kind it is: 'Hugo Eckener', 'LZ 1', 'Hindenburg phase 1'."""
    if card_id in data.expansions or card_id in data.airships:
        return data.card_name(card_id)
    return f"Hindenburg phase {phase_number(card_id)}"


def shorten(text: str, limit: int) -> str:
    """The text cut to `limit` characters at a word boundary, with an ellipsis; whole when it fits."""
    if len(text) <= limit:
        return text
    head = text[:limit]
    # Never inside a word or a name: back to the last space (a text of one long word is cut where it must).
    cut = head.rsplit(" ", 1)[0].rstrip(" ,;·:") if " " in head else head[: limit - len(ELLIPSIS)]
    return cut + ELLIPSIS


def first_fitting(candidates: list[str], limit: int) -> str:
    """The first of `candidates` (fullest first) that fits `limit`; else the last, cut at a word boundary."""
    return next((text for text in candidates if len(text) <= limit), shorten(candidates[-1], limit))
