"""Air Alliance's manifest: where the platform finds its rules, AI, look-ahead, board and sentences."""

from __future__ import annotations

from engine.manifest import GameManifest, LookAhead
from engine.rules.air_alliance import GAME, events

MANIFEST = GameManifest(
    rules=GAME,
    ai="engine.rules.air_alliance.ai",
    renderer="renderers.air_alliance.render",
    sentences=events.SENTENCES,
    # A world of Air Alliance is dear, and more of them is what its strong level needs (8 worlds won 58.8% of 200
    # games against the standard level, 24 about three in four of shorter runs): it weighs two streams of 8 (67.0%
    # of 200), which the bot weighs at once in two worker processes, each in about what a second buys on one core
    # (docs/ai.md, "The AI levels in the arena").
    look_ahead=LookAhead(samples=16, streams=2),
)
