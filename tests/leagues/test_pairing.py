"""League arithmetic: table sizes, pairings that avoid rematches, points with ties, standings and tie-breaks."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from engine.platform.leagues import (
    Entrant, GameResult, LeagueError, game_points, meetings, pair_round, parse_points, standings, table_sizes,
)


def test_a_count_that_divides_gives_equal_tables() -> None:
    assert table_sizes(9, 3, 2, 4, False) == ([3, 3, 3], 0)


def test_a_remainder_changes_the_fewest_tables_by_one_seat() -> None:
    assert table_sizes(10, 3, 2, 4, False) == ([4, 3, 3], 0)  # one table of 4 rather than two of 2
    assert table_sizes(11, 3, 2, 4, False) == ([3, 3, 3, 2], 0)  # one table of 2 rather than two of 4
    assert table_sizes(7, 4, 2, 4, False) == ([4, 3], 0)  # no table of 5 in a 4-player game


def test_ai_seats_fill_a_table_only_where_the_league_allows_them() -> None:
    with pytest.raises(LeagueError, match="allow AI seats"):
        table_sizes(1, 3, 2, 4, False)
    assert table_sizes(1, 3, 2, 4, True) == ([3], 2)
    with pytest.raises(LeagueError, match="2 to 4 players"):
        table_sizes(9, 5, 2, 4, True)


def test_the_first_round_seats_neighbours_in_rating_together() -> None:
    entrants = [Entrant(u, 100 - u) for u in range(1, 10)]
    assert [t.members for t in pair_round(entrants, 3, 2, 4, False)] == [(1, 2, 3), (4, 5, 6), (7, 8, 9)]


def test_nine_members_meet_nobody_twice_over_four_rounds() -> None:
    entrants = [Entrant(u) for u in range(1, 10)]
    history: list[tuple[int, ...]] = []
    for _ in range(4):  # 4 rounds of 3 tables of 3: exactly every pair once
        tables = pair_round(entrants, 3, 2, 4, False, meetings(history))
        history += [t.members for t in tables]
    pairs = [p for t in history for p in combinations(sorted(t), 2)]
    assert len(pairs) == len(set(pairs)) == 36


def test_rematches_only_where_they_cannot_be_avoided() -> None:
    entrants = [Entrant(u) for u in range(1, 5)]
    first = pair_round(entrants, 2, 2, 4, False)
    second = pair_round(entrants, 2, 2, 4, False, meetings(t.members for t in first))
    met = meetings(t.members for t in first)
    assert all(b not in met[a] for t in second for a, b in combinations(t.members, 2))
    three = pair_round(entrants, 4, 2, 4, False, met)  # one table of everyone: rematches are forced, yet it pairs
    assert sorted(three[0].members) == [1, 2, 3, 4]


def test_the_same_league_always_gets_the_same_tables() -> None:
    rng = random.Random(3)
    entrants = [Entrant(u, rng.random()) for u in range(200)]
    history = [tuple(rng.sample(range(200), 3)) for _ in range(150)]
    once = pair_round(entrants, 3, 2, 4, False, meetings(history))
    again = pair_round(entrants, 3, 2, 4, False, meetings(history))
    assert once == again
    assert sorted(u for t in once for u in t.members) == list(range(200))


def test_a_thousand_members_are_paired_three_rounds_running_without_a_rematch() -> None:
    # How long a round takes is the benchmark's pairing_ms (`python -m benchmarks`, target under 1,000 ms).
    rng = random.Random(1)
    entrants = [Entrant(u, rng.gauss(0, 5)) for u in range(1000)]
    history: list[tuple[int, ...]] = []
    for _ in range(3):
        tables = pair_round(entrants, 4, 2, 4, False, meetings(history))
        history += [t.members for t in tables]
        rng.shuffle(entrants)
    pairs = [p for t in history for p in combinations(sorted(t), 2)]
    assert len(pairs) - len(set(pairs)) == 0


def test_default_points_are_one_per_player_beaten_and_ties_share_their_places() -> None:
    assert game_points(GameResult(1, ((1,), (2,), (3,))), None) == {1: 2.0, 2: 1.0, 3: 0.0}
    assert game_points(GameResult(1, ((1, 2), (3,))), None) == {1: 1.5, 2: 1.5, 3: 0.0}
    assert game_points(GameResult(1, ((1,), (None,), (3,))), None) == {1: 2.0, 3: 0.0}  # an AI takes a place


def test_chosen_points_per_place_and_their_wrong_forms() -> None:
    points = parse_points("3, 1, 0")
    assert game_points(GameResult(1, ((1,), (2, 3), (4,))), points) == {1: 3.0, 2: 0.5, 3: 0.5, 4: 0.0}
    for wrong in ("a,b", "1,3", "-1", "1,1,1,1,1,1,1"):
        with pytest.raises(LeagueError):
            parse_points(wrong)
    assert parse_points("") is None


def test_standings_break_ties_by_opponents_points_then_rating() -> None:
    names = {1: "ann", 2: "bob", 3: "cy", 4: "dee", 5: "eve", 6: "fay"}
    results = [GameResult(1, ((1,), (2,), (3,))), GameResult(1, ((4,), (5,), (6,))),
               GameResult(2, ((1,), (5,), (6,))), GameResult(2, ((4,), (2,), (3,)))]
    lines = standings(names, results, {1: 10.0, 4: 20.0}, None)
    # ann and dee have 4 points each and met opponents with the same points: dee's rating puts her first
    assert [(s.rank, s.user_id, s.points) for s in lines[:2]] == [(1, 4, 4.0), (2, 1, 4.0)]
    assert lines[0].wins == 2 and lines[0].games == 2
    # bob and eve: 2 points each, and each met ann and dee once (4 points each), plus a 0-point player
    bob, eve = next(s for s in lines if s.user_id == 2), next(s for s in lines if s.user_id == 5)
    assert bob.points == eve.points == 2.0 and bob.opponents_points == eve.opponents_points == 8.0
    assert bob.rank == eve.rank  # a full tie shares the rank


def test_opponents_points_decide_before_rating() -> None:
    names = {1: "a", 2: "b", 3: "c", 4: "d"}
    results = [GameResult(1, ((1,), (2,))), GameResult(1, ((3,), (4,))), GameResult(2, ((2,), (4,)))]
    lines = standings(names, results, {3: 99.0}, None)
    order = [s.user_id for s in lines]
    # a and c have 1 point each; a met b (1 point), c met only d (0): a goes first despite c's rating
    assert order.index(1) < order.index(3)
    assert next(s for s in lines if s.user_id == 1).opponents_points == 1.0
