"""A server's leaderboard for one game as a PNG: rank, member, rating, games and wins, legible on a phone."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from renderers.ranked_list import MARGIN, ROW_HEIGHT, SMALL_SIZE, WIDTH, Cell, Column, Row, draw_ranked_list

__all__ = ["ROW_HEIGHT", "SMALL_SIZE", "WIDTH", "draw_leaderboard"]

PROVISIONAL_MARK = "*"
COLUMNS = (Column("Rating", 500), Column("Games", 614), Column("Wins", WIDTH - MARGIN))


def draw_leaderboard(title: str, rows: Sequence[Mapping[str, object]], rated: int) -> bytes:
    """PNG bytes of a leaderboard: `rows` are dicts of rank, name, rating, provisional, games and wins, best first."""
    members = f"{rated:,} member{'s' if rated != 1 else ''} rated on this server"
    return draw_ranked_list(f"{title} leaderboard", members, COLUMNS, [_row(r) for r in rows],
                            empty="Nobody is rated yet.",
                            footer=f"{PROVISIONAL_MARK} provisional: fewer than 5 rated games")


def _row(row: Mapping[str, object]) -> Row:
    provisional = bool(row["provisional"])
    rating = Cell(f"{int(str(row['rating'])):,}", strong=True, muted=provisional,
                  mark=PROVISIONAL_MARK if provisional else "")
    return Row(int(str(row["rank"])), str(row["name"]),
               (rating, Cell(f"{int(str(row['games'])):,}"), Cell(f"{int(str(row['wins'])):,}")))
