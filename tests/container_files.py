"""Readers for the container files (Dockerfile, .dockerignore, compose.yaml) that the packaging tests check.

No YAML library is among the pinned requirements, so compose.yaml is read by a small reader of the block style it
is written in (mappings, lists, quoted scalars, a JSON-like [..] list); anything else it refuses, loudly.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any


@dataclass(frozen=True)
class Instruction:
    keyword: str  # upper case: FROM, RUN, COPY...
    text: str  # the rest of the instruction, continuation lines joined

    def exec_form(self) -> list[str] | None:
        """The JSON list of an exec-form instruction (CMD ["python", "bot.py"]), or None for the shell form."""
        text = self.text.strip()
        return json.loads(text) if text.startswith("[") else None


def read_dockerfile(path: Path) -> list[Instruction]:
    """The Dockerfile's instructions in order, comments and blank lines dropped, `\\` continuations joined."""
    instructions: list[Instruction] = []
    pending = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue  # Docker drops comment lines even between continuation lines
        pending += " " + stripped.removesuffix("\\").strip() if pending else stripped.removesuffix("\\").strip()
        if stripped.endswith("\\"):
            continue
        keyword, _, rest = pending.partition(" ")
        instructions.append(Instruction(keyword.upper(), rest.strip()))
        pending = ""
    assert not pending, f"{path.name} ends inside a continued line"
    return instructions


def base_image(instructions: list[Instruction]) -> str:
    """The image FROM names, with an ARG's default substituted (as a build without --build-arg uses)."""
    args: dict[str, str] = {}
    for instruction in instructions:
        if instruction.keyword == "ARG" and "=" in instruction.text:
            name, _, default = instruction.text.partition("=")
            args[name.strip()] = default.strip()
        if instruction.keyword == "FROM":
            image = instruction.text.split()[0]
            return re.sub(r"\$\{(\w+)\}|\$(\w+)", lambda m: args[m.group(1) or m.group(2)], image)
    raise AssertionError("no FROM")


def copy_sources(instruction: Instruction) -> tuple[list[str], str]:
    """A COPY's sources and destination, options such as --chown left out."""
    words = instruction.exec_form() or shlex.split(instruction.text)
    words = [word for word in words if not word.startswith("--")]
    return words[:-1], words[-1]


class DockerIgnore:
    """The rules of a .dockerignore: the last pattern that matches a path decides; `!` lets a path back in."""

    def __init__(self, text: str) -> None:
        self.rules: list[tuple[bool, re.Pattern[str]]] = []
        for line in text.splitlines():
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            include = line.startswith("!")
            pattern = line.removeprefix("!").strip().strip("/")
            self.rules.append((include, re.compile(_glob_to_regex(pattern))))

    def excludes(self, path: str) -> bool:
        """Whether a build context leaves out `path` (relative, '/'-separated). A pattern matching a folder
        matches everything in it, as Docker matches each path's parent folders too."""
        parts = PurePosixPath(path).parts
        prefixes = ["/".join(parts[: n + 1]) for n in range(len(parts))]
        excluded = False
        for include, regex in self.rules:
            if any(regex.fullmatch(prefix) for prefix in prefixes):
                excluded = not include
        return excluded


def _glob_to_regex(pattern: str) -> str:
    # Go's filepath.Match, which Docker uses: * and ? stay inside one path segment; ** spans any number of them.
    regex, i = "", 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            regex, i = regex + "(?:.*/)?", i + 3
        elif pattern.startswith("**", i):
            regex, i = regex + ".*", i + 2
        elif pattern[i] == "*":
            regex, i = regex + "[^/]*", i + 1
        elif pattern[i] == "?":
            regex, i = regex + "[^/]", i + 1
        else:
            regex, i = regex + re.escape(pattern[i]), i + 1
    return regex


def build_app(root: Path, instructions: list[Instruction], ignore: DockerIgnore, app: Path) -> list[str]:
    """Lay out in `app` what the image's COPYs put under its WORKDIR, as Docker does: a folder's *contents* go to
    the destination, and files the .dockerignore leaves out never arrive. Returns the files copied."""
    copied: list[str] = []
    for instruction in instructions:
        if instruction.keyword != "COPY":
            continue
        sources, destination = copy_sources(instruction)
        target = app / destination.removeprefix("./")
        for source in sources:
            path = root / source
            files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
            for file in files:
                relative = file.relative_to(root).as_posix()
                if ignore.excludes(relative):
                    continue
                inside = file.relative_to(path) if path.is_dir() else Path(file.name)
                where = target / inside if (path.is_dir() or destination.endswith("/")) else target
                where.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(file, where)
                copied.append(relative)
    return copied


def read_compose(text: str) -> dict[str, Any]:
    """compose.yaml as dicts, lists and strings (the block style it is written in; flow style only as [..])."""
    lines: list[tuple[int, str]] = []
    for raw in text.splitlines():
        content = _without_comment(raw).rstrip()
        if content.strip():
            lines.append((len(content) - len(content.lstrip(" ")), content.strip()))
    value, end = _block(lines, 0, lines[0][0])
    assert end == len(lines), f"compose.yaml: cannot read line {lines[end][1]!r}"
    return value


def _without_comment(line: str) -> str:
    quote = None
    for i, char in enumerate(line):
        if char in "\"'" and quote in (None, char):
            quote = None if quote else char
        elif char == "#" and quote is None and (i == 0 or line[i - 1] == " "):
            return line[:i]
    return line


def _block(lines: list[tuple[int, str]], start: int, indent: int) -> tuple[Any, int]:
    is_list = lines[start][1].startswith("- ")
    result: Any = [] if is_list else {}
    i = start
    while i < len(lines) and lines[i][0] == indent:
        text = lines[i][1]
        if is_list:
            assert text.startswith("- "), f"compose.yaml: a list mixed with a mapping at {text!r}"
            result.append(_scalar(text[2:].strip()))
            i += 1
            continue
        key, colon, rest = text.partition(":")
        assert colon and not key.startswith("- "), f"compose.yaml: cannot read {text!r}"
        i += 1
        if rest.strip():
            result[key.strip()] = _scalar(rest.strip())
        elif i < len(lines) and lines[i][0] > indent:
            result[key.strip()], i = _block(lines, i, lines[i][0])
        else:
            result[key.strip()] = None
    assert i == len(lines) or lines[i][0] < indent, f"compose.yaml: unexpected indentation at {lines[i][1]!r}"
    return result, i


def _scalar(text: str) -> Any:
    if text.startswith("["):
        return json.loads(text)
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    return text
