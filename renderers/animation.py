"""An animated GIF from a game's board images, made smaller until it fits an upload limit."""

from __future__ import annotations

from collections.abc import Sequence
from io import BytesIO

from PIL import Image

WIDTHS = (640, 480, 360)  # tried in turn; 360 px is still a phone's width
FRAME_MS = 1000  # a turn a second: long enough to see what changed
LAST_FRAME_MS = 5000  # the final position stays a while before the loop starts again
COLOURS = 128  # per frame: boards are flat colours and text; fewer colours keep the file small


class TooLarge(ValueError):
    """Even the smallest animation is over the limit."""


def animate(frames: Sequence[bytes], *, limit: int, widths: Sequence[int] = WIDTHS) -> bytes:
    """A looping GIF of these PNG frames, at the widest of `widths` that stays within `limit` bytes."""
    if not frames:
        raise ValueError("an animation needs at least one frame")
    for width in widths:
        data = _gif(frames, width)
        if len(data) <= limit:
            return data
    raise TooLarge(f"the animation is {len(data):,} bytes even {widths[-1]} px wide; the limit is {limit:,}")


def _gif(frames: Sequence[bytes], width: int) -> bytes:
    # Frames are decoded one at a time and kept only in their small palette form, so a long game fits in memory.
    # One palette for every frame (from the first and last boards, which between them show most colours): an
    # unchanged pixel then keeps its index, and the GIF stores only the part of each frame that changed.
    first, last = _rgb(frames[0], width), _rgb(frames[-1], width)
    both = Image.new("RGB", (max(first.width, last.width), first.height + last.height))
    both.paste(first, (0, 0))
    both.paste(last, (0, first.height))
    palette = both.quantize(COLOURS, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    shrunk = [_rgb(png, width).quantize(palette=palette, dither=Image.Dither.NONE) for png in frames]
    durations = [FRAME_MS] * (len(shrunk) - 1) + [LAST_FRAME_MS]
    out = BytesIO()
    shrunk[0].save(out, format="GIF", save_all=True, append_images=shrunk[1:], duration=durations, loop=0,
                   optimize=False, disposal=1)
    return out.getvalue()


def _rgb(png: bytes, width: int) -> Image.Image:
    with Image.open(BytesIO(png)) as image:
        rgb = image.convert("RGB")
    if rgb.width > width:
        rgb = rgb.resize((width, max(1, round(rgb.height * width / rgb.width))), Image.Resampling.BILINEAR,
                         reducing_gap=2.0)
    return rgb
