"""Air Alliance's unseen, dealt again: only the passenger deck's order and the reshuffles to come are hidden, a
re-deal keeps all the table sees, twins alike but for the hidden deal again alike, and what a move shows is found."""

from __future__ import annotations

from typing import Any

import copy
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import pytest

from air_alliance_helpers import ALL_KOBE, GAME, Player, act, claim_with, put, table
from engine.core import Action, HasHiddenInformation
from engine.platform.secrets import as_seen_by, dealer, shows_hidden
from engine.rules.air_alliance import GAME as AIR_ALLIANCE, ai
from engine.rules.air_alliance.state import SUPPLY, AirAllianceState
from engine.view import to_json

SHARE = 40  # one playout here (a random game, most of its moves asked what they show) weighs forty Airships games
STRIDE = 9  # the states a re-deal is checked on: every ninth of a game's
AI_STRIDE = 25  # the AI's decisions compared on twins: every 25th (each is a plan of a whole turn)
QUIET_STRIDE = 8  # moves that turn nothing over: every eighth is asked what it shows (each asks eight re-deals)
FREE_MARKERS = {"kobe_free_markers": True}  # "stop" ends phase 1 at once: lost baggage, a card drawn

pytestmark = pytest.mark.xdist_group("air_alliance_unseen")  # one worker plays the random games, not each


def old_reveals(before: Any, after: Any) -> bool:
    """The hand-written rule the platform's computed check replaced (kept to show where they differ): a card
    drawn or the discards shuffled."""
    return bool(after.draws != before.draws or after.reshuffles != before.reshuffles)



@dataclass(frozen=True)
class Move:
    before: AirAllianceState
    seat: int
    action: Action
    after: AirAllianceState


@cache
def playout(seed: int) -> tuple[Move, ...]:
    """One random game, two to four players, every other one with all the Kobe rules: each move it made."""
    players, options = 2 + seed % 3, ALL_KOBE if seed % 2 else {}
    chooser = Player(seed * 17 + players)
    state: AirAllianceState = GAME.setup(players, seed, options)
    moves = []
    while to_act := GAME.to_act(state):
        seat = to_act[0]
        action = chooser(state, seat, GAME.legal_actions(state, seat))
        after = GAME.apply(state, seat, action)
        moves.append(Move(state, seat, action, after))
        state = after
    return tuple(moves)


def sampled(seeds: range, stride: int) -> list[tuple[int, AirAllianceState]]:
    return [(seed, move.before) for seed in seeds for move in playout(seed)[seed % stride::stride]]


def deep_copy(state: AirAllianceState) -> AirAllianceState:
    return copy.deepcopy(state, {id(state.data): state.data})  # the components are the box's, never a move's


def twin(state: AirAllianceState, rng: random.Random) -> AirAllianceState:
    """The same table with the hidden dealt otherwise: the deck in another order and other shuffles to come."""
    other = deep_copy(state)
    rng.shuffle(other.deck)
    other.deck.reverse()  # a deck of two or more cards is surely in another order
    other.seed = rng.getrandbits(62)
    return other


def seats(state: AirAllianceState) -> list[int | None]:
    return [None, *range(state.players)]


# --- the re-deal --------------------------------------------------------------------------------------------------------


def test_a_redeal_keeps_every_view_and_choice_and_never_changes_its_input(
        playout_seeds: Callable[[int], range]) -> None:
    assert isinstance(GAME, HasHiddenInformation)  # so the platform asks the game, not "nothing is unseen"
    for k, (seed, state) in enumerate(sampled(playout_seeds(SHARE), STRIDE)):
        kept = deep_copy(state)
        views = {looker: to_json(GAME.view(state, looker)) for looker in seats(state)}
        for seat in seats(state):
            dealt = AIR_ALLIANCE.redeal(state, seat, random.Random(k))
            assert state == kept and state.events == kept.events, f"seed {seed}: the re-deal changed its input"
            assert to_json(GAME.view(dealt, None)) == views[None], f"seed {seed}, version {state.seq}: the table sees otherwise"
            for looker in range(state.players) if seat is None else [seat]:
                assert to_json(GAME.view(dealt, looker)) == views[looker], f"seed {seed}: seat {looker} sees otherwise"
                assert GAME.legal_actions(dealt, looker) == GAME.legal_actions(state, looker)


def test_a_redeal_shuffles_the_decks_cards_and_the_seed_of_the_reshuffles_to_come(
        playout_seeds: Callable[[int], range]) -> None:
    reordered = reseeded = 0
    for k, (_, state) in enumerate(sampled(playout_seeds(SHARE), STRIDE)):
        dealt = AIR_ALLIANCE.redeal(state, None, random.Random(k))
        assert sorted(dealt.deck) == sorted(state.deck), "the deck's make-up is known to all: it stays"
        assert dealt.discards == state.discards and dealt.claim == state.claim
        reordered += dealt.deck != state.deck
        reseeded += dealt.seed != state.seed
    assert reordered and reseeded


def test_twins_alike_but_for_the_decks_order_and_the_seed_are_dealt_again_alike(
        playout_seeds: Callable[[int], range]) -> None:
    for k, (seed, state) in enumerate(sampled(playout_seeds(SHARE), STRIDE)):
        other = twin(state, random.Random(seed * 1000 + k))
        if len(state.deck) > 1:
            assert other != state  # the twins differ in what is hidden...
        for seat in seats(state):  # ...and nothing of that survives a re-deal
            assert AIR_ALLIANCE.redeal(state, seat, random.Random(k)) == AIR_ALLIANCE.redeal(other, seat, random.Random(k)), \
                f"seed {seed}, version {state.seq}: the re-deal reads the hidden deal"


# --- the AI --------------------------------------------------------------------------------------------------------------


def decisions(seeds: range) -> list[tuple[int, AirAllianceState, int]]:
    found = []
    for seed, state in sampled(seeds, AI_STRIDE):
        seat = GAME.to_act(state)[0]
        if len(GAME.legal_actions(state, seat)) > 1:
            found.append((seed, state, seat))
    return found


def test_the_ai_handed_what_its_seat_knows_decides_alike_on_twins(playout_seeds: Callable[[int], range]) -> None:
    for seed, state, seat in decisions(playout_seeds(SHARE)):
        other = twin(state, random.Random(seed))
        chosen = [ai.choose(as_seen_by(GAME, s, seat, dealer(seed, s.seq, "ai")), seat, random.Random(seed))
                  for s in (state, other)]
        assert chosen[0] == chosen[1] and chosen[0] in GAME.legal_actions(state, seat)


def test_the_ai_never_reads_the_decks_order_even_handed_the_real_table(
        playout_seeds: Callable[[int], range]) -> None:
    """It knows the deck's make-up (every card not seen elsewhere) and plans with its deck emptied: twins, as they
    are, get the same choice, so deciding from as_seen_by cannot make it play worse."""
    for seed, state, seat in decisions(playout_seeds(SHARE)):
        other = twin(state, random.Random(seed))
        assert ai.choose(state, seat, random.Random(seed)) == ai.choose(other, seat, random.Random(seed))


def peeking(state: AirAllianceState, seat: int) -> Action:
    """A cheat, to show the twins catch one: it picks by the number of the deck's top card."""
    legal = GAME.legal_actions(state, seat)
    return legal[int(state.deck[-1].removeprefix("p")) % len(legal)] if state.deck else legal[0]


def test_a_policy_that_peeks_at_the_deck_is_caught_by_twins_and_blinded_by_as_seen_by(
        playout_seeds: Callable[[int], range]) -> None:
    caught = 0
    for seed, state, seat in decisions(playout_seeds(SHARE)):
        other = twin(state, random.Random(seed))
        caught += peeking(state, seat) != peeking(other, seat)
        seen = [as_seen_by(GAME, s, seat, dealer(seed, s.seq, "ai")) for s in (state, other)]
        assert peeking(seen[0], seat) == peeking(seen[1], seat)
    assert caught, "no twin told the cheat apart: the comparison would miss an AI that peeks"


# --- what a move shows -----------------------------------------------------------------------------------------------


def shows(before: AirAllianceState, action: Action, after: AirAllianceState) -> bool:
    seat = GAME.to_act(before)[0]
    return shows_hidden(GAME, before, seat, action, after, dealer(before.seed, before.seq, "undo"))


def move(state: AirAllianceState, kind: str, *args: str | int) -> tuple[AirAllianceState, Action, AirAllianceState]:
    action = Action(kind, tuple(args))
    return state, action, act(state, kind, *args)


def drew_the_unknown(before: AirAllianceState, after: AirAllianceState) -> bool:
    """The rules' answer: the move turned over a card, unless it was the deck's last (known to all by elimination:
    every card not seen elsewhere) and nothing more came from the discards shuffled anew."""
    drawn = after.draws - before.draws
    return drawn > 0 and not (drawn == 1 and len(before.deck) == 1)


def test_shows_hidden_is_a_card_turned_over_on_random_games(playout_seeds: Callable[[int], range]) -> None:
    """It agrees with today's reveals() but for one case, where reveals() is over-careful: a move that draws only
    the deck's last card (and so shuffles the discards into a new deck, whose order the table does not see)."""
    told: set[tuple[str, bool]] = set()
    for seed in playout_seeds(SHARE):
        for k, m in enumerate(playout(seed)):
            if not (old_reveals(m.before, m.after) or len(m.before.deck) <= 1 or k % QUIET_STRIDE == 0):
                continue
            shown, expected = shows(m.before, m.action, m.after), drew_the_unknown(m.before, m.after)
            assert shown == expected, f"seed {seed}, version {m.before.seq}: {m.action.key} shows {shown}"
            if old_reveals(m.before, m.after) != shown:
                assert len(m.before.deck) == 1 and m.after.reshuffles > m.before.reshuffles
            told.add((m.action.kind, shown))
    assert {("land", True), ("land", False), ("icon", False), ("plane", False)} <= told


def test_a_flight_that_gains_a_passenger_shows_the_card_drawn_into_its_space() -> None:
    state = table(claim=claim_with("p13"))  # Honeymooners, Polynesia -> Cannes
    put(state, "U2", "red")
    state, chose_icon, chosen = move(state, "icon", 2, 0)
    assert not shows(state, chose_icon, chosen)  # a marker on an icon shows nothing
    chosen, chose_plane, plane = move(chosen, "plane", "U2")
    assert not shows(chosen, chose_plane, plane)  # nor does choosing the plane
    assert shows(*move(plane, "land", "E3"))  # the claim refills from the deck


def test_a_flight_that_gains_nothing_shows_nothing() -> None:
    state = act(act(table(claim=claim_with()), "icon", 2, 0), "plane", SUPPLY)
    assert not shows(*move(state, "land", "E2"))


def test_reserving_shows_nothing_but_with_the_kobe_rule_the_claim_refills_and_shows_a_card() -> None:
    plain = table(claim=claim_with())
    assert not shows(*move(plain, "reserve", plain.claim[2]))
    kobe = table(claim=claim_with(), options={"kobe_reserve_off_board": True})
    assert shows(*move(kobe, "reserve", kobe.claim[2]))


def test_lost_baggage_at_the_end_of_phase_1_shows_the_card_drawn() -> None:
    state = table(claim=claim_with(), options=FREE_MARKERS)
    assert shows(*move(state, "stop"))


def test_refreshing_the_claim_shows_six_new_cards_and_keeping_it_shows_nothing() -> None:
    state = table(claim=claim_with(), options={"kobe_first_turn": True})  # the first turn may refresh the claim
    assert shows(*move(state, "refresh"))
    assert not shows(*move(state, "keep"))


def test_drawing_the_decks_last_card_shows_nothing_though_it_shuffles_the_discards() -> None:
    """Every card not in the deck has been seen, so its last card is known; the discards' new order is unseen."""
    state = table(claim=claim_with(), options=FREE_MARKERS)
    last = state.deck[-1]
    state.discards, state.deck = state.deck[:-1], [last]
    before, action, after = move(state, "stop")
    assert after.claim[-1] == last and after.reshuffles == 1  # drawn, and the discards became the deck
    assert old_reveals(before, after) and not shows(before, action, after)  # reveals() is over-careful here


def test_a_refill_that_goes_on_from_the_discards_shuffled_anew_shows_their_new_order() -> None:
    state = table(claim=claim_with(), options={"kobe_first_turn": True})
    state.discards, state.deck = state.deck[:-1], state.deck[-1:]
    before, action, after = move(state, "refresh")  # the deck's last card, then five from the new deck
    assert after.reshuffles == 1 and shows(before, action, after)
