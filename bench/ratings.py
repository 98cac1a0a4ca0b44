"""The standings' rating fold against openskill itself, over the same league's games.

`scorekeeper.ratings` does openskill 6.2's Plackett–Luce arithmetic on plain pairs (the
tests hold the two to the same floats); this times both folds over every game of the
big league, in process CPU time (less disturbed than wall time by a busy machine),
interleaved over a few rounds, with the collector off as the app has it while rating.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

from scorekeeper import leagues, standings
from scorekeeper.standings import LeagueGame, RatedGame, rate_game
from scorekeeper.store import connect

OPENSKILL = PlackettLuce()
ROUNDS = 3


def openskill_rate_game(current: dict[str, Any], game: LeagueGame) -> RatedGame:
    """What standings.rate_game did before: openskill's own rating objects."""
    teams = [[current.get(key) or OPENSKILL.rating() for key in keys] for keys, _ in game.placing]
    ranks = [float(place) for _, place in game.placing]
    after = {}
    rated = OPENSKILL.rate(teams, ranks=ranks)
    for (keys, _), team in zip(game.placing, rated, strict=True):
        for key, player in zip(keys, team, strict=True):
            current[key] = player
            after[key] = (player.mu, player.sigma)
    return RatedGame(game, after)


def fold_seconds(
    rate: Callable[[dict[str, Any], LeagueGame], RatedGame], games: Sequence[LeagueGame]
) -> float:
    began = time.process_time()
    current: dict[str, Any] = {}
    for game in games:
        rate(current, game)
    return time.process_time() - began


def compare(path: Path, slug: str) -> tuple[float, float, int]:
    """The fastest fold of every game, ours and openskill's, in seconds; and the game count."""
    db = connect(path)
    try:
        games = standings.league_games(db, leagues.load_league(db, slug))
    finally:
        db.close()
    for game in games:
        game.placing  # read once, as a kept pool has it  # noqa: B018
    ours, theirs = [], []
    gc.disable()
    try:
        for _ in range(ROUNDS):
            ours.append(fold_seconds(rate_game, games))
            theirs.append(fold_seconds(openskill_rate_game, games))
    finally:
        gc.enable()
    return min(ours), min(theirs), len(games)
