"""1930's re-deal of what a seat cannot see (the other hands, the undealt contracts), and what a move shows."""

from __future__ import annotations

from typing import Any

import copy
import random
from collections import Counter
from collections.abc import Callable, Iterator

import pytest

from engine.core import Action, Chooser
from engine.platform.secrets import as_seen_by, dealer, shows_hidden
from engine.rules.golden_age import GAME, ai, unseen
from engine.rules.golden_age.end_of_turn import AWARD, EVERYONE_ASKED, contract, eligible
from engine.rules.golden_age.state import GoldenAgeState, Phase, Step
from engine.view import to_json

SHARE = 100  # a game here weighs this many Airships games (tests/conftest.py: playout_seeds): one in the fast tier
EVERY = 25  # a state sampled every this many moves, besides every state of End of Turn's contracts
EDITIONS = (1, GAME.edition)
Move = tuple[GoldenAgeState, int, Action, GoldenAgeState]


def old_reveals(before: Any, after: Any) -> bool:
    """The hand-written rule the platform's computed check replaced (kept to show where they differ): a contract
    played."""
    return len(after.discards) > len(before.discards)



def moves(players: int, seed: int, edition: int) -> Iterator[Move]:
    """A game of random choices to its end: each state, its mover, the move and the state after it."""
    state = GAME.setup(players, seed, {"edition": edition})
    chooser = random.Random(seed)
    while to_act := GAME.to_act(state):
        seat = to_act[0]
        action = chooser.choice(GAME.legal_actions(state, seat))
        after = GAME.apply(state, seat, action)
        yield state, seat, action, after
        state = after


def sampled(players: int, seeds: range, edition: int, every: int = EVERY) -> Iterator[GoldenAgeState]:
    """States of random games: every state of End of Turn's contracts and one in `every` of the others."""
    for seed in seeds:
        for number, (state, _, _, _) in enumerate(moves(players, seed, edition)):
            if state.phase is Phase.CONTRACTS or number % every == 0:
                yield state


def hidden_part(state: GoldenAgeState, seat: int | None) -> tuple[object, ...]:
    """What `seat` cannot see: the other hands, the undealt deck, the first edition's chosen card, the seed."""
    hands = tuple(tuple(p.contracts) for other, p in enumerate(state.seats) if other != seat)
    return hands, tuple(state.contract_deck), state.contract, state.seed


def twin(state: GoldenAgeState, seat: int | None, rng: random.Random) -> GoldenAgeState | None:
    """The same table but for what `seat` cannot see: hidden cards swapped for unseen ones of the same value
    (the count and values of a hand are known), the deck reordered, another seed. The first edition's player
    being asked keeps a card they can play (the table knows they hold one); None if that fails."""
    value = unseen.values_of(state)
    hidden = [n for other, p in enumerate(state.seats) if other != seat for n in p.contracts] + state.contract_deck
    mapping: dict[int, int] = {}
    for worth in {value[n] for n in hidden}:
        cards = sorted(n for n in hidden if value[n] == worth)
        mapping.update(zip(cards, rng.sample(cards, len(cards))))
    result = swapped(state, seat, mapping, rng.getrandbits(62), rng)
    asked = state.edition < EVERYONE_ASKED and state.phase is Phase.CONTRACTS and state.current != seat
    if asked and not any(eligible(result, n) for n in result.seats[result.current].contracts):
        return None
    if asked and state.step is Step.CONTRACT_AIRLINE and not eligible(result, result.contract):
        return None
    return result


def swapped(state: GoldenAgeState, seat: int | None, mapping: dict[int, int], seed: int,
            rng: random.Random) -> GoldenAgeState:
    result = state.copy()
    result.events = list(state.events)
    for other in range(state.players):
        if other != seat:
            result.writable_seat(other).contracts = [mapping.get(n, n) for n in state.seats[other].contracts]
    result.contract_deck = rng.sample(state.contract_deck, len(state.contract_deck))
    result.contract_deck = [mapping.get(n, n) for n in result.contract_deck]
    if state.contract and state.current != seat:
        result.contract = mapping.get(state.contract, state.contract)
    result.seed = seed
    if state.before is not None:
        result.before = swapped(state.before, seat, mapping, seed, rng)
    return result


def seats_of(state: GoldenAgeState) -> list[int | None]:
    return [None, *range(state.players)]


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", (2, 4))
def test_a_redeal_keeps_all_the_seat_sees_and_deals_the_rest_again(
        players: int, edition: int, playout_seeds: Callable[[int], range]) -> None:
    changed = Counter[int | None]()
    for number, state in enumerate(sampled(players, playout_seeds(SHARE), edition)):
        kept = copy.deepcopy(state) if number % 10 == 0 else None
        public, hidden = to_json(GAME.view(state, None)), hidden_part(state, None)
        for seat in seats_of(state):
            new = GAME.redeal(state, seat, random.Random(number))
            assert to_json(GAME.view(new, None)) == public
            if seat is not None:
                assert to_json(GAME.view(new, seat)) == to_json(GAME.view(state, seat))
                assert GAME.legal_actions(new, seat) == GAME.legal_actions(state, seat)
            changed[seat] += hidden_part(new, seat)[:3] != hidden_part(state, seat)[:3]
        assert to_json(GAME.view(state, None)) == public and hidden_part(state, None) == hidden, "the input never changes"
        assert kept is None or state == kept, "the input never changes"
    assert all(changed[seat] for seat in [None, *range(players)]), f"nothing re-dealt for some seat: {changed}"


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_redeal_keeps_every_hands_values_and_a_new_seed(edition: int) -> None:
    # Everyone was dealt one contract of each value and every card played is shown: a hand's values are known.
    for state in sampled(3, range(1), edition):
        new = GAME.redeal(state, None, random.Random(state.seq))
        for old, player in zip(state.seats, new.seats):
            assert [contract(state, n).value for n in player.contracts] == [
                contract(state, n).value for n in old.contracts]
        everything = sorted([*new.contract_deck, *new.discards, *(n for p in new.seats for n in p.contracts)])
        assert everything == sorted(card.number for card in state.data.contracts_for(3))
        assert new.seed != state.seed


@pytest.mark.parametrize("edition", EDITIONS)
def test_an_operation_cancelled_after_a_redeal_goes_back_to_the_same_table(edition: int) -> None:
    # The state an operation under way returns to on 'cancel' holds contracts too: they are re-dealt alike.
    cancelled = 0
    for state, seat, action, after in moves(4, 0, edition):
        if action.kind != "cancel":
            continue
        new = GAME.redeal(state, None, random.Random(state.seq))
        assert new.before is not None and state.before is not None
        assert [p.contracts for p in new.before.seats] == [p.contracts for p in new.seats]
        assert to_json(GAME.view(GAME.apply(new, seat, action), None)) == to_json(GAME.view(after, None))
        cancelled += 1
    assert cancelled


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", (3, 5))
def test_twins_differing_only_in_what_the_seat_cannot_see_are_dealt_the_same(
        players: int, edition: int, playout_seeds: Callable[[int], range]) -> None:
    rng, pairs = random.Random(players), 0
    for number, state in enumerate(sampled(players, playout_seeds(SHARE), edition)):
        for seat in seats_of(state):
            one, two = twin(state, seat, rng), twin(state, seat, rng)
            if one is None or two is None:
                continue
            assert hidden_part(one, seat) != hidden_part(two, seat)
            assert GAME.redeal(one, seat, random.Random(number)) == GAME.redeal(two, seat, random.Random(number))
            pairs += 1
    assert pairs >= 20


def decisions(players: int, seeds: range, edition: int) -> Iterator[tuple[GoldenAgeState, int]]:
    """The states where the seat to act has a real choice: every contract decision and a few others."""
    for state in sampled(players, seeds, edition, every=4 * EVERY):
        seat = GAME.to_act(state)[0]
        if len(ai.decision(state, seat)) > 1:
            yield state, seat


def peeking(state: GoldenAgeState, seat: int, rng: Chooser) -> Action:
    """A cheat the twin test must catch: its choice follows the other hands, the deck and the seed."""
    legal = GAME.legal_actions(state, seat)
    return legal[hash(hidden_part(state, seat)) % len(legal)]


def chosen_on_twins(policy: Callable[[GoldenAgeState, int, Chooser], Action], seen: bool,
                    players: int, seeds: range, edition: int) -> tuple[int, int]:
    """(twins, twins on which the policy chose differently), deciding from `as_seen_by` or the real state."""
    rng, twins, differed = random.Random(edition), 0, 0
    for state, seat in decisions(players, seeds, edition):
        pair = [made for _ in range(2) if (made := twin(state, seat, rng)) is not None]
        if len(pair) < 2:
            continue
        # the same question gets the same dealer
        given = [as_seen_by(GAME, t, seat, dealer(1, state.seq, "ai")) if seen else t for t in pair]
        choices = [policy(g, seat, random.Random(state.seq)) for g in given]
        twins, differed = twins + 1, differed + (choices[0] != choices[1])
    return twins, differed


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_ai_decides_alike_on_twins_from_what_its_seat_sees(
        edition: int, playout_seeds: Callable[[int], range]) -> None:
    twins, differed = chosen_on_twins(ai.choose, True, 3, playout_seeds(SHARE), edition)
    assert twins >= 20 and differed == 0


def test_the_twin_test_catches_a_policy_that_peeks() -> None:
    # Handed the real twins a peeking policy chooses differently; handed what its seat sees, alike.
    twins, differed = chosen_on_twins(peeking, False, 3, range(1), GAME.edition)
    assert twins >= 20 and differed > 0
    assert chosen_on_twins(peeking, True, 3, range(1), GAME.edition)[1] == 0


def test_the_ai_reads_nothing_hidden_even_from_the_real_state() -> None:
    # 1930's AI strips the other hands and the deck itself (ai_plan.hidden_removed) before it looks ahead.
    twins, differed = chosen_on_twins(ai.choose, False, 3, range(1), GAME.edition)
    assert twins >= 20 and differed == 0


def shown(move: Move) -> bool:
    state, seat, action, after = move
    return shows_hidden(GAME, state, seat, action, after, dealer(1, state.seq, "shown"))


def looked_at(players: int, seeds: range, edition: int) -> Iterator[Move]:
    """Every move of End of Turn's contracts and the one that begins them, and one in EVERY of the others."""
    for seed in seeds:
        for number, move in enumerate(moves(players, seed, edition)):
            state, _, _, after = move
            if Phase.CONTRACTS in (state.phase, after.phase) or number % EVERY == 0:
                yield move


@pytest.mark.parametrize("players", (2, 5))
def test_nothing_shows_a_player_what_they_could_not_know(players: int, playout_seeds: Callable[[int], range]) -> None:
    # No die is thrown and nothing is drawn after the deal, and from edition 2 everyone holding contracts is
    # asked: no move shows its player anything new. An awarded contract is the player's own card, theirs to show
    # (the old hand-written rule counted it, so its player could not take an award back alone).
    kinds = Counter[tuple[str, bool]]()
    for move in looked_at(players, playout_seeds(SHARE), GAME.edition):
        state, _, action, after = move
        assert not shown(move), action
        assert old_reveals(state, after) is (action.kind == AWARD)
        kinds[action.kind, old_reveals(state, after)] += 1
    assert kinds["award", True] and kinds["done", False] and kinds["buy", False] and kinds["city", False]


def asks_next(state: GoldenAgeState, after: GoldenAgeState) -> bool:
    """The move ended with a player asked for contracts, or with End of Turn over: in the first edition who is
    asked (anyone at all) followed the hands, only who could play a card now being asked."""
    if after.phase is Phase.CONTRACTS:
        return state.phase is not Phase.CONTRACTS or after.current != state.current
    return state.phase is Phase.CONTRACTS or after.turn != state.turn or after.over


def test_the_first_edition_showed_who_could_play_a_contract() -> None:
    # Edition 1 asked only a player who could play a contract now. Then a move shows its player something when it
    # leads to the next player asked (or to no one): who could play. The old rule missed that, and counted an
    # award instead (the player's own card).
    missed = Counter[str]()
    for move in looked_at(3, range(1), 1):
        state, _, action, after = move
        if shown(move):
            assert asks_next(state, after), action
            missed["next asked"] += 1
        else:
            assert old_reveals(state, after) is (action.kind == AWARD)
    assert missed["next asked"], missed


def test_the_first_editions_redeal_keeps_a_playable_card_for_the_player_asked() -> None:
    asked = 0
    for state in sampled(4, range(2), 1):
        if state.phase is not Phase.CONTRACTS:
            continue
        for number in range(3):
            new = GAME.redeal(state, None, random.Random(number))
            assert any(eligible(new, n) for n in new.seats[new.current].contracts)
            if new.step is Step.CONTRACT_AIRLINE:
                assert new.contract in new.seats[new.current].contracts and eligible(new, new.contract)
            asked += 1
    assert asked


def test_a_hand_with_nothing_playable_is_given_a_card_it_could_play() -> None:
    # When no re-deal of TRIES gives the first edition's player being asked a card they could play, one unseen
    # card that could (of a value they hold) is swapped into their hand: the cards and every hand's values stay.
    value = unseen.values_of(GAME.setup(4, 0, {"edition": 1}))
    for state in sampled(4, range(1), 1):
        if state.phase is not Phase.CONTRACTS:
            continue
        asker = state.current
        hands_values = {seat: [value[n] for n in p.contracts] for seat, p in enumerate(state.seats)}
        for number in range(20):
            hands, deck = unseen.deal(unseen.unseen(state, None), hands_values, random.Random(number))
            if any(eligible(state, n) for n in hands[asker]):
                continue
            fixed, rest = unseen.given_a_playable(state, asker, hands, deck, random.Random(0))
            assert any(eligible(state, n) for n in fixed[asker])
            assert {seat: [value[n] for n in hand] for seat, hand in fixed.items()} == hands_values
            assert sorted([*rest, *(n for h in fixed.values() for n in h)]) == sorted(
                [*deck, *(n for h in hands.values() for n in h)])
            return
    pytest.fail("no deal left the player being asked without a card to play")
