"""What a league page or export shows: a league, one ruleset or all, one season or all time."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import request

from scorekeeper import leagues, standings
from scorekeeper.db import get_db
from scorekeeper.leagues import League, Season
from scorekeeper.rules import get_ruleset
from scorekeeper.standings import LeagueGame


@dataclass(frozen=True)
class View:
    """The league and the filters asked for: one ruleset or all, one season or all time."""

    league: League
    ruleset: str | None
    season: Season | None

    def args(self, **extra: Any) -> dict[str, Any]:
        """The filters as URL arguments, for links that keep them."""
        return {
            "slug": self.league.slug,
            "ruleset": self.ruleset,
            "season": self.season_slug,
            **extra,
        }

    @property
    def season_slug(self) -> str | None:
        return self.season.slug if self.season else None


def requested_view(slug: str) -> View:
    """The league in the address and the filters in its query (?ruleset=…&season=…)."""
    db = get_db()
    league = leagues.load_league(db, slug)
    ruleset = request.args.get("ruleset") or None
    if ruleset is not None:
        ruleset = get_ruleset(ruleset).id
    return View(league, ruleset, leagues.find_season(db, league, request.args.get("season")))


def view_games(view: View, *, finished_only: bool = True) -> list[LeagueGame]:
    return standings.league_games(
        get_db(),
        view.league,
        ruleset=view.ruleset,
        season=view.season,
        finished_only=finished_only,
    )
