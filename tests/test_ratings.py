"""League ratings are openskill's Plackett–Luce ratings, number for number.

scorekeeper.ratings does openskill 6.2's arithmetic on plain pairs; here openskill itself
rates the same random games, and every mu and sigma must be the same float.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from scorekeeper import ratings
from scorekeeper.rules.base import Table
from scorekeeper.standings import LeagueGame, rate_games

OPENSKILL = PlackettLuce()

skills = st.tuples(
    st.floats(min_value=-50, max_value=100, allow_nan=False),
    st.floats(min_value=0.01, max_value=12, allow_nan=False),
)


@st.composite
def games(draw: st.DrawFn) -> tuple[list[list[tuple[float, float]]], list[float]]:
    """Two to six sides of one to three players each, placed with ties allowed."""
    sides = draw(st.integers(min_value=2, max_value=6))
    size = draw(st.integers(min_value=1, max_value=3))
    teams = [draw(st.lists(skills, min_size=size, max_size=size)) for _ in range(sides)]
    ranks = [float(draw(st.integers(min_value=1, max_value=sides))) for _ in range(sides)]
    return teams, ranks


def openskill_rate(
    teams: list[list[tuple[float, float]]], ranks: list[float]
) -> list[list[tuple[float, float]]]:
    rated = OPENSKILL.rate(
        [[OPENSKILL.rating(mu=mu, sigma=sigma) for mu, sigma in team] for team in teams],
        ranks=ranks,
    )
    return [[(player.mu, player.sigma) for player in team] for team in rated]


@settings(deadline=None, max_examples=500)
@given(games())
def test_one_game_is_rated_exactly_as_openskill_rates_it(
    game: tuple[list[list[tuple[float, float]]], list[float]],
) -> None:
    teams, ranks = game
    assert ratings.rate(teams, ranks) == openskill_rate(teams, ranks)


PLAYERS = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus")


@st.composite
def leagues(draw: st.DrawFn) -> list[LeagueGame]:
    """A run of finished games among seven players: free-for-all and partnerships."""
    played = []
    for n in range(draw(st.integers(min_value=1, max_value=40))):
        if draw(st.booleans()):
            seated = draw(st.permutations(PLAYERS))[:4]
            table = Table(tuple(seated), ("Us", "Them"))
        else:
            count = draw(st.integers(min_value=2, max_value=5))
            table = Table(tuple(draw(st.permutations(PLAYERS))[:count]))
        totals = {side: draw(st.integers(min_value=0, max_value=200)) for side in table.sides}
        winners = (max(table.sides, key=lambda side: totals[side]),)
        played.append(
            LeagueGame(
                id=f"g{n}",
                ruleset="block",
                table=table,
                totals=totals,
                winners=winners,
                finished=True,
                created_at=f"2026-01-01T00:00:{n:02d}.000+00:00",
                version=1,
            )
        )
    return played


@settings(deadline=None, max_examples=100)
@given(leagues())
def test_a_league_is_rated_game_after_game_as_openskill_rates_it(played: list[LeagueGame]) -> None:
    """The standings' fold, carrying each player's rating on, against openskill's own objects."""
    current = {}
    for game, rated in zip(played, rate_games(played), strict=True):
        teams = [
            [current.get(key) or OPENSKILL.rating() for key in keys] for keys, _ in game.placing
        ]
        ranks = [float(place) for _, place in game.placing]
        for (keys, _), team in zip(game.placing, OPENSKILL.rate(teams, ranks=ranks), strict=True):
            for key, player in zip(keys, team, strict=True):
                current[key] = player
                assert rated.after[key] == (player.mu, player.sigma)
