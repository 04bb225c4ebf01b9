"""The engine contract every game implements: actions, outcomes, errors and the Game protocol."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, Protocol, Self, TypeVar, runtime_checkable

from engine.events import Event, News as News  # News is part of the contract every game imports from here
from engine.sentences import Sentences
from engine.view import CommonView
from engine.words import score

MAX_CHOICES = 25  # one select menu; the contract promises never more
MAX_LABEL = 100  # a select option's label
FIRST_EDITION = 1  # a game's rules before they first changed (engine.options: editions)
# The kinds of action every game uses to move about a decision's menus (go back a step, cancel it, turn a page):
# they decide nothing, so a hint never suggests one.
NAVIGATION = frozenset({"back", "cancel", "page"})
T = TypeVar("T")

# The refusals every game gives, in the words players see (tests and the services match them).
GAME_OVER_TEXT = "This game is over."
NOT_YOUR_TURN_TEXT = "It's not your turn."
NOT_A_CHOICE_TEXT = "That choice isn't available right now."


@dataclass(frozen=True)
class RulesTopic:
    """One topic of a game's rules guide (/rules): a key to ask for it by, a title, and its text in markdown."""

    key: str
    title: str
    text: str


class GameError(Exception):
    """A problem a player caused and can understand; its message is shown to them as is."""


class IllegalAction(GameError):
    """The action is not one of the legal choices of the current decision."""


class NotYourTurn(IllegalAction):
    """The seat is not one that must decide now."""


class GameOver(IllegalAction):
    """The game has ended; nothing more can be played."""


class StaleAction(GameError):
    """The action was chosen for an earlier state of the game."""


@dataclass(frozen=True)
class Action:
    """One decision: a kind and its arguments; the label is words for people and not part of identity."""

    kind: str
    args: tuple[str | int, ...] = ()
    label: str = field(default="", compare=False)
    minor: bool = field(default=False, compare=False)  # declines or goes back: shown less prominently
    # What the choice brings (and the odds where dice decide), so a player can decide without the image.
    detail: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if len(self.label) > MAX_LABEL:
            raise ValueError(f"action label over {MAX_LABEL} characters: {self.label!r}")
        if len(self.detail) > MAX_LABEL:
            raise ValueError(f"action detail over {MAX_LABEL} characters: {self.detail!r}")

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "args": list(self.args)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Action:
        """Parse a stored or typed action; raises IllegalAction on a malformed value."""
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise IllegalAction("That move is not one I understand.")
        args = data.get("args", [])
        if not isinstance(args, list) or not all(isinstance(a, (str, int)) and not isinstance(a, bool) for a in args):
            raise IllegalAction("That move is not one I understand.")
        return cls(data["kind"], tuple(args))

    @property
    def key(self) -> str:
        """A short stable text form, used in component ids and autocomplete values."""
        return ":".join([self.kind, *(str(a) for a in self.args)])


class EndReason(enum.Enum):
    """How a game ended."""

    FINISHED = "finished"  # the rulebook's end condition
    ABANDONED = "abandoned"


@dataclass(frozen=True)
class Outcome:
    """Final scores per seat and the ranking after the rulebook's tie-breaks."""

    scores: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]  # groups of seats, best first; a group of two or more is a true tie
    tiebreak: tuple[int, ...] = ()  # the tie-break value per seat, as the rulebook defines it
    reason: EndReason = EndReason.FINISHED
    details: str = ""
    tiebreak_words: tuple[str, str] = ("tie-break point", "tie-break points")  # for one, for many
    unit: str = "VP"  # what the scores count, in the game's own word ("VP", "miles", "$")

    def score_text(self, seat: int) -> str:
        """'23,000 miles': the seat's score in the game's own unit."""
        return score(self.scores[seat], self.unit)

    def tiebreak_text(self, seat: int) -> str:
        """'3 airships built': the seat's tie-break value in the game's own words."""
        count = self.tiebreak[seat]
        return f"{count} {self.tiebreak_words[0] if count == 1 else self.tiebreak_words[1]}"

    @property
    def winners(self) -> tuple[int, ...]:
        return self.ranking[0] if self.ranking else ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranking": [list(group) for group in self.ranking],
            "tiebreak": list(self.tiebreak),
            "winners": list(self.winners),
            "reason": self.reason.value,
            "details": self.details,
            "tiebreak_words": list(self.tiebreak_words),
            "unit": self.unit,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Outcome:
        words = data.get("tiebreak_words")
        return cls(
            scores=tuple(data["scores"]),
            ranking=tuple(tuple(group) for group in data["ranking"]),
            tiebreak=tuple(data.get("tiebreak", ())),
            reason=EndReason(data.get("reason", EndReason.FINISHED.value)),
            details=data.get("details", ""),
            tiebreak_words=(words[0], words[1]) if words else cls.tiebreak_words,
            unit=data.get("unit", "VP"),
        )


def rank(scores: tuple[int, ...], tiebreak: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Group seats best first by (score, tie-break); equal pairs share a place."""
    keyed: dict[tuple[int, int], list[int]] = {}
    for seat, key in enumerate(zip(scores, tiebreak)):
        keyed.setdefault(key, []).append(seat)
    return tuple(tuple(keyed[key]) for key in sorted(keyed, reverse=True))


@runtime_checkable
class Game(Protocol):
    """What every game package exposes, so the service, the simulator and the tests treat all games alike.

    `setup` builds a state from a player count and a seed (all chance derives from the seed); `to_act` lists
    the seats that must decide now ([] once the game is over); `legal_actions` gives the current decision's
    choices, never more than MAX_CHOICES; `apply` returns a new state, never changes its input, and raises
    IllegalAction with a sentence a player understands (every game's apply is `Rules.apply`, below); `outcome` is None until the game ends; `view` is the
    game's typed view (a CommonView, engine.view.to_json makes its JSON), and `seat=None` is the public view, without
    hidden cards or the order of a deck; its `events` are engine.events.Event values, which the surfaces word from
    `sentences`, the game's catalogue of sentences.

    Optional: `stats(state) -> dict[str, float]`, figures about a finished game (how long it ran, what was
    built) that the arena averages over many games. It is not a member of this protocol, so a game without it
    still keeps the contract; `engine.figures` (HasStats, game_stats) is how callers ask for it.
    """

    slug: str
    title: str
    min_players: int
    max_players: int
    sentences: Sentences  # every event the rules emit, by key: its words (per edition) and its news weight

    @property
    def guide(self) -> tuple[RulesTopic, ...]:
        """The rules in our own words, by topic (the first is the overview), for /rules."""
        ...

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> Any: ...

    def to_act(self, state: Any) -> list[int]: ...

    def legal_actions(self, state: Any, seat: int) -> list[Action]: ...

    def explain(self, state: Any, seat: int, actions: list[Action]) -> list[Action]:
        """The seat's legal actions with `detail` filled in (what each brings, the odds where dice decide).

        Only menus and prompts need the words, so legal_actions stays cheap for the rules and the playouts.
        """
        ...

    def apply(self, state: Any, seat: int, action: Action) -> Any: ...

    def outcome(self, state: Any) -> Outcome | None: ...

    def view(self, state: Any, seat: int | None) -> CommonView: ...

    def hand_fields(self, view: CommonView) -> list[tuple[str, str]]:
        """A seat's view (from `view(state, seat)`) as titled lines of words, for a private message."""
        ...


def news_of(game: Game, event: Event) -> int:
    """An event's weight for the headline: the one its sentence declares in the game's catalogue, by key."""
    return int(game.sentences.weight(event))


@runtime_checkable
class HasEvents(Protocol):
    """A game that tells a state's events without building its whole public view (the optional `events`)."""

    def events(self, state: Any) -> list[Event]: ...


def events_of(game: Game, state: Any) -> list[Event]:
    """What the move that led to `state` did, as its public view has it ("events": Event values)."""
    if isinstance(game, HasEvents):
        return game.events(state)  # a view costs up to a millisecond; a cold table tells many moves at once
    return list(game.view(state, None).events)


@runtime_checkable
class HasPrivateDecisions(Protocol):
    """A game some of whose decisions show the seat's hidden things (a hand of secret cards) in their choices."""

    def private(self, state: Any, seat: int) -> bool: ...


def is_private(game: Game, state: Any, seat: int) -> bool:
    """Whether the seat's current choices must be shown to that player alone, never in the shared thread."""
    return isinstance(game, HasPrivateDecisions) and game.private(state, seat)


def view_words(game: Game) -> tuple[str, ...]:
    """The keys of a game's view that hold words for people besides every view's (engine.view.WORDS): Airships'
    cards say what they give in words. A fingerprint of the position leaves them out."""
    return tuple(getattr(game, "view_words", ()))


def hand_name(game: Game) -> str:
    """What a seat's own things are called in the game ('company', 'airline'), for /hand; 'hand' by default."""
    return str(getattr(game, "hand_name", "hand"))


class Dealer(Protocol):
    """The randomness a re-deal draws on (random.Random satisfies it); rules modules may not import `random`."""

    def random(self) -> float: ...

    def getrandbits(self, k: int, /) -> int: ...

    def shuffle(self, x: list[Any]) -> None: ...


@runtime_checkable
class HasHiddenInformation(Protocol):
    """A game where some things are unseen: a deck's order, another player's hand, the dice still to come."""

    def redeal(self, state: Any, seat: int | None, dealer: Dealer) -> Any:
        """A copy of `state` with everything `seat` cannot see (None: what nobody at the table sees) dealt again
        at random, consistent with all it can see: the same public view (and the same view for `seat`), and a
        new seed for the dice to come. The input is never changed."""
        ...


def redealt(game: Game, state: Any, seat: int | None, dealer: Dealer) -> Any:
    """The state as `seat` could imagine it (engine.platform.secrets uses it); a game with nothing unseen as is."""
    return game.redeal(state, seat, dealer) if isinstance(game, HasHiddenInformation) else state


class Chooser(Protocol):
    """The randomness an AI player may draw on, for its own whims only (random.Random satisfies it).

    Never the game's dice: rules modules may not import `random`, so an AI is handed one by its caller.
    """

    def random(self) -> float: ...

    def choice(self, seq: Sequence[T]) -> T: ...


class Policy(Protocol):
    """A way of playing a seat: one of the seat's legal actions for this state."""

    def __call__(self, state: Any, seat: int, rng: Chooser) -> Action: ...


class GameAI(Protocol):
    """A game's `ai` module: `choose` plays as well as it can, `greedy` is the simple one-step heuristic.

    Both return one of `legal_actions(state, seat)`, are deterministic for a state and an rng seeded alike,
    do no I/O and look only at what the seat could know (never a deck's order nor the dice to come).
    A module may also offer `told(state, seat)`: the worth a hint and a reason tell in words, where `worth`
    judges tables well but would tell a wrong figure (thinking.told_worth falls back on `worth`).
    And `luck(state, seat, action, after)`, where its dice have odds it can tell exactly: how much luckier than
    those odds the dice of one step fell for the seat that acted (zero on the whole); a look-ahead then steadies
    each world's worth by it (thinking.steadied).
    """

    def choose(self, state: Any, seat: int, rng: Chooser) -> Action: ...

    def greedy(self, state: Any, seat: int, rng: Chooser) -> Action: ...

    def worth(self, state: Any, seat: int) -> float:
        """How well the seat stands, in the game's own measure (higher is better): what `choose` tries to raise,
        and where a look-ahead judges the table it reaches."""
        ...

    def worth_words(self, value: float) -> str:
        """A worth in the game's words, with no 'you' ('a 54% chance to win'): hints and AI seats' reasons."""
        ...


def find_choice(legal: list[Action], action: Action) -> Action | None:
    """The legal action equal to `action` (with its label), or None when it is not one of them."""
    for candidate in legal:
        if candidate == action:
            return candidate
    return None


def check_choice(legal: list[Action], action: Action) -> Action:
    """Return the legal action equal to `action` (with its label) or raise IllegalAction."""
    found = find_choice(legal, action)
    if found is None:
        raise IllegalAction(NOT_A_CHOICE_TEXT)
    return found


class PlayState(Protocol):
    """What the shared `apply` needs of a game's state: whether it is over, its log position and its one copy."""

    seq: int  # actions applied so far

    @property
    def over(self) -> bool: ...

    def copy(self) -> Self: ...


S = TypeVar("S", bound=PlayState)
Effect = Callable[[S, int, Action], None]  # an action's effect, on the fresh copy `apply` hands it


class Rules(Generic[S]):
    """The part of `apply` every game shares; a game supplies who acts, its fast legality check and its effects.

    `apply` refuses once, here, in the same words for every game (GameOver, NotYourTurn, IllegalAction), then
    copies the state and runs the effect its table `effects` names for the action's kind on the copy.
    """

    effects: Mapping[str, Effect[S]]
    # The edition of the rules a new table plays by; a change a game already started would notice (a rule read
    # again, component data corrected) raises it, and keeps the earlier reading for `state.edition` below it.
    edition: int = FIRST_EDITION

    def to_act(self, state: S) -> list[int]:
        raise NotImplementedError

    def legal_choice(self, state: S, seat: int, action: Action) -> Action | None:
        """The fast legality path: the action to apply (the legal one equal to `action`), or None if it is not."""
        raise NotImplementedError

    def apply(self, state: S, seat: int, action: Action) -> S:
        """The state after `seat` takes `action`; the input is never changed."""
        chosen = admit(self, state, seat, action)
        new = state.copy()
        self.effects[chosen.kind](new, seat, chosen)
        new.seq += 1
        return new


def admit(rules: Rules[S], state: S, seat: int, action: Action) -> Action:
    """The action `apply` will play, or the refusal: the game is over, it is not the seat's turn, not a choice."""
    if state.over:
        raise GameOver(GAME_OVER_TEXT)
    if seat not in rules.to_act(state):
        raise NotYourTurn(NOT_YOUR_TURN_TEXT)
    chosen = rules.legal_choice(state, seat, action)
    if chosen is None or chosen.kind not in rules.effects:
        raise IllegalAction(NOT_A_CHOICE_TEXT)
    return chosen


def replay(game: Game, players: int, seed: int, options: dict[str, Any], moves: list[tuple[int, Action]]) -> Any:
    """Rebuild a state from its seed and log: the action log is the truth."""
    state = game.setup(players, seed, options)
    for seat, action in moves:
        state = game.apply(state, seat, action)
    return state
