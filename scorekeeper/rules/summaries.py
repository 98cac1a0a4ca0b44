"""A short summary of each game, said in the reader's language on its rules page.

The rules texts of the seeds stay in the language they were written in; a Spanish or
Portuguese reader gets these few sentences in their own words above them (the catalogs
hold the translations: translations/<lang>/LC_MESSAGES/rules.po).
"""

from __future__ import annotations

from scorekeeper.words import Message, say

SUMMARIES: dict[str, Message] = {
    "block": say(
        "Block: nobody draws; a player who cannot play passes. The first to play all their "
        "tiles dominoes and scores the pips left in the other hands, minus their own. When "
        "nobody can play, the hand is blocked and the lightest hand scores. The first to 100 "
        "wins (61 with three or four players on their own)."
    ),
    "draw": say(
        "Draw: a player who cannot play draws from the boneyard until they can. The first to "
        "play all their tiles dominoes and scores every pip left in the other hands. When "
        "nobody can play, the lightest hand scores. The first to 100 wins."
    ),
    "muggins": say(
        "Muggins (All Fives): after each play, add up the open ends; a multiple of five "
        "scores itself (a double lying crosswise counts both halves). A score the player "
        "misses can be called muggins by an opponent, who takes it. The player who dominoes "
        "scores the others' pips, rounded to the nearest five. The first to 200 wins, even in "
        "the middle of a hand."
    ),
    "fives-and-threes": say(
        "Fives and Threes: after each play, add up the two open ends; each five and each "
        "three in the count scores a point (15 scores 8). Playing your last tile scores one "
        "more. A blocked hand scores nothing more. The first to exactly 61 wins; a score that "
        "would go past it does not count."
    ),
    "mexican-train": say(
        "Mexican Train: one round from each double, from the highest down to 0-0. At the end "
        "of a round everybody scores the pips left in their own hand; the player who went "
        "out scores nothing. After the last round the lowest total wins."
    ),
    "latin-partnership": say(
        "Partnership dominoes as played in the Dominican Republic, Puerto Rico and Cuba: "
        "four players, partners sit facing each other. The team that dominoes scores the "
        "pips left in the hands. When the game is blocked (tranque), the team with fewer "
        "pips wins it; a tie scores nothing. Going out on both ends (capicúa) and a pass "
        "round the whole table (pase corrido) earn bonuses. The first team to 200 wins."
    ),
    "custom": say(
        "Your club's own game: type each side's points after every hand. Points below zero "
        "count only where the club allows them. The highest total wins, or the lowest if the "
        "club chose so, at a target or after a set number of hands."
    ),
    "moon": say(
        "Moon: three players, or four in partnerships, play seven tricks a hand. Each bids "
        "how many tricks they will take, or shoots the moon by bidding all seven for 21. "
        "Making the bid scores it; failing loses it. The first to 21 wins."
    ),
    "eighty": say(
        "Eighty: two partnerships play ten tricks of two points each, and the count tiles "
        "add 60 more. The teams bid from 50 to 80; the bidders must make their bid or the "
        "other team scores it. The first team to 250 wins."
    ),
    "texas-42": say(
        "Texas 42: two partnerships bid for the 42 points of a hand: seven tricks of one "
        "point each and the count tiles, worth 35. The bidders must make their bid or they "
        "are set. A game is seven marks."
    ),
    "black-tile-11": say(
        "11 Point Black Tile, the dominoes Hearts: play tricks and avoid the point tiles. "
        "Each tile of the 3-suit costs a point and the 0-0 costs 4. Taking every point "
        "(the moon) makes the others pay instead. The lowest total wins."
    ),
    "black-tile-21": say(
        "21 Point Black Tile, the dominoes Hearts: play tricks and avoid the point tiles. "
        "Tiles of 5, 6 or 7 pips cost a point each and the 0-0 costs 11. Taking every point "
        "(the moon) makes the others pay instead. When somebody reaches 210, the lowest total wins."
    ),
}


def summary_of(ruleset_id: str) -> Message | None:
    """The short summary of a game, or None for a game that has none."""
    return SUMMARIES.get(ruleset_id)
