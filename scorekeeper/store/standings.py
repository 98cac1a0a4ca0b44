"""What league standings read: each game's seats, final totals and winners, in the order started.

Every game row keeps its status, winners and final totals with each write, so standings
never read a hand. Games started in the same millisecond are taken in the order of
their ids: any fixed order will do, and it does not depend on how rows are numbered.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.store.connection import Connection
from scorekeeper.store.encoding import loads
from scorekeeper.store.leagues import Season

Stamp = tuple[str, int]  # a game's id and version: a new version is a changed row


@dataclass(frozen=True)
class Choice:
    """Which of a league's games: one ruleset's or all, one season's or all time."""

    league_id: int
    ruleset: str | None = None
    season: Season | None = None
    finished_only: bool = True

    def where(self) -> tuple[str, list[object]]:
        """The SQL condition (and its parameters) choosing these games."""
        where: list[str] = ["league_id = ?"]
        params: list[object] = [self.league_id]
        if self.finished_only:
            where.append("status = 'finished'")
        if self.ruleset is not None:
            where.append("ruleset = ?")
            params.append(self.ruleset)
        if self.season is not None:
            where.append("created_at >= ? and created_at < ?")
            params.extend(self.season.created_between())
        return " and ".join(where), params


@dataclass(frozen=True)
class GameResult:
    """A game as standings read it: who sat where, its totals and winners so far."""

    id: str
    ruleset: str
    players: tuple[str, ...]
    team_names: tuple[str, ...]
    totals: dict[str, int]
    winners: tuple[str, ...]
    finished: bool
    created_at: str  # UTC, ISO 8601
    version: int  # bumped by every write to the game
    options: dict[str, Any]  # the game's options (a custom game says who wins)


COLUMNS = "id, ruleset, players, team_names, totals, winners, status, created_at, version, options"
ORDER = "order by created_at, id"


def result_of(row: tuple[Any, ...]) -> GameResult:
    game_id, ruleset, players, team_names, totals, winners, status, started, version, options = row
    return GameResult(
        game_id,
        ruleset,
        tuple(loads(players)),
        tuple(loads(team_names)),
        loads(totals),
        tuple(loads(winners)),
        status == "finished",
        started,
        version,
        loads(options or "{}"),
    )


def results(db: Connection, choice: Choice) -> list[GameResult]:
    """The chosen games in the order they were started."""
    where, params = choice.where()
    sql = f"select {COLUMNS} from games where {where} {ORDER}"
    return [result_of(row) for row in db.execute(sql, params).fetchall()]


def stamps(db: Connection, choice: Choice) -> list[Stamp]:
    """The chosen games' ids and versions, in the order they were started."""
    where, params = choice.where()
    return db.execute(f"select id, version from games where {where} {ORDER}", params).fetchall()


def results_with_ids(db: Connection, choice: Choice, ids: list[str]) -> list[GameResult]:
    """Those of the chosen games with these ids (at most a few hundred), in no order."""
    where, params = choice.where()
    marks = ", ".join("?" for _ in ids)
    sql = f"select {COLUMNS} from games where {where} and id in ({marks})"
    return [result_of(row) for row in db.execute(sql, [*params, *ids]).fetchall()]


def results_version(db: Connection, choice: Choice) -> tuple[Any, ...]:
    """Changes whenever the chosen games change: one finishes, reopens or is corrected.

    One row, read on every request: comparing every game's stamp takes twice as long.
    """
    where, params = choice.where()
    sql = f"select count(*), max(updated_at), total(version) from games where {where}"
    return tuple(db.execute(sql, params).fetchone())


def rulesets_played(db: Connection, league_id: int) -> list[tuple[str, int]]:
    """The rulesets with finished games in the league and how many, most played first."""
    sql = (
        "select ruleset, count(*) as n from games where league_id = ? and status = 'finished' "
        "group by ruleset order by n desc, ruleset"
    )
    return [(ruleset, int(n)) for ruleset, n in db.execute(sql, [league_id]).fetchall()]
