"""Airships' manifest: where the platform finds its rules, AI, look-ahead, board and sentences (engine.manifest)."""

from __future__ import annotations

from engine.manifest import GameManifest, LookAhead
from engine.rules.airships import GAME, events

MANIFEST = GameManifest(
    rules=GAME,
    ai="engine.rules.airships.ai",
    renderer="renderers.airships.render",
    sentences=events.SENTENCES,
    # Airships' worlds are cheap and its close calls need many of them against the dice: 6 choices in up to 48
    # worlds, steadied by the dice's luck, won 62.3% (seed 1) and 60.0% (seed 0) of 200 games against the standard
    # level; unsteadied they won 58.2% and 58.5%, and seventeen other look-aheads and judges did no better
    # (docs/ai.md, "The AI levels in the arena", keeps every trial and its figures).
    look_ahead=LookAhead(keep=6, samples=48, confidence=1.0),
)
