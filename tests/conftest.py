"""Options shared by the whole test suite."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    # The engine fuzz tests: random games per player count (`--playouts 20000` for a long run).
    parser.addoption("--playouts", type=int, default=1000, help="random games per player count in the engine playouts")
