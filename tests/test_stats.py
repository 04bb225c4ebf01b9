"""Statistics per game: the sums by hand, and the service counting the games finished by their rules, per server."""

from __future__ import annotations

import math
import random

import pytest

import engine.services.stats as stats_service
from engine.core import EndReason, GameError, Outcome
from engine.figures import Tally
from engine.platform.stats import PlayedGame, SeatShare, days_text, game_figures, seat_positions
from engine.services import Services
from engine.services.stats import NoStatistics
from engine.store import Status, Store
from tests.test_ratings import ANN, BOB, CHANNEL, GUILD, play_out

OTHER_GUILD = GUILD + 1


def played(game_id: int, winners: tuple[int, ...], scores: tuple[int, ...], *, positions: tuple[int, ...] = (),
           moves: int = 100, days: float = 1.0, figures: dict[str, float] | None = None) -> PlayedGame:
    players = len(scores)
    return PlayedGame(game_id, players, moves, days, positions or tuple(range(players)), winners, scores, "VP",
                      figures or {})


# -- the sums ---------------------------------------------------------------------------------------------


def test_positions_follow_the_order_seats_first_played() -> None:
    assert seat_positions([2, 0, 2, 1], 3) == (1, 2, 0)
    assert seat_positions([1], 3) == (1, 0, 2)  # seats that never played come last, in seat order


def test_two_games_won_by_the_first_to_play_give_it_every_win() -> None:
    figures = game_figures("airships", [played(1, (0,), (12, 8)), played(2, (1,), (5, 9), positions=(1, 0))],
                           "2-2", everywhere=False)
    first, second = figures.seats
    assert (first.games, first.wins, first.share, first.fair) == (2, 2, 1.0, 0.5)
    assert (second.wins, second.share) == (0, 0.0)
    assert first.error == pytest.approx(math.sqrt(0.25 / 2))  # a fair seat's binomial spread over 2 games
    assert first.text == "1st to play: won 100% of 2 games (fair 50%)"  # two games tell nothing yet


def test_a_shared_first_place_is_split_between_its_seats() -> None:
    figures = game_figures("airships", [played(1, (0, 1), (9, 9, 4)), played(2, (2,), (1, 2, 7))], "2-2",
                           everywhere=True)
    assert [share.wins for share in figures.seats] == [0.5, 0.5, 1.0]
    assert figures.margin.lowest == 0 and figures.margin.highest == 5  # a shared win leads nobody


def test_games_of_several_sizes_count_each_position_over_the_games_that_had_it() -> None:
    figures = game_figures("airships", [played(1, (2,), (1, 2, 9)), played(2, (0,), (6, 3))], "2-2",
                           everywhere=False)
    third = figures.seats[2]
    assert (third.games, third.wins, third.fair) == (1, 1.0, pytest.approx(1 / 3))
    assert figures.seats[0].fair == pytest.approx((1 / 3 + 1 / 2) / 2)
    assert figures.players == ((2, 1), (3, 1))
    assert figures.summary == "2 finished games on this server: 1 at 2 players, 1 at 3 players"


def test_scores_and_lengths_spread_from_lowest_to_highest() -> None:
    games = [played(1, (0,), (12, 8), moves=90, days=0.5), played(2, (1,), (5, 20), moves=150, days=3.0),
             played(3, (0,), (16, 15), moves=120, days=1.0)]
    figures = game_figures("airships", games, "3-3", everywhere=False)
    assert (figures.winning.lowest, figures.winning.median, figures.winning.highest) == (12, 16, 20)
    assert (figures.margin.median, figures.margin.highest) == (4, 15)
    assert (figures.moves.lowest, figures.moves.median, figures.moves.highest) == (90, 120, 150)
    sections = dict(figures.sections())
    assert sections["Length"] == ("Moves: 120 median, 90 to 150", "Time: 1 day median, 12 hours to 3 days")
    assert sections["Scores"] == ("Winning score: 16 VP median, 12 VP to 20 VP", "Winner's margin: 4 VP median, 15 VP at the widest")


def test_the_games_own_figures_are_averaged_and_yes_no_figures_are_a_share() -> None:
    games = [played(1, (0,), (3, 1), figures={"hindenburg_phases_built": 1, "hindenburg_completed": 0.0}),
             played(2, (0,), (3, 1), figures={"hindenburg_phases_built": 4, "hindenburg_completed": 1.0})]
    shown = {f.key: f for f in game_figures("airships", games, "2-2", everywhere=False).figures}
    assert shown["hindenburg_phases_built"].value == 2.5 and shown["hindenburg_phases_built"].tally is Tally.PER_GAME
    assert shown["hindenburg_phases_built"].text == "Hindenburg phases built: 2.5 per game"
    assert shown["hindenburg_completed"].text == "Hindenburg completed: 50% of games"
    assert shown["light_airships"].value == 0.0  # a figure no game reported counts as none


def test_a_fair_seat_is_within_chance() -> None:
    share = SeatShare(0, 100, 52, 0.5, 0.05)
    assert share.share == 0.52 and share.z == pytest.approx(0.4)
    assert share.text == "1st to play: won 52% of 100 games (fair 50%: within what luck gives)"


def test_an_edge_is_told_in_words_only_once_enough_games_tell_it() -> None:
    assert SeatShare(0, 100, 65, 0.5, 0.05).text.endswith("(fair 50%: more than luck gives)")
    assert SeatShare(1, 100, 35, 0.5, 0.05).text.endswith("(fair 50%: less than luck gives)")
    assert SeatShare(0, 29, 25, 0.5, 0.09).text == "1st to play: won 86% of 29 games (fair 50%)"
    few = game_figures("airships", [played(1, (0,), (12, 8))], "1-1", everywhere=False)
    assert dict(few.sections())["Wins by seat position"][-1] == (
        "Too few games yet to tell an edge from luck: that takes about 30 at each position.")
    many = game_figures("airships", [played(n, (n % 2,), (12, 8)) for n in range(40)], "40-40", everywhere=False)
    assert all("luck" not in line or "within what luck gives" in line
               for line in dict(many.sections())["Wins by seat position"])


def test_time_reads_in_hours_under_a_day() -> None:
    assert [days_text(d) for d in (0.001, 0.25, 1.0, 2.5)] == ["under an hour", "6 hours", "1 day", "2.5 days"]


# -- through the service: real games played to the end ----------------------------------------------------


async def finished_airships(service: Services, seed: int, guild_id: int = GUILD, channel_id: int = CHANNEL) -> int:
    """An Airships game of ann and bob, played to its end by random choices. People, not an AI seat: the figures do
    not care who played, and an AI seat's moves each cost a told reason (about half of such a game's time)."""
    table = await service.lobby.open_table("airships", guild_id=guild_id, channel_id=channel_id, creator_id=ANN,
                                           creator_name="ann")
    await service.lobby.join(table.id, BOB, "bob")
    await service.lobby.start(table.id, ANN)
    await play_out(service, table.id, random.Random(seed))
    assert (await service.reading.table(table.id)).status is Status.FINISHED
    return table.id


async def test_no_finished_game_yet_is_said_plainly(service: Services) -> None:
    with pytest.raises(NoStatistics, match="No finished games of Airships on this server yet"):
        await service.stats.figures("airships", GUILD)


async def test_figures_of_real_games_recompute_only_when_another_finishes(
    service: Services, store: Store, monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = await finished_airships(service, 1)
    replayed: list[int] = []
    replay = stats_service.played_game

    def counting(row, players, actions):  # type: ignore[no-untyped-def]
        replayed.append(row.id)
        return replay(row, players, actions)

    monkeypatch.setattr(stats_service, "played_game", counting)
    figures = await service.stats.figures("airships", GUILD)
    table = await service.reading.table(first)
    outcome = Outcome.from_dict(table.row.outcome or {})
    assert figures.games == 1 and replayed == [first]
    assert sum(share.wins for share in figures.seats) == pytest.approx(1.0)
    assert figures.winning.highest == max(outcome.scores) and figures.unit == "VP"
    assert figures.moves.lowest == table.version  # no undo: every move stands
    assert {f.key for f in figures.figures} >= {"hindenburg_phases_built", "light_airships", "dark_airships"}
    assert await service.stats.figures("airships", GUILD) is figures  # nothing finished since: kept

    second = await finished_airships(service, 2)
    again = await service.stats.figures("airships", GUILD)
    assert again.games == 2 and again.version != figures.version
    assert replayed == [first, second]  # the first game was not replayed again


async def test_another_servers_games_count_only_over_every_server(service: Services) -> None:
    await finished_airships(service, 3)
    await finished_airships(service, 4, guild_id=OTHER_GUILD)
    assert (await service.stats.figures("airships", GUILD)).games == 1
    everywhere = await service.stats.figures("airships", None)
    assert everywhere.games == 2 and everywhere.summary.startswith("2 finished games on every server")
    with pytest.raises(NoStatistics):
        await service.stats.figures("air-alliance", GUILD)


async def test_abandoned_games_do_not_count(service: Services, store: Store) -> None:
    await finished_airships(service, 5)
    table = await service.lobby.open_table("airships", guild_id=GUILD, channel_id=CHANNEL, creator_id=ANN,
                                           creator_name="ann")
    await service.lobby.join(table.id, BOB, "bob")
    await service.lobby.start(table.id, ANN)
    await service.lobby.abandon(table.id, ANN, can_manage=False)
    ended = Outcome((3, 1), ((0,), (1,)), reason=EndReason.ABANDONED).to_dict()
    odd = await store.games.create("airships", GUILD, CHANNEL, ANN, 1, {})
    await store.games.set_status(odd.id, Status.FINISHED, ended)  # marked over, but not by its rules
    assert (await service.stats.figures("airships", GUILD)).games == 1


async def test_the_chart_is_drawn_once_per_version_of_the_figures(service: Services) -> None:
    await finished_airships(service, 6)
    figures = await service.stats.figures("airships", GUILD)
    image = await service.stats.chart(figures)
    assert image is not None and image.startswith(b"\x89PNG")
    assert await service.stats.chart(figures) is image


async def test_an_unknown_game_names_the_games(service: Services) -> None:
    with pytest.raises(GameError, match="airships"):
        await service.stats.figures("chess", GUILD)
