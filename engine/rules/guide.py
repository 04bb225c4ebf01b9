"""A game's rules guide: topics in our own words, read once from the package's guide.toml and validated."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from engine.core import RulesTopic
from engine.rules.datafile import DataError, DataReader

__all__ = ["GUIDE_FILE", "MAX_TEXT", "MAX_TITLE", "RulesTopic", "load_guide", "read_guide"]

GUIDE_FILE = "guide.toml"
KEY = re.compile(r"[a-z0-9-]{1,32}")  # fits a slash-command choice value and is easy to type
MAX_TITLE = 100  # a select option's label; an embed title would allow 256
MAX_TEXT = 4000  # an embed description allows 4096: the rest is room for a footer or a note
TOPIC_FIELDS = frozenset({"key", "title", "text"})


@cache
def load_guide(package: str) -> tuple[RulesTopic, ...]:
    """The guide of a game package such as 'engine.rules.airships', in file order; read and checked once."""
    source = resources.files(package).joinpath(GUIDE_FILE)
    return read_guide(source, name=f"{package.rsplit('.', 1)[-1]}/{GUIDE_FILE}")


def read_guide(source: Traversable, name: str | None = None) -> tuple[RulesTopic, ...]:
    """Read one guide file; raises DataError naming the file (as `name`, else its file name) and the topic."""
    reader = _GuideReader(name or source.name)
    try:
        raw = tomllib.loads(source.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError(f"{reader.filename}: the game has no rules guide file") from None
    except tomllib.TOMLDecodeError as error:
        raise DataError(f"{reader.filename}: not valid TOML: {error}") from None
    return reader.topics(raw)


class _GuideReader(DataReader):
    """Checks each [[topic]] table against what one Discord embed can show."""

    def topics(self, raw: dict[str, Any]) -> tuple[RulesTopic, ...]:
        unknown = sorted(set(raw) - {"topic"})
        if unknown:
            raise self.fail(unknown[0], "unknown table; a guide holds only [[topic]] entries")
        tables = raw.get("topic")
        if not isinstance(tables, list) or not tables:
            raise self.fail("topic", "no [[topic]] entries")
        topics: list[RulesTopic] = []
        seen: set[str] = set()
        for index, table in enumerate(tables):
            topic = self.topic(table, index)
            if topic.key in seen:
                raise self.fail(f"topic {topic.key}", "key used twice")
            seen.add(topic.key)
            topics.append(topic)
        return tuple(topics)

    def topic(self, table: Any, index: int) -> RulesTopic:
        entry = f"topic #{index + 1}"
        if not isinstance(table, dict):
            raise self.fail(entry, "should be a table with key, title and text")
        key = self.field(table, "key", str, entry)
        if not KEY.fullmatch(key):
            raise self.fail(entry, f"key {key!r} should be 1 to 32 lowercase letters, digits or '-'")
        entry = f"topic {key}"
        unknown = sorted(set(table) - TOPIC_FIELDS)
        if unknown:
            raise self.fail(entry, f"unknown field {unknown[0]!r}")
        title = self.field(table, "title", str, entry).strip()
        if not title or "\n" in title or len(title) > MAX_TITLE:
            raise self.fail(entry, f"the title should be one line of 1 to {MAX_TITLE} characters")
        # Surrounding blank lines are TOML layout, not text; what remains must fit one embed description.
        text = self.field(table, "text", str, entry).strip()
        if not text:
            raise self.fail(entry, "the text is empty")
        if len(text) > MAX_TEXT:
            raise self.fail(entry, f"the text has {len(text)} characters, over {MAX_TEXT} (one Discord embed)")
        return RulesTopic(key, title, text)
