"""Plackett–Luce ratings, the arithmetic of openskill 6.2 on plain (mu, sigma) pairs.

openskill's `PlackettLuce().rate(teams, ranks=…)` with its defaults is what the league
standings are defined by; it spends most of its time deep-copying its inputs and making
a uuid4 for every new rating object. This module does the same operations in the same
order on tuples, so its numbers are openskill's to the last bit
(tests/test_ratings.py holds it to openskill over random games), in a fraction of the
time: a 10,000-game league is rated again after an early correction.

Only what the standings use is here: ranks (no scores, weights or margins), no
`limit_sigma`, no `balance`.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from math import exp, sqrt

Skill = tuple[float, float]  # (mu, sigma)

# openskill 6.2's PlackettLuce defaults.
MU = 25.0
SIGMA = 25.0 / 3.0
BETA = 25.0 / 6.0
KAPPA = 0.0001
TAU = 25.0 / 300.0
NEWCOMER: Skill = (MU, SIGMA)


TAU_SQUARED = TAU * TAU
BETA_SQUARED = BETA**2


def rate(teams: Sequence[Sequence[Skill]], ranks: Sequence[float]) -> list[list[Skill]]:
    """Each team's players after a game where team i placed `ranks[i]` (1 is first; ties share)."""
    # Teams in order of rank (a stable sort, as openskill's), each player's sigma widened by
    # tau; a team's mu and sigma² are its players' summed in order of their ordinal.
    order = sorted(range(len(teams)), key=ranks.__getitem__)
    rank = [int(ranks[i]) for i in order]
    players: list[list[Skill]] = []
    team_mu: list[float] = []
    team_ss: list[float] = []
    collective = 0.0
    for i in order:
        widened = [(mu, sqrt(sigma * sigma + TAU_SQUARED)) for mu, sigma in teams[i]]
        mu_summed = 0.0
        sigma_squared_summed = 0.0
        for mu, sigma in (
            sorted(widened, key=ordinal, reverse=True) if len(widened) > 1 else widened
        ):
            mu_summed += mu
            sigma_squared_summed += sigma**2
        players.append(widened)
        team_mu.append(mu_summed)
        team_ss.append(sigma_squared_summed)
        collective += sigma_squared_summed + BETA_SQUARED
    c = sqrt(collective)
    c_squared = c**2
    strength = [exp(mu / c) for mu in team_mu]
    # The ranks are in order: the teams placed at or below a rank start where it first
    # appears, those at or above it end where it last does.
    count = len(rank)
    sum_q = []
    for r in rank:
        summed = 0.0
        for each in strength[bisect_left(rank, r) :]:
            summed += each
        sum_q.append(summed)
    tied = [float(bisect_right(rank, r) - bisect_left(rank, r)) for r in rank]

    rated: list[list[Skill]] = [[] for _ in range(count)]
    for i in range(count):
        omega = 0.0
        delta = 0.0
        mine = strength[i]
        for q in range(bisect_right(rank, rank[i])):
            share = mine / sum_q[q]
            delta += share * (1 - share) / tied[q]
            if q == i:
                omega += (1 - share) / tied[q]
            else:
                omega -= share / tied[q]
        sigma_squared = team_ss[i]
        omega *= sigma_squared / c
        delta *= sigma_squared / c_squared
        delta *= sqrt(sigma_squared) / c  # openskill's default gamma
        rated[order[i]] = [
            (
                mu + (sigma**2 / sigma_squared) * omega,
                sigma * sqrt(max(1 - (sigma**2 / sigma_squared) * delta, KAPPA)),
            )
            for mu, sigma in players[i]
        ]
    return rated


def ordinal(skill: Skill) -> float:
    """openskill's ordinal (mu − 3σ): the order in which a team's players are summed."""
    return skill[0] - 3.0 * skill[1]
