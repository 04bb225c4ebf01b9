"""Tests read a state's events in words: today's sentences (or its edition's), each seat as '{pN}'."""

from __future__ import annotations

from typing import Any

from engine.events import Event
from engine.rules.air_alliance import events as air_alliance
from engine.rules.air_alliance.state import AirAllianceState
from engine.rules.airships import events as airships
from engine.rules.airships.state import AirshipsState
from engine.rules.golden_age import events as golden_age
from engine.rules.golden_age.state import GoldenAgeState
from engine.sentences import Sentences

CATALOGUES: dict[type, Sentences] = {
    AirshipsState: airships.SENTENCES, AirAllianceState: air_alliance.SENTENCES, GoldenAgeState: golden_age.SENTENCES,
}


def said(state: Any, events: list[Event] | None = None) -> list[str]:
    """The state's events (or `events`, of its game) in the words of its edition, seats named '{p0}', '{p1}'..."""
    return CATALOGUES[type(state)].lines(list(state.events if events is None else events), edition=getattr(state, "edition", None))
