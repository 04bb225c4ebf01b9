"""Each process's memory from /proc: resident (RSS), proportional (PSS) and its own (USS), by the part it plays.

RSS counts a page shared by several processes (the interpreter, libraries, what a forked worker shares with the
process it was forked from) in each of them, so a sum of RSS overstates what they hold together. PSS splits each
shared page among its sharers: the sum of PSS is what the processes hold in all, and the figure the targets use.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

KB_PER_MB = 1024


@dataclass(frozen=True)
class Footprint:
    """One process's memory, in MB."""

    role: str  # bot, drawing, thinking, or helper (multiprocessing's own: the fork server, the resource tracker)
    pid: int
    rss: float
    pss: float
    uss: float  # its private pages: what ending it would give back


def footprint(pid: int, role: str) -> Footprint | None:
    """A process's memory now; None for one that has ended (or that this user may not read)."""
    try:
        lines = Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]
    except OSError:
        return None
    kb = {key: int(value.split()[0]) for key, value in (line.split(":", 1) for line in lines if ":" in line)}
    private = kb.get("Private_Clean", 0) + kb.get("Private_Dirty", 0)
    return Footprint(role, pid, kb.get("Rss", 0) / KB_PER_MB, kb.get("Pss", 0) / KB_PER_MB, private / KB_PER_MB)


def descendants(pid: int) -> list[int]:
    """Every process started by `pid`, and by those, and so on (a fork server's workers too)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue  # a process that ended while we looked
        children.setdefault(parent, []).append(int(stat.parent.name))
    found, waiting = [], list(children.get(pid, []))
    while waiting:
        child = waiting.pop()
        found.append(child)
        waiting.extend(children.get(child, []))
    return sorted(found)


def footprints(pid: int, roles: Mapping[int, str]) -> list[Footprint]:
    """`pid` (the bot) and every process it started, each named by `roles` (pid to role) or else a helper."""
    found = [footprint(pid, "bot")] + [footprint(child, roles.get(child, "helper")) for child in descendants(pid)]
    return [each for each in found if each is not None]


def by_role(found: list[Footprint]) -> dict[str, dict[str, float]]:
    """The processes of each role together: how many, and their RSS, PSS and USS summed (MB, one decimal)."""
    roles: dict[str, dict[str, float]] = {}
    for each in found:
        sums = roles.setdefault(each.role, {"processes": 0, "rss": 0.0, "pss": 0.0, "uss": 0.0})
        sums["processes"] += 1
        sums["rss"] += each.rss
        sums["pss"] += each.pss
        sums["uss"] += each.uss
    return {role: {key: round(value, 1) for key, value in sums.items()} for role, sums in roles.items()}


def pss_total(found: list[Footprint]) -> float:
    """What the processes hold in all, in MB: their PSS summed (each shared page counted once)."""
    return round(sum(each.pss for each in found), 1)
