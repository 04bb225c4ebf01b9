"""Words said to a player ('End your turn', 'you pay $4'), told of an AI seat in the third person instead."""

from __future__ import annotations

import re

# Menu words and their details speak to the player who chooses; an AI seat's reason retells them about the AI.
# Whole words only, the case of the first letter kept ('Your' -> 'Its').
POSSESSIVE = {"your": "its", "yours": "its own", "yourself": "itself"}
CONTRACTED = {"you'd": "it would", "you're": "it is", "you'll": "it will", "you've": "it has"}
# After these, "you" is the object and the verb that follows stays bare ('lets you reserve' -> 'lets it reserve').
LETTING = frozenset({"let", "lets", "letting", "make", "makes", "help", "helps"})
# Words that follow a "you" without being its verb ('leaves you a card', 'you and black'): "you" is the object.
NOT_VERBS = frozenset({
    "a", "an", "the", "and", "or", "but", "to", "for", "of", "in", "on", "at", "with", "from", "by", "as", "than",
    "nothing", "none", "no", "all", "both", "each", "one", "two", "three", "any", "more", "less", "only", "now",
})
MODALS = frozenset({"may", "might", "can", "cannot", "can't", "could", "will", "won't", "would", "should", "must"})
IRREGULAR = {"are": "is", "were": "was", "have": "has", "do": "does", "don't": "doesn't", "go": "goes"}
YOU = re.compile(r"\b(you(?:'d|'re|'ll|'ve|rself|rs|r)?)\b(?:(\s+)([a-z]+(?:'t)?)\b)?", re.IGNORECASE)
AND_VERB = re.compile(r"([^;:.—]*?\band )([a-z]+)\b")  # 'you set its price and buy': the verb after "and" too


def third_person(text: str) -> str:
    """The words with every 'you' and 'your' told of an AI ('it', 'its'), the verbs that follow agreeing."""
    out: list[str] = []
    last = 0
    for match in YOU.finditer(text):
        out.append(text[last:match.start()])
        word, space, after = match.group(1), match.group(2) or "", match.group(3) or ""
        said, rest = retold(word, after, previous_word(text, match.start()))
        out.append(keep_case(word, said) + (space + rest if after else ""))
        last = match.end()
        if said == "it" and rest != after:  # a verb made to agree: its pair too
            pair = AND_VERB.match(text, last)
            if pair and pair.group(2) not in NOT_VERBS:
                out.append(text[last:pair.start(2)] + agreeing(pair.group(2)))
                last = pair.end()
    out.append(text[last:])
    return "".join(out)


def retold(word: str, after: str, before: str) -> tuple[str, str]:
    """One 'you' word and the word after it, told of an AI: ('it', 'pays') for ('you', 'pay')."""
    lowered = word.lower()
    if lowered in POSSESSIVE:
        return POSSESSIVE[lowered], after
    if lowered in CONTRACTED:
        return CONTRACTED[lowered], after
    verb = after.lower()
    if not after or before in LETTING or verb in NOT_VERBS or verb in MODALS or after != verb:
        return "it", after  # the object ('costs you $2'), a modal ('you may'), or a name after it
    return "it", agreeing(verb)


def agreeing(verb: str) -> str:
    """A bare verb as 'it' says it: 'pays', 'throws', 'has', 'flies', 'reaches'."""
    if verb in IRREGULAR:
        return IRREGULAR[verb]
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if len(verb) > 1 and verb.endswith("y") and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def previous_word(text: str, end: int) -> str:
    """The word just before `end`, lower case ('' at the start)."""
    words = re.findall(r"[a-z']+", text[:end].lower())
    return words[-1] if words else ""


def keep_case(original: str, said: str) -> str:
    """'Your' -> 'Its', 'your' -> 'its'."""
    return said[:1].upper() + said[1:] if original[:1].isupper() else said
