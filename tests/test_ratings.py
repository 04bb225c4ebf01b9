"""Ratings: the maths against openskill by hand, and the service rating each game that finishes by its rules once."""

from __future__ import annotations

import logging
import random

import pytest
from openskill.models import PlackettLuce

import engine
from engine.core import EndReason, Outcome
from engine.platform.ratings import AI_USER, NEW, Placed, Skill, places, rate_game, rated_outcome, shown, shown_text
from engine.services.ratings import leader_rows
from engine.services import Services
from tests.stub_drawing import stub_drawing
from engine.store import RatingRow, Status, Store

GUILD, CHANNEL = 1, 2
ANN, BOB = 10, 11


# -- the maths -----------------------------------------------------------------------------------


def test_a_new_member_shows_1500_and_stays_provisional_for_five_games() -> None:
    assert NEW.number == 1500 and NEW.provisional
    assert shown(30.0, 2.0) == 1500 + 20 * (30.0 - 6.0)
    assert shown_text(Skill(30.0, 2.0, games=4)) == "1,980 (provisional)"
    assert shown_text(Skill(30.0, 2.0, games=5)) == "1,980"


def test_a_three_player_game_from_fresh_ratings_is_what_openskill_computes() -> None:
    model = PlackettLuce()  # the library's own defaults: ours must be the same numbers
    fresh = [[model.rating()] for _ in range(3)]
    expected = model.rate(fresh, ranks=[1, 2, 3])
    new = rate_game([Placed(0, 7, "cy", 2), Placed(1, 5, "ann", 1), Placed(2, 6, "bob", 3)], {})
    assert (new[5].mu, new[5].sigma) == (expected[0][0].mu, expected[0][0].sigma)
    assert (new[7].mu, new[7].sigma) == (expected[1][0].mu, expected[1][0].sigma)
    assert (new[6].mu, new[6].sigma) == (expected[2][0].mu, expected[2][0].sigma)
    assert new[5].mu > 25 > new[6].mu and new[5].wins == 1 and new[7].wins == new[6].wins == 0
    assert all(skill.games == 1 for skill in new.values())


def test_ratings_before_the_game_are_what_it_starts_from() -> None:
    model = PlackettLuce()
    before = {5: Skill(31.0, 4.0, 9, 6), 6: Skill(22.0, 6.5, 3, 0)}
    expected = model.rate([[model.rating(mu=31.0, sigma=4.0)], [model.rating(mu=22.0, sigma=6.5)]], ranks=[2, 1])
    new = rate_game([Placed(0, 5, "ann", 2), Placed(1, 6, "bob", 1)], before)
    assert new[5] == Skill(expected[0][0].mu, expected[0][0].sigma, 10, 6)
    assert new[6] == Skill(expected[1][0].mu, expected[1][0].sigma, 4, 1)


def test_tied_seats_share_a_place_and_move_alike() -> None:
    outcome = Outcome(scores=(9, 5, 5, 1), ranking=((0,), (1, 2), (3,)))
    assert places(outcome) == {0: 1, 1: 2, 2: 2, 3: 4}
    shared_win = places(Outcome(scores=(4, 4, 1), ranking=((0, 1), (2,))))
    assert shared_win == {0: 1, 1: 1, 2: 3}
    new = rate_game([Placed(s, 20 + s, f"p{s}", p) for s, p in places(outcome).items()], {})
    assert new[21] == new[22] and new[20].mu > new[21].mu > new[23].mu
    both = rate_game([Placed(s, 20 + s, f"p{s}", p) for s, p in shared_win.items()], {})
    assert both[20].wins == both[21].wins == 1 and both[20] == both[21]


def test_several_ai_seats_each_play_at_the_ai_rating_and_the_ai_keeps_their_mean() -> None:
    model = PlackettLuce()
    ai_before = Skill(28.0, 5.0, 12, 4)
    teams = [[model.rating(mu=25.0, sigma=25 / 3)], [model.rating(mu=28.0, sigma=5.0)], [model.rating(mu=28.0, sigma=5.0)]]
    expected = model.rate(teams, ranks=[1, 2, 3])
    new = rate_game([Placed(0, ANN, "ann", 1), Placed(1, AI_USER, "Contrail AI", 2), Placed(2, AI_USER, "Contrail AI", 3)],
                    {AI_USER: ai_before})
    assert new[AI_USER].mu == pytest.approx((expected[1][0].mu + expected[2][0].mu) / 2, abs=1e-12)
    assert new[AI_USER].sigma == pytest.approx((expected[1][0].sigma + expected[2][0].sigma) / 2, abs=1e-12)
    assert (new[AI_USER].games, new[AI_USER].wins) == (13, 4)  # one game played, none won
    assert (new[ANN].mu, new[ANN].sigma) == (expected[0][0].mu, expected[0][0].sigma)
    won = rate_game([Placed(0, ANN, "ann", 3), Placed(1, AI_USER, "AI", 1), Placed(2, AI_USER, "AI", 2)], {})
    assert (won[AI_USER].games, won[AI_USER].wins) == (1, 1)  # one of its seats won: the AI won that game


def test_only_a_game_that_ended_by_its_rules_is_rated() -> None:
    assert rated_outcome(Outcome(scores=(3, 1), ranking=((0,), (1,))))
    assert not rated_outcome(Outcome(scores=(3, 1), ranking=((0,), (1,)), reason=EndReason.ABANDONED))
    assert not rated_outcome(None)


# -- through the service ---------------------------------------------------------------------------


async def play_out(service: Services, game_id: int, rng: random.Random) -> None:
    """Random choices for whichever person must act, until the game is over (AI and autopilot seats move alone)."""
    for _ in range(2000):
        table = await service.reading.table(game_id)
        if table.status is not Status.ACTIVE:
            return
        game = engine.get_game(table.slug)
        state = await service.core.load.state(table)
        seat = game.to_act(state)[0]
        user = table.at_seat(seat).user_id
        await service.core.play(game_id, user, rng.randrange(len(game.legal_actions(state, seat))))
    raise AssertionError("the game did not end")


async def airships(service: Services, *, bob: bool = True, ai: int = 0) -> int:
    table = await service.lobby.open_table("airships", guild_id=GUILD, channel_id=CHANNEL, creator_id=ANN,
                                     creator_name="ann", ai=ai)
    if bob:
        await service.lobby.join(table.id, BOB, "bob")
    await service.lobby.start(table.id, ANN)
    return table.id


async def test_a_finished_game_is_rated_once_with_each_seat_and_place(service: Services, store: Store) -> None:
    game_id = await airships(service)
    await play_out(service, game_id, random.Random(3))
    table = await service.reading.table(game_id)
    outcome = Outcome.from_dict(table.row.outcome or {})
    results = await store.ratings.stored_results()
    assert [(r.user_id, r.place) for r in results] == [(table.at_seat(s).user_id, places(outcome)[s]) for s in (0, 1)]
    expected = rate_game([Placed(r.seat, r.user_id, r.name, r.place) for r in results], {})
    assert {r.user_id: r.skill for r in await store.ratings.all()} == expected
    assert not await store.ratings.record(game_id, GUILD, "airships", [Placed(0, ANN, "ann", 1), Placed(1, BOB, "bob", 2)])
    assert {r.user_id: r.skill for r in await store.ratings.all()} == expected  # a second call changes nothing
    numbers = await service.ratings.rating_numbers(GUILD, "airships", [ANN, BOB, 99])
    assert numbers == {ANN: expected[ANN].number, BOB: expected[BOB].number, 99: 1500.0}
    assert await service.ratings.rating_numbers(GUILD + 1, "airships", [ANN]) == {ANN: 1500.0}  # per server


@pytest.mark.slow
async def test_ai_seats_from_the_start_are_rated_as_contrail_ai(service: Services, store: Store) -> None:
    game_id = await airships(service, bob=False, ai=2)
    await play_out(service, game_id, random.Random(4))
    results = await store.ratings.stored_results()
    table = await service.reading.table(game_id)
    assert sorted(r.user_id for r in results) == [AI_USER, AI_USER, ANN]
    assert {r.seat for r in results if r.user_id == AI_USER} == set(table.ai_seats)
    ratings = {r.user_id: r for r in await store.ratings.all()}
    assert set(ratings) == {AI_USER, ANN} and ratings[AI_USER].name == "Contrail AI" and ratings[AI_USER].skill.games == 1


@pytest.mark.slow
async def test_a_seat_left_to_the_autopilot_is_rated_as_its_person(service: Services, store: Store) -> None:
    game_id = await airships(service)
    await store.seats.set_autopilot(game_id, BOB, True)
    await play_out(service, game_id, random.Random(5))
    assert sorted(r.user_id for r in await store.ratings.stored_results()) == [ANN, BOB]


async def test_an_abandoned_game_is_never_rated(service: Services, store: Store) -> None:
    game_id = await airships(service)
    await service.lobby.abandon(game_id, ANN, can_manage=False)
    assert await service.ratings.rate_unrated() == 0
    assert await store.ratings.stored_results() == [] and await store.ratings.all() == []


@pytest.mark.slow
async def test_a_game_finished_just_before_a_stop_is_rated_at_the_next_start(
    service: Services, store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
) -> None:
    first, second = await airships(service), await airships(service)

    async def crash(*args: object) -> bool:
        raise OSError("the disk went away")

    monkeypatch.setattr(store.ratings, "record", crash)
    with caplog.at_level(logging.ERROR):
        await play_out(service, second, random.Random(6))
        await play_out(service, first, random.Random(7))
    assert "rated at the next start" in caplog.text
    monkeypatch.undo()
    assert await store.ratings.stored_results() == []
    restarted = Services(store, stub_drawing(lambda slug, view: b""))  # the bot started again
    [_ async for _ in restarted.resume_automatic()]
    results = await store.ratings.stored_results()
    assert [r.game_id for r in results] == [second, second, first, first]  # in the order they finished
    [_ async for _ in restarted.resume_automatic()]
    assert len(await store.ratings.stored_results()) == 4  # once only


async def test_an_ai_seat_handed_to_a_person_is_rated_as_that_person(service: Services, store: Store) -> None:
    game_id = await airships(service, bob=False, ai=1)
    await service.seating.replace_player(game_id, BOB, 1, BOB, "bob", can_manage=False)  # a newcomer takes the AI's seat
    await play_out(service, game_id, random.Random(9))
    assert sorted(r.user_id for r in await store.ratings.stored_results()) == [ANN, BOB]


def test_exactly_equal_ratings_share_a_rank_on_the_leaderboard() -> None:
    rows = [RatingRow(GUILD, "airships", user, f"m{user}", skill) for user, skill in
            ((5, Skill(30.0, 3.0, 9, 5)), (6, Skill(30.0, 3.0, 7, 2)), (AI_USER, Skill(29.0, 3.0, 6, 1)))]
    board = leader_rows(rows)
    assert [(r.rank, r.name, r.rating) for r in board] == [(1, "m5", 1920), (1, "m6", 1920), (3, "Contrail AI", 1900)]
    assert not board[0].provisional and (board[1].games, board[1].wins) == (7, 2)
