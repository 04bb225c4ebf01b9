"""Airships' re-deal of what nobody sees (the pile's order, the airships under the tops and in the box, the dice),
and what a move shows, found from it."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

import engine
from airships_helpers import C, CHANGE_OF_ERA, GAME, act, give, set_chips, starting_dice, table, throw_for, white_faces
from engine.core import Action
from engine.platform.secrets import as_seen_by, dealer, shows_hidden
from engine.rules.airships.state import AirshipsState, Step
from engine.cli.simulate import play_random
from engine.view import to_json

AI = engine.get_ai("airships")
SHARE = 80  # one of these games weighs eighty plain playouts: one per player count in the fast tier
pytestmark = pytest.mark.xdist_group("airships_unseen")  # one worker plays the random games, not each
Move = tuple[AirshipsState, int, Action, AirshipsState]  # before, seat, action, after


def old_reveals(before: Any, after: Any) -> bool:
    """The hand-written rule the platform's computed check replaced (kept to show where they differ): a card
    turned over or dice thrown."""
    if len(after.pile) != len(before.pile):
        return True
    thrown_before = {id(t.rolled) for t in (before.pending, before.last_throw) if t is not None}
    return any(id(t.rolled) not in thrown_before for t in (after.pending, after.last_throw) if t is not None)



@cache
def playout(players: int, seed: int) -> tuple[Move, ...]:
    """Every move of one random game, with the table before and after it."""
    moves: list[Move] = []
    before = [GAME.setup(players, seed)]

    def keep(state: AirshipsState, seat: int, action: Action) -> None:
        if seat >= 0:
            moves.append((before[0], seat, action, state))
        before[0] = state

    play_random(GAME, players, seed, on_move=keep)
    return tuple(moves)


def positions(seeds: range, every: int = 1) -> list[AirshipsState]:
    """Every `every`-th table a player decides at, from random games at 2, 3 and 4 players."""
    found = [before for players in (2, 3, 4) for seed in seeds for before, _, _, _ in playout(players, seed)]
    return found[::every]


def era_of(card_id: str) -> str:
    return "change" if card_id == CHANGE_OF_ERA else C.expansions[card_id].era.value


def unseen_airships(state: AirshipsState) -> list[tuple[list[str], int]]:
    """The spots of the airships nobody sees: under a field's top, or in the box with the cards out of the game."""
    under = [(pile, i) for pile in state.fields for i in range(len(pile) - 1)]
    return under + [(state.removed, i) for i, card in enumerate(state.removed) if card in C.airships]


def twin(state: AirshipsState, shuffle: random.Random) -> AirshipsState:
    """The same table, otherwise where nobody looks: two pile cards of one back swapped, two unseen airships of one
    back swapped (under a top, in the box), and other dice to come."""
    new = state.copy()
    new.events = list(state.events)
    eras: dict[str, list[int]] = {}
    for i, card in enumerate(new.pile):
        eras.setdefault(era_of(card), []).append(i)
    backs: dict[Any, list[tuple[list[str], int]]] = {}
    for spot in unseen_airships(new):
        backs.setdefault(C.airships[spot[0][spot[1]]].back, []).append(spot)
    if pairs := [spots for spots in eras.values() if len(spots) > 1]:
        i, j = shuffle.sample(shuffle.choice(pairs), 2)
        new.pile[i], new.pile[j] = new.pile[j], new.pile[i]
    if pairs_ := [spots for spots in backs.values() if len(spots) > 1]:
        (a, i), (b, j) = shuffle.sample(shuffle.choice(pairs_), 2)
        a[i], b[j] = b[j], a[i]
    new.seed = shuffle.getrandbits(62)
    return new


def seats(state: AirshipsState) -> list[int | None]:
    return [None, *range(state.players)]


# --- the re-deal keeps what is seen and deals the rest -----------------------------------------------------------


def test_a_redeal_keeps_every_view_and_choice_and_never_changes_its_input(
        playout_seeds: Callable[[int], range]) -> None:
    dealt = {"pile order": 0, "airships under the tops": 0, "airships in the box": 0}
    for k, state in enumerate(positions(playout_seeds(SHARE), every=5)):
        before = (to_json(GAME.view(state, None)), state.copy(), list(state.events))
        for seat in seats(state):
            again = GAME.redeal(state, seat, random.Random(k))
            assert to_json(GAME.view(again, None)) == before[0]
            for viewer in range(state.players):
                assert to_json(GAME.view(again, viewer)) == to_json(GAME.view(state, viewer))
                assert GAME.legal_actions(again, viewer) == GAME.legal_actions(state, viewer)
            assert again.seed != state.seed  # the dice to come are new
            dealt["pile order"] += again.pile != state.pile
            dealt["airships under the tops"] += again.fields != state.fields
            dealt["airships in the box"] += again.removed != state.removed
        assert (state.copy(), state.events) == before[1:]  # the input is as it was
    assert all(dealt.values()), dealt


def test_a_redeal_moves_cards_only_among_those_of_their_back() -> None:
    state = GAME.setup(3, 11)
    again = GAME.redeal(state, None, random.Random(5))
    assert [era_of(card) for card in again.pile] == [era_of(card) for card in state.pile]
    assert sorted(again.pile) == sorted(state.pile)
    for mine, theirs in zip(again.fields, state.fields):
        assert [C.airships[card].back for card in mine] == [C.airships[card].back for card in theirs]
        assert mine[-1] == theirs[-1]  # the top is face up
    assert sorted([*again.removed, *(c for p in again.fields for c in p)]) == \
        sorted([*state.removed, *(c for p in state.fields for c in p)])


def test_twins_that_differ_only_where_nobody_looks_are_dealt_alike(playout_seeds: Callable[[int], range]) -> None:
    shuffle = random.Random(21)
    differed = 0
    for k, state in enumerate(positions(playout_seeds(SHARE), every=4)):
        other = twin(state, shuffle)
        assert to_json(GAME.view(other, None)) == to_json(GAME.view(state, None))  # a true twin: the table sees no difference
        differed += (other.pile, other.fields, other.removed) != (state.pile, state.fields, state.removed)
        for seat in seats(state):
            assert GAME.redeal(other, seat, random.Random(k)) == GAME.redeal(state, seat, random.Random(k))
    assert differed > 10


# --- the AI decides from what its seat could know ------------------------------------------------------------------


def decisions(seeds: range, every: int) -> list[AirshipsState]:
    """Tables where the player to act has more than one choice: where the AI thinks at all."""
    return [s for s in positions(seeds, every) if len(GAME.legal_actions(s, s.current)) > 1]


def seen(state: AirshipsState, seat: int, j: int) -> Action:
    """The AI's choice from the table as its seat could imagine it, as the platform hands it over."""
    return AI.choose(as_seen_by(GAME, state, seat, dealer(j, state.seq, "ai")), seat, random.Random(j))


def test_the_ai_decides_alike_on_twins(playout_seeds: Callable[[int], range]) -> None:
    shuffle = random.Random(8)
    tables = decisions(playout_seeds(SHARE), every=6)
    for j, state in enumerate(tables):
        seat = state.current
        assert seen(twin(state, shuffle), seat, j) == seen(state, seat, j)
    assert len(tables) > 30


def under_the_top_swapped(state: AirshipsState) -> list[AirshipsState]:
    """Twins that differ only in a card under a field's top, swapped with one of its back from the box."""
    found = []
    for f, pile in enumerate(state.fields):
        box = [i for i, card in enumerate(state.removed)
               if len(pile) > 1 and card in C.airships and C.airships[card].back is C.airships[pile[-2]].back]
        for i in box[:1]:
            other = state.copy()
            other.events = list(state.events)
            other.fields[f][-2], other.removed[i] = other.removed[i], other.fields[f][-2]
            found.append(other)
    return found


def test_the_ai_handed_the_real_table_would_read_the_card_under_a_top() -> None:
    """Why the AI must be handed `as_seen_by`: its look-ahead builds an airship and counts the card it uncovers."""
    for j, state in enumerate(decisions(range(3), every=1)):
        seat = state.current
        choice = AI.choose(state, seat, random.Random(j))
        for other in under_the_top_swapped(state):
            if AI.choose(other, seat, random.Random(j)) != choice:
                assert seen(other, seat, j) == seen(state, seat, j)  # handed what it may know, it cannot tell them apart
                return
    pytest.fail("the AI never told apart two tables that differ only under a top: is this test still needed?")


# --- what a move shows -----------------------------------------------------------------------------------------


def shows(before: AirshipsState, seat: int, action: Action, after: AirshipsState) -> bool:
    # A re-deal may turn over the very card that came: where only two could come, eight re-deals all repeat it once
    # in 256 times. A second question (eight more) makes a miss vanishingly rare; a move that shows nothing is never
    # shown by any re-deal, so asking again cannot make it seem to show something.
    return any(shows_hidden(GAME, before, seat, action, after, dealer(before.players, before.seq, purpose))
               for purpose in ("undo", "undo, asked again"))


def new_dice(before: AirshipsState, after: AirshipsState) -> bool:
    """A throw of at least one real die (an imaginary die always shows its number)."""
    old = [t.rolled for t in (before.pending, before.last_throw) if t is not None]
    return any(t is not None and not any(t.rolled is r for r in old) and any(t.rolled.values())
               for t in (after.pending, after.last_throw))


def card_turned_over(before: AirshipsState, after: AirshipsState) -> bool:
    """A card of the pile turned over that could have been another: more than one card with its back was left.

    A go with nothing to throw for passes to the next, which turns over a card too: one move may turn several."""
    left = before.pile
    for depth in range(len(left) - 1, len(after.pile) - 1, -1):
        if sum(era_of(card) == era_of(left[depth]) for card in left[: depth + 1]) > 1:
            return True
    return False


def airship_uncovered(before: AirshipsState, after: AirshipsState) -> bool:
    """An airship built off a field with cards beneath: the next one is turned face up."""
    return any(len(a) < len(b) and a for a, b in zip(after.fields, before.fields))


def test_a_move_shows_something_exactly_when_it_throws_dice_or_turns_a_card_over(
        playout_seeds: Callable[[int], range]) -> None:
    misses: dict[str, int] = {"chip uncovers an airship": 0, "the only card of its back": 0}
    kinds: set[tuple[str, bool]] = set()
    for players in (2, 3, 4):
        for seed in playout_seeds(SHARE):
            for before, seat, action, after in playout(players, seed):
                expected = new_dice(before, after) or card_turned_over(before, after) \
                    or airship_uncovered(before, after)
                shown = shows(before, seat, action, after)
                assert shown == expected, (players, seed, before.seq, action)
                kinds.add((action.kind, shown))
                if shown == old_reveals(before, after):
                    continue
                # reveals() misses the card a bonus chip uncovers, and counts a card everyone knew was next.
                if shown:
                    assert action.kind == "chip" and airship_uncovered(before, after), (players, seed, before.seq)
                    misses["chip uncovers an airship"] += 1
                else:
                    assert len(after.pile) < len(before.pile) and not card_turned_over(before, after)
                    misses["the only card of its back"] += 1
    assert {("throw", True), ("throw", False), ("roll", True), ("chip", True), ("chip", False), ("go", True),
            ("go", False), ("back", False)} <= kinds
    assert all(misses.values()), misses


def test_dice_thrown_show_something() -> None:
    state = table()
    give(state, 0, "s-hangars")
    thrown = throw_for(state, "a-light-1")  # no exchange to weigh: the dice are thrown at once
    assert thrown.last_throw is not None
    assert shows(state, 0, Action("throw", ("a-light-1",)), thrown)


def test_declaring_a_card_before_an_exchange_and_going_back_show_nothing() -> None:
    state = table(era=2, display=("e2-captains-2",))
    give(state, 0, "e1-financiers-2", "e1-materials-3")  # 3 white -> 1 black: the exchange is weighed first
    declared = throw_for(state, "e2-captains-2")
    assert declared.step is Step.EXCHANGE
    assert not shows(state, 0, Action("throw", ("e2-captains-2",)), declared)
    back = act(declared, "back")
    assert not shows(declared, 0, Action("back"), back)


def at_the_end_of_a_go(pile: list[str] | None = None) -> AirshipsState:
    state = table(pile=pile)
    starting_dice(state, 0, 1)  # the next player has a card to throw for: one card is turned over, no more
    state.step = Step.ADDITIONAL_GO
    set_chips(state, 0, 3)
    return state


@pytest.mark.parametrize("kind", ["end", "again"])
def test_the_card_turned_over_at_the_start_of_a_go_shows_something(kind: str) -> None:
    state = at_the_end_of_a_go()
    after = act(state, "go", kind)
    assert len(after.pile) == len(state.pile) - 1
    assert shows(state, 0, Action("go", (kind,)), after)


@pytest.mark.parametrize("last", [CHANGE_OF_ERA, "e1-hangars-2"], ids=["change of era", "last era 1 card"])
def test_turning_over_the_only_card_of_its_back_shows_nothing(last: str) -> None:
    """Everyone knows which card it is: the pile's make-up is public and its back is in sight."""
    era_2 = [card for card in C.expansions if C.expansions[card].era.value == "2"][:5]
    state = at_the_end_of_a_go([*era_2, CHANGE_OF_ERA] if last == CHANGE_OF_ERA else [*era_2, CHANGE_OF_ERA, last])
    after = act(state, "go", "end")
    assert len(after.pile) == len(state.pile) - 1
    assert not shows(state, 0, Action("go", ("end",)), after)
    assert old_reveals(state, after)  # reveals() counts it all the same: the lead retires it


def one_short_of(card: str, dice: Any) -> AirshipsState:
    """A throw for `card` one short, waiting for the bonus-chip decision, with chips left for another go after."""
    state = table(display=("s-engineers",))  # 1 white die for a 2
    give(state, 0, "s-hangars")  # 2 white dice
    set_chips(state, 0, 4)
    dice(*white_faces(C.airships[card].target - 1) if card in C.airships else (1, 1))
    state = throw_for(state, card)
    assert state.step is Step.BONUS_CHIP
    return state


def test_a_bonus_chip_that_builds_an_airship_shows_the_card_beneath(dice: Any) -> None:
    state = one_short_of("a-light-1", dice)
    built = act(state, "chip", "use")
    assert built.step is Step.ADDITIONAL_GO and built.fields[0][-1] == "a-medium-1"  # uncovered
    assert shows(state, 0, Action("chip", ("use",)), built)
    assert not old_reveals(state, built)  # the case reveals() misses


@pytest.mark.parametrize("use", ["use", "keep"])
def test_a_bonus_chip_decision_that_uncovers_nothing_shows_nothing(use: str, dice: Any) -> None:
    state = one_short_of("s-engineers", dice) if use == "use" else one_short_of("a-light-1", dice)
    decided = act(state, "chip", use)
    assert decided.step is Step.ADDITIONAL_GO  # no go begun, so no card turned over
    assert not shows(state, 0, Action("chip", (use,)), decided)
