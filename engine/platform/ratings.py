"""The rating maths: one Plackett-Luce rating per member and game, updated from each finished game's places."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import groupby
from statistics import fmean

from openskill.models import PlackettLuce

from engine.core import EndReason, Outcome

# openskill's defaults (mu 25, sigma 25/3, tau 25/300): written out so a change of the library's defaults cannot
# silently change every rating; recompute() replays the stored results if we ever choose other values.
MU = 25.0
SIGMA = MU / 3
TAU = MU / 300
MODEL = PlackettLuce(mu=MU, sigma=SIGMA, tau=TAU)

# The shown number is the ordinal (mu - 3 sigma: a rating the player is very likely above), scaled so that a new
# player (ordinal 0) shows 1500 and one point of mu is worth 20: good players end near 2000, beginners near 1300.
BASE = 1500
SCALE = 20
Z = 3
PROVISIONAL_GAMES = 5  # under this many rated games the number is still settling

AI_USER = 0  # results and ratings of "Contrail AI": every seat the bot played from the start
AI_NAME = "Contrail AI"


@dataclass(frozen=True)
class Skill:
    """A member's rating for one game on one server: openskill's mu and sigma, and what they came from."""

    mu: float = MU
    sigma: float = SIGMA
    games: int = 0
    wins: int = 0

    @property
    def ordinal(self) -> float:
        return self.mu - Z * self.sigma

    @property
    def number(self) -> float:
        """The rating as shown (before rounding): 1500 for a new player."""
        return shown(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


NEW = Skill()


def shown(mu: float, sigma: float) -> float:
    """The displayed number for a rating: BASE + SCALE * (mu - 3 sigma)."""
    return BASE + SCALE * (mu - Z * sigma)


def shown_text(skill: Skill) -> str:
    """'1,532' or '1,532 (provisional)'."""
    return f"{round(skill.number):,}" + (" (provisional)" if skill.provisional else "")


@dataclass(frozen=True)
class Placed:
    """One seat of a finished game as the ratings see it: who played it and where it finished (1 = first)."""

    seat: int
    user_id: int  # AI_USER for a seat the bot played from the start
    name: str
    place: int
    score: float | None = None


def places(outcome: Outcome) -> dict[int, int]:
    """Each seat's place from the outcome's ranking groups: tied seats share the best place ('1, 2, 2, 4')."""
    found: dict[int, int] = {}
    for group in outcome.ranking:
        place = len(found) + 1
        found.update((seat, place) for seat in group)
    return found


def rated_outcome(outcome: Outcome | None) -> bool:
    """Only a game that ended by its rules counts; an abandoned one never does."""
    return outcome is not None and outcome.reason is EndReason.FINISHED and bool(outcome.ranking)


def rate_game(seats: list[Placed], before: Mapping[int, Skill]) -> dict[int, Skill]:
    """The new Skill of every member of one finished game, from their Skills before it (missing: new).

    Each seat is its own team. Contrail AI may hold several seats: each plays at the AI's rating from before the
    game, and the AI's new mu and sigma are the means of those seats' (it played one game, won if any seat won).
    """
    if len(seats) < 2:
        return {}
    old = [before.get(s.user_id, NEW) for s in seats]
    teams = [[MODEL.rating(mu=o.mu, sigma=o.sigma)] for o in old]
    rated = MODEL.rate(teams, ranks=[float(s.place) for s in seats])
    new: dict[int, list[tuple[float, float]]] = {}
    for seat, team in zip(seats, rated):
        new.setdefault(seat.user_id, []).append((team[0].mu, team[0].sigma))
    won = {s.user_id for s in seats if s.place == 1}
    result: dict[int, Skill] = {}
    for user_id, values in new.items():
        was = before.get(user_id, NEW)
        mu = values[0][0] if len(values) == 1 else fmean(v[0] for v in values)
        sigma = values[0][1] if len(values) == 1 else fmean(v[1] for v in values)
        result[user_id] = Skill(mu, sigma, was.games + 1, was.wins + (user_id in won))
    return result


@dataclass(frozen=True)
class StoredResult:
    """One row of the results table: a seat of a rated game, in the order the games were rated."""

    rated: int  # the game's turn in the order of rating
    game_id: int
    guild_id: int
    slug: str
    seat: int
    user_id: int
    name: str
    place: int
    score: float | None = None


RatingKey = tuple[int, str, int]  # (guild, game slug, member)


def recompute(results: Iterable[StoredResult]) -> dict[RatingKey, Skill]:
    """Every rating rebuilt from the stored results, game by game in `rated` order: equals the stored ratings."""
    ordered = sorted(results, key=lambda r: (r.rated, r.seat))
    skills: dict[RatingKey, Skill] = {}
    for _, rows in groupby(ordered, key=lambda r: r.rated):
        game = list(rows)
        guild, slug = game[0].guild_id, game[0].slug
        before = {r.user_id: skills[(guild, slug, r.user_id)] for r in game if (guild, slug, r.user_id) in skills}
        seats = [Placed(r.seat, r.user_id, r.name, r.place, r.score) for r in game]
        for user_id, skill in rate_game(seats, before).items():
            skills[(guild, slug, user_id)] = skill
    return skills
