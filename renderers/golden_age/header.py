"""1930 header band: whose decision it is, the turn and phase, what just happened, everyone's worth, in text a phone reads."""

from __future__ import annotations

from PIL import Image

from engine.words import ranked_seats
from renderers.common import INK, RGB, WHITE, YELLOW, Pen, ellipsize, text_width, wrap_fit
from renderers.memo import cached
from renderers.header_lines import HeaderLine, Run, fit, runs_width
from renderers.golden_age.pieces import NAVY, PALETTE, draw_disc, money
from renderers.golden_age.table import Disc, Table, name_of

# Discord shows the board about 360 px wide on a phone: the facts a player looks for first (whose turn, what
# just happened, the worth) are drawn at least 1/36 of the board's width tall (45 px at 1600), about 10 px there.
HEADER_MIN_TEXT = 45
TURN_SIZES = (52, 50, 48, HEADER_MIN_TEXT)
TURN_HEIGHT = 76
STATUS_HEIGHT = 46
STATUS_SIZE = 32  # the turn and phase: they change slowly and the prompt says them too
LINE_PITCH = 58
PAD = 16
PREVIOUS_SIZE = 36  # the event before the newest: context, not what a player looks for first
TAG_SIZE = 36
TAG_DISC = 42
NAME_ROOM = 440  # a name at most this wide in the turn line, so the decision after it stays
PHASE_WORDS = {
    "first stock round": "First stock round",
    "stock round": "Stock round",
    "purchase actions": "End of turn: CEOs may buy an action",
    "contracts": "End of turn: contracts",
    "over": "Game over",
}
OPERATING_ROUNDS = 7  # the Stock Tokens Used spaces of a player board



def worth_rows(players: int) -> int:
    """Up to three players' worth on one line; more on two, so no name is cut to a stub on a phone."""
    return 1 if players <= 3 else 2


def header_height(players: int) -> int:
    return TURN_HEIGHT + STATUS_HEIGHT + (2 + worth_rows(players)) * LINE_PITCH + 10


def header_lines(table: Table, width: int) -> list[HeaderLine]:
    """The turn line, the status, two lines of what just happened and the worth line(s); for a band `width` wide."""
    room = width - 2 * PAD
    return [turn_line(table, room), status_line(table, room), *event_lines(table, room),
            *worth_lines(table, room)]


def turn_line(table: Table, room: int) -> HeaderLine:
    """'▶ Alice: use a stock token'; once over, the headline (who won with what), else who won with what worth."""
    if table.over and table.headline:
        return fit([("Game over: ", True), (table.headline.rstrip("."), True)], room, TURN_SIZES, squeeze=1)
    if table.over:
        winners = [s for s in table.winners if 0 <= s < len(table.seats)]
        if not winners:
            return fit([("Game over", True)], room, TURN_SIZES)
        who = " & ".join(table.names[s] for s in winners)
        verb = " win" if len(winners) > 1 else " wins"
        worth = f" with {money(table.seats[winners[0]].worth)}"
        return fit([("Game over: ", True), (who, True), (verb + worth, True)], room, TURN_SIZES, squeeze=1)
    if table.current is None:
        return HeaderLine(((table.decision, True),) if table.decision else (), TURN_SIZES[0])
    decision = f": {table.decision}" if table.decision else ""
    left = room - runs_width([("▶ ", True), (decision, True)], HEADER_MIN_TEXT)
    # The name takes what the whole decision leaves; where that is little, up to NAME_ROOM, and the decision gives way.
    who = ellipsize(name_of(table.names, table.current), HEADER_MIN_TEXT, max(left, NAME_ROOM), True)
    return fit([("▶ ", True), (who, True), (decision, True)], room, TURN_SIZES, squeeze=2)


def status_line(table: Table, room: int) -> HeaderLine:
    """'Turn 2 of 6 · Operating round 3 of up to 7 · First player: Ann'."""
    parts = [f"Turn {table.turn} of {table.turns}"] if table.turn else []
    if table.phase == "operation phase":
        rounds = f"Operating round {table.operating_round}" if table.operating_round else "Operations"
        parts.append(f"{rounds} of up to {OPERATING_ROUNDS}" if table.operating_round else rounds)
    elif table.phase:
        parts.append(PHASE_WORDS.get(table.phase, table.phase.capitalize()))
    if table.first_player is not None and not table.over:
        parts.append(f"First player: {name_of(table.names, table.first_player)}")
    return HeaderLine(((ellipsize("  ·  ".join(parts), STATUS_SIZE, room, True), True),), STATUS_SIZE, YELLOW)


def last_tag(table: Table) -> tuple[Disc, str] | None:
    """The airline just acting and its action, 'Green · expand', for the tag before the newest event."""
    if table.last is None:
        return None
    piece, name, action = table.last
    return piece, f"{name} · {action}" if action else name


def news(table: Table) -> tuple[str, str]:
    """The header's main news, never empty: the headline (the biggest news since the deciding player's last turn),
    else the newest event, else that the game begins; and under it the newest other event (or none)."""
    events = [event for event in table.events if event]
    if table.over and table.headline:  # the turn line says who won: the news lines tell how the game ended
        events = events or ["The final flight is flown"]
        return events[-1], events[-2] if len(events) > 1 else ""
    main = table.headline or (events[-1] if events else "") or quiet_news(table)
    others = [event for event in events if event != main]
    return main, others[-1] if others else ""


def quiet_news(table: Table) -> str:
    """The news of a view with no events: the game's beginning, or the last action the board highlights."""
    if table.phase == "first stock round" and table.turn <= 1:
        return "The game begins: each player founds an airline"
    if (tag := last_tag(table)) is not None:
        return f"Last action: {tag[1]}"
    return "The game goes on" if not table.over else "The game is over"


def shown_tag(table: Table) -> tuple[Disc, str] | None:
    """The last action's tag, only beside news that is that action's own: never a stale one, never at the end."""
    tag, main = last_tag(table), news(table)[0]
    if tag is None or table.over or table.last is None or main not in table.own:
        return None
    return tag


def tag_width(tag: tuple[Disc, str] | None) -> int:
    if tag is None:
        return 0
    return TAG_DISC + 8 + text_width(tag[1], TAG_SIZE, True) + 24 + 16


def event_lines(table: Table, room: int) -> list[HeaderLine]:
    """The main news on two lines if it needs them (after the last action's tag, if it is its own); else under it
    the newest other event."""
    main, under = news(table)
    lines, size = wrap_fit(main, room, 2, (HEADER_MIN_TEXT,), bold=True, widths=(room - tag_width(shown_tag(table)),))
    found = [HeaderLine(((line, True),), size, WHITE) for line in lines] or [HeaderLine((), HEADER_MIN_TEXT, WHITE)]
    if len(found) == 1:
        found.append(HeaderLine(((ellipsize(under, PREVIOUS_SIZE, room), False),), PREVIOUS_SIZE, WHITE))
    return found[:2]


def worth_lines(table: Table, room: int) -> list[HeaderLine]:
    """'Worth: Alice $35 · Bob $35', the richest first (equal worths in seat order), as every surface ranks the
    scores (engine.words.score_order); long names are cut to a common length where they do not all fit."""
    rows = worth_rows(len(table.seats))
    label = "Final worth: " if table.over else "Worth: "
    seats = tuple(table.seats[index] for index in ranked_seats([seat.worth for seat in table.seats]))
    per_row = -(-len(seats) // rows) if seats else 0
    groups = [seats[i:i + per_row] for i in range(0, len(seats), per_row)] if per_row else [()]
    groups += [()] * (rows - len(groups))
    lines = []
    for row, group in enumerate(groups):
        lead = label if row == 0 else ""
        cut: int | None = None
        while True:
            runs: list[Run] = [(lead, False)] if lead else []
            for index, seat in enumerate(group):
                runs += [("  ·  ", False)] if index else []
                shown = ellipsize(seat.name, HEADER_MIN_TEXT, cut) if cut else seat.name
                runs += [(shown, False), (f" {money(seat.worth)}", True)]
            line = fit(runs, room, (HEADER_MIN_TEXT,), ink=WHITE)
            if runs_width(line.runs, line.size) <= room or (cut is not None and cut <= 60):
                break
            cut = NAME_ROOM if cut is None else cut - 20
        lines.append(line)
    return lines


# -- drawing: each line cached apart, as a move usually changes one or two of them ----------------------
def header_band(table: Table, width: int) -> Image.Image:
    lines = header_lines(table, width)
    band = _empty_band(width, len(table.seats)).copy()
    band.paste(_line_image(lines[0], width, TURN_HEIGHT, YELLOW, None), (0, 0))
    band.paste(_line_image(lines[1], width, STATUS_HEIGHT, NAVY, None), (0, TURN_HEIGHT))
    top = TURN_HEIGHT + STATUS_HEIGHT
    for row, line in enumerate(lines[2:]):
        band.paste(_line_image(line, width, LINE_PITCH, NAVY, shown_tag(table) if row == 0 else None),
                   (0, top + row * LINE_PITCH))
    return band


@cached(maxsize=4)
def _empty_band(width: int, players: int) -> Image.Image:
    return PALETTE.convert(PALETTE.pen((width, header_height(players)), NAVY).image)


@cached(maxsize=64)
def _line_image(line: HeaderLine, width: int, height: int, fill: RGB, tag: tuple[Disc, str] | None) -> Image.Image:
    """A line of the band; `tag`: the last action's disc and words on a yellow tag before the words."""
    pen = PALETTE.pen((width, height), fill)
    x = PAD
    if tag is not None:
        x = draw_last_tag(pen, x, height // 2, tag) + 16
    for text, bold in line.runs:
        pen.text((x, height // 2), text, line.size, bold, line.ink)
        x += text_width(text, line.size, bold)
    return PALETTE.convert(pen.image)


def draw_last_tag(pen: Pen, x: int, middle: int, tag: tuple[Disc, str]) -> int:
    """The airline's lettered disc and 'Green · expand' on yellow, framed: the move the board now shows."""
    piece, words = tag
    box = (x, middle - 25, x + tag_width(tag) - 16, middle + 25)
    pen.draw.rounded_rectangle(box, radius=10, fill=YELLOW, outline=WHITE, width=2)
    draw_disc(pen, x + 5, middle - TAG_DISC // 2, piece, TAG_DISC)
    pen.text((x + 5 + TAG_DISC + 8, middle), words, TAG_SIZE, True, INK)
    return box[2]
