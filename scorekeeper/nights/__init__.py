"""Club nights: a league's evening of rounds, tables and its own standings (CLUB_NIGHT.md).

Its rooms: `seating` (pure: who sits where each round), `standings` (pure: the night's
won, margin and points for) and `night` (the night as stored: opening it, check-in,
seating a round and starting its games, calling time). The pages, API and exports are
in `scorekeeper.web.nights`.
"""
