"""Air Alliance header band: whose turn and which phase, what just happened, everyone's miles, in text a phone reads."""

from __future__ import annotations

from renderers.memo import cached

from PIL import Image

from engine.words import count, ranked_seats
from renderers.air_alliance.pieces import NAVY, PALETTE, miles, tag_width
from renderers.air_alliance.table import Table
from renderers.common import ELLIPSIS, RGB, VERMILLION, WHITE, YELLOW, ellipsize, ink_on, text_width, wrap_fit
from renderers.header_lines import HeaderLine, Run, fit, runs_width

# Discord shows the board about 360 px wide on a phone: the header's facts are drawn at least 1/36 of the
# board's width tall (45 px at 1600), so their letters stay about 10 px there.
HEADER_MIN_TEXT = 45
TURN_SIZES = (52, 50, 48, HEADER_MIN_TEXT)
TURN_HEIGHT = 76
LINE_PITCH = 58
PAD = 16
HEADER_HEIGHT = TURN_HEIGHT + 3 * LINE_PITCH + 10
PREVIOUS_SIZE = 36  # the event before the newest: context, not what a player looks for first
TAG_SIZE = 34
NAME_ROOM = 440  # a name at most this wide in the turn line, so the decision after it stays
MIN_NAME_ROOM = 150  # and at least this wide: 'Maxim…' still tells the players apart
PHASE_WORDS = {  # the rulebook's phases, numbered as the flow chart numbers them
    "alliance": "Phase 0 · alliance",
    "markers": "Phase 1 · markers",
    "lost_baggage": "Phase 2 · lost baggage",
    "flight_control": "Phase 3 · flight control",
    "refresh": "Turn start · refresh",
    "first_turn": "First turn",
    "waiting": "Waiting for cancellation",
}
PHASE_SHORT = {"alliance": "Phase 0", "markers": "Phase 1", "lost_baggage": "Phase 2", "flight_control": "Phase 3",
               "refresh": "Refresh", "waiting": "Waiting"}



def header_lines(table: Table, width: int) -> list[HeaderLine]:
    """The turn line, two lines of what just happened, the miles; for a band `width` px wide."""
    room = width - 2 * PAD
    tags = header_tags(table, room)
    return [turn_line(table, room - tags_width(tags)), *event_lines(table, room), miles_line(table, room)]


def header_tags(table: Table, room: int) -> tuple[tuple[str, RGB], ...]:
    """The phase, and the turn's special standing (last round, extra turn), as tags at the right of the turn line:
    in full words when the turn's words still fit beside them, else shorter, else the phase alone, else none."""
    if table.over:
        return ()
    standing = (("last round", table.last_round), ("extra turn", table.extra_turn))
    flags = [(words, VERMILLION) for words, on in standing if on]
    phase = [(words, NAVY) for words in (PHASE_WORDS.get(table.phase, table.phase.replace("_", " ")),) if words]
    short = [(words, NAVY) for words in (PHASE_SHORT.get(table.phase, ""),) if words] or phase
    # The full phase only beside names kept whole (up to NAME_ROOM); shorter tags leave the names more room.
    # Last, no tag at all: the decision's own words then say the phase ("reserve a cancelled card or keep waiting").
    candidates = [((*flags, *phase), NAME_ROOM), ((*flags, *short), MIN_NAME_ROOM), (tuple(short), MIN_NAME_ROOM),
                  ((), MIN_NAME_ROOM)]
    for tags, least in candidates:
        line = turn_line(table, room - tags_width(tags), least)
        if not line.runs or not line.runs[-1][0].endswith(ELLIPSIS):  # the decision is whole
            return tags
    return candidates[-1][0]


def tags_width(tags: tuple[tuple[str, RGB], ...]) -> int:
    return sum(tag_width(words, TAG_SIZE) + 12 for words, _ in tags)


def turn_line(table: Table, room: int, least: int = MIN_NAME_ROOM) -> HeaderLine:
    """'▶ Alice: place a marker'; once over, who won. Names give way to the decision down to `least` px each."""
    names = table.names
    if table.over:
        winners = " & ".join(names[s] for s in table.winners or () if s < len(names))
        if not winners:
            return fit([("Game over", True)], room, TURN_SIZES)
        return fit([("Game over: ", True), (winners, True), (" win" if " & " in winners else " wins", True)],
                   room, TURN_SIZES, squeeze=1)
    acting = table.to_act or ((table.current,) if table.current is not None else ())
    seats = [s for s in acting if 0 <= s < len(names)]
    if not seats:
        return HeaderLine((), TURN_SIZES[0])
    decision = table.decision or PHASE_WORDS.get(table.phase, "")
    words = f": {decision}" if decision else ""
    # Several players act at once while waiting for a cancellation: each name gets its share.
    left = room - runs_width([("▶ ", True), (words, True), (", " * (len(seats) - 1), True)], HEADER_MIN_TEXT)
    each = max(min(least, NAME_ROOM // len(seats)), min(NAME_ROOM, left // len(seats)))
    who = ", ".join(ellipsize(names[s], HEADER_MIN_TEXT, each, True) for s in seats)
    return fit([("▶ ", True), (who, True), (words, True)], room, TURN_SIZES, squeeze=2)


def event_lines(table: Table, room: int) -> list[HeaderLine]:
    """The news, on two lines if it needs them: the headline (the turn's biggest news, or the winner), else the
    newest event. Under a one-line headline, this turn's flights or the deck (the game's clock: it ends a round
    after the deck runs out); under a newest event, the event before it."""
    news = news_words(table)
    lines, size = wrap_fit(news[-1], room, 2, (HEADER_MIN_TEXT,), bold=True)
    found = [HeaderLine(((line, True),), size, WHITE) for line in lines]
    if len(found) == 1:
        # Once over, the last turn's flights are old news: the game's end is said instead.
        later = ["The last round is over: the game ends"] if table.over else [flights_words(table), deck_words(table)]
        candidates = [*news[:-1], *later]
        under = next((words for words in candidates if words and words != news[-1]), "")
        found.append(HeaderLine(((ellipsize(under, PREVIOUS_SIZE, room), False),), PREVIOUS_SIZE, WHITE))
    return found


def news_words(table: Table) -> list[str]:
    """What the header leads with, last: never nothing, so the header is never empty."""
    if table.headline:
        return [table.headline]
    if table.events:
        return [*table.events[-2:]]
    if table.version == 0:
        return ["The game begins"]
    return [flights_words(table) or deck_words(table)]


def deck_words(table: Table) -> str:
    return f"{count(table.deck, 'card')} in the deck · {table.discards} discarded"


def flights_words(table: Table) -> str:
    """'Flights this turn: black M5 → A1, red U2 → E3', or '' before the first."""
    if not table.flights:
        return ""
    return "Flights this turn: " + ", ".join(f"{f.colour} {f.origin} → {f.destination}" for f in table.flights)


def miles_line(table: Table, room: int) -> HeaderLine:
    """'Miles: Bartholomew 41,000 · Alice 26,000', ranked as every surface ranks scores (engine.words.score_order);
    long names are cut to a common length when they do not all fit."""
    label = "Final miles: " if table.over else "Miles: "
    players = [table.players[index] for index in ranked_seats([p.miles for p in table.players])]
    scores = [(table.names[p.seat] if p.seat < len(table.names) else "?", p.miles) for p in players]

    def runs(cut: int | None) -> list[Run]:
        found: list[Run] = [(label, False)]
        for index, (name, amount) in enumerate(scores):
            found += [("  ·  ", False)] if index else []
            found += [(ellipsize(name, HEADER_MIN_TEXT, cut) if cut else name, False), (f" {miles(amount)}", True)]
        return found

    cut: int | None = None
    while True:
        line = fit(runs(cut), room, (HEADER_MIN_TEXT,), ink=WHITE)
        if runs_width(line.runs, line.size) <= room or (cut is not None and cut <= 60):
            return line
        cut = NAME_ROOM if cut is None else cut - 20


# -- drawing: each line cached apart, as a move usually changes one or two of them ----------------------
def header_band(table: Table, width: int) -> Image.Image:
    lines = header_lines(table, width)
    band = _empty_band(width).copy()
    tags = header_tags(table, width - 2 * PAD)
    tags_room = tags_width(tags)
    band.paste(_line_image(lines[0], width - tags_room, TURN_HEIGHT, YELLOW), (0, 0))
    if tags:
        band.paste(_tags_image(tags, tags_room), (width - tags_room, 0))
    for row, line in enumerate(lines[1:]):
        band.paste(_line_image(line, width, LINE_PITCH, NAVY), (0, TURN_HEIGHT + 4 + row * LINE_PITCH))
    return band


@cached(maxsize=2)
def _empty_band(width: int) -> Image.Image:
    return PALETTE.convert(PALETTE.pen((width, HEADER_HEIGHT), NAVY).image)


@cached(maxsize=64)
def _line_image(line: HeaderLine, width: int, height: int, fill: RGB) -> Image.Image:
    pen = PALETTE.pen((width, height), fill)
    ink = line.ink if fill == NAVY else ink_on(fill)
    x = PAD
    for text, bold in line.runs:
        pen.text((x, height // 2), text, line.size, bold, ink)
        x += text_width(text, line.size, bold)
    return PALETTE.convert(pen.image)


@cached(maxsize=16)
def _tags_image(tags: tuple[tuple[str, RGB], ...], width: int) -> Image.Image:
    pen = PALETTE.pen((width, TURN_HEIGHT), YELLOW)
    x = 0
    for words, fill in tags:
        box = (x, TURN_HEIGHT // 2 - 25, x + tag_width(words, TAG_SIZE), TURN_HEIGHT // 2 + 25)
        pen.draw.rounded_rectangle(box, radius=8, fill=fill)
        pen.centered(box, words, TAG_SIZE, True, ink_on(fill))
        x = box[2] + 12
    return PALETTE.convert(pen.image)
