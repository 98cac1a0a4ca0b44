"""What the benchmark's tables do: start a game through the API and score its hands (through
the API, or from the scorer's page as a phone does).

Games are four-player Block, or four-player Moon (partners, and a best-of-three match:
the games of a match are found through `games.match_id`).
"""

from __future__ import annotations

import random
import re
import secrets
from dataclasses import dataclass
from typing import Any

from bench.client import Client, Reply

PLAYERS = ("Ann", "Bob", "Cy", "Dee")
# High enough that no game ends during a run: a finished game would refuse the next hand.
TARGET = 10_000


class SetupError(RuntimeError):
    """The server refused something the benchmark needs before it can measure."""


def new_game(
    client: Client,
    *,
    ruleset: str = "block",
    target: int | None = TARGET,
    league: str | None = None,
    league_token: str = "",
    options: dict[str, Any] | None = None,
) -> tuple[str, str]:
    """A four-player game; returns its id and scorer token (`target` None: a game without
    that option, such as Texas 42's marks)."""
    body: dict[str, Any] = {
        "ruleset": ruleset,
        "players": list(PLAYERS),
        "options": {**({} if target is None else {"target": target}), **(options or {})},
    }
    if league:
        body["league"] = league
    headers = {"X-League-Token": league_token} if league_token else None
    reply = client.request("POST", "/api/games", body, headers)
    if reply.status != 201:
        raise SetupError(f"POST /api/games answered {reply.status}: {reply.body[:200]!r}")
    created = reply.json()
    return str(created["id"]), str(created["scorer_token"])


def block_hand(rng: random.Random) -> dict[str, Any]:
    """A hand of Block as a table enters it: who went out, the pips left in the other hands."""
    winner = rng.choice(PLAYERS)
    pips = {name: 0 if name == winner else rng.randrange(0, 40) for name in PLAYERS}
    return {"pips": pips, "domino": winner}


def moon_hand(rng: random.Random) -> dict[str, Any]:
    """A hand of four-player Moon: the bidder, the bid, and the 7 tricks between the teams."""
    won = rng.randrange(0, 8)
    tricks = {"Ann & Cy": won, "Bob & Dee": 7 - won}
    return {"bidder": rng.choice(PLAYERS), "bid": rng.randrange(4, 8), "tricks": tricks}


HANDS = {"block": block_hand, "moon": moon_hand}


def post_hand(
    client: Client,
    game_id: str,
    token: str,
    rng: random.Random,
    ruleset: str = "block",
    entry: dict[str, Any] | None = None,
) -> Reply:
    """Score one hand as a careful client does, with an Idempotency-Key: `entry`, or else a
    random hand of the ruleset."""
    # Random, not from the seeded rng: a key names one request for good (API.md), and a
    # scenario run twice against one server must not send the first run's keys again.
    key = secrets.token_hex(8)
    return client.request(
        "POST",
        f"/api/games/{game_id}/hands",
        HANDS[ruleset](rng) if entry is None else entry,
        {"X-Scorer-Token": token, "Idempotency-Key": key},
    )


@dataclass(frozen=True)
class ScorerPhone:
    """A phone that joined a game by its scorer link: its session cookie, and the hand
    form's CSRF token as the scorer's page gives it."""

    game_id: str
    cookie: str
    csrf_token: str


def join_as_scorer(client: Client, game_id: str, token: str) -> ScorerPhone:
    """Open the scorer link, then the scorer's page, as the phone at the table does."""
    joined = client.request("GET", f"/games/{game_id}/join/{token}")
    cookie = joined.headers.get("set-cookie", "").split(";", 1)[0]
    if joined.status != 303 or not cookie:
        raise SetupError(f"the scorer link answered {joined.status} without a session cookie")
    page = client.request("GET", f"/games/{game_id}", headers={"Cookie": cookie})
    found = re.search(rb'name="csrf_token" type="hidden" value="([^"]+)"', page.body)
    if page.status != 200 or found is None:
        raise SetupError(f"the scorer's page answered {page.status} without its hand form")
    # The page's CSRF token is kept in the session: the cookie comes back with it.
    cookie = page.headers.get("set-cookie", cookie).split(";", 1)[0]
    return ScorerPhone(game_id, cookie, found.group(1).decode())


def post_hand_form(client: Client, phone: ScorerPhone, entry: dict[str, Any]) -> Reply:
    """Save a hand of Block from the scorer's page, as its script does (the form, a key of
    its own, the answer in JSON)."""
    form = {"csrf_token": phone.csrf_token, "domino": entry["domino"]}
    for seat, name in enumerate(PLAYERS):
        if name != entry["domino"]:
            form[f"pips-{seat}"] = str(entry["pips"][name])
    headers = {
        "Cookie": phone.cookie,
        "Accept": "application/json",
        "Idempotency-Key": secrets.token_hex(8),
    }
    return client.request("POST", f"/games/{phone.game_id}/hands", headers=headers, form=form)


def scored_game(
    client: Client,
    hands: int,
    rng: random.Random,
    *,
    ruleset: str = "block",
    entry: dict[str, Any] | None = None,
    options: dict[str, Any] | None = None,
    target: int | None = TARGET,
) -> tuple[str, str]:
    """A game with `hands` hands already scored (each `entry`, or random ones)."""
    game_id, token = new_game(client, ruleset=ruleset, options=options, target=target)
    for _ in range(hands):
        reply = post_hand(client, game_id, token, rng, ruleset, entry)
        if reply.status != 201:
            raise SetupError(f"a {ruleset} hand answered {reply.status}: {reply.body[:200]!r}")
    return game_id, token


def scorer_cookie(client: Client, game_id: str, token: str) -> str:
    """The scorer's cookie, as a phone gets it by opening the scorer link."""
    reply = client.request("GET", f"/games/{game_id}/join/{token}")
    cookie = reply.headers.get("set-cookie", "")
    if reply.status != 303 or not cookie:
        raise SetupError(f"the scorer link answered {reply.status} without a cookie")
    return cookie.split(";", 1)[0]
