"""Leagues and their seasons in and out of their tables, as typed records."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from scorekeeper.store.connection import Connection
from scorekeeper.store.encoding import insert, now


@dataclass(frozen=True)
class League:
    """A league as its pages show it; the token itself is never stored, only its hash."""

    id: int
    slug: str
    name: str
    token_hash: str


@dataclass(frozen=True)
class Season:
    """A named date range of a league; both ends count, in the club's local dates."""

    slug: str
    name: str
    starts_on: date
    ends_on: date

    def created_between(self) -> tuple[str, str]:
        """The season as the UTC instants [start, end) that games' `created_at` is compared with."""
        start = datetime.combine(self.starts_on, time()).astimezone()
        end = datetime.combine(self.ends_on + timedelta(days=1), time()).astimezone()
        return (
            start.astimezone(UTC).isoformat(timespec="milliseconds"),
            end.astimezone(UTC).isoformat(timespec="milliseconds"),
        )


LEAGUE_COLUMNS = "id, slug, name, token_hash"


def league(db: Connection, slug: str) -> League | None:
    """The league with this slug, if there is one."""
    row = db.execute(f"select {LEAGUE_COLUMNS} from leagues where slug = ?", [slug]).fetchone()
    return None if row is None else League(*row)


def leagues_named(db: Connection, slugs: Iterable[str]) -> list[League]:
    """The leagues with these slugs (those that exist), by name."""
    wanted = list(slugs)
    marks = ", ".join("?" for _ in wanted)
    sql = (
        f"select {LEAGUE_COLUMNS} from leagues where slug in ({marks}) order by name collate nocase"
    )
    return [League(*row) for row in db.execute(sql, wanted).fetchall()]


def every_league(db: Connection) -> list[League]:
    """Every league in the file, by name."""
    sql = f"select {LEAGUE_COLUMNS} from leagues order by name collate nocase, slug"
    return [League(*row) for row in db.execute(sql).fetchall()]


def league_slug(db: Connection, league_id: int | None) -> str | None:
    if league_id is None:
        return None
    row = db.execute("select slug from leagues where id = ?", [league_id]).fetchone()
    return None if row is None else str(row[0])


def insert_league(db: Connection, slug: str, name: str, token_hash: str) -> League:
    fields: dict[str, Any] = {"slug": slug, "name": name, "token_hash": token_hash}
    league_id = insert(db, "leagues", {**fields, "created_at": now()})
    return League(league_id, slug, name, token_hash)


def seasons(db: Connection, league_id: int) -> list[Season]:
    """A league's seasons, latest first."""
    sql = (
        "select slug, name, starts_on, ends_on from seasons where league_id = ? "
        "order by starts_on desc, id desc"
    )
    return [
        Season(slug, name, date.fromisoformat(starts), date.fromisoformat(ends))
        for slug, name, starts, ends in db.execute(sql, [league_id]).fetchall()
    ]


def insert_season(db: Connection, league_id: int, season: Season) -> None:
    row = {
        "league_id": league_id,
        "slug": season.slug,
        "name": season.name,
        "starts_on": season.starts_on.isoformat(),
        "ends_on": season.ends_on.isoformat(),
        "created_at": now(),
    }
    insert(db, "seasons", row)


def set_league_token_hash(db: Connection, league_id: int, token_hash: str) -> None:
    db.execute("update leagues set token_hash = ? where id = ?", [token_hash, league_id])
