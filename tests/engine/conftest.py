"""Fixtures for the engine tests: dice that fall as a test scripts them."""

from __future__ import annotations

import pytest

from airships_helpers import ScriptedDice


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> ScriptedDice:
    """Call `dice(3, 2, 2)` to script the next dice thrown (white, then red, then black, as the engine rolls)."""
    return ScriptedDice().install(monkeypatch)
