"""Turn prompts draw each decision from the game's own words and flags (no game knowledge in the cogs)."""

from __future__ import annotations

import engine
import discord

from cogs.base.words import clip_words
from cogs.play import prompts
from engine.core import Action
from engine.platform.records import GameRow, SeatRow, Status
from engine.platform.turns import Turn, why_line
from engine.view import CommonView
from engine.services.tables import Mover, Prompt, Standing, Table, scores_words, standings_from_view


def test_minor_choices_are_secondary_buttons_and_the_decision_uses_the_games_words() -> None:
    choices = (Action("go", ("again",), "Pay 3 bonus chips for another go"), Action("go", ("end",), "End your turn", minor=True))
    prompt = Prompt(7, 12, "take another go or end your turn", (Mover(0, 42, "ann", choices),))

    view = prompts.prompt_view(prompt)
    assert view is not None
    buttons = [getattr(child, "item", child) for child in view.children]  # DynamicItems wrap their button
    assert all(isinstance(b, discord.ui.Button) for b in buttons)
    assert [(b.label, b.style) for b in buttons] == [
        ("Pay 3 bonus chips for another go", discord.ButtonStyle.primary),
        ("End your turn", discord.ButtonStyle.secondary),
    ]
    assert prompts.prompt_text(prompt) == "<@42>, your turn: take another go or end your turn."


def test_a_select_menu_says_what_each_choice_brings_and_buttons_list_it_in_words() -> None:
    many = tuple(Action("throw", (f"c{i}",), f"Throw for card {i}", detail=f"{10 * i}% · Gives {i} white") for i in range(7))
    prompt = Prompt(7, 12, "choose a card to throw for", (Mover(0, 42, "ann", many),))
    view = prompts.prompt_view(prompt)
    assert view is not None
    [select] = [getattr(child, "item", child) for child in view.children]
    assert [o.description for o in select.options] == [a.detail for a in many]
    few = (*many[:2], Action("throw", ("long",), "Throw for the Graf Zeppelin", detail="x" * 60))
    prompt = Prompt(7, 12, "choose a card to throw for", (Mover(0, 42, "ann", few),))
    # Each choice is said once: on its button with what it brings when both fit, else in a line of its own.
    assert prompts.prompt_text(prompt).splitlines()[1:] == ["• **Throw for the Graf Zeppelin**: " + "x" * 60]
    view = prompts.prompt_view(prompt)
    assert view is not None
    labels = [getattr(child, "item", child).label for child in view.children]
    assert labels == ["Throw for card 0 · 0% · Gives 0 white", "Throw for card 1 · 10% · Gives 1 white",
                      "Throw for the Graf Zeppelin"]


def test_words_cut_to_a_limit_are_cut_at_a_word_never_inside_a_name() -> None:
    assert clip_words("Fly from Rio de Janeiro to Buenos Aires", 30) == "Fly from Rio de Janeiro to…"
    assert clip_words("Gains Tokyo -> New York, Lima", 26) == "Gains Tokyo -> New York…"
    assert clip_words("short", 30) == "short"
    assert len(clip_words("a" * 120, 100)) == 100  # one long word is still cut to the limit


def test_a_private_decision_shows_no_choice_in_the_thread_and_opens_them_to_its_mover_alone() -> None:
    secret = (Action("contract", (12,), "Play contract $3: Seattle + Chicago"), Action("done", (), "Play none", minor=True))
    prompt = Prompt(7, 12, "play a contract or finish", (Mover(0, 42, "ann", secret),), private=True)
    text = prompts.prompt_text(prompt)
    assert "Seattle" not in text and "Choose privately" in text
    view = prompts.prompt_view(prompt)
    assert view is not None
    [button] = [getattr(child, "item", child) for child in view.children]
    assert button.custom_id == "g:7:v12:mine" and button.label == "Choose privately"

    class Named:  # the reply builders read only the game's name from a table
        id, title, display_name = 7, "1930", "1930 #7"

    mine = prompts.private_reply(Named(), prompt, 42)  # type: ignore[arg-type]
    assert mine.view is not None
    labels = [getattr(c, "item", c).label for c in mine.view.children]
    assert labels == ["Play contract $3: Seattle + Chicago", "Play none"]
    other = prompts.private_reply(Named(), prompt, 99)  # type: ignore[arg-type]
    assert other.view is None and "not yours" in (other.content or "") and "Seattle" not in (other.content or "")


def test_a_turn_message_counts_in_the_right_plural_and_carries_the_scores() -> None:
    row = GameRow(3, "airships", 1, 2, 3, 100, {}, 1, Status.ACTIVE, 9, None, "then", "now")
    table = Table(row, (SeatRow(100, "ann", 0), SeatRow(101, "bob", 1)), engine.get_game("airships"))
    standings = (Standing(0, "ann", 4), Standing(1, "bob", 12))
    one_dropped = Turn((0,), 9, tuple(f"event {n}" for n in range(8)), 1, ())
    text = prompts.turn_text(table, one_dropped, None, standings=standings).splitlines()
    assert text[:2] == ["**Airships #3 · ann's turn**", "Scores: bob 12 VP · ann 4 VP"]  # the leader first
    live = prompts.turn_text(table, one_dropped, Prompt(3, 9, "throw", (Mover(0, 100, "ann", ()),)))
    assert "• … 1 earlier event is in /log" in live.splitlines()
    assert "• … 2 earlier events are in /log" in prompts.turn_text(
        table, Turn((0,), 9, ("x",), 2, ()), Prompt(3, 9, "throw", (Mover(0, 100, "ann", ()),)))
    assert prompts.scores_line((Standing(0, "ann", 188, unit="dollars"),)) == "Scores: ann $188"


def test_a_turn_message_too_long_drops_the_ai_seats_reasons_before_any_event() -> None:
    row = GameRow(3, "airships", 1, 2, 3, 100, {}, 1, Status.ACTIVE, 9, None, "then", "now")
    table = Table(row, (SeatRow(100, "ann", 0), SeatRow(1, "Contrail AI 1 (strong)", 1, ai=True)), engine.get_game("airships"))
    reason = why_line("Contrail AI 1 (strong)", "Throw for the airship LZ 4 — " + "odds " * 40 + ". It leaves a 54% chance to win.")
    moves = tuple(line for n in range(12) for line in (f"Contrail AI 1 (strong) does thing {n}.", reason))
    turn = Turn((0,), 9, (), 0, (), automatic=moves)
    text = prompts.turn_text(table, turn, Prompt(3, 9, "throw", (Mover(0, 100, "ann", ()),)))
    assert len(text) <= 2000
    assert all(f"does thing {n}." in text for n in range(12))  # every event kept
    assert 0 < text.count("↳ Why") < 12  # the newest reasons kept as room allows


def test_the_standings_are_ranked_once_for_every_surface() -> None:
    """The turn message, /game status, the web page and its board's words all take the standings in this order."""
    row = GameRow(3, "1930", 1, 2, 3, 100, {}, 1, Status.ACTIVE, 9, None, "then", "now")
    seats = (SeatRow(100, "ann", 0), SeatRow(101, "bob", 1), SeatRow(102, "cy", 2), SeatRow(103, "dee", 3))
    table = Table(row, seats, engine.get_game("1930"))
    view = CommonView(events=(), seat_names=("a", "b", "c", "d"), decision="x", points=(28, 40, 37, 40), points_unit="$")
    standings = standings_from_view(table, view)
    assert [s.name for s in standings] == ["bob", "dee", "cy", "ann"]  # the richest first, a tie in seat order
    assert scores_words(reversed(standings)) == "bob $40 · dee $40 · cy $37 · ann $28"
