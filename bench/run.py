"""Run the benchmark scenarios against the real server and print every figure with its baseline.

    .venv/bin/python -m bench            # every scenario, about 3 minutes
    .venv/bin/python -m bench --quick    # the same, shorter and smaller, about a minute

Each scenario starts `scorekeeper serve` on a fresh file in a temporary folder, on a free
loopback port, and stops it afterwards. Every run is bounded in time. The options after
--only change the server's settings, to compare them (docs/BENCHMARKS.md).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import sqlite3
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from importlib.metadata import version
from pathlib import Path

from bench import club_night, nights, pages, scale, seed, throughput, writers
from bench import ratings as rating_bench
from bench import standings as league_bench
from bench.client import Tally, distinct_sources, percentile
from bench.report import Figure, kb, markdown, ms, ratio, spread, table
from bench.server import Settings, log_warnings, serving, serving_bare

POST_P99_TARGET_MS = 50
SEEN_WITHIN_S = 2.0
THROUGHPUT_SHARE = 0.5
BARE_FLASK_LIMIT = 1.15
STANDINGS_TARGET_MS = 100
# Issue 13: just after one of the league's first games is corrected, every later game of
# its pool is rated again.
CORRECTED_TARGET_MS = {"standings page": 150, "standings API": 400}
GROWTH_LIMIT = 1.2
PAGE_LIMIT = 60 * 1024
SEATING_TARGET_MS = 200


@dataclass(frozen=True)
class Plan:
    """How long and how big each scenario is."""

    tables: int = 50
    phones: int = 200
    club_seconds: float = 60
    throughput_rounds: int = 3
    throughput_seconds: float = 3
    league_games: int = 10_000
    league_players: int = 100
    standings_runs: int = 20
    standings_changes: int = 5
    stored_games: int = 100_000
    stored_hands: int = 5
    growth_games: int = 4
    growth_rounds: int = 30
    writer_seconds: float = 4
    writer_rounds: int = 3


FULL = Plan()
QUICK = Plan(
    club_seconds=15,
    throughput_rounds=1,
    throughput_seconds=2,
    standings_runs=10,
    standings_changes=3,
    stored_hands=1,
    growth_games=2,
    growth_rounds=12,
    writer_seconds=2,
    writer_rounds=1,
)

Scenario = Callable[[Path, Settings, Plan], list[Figure]]
CLIENTS = {
    True: "each table and phone from a loopback address of its own (127.x.y.z)",
    False: "all from 127.0.0.1 (no other loopback address here): the write limit is off",
}


# --- 1. a club night -----------------------------------------------------------------


def club(folder: Path, settings: Settings, plan: Plan) -> list[Figure]:
    with serving(folder / "club.sqlite3", settings) as server:
        night = club_night.run(
            server, tables=plan.tables, phones=plan.phones, seconds=plan.club_seconds
        )
        warnings = log_warnings(server)
    name = f"1. club night ({plan.tables} tables, {plan.phones} phones, {plan.club_seconds:.0f} s)"
    post, probe = night.hands, night.healthz
    seen_max = percentile(night.delays, 100)
    errors = [*post.errors, *night.board.errors, *probe.errors]
    error_text = f"{len(errors)}" + (f" ({', '.join(sorted(set(errors)))})" if errors else "")
    unseen = f", {night.unseen} hands never seen" if night.unseen else ""
    cores = "–" if night.cores is None else f"{night.cores:.2f} cores"
    return [
        Figure(name, "hands scored", f"{post.count} ({night.hand_rate:.1f}/s)"),
        *latency_figures(name, "hand POST", post, probe, target_p99=POST_P99_TARGET_MS),
        *latency_figures(name, "board poll (304 or 200)", night.board, probe),
        Figure(name, "errors", error_text, target="0", met=not errors and not night.unseen),
        Figure(
            name,
            "201 → watcher's 200 showing it, p50 / p99 / max",
            " / ".join(f"{percentile(night.delays, p):.2f} s" for p in (50, 99, 100)) + unseen,
            target=f"max < {SEEN_WITHIN_S:.0f} s",
            met=night.unseen == 0 and seen_max < SEEN_WITHIN_S,
        ),
        Figure(
            name,
            "server: CPU used; new connections; overload warnings",
            f"{cores}; {night.reconnects} reconnects; "
            + ", ".join(f"{count} {kind}" for kind, count in warnings.items()),
        ),
    ]


def latency_figures(
    scenario: str, what: str, tally: Tally, probe: Tally, target_p99: float | None = None
) -> list[Figure]:
    """p50 and p99 of `tally`, each beside /healthz asked under the same load."""
    figures = []
    for p in (50, 99):
        limit = target_p99 if p == 99 else None
        target = "" if limit is None else f"< {limit:.0f} ms"
        met = None if limit is None else tally.ms(p) < limit
        figures.append(
            Figure(
                scenario,
                f"{what} p{p}",
                ms(tally.ms(p)),
                f"/healthz {ms(probe.ms(p))}",
                ratio(tally.ms(p), probe.ms(p)),
                target,
                met,
            )
        )
    return figures


# --- 2. throughput -------------------------------------------------------------------


def rates(folder: Path, settings: Settings, plan: Plan) -> list[Figure]:
    path = folder / "throughput.sqlite3"
    night = nights.build(path)
    with (
        serving(path, settings) as server,
        serving_bare(folder, settings) as bare,
    ):
        measured = throughput.run(
            server,
            bare,
            rounds=plan.throughput_rounds,
            seconds=plan.throughput_seconds,
            night=night,
        )
    name = (
        f"2. throughput ({throughput.CONNECTIONS} connections, "
        f"{plan.throughput_rounds}×{plan.throughput_seconds:.0f} s each)"
    )
    base = measured.pop(throughput.HEALTHZ)
    floor = measured.pop(throughput.BARE)
    slower_by_turn = floor.turn_shares(base)
    slower = statistics.median(slower_by_turn)
    figures = [
        Figure(name, "/healthz", per_second(base), "(the baseline)"),
        Figure(
            name,
            "/healthz: the bare app's rate over the app's",
            f"{slower:.2f}×",
            f"bare Flask {per_second(floor)}",
            spread(slower_by_turn, what="turns"),
            target=f"≤ {BARE_FLASK_LIMIT:.2f}×",
            met=slower <= BARE_FLASK_LIMIT,
        ),
    ]
    if floor.cpu_ms_per_request is not None and base.cpu_ms_per_request is not None:
        figures.append(
            Figure(
                name,
                "/healthz: server CPU per request",
                f"{base.cpu_ms_per_request:.2f} ms",
                f"bare Flask {floor.cpu_ms_per_request:.2f} ms",
                f"{base.cpu_ms_per_request / floor.cpu_ms_per_request:.2f}×",
            )
        )
    # The target is for the scoreboard (watch) page and the game JSON, the same for
    # every phone; the scorer's page carries per-phone forms and is measured for information.
    # A club night's page and projector are held to the same share (issue 18).
    targeted = {"watch page", "game JSON", "night page (50 tables)", "night projector (50 tables)"}
    for label, result in measured.items():
        share = result.share_of(base)
        figures.append(
            Figure(
                name,
                label,
                per_second(result),
                f"/healthz {base.per_second:.0f}/s",
                f"{share:.2f}×" + in_rounds(result.shares(base), "×"),
                f"≥ {THROUGHPUT_SHARE:.2f}×" if label in targeted else "",
                share >= THROUGHPUT_SHARE if label in targeted else None,
            )
        )
    for label, result in {"/healthz": base, **measured}.items():
        cpu, base_cpu = result.cpu_ms_per_request, base.cpu_ms_per_request
        if cpu is not None and base_cpu is not None and label != "/healthz":
            figures.append(
                Figure(
                    name,
                    f"{label}: server CPU per request",
                    f"{cpu:.2f} ms",
                    f"/healthz {base_cpu:.2f} ms",
                    f"{cpu / base_cpu:.1f}×",
                )
            )
    return figures


def per_second(result: throughput.Measured) -> str:
    errors = f", {len(result.tally.errors)} errors" if result.tally.errors else ""
    return f"{result.per_second:.0f}/s (p99 {result.tally.ms(99):.0f} ms{errors})"


# --- 3. league scale -----------------------------------------------------------------


def league(folder: Path, settings: Settings, plan: Plan) -> list[Figure]:
    path = folder / "league.sqlite3"
    slug = league_bench.build(
        path,
        plan.league_games,
        plan.league_players,
        in_progress=scale.in_progress_needed(plan.standings_changes),
    )
    ours, theirs, rated = rating_bench.compare(path, slug)
    with serving(path, settings) as server:
        times = scale.standings(
            server, path, slug, runs=plan.standings_runs, changes=plan.standings_changes
        )
        big_pages = {
            f"league page, {plan.league_games:,} games": f"/leagues/{slug}",
            "one game's table of it": f"/leagues/{slug}?ruleset=block",
            "a player's page in it": f"/leagues/{slug}/players/player%20001",
        }
        phone = pages.opener()
        weights = [pages.weigh(phone, name, server.base + url) for name, url in big_pages.items()]
    name = f"3. league of {plan.league_games:,} games, {plan.league_players} players"
    figures = []
    for label in scale.STANDINGS_URLS:
        for when, tallies in (("unchanged", times.warm), *times.changed.items()):
            tally = tallies[label]
            limit = CORRECTED_TARGET_MS[label] if "corrected" in when else STANDINGS_TARGET_MS
            figures.append(
                Figure(
                    name,
                    f"{label} p50, {when} (n={tally.count})",
                    ms(tally.ms(50)),
                    f"/healthz {ms(times.healthz.ms(50))}",
                    ratio(tally.ms(50), times.healthz.ms(50)),
                    f"< {limit} ms",
                    tally.ms(50) < limit and not tally.errors,
                )
            )
    figures.append(
        Figure(
            name,
            f"rating fold of all {rated:,} games, CPU (fastest of {rating_bench.ROUNDS})",
            ms(ours * 1000),
            f"openskill 6.2 {ms(theirs * 1000)}",
            f"{theirs / ours:.2f}× faster",
            "≥ 2× faster",
            theirs >= 2 * ours,
        )
    )
    return figures + [weight_figure(w) for w in weights]


def growth(folder: Path, settings: Settings, plan: Plan) -> list[Figure]:
    big = folder / "stored.sqlite3"
    began = time.perf_counter()
    seed.build(big, plan.stored_games, plan.stored_hands)
    seeded = time.perf_counter() - began
    fresh, stored = "fresh file", f"{plan.stored_games:,} games"
    with serving(folder / "fresh.sqlite3", settings) as one, serving(big, settings) as many:
        times = scale.growth(
            {fresh: one, stored: many}, games=plan.growth_games, rounds=plan.growth_rounds
        )
    name = f"3. growth: fresh file vs {plan.stored_games:,} games stored"
    figures = [
        Figure(
            name,
            "stored file",
            f"{plan.stored_games:,} games × {plan.stored_hands} hands, "
            f"{big.stat().st_size / 2**20:.0f} MB, seeded in {seeded:.0f} s",
        )
    ]
    for op in scale.growth_ops():
        small, large = times[fresh][op], times[stored][op]
        errors = len(small.errors) + len(large.errors)
        figures.append(
            Figure(
                name,
                f"{op} p50 (n={large.count}{f', {errors} errors' if errors else ''})",
                f"{ms(large.ms(50))} with {stored}",
                f"{fresh} {ms(small.ms(50))}",
                ratio(large.ms(50), small.ms(50)),
                "" if op == "/healthz" else f"≤ {GROWTH_LIMIT:.2f}×",
                None if op == "/healthz" else large.ms(50) <= GROWTH_LIMIT * small.ms(50),
            )
        )
    return figures


# --- 4. page weight ------------------------------------------------------------------


def weight(folder: Path, settings: Settings, plan: Plan) -> list[Figure]:
    with serving(folder / "pages.sqlite3", settings) as server:
        weights = pages.run(server)
    scorer_pages = [w for w in weights if w.page.startswith("scorer page")]
    return [weight_figure(w) for w in weights] + [wire_figure(w) for w in scorer_pages]


def weight_figure(w: pages.Weight) -> Figure:
    problems = [f"external: {u}" for u in w.external] + [f"missing: {u}" for u in w.missing]
    if w.status != 200:
        problems.append(f"HTTP {w.status}")
    return Figure(
        "4. page weight",
        f"{w.page} + {len(w.assets)} assets",
        f"{kb(w.raw)} (gzip {kb(w.compressed)})",
        "; ".join(problems) or f"largest: {w.heaviest()}",
        target=f"< {PAGE_LIMIT // 1024} KB, 0 external",
        met=w.raw < PAGE_LIMIT and not problems,
    )


def wire_figure(w: pages.Weight) -> Figure:
    """A scorer page's bytes on the wire: its first load, and a reload after a hand."""
    today = SCORER_PAGE_TODAY.get(w.page.rsplit(", ", 1)[0].removeprefix("scorer page: "))
    return Figure(
        "4. page weight, on the wire",
        f"{w.page}: first load as sent (with headers); reload with headers",
        f"{kb(w.sent)} ({kb(w.wire)}); {kb(w.reload)}",
        "" if today is None else f"first load on 2026-11-21: {today:.1f} KB",
        "" if today is None else f"{w.sent / 1024 / today:.2f}×",
        f"reload ≤ {RELOAD_LIMIT // 1024} KB, first ≤ 0.5×",
        w.reload <= RELOAD_LIMIT and (today is None or w.sent <= 0.5 * today * 1024),
    )


RELOAD_LIMIT = 12 * 1024
# Each scorer page with its assets, as sent (nothing was compressed) in docs/BENCHMARKS.md's
# run of 2026-11-21: the "today" of issue 13's target for a first load.
SCORER_PAGE_TODAY = {
    "black-tile-11": 44.6,
    "black-tile-21": 47.0,
    "block": 40.9,
    "draw": 40.7,
    "eighty": 50.4,
    "moon": 41.2,
    "muggins": 56.3,
}


# --- 5. concurrent writers ----------------------------------------------------------


WRITE_SHARE = 0.3
TAIL_LIMIT = 3.0


def concurrent_writers(folder: Path, settings: Settings, plan: Plan) -> list[Figure]:
    rounds: dict[int, list[writers.Writes]] = {8: [], 32: []}
    with serving(folder / "writers.sqlite3", settings, write_limit=False) as server:
        # Rounds that take turns (8, 32, 8, 32, …), as the throughput scenario's do: the
        # issue's figures are min/median/max of interleaved runs, so one pause of a shared
        # machine weighs on one round, not on the figure; every round is shown.
        for _ in range(plan.writer_rounds):
            for count, runs in rounds.items():
                runs.append(writers.run(server, writers=count, seconds=plan.writer_seconds))
        # The phones' own path, for reference (no target of its own): the hand form saved
        # from the scorer's page by its script, which a club's tables use.
        paged = writers.run(server, writers=8, seconds=plan.writer_seconds, page=True)
    many = Settings(**{**vars(settings), "threads": 64})
    with serving(folder / "writers64.sqlite3", many, write_limit=False) as server:
        rounds[64] = [writers.run(server, writers=64, seconds=plan.writer_seconds)]
    figures = []
    for count, runs in rounds.items():
        figures += writer_figures(count, runs, plan)
    return figures + page_writer_figures(paged, plan)


def writer_figures(count: int, runs: list[writers.Writes], plan: Plan) -> list[Figure]:
    """One count of writers' figures: each target on the median of its rounds, the rounds'
    range beside it; the round in the middle by its share for the figures without one."""
    name = f"5. concurrent writers ({count} writers, " + (
        f"{plan.writer_seconds:.0f} s, --threads 64)"
        if count == 64
        else f"{len(runs)}×{plan.writer_seconds:.0f} s)"
        if len(runs) > 1
        else f"{plan.writer_seconds:.0f} s)"
    )
    shares = [writes.per_second / writes.healthz_per_second for writes in runs]
    middle = sorted(runs, key=lambda writes: writes.per_second / writes.healthz_per_second)[
        (len(runs) - 1) // 2
    ]
    p50s = [writes.tally.ms(50) for writes in runs]
    p99s = [writes.tally.ms(99) for writes in runs]
    tails = [p99 / p50 for p99, p50 in zip(p99s, p50s, strict=True)]
    share, p50, p99, tail = (statistics.median(each) for each in (shares, p50s, p99s, tails))
    others: Counter[int] = Counter()
    for writes in runs:
        others.update({s: n for s, n in writes.statuses.items() if s != 201})
    # Failures that got no answer at all: the tallies' errors less the statuses counted.
    errors = sum(len(writes.tally.errors) for writes in runs) - sum(others.values())
    return [
        Figure(
            name,
            "hand POSTs",
            f"{middle.per_second:.0f}/s",
            f"/healthz {middle.healthz_per_second:.0f}/s",
            f"{share:.2f}×" + in_rounds(shares, "×"),
            f"≥ {WRITE_SHARE:.2f}×" if count == 8 else "",
            share >= WRITE_SHARE if count == 8 else None,
        ),
        Figure(name, "hand POST p50", ms(p50) + in_rounds(p50s, " ms")),
        server_cpu_figure(name, "hand POST", middle),
        Figure(
            name,
            "hand POST: the bench client's own CPU per request",
            "–" if middle.client_cpu_ms is None else f"{middle.client_cpu_ms:.2f} ms",
        ),
        Figure(
            name,
            "hand POST p99",
            ms(p99) + (in_rounds(p99s, " ms") if count == 8 else ""),
            f"p50 {ms(p50)}",
            f"{tail:.2f}×" + (in_rounds(tails, "×") if count == 32 else ""),
            {8: f"< {POST_P99_TARGET_MS} ms", 32: f"< {TAIL_LIMIT:.0f}× p50"}.get(count, ""),
            {8: p99 < POST_P99_TARGET_MS, 32: tail < TAIL_LIMIT}.get(count),
        ),
        Figure(
            name,
            "answers other than 201; 5xx",
            ", ".join(f"{n}× HTTP {s}" for s, n in sorted(others.items()))
            + (f", {errors} unanswered" if errors else "")
            or "none",
            target="0 5xx",
            met=all(writes.server_errors == 0 for writes in runs) and errors == 0,
        ),
    ]


def in_rounds(values: list[float], unit: str) -> str:
    """The rounds' range after a figure, as ` (rounds 0.29–0.33×)`; nothing after one round."""
    rounds = spread(values, unit)
    return f" ({rounds})" if rounds else ""


def server_cpu_figure(name: str, what: str, writes: writers.Writes) -> Figure:
    """The server's CPU per write answered, beside /healthz's in the same run."""
    return Figure(
        name,
        f"{what}: server CPU per request",
        "–" if writes.server_cpu_ms is None else f"{writes.server_cpu_ms:.2f} ms",
        "–"
        if writes.healthz_server_cpu_ms is None
        else f"/healthz {writes.healthz_server_cpu_ms:.2f} ms",
        ratio(writes.server_cpu_ms or math.nan, writes.healthz_server_cpu_ms or math.nan),
    )


def page_writer_figures(writes: writers.Writes, plan: Plan) -> list[Figure]:
    name = f"5. concurrent writers (8 phones on the scorer's page, {plan.writer_seconds:.0f} s)"
    p50, p99 = writes.tally.ms(50), writes.tally.ms(99)
    others = {s: n for s, n in writes.statuses.items() if s != 201}
    return [
        Figure(
            name,
            "hand saves",
            f"{writes.per_second:.0f}/s",
            f"/healthz {writes.healthz_per_second:.0f}/s",
            f"{writes.per_second / writes.healthz_per_second:.2f}×",
        ),
        Figure(name, "hand save p50 / p99", f"{ms(p50)} / {ms(p99)}"),
        server_cpu_figure(name, "hand save", writes),
        Figure(
            name,
            "answers other than 201",
            ", ".join(f"{n}× HTTP {s}" for s, n in sorted(others.items()))
            + (f", {len(writes.tally.errors)} errors" if writes.tally.errors else "")
            or "none",
            target="none",
            met=not others and not writes.tally.errors,
        ),
    ]


# --- 6. seating a club night's round ---------------------------------------------------


def seating(folder: Path, settings: Settings, plan: Plan) -> list[Figure]:
    del folder, settings, plan  # pure code: no server, no file
    times = nights.seating_times()
    slowest = max(times)
    return [
        Figure(
            "6. seating a round (pure, no server)",
            f"{nights.PLAYERS} players at Moon tables, p50 / max over {len(times)} rounds",
            f"{ms(percentile(times, 50) * 1000)} / {ms(slowest * 1000)}",
            target=f"< {SEATING_TARGET_MS} ms",
            met=slowest * 1000 < SEATING_TARGET_MS,
        )
    ]


SCENARIOS: dict[str, Scenario] = {
    "club": club,
    "throughput": rates,
    "standings": league,
    "growth": growth,
    "pages": weight,
    "writers": concurrent_writers,
    "seating": seating,
}


# --- the run -------------------------------------------------------------------------


def machine() -> str:
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as info:
            cpu = next(line.split(":", 1)[1].strip() for line in info if "model name" in line)
    except (OSError, StopIteration):
        pass
    return (
        f"{os.cpu_count()} cores ({cpu}), {platform.system()} {platform.release()}, "
        f"Python {platform.python_version()}, SQLite {sqlite3.sqlite_version}, "
        f"waitress {version('waitress')}, Flask {version('flask')}"
    )


def load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter and smaller: about a minute")
    parser.add_argument(
        "--only",
        default=",".join(SCENARIOS),
        help=f"comma-separated scenarios (default all: {','.join(SCENARIOS)})",
    )
    parser.add_argument("--threads", type=int, help="serve --threads (default: the app's)")
    parser.add_argument(
        "--synchronous",
        choices=["off", "normal", "full", "extra"],
        help="try another `PRAGMA synchronous` (default: the app's)",
    )
    parser.add_argument(
        "--connection-limit", type=int, help="try another waitress connection_limit"
    )
    parser.add_argument(
        "--keep-connection",
        action="store_true",
        help="try the server holding one SQLite connection open for its lifetime",
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    return parser.parse_args()


def main() -> None:
    args = parse_args()
    chosen = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = sorted(set(chosen) - set(SCENARIOS))
    if unknown:
        raise SystemExit(
            f"unknown scenario(s): {', '.join(unknown)}; pick from {', '.join(SCENARIOS)}"
        )
    plan = QUICK if args.quick else FULL
    settings = Settings(
        threads=args.threads,
        synchronous=args.synchronous,
        connection_limit=args.connection_limit,
        keep_connection=args.keep_connection or None,
    )
    started, load_before, began = datetime.now().astimezone(), load(), time.perf_counter()
    figures: list[Figure] = []
    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as folder:
        for name in chosen:
            print(f"… {name}", flush=True)
            figures += SCENARIOS[name](Path(folder), settings, plan)
    took = time.perf_counter() - began
    figures.sort(key=lambda figure: figure.scenario.split(".")[0])  # stable: by scenario number
    print()
    print(
        f"Scorekeeper benchmark, {started:%Y-%m-%d %H:%M %Z}, {'quick' if args.quick else 'full'} run"
    )
    print(f"machine: {machine()}")
    print(f"server: scorekeeper serve with {settings.described()}")
    print(f"clients: {CLIENTS[distinct_sources()]}")
    print(f"load average (1, 5, 15 min) before: {load_before}, after: {load()}; took {took:.0f} s")
    print()
    print(markdown(figures) if args.markdown else table(figures))
    missed = [f for f in figures if f.met is False]
    print()
    print(f"{sum(f.met is True for f in figures)} targets met, {len(missed)} missed")
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "started": started.isoformat(),
                    "quick": args.quick,
                    "machine": machine(),
                    "settings": settings.described(),
                    "took_s": math.ceil(took),
                    "figures": [f.as_dict() for f in figures],
                },
                indent=1,
            )
            + "\n"
        )
