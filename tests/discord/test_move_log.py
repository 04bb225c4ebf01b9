"""The operators' log: one line per committed move (game, seq, seat, who, time to commit, time to post), people's,
the AI's and the autopilot's alike, never twice; and LOG_FORMAT=json, one JSON object per line."""

from __future__ import annotations

import io
import json
import logging
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from simtable import Lounge, choices_of, latest_prompt, public

from bot import EXIT_BAD_SETTING, Settings, SettingsError, configure_logging, load_settings
from engine.services import logs
from engine.services.logs import JsonFormatter

BOT = Path(__file__).resolve().parents[2] / "bot.py"


def _move_records(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "contrail.moves"]


async def _click_moves(lounge: Lounge, thread: object, count: int) -> None:
    rng = random.Random(3)
    for _ in range(count):
        prompt = latest_prompt(thread)  # type: ignore[arg-type]
        assert prompt is not None
        actor = lounge.member(prompt.raw_mentions[0])
        prompt = await lounge.private_choices(actor, prompt)
        choices = [c for c in choices_of(prompt) if not c[0].startswith("Back")] or choices_of(prompt)
        await lounge.click_choice(actor, prompt, rng.choice(choices)[1])


async def test_every_move_of_people_and_ai_gets_one_line_with_its_times(
    lounge: Lounge, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="contrail.moves")
    ann = lounge.members[0]
    await ann.slash(lounge.channel, "game new", game="airships", ai=2)
    thread = lounge.thread_of()
    await ann.click(public(thread)[0], label="Start")
    await _click_moves(lounge, thread, 6)

    table = await lounge.service.reading.table(1)
    actions = await lounge.store.games.actions(1)
    records = _move_records(caplog)
    # Exactly one line per stored move, in order: none missing, none doubled.
    assert [(r.game, r.seq, r.seat) for r in records] == [(1, a.seq, a.seat) for a in actions]  # type: ignore[attr-defined]
    ann_seat = table.player(ann.id).seat  # type: ignore[union-attr]
    assert {r.by for r in records if r.seat == ann_seat} == {"player"}  # type: ignore[attr-defined]
    assert {r.by for r in records if r.seat != ann_seat} == {"ai"}  # type: ignore[attr-defined]
    for record in records:
        assert record.levelno == logging.INFO
        assert record.commit_ms >= 0 and record.post_ms is not None and record.post_ms >= 0  # type: ignore[attr-defined]
        assert record.getMessage() == (
            f"move game=1 seq={record.seq} seat={record.seat} by={record.by}"  # type: ignore[attr-defined]
            f" commit_ms={record.commit_ms} post_ms={record.post_ms}"  # type: ignore[attr-defined]
        )


async def test_the_autopilot_s_moves_are_logged_as_the_autopilot_s(
    lounge: Lounge, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="contrail.moves")
    thread, game_id = await lounge.started_game(players=2)
    leaver = lounge.member((await lounge.service.reading.table(game_id)).at_seat(0).user_id)  # the first to move
    asked = await leaver.slash(thread, "game leave")
    shown = asked.followups[0] if asked.followups else asked.response
    assert shown is not None
    await leaver.click(shown.message, label="Leave: the autopilot plays my seat")

    records = _move_records(caplog)
    actions = await lounge.store.games.actions(game_id)
    assert actions and [(r.seq, r.seat, r.by) for r in records] == [  # type: ignore[attr-defined]
        (a.seq, a.seat, "autopilot") for a in actions
    ]
    assert all(r.post_ms is not None for r in records)  # type: ignore[attr-defined]


def test_a_move_never_posted_is_logged_when_its_request_ends_without_a_post_time(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="contrail.moves")
    with logs.request():
        logs.committed(7, 3, 1, logs.Mover.PLAYER, since=0.0)
        logs.committed(8, 1, 0, logs.Mover.AI, since=0.0)
        logs.posted(8)  # another game's post does not log game 7's move
        assert [(r.game, r.seq) for r in _move_records(caplog)] == [(8, 1)]  # type: ignore[attr-defined]
    records = _move_records(caplog)
    assert [(r.game, r.post_ms) for r in records][1] == (7, None)  # type: ignore[attr-defined]
    assert records[1].getMessage().endswith(" post_ms=none")
    logs.posted(7)  # after the request: nothing left to log twice
    assert len(_move_records(caplog)) == 2


def test_a_commit_outside_any_request_is_logged_at_once(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="contrail.moves")
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    logs.move_log.addHandler(handler)
    try:
        logs.committed(4, 9, 2, logs.Mover.AUTOPILOT, since=0.0)
    finally:
        logs.move_log.removeHandler(handler)
    [line] = stream.getvalue().splitlines()
    entry = json.loads(line)
    assert {k: entry[k] for k in ("logger", "level", "game", "seq", "seat", "by", "post_ms")} == {
        "logger": "contrail.moves", "level": "INFO", "game": 4, "seq": 9, "seat": 2, "by": "autopilot", "post_ms": None,
    }
    assert entry["commit_ms"] > 0 and entry["message"].startswith("move game=4 seq=9 seat=2 by=autopilot")


def test_the_json_formatter_writes_one_object_per_line_with_extras_and_tracebacks() -> None:
    formatter = JsonFormatter()
    plain = logging.LogRecord("contrail", logging.WARNING, __file__, 1, "game %s: could not post", (5,), None)
    entry = json.loads(formatter.format(plain))
    assert set(entry) == {"time", "level", "logger", "message"}
    assert entry["level"] == "WARNING" and entry["message"] == "game 5: could not post"
    assert entry["time"].endswith("+00:00")
    try:
        raise ValueError("bad\nline")
    except ValueError:
        failed = logging.LogRecord("contrail", logging.ERROR, __file__, 1, "boom", (), sys.exc_info())
    failed.odd = object()  # an extra JSON cannot hold becomes text rather than losing the line
    text = formatter.format(failed)
    assert "\n" not in text
    entry = json.loads(text)
    assert "ValueError: bad" in entry["exception"] and entry["odd"].startswith("<object")


def test_log_format_is_text_by_default_json_when_asked_and_anything_else_is_refused(tmp_path: Path) -> None:
    missing = tmp_path / "none.env"
    assert load_settings(missing, {}).log_format == "text"
    assert load_settings(missing, {"LOG_FORMAT": "JSON"}).log_format == "json"
    with pytest.raises(SettingsError, match=r"^LOG_FORMAT must be text or json, not 'xml'\.$"):
        load_settings(missing, {"LOG_FORMAT": "xml"})


def test_configure_logging_switches_every_line_to_json() -> None:
    root = logging.getLogger()
    saved = root.handlers[:], root.level
    root.handlers = []
    try:
        configure_logging(Settings(None, Path("x"), "INFO", log_format="json"))
        [handler] = root.handlers
        assert isinstance(handler.formatter, JsonFormatter)
    finally:
        root.handlers, level = saved
        root.setLevel(level)


def test_a_bad_log_format_stops_the_bot_with_one_line(tmp_path: Path) -> None:
    clean = {k: v for k, v in os.environ.items() if k not in {"DISCORD_TOKEN", "DATABASE_PATH", "LOG_LEVEL"}}
    done = subprocess.run([sys.executable, str(BOT), "--check"], cwd=tmp_path, env={**clean, "LOG_FORMAT": "xml"},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == EXIT_BAD_SETTING
    assert done.stderr.splitlines() == ["LOG_FORMAT must be text or json, not 'xml'."]
