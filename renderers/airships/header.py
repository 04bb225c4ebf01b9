"""Airships header band: whose turn it is, the news since their last turn, everyone's VP, in text a phone reads."""

from __future__ import annotations

from typing import NamedTuple

from PIL import Image

from engine.words import ranked_seats
from renderers.airships.cards import NAVY, PALETTE
from renderers.airships.table import Outcome, Table
from renderers.airships.throw import VERDICT, card_words, verdict
from renderers.common import ELLIPSIS, INK, RGB, WHITE, YELLOW, ellipsize, ink_on, text_width, wrap_fit
from renderers.memo import cached
from renderers.header_lines import Run, runs_width

# Discord shows the 1400 px board about 360 px wide on a phone: the header's facts are drawn at least
# 1/36 of the board's width tall (39 px), so their letters stay about 10 px there.
HEADER_MIN_TEXT = 40
TURN_SIZES = (46, 44, 42, HEADER_MIN_TEXT)
LINE_SIZES = (42, HEADER_MIN_TEXT)
LINE_PITCH = 56  # one line of the band and its leading
TURN_HEIGHT = LINE_PITCH + 4  # the turn's strip, a little apart from the lines under it
PAD = 16  # text to the band's left and right edges
NEWS_LINES = 2  # the news wraps onto a second line; a short one leaves that line to the last throw
HEADER_HEIGHT = TURN_HEIGHT + (NEWS_LINES + 1) * LINE_PITCH + 4
NAME_ROOM = 420  # a player's name at most this wide at HEADER_MIN_TEXT, so the words after it stay
SHORT_NAME_ROOM = 300  # and this wide where it leaves the card's name room on the throw line
MIN_CARD_ROOM = 260  # ' for' and a card's name cut shorter than this say nothing: the line goes without them
SMALL_TEXT = 26  # the era and move number: not what a player looks for first
ERA_BLOCK = 250  # their room at the right of the turn line
TURN_FILL, BAND_FILL = YELLOW, NAVY  # the player to act is yellow here as on their company board
STEP_WORDS = {  # what the player to act is deciding, short enough for the header's large text
    "choose_card": "choose a card to throw for",
    "exchange": "exchange dice before the throw?",
    "bonus_chip": "use a bonus chip?",
    "additional_go": "pay 3 chips for another go?",
}

class HeaderLine(NamedTuple):
    """One line of the band: runs of text at one size, and the throw's verdict as a tag at its end."""

    runs: tuple[Run, ...]
    size: int
    verdict: str = ""  # a key of VERDICT, or "" for none

    @property
    def text(self) -> str:
        words = "".join(text for text, _ in self.runs)
        return f"{words} {VERDICT[self.verdict][0]}" if self.verdict else words


Candidate = tuple[list[Run], int | None]  # runs, and which run may be ellipsized to fit (None: none)


def header_lines(table: Table, width: int) -> list[HeaderLine]:
    """The band's four lines for a band `width` px wide: the turn, the news on one or two lines (under a short
    one, the last throw), the VP."""
    room = width - 2 * PAD
    return [turn_line(table, room - ERA_BLOCK), *news_lines(table, room), score_line(table, room)]


def news_lines(table: Table, room: int) -> list[HeaderLine]:
    """The headline (the biggest news since the player to act last played), bold, wrapped onto two lines if it
    needs them; a headline of one line has the last throw under it, with that throw's own verdict tag."""
    lines, size = wrap_fit(table.news, room, NEWS_LINES, LINE_SIZES, bold=True)
    found = [HeaderLine(((line, True),), size) for line in whole_words(table.news, lines)]
    return found if len(found) >= NEWS_LINES else [*found, throw_line(table, room)]


def whole_words(text: str, lines: list[str]) -> list[str]:
    """Wrapped lines whose ellipsized end is cut back to a word boundary: never 'compensation c…'."""
    if not lines or not lines[-1].endswith(ELLIPSIS):
        return lines
    shown = " ".join(line for line in lines[:-1])
    last = lines[-1].removesuffix(ELLIPSIS).rstrip()
    told = " ".join(text.split())
    seen = f"{shown} {last}" if shown else last
    if told.startswith(seen) and told[len(seen):len(seen) + 1] not in ("", " ") and " " in last:
        last = last.rsplit(" ", 1)[0]  # the cut fell inside a word (or a name): end before that word
    return [*lines[:-1], last.rstrip(" ,;:·") + ELLIPSIS]


def turn_line(table: Table, room: int) -> HeaderLine:
    """'▶ Germany: use a bonus chip?'; once over, who won (or, when the headline names the winner, that it is over)."""
    outcome, current, names = table.outcome, table.current, table.names
    if outcome and table.headline and outcome.reason == "finished":
        # The headline says who won and with what: the turn's line only closes the game (and why, on a tie).
        return fit_line([([("Game over: tied on VP, airships built decide" if tie_broken(outcome) else "Game over",
                            True)], None)], room, TURN_SIZES)
    if outcome:
        winners = " & ".join(names[s] for s in outcome.winners if s < len(names))
        if outcome.reason != "finished" or not winners:
            ended = "Game abandoned" if outcome.reason == "abandoned" else "Game over"
            return fit_line([([(ended, True)], None)], room, TURN_SIZES)
        verb = "win" if " & " in winners else "wins"
        runs = [("Game over: ", True), (winners, True), (f" {verb}", True)]
        if tie_broken(outcome):
            return fit_line([(runs[:2] + [(f" {verb} on airships built", True)], None), (runs, 1)], room, TURN_SIZES)
        return fit_line([(runs, 1)], room, TURN_SIZES)
    if current is None or current >= len(names):
        return HeaderLine((), TURN_SIZES[0])
    name = short_name(names[current], True)
    step = table.step
    words = STEP_WORDS.get(step, step)
    candidates: list[Candidate] = []
    chosen = table.chosen
    if step == "exchange" and chosen is not None:  # the card is said here: no throw shows it yet
        candidates.append(([("▶ ", True), (name, True), (f": exchange dice for {card_words(chosen, detail=False)}?", True)], None))
    candidates.append(([("▶ ", True), (name, True), (f": {words}", True)], 1))
    return fit_line(candidates, room, TURN_SIZES)


def throw_line(table: Table, room: int) -> HeaderLine:
    """'Last throw: Germany 6 vs 7 for LZ 10 Schwaben' and its verdict; the card's name gives way first."""
    throw, names = table.last_throw, table.names
    if throw is None:
        return HeaderLine((("No throw yet", False),), LINE_SIZES[-1])
    seat = throw.seat
    name = names[seat] if seat is not None and seat < len(names) else "?"
    kind = verdict(throw, table.pending)
    room -= verdict_width(kind, LINE_SIZES[-1])

    def start(who: str) -> list[Run]:
        return [("Last throw: ", False), (who, True), (f" {throw.total} vs {throw.target}", False)]

    card = [(f" for {card_words(throw.card, detail=False)}", False)]
    shorter = ellipsize(name, HEADER_MIN_TEXT, SHORT_NAME_ROOM, True)
    candidates: list[Candidate] = [(start(short_name(name, True)) + card, None), (start(shorter) + card, 3),
                                   (start(shorter), 1)]
    return fit_line(candidates, room, LINE_SIZES, MIN_CARD_ROOM)._replace(verdict=kind)


def score_line(table: Table, room: int) -> HeaderLine:
    """'VP: Germany 6 · USA 3 · Italy 3', ranked as every surface ranks scores (engine.words.score_order); names
    are cut to a common length when they do not all fit."""
    names = table.names
    label = "Final VP: " if table.outcome else "VP: "
    vps = [c.vp for c in table.companies]
    if table.outcome and len(table.outcome.scores) == len(vps):
        vps = list(table.outcome.scores)

    def runs(cut: int | None) -> list[Run]:
        found: list[Run] = [(label, False)]
        for index, seat in enumerate(ranked_seats(vps)):
            name, vp = names[seat] if seat < len(names) else "?", vps[seat]
            name = ellipsize(name, HEADER_MIN_TEXT, cut) if cut else name
            found += [("  ·  ", False)] if index else []
            found += [(name, False), (f" {vp}", True)]
        return found

    line = fit_line([(runs(None), None)], room, LINE_SIZES, squeeze=False)
    cut = NAME_ROOM
    while runs_width(line.runs, line.size) > room and cut > 40:  # shorten every long name alike
        line = HeaderLine(tuple(runs(cut)), LINE_SIZES[-1])
        cut -= 20
    return line


def tie_broken(outcome: Outcome) -> bool:
    """Whether a loser has as many VP as the winners, so airships built decided."""
    scores, winners = outcome.scores, set(outcome.winners)
    best = {scores[s] for s in winners if s < len(scores)}
    return any(score in best for seat, score in enumerate(scores) if seat not in winners)


def short_name(name: str, bold: bool) -> str:
    return ellipsize(name, HEADER_MIN_TEXT, NAME_ROOM, bold)


def verdict_width(kind: str, size: int) -> int:
    """The verdict tag and the gap before it."""
    return text_width(VERDICT[kind][0], size, True) + 24 + 16 if kind else 0


def fit_line(candidates: list[Candidate], room: int, sizes: tuple[int, ...], min_keep: int = 0,
             squeeze: bool = True) -> HeaderLine:
    """The first candidate, in order, that fits at one of `sizes` (biggest first) or, at the smallest size,
    with its squeezable run ellipsized to no less than `min_keep` px; else the last one squeezed regardless."""
    size = sizes[-1]
    for index, (runs, cut) in enumerate(candidates):
        for fitting in sizes:
            if runs_width(runs, fitting) <= room:
                return HeaderLine(tuple(runs), fitting)
        if cut is None or not squeeze:
            continue
        left = room - runs_width([run for i, run in enumerate(runs) if i != cut], size)
        if left >= min_keep or index == len(candidates) - 1:
            text, bold = runs[cut]
            squeezed = [*runs[:cut], (ellipsize(text, size, max(left, 0), bold), bold), *runs[cut + 1:]]
            return HeaderLine(tuple(squeezed), size)
    return HeaderLine(tuple(candidates[-1][0]), size)


# -- drawing: each line cached apart, as a move usually changes one of them --------------------------
def header_band(table: Table, width: int) -> Image.Image:
    """The band, pasted together from its cached lines."""
    lines = header_lines(table, width)
    band = _empty_band(width).copy()
    band.paste(_line_image(lines[0], width - ERA_BLOCK, TURN_HEIGHT, TURN_FILL), (0, 0))
    band.paste(_era_block(table.era, table.version), (width - ERA_BLOCK, 0))
    for row, line in enumerate(lines[1:]):
        band.paste(_line_image(line, width, LINE_PITCH, BAND_FILL), (0, line_top(row + 1)))
    return band


def line_top(row: int) -> int:
    """Where line `row` (0: the turn) begins in the band."""
    return 0 if row == 0 else TURN_HEIGHT + (row - 1) * LINE_PITCH


@cached(maxsize=2)
def _empty_band(width: int) -> Image.Image:
    return PALETTE.convert(PALETTE.pen((width, HEADER_HEIGHT), BAND_FILL).image)


@cached(maxsize=64)
def _line_image(line: HeaderLine, width: int, height: int, fill: RGB) -> Image.Image:
    pen = PALETTE.pen((width, height), fill)
    ink = ink_on(fill)
    middle = height // 2
    x = PAD
    for text, bold in line.runs:
        pen.text((x, middle), text, line.size, bold, ink)
        x += text_width(text, line.size, bold)
    if line.verdict:
        words, tag_fill = VERDICT[line.verdict]
        box = (x + 16, middle - line.size // 2 - 6, x + 16 + text_width(words, line.size, True) + 24, middle + line.size // 2 + 6)
        pen.draw.rounded_rectangle(box, radius=8, fill=tag_fill)
        pen.centered(box, words, line.size, True, ink_on(tag_fill))
    return PALETTE.convert(pen.image)


@cached(maxsize=8)
def _era_block(era: int, version: int) -> Image.Image:
    """The era, and the move number to spot a stale image."""
    pen = PALETTE.pen((ERA_BLOCK, TURN_HEIGHT), TURN_FILL)
    middle = TURN_HEIGHT // 2
    era_box = (0, middle - 18, 96, middle + 18)
    pen.draw.rounded_rectangle(era_box, radius=6, fill=NAVY)
    pen.centered(era_box, f"ERA {era}", SMALL_TEXT, True, WHITE)
    move = ellipsize(f"move {version}", SMALL_TEXT, ERA_BLOCK - 110 - PAD)
    pen.text((ERA_BLOCK - PAD, middle), move, SMALL_TEXT, False, INK, anchor="rm")
    return PALETTE.convert(pen.image)

