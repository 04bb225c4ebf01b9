"""The board encoder: its PNG decodes to exactly the board drawn, and it compresses only strips it has not seen."""

from __future__ import annotations

import random
import threading
import zlib

import pytest
from PIL import Image

from renderers import png
from renderers.png import STRIP_ROWS, StripCache, adler32_combine, encode_board
from tests.renderers.drawing import open_png


def palette_board(width: int, height: int, seed: int) -> Image.Image:
    """A palette image with text-like noise, so strips differ and compress as a board's would."""
    rng = random.Random(seed)
    image = Image.new("P", (width, height), 0)
    image.putpalette([value for index in range(256) for value in (index, 255 - index, (index * 7) % 256)])
    pixels = bytearray(image.tobytes())
    for _ in range(width * height // 20):
        pixels[rng.randrange(len(pixels))] = rng.randrange(256)
    image.frombytes(bytes(pixels))
    return image


def assert_same_board(data: bytes, image: Image.Image) -> None:
    decoded = open_png(data)
    assert decoded.mode == "P"
    assert decoded.size == image.size
    assert decoded.tobytes() == image.tobytes()
    assert decoded.getpalette() == image.getpalette()


@pytest.mark.parametrize("size", [(1, 1), (7, STRIP_ROWS), (301, STRIP_ROWS + 1), (640, 5 * STRIP_ROWS - 3)])
def test_a_board_decodes_to_exactly_its_pixels_and_palette(size: tuple[int, int]) -> None:
    image = palette_board(*size, seed=size[0])
    assert_same_board(encode_board(image, StripCache()), image)


def test_a_strip_seen_before_is_copied_and_a_changed_strip_compressed_again() -> None:
    cache = StripCache()
    before = palette_board(200, 4 * STRIP_ROWS, seed=1)
    encode_board(before, cache)
    assert len(cache) == 4
    after = before.copy()
    after.putpixel((10, 2 * STRIP_ROWS + 5), (before.getpixel((10, 2 * STRIP_ROWS + 5)) + 1) % 256)
    data = encode_board(after, cache)
    assert len(cache) == 5  # only the third strip was new
    assert_same_board(data, after)
    assert_same_board(encode_board(before, cache), before)  # the old strip is still there, and still right


def test_the_same_rows_at_another_place_are_the_same_strip() -> None:
    cache = StripCache()
    strip = palette_board(64, STRIP_ROWS, seed=3)
    image = Image.new("P", (64, 2 * STRIP_ROWS))
    image.putpalette(strip.getpalette())
    image.paste(strip, (0, 0))
    image.paste(strip, (0, STRIP_ROWS))
    assert_same_board(encode_board(image, cache), image)
    assert len(cache) == 1


def test_the_cache_keeps_only_the_most_recently_used_strips() -> None:
    cache = StripCache(limit=3)
    boards = [palette_board(50, STRIP_ROWS, seed=seed) for seed in range(4)]
    for board in boards[:3]:
        encode_board(board, cache)
    encode_board(boards[0], cache)  # used again: the oldest is now the second
    encode_board(boards[3], cache)
    assert len(cache) == 3
    encode_board(boards[0], cache)
    assert len(cache) == 3  # still kept
    encode_board(boards[1], cache)
    assert len(cache) == 3  # compressed again, pushing another out


def test_an_image_not_in_palette_mode_is_encoded_whole() -> None:
    image = Image.new("RGB", (40, 40), (10, 200, 30))
    cache = StripCache()
    decoded = open_png(encode_board(image, cache))
    assert decoded.convert("RGB").tobytes() == image.tobytes()
    assert len(cache) == 0


def test_boards_encoded_in_several_threads_at_once_are_each_right() -> None:
    cache = StripCache(limit=8)  # small, so threads evict each other's strips as they go
    boards = [palette_board(120, 3 * STRIP_ROWS, seed=seed) for seed in range(6)]
    failures: list[int] = []

    def encode_all(offset: int) -> None:
        for round_ in range(20):
            index = (offset + round_) % len(boards)
            if open_png(encode_board(boards[index], cache)).tobytes() != boards[index].tobytes():
                failures.append(index)

    threads = [threading.Thread(target=encode_all, args=(offset,)) for offset in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []


@pytest.mark.parametrize("seed", range(20))
def test_adler32_combine_equals_the_checksum_of_the_joined_bytes(seed: int) -> None:
    rng = random.Random(seed)
    first = rng.randbytes(rng.randrange(0, 200_000))
    second = rng.randbytes(rng.randrange(0, 200_000)) if seed else b""
    combined = adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second))
    assert combined == zlib.adler32(first + second)


def test_the_stream_ends_with_the_checksum_of_every_row() -> None:
    image = palette_board(90, 2 * STRIP_ROWS + 7, seed=9)
    data = encode_board(image, StripCache())
    idat = data[data.index(b"IDAT") + 4:data.index(b"IEND") - 8]  # the chunk's data, without its CRC
    rows = zlib.decompress(idat)  # raises if the checksum at its end is wrong
    assert rows == b"".join(png.NO_FILTER + image.tobytes()[y * 90:(y + 1) * 90] for y in range(image.height))
