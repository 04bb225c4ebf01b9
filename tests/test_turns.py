"""Turns cut from the log: a turn is a run of decisions by the same players, and its message is edited until it ends."""

from __future__ import annotations

import gc

from engine.platform.records import PostKind, PostRow
from engine.platform.snapshots import Chronicle, Told
from engine.core import News
from engine.events import Seat, event
from engine.platform.turns import CONTINUED, SINCE_LINES, History, LogLine, turn_news, with_reason
from engine.platform.wording import Wording
from engine.sentences import Sentences


def history(*moves: tuple[int, list[str]]) -> History:
    """A log: setup events, then each move's seat and events."""
    result = History([LogLine(0, "setup")], [])
    for seat, events in moves:
        result = result.extended(seat, events)
    return result


def test_a_first_turn_looks_back_to_the_setup() -> None:
    turn = history().turn((0,))
    assert (turn.start, turn.since, turn.account) == (0, ("setup",), ())


def test_the_turn_starts_after_the_last_move_by_someone_else() -> None:
    log = history((0, ["a1"]), (0, ["a2", "b's card"]), (1, ["b1"]))
    turn = log.turn((1,))
    assert turn.start == 2 and turn.since == ("setup", "a1", "a2", "b's card") and turn.account == ("b1",)


def test_since_covers_only_what_happened_after_the_players_own_last_move() -> None:
    log = history((0, ["a1"]), (1, ["b1"]), (2, ["c1"]), (0, ["a2"]))
    assert log.turn((1,)).since == ("c1", "a2")  # b's own move is not news to b


def test_since_keeps_the_newest_lines_and_counts_the_rest() -> None:
    log = history((0, [f"line {n}" for n in range(20)]))
    turn = log.turn((1,))
    assert len(turn.since) == SINCE_LINES and turn.since[-1] == "line 19"
    assert turn.since_dropped == 21 - SINCE_LINES  # the setup line and the oldest moves are in /log


def test_the_same_player_deciding_again_continues_the_turn_and_keeps_its_message() -> None:
    log = history((0, ["a1"]))
    post = PostRow(PostKind.TURN, 5, 50, 0)
    news = turn_news(log, (0,), (0,), post)
    assert news.continues and news.post == post and news.next is None and news.played.account == ("a1",)


def test_a_new_player_ends_the_turn_and_begins_the_next() -> None:
    log = history((0, ["a1"]), (0, ["a ends"]))
    news = turn_news(log, (0,), (1,), PostRow(PostKind.TURN, 5, 50, 0))
    assert not news.continues and news.post is not None
    assert news.played.account == ("a1", "a ends")
    assert news.next is not None and news.next.start == 2 and news.next.since == ("setup", "a1", "a ends")


def test_a_message_recorded_for_an_earlier_turn_is_not_edited() -> None:
    log = history((1, ["b1"]), (0, ["a1"]))
    news = turn_news(log, (0,), (0,), PostRow(PostKind.TURN, 5, 50, 0))  # posted when b's turn began
    assert news.post is None and news.continues


def test_the_end_of_the_game_begins_no_turn() -> None:
    news = turn_news(history((0, ["over"])), (0,), (), None)
    assert not news.continues and news.next is None


def test_the_ai_seats_moves_just_before_a_turn_are_told_in_full_and_kept() -> None:
    log = history((0, ["a1"]), (1, ["ai1 x", "ai1 y"]), (2, ["ai2"]))
    turn = log.turn((0,), automatic=frozenset({1, 2}))
    assert turn.automatic == ("ai1 x", "ai1 y", "ai2") and turn.since == () and turn.start == 3
    mixed = history((0, ["a1"]), (3, ["b1"]), (1, ["ai1"]))
    turn = mixed.turn((0,), automatic=frozenset({1}))
    assert turn.since == ("b1",) and turn.automatic == ("ai1",)  # a person's turn has a message of its own


def test_log_lines_number_each_move_once_and_never_skip_one() -> None:
    log = history((0, ["a builds", "a scores"]), (1, []), (0, ["a ends"]))
    assert log.log_lines({0: "ann", 1: "bob"}) == [
        "Setup: setup", "1. a builds", f"{CONTINUED}a scores", "2. bob makes a choice.", "3. a ends",
    ]


def test_a_log_page_never_opens_in_the_middle_of_a_move() -> None:
    log = history((0, ["a builds"]), (1, ["b throws", "b gains"]), (0, ["a ends"]), (1, ["b1", "b2", "b3", "b4"]))
    names = {0: "ann", 1: "bob"}
    assert log.log_pages(names, 3) == [
        ["Setup: setup", "1. a builds"],  # move 2's two lines would not fit: they open the next page
        ["2. b throws", f"{CONTINUED}b gains", "3. a ends"],
        ["4. b1", f"{CONTINUED}b2", f"{CONTINUED}b3"], [f"{CONTINUED}b4"],  # a move longer than a page runs over
    ]
    assert [line for page in log.log_pages(names, 3) for line in page] == log.log_lines(names)
    assert history().log_pages(names, 3) == [["Setup: setup"]]


def test_the_headline_is_the_biggest_news_since_the_players_last_turn_the_newest_of_equals() -> None:
    log = History([LogLine(0, "setup", News.ROUTINE)], [])
    log = log.extended(0, ["ann builds the Graf Zeppelin", "ann ends the turn"], [News.MILESTONE, News.ROUTINE])
    log = log.extended(1, ["bob throws", "bob gains 2 VP"], [News.PLAY, News.GAIN])
    log = log.extended(1, ["bob ends the turn"], [News.ROUTINE])
    assert log.headline((0,)) == "bob gains 2 VP"  # ann's own airship is not news to ann
    assert log.headline((1,)) == "ann builds the Graf Zeppelin"  # all since bob last played (never), his own too
    assert History([LogLine(0, "setup", 0)], []).headline((0,)) == "setup"  # never empty while anything happened
    assert log.with_notes([(3, "cy leaves: the autopilot plays")]).headline((0,)) == "bob gains 2 VP"  # notes never lead


def test_names_are_listed_as_people_write_them() -> None:
    from engine.words import joined
    assert [joined([]), joined(["ann"]), joined(["ann", "bob"]), joined(["ann", "bob", "cy"])] == [
        "", "ann", "ann and bob", "ann, bob and cy"]


def test_a_cached_tables_lines_and_entries_are_tuples_the_garbage_collector_stops_tracking() -> None:
    # A cache of a thousand long games holds hundreds of thousands of them: tracked, each full collection walked
    # them all with the event loop stopped (150 ms in the scale benchmark's burst).
    history = History([], []).extended(0, ["ann flies to Rome", "ann lands"], [News.MILESTONE])
    flies = event("flies", who=Seat(0), to="Rome", clause=event("lands", who=Seat(0)))
    chronicle = Chronicle.opening([event("setup")]).extended(Told(0, (flies,), None))
    # A tuple is untracked once its items are, and an inner tuple may be looked at after its outer one: a collection
    # may untrack one level of an entry (its events, each event, a clause in it) at a time.
    def tracked() -> bool:
        return any(gc.is_tracked(line) for line in history.rows) or gc.is_tracked(chronicle.entries[0]) \
            or gc.is_tracked(chronicle.setup)

    for _ in range(8):  # as few as it takes: each full collection walks every object of the worker's earlier tests
        if not tracked():
            break
        gc.collect()
    assert not tracked()
    assert history.lines[0] == LogLine(1, "ann flies to Rome", News.MILESTONE) and chronicle.told()[0].events == (flies,)


def test_a_moves_own_lines_end_where_another_seat_begins_to_act() -> None:
    """An AI seat's reason goes right after them: not under the next player's flip or another seat's pass."""
    sentences = Sentences()
    for key, words in (("throws", "{who} throws: short."), ("takes", "{who} takes a chip."), ("up", "Stock up."),
                       ("turns", "{who} turns over X."), ("joins", "X joins {who}'s Engines."), ("over", "Over.")):
        sentences.add(key, words, News.PLAY)
    own = Wording(sentences).own_lines
    throws, takes, turns = (event(key, who=Seat(0)) for key in ("throws", "takes", "turns"))
    assert own([throws, takes, event("turns", who=Seat(1)), throws], 0) == 2
    assert own([event("takes", who=Seat(1)), event("turns", who=Seat(2)), event("up")], 1) == 1
    assert own([event("joins", who=Seat(0)), event("over")], 1) == 2  # words that begin with no seat are the mover's
    assert own([], 0) == 0
    lines, news = with_reason(["a ends the turn", "b turns over X"], [0, 0], 1, "AI", "End your turn.")
    assert lines == ["a ends the turn", "↳ Why AI chose this: End its turn.", "b turns over X"] and news == [0, 0, 0]


def test_a_decision_that_showed_nothing_is_numbered_with_the_move_it_led_to() -> None:
    """Air Alliance's marker, then plane, then flight: one line '2–4. bob flies ...', never 'bob makes a choice.'
    (issue 53, item 8); the numbers still never skip."""
    log = history((0, ["a builds"]), (1, []), (1, []), (1, ["b flies"]), (0, ["a ends"]))
    names = {0: "ann", 1: "bob"}
    assert log.numbered_lines(names) == [(0, "Setup: setup"), (1, "1. a builds"), (4, "2–4. b flies"), (5, "5. a ends")]
    under_way = history((0, ["a builds"]), (1, []))  # bob's move is not made yet: told once it is
    assert under_way.log_lines(names) == ["Setup: setup", "1. a builds"]
    taken_back = History(history((1, []), (1, ["b takes back move 1."])).rows, [1, 1], frozenset({2}))
    assert taken_back.log_lines(names) == ["Setup: setup", "2. b takes back move 1."]  # the undo's line tells it
    assert taken_back.extended(0, ["a"]).undos == frozenset({2})
