"""Games for the web tests, played through the writing service as the bot plays them."""

from __future__ import annotations

import random

import engine
from engine.platform.records import LinkKind, Status
from engine.services import Services

GUILD, CHANNEL = 1, 2
# Discord ids as long as real ones, so a page that let one slip would show it, and a test could see it.
ANN, BOB, CY = 412345678901234501, 412345678901234502, 412345678901234503
NAMES = {ANN: "Ann Example", BOB: "Bob Sample", CY: "Cy Tester"}


async def opened(service: Services, slug: str = "airships", players: tuple[int, ...] = (ANN, BOB),
                 guild_id: int = GUILD) -> int:
    """A game in its lobby, with these people seated."""
    table = await service.lobby.open_table(slug, guild_id=guild_id, channel_id=CHANNEL, creator_id=players[0],
                                           creator_name=NAMES[players[0]])
    for user in players[1:]:
        await service.lobby.join(table.id, user, NAMES[user])
    return table.id


async def started(service: Services, slug: str = "airships", players: tuple[int, ...] = (ANN, BOB),
                  guild_id: int = GUILD) -> int:
    game_id = await opened(service, slug, players, guild_id)
    await service.lobby.start(game_id, players[0])
    return game_id


async def play(service: Services, game_id: int, moves: int, seed: int = 1) -> None:
    """`moves` random choices by whoever must decide (fewer if the game ends first)."""
    rng = random.Random(seed)
    for _ in range(moves):
        table = await service.reading.table(game_id)
        if table.status is not Status.ACTIVE:
            return
        game = engine.get_game(table.slug)
        state = await service.core.load.state(table)
        seat = game.to_act(state)[0]
        await service.core.play(game_id, table.at_seat(seat).user_id,
                                rng.randrange(len(game.legal_actions(state, seat))))


async def play_out(service: Services, game_id: int, seed: int = 1) -> None:
    await play(service, game_id, 3000, seed)
    assert (await service.reading.table(game_id)).status is Status.FINISHED


async def game_path(service: Services, game_id: int, guild_id: int = GUILD) -> str:
    """The game page's path, as the bot's link gives it."""
    url = await service.sharing.url(guild_id, LinkKind.GAME, game_id)
    assert url is not None
    return url.removeprefix("http://pages.test")
