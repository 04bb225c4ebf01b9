"""Where in a pack's text a problem is: the line of a section, key, entry or field a message names."""

from __future__ import annotations

import re

MAX_DIGITS = 4300  # sys.get_int_max_str_digits()'s default: tomllib refuses longer decimal numbers
MAX_DEPTH = 100  # where a nesting is named; the component files nest 5 deep


def long_number_line(text: str) -> int | None:
    return nth_line(text, re.compile(rf"[\d_]{{{MAX_DIGITS + 1},}}"))  # a longer run of digits


def deep_line(text: str) -> int | None:
    """The first line where brackets ([ or {) outside strings and comments are open more than MAX_DEPTH deep."""
    depth = 0
    for number, line in enumerate(text.splitlines(), start=1):
        quote = ""
        for index, char in enumerate(without_comment(line)):
            if quote:
                quote = "" if char == quote and line[index - 1] != "\\" else quote
            elif char in "\"'":
                quote = char
            elif char in "[{":
                depth += 1
                if depth > MAX_DEPTH:
                    return number
            elif char in "]}":
                depth -= 1
    return None



def toml_line(message: str) -> int | None:
    found = re.search(r"line (\d+)", message)
    return int(found.group(1)) if found else None


def section_line(text: str, section: str) -> int | None:
    """The line where a section begins: `[section]`, `[[section]]` or `section = ...`."""
    pattern = re.compile(rf"^\s*(\[\[?\s*{re.escape(section)}\s*\]\]?|{re.escape(section)}\s*=)")
    return nth_line(text, pattern)


def key_line(text: str, key: str) -> int | None:
    """The first line that sets this key (`key = ...`, also inside an inline table)."""
    return nth_line(text, re.compile(rf"(^|[\s{{,]){re.escape(key)}\s*="))


def entry_line(text: str, entry: str) -> int | None:
    """The line of an entry a loader's message names ('expansion e1-engineers-2', 'airship #3', 'dice'): the first
    line quoting its id, else its section's first line."""
    words = entry.split()
    for word in reversed(words[1:]):
        if not word.startswith("#"):
            found = nth_line(text, re.compile(rf"[\"']{re.escape(word)}[\"']|^\s*{re.escape(word)}\s*="))
            if found:
                return found
    return section_line(text, words[0]) if words else None


TWICE = {"id used twice", "key used twice", "number used twice"}  # a loader's words for an entry's id given again


def problem_line(text: str, problem: str) -> int | None:
    """The line a loader's problem ('card p02: id used twice') is on: the entry's, or for an id given twice, the
    line of its second use (the first is not the wrong one)."""
    entry, _, what = problem.partition(":")
    ident = entry.split()[-1] if entry.split() else ""
    giving = re.compile(rf"^\s*(id|key|number)\s*=\s*[\"']?{re.escape(ident)}[\"']?\s*$")
    second = nth_line(text, giving, nth=2) if what.strip() in TWICE else None
    return second or _field_line(text, entry, what) or entry_line(text, entry)


def _field_line(text: str, entry: str, what: str) -> int | None:
    """The line of the field a problem names ("'vp' should be ..."): the first to set its key from the entry's
    line on; of an entry named by its place ('dividends #19'), the key's 19th setting from its section's line."""
    field = re.match(r"\s*'([\w.]+)'", what)
    start = entry_line(text, entry)
    if field is None or start is None:
        return None
    place = re.fullmatch(r"#(\d+)", entry.split()[-1])
    nth = int(place.group(1)) if place else 1
    lines = text.splitlines()
    for key in field.group(1).split("."):  # 'gives.dice.white': gives, then dice from there, then white
        setting = re.compile(rf"(^|[\s{{,.]){re.escape(key)}\s*=")
        found = nth_line("\n".join(lines[start - 1:]), setting, nth)
        if found is None:
            return None
        start, nth = start - 1 + found, 1
    return start


def nth_line(text: str, pattern: re.Pattern[str], nth: int = 1) -> int | None:
    """The line of the pattern's `nth` match (counted from 1), outside comments."""
    for number, line in enumerate(text.splitlines(), start=1):
        if pattern.search(without_comment(line)):
            nth -= 1
            if not nth:
                return number
    return None


def without_comment(line: str) -> str:
    """The line without its comment: from the first # outside a quoted string (the template's comments name keys)."""
    quote = ""
    for index, char in enumerate(line):
        if quote:
            quote = "" if char == quote and line[index - 1] != "\\" else quote
        elif char in "\"'":
            quote = char
        elif char == "#":
            return line[:index]
    return line
