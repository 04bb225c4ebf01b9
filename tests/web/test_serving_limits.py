"""The pages' server within its limits: live streams per client and in all, connections per address and in all,
idle and slow-header connections closed, a plain 503 past a limit, one log line a minute, and aiohttp's own 400s
answered as the pages answer (headers, nothing echoed, no key in the log). The flood itself: test_flood.py."""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Mapping
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path

import pytest
from aiohttp import ClientResponse, ClientSession, TCPConnector

from engine.services import Services
from settings import SettingsError, load_settings
from tests.web.conftest import PUBLIC_URL
from tests.web.playing import game_path, started
from web.app import SECURITY_HEADERS
from settings import WebLimits
from web.limits import FILE_RESERVE, AcceptErrors, Refusal, Refusals, client_of, connection_cap, forwarded_client
from web.server import WebServer, start_web

LOOPBACK = ipaddress.ip_network("127.0.0.1/32")
SECURE = {name: value for name, value in SECURITY_HEADERS.items() if name != "Server"}


@asynccontextmanager
async def serving(pages: Services, **limits: object) -> AsyncIterator[WebServer]:
    """The pages under these limits; the tests' clients are on loopback, so no proxy is trusted unless told."""
    chosen = WebLimits(**{"trusted_proxies": (), **limits})  # type: ignore[arg-type]
    server = await start_web(pages, "127.0.0.1", 0, public_url=PUBLIC_URL, limits=chosen)
    try:
        yield server
    finally:
        await server.stop()


async def stream(stack: AsyncExitStack, server: WebServer, path: str, source: str = "127.0.0.1",
                 forwarded: str | None = None) -> ClientResponse:
    """A live page's stream opened from `source` (and said to be for `forwarded`), held until the stack closes."""
    session = await stack.enter_async_context(ClientSession(connector=TCPConnector(local_addr=(source, 0))))
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    return await stack.enter_async_context(
        session.get(f"http://127.0.0.1:{server.port}{path}/events", headers=headers))


async def raw(server: WebServer, source: str = "127.0.0.1") -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    return await asyncio.open_connection("127.0.0.1", server.port, local_addr=(source, 0))


async def closed_within(reader: asyncio.StreamReader, seconds: float) -> bytes:
    """All the server sent until it closed the connection, which must be within `seconds`."""
    return await asyncio.wait_for(reader.read(), seconds)


def assert_plain_page(status: int, headers: Mapping[str, str], text: str, title: str) -> None:
    for name, value in SECURE.items():
        assert headers.get(name) == value, name
    assert headers.get("Server") == "Contrail"
    assert f"<h1>{title}</h1>" in text and f"Error {status}" in text and "Traceback" not in text


def lines_of(caplog: pytest.LogCaptureFixture, kind: Refusal) -> list[str]:
    """The log lines that told refusals of this kind."""
    why = kind.value[2]
    return [r.getMessage() for r in caplog.records if why in r.getMessage()]


async def test_a_client_past_its_streams_gets_a_plain_503_and_others_still_watch(
        service: Services, pages: Services, caplog: pytest.LogCaptureFixture) -> None:
    path = await game_path(service, await started(service))
    caplog.set_level(logging.INFO)
    async with serving(pages, streams_per_address=2) as server, AsyncExitStack() as stack:
        held = [await stream(stack, server, path) for _ in range(2)]
        assert [r.status for r in held] == [200, 200]
        for _ in range(3):
            refused = await stream(stack, server, path)
            assert refused.status == 503 and refused.headers["Retry-After"]
            assert_plain_page(503, refused.headers, await refused.text(), "Busy")
        assert (await stream(stack, server, path, source="127.0.0.2")).status == 200
        assert server.gate.streams == 3
        held[0].close()
        for _ in range(30):  # the server sees a page gone at its next look (web/live.py LOOK_SECONDS)
            if server.gate.streams == 2:
                break
            await asyncio.sleep(0.1)
        assert (await stream(stack, server, path)).status == 200  # a closed stream's place is free again
    assert len(lines_of(caplog, Refusal.ADDRESS_STREAMS)) == 1  # three refused, one line
    assert not [r for r in caplog.records if "/events status=503" in r.getMessage()]  # no request line each


async def test_past_all_the_streams_every_client_gets_a_503(service: Services, pages: Services) -> None:
    path = await game_path(service, await started(service))
    async with serving(pages, streams=2) as server, AsyncExitStack() as stack:
        assert (await stream(stack, server, path)).status == 200
        assert (await stream(stack, server, path, source="127.0.0.2")).status == 200
        assert (await stream(stack, server, path, source="127.0.0.3")).status == 503


async def test_an_address_past_its_connections_is_turned_away_unread_with_a_503(
        pages: Services, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    async with serving(pages, connections_per_address=2) as server:
        held = [await raw(server) for _ in range(2)]
        for _ in range(5):
            reader, writer = await raw(server)
            answer = await closed_within(reader, 2)
            writer.close()
            head, _, body = answer.decode().partition("\r\n\r\n")
            assert head.startswith("HTTP/1.1 503 Service Unavailable\r\n")
            headers = dict(line.split(": ", 1) for line in head.split("\r\n")[1:])
            assert_plain_page(503, headers, body, "Busy")
        reader, writer = await raw(server, source="127.0.0.2")  # another address still gets in
        writer.write(b"GET /static/style.css HTTP/1.1\r\nHost: x\r\n\r\n")
        assert (await reader.readline()).startswith(b"HTTP/1.1 200")
        assert server.gate.connections == 3
        for _, w in [*held, (reader, writer)]:
            w.close()
    assert len(lines_of(caplog, Refusal.ADDRESS_CONNECTIONS)) == 1


async def test_past_all_the_connections_a_new_one_is_turned_away(pages: Services) -> None:
    async with serving(pages, connections=2) as server:
        held = [await raw(server, source) for source in ("127.0.0.1", "127.0.0.2")]
        reader, writer = await raw(server, "127.0.0.3")
        assert (await closed_within(reader, 2)).startswith(b"HTTP/1.1 503")
        for _, w in [*held, (reader, writer)]:
            w.close()


async def test_an_idle_connection_is_closed_after_the_idle_seconds(pages: Services) -> None:
    async with serving(pages, idle_seconds=0.5) as server:
        reader, writer = await raw(server)  # never says anything
        began = time.monotonic()
        assert await closed_within(reader, 3) == b""
        writer.close()
        reader, writer = await raw(server)  # one request, then nothing more on the kept-alive connection
        writer.write(b"GET /static/style.css HTTP/1.1\r\nHost: x\r\n\r\n")
        assert (await closed_within(reader, 3)).startswith(b"HTTP/1.1 200")
        writer.close()
    assert time.monotonic() - began < 3


async def test_headers_sent_too_slowly_close_the_connection(
        pages: Services, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    async with serving(pages, header_seconds=0.5, idle_seconds=30) as server:
        reader, writer = await raw(server)
        writer.write(b"GET /static/style.css HTTP/1.1\r\n")
        began = time.monotonic()
        with pytest.raises((ConnectionError, asyncio.IncompleteReadError)):
            for n in range(40):  # a header line a tenth of a second, for ever (slowloris)
                writer.write(f"X-Slow-{n}: 1\r\n".encode())
                await writer.drain()
                await asyncio.sleep(0.1)
                if reader.at_eof():
                    raise asyncio.IncompleteReadError(b"", None)
        assert time.monotonic() - began < 2
        writer.close()
        fast_reader, fast_writer = await raw(server)  # a request whose headers come at once is answered
        fast_writer.write(b"GET /static/style.css HTTP/1.1\r\nHost: x\r\n\r\n")
        assert (await fast_reader.readline()).startswith(b"HTTP/1.1 200")
        fast_writer.close()
    assert len(lines_of(caplog, Refusal.SLOW_HEADERS)) == 1


def test_refusals_are_told_once_a_minute_with_their_count(caplog: pytest.LogCaptureFixture) -> None:
    now = [1000.0]
    refusals = Refusals(clock=lambda: now[0])
    caplog.set_level(logging.INFO)
    for _ in range(500):
        refusals.refuse(Refusal.ADDRESS_STREAMS, "127.0.0.2")
    refusals.refuse(Refusal.CONNECTIONS, "127.0.0.3")  # another kind has a line of its own
    now[0] += 59
    refusals.refuse(Refusal.ADDRESS_STREAMS, "127.0.0.2")
    assert [r.getMessage() for r in caplog.records] == [
        "web: 1 live page turned away: one client had all the streams it may open (the latest from 127.0.0.2);"
        " see WEB_MAX_STREAMS_PER_ADDRESS",
        "web: 1 connection turned away: the server had all it takes open (the latest from 127.0.0.3);"
        " see WEB_MAX_CONNECTIONS",
    ]
    now[0] += 2
    refusals.refuse(Refusal.ADDRESS_STREAMS, "127.0.0.9")
    assert caplog.records[-1].getMessage().startswith("web: 501 live pages turned away in the last 61 s:")
    assert caplog.records[-1].levelno == logging.WARNING and refusals.counts[Refusal.ADDRESS_STREAMS] == 502


def test_the_accept_loop_running_out_of_files_is_one_counted_line_a_minute(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    asyncio_log = logging.getLogger("asyncio")
    errors = AcceptErrors(Refusals())
    asyncio_log.addFilter(errors)
    try:
        for _ in range(1000):
            try:
                raise OSError(24, "Too many open files")
            except OSError:
                asyncio_log.error("socket.accept() out of system resource\nsocket: <...>", exc_info=True)
        asyncio_log.error("something else")
    finally:
        asyncio_log.removeFilter(errors)
    told = [r for r in caplog.records if r.name == "asyncio"]
    assert [r.getMessage() for r in told] == [
        "web: 1 connection not accepted: the process had no file handles left; see WEB_MAX_CONNECTIONS,"
        " or the file limit (LimitNOFILE)", "something else"]
    assert told[0].exc_info is None


def test_the_client_is_the_forwarded_address_only_behind_the_trusted_proxy() -> None:
    proxies = (LOOPBACK,)
    assert forwarded_client("127.0.0.1", ["203.0.113.9"], proxies) == "203.0.113.9"
    # What the client wrote itself comes first; the proxy appends what it saw: the last hop is the one to trust.
    assert forwarded_client("127.0.0.1", ["1.2.3.4, 203.0.113.9"], proxies) == "203.0.113.9"
    assert forwarded_client("127.0.0.1", ["1.2.3.4", "203.0.113.9"], proxies) == "203.0.113.9"
    assert forwarded_client("198.51.100.7", ["203.0.113.9"], proxies) == "198.51.100.7"  # not the proxy: ignored
    assert forwarded_client("127.0.0.1", ["203.0.113.9"], ()) == "127.0.0.1"  # no proxy trusted by default
    assert forwarded_client("127.0.0.1", ["not an address"], proxies) == "127.0.0.1"
    assert forwarded_client("127.0.0.1", [], proxies) == "127.0.0.1"
    # One IPv6 client holds a /64: its addresses count as one.
    assert client_of("2001:db8:1:2::5") == client_of("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert client_of("::ffff:192.0.2.1") == "192.0.2.1"


async def test_streams_behind_the_proxy_count_by_the_forwarded_client(service: Services, pages: Services) -> None:
    path = await game_path(service, await started(service))
    async with serving(pages, streams_per_address=1, trusted_proxies=(LOOPBACK,)) as server, \
            AsyncExitStack() as stack:
        assert (await stream(stack, server, path, forwarded="203.0.113.1")).status == 200
        assert (await stream(stack, server, path, forwarded="203.0.113.2")).status == 200
        assert (await stream(stack, server, path, forwarded="203.0.113.1")).status == 503
        # From another peer than the proxy, X-Forwarded-For is the client's own word: ignored.
        assert (await stream(stack, server, path, "127.0.0.2", forwarded="203.0.113.3")).status == 200
        assert (await stream(stack, server, path, "127.0.0.2", forwarded="203.0.113.4")).status == 503


async def test_an_untrusted_proxy_s_refusal_says_to_trust_it(
        service: Services, pages: Services, caplog: pytest.LogCaptureFixture) -> None:
    path = await game_path(service, await started(service))
    caplog.set_level(logging.INFO)
    async with serving(pages, streams_per_address=1) as server, AsyncExitStack() as stack:
        assert (await stream(stack, server, path, forwarded="203.0.113.1")).status == 200
        assert (await stream(stack, server, path, forwarded="203.0.113.2")).status == 503
    assert "set WEB_TRUSTED_PROXY to its address" in lines_of(caplog, Refusal.ADDRESS_STREAMS)[0]


async def test_the_proxy_is_not_held_to_one_address_s_connections(pages: Services) -> None:
    async with serving(pages, connections_per_address=1, trusted_proxies=(LOOPBACK,)) as server:
        held = [await raw(server) for _ in range(3)]
        reader, writer = held[-1]
        writer.write(b"GET /static/style.css HTTP/1.1\r\nHost: x\r\n\r\n")
        assert (await reader.readline()).startswith(b"HTTP/1.1 200")
        for _, w in held:
            w.close()


KEY = "Zq7PxW3kLm9Ns2Vb8Rt4Yh6Jd"  # a page key's shape: the log may show its first four characters, never five
BAD_REQUESTS = {
    "a header over 8,190 bytes": f"GET /game/{KEY} HTTP/1.1\r\nHost: x\r\nX-Big: {KEY * 400}\r\n\r\n",
    "over 128 headers": f"GET /game/{KEY} HTTP/1.1\r\nHost: x\r\n" + "".join(f"X-{KEY}-{n}: 1\r\n" for n in range(130))
                        + "\r\n",
    "a bad request line": f"GET /game/{KEY} HTTP/1.1 {KEY}\r\nHost: x\r\n\r\n",
    "a request line over 64 kB": f"GET /game/{KEY}?{'a' * 70000} HTTP/1.1\r\nHost: x\r\n\r\n",
    "no HTTP at all": f"\x16\x03\x01{KEY}\r\n\r\n",
}


@pytest.mark.parametrize("request_text", BAD_REQUESTS.values(), ids=BAD_REQUESTS.keys())
async def test_aiohttp_s_own_400_is_the_pages_plain_page_and_echoes_and_logs_nothing_of_the_request(
        pages: Services, caplog: pytest.LogCaptureFixture, request_text: str) -> None:
    caplog.set_level(logging.DEBUG)
    async with serving(pages) as server:
        reader, writer = await raw(server)
        writer.write(request_text.encode("latin-1"))
        answer = (await closed_within(reader, 5)).decode("latin-1")
        writer.close()
    head, _, body = answer.partition("\r\n\r\n")
    assert head.startswith(("HTTP/1.0 400 Bad Request\r\n", "HTTP/1.1 400 Bad Request\r\n"))
    headers = dict(line.split(": ", 1) for line in head.split("\r\n")[1:])
    assert_plain_page(400, headers, body, "Bad request")
    assert KEY[:5] not in answer
    logged = "\n".join(caplog.text.splitlines())
    assert KEY[:5] not in logged
    assert len(lines_of(caplog, Refusal.BAD_REQUESTS)) == 1


async def test_no_version_in_the_server_header(service: Services, pages: Services) -> None:
    path = await game_path(service, await started(service))
    async with serving(pages) as server, ClientSession() as session:
        for page in (path, "/static/style.css", "/game/AAAAAAAAAAAAAAAAAAAAAA"):
            async with session.get(f"http://127.0.0.1:{server.port}{page}") as response:
                assert response.headers["Server"] == "Contrail", page


def test_the_limits_are_settings_with_defaults_and_checked(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    assert load_settings(env, {}).web_limits == WebLimits()
    read = load_settings(env, {"WEB_MAX_CONNECTIONS": "500", "WEB_MAX_CONNECTIONS_PER_ADDRESS": "20",
                               "WEB_MAX_STREAMS": "200", "WEB_MAX_STREAMS_PER_ADDRESS": "5",
                               "WEB_IDLE_SECONDS": "30", "WEB_HEADER_SECONDS": "5",
                               "WEB_TRUSTED_PROXY": "127.0.0.1, 172.16.0.0/12"}).web_limits
    assert read == WebLimits(500, 20, 200, 5, 30, 5, (LOOPBACK, ipaddress.ip_network("172.16.0.0/12")))
    for name, bad in (("WEB_MAX_STREAMS", "0"), ("WEB_MAX_CONNECTIONS", "lots"), ("WEB_IDLE_SECONDS", "7200")):
        with pytest.raises(SettingsError, match=f"{name} must be a whole number"):
            load_settings(env, {name: bad})
    with pytest.raises(SettingsError, match="WEB_TRUSTED_PROXY must be the reverse proxy's address"):
        load_settings(env, {"WEB_TRUSTED_PROXY": "proxy.example.org"})


def test_the_trusted_proxy_is_this_machine_s_loopback_unless_told(tmp_path: Path) -> None:
    """The documented proxy (Caddy or nginx beside the bot) connects from 127.0.0.1: trusted with nothing set, so
    its visitors are counted one by one and not all as the proxy's one address; "none" trusts nobody."""
    env = tmp_path / ".env"
    assert load_settings(env, {}).web_limits.trusted_proxies == (LOOPBACK, ipaddress.ip_network("::1/128"))
    assert load_settings(env, {"WEB_TRUSTED_PROXY": "none"}).web_limits.trusted_proxies == ()
    assert forwarded_client("127.0.0.1", ["203.0.113.9"], WebLimits().trusted_proxies) == "203.0.113.9"
    assert forwarded_client("127.0.0.2", ["203.0.113.9"], WebLimits().trusted_proxies) == "127.0.0.2"


def test_the_file_limit_caps_the_connections_and_keeps_a_reserve() -> None:
    limits = WebLimits(connections=2000)
    assert connection_cap(limits, 1024) == 1024 - FILE_RESERVE
    assert connection_cap(limits, 65536) == 2000
    assert connection_cap(limits, None) == 2000  # no limit at all


def test_the_soft_file_limit_is_raised_to_the_hard_one_at_start() -> None:
    script = ("import resource; from web.limits import raise_file_limit;"
              " resource.setrlimit(resource.RLIMIT_NOFILE, (256, 1024)); print(raise_file_limit(),"
              " resource.getrlimit(resource.RLIMIT_NOFILE)[0])")
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=30,
                         cwd=Path(__file__).resolve().parents[2])
    assert ran.stdout.split() == ["1024", "1024"]
