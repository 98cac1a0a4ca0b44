"""Plackett–Luce ratings, the arithmetic of openskill 6.2 on plain (mu, sigma) pairs.

openskill's `PlackettLuce().rate(teams, ranks=…)` with its defaults is what the league
standings are defined by; it spends most of its time deep-copying its inputs and making
a uuid4 for every new rating object. This module does the same operations in the same
order on tuples, so its numbers are openskill's to the last bit
(tests/test_ratings.py holds it to openskill over random games), in a fraction of the
time: a 10,000-game league is rated again after an early correction.

What a game's placing alone decides (the teams' order, who is level with whom) is worked
out once per placing (`Shape`); a league's fold then rates each game straight from and
into the players' current ratings by key (`rate_into`), making no list of teams.

Only what the standings use is here: ranks (no scores, weights or margins), no
`limit_sigma`, no `balance`.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Hashable, Sequence
from functools import lru_cache
from math import exp, sqrt
from typing import NamedTuple, TypeVar

Skill = tuple[float, float]  # (mu, sigma)
Key = TypeVar("Key", bound=Hashable)

# openskill 6.2's PlackettLuce defaults.
MU = 25.0
SIGMA = 25.0 / 3.0
BETA = 25.0 / 6.0
KAPPA = 0.0001
TAU = 25.0 / 300.0
NEWCOMER: Skill = (MU, SIGMA)


TAU_SQUARED = TAU * TAU
BETA_SQUARED = BETA**2


class Shape(NamedTuple):
    """What rating a game takes from its ranks alone, the same for every game placed alike."""

    order: tuple[int, ...]  # the teams in order of rank (a stable sort, as openskill's)
    # Where each rank's teams start, for each rank placed, in order: the teams placed at or
    # below a rank are those from there on.
    starts: tuple[int, ...]
    # For each team in order of rank, each term of its update: for every team placed above
    # or level with it (q), which of `starts` begins q's rank, how many teams share q's
    # rank, and whether q is this team.
    terms: tuple[tuple[tuple[int, float, bool], ...], ...]


@lru_cache(maxsize=1024)
def shape(ranks: tuple[float, ...]) -> Shape:
    """The shape of a game where team i placed `ranks[i]` (1 is first; ties share)."""
    order = tuple(sorted(range(len(ranks)), key=ranks.__getitem__))
    rank = [int(ranks[i]) for i in order]
    starts = sorted({bisect_left(rank, r) for r in rank})
    begins = [starts.index(bisect_left(rank, r)) for r in rank]
    tied = [float(bisect_right(rank, r) - bisect_left(rank, r)) for r in rank]
    terms = tuple(
        tuple((begins[q], tied[q], q == i) for q in range(bisect_right(rank, rank[i])))
        for i in range(len(rank))
    )
    return Shape(order, tuple(starts), terms)


def rate(teams: Sequence[Sequence[Skill]], ranks: Sequence[float]) -> list[list[Skill]]:
    """Each team's players after a game where team i placed `ranks[i]` (1 is first; ties share)."""
    current = {(i, j): skill for i, team in enumerate(teams) for j, skill in enumerate(team)}
    keys = [[(i, j) for j in range(len(team))] for i, team in enumerate(teams)]
    after = rate_into(current, keys, shape(tuple(ranks)))
    return [[after[key] for key in team] for team in keys]


def rate_into(
    current: dict[Key, Skill], teams: Sequence[Sequence[Key]], placed: Shape
) -> dict[Key, Skill]:
    """Rate a game among players known by key: team i holds the keys `teams[i]` and placed
    as `placed` says. Each player's rating is read from `current` (a newcomer's if absent)
    and replaced there by the new one; the new ones are returned too.

    The arithmetic of `rate`, written for a league's fold: one pass, plain locals.
    """
    order, starts, terms = placed
    known = current.get
    # Teams in order of rank, each player's sigma widened by tau; a team's mu and sigma²
    # are its players' summed in order of their ordinal (openskill sorts them; for one or
    # two players any order sums the same).
    players: list[list[tuple[Key, float, float]]] = []  # (key, mu, widened sigma)
    team_mu: list[float] = []
    team_ss: list[float] = []
    collective = 0.0
    for i in order:
        widened = []
        for key in teams[i]:
            mu, sigma = known(key, NEWCOMER)
            widened.append((key, mu, sqrt(sigma * sigma + TAU_SQUARED)))
        mu_summed = 0.0
        sigma_squared_summed = 0.0
        for _, mu, sigma in (
            sorted(widened, key=ordinal, reverse=True) if len(widened) > 2 else widened
        ):
            mu_summed += mu
            sigma_squared_summed += sigma**2
        players.append(widened)
        team_mu.append(mu_summed)
        team_ss.append(sigma_squared_summed)
        collective += sigma_squared_summed + BETA_SQUARED
    c = sqrt(collective)
    c_squared = c**2
    strength = []
    for mu in team_mu:
        strength.append(exp(mu / c))
    # The strengths of the teams placed at or below each rank, summed from the first on.
    sums = []
    for start in starts:
        summed = 0.0
        for each in strength[start:]:
            summed += each
        sums.append(summed)

    after: dict[Key, Skill] = {}
    for widened, mine, sigma_squared, own_terms in zip(
        players, strength, team_ss, terms, strict=True
    ):
        omega = 0.0
        delta = 0.0
        for begins, tied, is_own in own_terms:
            share = mine / sums[begins]
            delta += share * (1 - share) / tied
            if is_own:
                omega += (1 - share) / tied
            else:
                omega -= share / tied
        omega *= sigma_squared / c
        delta *= sigma_squared / c_squared
        delta *= sqrt(sigma_squared) / c  # openskill's default gamma
        for key, mu, sigma in widened:
            part = sigma**2 / sigma_squared
            shrink = 1 - part * delta
            if shrink < KAPPA:  # max(shrink, KAPPA), to the bit
                shrink = KAPPA
            after[key] = current[key] = (mu + part * omega, sigma * sqrt(shrink))
    return after


def ordinal(player: tuple[object, float, float]) -> float:
    """openskill's ordinal (mu − 3σ) of a (key, mu, sigma): the order in which a team's
    players are summed."""
    return player[1] - 3.0 * player[2]
