"""Contrail's settings from .env and the environment, each bad one named in one line; logging; stopping on SIGTERM."""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import re
import signal
import sys
from collections.abc import Callable, Mapping
import os
from dataclasses import dataclass
from pathlib import Path

from engine.services.caching import CACHE_MB
from engine.services.workers import default_drawing_processes, default_processes
from engine.platform.levels import THINKING_SECONDS
from engine.services.logs import JsonFormatter
from engine.store import is_postgres_url

DEFAULT_DATABASE = "data/contrail.sqlite3"
DEFAULT_WEB_HOST = "127.0.0.1"
LOG_FORMATS = ("text", "json")
MAX_PROCESSES = 32
MIN_THINKING_SECONDS, MAX_THINKING_SECONDS = 0.1, 10.0  # a strong AI's budget per decision: never a long wait
TEXT_LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


Network = ipaddress.IPv4Network | ipaddress.IPv6Network
LOOPBACK: tuple[Network, ...] = (ipaddress.ip_network("127.0.0.1/32"), ipaddress.ip_network("::1/128"))

@dataclass(frozen=True)
class WebLimits:
    """The pages' limits (settings WEB_MAX_CONNECTIONS and the rest; .env.example says what each is for)."""

    connections: int = 2000  # open connections in all; the file limit may leave fewer (connection_cap)
    connections_per_address: int = 60  # open connections of one address (never counted for a trusted proxy)
    streams: int = 1000  # live pages' event streams in all
    streams_per_address: int = 30  # event streams of one client (its forwarded address behind a trusted proxy)
    idle_seconds: float = 15.0  # a connection with no request in this long is closed
    header_seconds: float = 10.0  # a request's headers must all come within this long of its first byte
    # Peers whose X-Forwarded-For names the client: by default this machine's loopback address, where the documented
    # reverse proxy (Caddy or nginx beside the bot) connects from; never a range a stranger could send from.
    trusted_proxies: tuple[Network, ...] = LOOPBACK


class SettingsError(ValueError):
    """A setting in .env or the environment that cannot be used; the message is the admin's one line."""


@dataclass(frozen=True)
class Settings:
    token: str | None
    database_path: Path
    log_level: str
    log_format: str = "text"  # "json": one JSON object per line, for log collectors
    shard_count: int | None = None  # every process's shards together; None: Discord's recommendation
    shard_ids: tuple[int, ...] | None = None  # the shards this process runs; None: all of them
    database_url: str | None = None  # postgresql://...: the games live in PostgreSQL, not in the SQLite file
    web_port: int | None = None  # the web pages' port; None: the bot serves no pages itself
    web_host: str = DEFAULT_WEB_HOST  # where the pages listen: loopback, for a reverse proxy in front
    public_url: str | None = None  # what the bot's links start with; None: no links (no pages anywhere)
    cache_mb: int = CACHE_MB  # the memory the cached tables may take; the others load from their snapshots
    drawing_processes: int = 0  # processes that draw the boards; 0: threads of the bot's own process
    thinking_processes: int = 0  # processes a strong AI seat and a hint think in; 0: a thread of the bot's own
    thinking_seconds: float = THINKING_SECONDS  # a strong AI seat's budget per decision, and a hint's
    web_limits: WebLimits = WebLimits()  # what one web client, and all of them, may hold of the pages' server

    @property
    def database(self) -> str | Path:
        """What the store opens: the PostgreSQL URL when one is set, else the SQLite file."""
        return self.database_url or self.database_path


def read_env_file(path: Path) -> dict[str, str]:
    """KEY=VALUE lines of a .env file; blank lines, comments and an `export ` prefix are allowed."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.removeprefix("export ").partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key.strip()] = value
    return values


def load_settings(env_file: Path = Path(".env"), environ: Mapping[str, str] = os.environ) -> Settings:
    """Settings from .env, where the real environment wins (so a deployment can override the file)."""
    merged = {**read_env_file(env_file), **environ}
    shard_count, shard_ids = parse_shards(merged.get("SHARD_COUNT"), merged.get("SHARD_IDS"))
    web_port = _web_port(merged.get("WEB_PORT"))
    web_host = (merged.get("WEB_HOST") or "").strip() or DEFAULT_WEB_HOST
    return Settings(
        token=merged.get("DISCORD_TOKEN") or None,
        database_path=Path(merged.get("DATABASE_PATH") or DEFAULT_DATABASE),
        log_level=(merged.get("LOG_LEVEL") or "INFO").upper(),
        log_format=_log_format(merged.get("LOG_FORMAT")),
        shard_count=shard_count,
        shard_ids=shard_ids,
        database_url=_database_url(merged.get("DATABASE_URL")),
        web_port=web_port,
        web_host=web_host,
        public_url=_public_url(merged.get("PUBLIC_URL"), web_host, web_port),
        cache_mb=_cache_mb(merged.get("CACHE_MB")),
        drawing_processes=_processes("DRAWING_PROCESSES", merged.get("DRAWING_PROCESSES"), "draw",
                                     default_drawing_processes()),
        thinking_processes=_processes("THINKING_PROCESSES", merged.get("THINKING_PROCESSES"), "think"),
        thinking_seconds=_thinking_seconds(merged.get("AI_THINKING_SECONDS")),
        web_limits=_web_limits(merged),
    )


def _web_limits(merged: Mapping[str, str]) -> WebLimits:
    """WEB_MAX_CONNECTIONS and the other limits of the pages' server; each left empty keeps its default."""
    default = WebLimits()
    return WebLimits(
        connections=_limit("WEB_MAX_CONNECTIONS", merged.get("WEB_MAX_CONNECTIONS"), default.connections),
        connections_per_address=_limit("WEB_MAX_CONNECTIONS_PER_ADDRESS", merged.get("WEB_MAX_CONNECTIONS_PER_ADDRESS"),
                                       default.connections_per_address),
        streams=_limit("WEB_MAX_STREAMS", merged.get("WEB_MAX_STREAMS"), default.streams),
        streams_per_address=_limit("WEB_MAX_STREAMS_PER_ADDRESS", merged.get("WEB_MAX_STREAMS_PER_ADDRESS"),
                                   default.streams_per_address),
        idle_seconds=_limit("WEB_IDLE_SECONDS", merged.get("WEB_IDLE_SECONDS"), int(default.idle_seconds), 3600),
        header_seconds=_limit("WEB_HEADER_SECONDS", merged.get("WEB_HEADER_SECONDS"), int(default.header_seconds),
                              3600),
        trusted_proxies=_trusted_proxies(merged.get("WEB_TRUSTED_PROXY")),
    )


def _limit(name: str, value: str | None, default: int, most: int = 999999) -> int:
    text = (value or "").strip()
    if not text:
        return default
    if not NUMBER.fullmatch(text) or not 1 <= int(text) <= most:
        raise SettingsError(f"{name} must be a whole number from 1 to {most} (such as {default}), not {value!r}.")
    return int(text)


def _trusted_proxies(value: str | None) -> tuple[Network, ...]:
    """WEB_TRUSTED_PROXY: the reverse proxy's own address(es), such as 127.0.0.1 or 172.16.0.0/12, by commas;
    empty for the default (this machine's loopback address), "none" to trust no proxy."""
    text = (value or "").strip()
    if not text:
        return WebLimits().trusted_proxies
    if text.lower() == "none":
        return ()
    parts = [part.strip() for part in text.split(",") if part.strip()]
    try:
        return tuple(ipaddress.ip_network(part, strict=False) for part in parts)
    except ValueError:
        raise SettingsError(f"WEB_TRUSTED_PROXY must be the reverse proxy's address (such as 127.0.0.1), or several"
                            f' separated by commas, "none" to trust none, or empty for 127.0.0.1, not {value!r}.') from None


def _database_url(value: str | None) -> str | None:
    if value and not is_postgres_url(value.strip()):
        raise SettingsError("DATABASE_URL must be a postgresql:// URL (or empty, for the SQLite file at DATABASE_PATH).")
    return value.strip() if value else None


def _web_port(value: str | None) -> int | None:
    text = (value or "").strip()
    if not text:
        return None
    if not NUMBER.fullmatch(text) or not 1 <= int(text) <= 65535:
        raise SettingsError(f"WEB_PORT must be a port number from 1 to 65535, not {value!r}.")
    return int(text)


def _cache_mb(value: str | None) -> int:
    text = (value or "").strip()
    if not text:
        return CACHE_MB
    if not NUMBER.fullmatch(text) or int(text) < 1:
        raise SettingsError(f"CACHE_MB must be a whole number of megabytes, at least 1 (such as {CACHE_MB}),"
                            f" not {value!r}.")
    return int(text)


def _processes(name: str, value: str | None, what: str, default: int | None = None) -> int:
    """A count of worker processes: `default` (else one per core where there are several) unless it says otherwise."""
    text = (value or "").strip()
    if not text:
        return default_processes() if default is None else default
    if not NUMBER.fullmatch(text) or int(text) > MAX_PROCESSES:
        raise SettingsError(f"{name} must be a whole number from 0 ({what} in the bot's own process) to"
                            f" {MAX_PROCESSES}, not {value!r}.")
    return int(text)


def _thinking_seconds(value: str | None) -> float:
    text = (value or "").strip()
    if not text:
        return THINKING_SECONDS
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not MIN_THINKING_SECONDS <= seconds <= MAX_THINKING_SECONDS:
        raise SettingsError(f"AI_THINKING_SECONDS must be a number of seconds from {MIN_THINKING_SECONDS:g} to"
                            f" {MAX_THINKING_SECONDS:g} (such as {THINKING_SECONDS:g}), not {value!r}.")
    return seconds


def _public_url(value: str | None, host: str, port: int | None) -> str | None:
    """PUBLIC_URL without its trailing slash; by default the pages' own address, when this process serves them."""
    text = (value or "").strip().rstrip("/")
    if not text:
        return f"http://{host}:{port}" if port is not None else None
    if not re.fullmatch(r"https?://[^\s/?#]+(/[^\s?#]*)?", text):
        raise SettingsError(f"PUBLIC_URL must be the pages' address, such as https://contrail.example.org,"
                            f" not {value!r}.")
    return text


NUMBER = re.compile(r"[0-9]{1,6}")  # ASCII digits only: int() would also take '²' or '٣'


def parse_shards(count_text: str | None, ids_text: str | None) -> tuple[int | None, tuple[int, ...] | None]:
    """SHARD_COUNT and SHARD_IDS ('0,1'): (None, None) runs every shard in this process, as Discord recommends."""
    count_text, ids_text = (count_text or "").strip(), (ids_text or "").strip()
    if not count_text:
        if ids_text:
            raise SettingsError("SHARD_IDS needs SHARD_COUNT too: set SHARD_COUNT to the number of shards"
                                " of all the bot's processes together.")
        return None, None
    if not NUMBER.fullmatch(count_text) or int(count_text) < 1:
        raise SettingsError(f"SHARD_COUNT must be a whole number of at least 1, not {count_text!r}.")
    count = int(count_text)
    if not ids_text:
        return count, None  # this process runs all of them
    parts = [part.strip() for part in ids_text.split(",")]
    if not all(NUMBER.fullmatch(part) for part in parts):
        raise SettingsError(f"SHARD_IDS must be shard numbers separated by commas (such as 0,1), not {ids_text!r}.")
    ids = tuple(int(part) for part in parts)
    for shard in ids:
        if shard >= count:
            raise SettingsError(f"SHARD_IDS has shard {shard}, but with SHARD_COUNT={count} the shards are"
                                f" 0 to {count - 1}.")
    repeated = sorted({shard for shard in ids if ids.count(shard) > 1})
    if repeated:
        raise SettingsError(f"SHARD_IDS lists shard {repeated[0]} more than once.")
    return count, ids


def _log_format(value: str | None) -> str:
    chosen = (value or "text").strip().lower()
    if chosen not in LOG_FORMATS:
        raise SettingsError(f"LOG_FORMAT must be text or json, not {value!r}.")
    return chosen


def configure_logging(settings: Settings) -> None:
    """Plain lines by default; LOG_FORMAT=json makes every line (discord.py's too) one JSON object."""
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter() if settings.log_format == "json" else logging.Formatter(TEXT_LOG_FORMAT))
    level = getattr(logging, settings.log_level, logging.INFO)
    logging.basicConfig(level=level, handlers=[handler])
    # aiosqlite's DEBUG lines repeat every query's values: the pages' keys and Discord ids among them.
    logging.getLogger("aiosqlite").setLevel(max(level, logging.INFO))


def on_sigterm(callback: Callable[[], object]) -> None:
    """`systemctl stop` and `docker compose stop` send SIGTERM: call `callback` on the running loop, so the process
    closes its database and exits 0 instead of dying mid-write."""
    try:
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, callback)
    except (NotImplementedError, RuntimeError, ValueError):
        pass  # Windows has no loop signal handlers, and only the main thread may set them; the default applies


def settings_or_complaint() -> Settings | None:
    """What a command starts with: the settings, logging set up by them; None once a bad one was named on stderr."""
    try:
        settings = load_settings()
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return None
    configure_logging(settings)
    return settings
