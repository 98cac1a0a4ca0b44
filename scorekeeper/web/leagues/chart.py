"""A player's rating over time as an inline SVG line, laid out on the server."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper import standings
from scorekeeper.standings import LeagueGame
from scorekeeper.web import language
from scorekeeper.words import say_n


@dataclass(frozen=True)
class Chart:
    """A rating-over-time line, laid out for an inline SVG drawn on the server."""

    width: int
    height: int
    left: int
    bottom: int
    points: str  # "x,y x,y …" for a polyline
    last: tuple[float, float]
    ticks: tuple[tuple[float, str], ...]  # (y, label) for each grid line
    first_day: str
    last_day: str
    summary: str


CHART_WIDTH, CHART_HEIGHT = 320, 170


def shown(value: float) -> str:
    """A rating on the chart as the reader writes it: whole numbers bare, others to one decimal."""
    return language.number(round(value, 1), "#,##0.#")


CHART_LEFT, CHART_RIGHT, CHART_TOP, CHART_BOTTOM = 34, 8, 10, 146


def rating_chart(history: Sequence[tuple[LeagueGame, standings.Rating]]) -> Chart:
    """Plot a player's shown rating after each game, game by game from the left."""
    values = [0.0] + [rating.shown for _, rating in history]  # every player starts at 0
    step = tick_step(max(values) - min(values))
    low = step * (min(values) // step)
    high = max(step * -(-max(values) // step), low + step)

    def y(value: float) -> float:
        return CHART_BOTTOM - (value - low) / (high - low) * (CHART_BOTTOM - CHART_TOP)

    span = max(len(values) - 1, 1)
    coords = [
        (CHART_LEFT + n / span * (CHART_WIDTH - CHART_LEFT - CHART_RIGHT), y(value))
        for n, value in enumerate(values)
    ]
    ticks_count = round((high - low) / step)
    first, last = history[0], history[-1]
    return Chart(
        width=CHART_WIDTH,
        height=CHART_HEIGHT,
        left=CHART_LEFT,
        bottom=CHART_BOTTOM,
        points=" ".join(f"{x:.1f},{y_:.1f}" for x, y_ in coords),
        last=(round(coords[-1][0], 1), round(coords[-1][1], 1)),
        ticks=tuple(
            (round(y(low + n * step), 1), shown(low + n * step)) for n in range(ticks_count + 1)
        ),
        first_day=language.day(first[0].started.date()),
        last_day=language.day(last[0].started.date()),
        summary=language.translate(
            say_n(
                "Rating from 0 to %(rating)s over %(count)s game, lowest %(lowest)s, "
                "highest %(highest)s.",
                "Rating from 0 to %(rating)s over %(count)s games, lowest %(lowest)s, "
                "highest %(highest)s.",
                len(history),
                rating=shown(last[1].shown),
                lowest=shown(min(values)),
                highest=shown(max(values)),
            )
        ),
    )


def tick_step(spread: float) -> float:
    """A round grid step giving two to five lines over `spread`."""
    for step in (1, 2, 5, 10, 20, 50, 100):
        if spread / step <= 4:
            return float(step)
    return 200.0
