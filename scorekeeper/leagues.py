"""Leagues and their seasons: a club's games grouped for standings.

Creating a league gives its league token (stored hashed); a season is a named date range
of a league. The games and their standings are `standings`.
"""

from __future__ import annotations

import base64
import re
import secrets
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from sqlite_utils import Database

from scorekeeper import store, tokens
from scorekeeper.db import write_transaction
from scorekeeper.errors import NotFound, RuleError
from scorekeeper.names import clean_name, same_name_key

NAME_LIMIT = 60
SEASON_NAME_LIMIT = 40
SEASON_YEARS = (1970, 2999)


def slugify(name: str) -> str:
    """'Thursday Club' -> 'thursday-club'."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-") or "league"


def slug_suffix() -> str:
    """64 random bits after the name: a league's address is public to its link, not guessable."""
    return base64.b32encode(secrets.token_bytes(8)).decode().rstrip("=").lower()


def create_league(db: Database, raw_name: object) -> tuple[dict[str, Any], str]:
    """Store a new league under a free slug; returns its row and its token (stored hashed)."""
    name = clean_name(raw_name, "league", "name", NAME_LIMIT)
    token = tokens.new_token()
    with write_transaction(db):
        slug = f"{slugify(name)}-{slug_suffix()}"
        while store.league_row(db, slug) is not None:
            slug = f"{slugify(name)}-{slug_suffix()}"
        row = {
            "slug": slug,
            "name": name,
            "token_hash": tokens.token_hash(token),
            "created_at": store.now(),
        }
        store.insert_league(db, row)
    return row, token


def rotate_league_token(db: Database, league: League) -> str:
    """A new league token (returned once): the old admin link, and every phone holding it, stop."""
    token = tokens.new_token()
    with write_transaction(db):
        store.set_league_token_hash(db, league.id, tokens.token_hash(token))
    return token


# --- loading leagues, and seasons -------------------------------------------------------------


@dataclass(frozen=True)
class League:
    """A league as its pages show it; the token itself is never stored, only its hash."""

    id: int
    slug: str
    name: str
    token_hash: str


def load_league(db: Database, slug: str) -> League:
    """The league with this slug, or NotFound."""
    row = store.league_row(db, slug)
    if row is None:
        raise NotFound(f"There is no league called {slug}. Check the address.")
    return League(int(row["id"]), row["slug"], row["name"], row["token_hash"])


def leagues_named(db: Database, slugs: Iterable[str]) -> list[League]:
    """The leagues with these slugs (those that exist), by name."""
    rows = store.league_rows(db, slugs)
    return [League(int(row["id"]), row["slug"], row["name"], row["token_hash"]) for row in rows]


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


def load_seasons(db: Database, league: League) -> list[Season]:
    """The league's seasons, latest first."""
    return [
        Season(
            row["slug"],
            row["name"],
            date.fromisoformat(row["starts_on"]),
            date.fromisoformat(row["ends_on"]),
        )
        for row in store.season_rows(db, league.id)
    ]


def find_season(db: Database, league: League, slug: str | None) -> Season | None:
    """The season with this slug (None for all time), or NotFound."""
    if not slug:
        return None
    for season in load_seasons(db, league):
        if season.slug == slug:
            return season
    raise NotFound(f"{league.name} has no season called {slug}.")


def create_season(
    db: Database, league: League, name: object, starts: object, ends: object
) -> Season:
    """Store a new season after checking its name and dates; returns it."""
    if not isinstance(name, str) or not name.strip():
        raise RuleError("a season needs a name, like “Spring 2025”", "name")
    season_name = clean_name(name, "season", "name", SEASON_NAME_LIMIT)
    starts_on = parse_date(starts, "starts_on", "start")
    ends_on = parse_date(ends, "ends_on", "end")
    if ends_on < starts_on:
        raise RuleError(f"the season ends ({ends_on}) before it starts ({starts_on})", "ends_on")
    with write_transaction(db):
        seasons = load_seasons(db, league)
        if any(same_name_key(s.name) == same_name_key(season_name) for s in seasons):
            raise RuleError(f"{league.name} already has a season called {season_name}", "name")
        taken = {s.slug for s in seasons}
        base = slugify(season_name)
        slug, n = base, 1
        while slug in taken:
            n += 1
            slug = f"{base}-{n}"
        store.insert_season(
            db,
            {
                "league_id": league.id,
                "slug": slug,
                "name": season_name,
                "starts_on": starts_on.isoformat(),
                "ends_on": ends_on.isoformat(),
                "created_at": store.now(),
            },
        )
    return Season(slug, season_name, starts_on, ends_on)


def parse_date(raw: object, field_name: str, what: str) -> date:
    """A date given as YYYY-MM-DD (or already a date), in the years a club could mean."""
    day: date | None = raw if isinstance(raw, date) else None
    if isinstance(raw, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", raw.strip()):
        try:
            day = date.fromisoformat(raw.strip())
        except ValueError:
            day = None
    if day is None or not SEASON_YEARS[0] <= day.year <= SEASON_YEARS[1]:
        raise RuleError(f"the season's {what} must be a date like 2025-03-31", field_name)
    return day
