"""Fixtures that run the real bot offline under simcord, on a SQLite file in a temp dir."""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot import ContrailBot, Settings, create_bot


def tiny_png(slug: str, view: dict) -> bytes:
    """A valid 1x1 PNG: most Discord tests need an image, not a drawing."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\x00\xff\xff\xff")) + chunk(b"IEND", b"")


@pytest.fixture
def database_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "contrail.sqlite3"


def make_bot(database_path: Path) -> ContrailBot:
    return create_bot(Settings(token=None, database_path=database_path, log_level="INFO"), render=tiny_png)


@pytest.fixture
def simcord_bot(database_path: Path) -> ContrailBot:
    return make_bot(database_path)
