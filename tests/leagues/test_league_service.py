"""The league service without Discord: who may run leagues, sign-ups, a season played out by its round deadlines."""

from __future__ import annotations

from typing import Any

import pytest

import engine

from engine.services.leagues import LeagueNewsKind, LeagueRow, NotLeagueAdmin
from engine.core import GameError
from engine.platform.leagues import LeagueError
from engine.platform.notify import Alerts
from engine.platform.records import Notify, PostKind, Status
from engine.services import Services
from engine.services.tables import NotCreator
from tests.stub_drawing import stub_drawing
from engine.store import Store

pytestmark = pytest.mark.both_backends  # the league rounds' scheduler on SQLite, and PostgreSQL with TEST_DATABASE_URL

DAY = 86400.0


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def service(store: Store, clock: Clock) -> Services:
    def blank(slug: str, view: dict[str, Any]) -> bytes:
        return b""

    return Services(store, stub_drawing(blank), clock=clock)


async def _league(service: Services, **changes: Any) -> None:
    settings: dict[str, Any] = dict(name="Spring Cup", slug="airships", table_size=3, turn_seconds=None,
                                    round_seconds=int(7 * DAY), rounds=2)
    await service.leagues.create_league(1, 10, 100, [], can_manage=True, **{**settings, **changes})


async def _whole_log(service: Services, game_id: int) -> list[str]:
    pages = (await service.reading.log(game_id, 1)).pages
    return [line.split(". ", 1)[-1] for p in range(1, pages + 1) for line in (await service.reading.log(game_id, p)).lines]


async def test_only_managers_or_league_admin_roles_create_leagues(service: Services) -> None:
    with pytest.raises(NotLeagueAdmin):
        await service.leagues.create_league(1, 10, 100, [77], can_manage=False, name="X", slug="airships", table_size=3,
                                    turn_seconds=None, round_seconds=3600, rounds=1)
    with pytest.raises(NotLeagueAdmin):
        await service.leagues.set_league_admin(1, 77, True, can_manage=False)
    await service.leagues.set_league_admin(1, 77, True, can_manage=True)
    await service.leagues.create_league(1, 10, 100, [77], can_manage=False, name="X", slug="airships", table_size=3,
                                turn_seconds=None, round_seconds=3600, rounds=1)
    with pytest.raises(LeagueError, match="already has a league named"):
        await _league(service, name="x")
    with pytest.raises(LeagueError, match="2 to 4 players"):
        await _league(service, name="Big", table_size=5)
    with pytest.raises(LeagueError, match="e.g. 3,1,0"):
        await _league(service, name="Odd", points="three")


async def test_sign_ups_close_when_the_season_starts(service: Services) -> None:
    await _league(service)
    with pytest.raises(LeagueError, match="can't be split"):  # nobody yet
        await service.leagues.start_league(1, None, [], can_manage=True)
    for user in range(1001, 1004):
        await service.leagues.join_league(1, "spring cup", user, f"p{user}")
    with pytest.raises(LeagueError, match="already signed up"):
        await service.leagues.join_league(1, None, 1001, "p1001")
    news = await service.leagues.start_league(1, None, [], can_manage=True)
    assert news.kind is LeagueNewsKind.ROUND_OPENED and len(news.game_ids) == 1  # type: ignore[union-attr]
    with pytest.raises(LeagueError, match="Sign-ups for Spring Cup are closed"):
        await service.leagues.join_league(1, None, 1004, "p1004")
    with pytest.raises(LeagueError, match="already under way"):
        await service.leagues.start_league(1, None, [], can_manage=True)


@pytest.mark.slow
async def test_round_deadlines_play_the_games_out_and_the_season_ends_with_standings(
    service: Services, clock: Clock,
) -> None:
    await _league(service, rounds=2)
    for user in range(1001, 1004):
        await service.leagues.join_league(1, None, user, f"p{user}")
    news = await service.leagues.start_league(1, None, [], can_manage=True)
    [game_id] = news.game_ids  # type: ignore[union-attr]
    table = await service.reading.table(game_id)
    assert (table.row.turn_seconds, table.row.reminder_seconds) == (None, 86400)  # the league's clock, daily reminders
    assert table.row.options == {"edition": engine.get_game("airships").edition}  # today's rules
    await service.lobby.start(game_id, table.creator_id)
    assert [n.game_ids for n in (await service.clock.run_due()).leagues] == [(game_id,)]  # started, but shown nowhere yet
    await service.core.record_post(game_id, PostKind.TURN, 10, 99, table.version)  # as the Discord layer does
    assert (await service.clock.run_due()).leagues == []  # the round is being played
    clock.now += 7 * DAY + 1
    await service.clock.run_due()
    assert (await service.reading.table(game_id)).status is Status.FINISHED
    assert any("The round's deadline came" in line for line in await _whole_log(service, game_id))
    assert any(line.startswith("Autopilot for p100") for line in await _whole_log(service, game_id))
    [second] = (await service.clock.run_due()).leagues
    assert second.kind is LeagueNewsKind.ROUND_OPENED and second.round == 2
    [game_two] = second.game_ids
    await service.lobby.start(game_two, (await service.reading.table(game_two)).creator_id)
    clock.now += 7 * DAY + 1
    await service.clock.run_due()
    [over] = (await service.clock.run_due()).leagues
    assert over.kind is LeagueNewsKind.SEASON_OVER
    assert sum(s.points for s in over.standings) == 2 * 3  # 2 + 1 + 0 per game
    assert (await service.clock.run_due()).leagues == []
    _, text = await service.leagues.league_csv(1, None)
    assert text.count("\n") == 1 + 6 and text.startswith("league,season,round,game")


async def test_a_game_still_in_its_lobby_at_the_deadline_is_played_out_once_started(
    service: Services, clock: Clock,
) -> None:
    await _league(service, rounds=1)
    for user in range(1001, 1004):
        await service.leagues.join_league(1, None, user, f"p{user}")
    news = await service.leagues.start_league(1, None, [], can_manage=True)
    [game_id] = news.game_ids  # type: ignore[union-attr]
    clock.now += 7 * DAY + 1  # Discord refused to open it until after the deadline
    await service.clock.run_due()
    assert (await service.reading.table(game_id)).status is Status.LOBBY
    await service.lobby.start(game_id, (await service.reading.table(game_id)).creator_id)
    clock.now += 3600
    await service.clock.run_due()
    assert (await service.reading.table(game_id)).status is Status.FINISHED
    [over] = (await service.clock.run_due()).leagues
    assert over.kind is LeagueNewsKind.SEASON_OVER


async def test_a_tables_welcome_pings_each_person_once_and_minds_quiet_hours_and_muted_pings(
        service: Services) -> None:
    await _league(service)
    for user in (1001, 1002, 1003):
        await service.leagues.join_league(1, None, user, f"p{user}")
    await service.players.set_notify(1001, Notify.OFF, None)
    await service.players.set_notify(1002, None, "13-15")  # the clock reads 13:46 UTC: within their quiet hours
    news = await service.leagues.start_league(1, None, [], can_manage=True)
    assert not isinstance(news, LeagueRow)
    table = await service.reading.table(news.game_ids[0])
    assert await service.leagues.welcome_pings(table, Alerts()) == (1003,)
    assert await service.leagues.welcome_pings(table, Alerts(thread=(1003,))) == ()  # the first turn already pings them


async def test_a_league_plays_the_pack_it_was_created_with(service: Services, clock: Clock) -> None:
    from pathlib import Path

    from engine.core import GameError
    from engine.options import PACK
    from engine.rules import packs

    data = (Path(__file__).parents[1] / "fixtures" / "packs" / "airships.toml").read_bytes()
    uploaded = await service.packs.upload(1, 100, "airships", "ours.toml", data, can_manage=True)
    with pytest.raises(GameError, match="no pack called 'Nothing'"):
        await _league(service, pack="Nothing")
    with pytest.raises(GameError, match="is for Airships, not 1930"):
        await _league(service, slug="1930", pack=uploaded.row.name)
    await _league(service, pack=uploaded.row.name.upper())  # a pack's name in any case
    await service.packs.remove(1, uploaded.row.name, can_manage=True)  # the league keeps its cards
    info = await service.leagues.league_info(1, None)
    assert info.league.pack == uploaded.row.digest and info.pack_name == uploaded.row.name
    for user in range(1001, 1004):
        await service.leagues.join_league(1, None, user, f"p{user}")
    packs._known.clear()  # a restarted bot: the store gives the pack's content back with the game
    news = await service.leagues.start_league(1, None, [], can_manage=True)
    [game_id] = news.game_ids  # type: ignore[union-attr]
    table = await service.reading.table(game_id)
    assert table.row.options[PACK] == uploaded.row.digest and table.pack_name == uploaded.row.name
    await service.lobby.start(game_id, table.creator_id)
    assert (await service.reading.table(game_id)).status is Status.ACTIVE


async def test_only_a_league_admin_hands_a_league_seat_over_and_only_to_a_member_of_the_season(
    service: Services,
) -> None:
    """Ruling (Ratings and leagues, 14): a league game's seats are the league's, on autopilot or not."""
    await _league(service, rounds=1, table_size=2)
    for user in range(1001, 1005):
        await service.leagues.join_league(1, None, user, f"p{user}")
    news = await service.leagues.start_league(1, None, [], can_manage=True)
    first, second = news.game_ids  # type: ignore[union-attr]
    table = await service.reading.table(first)
    await service.lobby.start(first, table.creator_id)
    table = await service.reading.table(first)
    leaver, stayer = [p.user_id for p in table.players]
    elsewhere = next(p.user_id for p in (await service.reading.table(second)).players)
    await service.seating.leave_started(first, leaver)
    stranger = 4242  # a member of the server who never signed up
    with pytest.raises(NotCreator, match="league admin"):  # taking a seat on autopilot oneself
        await service.seating.replace_player(first, stranger, leaver, stranger, "stranger", can_manage=False)
    with pytest.raises(NotCreator, match="league admin"):  # a league member of another table, just the same
        await service.seating.replace_player(first, elsewhere, leaver, elsewhere, "p", can_manage=False)
    with pytest.raises(NotCreator, match="league admin"):  # the game's creator is a player like the others
        await service.seating.replace_player(first, stayer, leaver, elsewhere, "p", can_manage=False)
    with pytest.raises(GameError, match="signed up for the league's season"):
        await service.seating.replace_player(first, 100, leaver, stranger, "stranger", can_manage=True)
    await service.leagues.set_league_admin(1, 77, True, can_manage=True)
    table = await service.seating.replace_player(first, 555, leaver, elsewhere, "sub", can_manage=False,
                                                 role_ids=[77])
    assert table.player(elsewhere) is not None and table.player(leaver) is None


async def test_outside_leagues_a_seat_on_autopilot_is_still_free_to_take(service: Services) -> None:
    table = await service.lobby.open_table("airships", guild_id=1, channel_id=10, creator_id=1001,
                                           creator_name="p1001")
    await service.lobby.join(table.id, 1002, "p1002")
    await service.lobby.start(table.id, 1001)
    await service.seating.leave_started(table.id, 1002)
    table = await service.seating.replace_player(table.id, 4242, 1002, 4242, "newcomer", can_manage=False)
    assert table.player(4242) is not None
