"""1930's secret contracts at End of Turn: twin tables that differ only in a hand look the same to everyone else."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from cogs.play.prompts import prompt_text
from engine.core import Action, is_private
from engine.platform.records import GameRow, SeatRow, Status
from engine.platform.turns import History, LogLine, TurnNews, turn_news
from engine.rules.golden_age import GAME, end_of_turn
from engine.rules.golden_age.end_of_turn import contract
from engine.rules.golden_age.state import GoldenAgeState, Phase
from engine.services.loading import asks, public_view
from engine.services.tables import Mover, Prompt, Table
from engine.view import to_json

SHARE = 100  # this test's random games weigh this many Airships games each (see tests/conftest.py: playout_seeds)
BEFORE = (Phase.OPERATIONS, Phase.PURCHASE)  # the phases before contracts, where a twin begins
TWINS = 2  # twins per End of Turn and player holding contracts
DONE = Action(end_of_turn.DONE)


def table_of(state: GoldenAgeState) -> Table:
    """The table a service would hold for the state: players named, nobody on autopilot."""
    row = GameRow(1, GAME.slug, 1, 2, 3, 100, {"edition": state.edition}, state.seed, Status.ACTIVE, state.seq,
                  None, "then", "now")
    seats = tuple(SeatRow(100 + seat, f"player {seat}", seat) for seat in range(state.players))
    return Table(row, seats, GAME)


def before_contracts(players: int, seed: int, edition: int) -> Iterator[GoldenAgeState]:
    """A random game's states just before the move that ends each turn's operations and bought actions, after
    which contracts are asked for (End of Turn's step 4)."""
    state = GAME.setup(players, seed, {"edition": edition})
    chooser = random.Random(seed)
    while to_act := GAME.to_act(state):
        seat = to_act[0]
        after = GAME.apply(state, seat, chooser.choice(GAME.legal_actions(state, seat)))
        if state.phase in BEFORE and after.phase not in BEFORE:
            yield state
        state = after


def redealt(state: GoldenAgeState, seat: int, rng: random.Random) -> GoldenAgeState | None:
    """The twin: the same table but for some of `seat`'s contracts, each swapped for an undealt card of the same
    value (a hand's count and values are known: everyone was dealt one of each value, and played cards are shown).
    None when no card could be swapped."""
    twin = state.copy()
    deck, hand, swapped = list(twin.contract_deck), list(twin.seats[seat].contracts), False
    for place, number in enumerate(hand):
        alike = [n for n in deck if contract(state, n).value == contract(state, number).value]
        if alike and rng.random() < 0.7:
            other = rng.choice(alike)
            deck[deck.index(other)], hand[place], swapped = number, other, True
    if not swapped:
        return None
    twin.contract_deck, twin.events = deck, list(state.events)  # a copy begins with no events of its own
    twin.writable_seat(seat).contracts = hand
    return twin


def public(state: GoldenAgeState) -> dict[str, Any]:
    """Everything public about the state: the board's input, who must act, the prompt and the public choices."""
    board = public_view(table_of(state), state)
    movers = tuple(Mover(seat, 100 + seat, f"player {seat}", tuple(GAME.explain(state, seat, GAME.legal_actions(
        state, seat)))) for seat in GAME.to_act(state))
    private = any(is_private(GAME, state, mover.seat) for mover in movers)
    prompt = Prompt(1, state.seq, asks(GAME, state, board), movers, private=private)
    return {
        "board": board,
        "to_act": GAME.to_act(state),
        "private": private,
        "prompt": prompt_text(prompt) if movers else None,  # the game is over: no prompt
        "choices": [] if private else [[(a.key, a.label, a.detail, a.minor) for a in m.choices] for m in movers],
    }


@dataclass
class Seen:
    """One twin as the table sees it while the same moves are applied: the state, what is public about it, and
    its log (which cuts the moves into turns, and so says who is pinged when)."""

    state: GoldenAgeState
    public: dict[str, Any]
    history: History

    @classmethod
    def of(cls, state: GoldenAgeState) -> Seen:
        return cls(state, public(state), History([LogLine(0, "")], []))

    def moved(self, seat: int, action: Action) -> TurnNews:
        """Apply a move; where it leaves the turn messages (a new turn pings its movers)."""
        before = self.public["to_act"]
        self.state = GAME.apply(self.state, seat, action)
        self.public = public(self.state)
        self.history = self.history.extended(seat, table_of(self.state).wording().lines(self.public["board"].events))
        return turn_news(self.history, tuple(before), tuple(self.public["to_act"]), None)


def seat_views(state: GoldenAgeState, seat: int) -> list[dict[str, Any]]:
    """The seat's own view without its hand, and the next seat's whole view."""
    own = {key: value for key, value in to_json(GAME.view(state, seat)).items() if key != "you"}
    return [own, to_json(GAME.view(state, (seat + 1) % state.players))]


@dataclass
class Compared:
    """How twins compared: the first public thing that differed (None: nothing), and whether a decision offered
    them different choices (the twins then really differ in what they could play)."""

    difference: str | None = None
    choices_differed: bool = False


def compare(state: GoldenAgeState, twin: GoldenAgeState, seat: int, rng: random.Random) -> Compared:
    """Apply the same moves to both twins until End of Turn is over (at a private decision, a choice both have:
    always 'done'), comparing everything public before and after every move, and the seats' views at the end."""
    one, two = Seen.of(state), Seen.of(twin)
    result = Compared()
    while True:
        result.difference = next((part for part in one.public if one.public[part] != two.public[part]), None)
        if result.difference is not None or one.state.phase not in (*BEFORE, Phase.CONTRACTS):
            break
        mover = one.public["to_act"][0]
        mine, theirs = GAME.legal_actions(one.state, mover), GAME.legal_actions(two.state, mover)
        result.choices_differed |= mine != theirs
        both = [a for a in mine if a in theirs]
        action = DONE if DONE in both and rng.random() < 0.5 else rng.choice(both)  # else awards go on and on
        if one.moved(mover, action) != two.moved(mover, action):
            result.difference = "the turns and pings"
            break
    if result.difference is None and seat_views(one.state, seat) != seat_views(two.state, seat):
        result.difference = "another seat's view"
    return result


def twins(players: int, seeds: range, edition: int) -> Iterator[tuple[GoldenAgeState, GoldenAgeState, int]]:
    """For every End of Turn of random games, twins for each player holding contracts."""
    rng = random.Random(players)
    for seed in seeds:
        for state in before_contracts(players, seed, edition):
            for seat in [seat for seat in range(players) for _ in range(TWINS)]:
                twin = redealt(state, seat, rng)
                if twin is not None:
                    yield state, twin, seat


@pytest.mark.parametrize("players", range(2, 7))
def test_who_may_play_a_contract_is_nobodys_business(players: int, playout_seeds: Callable[[int], range]) -> None:
    # At the table every player in turn order says "award" or "pass", whatever their secret hand holds: twins
    # differing in one hand show the same board, prompts, log, turns and pings whichever moves both can make.
    rng, pairs, secret = random.Random(1), 0, 0
    for state, twin, seat in twins(players, playout_seeds(SHARE), GAME.edition):
        compared = compare(state, twin, seat, rng)
        assert compared.difference is None, f"seed {state.seed}, turn {state.turn}, seat {seat}: {compared}"
        pairs, secret = pairs + 1, secret + compared.choices_differed
    games = len(playout_seeds(SHARE))
    assert pairs >= 6 * games and secret >= games  # twins at every End of Turn; some could play what the other could not


def test_the_first_edition_told_the_table_who_could_play_a_contract() -> None:
    # The same twins by the first edition's rules: who was asked followed the hand, and the table could tell.
    rng = random.Random(1)
    told = {compare(state, twin, seat, rng).difference for state, twin, seat in twins(3, range(2), 1)}
    assert told - {None}, "no twins told apart"
