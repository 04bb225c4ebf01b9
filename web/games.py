"""A game's page: its board, whose turn, the scores, the public log, a step-through replay, and live updates."""

from __future__ import annotations

import time
from dataclasses import dataclass

from aiohttp import web

from engine.core import GameError
from engine.platform.records import LinkKind, Status, WebLink
from engine.services import Services
from engine.services.tables import Table, TableStatus, scores_words
from engine.words import count, joined
from web.pages import BOARDS, FRAMES, LIVE, PAGES, REPLAYING, SERVICES, html_page, link_of, page, rendered
from web.images import FOREVER, FRESH, Frame, Picture, png
from web.live import Stamp, stream
from web.words import ago, instant, moment, result_lines, standing_rows, status_words, winners_words

routes = web.RouteTableDef()

MOVE = r"{n:\d{1,9}}"  # a move's number in a path; anything else is no page


@dataclass(frozen=True)
class Step:
    """Where the replay stands, and the links that step through it (None at either end)."""

    move: int
    moves: int
    actor: str | None
    words: tuple[str, ...]
    first: str | None
    back: str | None
    next: str | None
    last: str | None


@dataclass(frozen=True)
class Shown:
    """The board a page shows: its address and its words for those who cannot see it."""

    src: str
    alt: str


async def game_of(request: web.Request) -> tuple[WebLink, Table]:
    """The game this request's token opens; 404 for any miss (the same answer for every one)."""
    link = await link_of(request, LinkKind.GAME)
    try:
        table = await request.app[SERVICES].reading.table(int(link.target), guild_id=link.guild_id)
    except (GameError, ValueError):
        raise web.HTTPNotFound() from None
    return link, table


def move_asked(request: web.Request) -> int | None:
    """The move the page steps to: from /move/N, or ?move=N; 400 for a ?move that is not one number."""
    if "n" in request.match_info:
        return int(request.match_info["n"])
    asked = request.query.getall("move", [])
    if not asked:
        return None
    if len(asked) > 1 or not asked[0].isascii() or not asked[0].isdigit() or len(asked[0]) > 9:
        raise web.HTTPBadRequest()
    return int(asked[0])


async def frame_of(request: web.Request, table: Table, move: int) -> Frame:
    """A past move replayed (once, then kept: a move that was made never changes); 404 outside the game's moves."""
    if not 0 <= move <= table.version:
        raise web.HTTPNotFound()
    services = request.app[SERVICES]

    async def replay() -> Frame:
        async with request.app[REPLAYING].slot(table.id):  # a link's visitors replay a few moves at a time
            frame = await services.replays.replay_frame(table.id, table.row.guild_id, move)
        return Frame(frame.actor, frame.words, Picture.of(frame.image) if frame.image is not None else None,
                     frame.standings)

    try:
        frame = await request.app[FRAMES].get((table.id, move), replay)
    except GameError:  # the game moved under us (an undo's replay, a game abandoned): nothing to show here
        raise web.HTTPNotFound() from None
    assert frame is not None
    return frame


async def board_of(request: web.Request, table: Table) -> Picture | None:
    """The board as the thread shows it now (with its headline), drawn once per game and version."""
    services = request.app[SERVICES]

    async def draw() -> Picture | None:
        image = (await services.reading.board(table)).image
        return Picture.of(image) if image is not None else None

    return await request.app[BOARDS].get((table.id, table.version), draw)


def step_of(base: str, table: Table, move: int, frame: Frame) -> Step:
    def at(n: int) -> str:
        return f"{base}/move/{n}"

    end = table.version
    return Step(move, end, frame.actor, frame.words,
                at(0) if move > 0 else None, at(move - 1) if move > 0 else None,
                at(move + 1) if move < end else None, at(end) if move < end else None)


def board_words(table: Table, status: TableStatus) -> str:
    """The current board in words: the game, its move, and the scores (the image's alt text)."""
    scores = scores_words(status.standings)
    where = f"{table.display_name} after {count(table.version, 'move')}"
    return f"The board of {where}" + (f". Scores: {scores}." if scores else ".")


def frame_words(move: int, frame: Frame) -> str:
    said = " ".join(frame.words)
    return (f"The board after move {move}" if move else "The board at the setup") + (f": {said}" if said else ".")


def turn_of(status: TableStatus, since: float | None) -> dict[str, object] | None:
    """Whose turn it is, what they decide, and since when; None when nobody must decide."""
    prompt = status.prompt
    if prompt is None:
        return None
    return {"who": joined([m.name for m in prompt.movers]), "asks": prompt.asks,
            "since": moment(since) if since is not None else None, "ago": ago(since) if since is not None else None,
            "since_iso": instant(since) if since is not None else None}


async def lobby_page(request: web.Request, table: Table) -> web.Response:
    """A game with no board yet: who has joined; live until it starts (or is abandoned)."""
    names = [p.name for p in table.players if not p.ai] + [p.name for p in table.players if p.ai]
    live = table.status is Status.LOBBY
    return page(request, "game.html", table=table, heading=table.display_name,
                summary=status_words(table), lobby=names, live=live, events=events_url(request, table) if live else None,
                board=None, step=None, latest=(), turn=None, standings=[], result=[], winners="", log=[],
                base=base_of(request))


def base_of(request: web.Request) -> str:
    return f"/game/{request.match_info['token']}"


def events_url(request: web.Request, table: Table) -> str:
    return f"{base_of(request)}/events?v={table.version}&s={table.status.value}"


@routes.get("/game/{token}")
@routes.get("/game/{token}/move/" + MOVE)
async def game_page(request: web.Request) -> web.Response:
    """The game as the table sees it now, or (with a move) the replay stepped to that move."""
    move = move_asked(request)
    _, table = await game_of(request)
    if not table.started:
        if move is not None:
            raise web.HTTPNotFound()
        return await lobby_page(request, table)
    seats = tuple((p.seat, p.name, p.ai, p.autopilot) for p in table.players)
    key = (table.id, table.version, table.status, seats, table.away, move, int(time.time() // 60), base_of(request))
    html = await request.app[PAGES].get(key, lambda: game_html(request, table, move))
    assert html is not None
    return html_page(html)


async def game_html(request: web.Request, table: Table, move: int | None) -> str:
    """The page of a started game, now or stepped back to a move."""
    services: Services = request.app[SERVICES]
    status = await services.reading.status(table)
    lines = await services.reading.numbered_log(table)
    since = await services.reading.turn_since(table)
    base = base_of(request)
    standings, turn = status.standings, turn_of(status, since)
    if move is None:
        step, board = None, Shown(f"{base}/board.png?v={table.version}", board_words(table, status))
        latest = tuple(text.strip() for n, text in lines if n == table.version)
    else:  # the page as it stood after that move: its board, its scores; whose turn it is now is not shown
        frame = await frame_of(request, table, move)
        step = step_of(base, table, move, frame)
        board = Shown(f"{base}/move/{move}/board.png", frame_words(move, frame))
        latest, standings, turn = frame.words, frame.standings, None
    live = table.status is Status.ACTIVE and move is None
    return rendered(
        request, "game.html", table=table, heading=table.display_name, summary=status_words(table),
        lobby=None, live=live, events=events_url(request, table) if live else None, board=board, step=step,
        latest=latest, turn=turn, standings=standing_rows(standings),
        result=result_lines(table, status.outcome) if table.status is Status.FINISHED else [],
        winners=winners_words(table, status.outcome) if table.status is Status.FINISHED else "",
        log=[(n, text, f"{base}/move/{n}") for n, text in lines], base=base,
    )


@routes.get("/game/{token}/board.png")
async def board_image(request: web.Request) -> web.Response:
    """The board now; its address names the version (?v=), so a browser keeps each version's picture for good."""
    _, table = await game_of(request)
    if not table.started:
        raise web.HTTPNotFound()
    picture = await board_of(request, table)
    if picture is None:
        raise web.HTTPInternalServerError()
    return png(request, picture, FOREVER if request.query.get("v") == str(table.version) else FRESH)


@routes.get("/game/{token}/move/" + MOVE + "/board.png")
async def move_image(request: web.Request) -> web.Response:
    """The board after one move of the replay: the same picture for good."""
    _, table = await game_of(request)
    if not table.started:
        raise web.HTTPNotFound()
    frame = await frame_of(request, table, int(request.match_info["n"]))
    if frame.picture is None:
        raise web.HTTPInternalServerError()
    return png(request, frame.picture, FOREVER)


@routes.get("/game/{token}/events")
async def game_events(request: web.Request) -> web.StreamResponse:
    """Server-sent events: one each time the game's version or status changes (one poller per game, not per page)."""
    link, table = await game_of(request)
    if request.method == "HEAD":  # the headers of a stream, without holding a stream open for nobody to read
        return web.Response(content_type="text/event-stream", headers={"Cache-Control": "no-cache"})
    seen = Stamp(table.version, table.status)  # what the page shows; ?v= and ?s= say if it is older
    version, state = request.query.get("v", ""), request.query.get("s", "")
    if version.isascii() and version.isdigit() and state in {s.value for s in Status}:
        seen = Stamp(int(version[:9]), Status(state))
    return await stream(request, request.app[LIVE], table.id, seen, link)
