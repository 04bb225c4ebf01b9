"""The docs name only what exists: every slash command and option (as the bot registers them), every command-line
flag (as the parsers take them), and every relative link and its anchor."""

from __future__ import annotations

import argparse
import asyncio
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import bot
import engine.__main__ as engine_cli
import renderers.__main__ as renderers_cli

ROOT = Path(__file__).resolve().parent.parent
DOCS = (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")))
SPAN = re.compile(r"`([^`\n]+)`")
LINK = re.compile(r"\]\(([^)\s]+)\)")
SUBCOMMAND, GROUP = 1, 2  # Discord's option types for a subcommand and a subcommand group


def doc_id(path: Path) -> str:
    return str(path.relative_to(ROOT))


# -- slash commands -------------------------------------------------------------------------------------------


def command_options() -> dict[str, set[str]]:
    """Every command path the bot registers ('game new', 'hint'), with the names of its options."""
    payloads = asyncio.run(bot.dump_commands())
    found: dict[str, set[str]] = {}

    def walk(path: str, options: list[dict[str, Any]]) -> None:
        subs = [o for o in options if o.get("type") in (SUBCOMMAND, GROUP)]
        found[path] = {o["name"] for o in options if o.get("type") not in (SUBCOMMAND, GROUP)}
        for sub in subs:
            walk(f"{path} {sub['name']}", sub.get("options", []))

    for payload in payloads:
        walk(payload["name"], payload.get("options", []))
    return found


COMMANDS = command_options()
TOP = {path.split()[0] for path in COMMANDS}


def slash_spans(text: str) -> Iterator[str]:
    """Code spans that name a slash command: `/game new game:… ai:…`, `/hint`, `/web on [rotate]`. A span whose
    first word is not a top-level command (a path such as `/data`) is no command."""
    for span in SPAN.findall(text):
        words = span.split()
        if span.startswith("/") and words[0][1:] in TOP:
            yield span


def named(span: str) -> tuple[str, list[str]]:
    """The longest registered command a span begins with, and the options it names (`name:` or `[name]`)."""
    words = span[1:].split()
    path = words[0]
    for word in words[1:]:
        if f"{path} {word}" not in COMMANDS:
            break
        path = f"{path} {word}"
    options = re.findall(r"(?:^|\s)\[?([a-z_]+)(?::|\])", span[1 + len(path):])
    return path, options


@pytest.mark.parametrize("doc", DOCS, ids=doc_id)
def test_every_slash_command_and_option_the_docs_name_is_registered(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    for span in slash_spans(text):
        path, options = named(span)
        assert path in COMMANDS, f"{doc_id(doc)}: {span!r} names no command"
        unknown = [option for option in options if option not in COMMANDS[path]]
        assert not unknown, f"{doc_id(doc)}: {span!r}: /{path} has no option {', '.join(unknown)}"


def test_the_checker_finds_commands_and_options_and_leaves_paths_alone() -> None:
    assert named("/game new game:… ai:… ai_level:…") == ("game new", ["game", "ai", "ai_level"])
    assert named("/web on [rotate]") == ("web on", ["rotate"])
    assert list(slash_spans("`/data` and `/srv/contrail` and `/hint`")) == ["/hint"]


# -- command-line flags ---------------------------------------------------------------------------------------


class Caught(Exception):
    def __init__(self, parser: argparse.ArgumentParser) -> None:
        self.parser = parser


def parser_of(main: Callable[[list[str]], object], monkeypatch: pytest.MonkeyPatch) -> argparse.ArgumentParser:
    """The parser a command-line entry point builds, caught as it would parse."""
    def catch(self: argparse.ArgumentParser, *args: object, **kwargs: object) -> argparse.Namespace:
        raise Caught(self)

    with monkeypatch.context() as patch:
        patch.setattr(argparse.ArgumentParser, "parse_args", catch)
        try:
            main([])
        except Caught as caught:
            return caught.parser
    raise AssertionError(f"{main} parsed nothing")


def flags(parser: argparse.ArgumentParser, sub: str | None = None) -> set[str]:
    """The parser's flags, and those of its subcommand `sub` (all of them where sub is None)."""
    found: set[str] = set()
    for action in parser._actions:
        found |= set(action.option_strings)
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                if sub is None or name == sub:
                    found |= flags(child)
    return found


def program_parsers(monkeypatch: pytest.MonkeyPatch) -> dict[str, argparse.ArgumentParser]:
    import benchmarks.__main__ as benchmarks_cli
    import benchmarks.processes as processes_cli

    return {
        "bot.py": parser_of(bot.parse_args, monkeypatch),
        "-m engine": parser_of(engine_cli.main, monkeypatch),
        "-m renderers": parser_of(renderers_cli.main, monkeypatch),
        "-m benchmarks": parser_of(benchmarks_cli.main, monkeypatch),
        "-m benchmarks.processes": parser_of(processes_cli.main, monkeypatch),
    }


COMMAND_LINE = re.compile(r"python (bot\.py|-m engine|-m renderers|-m benchmarks\.processes|-m benchmarks)\b([^`\n|&;]*)")


@pytest.mark.parametrize("doc", DOCS, ids=doc_id)
def test_every_command_line_flag_the_docs_name_is_one_the_program_takes(
        doc: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    parsers = program_parsers(monkeypatch)
    for program, rest in COMMAND_LINE.findall(doc.read_text(encoding="utf-8")):
        words = rest.split()
        sub = words[0] if words and not words[0].startswith("-") and program in ("-m engine", "-m renderers") else None
        known = flags(parsers[program], sub)
        unknown = [w.split("=")[0] for w in words if w.startswith("--") and w.split("=")[0] not in known]
        assert not unknown, f"{doc_id(doc)}: `python {program}{rest}`: no {', '.join(unknown)}"


# -- links --------------------------------------------------------------------------------------------------------


def anchors(path: Path) -> set[str]:
    """The anchors of a page's headings, as GitHub makes them: lower case, punctuation gone, spaces to hyphens."""
    text = re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.MULTILINE | re.DOTALL)
    return {re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
            for heading in re.findall(r"^#+ (.*)$", text, re.MULTILINE)}


@pytest.mark.parametrize("doc", DOCS, ids=doc_id)
def test_every_relative_link_and_anchor_resolves(doc: Path) -> None:
    for target in LINK.findall(doc.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):
            continue  # https://, mailto: ...: not ours to check
        file, _, anchor = target.partition("#")
        linked = (doc.parent / file).resolve() if file else doc
        assert linked.exists(), f"{doc_id(doc)}: the link {target!r} leads nowhere"
        if anchor:
            assert anchor in anchors(linked), f"{doc_id(doc)}: {target!r}: no heading of that name"


def test_the_readme_is_one_screen_and_every_docs_page_says_who_it_is_for() -> None:
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 60
    for page in DOCS[1:]:
        opening = " ".join(page.read_text(encoding="utf-8").split("\n\n")[1].split())
        assert opening.startswith("For "), f"{doc_id(page)} does not open by saying who it is for: {opening[:60]!r}"
