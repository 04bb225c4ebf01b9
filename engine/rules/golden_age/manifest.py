"""1930's manifest: where the platform finds its rules, AI, look-ahead, board and sentences (engine.manifest)."""

from __future__ import annotations

from engine.manifest import GameManifest, LookAhead
from engine.rules.golden_age import GAME, events

MANIFEST = GameManifest(
    rules=GAME,
    ai="engine.rules.golden_age.ai",
    renderer="renderers.golden_age.render",
    sentences=events.SENTENCES,
    look_ahead=LookAhead(),  # the platform's defaults won 68.0% of 200 games against the standard level (docs/ai.md)
)
