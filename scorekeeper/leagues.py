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
from datetime import date

from scorekeeper import store, tokens
from scorekeeper.errors import NotFound, RuleError
from scorekeeper.names import LEAGUE, SEASON, as_typed, clean_name, same_name_key
from scorekeeper.store import Connection, League, Season, write_transaction
from scorekeeper.words import Message, say

NAME_LIMIT = 60
SEASON_NAME_LIMIT = 40
SEASON_YEARS = (1970, 2999)
# The dates a season is given, as a refusal names them.
STARTS = say("the season's start")
ENDS = say("the season's end")


def slugify(name: str) -> str:
    """'Thursday Club' -> 'thursday-club'."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-") or "league"


def slug_suffix() -> str:
    """64 random bits after the name: a league's address is public to its link, not guessable."""
    return base64.b32encode(secrets.token_bytes(8)).decode().rstrip("=").lower()


def create_league(db: Connection, raw_name: object) -> tuple[League, str]:
    """Store a new league under a free slug; returns it and its token (stored hashed)."""
    name = clean_name(raw_name, LEAGUE, "name", NAME_LIMIT)
    token = tokens.new_token()
    with write_transaction(db) as tx:
        slug = f"{slugify(name)}-{slug_suffix()}"
        while store.league(tx, slug) is not None:
            slug = f"{slugify(name)}-{slug_suffix()}"
        league = store.insert_league(tx, slug, name, tokens.token_hash(token))
    return league, token


def rotate_league_token(db: Connection, league: League) -> str:
    """A new league token (returned once): the old admin link, and every phone holding it, stop."""
    token = tokens.new_token()
    with write_transaction(db) as tx:
        store.set_league_token_hash(tx, league.id, tokens.token_hash(token))
    return token


# --- loading leagues, and seasons -------------------------------------------------------------


def load_league(db: Connection, slug: str) -> League:
    """The league with this slug, or NotFound."""
    found = store.league(db, slug)
    if found is None:
        raise no_such_league(slug)
    return found


def no_such_league(slug: str) -> NotFound:
    """The refusal of an address naming a league that does not exist."""
    return NotFound(
        say("There is no league called %(slug)s. Check the address.", slug=as_typed(slug))
    )


def leagues_named(db: Connection, slugs: Iterable[str]) -> list[League]:
    """The leagues with these slugs (those that exist), by name."""
    return store.leagues_named(db, slugs)


def load_seasons(db: Connection, league: League) -> list[Season]:
    """The league's seasons, latest first."""
    return store.seasons(db, league.id)


def find_season(db: Connection, league: League, slug: str | None) -> Season | None:
    """The season with this slug (None for all time), or NotFound."""
    if not slug:
        return None
    for season in load_seasons(db, league):
        if season.slug == slug:
            return season
    raise NotFound(
        say("%(league)s has no season called %(slug)s.", league=league.name, slug=as_typed(slug))
    )


def create_season(
    db: Connection, league: League, name: object, starts: object, ends: object
) -> Season:
    """Store a new season after checking its name and dates; returns it."""
    if not isinstance(name, str) or not name.strip():
        raise RuleError(say("a season needs a name, like “Spring 2025”"), "name")
    season_name = clean_name(name, SEASON, "name", SEASON_NAME_LIMIT)
    starts_on = parse_date(starts, "starts_on", STARTS)
    ends_on = parse_date(ends, "ends_on", ENDS)
    if ends_on < starts_on:
        raise RuleError(
            say(
                "the season ends (%(ends)s) before it starts (%(starts)s)",
                ends=str(ends_on),
                starts=str(starts_on),
            ),
            "ends_on",
        )
    with write_transaction(db) as tx:
        seasons = load_seasons(tx, league)
        if any(same_name_key(s.name) == same_name_key(season_name) for s in seasons):
            raise RuleError(
                say(
                    "%(league)s already has a season called %(season)s",
                    league=league.name,
                    season=season_name,
                ),
                "name",
            )
        taken = {s.slug for s in seasons}
        base = slugify(season_name)
        slug, n = base, 1
        while slug in taken:
            n += 1
            slug = f"{base}-{n}"
        season = Season(slug, season_name, starts_on, ends_on)
        store.insert_season(tx, league.id, season)
    return season


def parse_date(raw: object, field_name: str, what: Message) -> date:
    """A date given as YYYY-MM-DD (or already a date), in the years a club could mean."""
    day: date | None = raw if isinstance(raw, date) else None
    if isinstance(raw, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", raw.strip()):
        try:
            day = date.fromisoformat(raw.strip())
        except ValueError:
            day = None
    if day is None or not SEASON_YEARS[0] <= day.year <= SEASON_YEARS[1]:
        raise RuleError(say("%(what)s must be a date like 2025-03-31", what=what), field_name)
    return day
