"""Seating a club night's rounds (CLUB_NIGHT.md, "Seating a round"), over many random nights.

Each night is played out by the pure seating alone: random players present each round,
a random standings order (as results would make it), the byes counted as they fall. The
checks are what an organiser would notice: everyone seated once or sitting out, byes
spread, partners fresh while a fresh partner can be had, the leaders at table 1.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.nights.seating import Entrant, Layout, SeatedTable, seat_round, table_sizes

MOON = Layout(4, (3, 4), partnerships=True)  # 4-player Moon: partners; 3 play each for themself
MOON_FOURS = Layout(4, (4,), partnerships=True)
BLACK_TILE_3 = Layout(3, (3, 4))
BLACK_TILE_4 = Layout(4, (3, 4))
BLOCK = Layout(4, (2, 3, 4))
PAIRS = Layout(2, (2,), partnerships=True, pairs=True)
LAYOUTS = (MOON, MOON_FOURS, BLACK_TILE_3, BLACK_TILE_4, BLOCK)
NAMES = [f"Player {n}" for n in range(1, 41)]


def players(count: int) -> list[Entrant]:
    return [(name,) for name in NAMES[:count]]


def fresh_partners_possible(seated: Sequence[str], partnered: set[frozenset[str]]) -> bool:
    """Whether the seated players can be paired off without any pair having partnered before.

    Worked out here by brute force, independently of the seating's own search.
    """
    if not seated:
        return True
    first, rest = seated[0], seated[1:]
    for n, other in enumerate(rest):
        fresh = frozenset((first, other)) not in partnered
        if fresh and fresh_partners_possible(rest[:n] + rest[n + 1 :], partnered):
            return True
    return False


@st.composite
def nights(draw: st.DrawFn) -> tuple[Layout, list[list[Entrant]]]:
    """A layout and, for each round, the entrants present in standings order."""
    layout = draw(st.sampled_from(LAYOUTS))
    count = draw(st.integers(min_value=min(layout.sizes), max_value=16))
    rounds = draw(st.integers(min_value=1, max_value=6))
    everyone = players(count)
    orders = []
    for _ in range(rounds):
        rng = draw(st.randoms(use_true_random=False))
        present = [e for e in everyone if rng.random() > 0.15] or everyone
        while len(present) < min(layout.sizes):
            present = everyone
        order = present[:]
        rng.shuffle(order)
        orders.append(order)
    return layout, orders


@settings(max_examples=150, deadline=None)
@given(nights())
def test_every_night_seats_everyone_once_spreads_byes_and_keeps_partners_fresh(
    night: tuple[Layout, list[list[Entrant]]],
) -> None:
    layout, orders = night
    played: list[tuple[SeatedTable, ...]] = []
    byes: Counter[Entrant] = Counter()
    partnered: set[frozenset[str]] = set()
    for order in orders:
        seating = seat_round(order, layout, byes, played)
        seated = [player for table in seating.tables for player in table.seats]
        out = [player for entrant in seating.byes for player in entrant]
        present = [player for entrant in order for player in entrant]

        # Every present player is seated once or sits out; nobody else is anywhere.
        assert sorted(seated + out) == sorted(present)
        assert all(len(table.seats) in layout.sizes for table in seating.tables)
        # Sitting out only where no table size fits everyone.
        assert sum(len(t.seats) for t in seating.tables) == sum(table_sizes(len(order), layout))

        # Byes to those with the fewest so far: nobody gets a second while a present
        # player who sits at a table has had none.
        if seating.byes:
            most_out = max(byes[entrant] for entrant in seating.byes)
            least_in = min(byes[(player,)] for player in seated)
            assert most_out <= least_in

        # The leader (the best placed who plays) sits at table 1, in seat 1.
        leader = next(e for e in order if e not in seating.byes)
        assert seating.tables[0].seats[0] == leader[0]

        # Partners sit opposite, and are fresh while fresh partners can be had.
        partner_tables = [t for t in seating.tables if t.partnerships]
        for table in partner_tables:
            a, b, c, d = table.seats
            assert table.sides == ((a, c), (b, d))
        if layout.partnerships and len(partner_tables) == len(seating.tables):
            repeated = [
                side for t in partner_tables for side in t.sides if frozenset(side) in partnered
            ]
            if repeated:
                assert not fresh_partners_possible(seated, partnered), repeated
                assert any("partners again" in str(line) for line in seating.repeats)
        partnered |= {frozenset(side) for t in partner_tables for side in t.sides}

        played.append(seating.tables)
        byes.update(seating.byes)


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False))
def test_eight_players_four_rounds_of_moon_never_partner_twice(rng: random.Random) -> None:
    """8 players, 4 rounds of 4-player Moon: everyone has 4 different partners."""
    everyone = players(8)
    played: list[tuple[SeatedTable, ...]] = []
    partners: dict[str, list[str]] = {name: [] for (name,) in everyone}
    for _ in range(4):
        order = everyone[:]
        rng.shuffle(order)
        seating = seat_round(order, MOON, {}, played)
        assert [len(t.seats) for t in seating.tables] == [4, 4]
        assert not seating.byes
        for table in seating.tables:
            for a, b in table.sides:
                partners[a].append(b)
                partners[b].append(a)
        played.append(seating.tables)
    for name, had in partners.items():
        assert len(set(had)) == 4, f"{name} partnered {had}"


def test_thirteen_black_tile_players_sit_at_tables_of_three_three_three_and_four() -> None:
    for layout in (BLACK_TILE_3, BLACK_TILE_4):
        seating = seat_round(players(13), layout, {}, [])
        assert sorted(len(t.seats) for t in seating.tables) == [3, 3, 3, 4]
        assert seating.byes == ()


def test_table_sizes_seat_everyone_where_the_game_allows() -> None:
    # Moon: 3 or 4 a table. 5 cannot be split: one sits out.
    assert table_sizes(5, MOON) == (4,)
    assert table_sizes(6, MOON) == (3, 3)
    assert table_sizes(7, MOON) == (4, 3)
    assert table_sizes(12, MOON) == (4, 4, 4)
    # Block from 2 to 4 a table: 6 players make two tables of 3, not a 4 and a 2.
    assert table_sizes(6, BLOCK) == (3, 3)
    # A game of one table size only: the rest sit out.
    assert table_sizes(10, MOON_FOURS) == (4, 4)


def test_pairs_keep_their_partners_and_an_odd_pair_sits_out() -> None:
    pairs = [("Ann", "Cy"), ("Bob", "Dee"), ("Eve", "Gus"), ("Hal", "Ivy"), ("Jo", "Kim")]
    seating = seat_round(pairs, PAIRS, {}, [])
    assert seating.byes == (("Jo", "Kim"),)  # the lowest placed
    assert seating.tables[0].seats == ("Ann", "Bob", "Cy", "Dee")
    assert seating.tables[0].sides == (("Ann", "Cy"), ("Bob", "Dee"))
    # Next round the bye goes to someone else, and pairs who met do not meet again.
    second = seat_round(pairs, PAIRS, {("Jo", "Kim"): 1}, [seating.tables])
    assert second.byes == (("Hal", "Ivy"),)
    met = [{t.sides[0], t.sides[1]} for t in seating.tables]
    assert all({t.sides[0], t.sides[1]} not in met for t in second.tables)
    assert second.repeats == ()


def test_an_unavoidable_repeat_is_named() -> None:
    """Four players, two rounds: partners can change, but everyone meets someone again."""
    four = players(4)
    first = seat_round(four, MOON, {}, [])
    second = seat_round(four, MOON, {}, [first.tables])
    (a, c), (b, d) = first.tables[0].sides
    assert {frozenset(s) for s in second.tables[0].sides}.isdisjoint(
        {frozenset((a, c)), frozenset((b, d))}
    )
    assert second.repeats
    assert all("meets" in str(line) and "round 1" in str(line) for line in second.repeats)


def test_the_same_players_in_the_same_order_get_the_same_seating() -> None:
    order = players(11)
    assert seat_round(order, MOON, {}, []) == seat_round(order, MOON, {}, [])
