"""A game's setup options: the optional rules a table switches on, and the edition of the rules it plays by."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import FIRST_EDITION, Game, GameError

__all__ = [
    "EDITION", "FIRST_EDITION", "GameOption", "chosen_options", "current_edition", "edition_of", "game_options",
    "PACK", "fixed", "pack_of", "read_options", "stored_edition", "with_edition",
]

GameOption = tuple[str, str]  # an optional rule: its key in the setup options, and what it changes in words

# The setup option that names the edition of a game's rules a table plays by. A game's rules may change (a
# rule read again, component data corrected); a game started under an earlier edition keeps replaying by it.
EDITION = "edition"


def current_edition(game: Game) -> int:
    """The edition of the game's rules a new table plays by (1 for a game whose rules never changed).

    Like `options`, `edition` is not a member of the Game protocol: a game without it is in its first edition.
    """
    return int(getattr(game, "edition", FIRST_EDITION))


def with_edition(game: Game, options: Mapping[str, Any]) -> dict[str, Any]:
    """A new table's setup options: its optional rules and the edition of the rules it will be played by."""
    return {**options, EDITION: current_edition(game)}


def stored_edition(options: Mapping[str, Any]) -> dict[str, Any]:
    """A stored game's setup options; one stored before editions existed was started under the first."""
    return dict(options) if EDITION in options else {**options, EDITION: FIRST_EDITION}


def edition_of(options: Mapping[str, Any], current: int) -> int:
    """The edition setup options ask for (the current one if they name none); GameError for one there isn't."""
    edition = options.get(EDITION, current)
    if isinstance(edition, bool) or not isinstance(edition, int) or not FIRST_EDITION <= edition <= current:
        raise GameError(f"These rules have editions {FIRST_EDITION} to {current}, not {edition!r}.")
    return edition


# The setup option that names the data pack a game plays with: the pack's digest (engine.rules.packs), absent or ""
# for the built-in cards. Like the edition it is part of what a replay starts from.
PACK = "pack"


def pack_of(options: Mapping[str, Any]) -> str:
    """The digest of the pack setup options ask for ("" for the built-in cards); GameError for a malformed one."""
    pack = options.get(PACK, "")
    if not isinstance(pack, str) or (pack and (len(pack) != 64 or pack.strip("0123456789abcdef"))):
        raise GameError(f"That is not a card pack's name: {pack!r}.")
    return pack


def fixed(options: Mapping[str, Any]) -> dict[str, Any]:
    """The setup options a table keeps from its opening whatever rules its creator switches: edition and pack."""
    return {key: options[key] for key in (EDITION, PACK) if key in options}


def game_options(game: Game) -> tuple[GameOption, ...]:
    """A game's optional rules, each switched on or off at /game new; none for a game without any.

    Like `stats`, `options` is not a member of the Game protocol: a game without optional rules keeps the contract.
    """
    return tuple(getattr(game, "options", ()))


def chosen_options(game: Game, keys: Sequence[str]) -> dict[str, bool]:
    """The setup options for these optional rules switched on (the rest off); GameError names an unknown one."""
    known = dict(game_options(game))
    unknown = [key for key in keys if key not in known]
    if unknown:
        listed = ", ".join(known) if known else "none"
        raise GameError(f"{game.title} has no optional rule called {unknown[0]!r}. Its optional rules: {listed}.")
    return {key: key in keys for key in known}


def read_options(game: Game, text: str) -> dict[str, bool]:
    """Optional rules as typed at /game new: 'all', 'none', or keys separated by commas or spaces."""
    words = [word for word in text.replace(",", " ").split() if word]
    if [w.lower() for w in words] == ["all"]:
        return chosen_options(game, [key for key, _ in game_options(game)])
    if not words or [w.lower() for w in words] == ["none"]:
        return chosen_options(game, [])
    return chosen_options(game, words)
