"""The engine contract, for every game in the registry: choices, refusals, pure apply, the end, replays and views."""

from __future__ import annotations

import copy
import dataclasses
import importlib
import json
import random
from dataclasses import replace
from functools import cache
from typing import Any

import pytest

import engine
from engine.cli.simulate import play_random
from engine.core import (
    GAME_OVER_TEXT, MAX_CHOICES, MAX_LABEL, NOT_A_CHOICE_TEXT, NOT_YOUR_TURN_TEXT, Action, Game, GameError, GameOver,
    IllegalAction, NotYourTurn, News, Rules,
)
from engine.events import Event, Seat
from engine.figures import game_stats, shown_stats
from engine.sentences import Sentences
from engine.view import CommonView, ViewError, check_common_view, from_json, to_json

GAMES = engine.list_games()
pytestmark = pytest.mark.xdist_group("contract")  # one worker plays the random games, not each
SEEDS = 1  # random games per player count (the smallest and the largest) in the quick run
SLOW_SEEDS = 6  # the whole suite: some thousands of states more per game


@cache
def playouts(slug: str, seeds: int = SEEDS) -> tuple[tuple[Any, list[tuple[int, Action]], list[Any]], ...]:
    """Random games of the smallest and the largest table: (players and seed, the log, every state in order)."""
    game = engine.get_game(slug)
    found = []
    for players in sorted({game.min_players, game.max_players}):
        for seed in range(seeds):
            states: list[Any] = []
            playout = play_random(game, players, seed, on_move=lambda state, seat, action: states.append(state))  # noqa: B023  # the callback runs only during this playout
            assert playout.finished, f"{slug}: {players} players, seed {seed} did not finish"
            found.append(((players, seed), playout.moves, states))
    return tuple(found)


def states_of(slug: str, seeds: int = SEEDS) -> list[Any]:
    return [state for _, _, states in playouts(slug, seeds) for state in states]


def every_choice(slug: str, state: Any, seat: int) -> list[Action]:
    """What the fast path may accept: the menu shown, and where a game pages its menu, every page's choices."""
    game = engine.get_game(slug)
    rules = importlib.import_module(f"{type(game).__module__}.rules")
    pages = getattr(rules, "all_choices", None)
    return [*game.legal_actions(state, seat), *(pages(state, seat) if pages else ())]


# --- the registry and the shape of every game ----------------------------------------------------------------


@pytest.mark.parametrize("slug", GAMES)
def test_every_game_keeps_the_protocol_and_applies_through_the_core(slug: str) -> None:
    game = engine.get_game(slug)
    assert isinstance(game, Game) and isinstance(game, Rules)
    assert game.slug == slug and game.title and 2 <= game.min_players <= game.max_players
    assert type(game).apply is Rules.apply  # the refusals are the core's: no game writes its own apply
    assert game.guide and game.guide[0].key == "overview"
    assert callable(game.legal_choice)  # type: ignore[attr-defined]  # the same-named fast legality path in every game
    assert engine.get_ai(slug).choose and engine.get_ai(slug).greedy
    engine.check_games()


def test_an_unknown_slug_names_the_games_there_are() -> None:
    with pytest.raises(GameError, match="airships"):
        engine.get_game("nope")


def test_errors_share_one_base() -> None:
    assert issubclass(IllegalAction, GameError)
    assert issubclass(NotYourTurn, IllegalAction) and issubclass(GameOver, IllegalAction)
    assert engine.IllegalAction is IllegalAction and engine.NotYourTurn is NotYourTurn and engine.GameOver is GameOver


# --- choices ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("slug", GAMES)
def test_only_the_seats_to_act_have_choices_and_they_fit_a_menu(slug: str) -> None:
    game = engine.get_game(slug)
    for state in states_of(slug):
        to_act = game.to_act(state)
        for seat in range(state.players):
            legal = game.legal_actions(state, seat)
            if seat not in to_act:
                assert legal == []
                continue
            assert 0 < len(legal) <= MAX_CHOICES and len({a.key for a in legal}) == len(legal)
            assert all(0 < len(a.label) <= MAX_LABEL for a in legal)


@pytest.mark.parametrize("slug", GAMES)
def test_explain_keeps_the_choices_and_their_words_fit(slug: str) -> None:
    game = engine.get_game(slug)
    for state in states_of(slug)[::15]:
        for seat in game.to_act(state):
            legal = game.legal_actions(state, seat)
            explained = game.explain(state, seat, legal)
            assert explained == legal and all(len(a.label) <= MAX_LABEL and len(a.detail) <= MAX_LABEL
                                              for a in explained)


def candidates(slug: str, state: Any, seat: int, rng: random.Random, others: list[Action]) -> list[Action]:
    """Choices to ask the fast path about: some legal, some from other states, some bent out of shape."""
    legal = engine.get_game(slug).legal_actions(state, seat)
    picked = rng.sample(legal, min(3, len(legal))) + rng.sample(others, min(3, len(others)))
    bent = [Action(a.kind, tuple(x + 1 if isinstance(x, int) else f"{x}x" for x in a.args)) for a in picked]
    return [*picked, *bent, Action(picked[0].kind), Action("no-such-kind")]


def check_fast_path(slug: str, states: list[Any]) -> None:
    game, rng = engine.get_game(slug), random.Random(slug)
    others: list[Action] = []
    for state in states:
        for seat in game.to_act(state):
            shown = every_choice(slug, state, seat)
            for action in candidates(slug, state, seat, rng, others):
                fresh = state.copy()  # no menu worked out yet: the path checks the choice alone
                found = game.legal_choice(fresh, seat, Action(action.kind, action.args))
                assert (found is not None) == (action in shown), f"{slug} {state.seq}: {action.key}"
                assert found is None or found == action
            others = game.legal_actions(state, seat)


@pytest.mark.parametrize("slug", GAMES)
def test_the_fast_legality_path_agrees_with_legal_actions(slug: str) -> None:
    check_fast_path(slug, states_of(slug))


@pytest.mark.slow
@pytest.mark.parametrize("slug", GAMES)
def test_the_fast_legality_path_agrees_over_many_more_games(slug: str) -> None:
    check_fast_path(slug, states_of(slug, SLOW_SEEDS))


# --- apply: pure, and refusing in one place with the same words --------------------------------------------------


@pytest.mark.parametrize("slug", GAMES)
def test_apply_never_mutates_its_input(slug: str) -> None:
    game = engine.get_game(slug)
    for _, moves, states in playouts(slug):
        for (seat, action), state in list(zip(moves, states))[::7]:
            before, view = copy.deepcopy(state), game.view(state, None)
            game.apply(state, seat, action)
            assert state == before, f"{slug}: apply changed its input on {action.key}"
            assert game.view(state, None) == view


@pytest.mark.parametrize("slug", GAMES)
def test_apply_refuses_after_the_end_out_of_turn_and_off_the_menu(slug: str) -> None:
    game = engine.get_game(slug)
    _, moves, states = playouts(slug)[0]
    final = states[-1]
    for seat, action in moves[-3:]:
        with pytest.raises(GameOver) as over:
            game.apply(final, seat, action)
        assert str(over.value) == GAME_OVER_TEXT
    for state in states[::25]:
        seat = game.to_act(state)[0]
        action = game.legal_actions(state, seat)[0]
        for other in set(range(state.players)) - set(game.to_act(state)):
            with pytest.raises(NotYourTurn) as wrong:
                game.apply(state, other, action)
            assert str(wrong.value) == NOT_YOUR_TURN_TEXT
        for refused in (Action("no-such-kind"), Action(action.kind, ("no-such-thing", 99))):
            with pytest.raises(IllegalAction) as illegal:
                game.apply(state, seat, refused)
            assert type(illegal.value) is IllegalAction and str(illegal.value) == NOT_A_CHOICE_TEXT


# --- the end and the log -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("slug", GAMES)
def test_the_outcome_comes_at_the_end_and_only_then(slug: str) -> None:
    game = engine.get_game(slug)
    for (players, _), _, states in playouts(slug):
        assert all(game.outcome(state) is None for state in states[:-1:20])
        final = states[-1]
        outcome = game.outcome(final)
        assert outcome is not None and final.over and game.to_act(final) == []
        assert len(outcome.scores) == players and sorted(s for g in outcome.ranking for s in g) == list(range(players))


@pytest.mark.parametrize("slug", GAMES)
def test_a_replay_from_the_seed_and_the_stored_log_gives_the_same_state(slug: str) -> None:
    game = engine.get_game(slug)
    for (players, seed), moves, states in playouts(slug):
        stored = [(seat, Action.from_dict(json.loads(json.dumps(a.to_dict())))) for seat, a in moves]  # labels lost
        assert engine.replay(game, players, seed, {}, stored) == states[-1]
        middle = len(stored) // 2
        assert game.view(engine.replay(game, players, seed, {}, stored[:middle]), None) == game.view(
            states[middle], None)


def test_same_seed_same_game() -> None:
    for slug in GAMES:
        game = engine.get_game(slug)
        first, second = play_random(game, game.min_players, 77), play_random(game, game.min_players, 77)
        assert first.moves == second.moves and first.state == second.state


@pytest.mark.parametrize(
    "malformed",
    [
        None, [], "throw", 3, {}, {"args": []}, {"kind": 3}, {"kind": None},
        {"kind": "throw", "args": "a-light-1"}, {"kind": "throw", "args": ("a-light-1",)},
        {"kind": "throw", "args": [True]}, {"kind": "throw", "args": [1.5]}, {"kind": "throw", "args": [None]},
        {"kind": "throw", "args": [["a-light-1"]]}, {"kind": "throw", "args": [{"id": "a-light-1"}]},
    ],
)
def test_from_dict_rejects_malformed_dicts(malformed: Any) -> None:
    with pytest.raises(IllegalAction):
        Action.from_dict(malformed)


def test_action_label_is_not_part_of_its_identity() -> None:
    assert Action("throw", ("a-light-1",), "one label") == Action("throw", ("a-light-1",), "another")
    with pytest.raises(ValueError):
        Action("throw", (), "x" * (MAX_LABEL + 1))


# --- views -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("slug", GAMES)
def test_every_view_has_the_common_part_and_its_json_reads_back_as_the_same_view(slug: str) -> None:
    """Random playout states of every game: each view (public and every seat's) -> JSON text -> the same view."""
    game = engine.get_game(slug)
    for state in states_of(slug)[::15]:
        for seat in (None, *range(state.players)):
            view = game.view(state, seat)
            check_common_view(view)
            assert from_json(type(view), json.loads(json.dumps(to_json(view)))) == view
        marked = replace(view, ai_seats=(0,), autopilot_seats=(), away_seats=(state.players - 1,), headline="ann wins",
                         pack="Our cards")
        check_common_view(marked)  # as the services hand it to the renderer
        assert from_json(type(view), json.loads(json.dumps(to_json(marked)))) == marked


@pytest.mark.parametrize("slug", GAMES)
def test_a_view_is_typed_all_the_way_down(slug: str) -> None:
    """Frozen dataclasses, tuples and plain values (and a few string-keyed counts): nothing a renderer would
    parse again with `.get(...) or default`."""
    view = engine.get_game(slug).view(states_of(slug)[-1], None)

    def check(value: Any, path: str) -> None:
        if dataclasses.is_dataclass(value):
            assert type(value).__dataclass_params__.frozen, path  # type: ignore[attr-defined]
            for f in dataclasses.fields(value):
                check(getattr(value, f.name), f"{path}.{f.name}")
        elif isinstance(value, dict):
            assert all(isinstance(k, str) and type(v) is int for k, v in value.items()), path
        else:
            assert isinstance(value, (tuple, str, int, float, type(None))), f"{path} is a {type(value).__name__}"
            for index, item in enumerate(value if isinstance(value, tuple) else ()):
                check(item, f"{path}[{index}]")

    check(view, "view")


@pytest.mark.parametrize("slug", GAMES)
def test_a_seat_view_is_the_public_view_and_that_seats_own_part(slug: str) -> None:
    game = engine.get_game(slug)
    for state in states_of(slug)[::40]:
        for seat in range(state.players):
            mine = game.view(state, seat)
            assert mine.you is not None and replace(mine, you=None) == game.view(state, None)


@pytest.mark.parametrize("broken, words", [
    ({"points_unit": ""}, "points_unit"),
    ({"events": (Event("wins", (("who", Seat(3)),)),)}, "seat 3"),
    ({"seat_names": ("A", "B")}, "points"),
    ({"decision": ""}, "decision"),
    ({"ai_seats": (2,)}, "ai_seats"),
    ({"away_seats": (0, 0)}, "twice"),
])
def test_the_view_check_names_what_is_wrong(broken: dict[str, Any], words: str) -> None:
    fine = CommonView(events=(), seat_names=("A",), decision="x", points=(1,), points_unit="VP")
    check_common_view(fine)
    with pytest.raises(ViewError, match=words):
        check_common_view(replace(fine, **broken))


@pytest.mark.parametrize("data, words", [
    ({"events": [], "seat_names": ["A"], "decision": "x", "points": [1]}, "view lacks 'points_unit'"),
    ({"events": [], "seat_names": ["A"], "decision": "x", "points": ["1"], "points_unit": "VP"},
     r"view.points\[0\] must be int"),
    ({"events": [], "seat_names": ["A"], "decision": "x", "points": [True], "points_unit": "VP"}, "must be int"),
    ({"events": [], "seat_names": ["A"], "decision": "x", "points": [1], "points_unit": "VP", "pionts": []},
     "no key 'pionts'"),
    ({"events": ["{p0} wins"], "seat_names": ["A"], "decision": "x", "points": [1], "points_unit": "VP"},
     r"view.events\[0\]: not an event"),
])
def test_json_that_is_not_a_views_shape_is_refused_naming_the_key(data: dict[str, Any], words: str) -> None:
    with pytest.raises(ViewError, match=words):
        from_json(CommonView, data)


def test_seats_are_named_from_their_values_so_a_name_that_looks_like_a_seat_stays_as_it_is() -> None:
    sentences = Sentences()
    sentences.add("waits", "{who} throws; {other} waits; {nobody} is no one", News.PLAY)
    event = Event("waits", (("who", Seat(0)), ("other", Seat(1)), ("nobody", Seat(7))))
    assert sentences.words(event, {0: "Ann {p1}", 1: "Bob"}) == "Ann {p1} throws; Bob waits; {p7} is no one"
    assert sentences.words(event, {1: "Bob"}) == "{p0} throws; Bob waits; {p7} is no one"


@pytest.mark.parametrize("slug", engine.list_games())
def test_every_figure_a_statistics_page_shows_is_one_the_game_reports(slug: str) -> None:
    game = engine.get_game(slug)
    figures = game_stats(game, play_random(game, game.min_players, 3).state)
    shown = shown_stats(game)
    assert shown and all(line.key in figures and line.label for line in shown)
