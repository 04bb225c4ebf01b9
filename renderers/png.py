"""Board PNG encoding that compresses only the strips of rows a move changed, shared by every game's renderer."""

# A move changes a few parts of a board (the header, a player's panel, a plane); the rest of its pixels are
# the same as on the boards before it. So the palette image is cut into strips of rows, each strip is
# compressed on its own (a raw deflate stream flushed to a byte boundary, with no reference to the strips
# above it) and kept by the hash of its pixels: a strip seen before is copied, not compressed again. The
# strips, joined and closed with the final block and the checksum of all rows, are one valid zlib stream.

from __future__ import annotations

import struct
import threading
import zlib
from collections import OrderedDict
from typing import NamedTuple

from PIL import Image

from renderers.common import PNG_COMPRESS_LEVEL, encode_png

STRIP_ROWS = 32  # measured on both boards: 32 reuses about as much as 16 and costs less per strip than 16
CACHE_STRIPS = 4096  # a strip is ~2-4 KB compressed: ~10 MB, the strips of a few hundred recent boards
ADLER_BASE = 65521  # the largest prime below 2**16, as the zlib format defines Adler-32
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
ZLIB_HEADER = zlib.compress(b"", PNG_COMPRESS_LEVEL)[:2]  # deflate, 32 KB window, the level named
FINAL_BLOCK = zlib.compressobj(PNG_COMPRESS_LEVEL, zlib.DEFLATED, -15).flush()  # an empty last block
NO_FILTER = b"\x00"  # each PNG row starts with its filter; a palette image compresses best unfiltered


class Strip(NamedTuple):
    """Some rows, compressed: their deflate bytes and what the stream's checksum needs of them."""

    deflated: bytes
    adler: int  # Adler-32 of the filtered rows
    length: int  # bytes of filtered rows


class StripCache:
    """Recently compressed strips, by the size and hash of their pixels; safe to share between drawing threads."""

    def __init__(self, limit: int = CACHE_STRIPS) -> None:
        self._limit = limit
        self._strips: OrderedDict[tuple[int, int, int], Strip] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[int, int, int]) -> Strip | None:
        with self._lock:
            strip = self._strips.get(key)
            if strip is not None:
                self._strips.move_to_end(key)
            return strip

    def put(self, key: tuple[int, int, int], strip: Strip) -> None:
        with self._lock:
            self._strips[key] = strip
            self._strips.move_to_end(key)
            while len(self._strips) > self._limit:
                self._strips.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._strips.clear()

    def __len__(self) -> int:
        return len(self._strips)


STRIPS = StripCache()


def encode_board(image: Image.Image, cache: StripCache = STRIPS) -> bytes:
    """PNG bytes of a finished board, reusing the compressed strips of earlier boards; a palette image only
    (anything else is encoded whole)."""
    if image.mode != "P" or "transparency" in image.info:
        return encode_png(image)
    width, height = image.size
    pixels = image.tobytes()
    stride = STRIP_ROWS * width
    parts = [ZLIB_HEADER]
    adler = 1  # the checksum of no bytes
    for start in range(0, len(pixels), stride):
        rows = pixels[start:start + stride]
        # The process's keyed 64-bit hash: two different strips share one about once in 2**64 lookups.
        key = (width, len(rows), hash(rows))
        strip = cache.get(key)
        if strip is None:
            strip = deflate_rows(rows, width)
            cache.put(key, strip)
        parts.append(strip.deflated)
        adler = adler32_combine(adler, strip.adler, strip.length)
    parts += [FINAL_BLOCK, struct.pack(">I", adler)]
    palette = bytes(image.getpalette() or [])
    return b"".join([
        PNG_SIGNATURE,
        chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),  # 8-bit palette, not interlaced
        chunk(b"PLTE", palette),
        chunk(b"IDAT", b"".join(parts)),
        chunk(b"IEND", b""),
    ])


def deflate_rows(rows: bytes, width: int) -> Strip:
    """Rows of palette indices as PNG scanlines, compressed to a byte boundary with no outside references."""
    filtered = b"".join([NO_FILTER + rows[i:i + width] for i in range(0, len(rows), width)])
    compressor = zlib.compressobj(PNG_COMPRESS_LEVEL, zlib.DEFLATED, -15)
    deflated = compressor.compress(filtered) + compressor.flush(zlib.Z_SYNC_FLUSH)
    return Strip(deflated, zlib.adler32(filtered), len(filtered))


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """Adler-32 of two byte strings joined, from each one's checksum and the second's length (as zlib's own
    adler32_combine, which Python does not expose): the second's running sums each count the first's sum."""
    low = ((first & 0xFFFF) + (second & 0xFFFF) - 1) % ADLER_BASE
    high = ((first >> 16) + (second >> 16) + second_length * ((first & 0xFFFF) - 1)) % ADLER_BASE
    return (high << 16) | low


def chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: length, type, data and the CRC of type and data."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))
