"""Scenario 2: how many scoreboard pages and game JSONs the server serves, next to /healthz.

Every URL is asked back to back from several keep-alive connections for a few seconds,
in rounds that take turns (healthz, page, JSON, …, then again), so a noisy neighbour
on the machine weighs on all of them alike. The app's /healthz and the bare app's, two
near-equal rates judged against a margin of 15%, take `TURNS` turns each a round.
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field

from bench.client import Client, Tally, Throughput, closed_loop
from bench.server import Server
from bench.workload import scored_game, scorer_cookie

HANDS = 12  # a game well under way: the board, the page and the JSON show every hand
CONNECTIONS = 8
HEALTHZ = "/healthz"
BARE = "bare Flask app's /healthz (same waitress)"
PAIRED = (HEALTHZ, BARE)  # asked in turns within each round
WARMUP_S = 0.5
# Within a round, the app's /healthz and the bare app's take this many turns each, of the
# round's seconds each. On this machine the ratio of two rates asked seconds apart varies by
# 8–10% (a standard deviation) between pairs: over 15–40 pairs the app was 1.05–1.09× the
# bare app, yet a median of three pairs went over 1.15× in one run of seven to ten.
TURNS = 3


@dataclass(frozen=True)
class Target:
    """One URL to load: how a phone or script asks for it, and the answer expected."""

    name: str
    path: str
    headers: dict[str, str] = field(default_factory=dict)
    expect: int = 200
    server: Server | None = None  # another server than the app's (the bare Flask app)


@dataclass
class Measured:
    """A URL's runs added up: requests per second, latencies, server CPU per request."""

    rates: list[float] = field(default_factory=list)  # one a round
    turns: list[float] = field(default_factory=list)  # one a turn: TURNS a round for a pair
    cpu_ms: list[float] = field(default_factory=list)
    tally: Tally = field(default_factory=Tally)

    @property
    def per_second(self) -> float:
        return sum(self.rates) / len(self.rates)

    @property
    def cpu_ms_per_request(self) -> float | None:
        return sum(self.cpu_ms) / len(self.cpu_ms) if self.cpu_ms else None

    def shares(self, base: Measured) -> list[float]:
        """This URL's rate over `base`'s, round by round, smallest first. The two were
        measured in the same turn, seconds apart: a spike on the machine weighs on one pair,
        where over the means of all rounds it skews the whole ratio."""
        return sorted(mine / theirs for mine, theirs in zip(self.rates, base.rates, strict=True))

    def share_of(self, base: Measured) -> float:
        """The median of `shares`: the issue's figures are min/median/max of interleaved runs."""
        return statistics.median(self.shares(base))

    def turn_shares(self, base: Measured) -> list[float]:
        """As `shares`, turn by turn, for the two URLs asked in turns (`PAIRED`)."""
        return sorted(mine / theirs for mine, theirs in zip(self.turns, base.turns, strict=True))


def targets(server: Server, bare: Server, night: tuple[str, int] | None = None) -> list[Target]:
    """/healthz first (the baseline), a bare Flask app's, then the pages and JSON of a game
    under way, and the pages of a club night of 50 tables (`bench.nights`) when one was built."""
    client = Client(server.base)
    game_id, token = scored_game(client, HANDS, random.Random(2))
    cookie = scorer_cookie(client, game_id, token)
    version = client.request("GET", f"/api/games/{game_id}").json()["version"]
    client.close()
    return [
        Target(HEALTHZ, "/healthz"),
        Target(BARE, "/healthz", server=bare),
        Target("watch page", f"/games/{game_id}"),
        Target("scorer page", f"/games/{game_id}", {"Cookie": cookie}),
        Target("game JSON", f"/api/games/{game_id}"),
        Target("board, changed (200)", f"/games/{game_id}/board"),
        Target(
            "board, unchanged (304)",
            f"/games/{game_id}/board",
            # A page's ETag is its version in the reader's language; no Accept-Language: en.
            {"If-None-Match": f'"{version}-en"'},
            expect=304,
        ),
        *night_targets(night),
    ]


def night_targets(night: tuple[str, int] | None) -> list[Target]:
    if night is None:
        return []
    slug, number = night
    path = f"/leagues/{slug}/nights/{number}"
    return [
        Target("night page (50 tables)", path),
        Target("night projector (50 tables)", f"{path}/screen"),
        Target("night board, changed (200)", f"{path}/board"),
    ]


def run(
    server: Server,
    bare: Server,
    *,
    rounds: int,
    seconds: float,
    night: tuple[str, int] | None = None,
) -> dict[str, Measured]:
    """Each target for `seconds` per round, `rounds` times, in turn."""
    measured: dict[str, Measured] = {}
    asked = targets(server, bare, night)
    # Each URL asked once first, untimed: a server's first draw of a page compiles its
    # templates (over half a second here), a cost paid once per server, not per request,
    # and with one round of 2 s (--quick) it landed in the timed window.
    for target in asked:
        first = Client((target.server or server).base, target.headers)
        first.request("GET", target.path)
        first.close()
    pair = [target for target in asked if target.name in PAIRED]
    others = [target for target in asked if target.name not in PAIRED]
    for _ in range(rounds):
        asked_in_turns: dict[str, list[Throughput]] = {target.name: [] for target in pair}
        for _turn in range(TURNS):
            for target in pair:
                asked_in_turns[target.name].append(ask(server, target, seconds))
        for target in pair:
            add_round(measured.setdefault(target.name, Measured()), asked_in_turns[target.name])
        for target in others:
            add_round(measured.setdefault(target.name, Measured()), [ask(server, target, seconds)])
    return measured


def ask(server: Server, target: Target, seconds: float) -> Throughput:
    answering = target.server or server
    return closed_loop(
        answering.base,
        target.path,
        connections=CONNECTIONS,
        seconds=seconds,
        warmup=WARMUP_S,
        server_pid=answering.pid,
        headers=target.headers,
        expect=target.expect,
    )


def add_round(into: Measured, turns: list[Throughput]) -> None:
    """A round of one URL, asked in one turn or several of equal length."""
    into.turns.extend(turn.per_second for turn in turns)
    into.rates.append(statistics.mean(turn.per_second for turn in turns))
    cpu = [turn.cpu_ms_per_request for turn in turns if turn.cpu_ms_per_request is not None]
    if cpu:
        into.cpu_ms.append(statistics.mean(cpu))
    for turn in turns:
        into.tally.seconds.extend(turn.tally.seconds)
        into.tally.errors.extend(turn.tally.errors)
