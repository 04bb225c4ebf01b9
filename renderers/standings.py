"""A league season's standings as a PNG: rank, member, points, opponents' points and games, legible on a phone."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from renderers.ranked_list import (
    MARGIN, MAX_ROWS, ROW_HEIGHT, SMALL_SIZE, WIDTH, Cell, Column, Row, draw_ranked_list,
)

__all__ = ["MAX_ROWS", "ROW_HEIGHT", "SMALL_SIZE", "WIDTH", "draw_standings", "points_text"]

COLUMNS = (Column("Points", 470), Column("Opp.", 600), Column("Games", WIDTH - MARGIN))


def draw_standings(title: str, subtitle: str, rows: Sequence[Mapping[str, object]]) -> bytes:
    """PNG bytes of standings: `rows` are dicts of rank, name, points, opponents (points) and games, best first."""
    return draw_ranked_list(title, subtitle, COLUMNS, [_row(r) for r in rows], empty="Nobody has signed up yet.",
                            footer="Opp.: the points of everyone they sat with (tie-break)")


def points_text(value: object) -> str:
    """'4', '2.5': half points from shared places show, whole ones stay whole."""
    number = float(str(value))
    return f"{number:g}" if number != int(number) else f"{int(number):,}"


def _row(row: Mapping[str, object]) -> Row:
    return Row(int(str(row["rank"])), str(row["name"]),
               (Cell(points_text(row["points"]), strong=True), Cell(points_text(row["opponents"]), muted=True),
                Cell(f"{int(str(row['games'])):,}")))
