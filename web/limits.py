"""What one client, and all of them together, may hold of the pages' server; what it refuses, told once a minute."""

from __future__ import annotations

import enum
import ipaddress
import logging
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable

from settings import Network, WebLimits

if sys.platform != "win32":
    import resource

log = logging.getLogger("contrail.web")

SAY_EVERY_SECONDS = 60.0  # one log line per kind of refusal at most this often: a flood never floods the log
IPV6_PREFIX = 64  # one IPv6 client usually holds a whole /64: its addresses count together
BACKLOG = 128  # connections the system queues before the server accepts them (asyncio accepts as many at a time)
# File handles the server never lets connections take: the process's own (Discord, the database, the drawing
# workers, logs: 128), and connections being turned away, each open for a few turns of the event loop while up to
# four bursts of BACKLOG are accepted behind it. Over the file limit, accepting fails and nobody gets in.
FILE_RESERVE = 128 + 4 * BACKLOG


class Refusal(enum.Enum):
    """A kind of connection or request the server turns away: what it is, what became of it, why, and the setting."""

    CONNECTIONS = ("connection", "turned away", "the server had all it takes open", "WEB_MAX_CONNECTIONS")
    ADDRESS_CONNECTIONS = ("connection", "turned away", "one address had all it may open",
                           "WEB_MAX_CONNECTIONS_PER_ADDRESS")
    STREAMS = ("live page", "turned away", "the server had all the streams it takes", "WEB_MAX_STREAMS")
    ADDRESS_STREAMS = ("live page", "turned away", "one client had all the streams it may open",
                       "WEB_MAX_STREAMS_PER_ADDRESS")
    SLOW_HEADERS = ("connection", "closed", "its request's headers came too slowly", "WEB_HEADER_SECONDS")
    BAD_REQUESTS = ("request", "answered 400", "not HTTP the server reads", "")
    NO_FILES = ("connection", "not accepted", "the process had no file handles left",
                "WEB_MAX_CONNECTIONS, or the file limit (LimitNOFILE)")

    def line(self, told: int, since: float) -> str:
        """The log line for `told` of them: '3 connections turned away (...): one address had all it may open'."""
        thing, done, why, _ = self.value
        when = "" if told == 1 else f" in the last {since:.0f} s"
        return f"web: {told:,} {thing if told == 1 else thing + 's'} {done}{when}: {why}"

    @property
    def setting(self) -> str:
        return str(self.value[3])


class Refusals:
    """Counts what the limits turn away, and says so in one line a minute at most for each kind, with the count."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, every: float = SAY_EVERY_SECONDS) -> None:
        self._clock = clock
        self._every = every
        self._unsaid: Counter[Refusal] = Counter()
        self._said_at: dict[Refusal, float] = {}
        self.counts: Counter[Refusal] = Counter()  # every refusal since the start

    def due(self, kind: Refusal) -> str | None:
        """Count one of this kind; the line that tells them when one is due (the first at once, then once a
        minute at most, counting all since the last), else None."""
        self.counts[kind] += 1
        self._unsaid[kind] += 1
        now = self._clock()
        said = self._said_at.get(kind)
        if said is not None and now - said < self._every:
            return None
        self._said_at[kind] = now
        return kind.line(self._unsaid.pop(kind), now - said if said is not None else 0.0)

    def refuse(self, kind: Refusal, client: str, detail: str = "") -> None:
        """Count a refusal of this client; log a line if one is due (never the request's path: it holds a key)."""
        line = self.due(kind)
        if line is None:
            return
        latest = f"the latest from {client}" + (f", {detail}" if detail else "")
        setting = f"; see {kind.setting}" if kind.setting else ""
        log.log(logging.INFO if kind is Refusal.BAD_REQUESTS else logging.WARNING, "%s (%s)%s", line, latest, setting)


class AcceptErrors(logging.Filter):
    """On asyncio's log: its "socket.accept() out of system resource" (a traceback for every connection it could
    not take, hundreds of thousands a minute once files run out) becomes one counted line a minute."""

    MESSAGE = "socket.accept() out of system resource"

    def __init__(self, refusals: Refusals) -> None:
        super().__init__()
        self._refusals = refusals

    def filter(self, record: logging.LogRecord) -> bool:
        if not str(record.msg).startswith(self.MESSAGE):
            return True
        line = self._refusals.due(Refusal.NO_FILES)
        if line is None:
            return False
        record.msg, record.args = "%s; see %s", (line, Refusal.NO_FILES.setting)
        record.exc_info, record.exc_text = None, None
        return True


def client_of(host: str) -> str:
    """The key one client's connections and streams are counted under: its address, an IPv6 one's /64."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, IPV6_PREFIX), strict=False))
    return str(address)


def trusted(host: str, proxies: Iterable[Network]) -> bool:
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return any(address in network for network in proxies)


def forwarded_client(peer: str, forwarded: Iterable[str], proxies: Iterable[Network]) -> str:
    """Who sent a request: behind a trusted proxy, the address it put last in X-Forwarded-For (the one it saw;
    what comes before it the client may have written itself); otherwise, or without one, the peer."""
    if not trusted(peer, proxies):
        return client_of(peer)
    hops = [hop.strip() for value in forwarded for hop in value.split(",")]
    last = hops[-1] if hops else ""
    try:
        ipaddress.ip_address(last)
    except ValueError:
        return client_of(peer)
    return client_of(last)


class Gate:
    """The open connections and event streams, in all and by client, and what turns the next one away."""

    def __init__(self, limits: WebLimits, connections: int, refusals: Refusals) -> None:
        self.limits = limits
        self.cap = connections  # the connections the file limit leaves, at most limits.connections
        self.refusals = refusals
        self.connections = 0
        self.streams = 0
        self._connections_of: Counter[str] = Counter()
        self._streams_of: Counter[str] = Counter()

    def admit(self, peer: str) -> bool:
        """A new connection from this peer, counted, unless it would pass a limit (then refused and counted)."""
        client = client_of(peer)
        if self.connections >= self.cap:
            self.refusals.refuse(Refusal.CONNECTIONS, client)
            return False
        proxy = trusted(peer, self.limits.trusted_proxies)
        if not proxy and self._connections_of[client] >= self.limits.connections_per_address:
            self.refusals.refuse(Refusal.ADDRESS_CONNECTIONS, client)
            return False
        self.connections += 1
        self._connections_of[client] += 1
        return True

    def release(self, peer: str) -> None:
        """An admitted connection closed."""
        client = client_of(peer)
        self.connections -= 1
        self._connections_of[client] -= 1
        if self._connections_of[client] <= 0:
            del self._connections_of[client]

    def open_stream(self, client: str, detail: str = "") -> bool:
        """A live page's stream for this client, counted, unless it would pass a limit (then refused and counted)."""
        if self.streams >= self.limits.streams:
            self.refusals.refuse(Refusal.STREAMS, client)
            return False
        if self._streams_of[client] >= self.limits.streams_per_address:
            self.refusals.refuse(Refusal.ADDRESS_STREAMS, client, detail)
            return False
        self.streams += 1
        self._streams_of[client] += 1
        return True

    def close_stream(self, client: str) -> None:
        self.streams -= 1
        self._streams_of[client] -= 1
        if self._streams_of[client] <= 0:
            del self._streams_of[client]


def raise_file_limit() -> int | None:
    """Raise this process's soft limit on open files to its hard one (systemd leaves 1,024 of 524,288); the soft
    limit now, None for no limit."""
    if sys.platform == "win32":
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):  # a hard limit the system will not grant as soft: keep the soft one
            pass
    return None if soft == resource.RLIM_INFINITY else soft


def connection_cap(limits: WebLimits, files: int | None) -> int:
    """The connections the server takes at most: WEB_MAX_CONNECTIONS, or fewer when the file limit leaves fewer
    after FILE_RESERVE, so that Discord, the database and the accept loop always have files to open."""
    if files is None:
        return limits.connections
    return max(1, min(limits.connections, files - FILE_RESERVE))
