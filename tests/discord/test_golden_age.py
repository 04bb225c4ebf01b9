"""1930 through Discord: whole games by members and against AI seats, one message and one ping per turn, secret
contracts offered privately (and asked of everyone alike), the CEO asked for the dividend, /rules and /hand."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from simtable import (
    since_news,
    Lounge, choices_of, click_removed, custom_ids, ephemeral_text, latest_prompt, pings, prompt_version, public, tiny_png, turns_of,
)
from simcord.actors import _visible_message

from engine.core import Action, replay
from engine.platform.records import Status
from engine.rules.golden_age import GAME
from engine.rules.golden_age.end_of_turn import contract, eligible, playable
from engine.rules.golden_age.state import GoldenAgeState
from tests.stub_drawing import Renderer

CONTRACTS_ASKED = "your turn: play a contract or finish"
NO_MORE = "Play no more contracts this turn"


@pytest.fixture
def drawn() -> list[dict[str, Any]]:
    """The views the boards were drawn from, in order."""
    return []


@pytest.fixture
def render(drawn: list[dict[str, Any]]) -> Renderer:
    def record(slug: str, view: dict[str, Any]) -> bytes:
        drawn.append(view)
        return tiny_png(slug, view)

    return record


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.slow
async def test_a_whole_game_posts_one_message_per_turn_and_pings_once_per_turn(
        lounge: Lounge, players: int, drawn: list[dict[str, Any]]) -> None:
    thread, game_id = await lounge.started_game(players, "1930")

    moves = await lounge.play_by_components(thread, random.Random(3 + players), max_moves=5000)

    table = await lounge.service.reading.table(game_id)
    assert table.status is Status.FINISHED and table.version == moves
    turns = turns_of([a.seat for a in await lounge.store.games.actions(game_id)])
    bodies = lounge.posted(thread)
    assert len(bodies) == len(public(thread)) == 1 + len(turns) + 1  # the lobby, one per turn, the final scores
    everyone = sorted(p.user_id for p in table.players)  # the end is told to every player, once
    assert drawn and all(view.get("headline") for view in since_news(drawn)), "a board without its headline"
    assert [pings(b) for b in bodies[:-1]] == [[], *([table.at_seat(seat).user_id] for seat in turns)]
    assert sorted(pings(bodies[-1])) == everyone
    print(f"{players} players: {moves} decisions, {len(turns)} turns, {len(bodies)} messages")

    [embed] = public(thread)[-1].embeds
    outcome = table.row.outcome
    assert outcome is not None and embed.title == f"Final scores: 1930: The Golden Age of Airlines #{game_id}"
    first = outcome["ranking"][0][0]
    assert f"**{table.at_seat(first).name}**: ${outcome['scores'][first]:,}" in embed.description  # as the board writes money
    assert all(custom_ids(m) == [] for m in public(thread)[1:])  # every turn's record lost its buttons


@pytest.mark.slow
async def test_one_member_plays_a_whole_game_against_two_ai_seats(lounge: Lounge) -> None:
    await lounge.members[0].slash(lounge.channel, "game new", game="1930", ai=2)
    await lounge.alone_against_ai(lounge.thread_of(), max_moves=5000)


async def play_until(lounge: Lounge, thread, asks: str, rng: random.Random, limit: int = 3000):  # type: ignore[no-untyped-def]
    """Play random choices until the current decision asks `asks`; returns that prompt's message."""
    for _ in range(limit):
        prompt = latest_prompt(thread)
        assert prompt is not None, "the game ended first"
        if asks in prompt.content:
            return prompt
        actor = lounge.member(prompt.raw_mentions[0])
        shown = await lounge.private_choices(actor, prompt)
        await lounge.click_choice(actor, shown, rng.choice(choices_of(shown))[1])
    raise AssertionError(f"no decision asked {asks!r}")


async def contract_to_award(lounge: Lounge, thread, rng: random.Random):  # type: ignore[no-untyped-def]
    """Play on until a player is asked for contracts holding one they can award; that prompt's message."""
    while True:
        prompt = await play_until(lounge, thread, "your turn: play a contract", rng)
        mover = lounge.member(prompt.raw_mentions[0])
        shown = await lounge.private_choices(mover, prompt)
        if any(label.startswith("Award") for label, _ in choices_of(shown)):
            return prompt
        await lounge.click_choice(mover, shown, choices_of(shown)[-1][1])  # play no more contracts


@pytest.mark.slow
async def test_contracts_are_offered_to_their_holder_alone(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(3, "1930")
    prompt = await contract_to_award(lounge, thread, random.Random(1))
    mover = lounge.member(prompt.raw_mentions[0])
    assert choices_of(prompt) == [("Choose privately", f"button:g:{game_id}:v{prompt_version(prompt)}:mine")]
    other = next(m for m in lounge.members[:3] if m.id != mover.id)
    refused = await other.click(prompt, custom_id=f"g:{game_id}:v{prompt_version(prompt)}:mine")
    assert "not yours" in ephemeral_text(refused)
    opened = await mover.click(prompt, custom_id=f"g:{game_id}:v{prompt_version(prompt)}:mine")
    [secret] = [m.message for m in opened.followups if m.ephemeral]
    labels = [label.partition(" · ")[0] for label, _ in choices_of(secret)]  # a button also says what it brings
    assert labels[-1] == "Play no more contracts this turn"
    public_words = " ".join(m.content for m in public(thread))
    for label in labels[:-1]:  # "Award $3: Seattle + Chicago to Green Airline"
        card = label.removeprefix("Award ").partition(" to ")[0]
        assert card not in public_words  # never shown in the thread


def details_of(message: Any) -> dict[str, str]:
    """Each choice's detail as the private panel shows it: a select option's description, or for buttons the line
    '• **label**: detail' of the message, or the words after the label on the button itself."""
    found = {}
    for row in message.components:
        for item in row.children:
            for option in getattr(item, "options", None) or []:
                found[option.label] = option.description or ""
            label, _, detail = (getattr(item, "label", None) or "").partition(" · ")  # a button with its words
            if detail:
                found[label] = detail
    for line in (message.content or "").splitlines():
        if line.startswith("• **") and "**: " in line:
            label, _, detail = line.removeprefix("• **").partition("**: ")
            found[label] = detail
    return found


@pytest.mark.slow
async def test_one_choice_in_the_private_panel_awards_a_contract_and_says_what_it_pays(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(3, "1930")
    prompt = await contract_to_award(lounge, thread, random.Random(1))
    mover = lounge.member(prompt.raw_mentions[0])
    secret = await lounge.private_choices(mover, prompt)
    details = details_of(secret)
    awards = [(label.partition(" · ")[0], how) for label, how in choices_of(secret) if label.startswith("Award ")]
    for label, _ in awards:  # "Award $3: Seattle to Green Airline": "You take $3; Green Airline's stock $6 → $7"
        card, _, airline = label.removeprefix("Award ").partition(" to ")
        assert details[label].startswith(f"You take {card.partition(':')[0]}; {airline}'s stock"), details
    assert details[NO_MORE]
    before = await state_of(lounge, game_id)
    await lounge.click_choice(mover, secret, awards[0][1])
    after = await state_of(lounge, game_id)
    assert len(after.discards) == len(before.discards) + 1 and after.seq == before.seq + 1  # one move, one award


@pytest.mark.slow
async def test_the_ceo_is_asked_for_the_dividend_and_pinged_when_someone_else_flew(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(3, "1930")
    rng = random.Random(2)
    for _ in range(40):  # random play until a flight hands the dividend to another player
        prompt = await play_until(lounge, thread, "your turn: choose how the dividend is paid", rng)
        actions = await lounge.store.games.actions(game_id)
        if actions[-1].seat != (await lounge.service.reading.prompt(game_id)).movers[0].seat:  # type: ignore[union-attr]
            break
        mover = lounge.member(prompt.raw_mentions[0])
        await lounge.click_choice(mover, prompt, choices_of(prompt)[0][1])
    ceo = (await lounge.service.reading.prompt(game_id)).movers[0]  # type: ignore[union-attr]
    assert prompt.raw_mentions == [ceo.user_id]
    assert pings(lounge.posted(thread)[-1]) == [ceo.user_id]
    assert any("Full dividend" in label for label, _ in choices_of(prompt)), (prompt.content, choices_of(prompt))


async def test_rules_and_hand_work_for_1930(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(2, "1930")
    ann = lounge.members[0]
    topics = await ann.autocomplete(thread, "rules", "topic", "")
    assert len(topics) >= 5
    hand = await ann.slash(thread, "hand")
    shown = hand.followups[0] if hand.followups else hand.response
    assert shown is not None and shown.ephemeral
    assert shown.embeds[0].title == f"1930: The Golden Age of Airlines #{game_id}: your contracts"
    fields = {field.name: field.value for field in shown.embeds[0].fields}
    assert "Contracts" in fields and fields["Contracts"].count("$") >= 5


async def test_undo_takes_back_a_founding_before_the_price_and_status_and_mine_name_the_game(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(2, "1930")
    prompt = latest_prompt(thread)
    assert prompt is not None
    mover = lounge.member(prompt.raw_mentions[0])
    pick = next(how for label, how in choices_of(prompt) if label.startswith("Found"))
    await lounge.click_choice(mover, prompt, pick)
    result = await mover.slash(thread, "undo")
    assert ephemeral_text(result) == "Done: take back move 1."  # nothing was revealed
    back = await lounge.service.reading.prompt(game_id)
    assert back is not None and back.asks == "found an airline (two tokens)" and back.movers[0].user_id == mover.id

    await mover.slash(thread, "game status")
    [embed] = public(thread)[-1].embeds
    assert "$" in embed.fields[0].value and " dollars" not in embed.fields[0].value  # money as the board writes it
    mine = await mover.slash(lounge.channel, "game mine")
    shown = mine.followups[0] if mine.followups else mine.response
    assert shown is not None and shown.ephemeral and "1930" in shown.embeds[0].description


async def state_of(lounge: Lounge, game_id: int, version: int | None = None) -> GoldenAgeState:
    """The game's state now (or after `version` moves), replayed from its log."""
    table = await lounge.service.reading.table(game_id)
    rows = await lounge.store.games.actions(game_id)
    moves = [(row.seat, Action.from_dict(row.payload)) for row in rows if version is None or row.seq <= version]
    state: GoldenAgeState = replay(GAME, len(table.players), table.row.seed, dict(table.row.options), moves)
    return state


async def play_through_contracts(lounge: Lounge, thread, rng: random.Random, *, stop_when_asked: bool = False) -> None:  # type: ignore[no-untyped-def]
    """Random choices (the same for twins: their public choices are the same), but every player asked for contracts
    plays none; until the first End of Turn's contracts are over, or, with `stop_when_asked`, first asked for."""
    asked = False
    while (prompt := latest_prompt(thread)) is not None:
        if CONTRACTS_ASKED in prompt.content:
            if stop_when_asked:
                return
            asked = True
        elif asked:
            return
        actor = lounge.member(prompt.raw_mentions[0])
        shown = await lounge.private_choices(actor, prompt)
        choices = [c for c in choices_of(shown) if not c[0].startswith(("Back", "Cancel"))] or choices_of(shown)
        pick = next((how for label, how in choices if label.startswith(NO_MORE)), None) or rng.choice(choices)[1]
        await lounge.click_choice(actor, shown, pick)


def other_hand(state: GoldenAgeState, seat: int) -> list[int]:
    """The seat's hand with cards swapped for undealt ones of the same value (a hand's values are known), so that
    it can play a contract now if it could not, or can play none if it could."""
    hand, could = list(state.seats[seat].contracts), set(playable(state, seat))
    for place, number in enumerate(hand):
        if could and number not in could:
            continue  # only the cards that can be played are swapped, for ones that cannot
        swap = next((n for n in state.contract_deck if contract(state, n).value == contract(state, number).value
                     and bool(eligible(state, n)) == (not could)), None)
        if swap is not None:
            hand[place] = swap
            if not could:
                break  # one card it can play is enough
    return hand


def seen(lounge: Lounge, thread, game_id: int) -> list[tuple[Any, ...]]:  # type: ignore[no-untyped-def]
    """What the thread shows: every message created (its words and pings) and every message as it stands now."""
    def plain(text: str | None) -> str:
        return (text or "").replace(f"#{game_id}", "#N").replace(f"g:{game_id}:", "g:N:")

    created = [(plain(body.get("content")), pings(body)) for body in lounge.posted(thread)]
    now = [(plain(m.content), [plain(c) for c in custom_ids(m)]) for m in public(thread)]
    return [*created, *now]


@pytest.mark.slow
async def test_a_seat_with_nothing_to_play_is_asked_and_pinged_like_one_that_passes(
        lounge: Lounge, monkeypatch: pytest.MonkeyPatch, drawn: list[dict[str, Any]]) -> None:
    # Twin games, the second dealt like the first but for one hand: the first player asked for contracts can play
    # one in only one of them. The thread must show the same messages, pings and boards through the contract step.
    seeds = iter([1002, 1003])  # both seat two players alike
    monkeypatch.setattr("engine.services.tables.secrets", SimpleNamespace(randbits=lambda bits: next(seeds)))
    thread, first = await lounge.started_game(2, "1930")
    await play_through_contracts(lounge, thread, random.Random(7), stop_when_asked=True)
    state = await state_of(lounge, first)
    seat, hand = state.current, other_hand(state, state.current)
    await play_through_contracts(lounge, thread, random.Random(7))
    one, boards = seen(lounge, thread, first), len(drawn)

    setup = GAME.setup

    def twin_setup(players: int, seed: int, options: dict[str, Any] | None = None) -> GoldenAgeState:
        if seed != 1003:
            return setup(players, seed, options)
        twin = setup(players, 1002, options)
        twin.contract_deck = [n for n in twin.contract_deck if n not in hand] + [
            n for n in twin.seats[seat].contracts if n not in hand]
        twin.seats[seat].contracts = list(hand)
        return twin

    monkeypatch.setattr(GAME, "setup", twin_setup)
    thread, second = await lounge.started_game(2, "1930")
    await play_through_contracts(lounge, thread, random.Random(7))
    twin = await state_of(lounge, second, state.seq)  # where the first game asked for contracts
    assert bool(playable(twin, seat)) != bool(playable(state, seat)) and twin.cities == state.cities

    assert seen(lounge, thread, second) == one
    assert drawn[boards:] == drawn[:boards]
    assert sum(CONTRACTS_ASKED in content for content, _ in one) >= 2  # both players were asked, one message each


@pytest.mark.slow
async def test_a_contract_is_awarded_in_two_clicks_on_one_private_panel_edited_in_place(lounge: Lounge) -> None:
    thread, game_id = await lounge.started_game(3, "1930")
    prompt = await contract_to_award(lounge, thread, random.Random(1))
    mover = lounge.member(prompt.raw_mentions[0])
    before = (await lounge.service.reading.table(game_id)).version

    opened = await mover.click(prompt, custom_id=f"g:{game_id}:v{prompt_version(prompt)}:mine")  # click 1
    [panel] = [m.message for m in opened.followups if m.ephemeral]
    award = next((label.partition(" · ")[0], how) for label, how in choices_of(panel) if label.startswith("Award"))
    picked = await lounge.click_choice(mover, panel, award[1])  # click 2: the contract is awarded

    assert picked.acknowledged and not [m for m in picked.followups if m.ephemeral]  # no second private message
    assert (await lounge.service.reading.table(game_id)).version == before + 1
    log = (await lounge.service.reading.log(game_id)).lines
    assert any(" awards " in line for line in log[-3:]), log[-3:]
    edited = _visible_message(mover, panel)  # the same panel, as it stands now
    assert edited.content.startswith(f"Done: {award[0]}."), edited.content
    now = await lounge.service.reading.prompt(game_id)
    assert now is not None
    still_mine = now.private and now.only(mover.id) is not None
    # The panel goes on to the player's next private decision, with its choices, or says whom the game waits for.
    assert bool(edited.components) == still_mine

    # The older panel's button, as a phone behind the edit still shows it: the panel says so, with today's choices.
    stale = await click_removed(mover, panel, award[1].partition(":")[2])
    assert stale.acknowledged and (await lounge.service.reading.table(game_id)).version == before + 1
    assert _visible_message(mover, panel).content.startswith("This prompt is out of date.")
