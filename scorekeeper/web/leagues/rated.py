"""The rated-view cache: each view's finished games rated, kept per app between requests."""

from __future__ import annotations

import gc
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cached_property
from typing import Any

from flask import current_app

from scorekeeper import standings
from scorekeeper.standings import LeagueGame, Pool, RatedGame, Standings
from scorekeeper.store import get_db
from scorekeeper.web.leagues.view import View
from scorekeeper.words import say

CACHE_KEY = "scorekeeper.rated_league_views"


class RatedView:
    """A view's finished games rated and tallied, by ruleset and all together.

    What it shows never changes once made (the all-games pool is only filled in when first
    asked for), so requests can go on reading it while `updated` makes the next one from
    it, folding again only what the changed games touch (`standings.Pool`).
    """

    def __init__(
        self,
        version: tuple[Any, ...],
        games: list[LeagueGame],
        pools: dict[str, Pool],
        all_games_before: Pool,
    ) -> None:
        self.version = version
        self.games = games
        self.pools = pools  # by ruleset (by `LeagueGame.kind`), the most played first
        # Only the API shows every game rated together, so that pool is brought up to
        # date when first asked for (`all_games`), from the last one that was.
        self.all_games_before = all_games_before
        self.all_games_now: Pool | None = None
        self.by_ruleset: dict[str, list[RatedGame]] = {
            ruleset: pool.rated for ruleset, pool in pools.items()
        }
        names = standings.kind_names([pool.rated[0].game for pool in pools.values()])
        self.tables = [
            Standings(
                pool.rated[0].game.ruleset,
                names[kind],
                pool.rated[0].game.lowest_wins,
                len(pool.rated),
                pool.rows,
                kind,
            )
            for kind, pool in pools.items()
        ]

    def updated(self, version: tuple[Any, ...], games: list[LeagueGame]) -> RatedView:
        """The view of these games, at this version of them."""
        empty = Pool()
        pools = {
            ruleset: self.pools.get(ruleset, empty).updated(group)
            for ruleset, group in standings.by_ruleset(games)
        }
        return RatedView(version, games, pools, self.all_games_now or self.all_games_before)

    def all_games(self) -> Pool:
        if self.all_games_now is None:
            self.all_games_now = self.all_games_before.updated(self.games)
        return self.all_games_now

    @cached_property
    def overall(self) -> Standings | None:
        """Every game together (None without games)."""
        if len(self.tables) == 1:
            return self.tables[0]
        if not self.games:
            return None
        with collector_paused():
            return Standings(None, say("All games"), False, len(self.games), self.all_games().rows)


# What a view's first request is brought up to date from.
NO_GAMES = RatedView((), [], {}, Pool())


class RatedViews:
    """The rated games of recent views, each brought up to date when its games change.

    Rating is most of the work of a big league's page, and a projector or a room of
    phones asks for the same page again and again while nothing has changed; when a game
    finishes, only what it changes is done again.
    """

    SIZE = 16

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.entries: OrderedDict[tuple[Any, ...], RatedView] = OrderedDict()

    def get(self, view: View) -> RatedView:
        db = get_db()
        key = (view.league.id, view.ruleset, view.season.created_between() if view.season else None)
        # Read before the games: a change in between then shows as a new version next time.
        version = standings.finished_games_version(db, view.league, view.ruleset, view.season)
        with self.lock:
            kept = self.entries.get(key, NO_GAMES)
        if version != kept.version:
            with collector_paused():
                games = standings.finished_games(
                    db, view.league, view.ruleset, view.season, kept.games
                )
                kept = kept.updated(version, games)
        with self.lock:
            self.entries[key] = kept
            self.entries.move_to_end(key)
            while len(self.entries) > self.SIZE:
                self.entries.popitem(last=False)
        return kept


@contextmanager
def collector_paused() -> Iterator[None]:
    """Hold off Python's cycle collector while standings are read and computed, then freeze
    what is kept.

    Reading a league's games and rating them make tens of thousands of small objects (each
    game's id and version alone are 10,000 tuples), none of them in cycles, and every few
    hundred of them set off a collection that walks the lot again; pausing it saves about
    a tenth of a big league's time. What was made is kept between requests, and
    every later full collection would walk it again (a third of the time of the first
    page after a change): `gc.freeze` moves it out of their way. Frozen objects are still
    freed when no longer referenced; only a cycle that was garbage at that moment stays.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()


def rated(view: View) -> RatedView:
    """The view's finished games, rated (kept per app between requests)."""
    views: RatedViews = current_app.extensions.setdefault(CACHE_KEY, RatedViews())
    return views.get(view)
