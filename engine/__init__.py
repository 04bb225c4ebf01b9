"""Contrail's game engine: the registry of games and the contract they share."""

from __future__ import annotations

import importlib

from engine.core import (
    Action,
    Chooser,
    EndReason,
    Game,
    GameAI,
    GameError,
    GameOver,
    IllegalAction,
    NotYourTurn,
    Outcome,
    StaleAction,
    replay,
)

# slug -> module under engine.rules; each module exposes GAME
_GAMES: dict[str, str] = {
    "airships": "engine.rules.airships",
    "air-alliance": "engine.rules.air_alliance",
    "1930": "engine.rules.golden_age",
}

__all__ = [
    "Action",
    "Chooser",
    "EndReason",
    "Game",
    "GameAI",
    "GameError",
    "GameOver",
    "IllegalAction",
    "NotYourTurn",
    "Outcome",
    "StaleAction",
    "check_games",
    "game_package",
    "get_ai",
    "get_game",
    "list_games",
    "replay",
]


def list_games() -> list[str]:
    """The slugs of every game Contrail can host."""
    return list(_GAMES)


def game_package(slug: str) -> str:
    """The name of a game's package; raises GameError naming the games there are."""
    try:
        return _GAMES[slug]
    except KeyError:
        raise GameError(f"There is no game called {slug!r}. Games: {', '.join(_GAMES)}.") from None


def get_game(slug: str) -> Game:
    """The game for a slug; raises GameError like game_package."""
    game: Game = importlib.import_module(game_package(slug)).GAME
    return game


def get_ai(slug: str) -> GameAI:
    """The AI players of a game (its package's `ai` module); raises GameError like game_package."""
    module: GameAI = importlib.import_module(f"{game_package(slug)}.ai")
    return module


def check_games() -> None:
    """Load every game and deal one table, so a broken data file stops the bot at start, naming its entry."""
    for slug in _GAMES:
        game = get_game(slug)
        game.setup(game.min_players, seed=0)
