"""A game's page: the board, whose turn and since when, the scores, the public log, the replay, and each kind of game."""

from __future__ import annotations

import re
from datetime import datetime

from markupsafe import escape
from aiohttp.test_utils import TestClient

import engine

from engine.platform.records import Status
from engine.services import Services
from engine.view import to_json
from web.pages import BOARDS
from web.words import instant, moment
from tests.web.playing import ANN, BOB, game_path, opened, play, play_out, started


def hrefs(html: str) -> list[str]:
    return re.findall(r'href="([^"]+)"', html)


async def test_a_live_games_page_shows_its_board_turn_scores_and_numbered_log(service: Services, client: TestClient) -> None:
    game_id = await started(service)
    await play(service, game_id, 3)
    table = await service.reading.table(game_id)
    path = await game_path(service, game_id)
    response = await client.get(path)
    html = await response.text()
    assert response.status == 200 and response.content_type == "text/html"
    assert f'<img src="{path}/board.png?v={table.version}" alt="The board of Airships #{game_id} after 3 moves.' in html
    status = await service.reading.status(game_id)
    assert status.prompt is not None
    assert f"<strong>{escape(status.prompt.movers[0].name)}</strong> to {escape(status.prompt.asks)}" in html
    for standing in status.standings:
        assert f"<td>{escape(standing.name)}" in html and f"<td>{escape(standing.score_text)}</td>" in html
    for move, text in await service.reading.numbered_log(game_id):
        assert f'<a href="{path}/move/{move}">{escape(text)}</a>' in html
    since = await service.reading.turn_since(game_id)
    assert since is not None and f'since <time datetime="{instant(since)}">{moment(since)}</time> (just now)' in html
    assert html.index('class="scores"') < html.index("<img")  # the scores come first: above the fold on a phone
    assert '<noscript><meta http-equiv="refresh" content="15"></noscript>' in html
    assert f'data-events="{path}/events?v={table.version}&amp;s=active"' in html
    assert '<script src="/static/game.js" defer></script>' in html


async def test_the_board_image_is_drawn_once_per_version_and_answers_304_to_its_etag(
        service: Services, pages: Services, client: TestClient) -> None:
    game_id = await started(service)
    path = await game_path(service, game_id)
    first = await client.get(f"{path}/board.png?v=0")
    data = await first.read()
    assert first.status == 200 and first.content_type == "image/png" and data.startswith(b"\x89PNG")
    assert first.headers["Cache-Control"] == "private, max-age=86400, immutable"
    board = await pages.reading.board(game_id)
    assert data == board.image  # the same public picture the thread shows, headline and all
    etag = first.headers["ETag"]
    again = await client.get(f"{path}/board.png?v=0", headers={"If-None-Match": etag})
    assert again.status == 304 and await again.read() == b"" and again.headers["ETag"] == etag
    assert client.app[BOARDS].made == 1
    await play(service, game_id, 1)
    moved = await client.get(f"{path}/board.png?v=1")
    assert moved.status == 200 and moved.headers["ETag"] != etag and client.app[BOARDS].made == 2
    stale = await client.get(f"{path}/board.png?v=0")  # an old page's address: today's board, asked for again
    assert stale.headers["Cache-Control"] == "private, no-cache" and stale.headers["ETag"] == moved.headers["ETag"]


async def test_the_replay_steps_through_the_moves_with_their_boards_and_words(
        service: Services, client: TestClient) -> None:
    game_id = await started(service)
    await play(service, game_id, 4)
    path = await game_path(service, game_id)
    frame = await service.replays.replay_frame(game_id, 1, 2)
    by_query, by_path = await client.get(f"{path}?move=2"), await client.get(f"{path}/move/2")
    html = await by_path.text()
    assert by_query.status == by_path.status == 200 and await by_query.text() == html
    assert f"Move 2 of 4, by {escape(frame.actor)}" in html
    for words in frame.words:
        assert f"<span>{escape(words)}</span>" in html
    assert f'<img src="{path}/move/2/board.png" alt="The board after move 2: {escape(" ".join(frame.words))}">' in html
    for label, move in (("First", 0), ("Back", 1), ("Next", 3), ("Last", 4)):
        assert re.search(rf'<a href="{path}/move/{move}" data-step="\w+"( rel="\w+")?>{label}</a>', html)
    assert "<noscript>" not in html and "data-events" not in html  # a step of the replay stays where it is
    image = await client.get(f"{path}/move/2/board.png")
    assert image.status == 200 and await image.read() == frame.image
    assert image.headers["Cache-Control"] == "private, max-age=86400, immutable"
    start = await (await client.get(f"{path}/move/0")).text()
    assert "The board at the setup" in start and '<span class="muted">First</span>' in start
    assert '<span class="muted">Back</span>' in start
    end = await (await client.get(f"{path}/move/4")).text()
    assert '<span class="muted">Next</span>' in end and '<span class="muted">Last</span>' in end


async def test_a_lobby_shows_who_has_joined_and_waits_for_the_start(service: Services, client: TestClient) -> None:
    game_id = await opened(service)
    path = await game_path(service, game_id)
    html = await (await client.get(path)).text()
    assert "Waiting in the lobby: 2 of 2–4 players so far." in html
    assert "<li>Ann Example</li>" in html and "<li>Bob Sample</li>" in html
    assert "<img" not in html and "data-events" in html  # it turns into the game's page when the game starts
    assert (await client.get(f"{path}/board.png")).status == 404
    assert (await client.get(f"{path}/move/0")).status == 404


async def test_an_abandoned_game_says_so_and_keeps_its_board_and_log(service: Services, client: TestClient) -> None:
    lobby, game_id = await opened(service), await started(service)
    await play(service, game_id, 2)
    for each in (lobby, game_id):
        await service.lobby.abandon(each, ANN, can_manage=False)
    lobby_html = await (await client.get(await game_path(service, lobby))).text()
    assert "This game was abandoned before it started." in lobby_html and "<noscript>" not in lobby_html
    html = await (await client.get(await game_path(service, game_id))).text()
    assert "This game was abandoned." in html and "<img" in html and "2. " in html
    assert "<noscript>" not in html and "data-events" not in html and "Final result" not in html


async def test_a_finished_game_shows_its_result_and_no_longer_updates(service: Services, client: TestClient) -> None:
    game_id = await started(service)
    await play_out(service, game_id)
    table = await service.reading.table(game_id)
    status = await service.reading.status(game_id)
    assert table.status is Status.FINISHED and status.outcome is not None
    html = await (await client.get(await game_path(service, game_id))).text()
    assert f"This game is over after {table.version} moves." in html and "<h2>Final result</h2>" in html
    winner = table.at_seat(status.outcome.winners[0]).name
    assert f"{escape(winner)} wins with {escape(status.outcome.score_text(status.outcome.winners[0]))}" in html \
        or "share the win" in html
    assert "<noscript>" not in html and "data-events" not in html and 'class="turn"' not in html


async def test_a_players_name_is_shown_as_text_never_as_markup(service: Services, client: TestClient) -> None:
    table = await service.lobby.open_table("airships", guild_id=1, channel_id=2, creator_id=ANN,
                                           creator_name='<script>alert("x")</script>')
    await service.lobby.join(table.id, BOB, "Bob")
    await service.lobby.start(table.id, ANN)
    html = await (await client.get(await game_path(service, table.id))).text()
    assert "<script>alert" not in html and "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in html


async def test_the_turn_is_timed_from_the_move_that_began_it(service: Services, client: TestClient) -> None:
    game_id = await started(service)
    table = await service.reading.table(game_id)
    at_start = await service.reading.turn_since(game_id)
    assert at_start is not None and abs(at_start - datetime.fromisoformat(table.row.updated_at).timestamp()) < 1e-6
    await play(service, game_id, 6)
    table = await service.reading.table(game_id)
    state = await service.core.load.state(table)
    history = await service.core.load.history(table, state)
    began = history.turn_start(tuple(engine.get_game("airships").to_act(state)))
    since = await service.reading.turn_since(game_id)
    if began:
        [row] = await service.store.games.actions(game_id, after=began - 1, limit=1)
        assert since == datetime.fromisoformat(row.created_at).timestamp()
    else:
        assert since is None  # still the opening turn after its first moves: its start is not kept
    await play_out(service, game_id)
    assert await service.reading.turn_since(game_id) is None


async def test_a_replayed_move_shows_the_scores_after_that_move_not_todays(service: Services, client: TestClient) -> None:
    game_id = await started(service)
    await play(service, game_id, 40, seed=3)
    table = await service.reading.table(game_id)
    game = engine.get_game(table.slug)
    rows = await service.store.games.actions(game_id)
    state = game.setup(len(table.players), table.row.seed, dict(table.row.options))
    then = None
    for row in rows:  # the first move after which the scores differ from today's
        state = game.apply(state, row.seat, engine.Action.from_dict(row.payload))
        if to_json(game.view(state, None))["points"] != to_json(game.view(await service.core.load.state(table), None))["points"]:
            then = (row.seq, to_json(game.view(state, None))["points"])
    assert then is not None, "this game's scores never changed: pick another seed"
    move, points = then
    html = await (await client.get(f"{await game_path(service, game_id)}/move/{move}")).text()
    assert f"<caption>Scores after move {move}</caption>" in html
    for player in table.players:
        shown = re.search(rf"<td>{re.escape(str(escape(player.name)))}.*?</td><td>([^<]*)</td>", html, re.S)
        assert shown is not None and shown.group(1).startswith(str(points[player.seat]))
    assert " to " not in html.split("<caption>")[0].split("</h1>")[1]  # nobody's turn is claimed for the past
