"""Revocation that revokes: /web off ends the open live pages, and new links make every old one answer 404."""

from __future__ import annotations

import asyncio

from aiohttp.test_utils import TestClient

from engine.platform.records import LinkKind, Status, WebLink
from engine.services import Services
from tests.web.conftest import GUILD, MANAGER
from tests.web.playing import game_path, play, started
from tests.web.test_league_pages import league_with_a_round, page_path
from tests.web.test_live import next_event
from web.live import LiveGames, Stamp
from web.pages import LIVE


async def test_turning_the_pages_off_ends_an_open_live_page_within_a_poll(
        service: Services, client: TestClient) -> None:
    game_id = await started(service)
    path = await game_path(service, game_id)
    async with client.get(f"{path}/events?v=0&s=active") as events:
        await play(service, game_id, 1)
        assert await next_event(events) == {"version": 1, "status": "active"}
        await service.sharing.turn_off(GUILD, MANAGER)  # the bot's side: the pages run in a process of their own
        await play(service, game_id, 1, seed=2)
        assert await next_event(events, timeout=2) is None  # ended, and told no move made after
    await asyncio.sleep(0.1)
    assert client.app[LIVE].pollers == 0


async def test_new_links_end_the_old_live_pages_and_every_old_link_answers_404(
        service: Services, client: TestClient) -> None:
    league_id, game_ids = await league_with_a_round(service)
    game_id = game_ids[1]  # still being played
    old = [await game_path(service, game_id), await page_path(service, LinkKind.LEAGUE, league_id),
           await page_path(service, LinkKind.LEADERBOARD, "airships"), await page_path(service, LinkKind.STATS, "airships")]
    old += [f"{old[0]}/move/0", f"{old[0]}/board.png"]
    for address in old:
        assert (await client.get(address)).status == 200, address
    async with client.get(f"{old[0]}/events") as events:
        await asyncio.sleep(0.2)
        await service.sharing.turn_on(GUILD, MANAGER, renew=True)
        assert await next_event(events, timeout=2) is None
    for address in old:
        assert (await client.get(address)).status == 404, address
    new = await game_path(service, game_id)
    assert new != old[0] and (await client.get(new)).status == 200
    async with client.get(f"{new}/events") as events:  # a page opened by the new link lives on
        await asyncio.sleep(0.2)
        await play(service, game_id, 1)
        assert (await next_event(events))["status"] == "active"  # type: ignore[index]
    await service.sharing.turn_off(GUILD, MANAGER)
    await service.sharing.turn_on(GUILD, MANAGER)
    assert await game_path(service, game_id) == new  # off and on again keeps the new links; the old stay dead
    assert (await client.get(old[0])).status == 404


async def test_the_bots_own_pages_end_only_that_servers_streams_at_once() -> None:
    async def read(game_id: int) -> Stamp:
        return Stamp(0, Status.ACTIVE)

    live = LiveGames(read, interval=60)  # no poll comes in time: only the direct word ends a stream
    ours, theirs = WebLink("a" * 22, 1, LinkKind.GAME, "7"), WebLink("b" * 22, 2, LinkKind.GAME, "8")
    async with live.watching(7, ours) as mine, live.watching(8, theirs) as other:
        assert await mine.next(1) == await other.next(1) == Stamp(0, Status.ACTIVE)
        live.revoke(1)
        live.revoke(1)
        assert await mine.next(1) is None
        mine.tell(Stamp(1, Status.ACTIVE))  # nothing after the end
        assert mine.closed and other.closed is False
        try:
            await other.next(0.1)
        except TimeoutError:
            pass
        else:
            raise AssertionError("the other server's stream was told something")
