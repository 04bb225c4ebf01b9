"""The scale benchmark weighs the bot and every process it starts: RSS, PSS (what they hold in all) and USS."""

from __future__ import annotations

import os
import subprocess
import sys

from benchmarks.memory import by_role, descendants, footprint, footprints, pss_total


def test_a_process_and_those_it_started_are_weighed_by_role() -> None:
    child = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    try:
        assert child.pid in descendants(os.getpid())
        found = footprints(os.getpid(), {child.pid: "drawing"})
        roles = by_role(found)
        assert roles["bot"]["processes"] == 1 and roles["drawing"]["processes"] == 1
        for each in found:  # a shared page counts whole in RSS, split in PSS, not at all in USS
            assert 0 < each.uss <= each.pss <= each.rss
        assert pss_total(found) <= sum(each.rss for each in found)
    finally:
        child.communicate(b"")
    assert footprint(child.pid, "drawing") is None  # ended: nothing to weigh
