"""Pure builders of a game's turn messages: one message per turn, its prompt and buttons, its record, the final scores."""

from __future__ import annotations

from dataclasses import replace

import discord

from cogs.base.components import ID, VERSION, button, select, view_of
from cogs.base.words import (
    BUTTON_LABEL_MAX,
    COLOUR,
    CONTENT_MAX,
    EMBED_DESCRIPTION_MAX,
    EMBED_TITLE_MAX,
    SELECT_LABEL_MAX,
    STALE_PROMPT,
    STATUS_WORDS,
    Reply,
    clip,
    clip_words,
    mention,
)
from cogs.web.messages import with_link
from engine.core import Action, Outcome
from engine.platform.turns import WHY, Turn
from engine.services.tables import Opening, Prompt, Standing, Table, scores_words
from engine.words import count, joined

MAX_BUTTON_CHOICES = 5  # "a few": one row of buttons; more become a select menu
SELECT_DESCRIPTION_MAX = 100
BULLET = "• "
# The custom ids of a prompt's controls (registered in cogs.play.moves): the n-th choice of the decision at that
# version, its select menu, and the button that opens a private decision's choices.
CHOICE_SHAPE = rf"(?P<game>{ID}):v(?P<version>{VERSION}):(?P<n>[0-9]{{1,2}})"
PICK_SHAPE = rf"(?P<game>{ID}):v(?P<version>{VERSION}):pick"
MINE_SHAPE = rf"(?P<game>{ID}):v(?P<version>{VERSION}):mine"


# -- the prompt: who decides, and their choices --------------------------------------------------


def prompt_text(prompt: Prompt) -> str:
    """The mention line, and for choices shown as buttons what each brings (a select menu shows it itself)."""
    who = joined([mention(m.user_id) for m in prompt.movers])
    text = f"{who}, your turn: {prompt.asks}."
    if prompt.deadline is not None:  # a timestamp: each reader sees their own time, and it never goes stale
        text += f" Deadline <t:{int(prompt.deadline)}:f> (<t:{int(prompt.deadline)}:R>), then the autopilot plays."
    if prompt.private:  # the choices would show what only the mover may see
        return text + " Your choices are secret: press **Choose privately** (or use /move)."
    choices = shared_choices(prompt)
    if not choices:
        return text + " Use /move to see your choices."
    if as_buttons(choices):  # what does not fit on its button is said once, here
        text += "".join(f"\n{BULLET}**{a.label}**: {a.detail}" for a in choices if a.detail and not fits_button(a))
    return text


def fits_button(action: Action) -> bool:
    """Whether a choice's words and what it brings fit on its button together (so it is not listed twice)."""
    label = action.label or action.key
    return len(f"{label} · {action.detail}" if action.detail else label) <= BUTTON_LABEL_MAX


def button_label(action: Action) -> str:
    """A button's words: the choice and what it brings when both fit (else the prompt's text lists the rest)."""
    label = action.label or action.key
    together = f"{label} · {action.detail}" if action.detail else label
    return together if len(together) <= BUTTON_LABEL_MAX else clip_words(label, BUTTON_LABEL_MAX)


def as_buttons(choices: tuple[Action, ...]) -> bool:
    return len(choices) <= MAX_BUTTON_CHOICES


def waiting_text(prompt: Prompt) -> str:
    """Whose turn it is, by name: words for anyone, pinging nobody."""
    return f"Waiting for {joined([m.name for m in prompt.movers])} to {prompt.asks}."


def shared_choices(prompt: Prompt) -> tuple[Action, ...] | None:
    """The choices every mover shares (one set of controls serves all), else None."""
    first = prompt.movers[0].choices
    return first if all(m.choices == first for m in prompt.movers) else None


def prompt_view(prompt: Prompt) -> discord.ui.View | None:
    """A few choices as buttons; more as a select menu whose options say what each choice brings; a private
    decision's one button, which opens its choices to the mover alone."""
    ids = f"g:{prompt.game_id}:v{prompt.version}"
    if prompt.private:
        return view_of(button(f"{ids}:mine", "Choose privately", discord.ButtonStyle.primary))
    choices = shared_choices(prompt)
    if not choices:
        return None
    if as_buttons(choices):
        return view_of(*(
            button(f"{ids}:{n}", button_label(action),
                   discord.ButtonStyle.secondary if action.minor else discord.ButtonStyle.primary)
            for n, action in enumerate(choices)
        ))
    options = [
        discord.SelectOption(
            label=clip_words(a.label or a.key, SELECT_LABEL_MAX),
            value=str(n),
            description=clip_words(a.detail, SELECT_DESCRIPTION_MAX) or None,
        )
        for n, a in enumerate(choices[:25])
    ]
    return view_of(select(f"{ids}:pick", options, placeholder=clip(prompt.asks.capitalize(), 150)))


def prompt_reply(table: Table, prompt: Prompt, note: str = "") -> Reply:
    """A fresh prompt on its own, e.g. after a stale click; it pings nobody."""
    text = f"{table.display_name}: {note}\n{prompt_text(prompt)}" if note else f"{table.display_name}: {prompt_text(prompt)}"
    return Reply(content=clip(text, CONTENT_MAX), view=prompt_view(prompt))


# -- the turn message ----------------------------------------------------------------------------


def movers_names(table: Table, turn: Turn) -> str:
    return joined([table.at_seat(seat).name for seat in turn.movers])


def scores_line(standings: tuple[Standing, ...]) -> str:
    """'Scores: ann 12 VP · bob 9 VP', highest first: the standing in words, for a reader without the image."""
    words = scores_words(standings)
    return f"Scores: {words}" if words else ""


def turn_text(table: Table, turn: Turn, prompt: Prompt | None, *, intro: str = "",
              standings: tuple[Standing, ...] = ()) -> str:
    """The turn's words: while it is played, what happened since and this turn so far, then the prompt;
    once it is over, the turn's full account alone (the message stays as the turn's record). The scores'
    line comes right under the title: it is the one fact every reader wants."""
    head = [intro or f"**{table.display_name} · {movers_names(table, turn)}'s turn**"]
    scores = scores_line(standings)
    title_lines = [head[0], scores] if scores else [head[0]]
    if prompt is not None and turn.since:
        head.append("*Since your last turn:*" if not intro else "*To begin:*")
        if turn.since_dropped:
            are = "is" if turn.since_dropped == 1 else "are"
            head.append(f"{BULLET}… {count(turn.since_dropped, 'earlier event')} {are} in /log")
        head += [BULLET + line for line in turn.since]
    if turn.automatic:  # the AI players' moves have no message of their own: this one keeps them
        head.append("*The AI players' moves:*")
        head += [BULLET + line for line in turn.automatic]
    if turn.account:
        if prompt is not None or turn.automatic:
            head.append("*This turn:*")
        head += [BULLET + line for line in turn.account]
    body = head[1:]
    tail = [prompt_text(prompt)] if prompt is not None else []
    while body and len("\n".join([*title_lines, *body, *tail])) > CONTENT_MAX:
        # The AI seats' reasons go first (/log keeps them), then the oldest event; the title, the scores, the
        # section labels and the prompt matter most.
        reason = next((n for n, line in enumerate(body) if line.startswith(BULLET + WHY)), None)
        body.pop(reason if reason is not None else next((n for n, line in enumerate(body) if line.startswith(BULLET)), 0))
    return clip("\n".join([*title_lines, *body, *tail]), CONTENT_MAX)


def turn_reply(table: Table, turn: Turn, prompt: Prompt | None, image: bytes | None, *, ping: tuple[int, ...] = (),
               intro: str = "", standings: tuple[Standing, ...] = ()) -> Reply:
    """The turn's message: live with its prompt and buttons, or, once the turn is over, its record."""
    pinged = ping if prompt is not None else ()  # the new turn's players who want a ping in the thread now
    view = prompt_view(prompt) if prompt is not None else None
    text = turn_text(table, turn, prompt, intro=intro, standings=standings)
    return Reply(content=text, view=view, image=image, ping=pinged)


def opening_reply(opening: Opening) -> Reply:
    """The first turn's message, which also says who plays which seat."""
    table = opening.table
    seated = sorted((p for p in table.players if p.seat is not None), key=lambda p: p.seat or 0)
    if all(nation.startswith("Seat ") for nation in opening.nations):  # a game whose seats have no names of their own
        seats = "In seat order: " + ", ".join(p.name for p in seated)
    else:
        seats = ", ".join(f"{p.name} plays {opening.nations[p.seat or 0]}" for p in seated)
    intro = f"**{table.display_name} begins!** {seats}."
    if opening.turn is None or opening.prompt is None:
        return Reply(content=clip(intro, CONTENT_MAX), image=opening.image)
    return turn_reply(table, opening.turn, opening.prompt, opening.image, ping=opening.alerts.thread, intro=intro,
                      standings=opening.standings)


def final_embed(table: Table, outcome: Outcome, standings: tuple[Standing, ...] = ()) -> discord.Embed:
    names = {p.seat: p.name for p in table.players if p.seat is not None}
    lines = []
    place_no = 1
    for group in outcome.ranking:
        for seat in group:
            extra = f" · {outcome.tiebreak_text(seat)}" if outcome.tiebreak else ""
            lines.append(f"{place_no}. **{names.get(seat, f'Seat {seat + 1}')}**: {outcome.score_text(seat)}{extra}")
        place_no += len(group)
    winners = [names.get(s, f"Seat {s + 1}") for s in outcome.winners]
    headline = f"Winner: **{winners[0]}**" if len(winners) == 1 else f"Shared win: **{' and '.join(winners)}**"
    embed = discord.Embed(title=clip(f"Final scores: {table.display_name}", EMBED_TITLE_MAX), colour=COLOUR)
    body = "\n".join([headline, "", *lines])
    if outcome.details:
        body += f"\n\n{outcome.details}"
    if table.row.hints:  # it counts for the ratings all the same: whoever reads the result should know
        body += "\n\nHints were allowed in this game (/hint)."
    if table.pack_name:
        body += f"\n\nPlayed with this server's pack {table.pack_name}."
    embed.description = clip(body, EMBED_DESCRIPTION_MAX)
    embed.set_footer(text=f"Ties are broken by {outcome.tiebreak_words[1]}." if outcome.tiebreak
                     else "Tied players share the place.")
    return embed


def final_reply(table: Table, outcome: Outcome, standings: tuple[Standing, ...], image: bytes | None, *,
                ping: tuple[int, ...] = (), web_url: str | None = None) -> Reply:
    """The game's last message: everyone who played named (those who want a ping pinged, once), the winner,
    the final scores and the final board; the game's web page when the server shows its pages (`web_url`)."""
    people = [mention(p.user_id) for p in table.players if p.seat is not None and not p.ai]
    names = {p.seat: p.name for p in table.players if p.seat is not None}
    winners = joined([names.get(s, f"Seat {s + 1}") for s in outcome.winners])
    verb = "wins" if len(outcome.winners) == 1 else "share the win"
    content = f"{', '.join(people)}: {table.display_name} is over. **{winners}** {verb}." if people else ""
    embed = with_link(final_embed(table, outcome, standings), web_url)
    return Reply(content=clip(content, CONTENT_MAX), embeds=[embed], image=image, ping=ping)


# -- a lost or out-of-date prompt, and /board -----------------------------------------------------


def private_reply(table: Table, prompt: Prompt, user_id: int) -> Reply:
    """A private decision's choices, for its mover alone (sent ephemerally); anyone else hears whose it is."""
    mine = prompt.only(user_id)
    if mine is None:
        return Reply(content=f"This choice is not yours. {waiting_text(prompt)}")
    return prompt_reply(table, replace(mine, private=False), "only you can see these choices")


def panel_reply(table: Table, prompt: Prompt | None, user_id: int, done: str) -> Reply:
    """A private panel after a pick: the player's next private decision at once, with its choices, or what they
    did and whom the game waits for now (no buttons: the panel is finished)."""
    mine = prompt.only(user_id) if prompt is not None else None
    if prompt is not None and mine is not None and prompt.private:
        fresh = prompt_reply(table, replace(mine, private=False), "only you can see these choices")
        return Reply(content=clip(f"Done: {done}.\n{fresh.content}", CONTENT_MAX), view=fresh.view)
    if prompt is None:
        return Reply(content=f"Done: {done}.")
    then = "Your turn goes on in the thread." if mine is not None else waiting_text(prompt)
    return Reply(content=clip(f"Done: {done}. {then}", CONTENT_MAX))


def stale_reply(table: Table, prompt: Prompt | None, user_id: int, reason: str = STALE_PROMPT) -> Reply:
    """A click on an old prompt, answered to the clicker alone: their current choices, or whose turn it is."""
    if prompt is None:
        return Reply(content=f"{reason} {table.display_name} is {STATUS_WORDS[table.status]}.")
    mine = prompt.only(user_id)
    if mine is None:
        return Reply(content=f"{reason} {waiting_text(prompt)}")
    fresh = prompt_reply(table, replace(mine, private=False))  # answered to the clicker alone
    return Reply(content=clip(f"{reason}\n{fresh.content}", CONTENT_MAX), view=fresh.view)


def board_reply(table: Table, image: bytes | None, prompt: Prompt | None = None, turn_url: str = "") -> Reply:
    """The board again with whose turn it is in words; it pings nobody and points at the turn's message."""
    if image is None:
        head = f"{table.display_name}: I couldn't draw the board just now. Try /board again shortly."
    else:
        head = f"{table.display_name}: the board after {table.version} moves."
    if prompt is None:
        return Reply(content=head, image=image)
    if turn_url:
        text = f"{head}\n{waiting_text(prompt)}\nThe turn's message, with its choices: {turn_url}"
        return Reply(content=clip(text, CONTENT_MAX), image=image)
    # The turn's message was never posted (Discord refused it): this one carries the choices instead.
    return Reply(content=clip(f"{head}\n{prompt_text(prompt)}", CONTENT_MAX), view=prompt_view(prompt), image=image)
