"""Checking a data pack for a game: its shape, every rulebook fact the game's loader checks, and whole games played."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Protocol, runtime_checkable

import engine
from engine.core import GameError
from engine.options import PACK, pack_of, with_edition
from engine.platform import ratings
from engine.platform.wording import tableless
from engine.rules import packs
from engine.rules.datafile import ComponentFile, DataError, edition_path
from engine.rules.pack_lines import problem_line
from engine.rules.packs import Pack, PackError, entry_name
from engine.view import CommonView, check_common_view
from engine.words import count

TRIAL_SEEDS = (1, 2)  # whole games a new pack must play through at every player count (about 0.1 s each)
INTEGER = 2**63  # the database keeps a score in a signed 64-bit INTEGER
TRIAL_MOVES = 20_000  # far beyond any game's length: a pack that never ends a game is refused


@runtime_checkable
class HasComponentFile(Protocol):
    """A game whose components come from a file a data pack may replace sections of (all three games)."""

    component_file: ComponentFile[Any]


def component_file(game: engine.Game) -> ComponentFile[Any]:
    if not isinstance(game, HasComponentFile):
        raise GameError(f"{game.title} does not take card packs.")
    return game.component_file


def builtin(game: engine.Game) -> Mapping[str, Any]:
    """The built-in component data of the edition a new table plays, as TOML tables."""
    file = component_file(game)
    return file.raw(file.current)


def template(game: engine.Game) -> bytes:
    """The built-in component file of the current edition: the starting point of a pack."""
    file = component_file(game)
    return edition_path(file.path, file.current, file.current).read_bytes()  # with the comments that explain it


@dataclass(frozen=True)
class Checked:
    """A pack that passed every check, and what it changes from the built-in cards, in plain lines."""

    pack: Pack
    changes: tuple[str, ...]


Board = Callable[[str, CommonView], object]  # draws a game's public view: the services' drawing's board


def check(game: engine.Game, data: bytes, board: Board | None = None) -> Checked:
    """Everything a pack must pass before a server may play it; PackError names the first problem and its line.
    `board` draws the end of each trial game as the bot would (the services run this in a process of its own)."""
    pack = packs.read_pack(data, game.slug, builtin(game))
    packs.check_values(pack, component_file(game).limits)
    loaded(game, pack)
    trial(game, pack, board)
    return Checked(pack, tuple(changes(builtin(game), pack)))


def loaded(game: engine.Game, pack: Pack) -> Any:
    """The game's components with the pack laid over the built-in ones, every rulebook fact checked."""
    try:
        return component_file(game).with_pack(pack)
    except DataError as error:
        problem = str(error).removeprefix(f"{pack.name}: ")
        raise PackError(problem, problem_line(pack.text, problem)) from None
    except (ArithmeticError, LookupError, TypeError, ValueError, AttributeError) as error:
        # The loaders name every problem they know of; this is a guard for one they do not, so a pack never crashes.
        raise PackError(f"The game cannot read this pack ({type(error).__name__}: {error}).") from None


def trial(game: engine.Game, pack: Pack, board: Board | None = None) -> None:
    """Play whole games with random choices at every player count, and take each end as the bot does (its board
    drawn, its scores in words, stored and rated): a pack whose cards break any of it, or never end a game, is
    refused."""
    remember(pack)
    for players in range(game.min_players, game.max_players + 1):
        for seed in TRIAL_SEEDS:
            try:
                state = play_out(game, players, seed, pack.digest)
                if state is None:
                    raise PackError(f"A {players}-player game with these cards did not end in {TRIAL_MOVES:,} moves.")
                finish(game, pack, players, state, board)
            except PackError:
                raise
            except MemoryError:
                raise PackError("The pack's trial games needed too much memory.") from None
            except Exception as error:  # any error at all: the cards break the game, its board or its scores
                raise PackError(f"A {players}-player game with these cards breaks ({type(error).__name__}: "
                                f"{_short(error)}).") from None


def play_out(game: engine.Game, players: int, seed: int, digest: str) -> Any | None:
    """One game to its end with random choices: its final state, or None if it does not end."""
    chooser = random.Random(seed)
    state = game.setup(players, seed, with_edition(game, {PACK: digest}))
    for _ in range(TRIAL_MOVES):
        seats = game.to_act(state)
        if not seats:
            return state
        seat = seats[0]
        state = game.apply(state, seat, chooser.choice(game.legal_actions(state, seat)))
    return None


def finish(game: engine.Game, pack: Pack, players: int, state: Any, board: Board | None) -> None:
    """The end of one trial game as the bot takes it: the result's words, its row in the database, the ratings it
    changes and the final board, each of which a pack's numbers could break."""
    outcome = game.outcome(state)
    if outcome is None or not outcome.ranking:
        raise PackError(f"A {players}-player game with these cards ended without a result.")
    names = [f"Player {seat + 1}" for seat in range(players)]
    words = [outcome.score_text(seat) for seat in range(players)]
    words += [outcome.tiebreak_text(seat) for seat in range(len(outcome.tiebreak))]
    too_large = [value for value in (*outcome.scores, *outcome.tiebreak) if not -INTEGER <= value < INTEGER]
    if too_large:
        raise PackError(f"A {players}-player game with these cards ends with a score too large to keep.")
    place = ratings.places(outcome)
    seats = [ratings.Placed(seat, seat + 1, names[seat], place[seat], outcome.scores[seat]) for seat in place]
    if not all(math.isfinite(skill.mu) and math.isfinite(skill.sigma) for skill in ratings.rate_game(seats, {}).values()):
        raise PackError(f"A {players}-player game with these cards ends with a result that cannot be rated.")
    view = replace(game.view(state, None), seat_names=tuple(names), pack=pack.name,
                   headline=f"{names[outcome.winners[0]]} wins with {words[outcome.winners[0]]}")
    check_common_view(view)
    if board is not None:
        board(game.slug, tableless(game.sentences, view))


def _short(error: BaseException) -> str:
    try:
        shown = str(error)
    except ValueError:
        shown = ""
    return shown if len(shown) <= 120 else shown[:119] + "…"


def remember(pack: Pack) -> str:
    """Make the pack known to the rules of this process (before its games are set up or replayed)."""
    return packs.remember(pack)


def name_of(options: Mapping[str, Any]) -> str:
    """The name of the pack a game's setup options name ("" for the built-in cards)."""
    digest = pack_of(options)
    return packs.known(digest).name if digest else ""


def revive(slug: str, text: str) -> Pack:
    """A stored pack's text read again (it was checked when uploaded) and made known to the rules."""
    pack = packs.read_pack(text.encode("utf-8"), slug, builtin(engine.get_game(slug)))
    remember(pack)
    return pack


# -- what a pack changes ---------------------------------------------------------------------------------------


def changes(base: Mapping[str, Any], pack: Pack) -> list[str]:
    """One line per section the pack replaces: its count, and the entries it changes, adds or leaves out."""
    lines = []
    for section, value in pack.sections.items():
        old = base.get(section)
        if isinstance(value, list) and isinstance(old, list) and all(isinstance(v, dict) for v in (*value, *old)):
            lines.append(_list_changes(section, old, value))
        elif isinstance(value, dict) and isinstance(old, dict):
            changed = [key for key in value if value[key] != old.get(key)] + [key for key in old if key not in value]
            lines.append(f"{section}: " + (f"{_names(changed)} changed" if changed else "unchanged"))
        else:
            lines.append(f"{section}: " + ("unchanged" if value == old else "changed"))
    return lines


def _list_changes(section: str, old: list[dict[str, Any]], new: list[dict[str, Any]]) -> str:
    before = {entry_name(item, i): item for i, item in enumerate(old)}
    after = {entry_name(item, i): item for i, item in enumerate(new)}
    changed = [name for name in after if name in before and after[name] != before[name]]
    added = [name for name in after if name not in before]
    left_out = [name for name in before if name not in after]
    parts = [f"{section}: {count(len(new), 'entry', 'entries')}"]
    if len(new) != len(old):
        parts[0] += f" (built-in: {len(old)})"
    parts += [f"{_names(names)} {verb}" for names, verb in ((changed, "changed"), (added, "added"),
                                                            (left_out, "left out")) if names]
    if len(parts) == 1:
        parts.append("unchanged")
    return ", ".join(parts)


def _names(names: list[str], shown: int = 6) -> str:
    listed = ", ".join(names[:shown])
    return listed + (f" and {len(names) - shown} more" if len(names) > shown else "")
