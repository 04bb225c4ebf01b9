"""Command line: `python -m renderers simulate <game>` draws the board after every move of one random game."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import engine
from engine.cli.simulate import play_random
from engine.core import Action
from engine.platform.wording import tableless
from renderers import RENDERERS, render


def simulate(args: argparse.Namespace) -> int:
    """Play one random game as `python -m engine simulate` plays its game 0 (same seed, same moves) and write
    the board the bot would post after each move, from the setup on, as DIR/0000.png, DIR/0001.png, ..."""
    game = engine.get_game(args.game)
    if not game.min_players <= args.players <= game.max_players:
        print(f"{game.title} is for {game.min_players} to {game.max_players} players.", file=sys.stderr)
        return 2
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    written = 0

    def on_move(state: Any, seat: int, action: Action) -> None:
        nonlocal written
        (out / f"{written:04d}.png").write_bytes(render(game.slug, tableless(game.sentences, game.view(state, None))))
        written += 1

    playout = play_random(game, args.players, args.seed, on_move=on_move)
    ending = "finished" if playout.finished else "unfinished"
    print(f"{game.title}, {args.players} players, seed {args.seed}: {len(playout.moves)} actions ({ending}); "
          f"{written} board images written to {out}/")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m renderers", description="Contrail's board images.")
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="draw the board after every move of one random game")
    # Only games both hosted and drawn: a game the engine has but no renderer draws could only fail later.
    sim.add_argument("game", choices=sorted(set(engine.list_games()) & set(RENDERERS)))
    sim.add_argument("--players", type=int, default=3)
    sim.add_argument("--seed", type=int, default=1, help="the game's seed, as `python -m engine simulate --seed`")
    sim.add_argument("--out", type=Path, required=True, metavar="DIR", help="the folder the PNG images go into")
    args = parser.parse_args(argv)
    return simulate(args)


if __name__ == "__main__":
    sys.exit(main())
