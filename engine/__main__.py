"""Command line: `python -m engine` simulate (random games), arena (policies), replay (an export), stats (figures)."""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from pathlib import Path
from typing import Any

import engine
from engine.cli.arena import POLICIES, arena
from engine.core import Action, GameError
from engine.platform.wording import tableless
from engine.options import read_options
from engine.platform.export import ExportError, parse_export, replay_export, view_fingerprint
from engine.cli.simulate import play_random
from engine.cli.stats import stats_command


def simulate(args: argparse.Namespace) -> int:
    game = engine.get_game(args.game)
    if not game.min_players <= args.players <= game.max_players:
        print(f"{game.title} is for {game.min_players} to {game.max_players} players.", file=sys.stderr)
        return 2

    finished = errors = actions = 0
    started = time.perf_counter()
    for index in range(args.games):
        seed = args.seed + index
        step = 0

        def on_move(state: Any, seat: int, action: Action) -> None:
            nonlocal step
            view = game.view(state, None)
            if index == 0 and not args.json:  # noqa: B023  # called only while this game plays
                who = "" if seat < 0 else f"{view.seat_names[seat]}: {action.label}\n  "
                print(f"[{step}] {who}" + "\n  ".join(tableless(game.sentences, view).events_words or ()))
            step += 1

        try:
            playout = play_random(game, args.players, seed, on_move=on_move if index == 0 else None)
        except Exception:  # a simulator reports every broken game rather than stopping at the first
            errors += 1
            print(f"game {index} (seed {seed}) failed:\n{traceback.format_exc()}", file=sys.stderr)
            continue
        actions += len(playout.moves)
        outcome = game.outcome(playout.state)
        if outcome is not None:
            finished += 1
        if not args.json:
            scores = ", ".join(f"{n} {s}" for n, s in zip(game.view(playout.state, None).seat_names, outcome.scores)) if outcome else "unfinished"
            print(f"game {index} (seed {seed}): {len(playout.moves)} actions; {scores}")
    seconds = time.perf_counter() - started
    summary = {"game": game.slug, "players": args.players, "games": args.games, "finished": finished,
               "errors": errors, "actions": actions, "seconds": round(seconds, 3)}
    print(json.dumps(summary) if args.json else f"{finished}/{args.games} finished, {errors} errors, "
          f"{actions} actions in {seconds:.2f} s")
    return 1 if errors else 0


def arena_command(args: argparse.Namespace) -> int:
    seats = [name.strip() for name in args.seats.split(",") if name.strip()]
    try:
        options = read_options(engine.get_game(args.game), args.options)
        result = arena(args.game, args.players, args.games, args.seed, seats, options, args.jobs, args.log)
    except GameError as error:  # a bad table or seat list: one line, like argparse's own errors
        print(f"python -m engine arena: {error}", file=sys.stderr)
        return 2
    if not args.json:
        print("\n".join(result.summary()))
    print(result.to_json())
    return 0


def replay_command(args: argparse.Namespace) -> int:
    """Replay an export from /game export: the final places and scores, or why the file does not replay (exit 1)."""
    try:
        text = args.file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        print(f"python -m engine replay: can't read {args.file}: {error}", file=sys.stderr)
        return 1
    try:
        replayed = replay_export(parse_export(text))
    except ExportError as error:
        print(f"python -m engine replay: {args.file}: {error}", file=sys.stderr)
        return 1
    export, outcome = replayed.export, replayed.outcome
    names = [seat.name for seat in export.seats]
    places: list[int | None] = [None] * len(names)
    if outcome is not None:
        place = 1
        for group in outcome.ranking:
            for seat in group:
                places[seat] = place
            place += len(group)
    if args.json:
        game = engine.get_game(export.slug)
        print(json.dumps({
            "game": export.slug, "game_id": export.game_id, "status": export.status, "moves": replayed.moves,
            "seats": names, "scores": list(outcome.scores) if outcome else None, "places": places,
            "final_view_sha256": view_fingerprint(game, replayed.state),
            "pack": export.pack.name if export.pack else None,
        }))
        return 0
    print(f"{export.title} #{export.game_id} ({export.status}): {replayed.moves} moves replayed, "
          "the same final position as recorded.")
    if export.pack:
        print(f"Played with the card pack {export.pack.name!r} (carried in the file).")
    if outcome is None:
        print("No final scores: the game was abandoned before its end.")
        return 0
    for seat in sorted(range(len(names)), key=lambda s: places[s] or 0):
        print(f"{places[seat]}. {names[seat]}: {outcome.score_text(seat)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Contrail's game engine tools.")
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="play random games through the engine")
    sim.add_argument("game", choices=engine.list_games())
    sim.add_argument("--players", type=int, default=3)
    sim.add_argument("--games", type=int, default=1)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--json", action="store_true", help="end with one JSON line of figures")
    duel = commands.add_parser("arena", help="play seat policies against each other, seats rotating")
    duel.add_argument("game", choices=engine.list_games())
    duel.add_argument("--players", type=int, default=2)
    duel.add_argument("--games", type=int, default=100)
    duel.add_argument("--seed", type=int, default=1)
    duel.add_argument("--seats", required=True, metavar="POLICIES",
                      help=f"one policy per seat, comma-separated ({', '.join(POLICIES)}), e.g. ai,random")
    duel.add_argument("--options", default="none", metavar="RULES",
                      help="optional rules switched on, comma-separated, or 'all' (as at /game new)")
    duel.add_argument("--jobs", type=int, default=1, help="processes to play the games in (the figures do not change)")
    duel.add_argument("--log", type=Path, metavar="FILE",
                      help="keep each game in FILE as it ends; run again with it to play only the games it lacks")
    duel.add_argument("--json", action="store_true", help="print only the JSON line of figures")
    again = commands.add_parser("replay", help="replay a game exported with /game export and print its result")
    again.add_argument("file", type=Path, metavar="FILE", help="the JSON file /game export gave")
    again.add_argument("--json", action="store_true", help="print one JSON line instead of words")
    figures = commands.add_parser("stats", help="a game's figures over every server's finished games")
    figures.add_argument("game", choices=engine.list_games())
    figures.add_argument("--database", metavar="PATH_OR_URL",
                         help="the SQLite file or PostgreSQL URL (default: DATABASE_URL, else DATABASE_PATH)")
    figures.add_argument("--json", action="store_true", help="print one JSON line instead of the table")
    args = parser.parse_args(argv)
    if args.command == "stats":
        return stats_command(args.game, args.database, args.json)
    handlers = {"arena": arena_command, "replay": replay_command, "simulate": simulate}
    return handlers[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
