"""Thinking ahead, once for every game: each choice played on in worlds re-dealt from what the seat knows."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

import engine
from engine.core import NAVIGATION, Action, Chooser, Game, GameAI, find_choice, redealt

ROLLOUT_LIMIT = 80  # decisions a look-ahead plays at most, so a long turn cannot hold a decision up
QUICK_SHARE = 0.25  # the share of the budget the first quick look at every choice may take
CONFIDENCE = 0.5  # standard errors a choice must beat the standard AI's by before the search overrules it
RACE_FROM = 6  # worlds every choice gets before one can fall out of the race
DROPPED_AT = 1.5  # standard errors behind the first choice at which a choice falls out
# Worlds a choice needs before it may overrule the standard one: as many as the race needs before it drops one. On
# a slow machine the clock can cut the look to two or three worlds, whose spread says nothing yet. Air Alliance's
# strong level on the clock (1 s) on a slow 2-core machine won 12 of 32 games against the standard one when such
# looks could overrule it, and 18 of the same 32 tables once they could not.
OVERRULE_FROM = RACE_FROM
# Worlds a choice needs before its worths are steadied by the luck in them: two slopes fitted to fewer swing wildly.
STEADY_FROM = 8
TINY = 1e-12  # a sum of squares this small is a luck that did not vary

Clock = Callable[[], float]
# A game's `luck(state, seat, action, after)`: how much luckier than their odds the dice of one step fell for the
# seat that acted (what came, less its chance: zero on the whole, and 0.0 where nothing was thrown).
Luck = Callable[[Any, int, Action, Any], float]


@dataclass(frozen=True)
class Weighed:
    """A choice and what it is worth to the seat (the game's own measure, higher is better) over `worlds` worlds,
    and its worth as a hint tells it (the same but where the game tells a truer measure than it judges by)."""

    action: Action
    value: float
    worlds: int
    told: float


class Weighing(NamedTuple):
    """A choice's worth in each world looked at: as the look-ahead judges it, and as a hint would tell it; and
    the first choice's worth in those same worlds (None: the first `len(values)` of the first choice's own)."""

    action: Action
    values: list[float]
    told: list[float]
    paired: list[float] | None = None


def teller(ai: GameAI) -> Callable[[Any, int], float] | None:
    """The game's `told`, where it has one: its judge, `worth`, may rank tables well and still be too sure to be
    told (None: `worth` is told)."""
    told: Callable[[Any, int], float] | None = getattr(ai, "told", None)
    return told


def luck_of(ai: GameAI) -> Luck | None:
    """The game's `luck`, where its dice have odds it can tell exactly (None: its worlds are weighed as they fell)."""
    luck: Luck | None = getattr(ai, "luck", None)
    return luck


def told_worth(ai: GameAI, state: Any, seat: int) -> float:
    """Where the seat stands as a hint tells it: the game's `told` where it has one, else `worth`."""
    told = teller(ai)
    return told(state, seat) if told is not None else ai.worth(state, seat)


@dataclass(frozen=True)
class Horizon:
    """How far a look-ahead plays: to the end of the seat's own move, or on until its next turn begins."""

    next_turn: bool = False
    limit: int = ROLLOUT_LIMIT


MOVE = Horizon()
ROUND = Horizon(next_turn=True)


def play_on(game: Game, ai: GameAI, world: Any, seat: int, action: Action, horizon: Horizon, whim: int) -> Any:
    """The world after `action` and the standard AI's play for every seat up to the horizon."""
    return played_on(game, ai, world, seat, action, horizon, whim, None)[0]


def played_on(game: Game, ai: GameAI, world: Any, seat: int, action: Action, horizon: Horizon, whim: int,
              luck: Luck | None) -> tuple[Any, tuple[float, float]]:
    """`play_on`, with how lucky the dice fell on the way: for the seat, and for the others (0.0 without `luck`)."""
    state = game.apply(world, seat, action)
    own = luck(world, seat, action, state) if luck is not None else 0.0
    others = 0.0
    rng = random.Random(whim)
    others_moved = False
    for _ in range(horizon.limit):
        to_act = game.to_act(state)
        if not to_act:
            break
        actor = to_act[0]
        if actor != seat and not horizon.next_turn:
            break  # the seat's move is over
        if actor == seat and others_moved:
            break  # the seat's next turn begins
        others_moved = others_moved or actor != seat
        chosen = ai.choose(state, actor, rng)
        after = game.apply(state, actor, chosen)
        if luck is not None:
            fell = luck(state, actor, chosen, after)
            own, others = (own + fell, others) if actor == seat else (own, others + fell)
        state = after
    return state, (own, others)


def worlds(game: Game, state: Any, seat: int | None, deal: random.Random) -> Any:
    """Endless worlds the seat cannot tell from the real one (None: worlds the table cannot tell from it)."""
    while True:
        yield redealt(game, state, seat, deal)


def candidates(game: Game, ai: GameAI, world: Any, seat: int, first: list[Action], keep: int,
               clock: Clock | None = None, deadline: float = math.inf) -> list[Action]:
    """The choices worth a closer look: those named first (the standard AI's, say), then the best of the rest by
    where one world stands at the end of the seat's move (as many of the rest as there is time to look at)."""
    legal = game.legal_actions(world, seat)
    chosen = list(dict.fromkeys(a for a in (find_choice(legal, f) for f in first) if a is not None))
    rest = [a for a in legal if a not in chosen and a.kind not in NAVIGATION]
    if len(chosen) < keep and rest:
        quick: list[tuple[float, int]] = []
        for i, action in enumerate(rest):
            if len(quick) >= keep - len(chosen) and clock is not None and clock() >= deadline:
                break  # out of time, with enough in hand to fill the shortlist
            quick.append((ai.worth(play_on(game, ai, world, seat, action, MOVE, 0), seat), i))
        quick.sort(key=lambda vi: (-vi[0], vi[1]))
        chosen += [rest[i] for _, i in quick[: keep - len(chosen)]]
    return chosen


def weigh(game: Game, ai: GameAI, state: Any, seat: int, choices: list[Action], deal: random.Random, *,
          seen_by: int | None, horizon: Horizon, samples: int, clock: Clock | None = None,
          deadline: float = math.inf, whole: int = 0, tell: bool = False) -> list[Weighing]:
    """Each choice's worth in the same worlds one after another (so two choices meet the same cards and dice),
    until `samples` worlds or the deadline. A world that would end past the deadline (judged by the last one's
    time) is not begun; one cut short by it is dropped. The first choice always gets the first world, and every
    choice the first `whole` worlds, however late. A choice that falls clearly behind the first is played no
    further (the race): the worlds go to the choices still in it, and the look ends when the first is alone.
    With `tell` (a hint), each world's end is also told by the game's `told`; else the told worth is the judge's.
    Where the game tells its dice's luck, the worths are steadied by it (see `steadied`)."""
    values: list[list[float]] = [[] for _ in choices]
    telling = teller(ai) if tell else None  # only a hint puts worth into words: a move need not pay for it
    told: list[list[float]] = [[] for _ in choices] if telling is not None else values
    luck = luck_of(ai)
    fell: list[list[tuple[float, float]]] = [[] for _ in choices]
    racing = list(range(len(choices)))
    last = 0.0  # how long the last world took
    for n, world in enumerate(worlds(game, state, seen_by, deal)):
        begun = clock() if clock is not None else 0.0
        if n >= samples or (n >= max(whole, 1) and (begun + last > deadline or racing == [0])):
            break
        whim = deal.getrandbits(32)
        for i in racing:
            if i and n >= whole and clock is not None and clock() >= deadline:  # out of time within a world
                return weighings(choices, values, told, fell, max(n, 1))
            reached, lucky = played_on(game, ai, world, seat, choices[i], horizon, whim, luck)
            values[i].append(ai.worth(reached, seat))
            fell[i].append(lucky)
            if telling is not None:
                told[i].append(telling(reached, seat))
        if n + 1 >= RACE_FROM:
            base = steadied(values[0], fell[0])
            racing = [i for i in racing if not i or in_race(steadied(values[i], fell[i]), base)]
        last = (clock() - begun) if clock is not None else 0.0
    return weighings(choices, values, told, fell, samples)


def weighings(choices: list[Action], values: list[list[float]], told: list[list[float]],
              fell: list[list[tuple[float, float]]], kept: int) -> list[Weighing]:
    """Each choice looked at in any of the first `kept` worlds, its worths (judged and told) steadied by luck."""
    return [Weighing(choice, steadied(v[:kept], f[:kept]), steadied(t[:kept], f[:kept]))
            for choice, v, t, f in zip(choices, values, told, fell) if v[:kept]]


def steadied(values: list[float], fell: list[tuple[float, float]]) -> list[float]:
    """Each world's worth less what the luck in it explains: a least-squares fit of the worths on how lucky the
    seat's dice and the others' fell, over these worlds (control variates). Luck is zero on the whole, so the mean
    stays a true estimate, and the spread narrows to what the choice itself makes: in Airships, to half."""
    n = len(values)
    if n < STEADY_FROM or not any(any(f) for f in fell):
        return values
    centre = mean(values)
    means = [sum(f[k] for f in fell) / n for k in (0, 1)]
    xs = [(f[0] - means[0], f[1] - means[1]) for f in fell]
    square = [[sum(x[j] * x[k] for x in xs) for k in (0, 1)] for j in (0, 1)]
    towards = [sum(x[j] * (v - centre) for x, v in zip(xs, values)) for j in (0, 1)]
    own, others = slopes(square, towards)
    return [v - own * f[0] - others * f[1] for v, f in zip(values, fell)]


def slopes(square: list[list[float]], towards: list[float]) -> tuple[float, float]:
    """The two slopes of a least-squares fit from its sums of squares and products; a luck that never varied, or
    one that only follows the other, gets none (0.0)."""
    (a, b), (_, d) = square
    det = a * d - b * b
    if a > TINY and d > TINY and det > TINY * a * d:
        return (d * towards[0] - b * towards[1]) / det, (a * towards[1] - b * towards[0]) / det
    if a > TINY:
        return towards[0] / a, 0.0
    return (0.0, towards[1] / d) if d > TINY else (0.0, 0.0)


def mean(values: list[float]) -> float:
    return sum(values) / len(values)


def ahead(values: list[float], base: list[float]) -> float:
    """How far a choice is ahead of the base choice in the same worlds, in standard errors (0 when unsure)."""
    gaps = [v - b for v, b in zip(values, base)]
    if len(gaps) < 2:
        return 0.0
    centre = mean(gaps)
    spread = math.sqrt(sum((g - centre) ** 2 for g in gaps) / (len(gaps) - 1))
    if spread == 0.0:
        return math.copysign(math.inf, centre) if centre else 0.0
    return centre / (spread / math.sqrt(len(gaps)))


def in_race(values: list[float], base: list[float]) -> bool:
    """Whether a choice may yet prove better than the base: not clearly behind it, and not the same so far."""
    return ahead(values, base) > -DROPPED_AT and values != base[: len(values)]


def ranked(weighed: list[Weighing]) -> list[Weighed]:
    """The choices best first by their mean worth (the first named wins a tie)."""
    found = [Weighed(w.action, mean(w.values), len(w.values), mean(w.told)) for w in weighed]
    order = sorted(range(len(found)), key=lambda i: (-found[i].value, i))
    return [found[i] for i in order]


@dataclass(frozen=True)
class Stream:
    """One stream of worlds a look-ahead weighs its shortlist in: all a worker needs (it pickles, so another
    process can weigh it), with its own re-deal and a deadline on a clock every process reads alike."""

    state: Any
    seat: int
    choices: list[Action]
    deal: random.Random
    horizon: Horizon
    samples: int
    deadline: float = math.inf
    whole: int = 0
    tell: bool = False

    def weigh(self, game: Game, ai: GameAI, clock: Clock | None) -> list[Weighing]:
        return weigh(game, ai, self.state, self.seat, self.choices, self.deal, seen_by=self.seat,
                     horizon=self.horizon, samples=self.samples, clock=clock, deadline=self.deadline,
                     whole=self.whole, tell=self.tell)


# Weighs several streams at once (in worker processes, say) and gives back each stream's weighings, in order.
Spread = Callable[[list[Stream]], list[list[Weighing]]]


def one_after_another(game: Game, ai: GameAI, streams: list[Stream], clock: Clock | None) -> list[list[Weighing]]:
    """The streams weighed here, in turn, each in its share of the time left (no worker to weigh them at once)."""
    if clock is None or len(streams) == 1:
        return [stream.weigh(game, ai, clock) for stream in streams]
    start, weighed = clock(), []
    for k, stream in enumerate(streams):
        share = start + (stream.deadline - start) * (k + 1) / len(streams)
        weighed.append(replace(stream, deadline=share).weigh(game, ai, clock))
    return weighed


def merged(parts: list[list[Weighing]]) -> list[Weighing]:
    """The streams' weighings as one: each choice's worths in every stream's worlds, each with the first choice's
    worths in those same worlds (the streams race apart, so a choice may have left one stream's race early)."""
    if len(parts) == 1:
        return parts[0]
    joined: dict[Action, Weighing] = {}
    for part in parts:
        first = part[0].values
        for w in part:
            had = joined.get(w.action, Weighing(w.action, [], [], []))
            assert had.paired is not None
            joined[w.action] = Weighing(w.action, had.values + w.values, had.told + w.told,
                                        had.paired + first[: len(w.values)])
    return list(joined.values())


@dataclass(frozen=True)
class Search:
    """The strong level: the standard AI's choice, overruled only where looking ahead shows a better one."""

    keep: int = 3  # choices looked at closely, the standard AI's among them
    samples: int = 24  # worlds per decision at most
    seconds: float = 1.0  # the budget per decision
    horizon: Horizon = ROUND
    confidence: float = CONFIDENCE  # standard errors another choice must be ahead by to overrule the standard one
    streams: int = 1  # streams the worlds are weighed in, each with its own race: at once, on cores of their own

    def choose(self, game: Game, ai: GameAI, state: Any, seat: int, rng: Chooser,
               clock: Clock | None = None, spread: Spread | None = None) -> Action:
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        deal = random.Random(rng.random())  # the worlds: from the player's whims, never the game's dice
        return find_choice(legal, self.pick(self.weighed(game, ai, state, seat, deal, clock, spread=spread))) \
            or legal[0]

    def weighed(self, game: Game, ai: GameAI, state: Any, seat: int, deal: random.Random, clock: Clock | None,
                keep: int | None = None, whole: int = 0, tell: bool = False,
                spread: Spread | None = None) -> list[Weighing]:
        """The standard AI's choice first, then the most promising others (`keep` in all), each played on in the
        same worlds re-dealt for the seat, within the budget (`tell`: for a hint, see `weigh`). The worlds are
        weighed in `streams` streams: by `spread` at once where it is given, else here one after another."""
        started = clock() if clock is not None else 0.0
        legal = game.legal_actions(state, seat)
        standard = find_choice(legal, ai.choose(next(worlds(game, state, seat, deal)), seat, deal)) or legal[0]
        shortlist = candidates(game, ai, next(worlds(game, state, seat, deal)), seat, [standard],
                               self.keep if keep is None else keep, clock, started + QUICK_SHARE * self.seconds)
        streams = self.streams if len(shortlist) > 1 else 1
        deals = [random.Random(deal.getrandbits(64)) for _ in range(streams - 1)]
        samples = -(-self.samples // streams) if len(shortlist) > 1 else 1
        deadline = started + self.seconds if clock is not None else math.inf
        todo = [Stream(state, seat, shortlist, one, self.horizon, samples, deadline, whole, tell)
                for one in [deal, *deals]]
        return merged(spread(todo) if spread is not None else one_after_another(game, ai, todo, clock))

    def pick(self, weighed: list[Weighing]) -> Action:
        """The first choice (the standard AI's) unless another is ahead of it in the same worlds beyond doubt: by
        `confidence` standard errors, over at least OVERRULE_FROM worlds. Without a clock every choice gets them
        when `samples` allows (the race drops none sooner), so this matters where the budget ran out first."""
        if len(weighed) == 1:
            return weighed[0].action
        base = weighed[0].values
        lead, pick = max(((ahead(w.values, base if w.paired is None else w.paired), -i)
                          for i, w in enumerate(weighed) if not i or len(w.values) >= OVERRULE_FROM))
        return weighed[-pick].action if lead > self.confidence else weighed[0].action


def look_ahead(slug: str) -> Search:
    """The strong level's look-ahead in this game: these defaults, with what its trials changed (its manifest's
    look_ahead: its keep, worlds, confidence and streams; the budget is the bot's)."""
    tuned, default = engine.manifest(slug).look_ahead, Search()
    return replace(default,
                   keep=default.keep if tuned.keep is None else tuned.keep,
                   samples=default.samples if tuned.samples is None else tuned.samples,
                   confidence=default.confidence if tuned.confidence is None else tuned.confidence,
                   streams=default.streams if tuned.streams is None else tuned.streams)
