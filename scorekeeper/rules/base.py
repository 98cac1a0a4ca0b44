"""What every ruleset is: its declaration, options, one hand's result, and the game's status.

Rules modules are pure: an entry and the options go in, scores and an explanation come
out. They may use this module and `scorekeeper.tiles`, nothing else of the app.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from scorekeeper.errors import RuleError
from scorekeeper.names import as_typed as as_typed  # an unknown name or field, repeated
from scorekeeper.words import Message, say, say_n
from scorekeeper.words import Sentence as Sentence  # a line of an explanation, for the rules

__all__ = [
    "Ending",
    "HandResult",
    "NextHand",
    "Option",
    "Partnerships",
    "RuleError",
    "Ruleset",
    "ScoredHand",
    "Sentence",
    "Status",
    "Table",
]

Partnerships = Literal["never", "optional", "always"]
OptionValue = int | bool | str | None
Entry = Mapping[str, Any]
Options = Mapping[str, Any]


@dataclass(frozen=True)
class Table:
    """Who plays: players in seat order (seat 1 deals first) and, in partnerships, the teams."""

    players: tuple[str, ...]
    team_names: tuple[str, ...] = ()
    first_dealer: int = 0  # the seat index (0 = seat 1) that deals hand 1; a rematch moves it on

    @property
    def partnerships(self) -> bool:
        return bool(self.team_names)

    @property
    def teams(self) -> tuple[tuple[str, ...], ...]:
        """Partners sit opposite: seats {1,3} and {2,4}."""
        if not self.partnerships:
            return ()
        return (self.players[0::2], self.players[1::2])

    @property
    def sides(self) -> tuple[str, ...]:
        """What scores: the players, or the team names in a partnership game."""
        return self.team_names if self.partnerships else self.players

    def side_of(self, player: str) -> str:
        """The side a player scores for."""
        if not self.partnerships:
            return player
        for name, members in zip(self.team_names, self.teams, strict=True):
            if player in members:
                return name
        raise RuleError(say("%(player)s is not playing in this game", player=player))

    def members(self, side: str) -> tuple[str, ...]:
        """The players of a side."""
        if not self.partnerships:
            return (side,)
        return self.teams[self.team_names.index(side)]

    def player(self, name: object, field: str | None = None) -> str:
        """The player called `name` (case and surrounding spaces ignored)."""
        return _lookup(name, self.players, "player", field)

    def side(self, name: object, field: str | None = None) -> str:
        """The side called `name` (case and surrounding spaces ignored)."""
        if not self.partnerships:
            return self.player(name, field)  # every side is a player
        return _lookup(name, self.sides, "side", field)


def _lookup(name: object, names: Sequence[str], what: str, field: str | None) -> str:
    if isinstance(name, str):
        wanted = name.strip().casefold()
        for candidate in names:
            if candidate.casefold() == wanted:
                return candidate
    shown = as_typed(name)
    listed = ", ".join(names)
    if what == "player":
        raise RuleError(
            say(
                "%(name)s is not playing in this game (it has %(names)s)", name=shown, names=listed
            ),
            field,
        )
    raise RuleError(
        say("%(name)s is not a side in this game (it has %(names)s)", name=shown, names=listed),
        field,
    )


@dataclass(frozen=True)
class Option:
    """One per-game setting, with its default and the values it accepts."""

    name: str
    label: str
    default: OptionValue | Callable[[Table], OptionValue]
    kind: type = int
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False
    free_text: bool = False  # a str option typed by the players (a game's name), not chosen

    def default_for(self, table: Table) -> OptionValue:
        """The default in force for this table (some depend on the number of players)."""
        return self.default(table) if callable(self.default) else self.default

    @property
    def static_default(self) -> OptionValue:
        """The default where it does not depend on the table, else None."""
        return None if callable(self.default) else self.default

    def shown(self, value: OptionValue) -> Message | str:
        """A text value as a page shows it (`| named`): the players' own words (a free-text
        option not left at its default) as typed, never looked up as an English sentence
        (a game named "Moon" stays so); a choice or the default in the reader's words."""
        text = str(value)
        return text if self.free_text and value != self.static_default else Message(text)

    def validate(self, value: object) -> OptionValue:
        """The value if this option accepts it, else a RuleError saying what it accepts (the
        label, the words of the new-game page, is said in the reader's language with it)."""
        where = f"options.{self.name}"
        if value is None and self.nullable:
            return None
        if self.kind is bool:
            if isinstance(value, bool):
                return value
            # A checkbox on the page: only a script sends anything else, so the name it used.
            raise RuleError(say("option %(name)s must be true or false", name=self.name), where)
        if self.kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise RuleError(
                    say("%(what)s must be a whole number", what=Message(self.label)), where
                )
            if self.minimum is not None and value < self.minimum:
                raise RuleError(
                    say(
                        "%(what)s must be at least %(low)s",
                        what=Message(self.label),
                        low=self.minimum,
                    ),
                    where,
                )
            if self.maximum is not None and value > self.maximum:
                raise RuleError(
                    say(
                        "%(what)s must be at most %(high)s",
                        what=Message(self.label),
                        high=self.maximum,
                    ),
                    where,
                )
            return value
        if self.free_text:
            return free_text(value, Message(self.label), where)
        if not isinstance(value, str) or value not in self.choices:
            raise RuleError(
                say(
                    "option %(name)s must be one of: %(choices)s",
                    name=self.name,
                    choices=", ".join(self.choices),
                ),
                where,
            )
        return value


TEXT_LIMIT = 40


def free_text(value: object, label: Sentence, where: str) -> str:
    """A short text typed by the players: 1 to 40 visible characters on one line."""
    if not isinstance(value, str) or not value.strip():
        raise RuleError(say("%(what)s needs a few words", what=label), where)
    text = unicodedata.normalize("NFC", " ".join(value.split()))
    if len(text) > TEXT_LIMIT or not text.isprintable():
        raise RuleError(
            say(
                "%(what)s must be at most %(count)s letters on one line",
                what=label,
                count=TEXT_LIMIT,
            ),
            where,
        )
    return text


@dataclass(frozen=True)
class HandResult:
    """One hand scored: points per side (every side, 0 included) and why.

    `steps` lists the hand's scores in the order they happened, for games that can end
    in the middle of a hand (Muggins); by default the hand is one step.
    """

    scores: Mapping[str, int]
    explanation: tuple[Sentence, ...]
    steps: tuple[Mapping[str, int], ...] = ()

    @property
    def ordered_steps(self) -> tuple[Mapping[str, int], ...]:
        return self.steps or (self.scores,)


@dataclass(frozen=True)
class ScoredHand:
    """A hand of the game's history: its number, its entry as given, and its result."""

    number: int
    entry: Entry
    result: HandResult


@dataclass(frozen=True)
class Status:
    """Whether the game is over, who won, and a sentence saying why."""

    finished: bool
    winners: tuple[str, ...] = ()
    explanation: Sentence = ""


@dataclass(frozen=True)
class Ending:
    """Where the game's end falls: its status, and the part of the record that counts.

    `counted` holds the hands up to and including the one the game ended in; when it ended
    in the middle of that hand (Muggins), that hand is cut to the steps before the end.
    """

    status: Status
    counted: tuple[ScoredHand, ...]
    cut_short: bool = False

    @property
    def last_counted(self) -> int:
        """The number of the last hand that counts (0 when none does)."""
        return self.counted[-1].number if self.counted else 0


@dataclass(frozen=True)
class NextHand:
    """Who deals the next hand and, in passing games, which way to pass."""

    number: int
    dealer: str
    passing: str | None = None
    engine: str | None = None  # Mexican Train: the double the round is played from, "11-11"


@dataclass(frozen=True)
class Ruleset:
    """A game's declaration and scoring. Each game module subclasses it and registers instances."""

    id: str
    name: str
    description: str
    seed: str
    players: tuple[int, ...]
    partnerships: Partnerships
    options: tuple[Option, ...] = field(default=())
    lowest_wins: bool = False
    live_plays: bool = False  # plays may be posted one at a time during a hand (Muggins)
    # A hand's scores depend on the totals before it (score_in_game): a correction scores
    # the hands after it again.
    scored_from_totals: bool = False
    # Live-play games: the most open ends a layout has (a spinner's four in Muggins), how a
    # count scores on the pad ("fives" or "fives-and-threes"), and whether the play of a
    # player's last tile is flagged `out` (Fives and Threes: it carries the go point).
    open_ends: int = 0
    count_scoring: str = "fives"
    flags_last_tile: bool = False
    # A game with no seed text: its rules text is a summary, and these are where it comes from.
    sources: tuple[str, ...] = ()

    # --- the table and the options -------------------------------------------------

    def check_table(self, table: Table) -> None:
        """Refuse a number of players or a partnership setting this game does not allow."""
        count = len(table.players)
        if count not in self.players:
            allowed = or_list(self.players)
            raise RuleError(
                say(
                    "%(game)s is played by %(allowed)s players, not %(count)s",
                    game=Message(self.name),
                    allowed=allowed,
                    count=count,
                ),
                "players",
            )
        if table.partnerships and (self.partnerships == "never" or count != 4):
            raise RuleError(
                say(
                    "%(game)s with %(count)s players has no partnerships",
                    game=Message(self.name),
                    count=count,
                ),
                "partnerships",
            )
        if self.partnerships == "always" and count == 4 and not table.partnerships:
            raise RuleError(
                say("%(game)s with 4 players is played in partnerships", game=Message(self.name)),
                "partnerships",
            )

    def partnerships_required(self, player_count: int) -> bool:
        """Whether a game of this many players must be played in partnerships."""
        return self.partnerships == "always" and player_count == 4

    def resolve_options(self, given: Mapping[str, object], table: Table) -> dict[str, Any]:
        """Every option with defaults filled in; unknown or invalid options are refused."""
        known = {o.name: o for o in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            if not known:
                raise RuleError(
                    say(
                        "%(name)s is not an option of %(game)s (it has none)",
                        name=unknown[0],
                        game=Message(self.name),
                    ),
                    "options",
                )
            raise RuleError(
                say(
                    "%(name)s is not an option of %(game)s (its options: %(options)s)",
                    name=unknown[0],
                    game=Message(self.name),
                    options=", ".join(known),
                ),
                "options",
            )
        return {
            name: option.validate(given[name]) if name in given else option.default_for(table)
            for name, option in known.items()
        }

    # --- scoring -------------------------------------------------------------------

    def score_hand(self, entry: Entry, table: Table, options: Options) -> HandResult:
        """Score one hand's entry, or raise RuleError naming what is wrong with it."""
        raise NotImplementedError

    def score_in_game(
        self,
        entry: Entry,
        table: Table,
        options: Options,
        before: Mapping[str, int],
        *,
        number: int = 1,
        strict: bool = True,
    ) -> HandResult:
        """Score hand `number` knowing each side's total before it.

        Most games score a hand on its own. Mexican Train's engine follows the hand's number;
        a game that ends the moment a side reaches its target mid-hand (the partnership game)
        or whose scores may not overshoot it (Fives and Threes) needs the totals before it:
        those set `scored_from_totals`, so that a correction scores the hands after it again.
        `strict` refuses what can only be refused at entry (a play after the game ended); a
        hand scored again after an earlier correction is scored without it.
        """
        return self.score_hand(entry, table, options)

    def lowest_wins_with(self, options: Options) -> bool:
        """Whether the lowest total wins in a game with these options (custom games choose)."""
        return self.lowest_wins

    def title_with(self, options: Options) -> str:
        """What a game with these options is called on its pages (a custom game is named)."""
        return self.name

    def shown_title_with(self, options: Options) -> Message | str:
        """The title as a page shows it (`| named`): the game's own name, in the reader's words."""
        return Message(self.name)

    def status(self, table: Table, options: Options, hands: Sequence[ScoredHand]) -> Status:
        """Whether the game is over after these hands: by default, first to the target wins."""
        return first_to_target(table, hands, options["target"])

    def next_hand(self, table: Table, options: Options, hands_played: int) -> NextHand:
        """The deal passes clockwise every hand, starting with seat 1."""
        number = hands_played + 1
        return NextHand(number, dealer_of(table, number))

    def sample_entry(self, table: Table) -> dict[str, Any]:
        """A legal entry for this table, used by the conformance tests and the docs."""
        raise NotImplementedError

    def sample_entries(self, table: Table) -> tuple[dict[str, Any], ...]:
        """Legal entries that score differently: the sample hand, then the same hand won by
        the next seat. Mixed in a game they move the lead, so the conformance tests can make a
        correction end a game sooner; a ruleset may add its own."""
        return (self.sample_entry(table), self.sample_entry(next_seat_first(table)))

    def match_games(self, table: Table) -> int:
        """How many games make a match (best of), or 0 where games are not played in matches."""
        return 0

    def match_standing(
        self, table: Table, game_winners: Sequence[tuple[str, ...]]
    ) -> tuple[dict[str, int], str | None]:
        """Games won per side in a match so far, and the side that has won the match, if any."""
        return {}, None

    def score_plays(self, plays: Sequence[Any], table: Table, options: Options) -> HandResult:
        """The score so far of a hand in progress, from plays posted live (`live_plays` games)."""
        raise RuleError(
            say("%(game)s does not take plays one at a time", game=Message(self.name)), "plays"
        )

    # --- games whose hand scores depend on the totals before the hand ---------------
    # (Fives and Threes: a score that would overshoot the exact target is disregarded.)

    def plays_in_game(
        self, plays: Sequence[Any], table: Table, options: Options, before: Mapping[str, int]
    ) -> HandResult:
        """The hand in progress, knowing each side's total before it."""
        return self.score_plays(plays, table, options)


# --- the end of a game: one rule for every ruleset -------------------------------------


def end_of_game(
    ruleset: Ruleset, table: Table, options: Options, hands: Sequence[ScoredHand]
) -> Ending:
    """SCORING.md: "A game ends after the first hand at which its end condition holds."

    Each ruleset says whether the game is over after a run of hands (`Ruleset.status`);
    this is the one place that looks for the first hand after which it is, and, in games
    that can end mid-hand, the first step of that hand. Hands after the end stay in the
    record but do not count, so a correction can end a game earlier or reopen it.
    """
    status = ruleset.status(table, options, hands)
    if not status.finished or not hands:
        return Ending(status, tuple(hands))
    # A game over after some hands is over after any more (the conformance tests hold every
    # ruleset to it), so halving the record finds the first hand after which it was over.
    going_on, over = 0, len(hands)
    while over - going_on > 1:
        middle = (going_on + over) // 2
        found = ruleset.status(table, options, hands[:middle])
        if found.finished:
            over, status = middle, found
        else:
            going_on = middle
    return _ended_in(ruleset, table, options, hands[:over], status)


def _ended_in(
    ruleset: Ruleset, table: Table, options: Options, hands: Sequence[ScoredHand], status: Status
) -> Ending:
    """The game is over after the last of `hands`; find the first step of it that ended it."""
    *before, last = hands
    steps = last.result.ordered_steps
    for taken in range(1, len(steps)):
        part = ScoredHand(last.number, last.entry, first_steps(last.result, taken))
        early = ruleset.status(table, options, (*before, part))
        if early.finished:
            return Ending(early, (*before, part), cut_short=True)
    return Ending(status, tuple(hands))


def first_steps(result: HandResult, taken: int) -> HandResult:
    """A hand's result counting only its first `taken` steps (the rest came after the end)."""
    steps = result.ordered_steps[:taken]
    scores = {side: sum(step.get(side, 0) for step in steps) for side in result.scores}
    return HandResult(scores, result.explanation, steps)


# What a hand's explanation adds where the game's end falls (games.py shows the record with them).
AFTER_THE_END = say("Played after the end of the game: this hand does not count.")


def ended_mid_hand(entered: HandResult, counted: HandResult, status: Status) -> Message:
    """Why only part of a hand counts: the game ended at one of its scores (Muggins)."""
    later = entered.ordered_steps[len(counted.ordered_steps) :]
    scores: list[Sentence] = [
        ", ".join(f"{side} {points}" for side, points in step.items() if points) or say("nothing")
        for step in later
    ]
    listed: Sentence = scores[0]
    for step in scores[1:]:
        listed = say("%(before)s; then %(after)s", before=listed, after=step)
    return say(
        "The game ended during this hand: %(why)s. What was scored after that came after the "
        "end and does not count (%(scores)s).",
        why=status.explanation,
        scores=listed,
    )


def after_the_end_note(numbers: Sequence[int]) -> Sentence:
    """What the page says of the hands after the end: which, and that they do not count."""
    if not numbers:
        return ""
    if len(numbers) == 1:
        return say(
            "Hand %(number)s was played after the end of the game: it does not count.",
            number=numbers[0],
        )
    if len(numbers) == 2:
        return say(
            "Hands %(first)s and %(last)s were played after the end of the game: they do "
            "not count.",
            first=numbers[0],
            last=numbers[-1],
        )
    return say(
        "Hands %(first)s to %(last)s were played after the end of the game: they do not count.",
        first=numbers[0],
        last=numbers[-1],
    )


# --- helpers every ruleset shares ----------------------------------------------------


def dealer_of(table: Table, hand_number: int) -> str:
    """Seat 1 deals hand 1 (or the seat a rematch moved the deal to); then clockwise every hand."""
    return table.players[(table.first_dealer + hand_number - 1) % len(table.players)]


def next_seat_first(table: Table) -> Table:
    """The same players and teams, listed from seat 2: a table whose seat 1 is the next player."""
    players = (*table.players[1:], *table.players[:1])
    teams = (*table.team_names[1:], *table.team_names[:1])
    return Table(players, teams, table.first_dealer)


def zero_scores(table: Table) -> dict[str, int]:
    """A score of 0 for every side."""
    return {side: 0 for side in table.sides}


def running_totals(table: Table, hands: Sequence[ScoredHand]) -> dict[str, int]:
    """Each side's total over the given hands."""
    totals = zero_scores(table)
    for hand in hands:
        for side, points in hand.result.scores.items():
            totals[side] += points
    return totals


def first_to_target(
    table: Table,
    hands: Sequence[ScoredHand],
    target: int,
    *,
    crossing_winners: Callable[[ScoredHand, Mapping[str, int], list[str]], tuple[str, ...]]
    | None = None,
) -> Status:
    """The first side to reach `target` wins, checked after every step in play order.

    When several sides reach it at the same step, the highest total wins (equal highest
    share the win) unless `crossing_winners` decides otherwise; it may return () to play on.
    """
    totals = zero_scores(table)
    sides = table.sides
    for hand in hands:
        for step in hand.result.ordered_steps:
            for side, points in step.items():
                totals[side] += points
            if max(totals.values()) < target:  # nobody there yet: the usual step, in one call
                continue
            reached = [side for side in sides if totals[side] >= target]
            if crossing_winners is not None:
                winners = crossing_winners(hand, totals, reached)
            else:
                best = max(totals[side] for side in reached)
                winners = tuple(side for side in reached if totals[side] == best)
            if winners:
                return Status(True, winners, _reached_sentence(winners, totals, target))
    return Status(False)


def time_called(
    table: Table, totals: Mapping[str, int], lowest_wins: bool, last_hand: int
) -> Status:
    """Time called after hand `last_hand`: the side ahead wins; equal leaders share the win.

    CLUB_NIGHT.md, "Playing a round": ahead is the lowest total where the lowest wins.
    """
    best = min(totals.values()) if lowest_wins else max(totals.values())
    winners = tuple(side for side in table.sides if totals[side] == best)
    shown = ", ".join(f"{side} {totals[side]}" for side in table.sides)
    if len(winners) > 1:
        sentence = say(
            "time called after hand %(hand)s (%(totals)s): %(names)s are level at %(total)s "
            "and share the win",
            hand=last_hand,
            totals=shown,
            names=and_list(winners),
            total=best,
        )
    elif lowest_wins:
        sentence = say(
            "time called after hand %(hand)s (%(totals)s): %(name)s is lowest and wins",
            hand=last_hand,
            totals=shown,
            name=winners[0],
        )
    else:
        sentence = say(
            "time called after hand %(hand)s (%(totals)s): %(name)s leads and wins",
            hand=last_hand,
            totals=shown,
            name=winners[0],
        )
    return Status(True, winners, sentence)


def _reached_sentence(winners: Sequence[str], totals: Mapping[str, int], target: int) -> Message:
    return say(
        "%(names)s reached %(target)s with %(total)s and won",
        names=and_list(winners),
        target=target,
        total=totals[winners[0]],
    )


def or_list(choices: Sequence[Any]) -> Any:
    """'2', '2 or 3', '2 or 3 or 4': choices joined by the word "or" of the reader's language."""
    joined: Any = choices[0]
    for choice in choices[1:]:
        joined = say("%(first)s or %(second)s", first=joined, second=choice)
    return joined


def and_list(names: Sequence[Any]) -> Any:
    """'Ann', 'Ann and Bob', 'Ann and Bob and Cy': names (or Messages) joined by the word
    "and" of the reader's language, one pair at a time."""
    joined: Any = names[0]
    for name in names[1:]:
        joined = say("%(first)s and %(second)s", first=joined, second=name)
    return joined


def not_an_object() -> RuleError:
    """The refusal of a hand that is not an object of fields (one sentence, wherever it is met)."""
    return RuleError(say("the hand must be given as an object of fields"))


def check_entry_keys(entry: Entry, allowed: Sequence[str]) -> None:
    """Refuse an entry that is not an object or carries a field this game does not know."""
    if not isinstance(entry, Mapping):
        raise not_an_object()
    for key in entry:
        if key not in allowed:
            raise RuleError(
                say(
                    "%(key)s is not part of a hand here (expected: %(fields)s)",
                    key=as_typed(key),
                    fields=", ".join(allowed),
                ),
                key,
            )


def whole_number(
    value: object, field: str, what: Sentence, *, low: int = 0, high: int | None = None
) -> int:
    """A whole number within [low, high], or a RuleError that says `what` it was for
    (a Message naming it: "the pips left for Ann")."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(say("%(what)s must be a whole number", what=what), field)
    if value < low:
        raise RuleError(say("%(what)s cannot be less than %(low)s", what=what, low=low), field)
    if high is not None and value > high:
        raise RuleError(say("%(what)s cannot be more than %(high)s", what=what, high=high), field)
    return value


def side_numbers(
    entry: Entry,
    key: str,
    table: Table,
    what: str | Callable[[str], Sentence],
    *,
    high: int | None = None,
) -> dict[str, int]:
    """A whole number for every side from entry[key], keyed by the sides' own names; `what`
    names the number of one side (`lambda side: say("the tricks for %(side)s", side=side)`;
    an English str is still accepted while the rules modules move to Messages)."""
    raw = per_side(entry, key, table)
    named = (lambda side: f"{what} for {side}") if isinstance(what, str) else what
    return {side: whole_number(value, key, named(side), high=high) for side, value in raw.items()}


def named_sides(raw: Mapping[Any, Any], key: str, table: Table) -> dict[str, Any]:
    """`raw` keyed by the sides' own names (matched loosely), each side at most once."""
    values: dict[str, Any] = {}
    for name, value in raw.items():
        side = table.side(name, key)
        if side in values:
            raise RuleError(say("%(side)s is given twice in %(key)s", side=side, key=key), key)
        values[side] = value
    return values


def per_side(entry: Entry, key: str, table: Table) -> dict[str, Any]:
    """entry[key] as a map with exactly one value for every side (names matched loosely)."""
    raw = entry.get(key)
    if not isinstance(raw, Mapping):
        raise RuleError(
            say(
                "%(key)s must give a value for each of %(sides)s",
                key=key,
                sides=", ".join(table.sides),
            ),
            key,
        )
    values = named_sides(raw, key, table)
    missing = [side for side in table.sides if side not in values]
    if missing:
        raise RuleError(
            say("%(key)s has nothing for %(sides)s", key=key, sides=", ".join(missing)), key
        )
    return {side: values[side] for side in table.sides}


def flag(entry: Entry, key: str) -> bool:
    """An optional true/false field of an entry (absent means false)."""
    value = entry.get(key, False)
    if not isinstance(value, bool):
        raise RuleError(say("%(key)s must be true or false", key=key), key)
    return value


def points_phrase(points: int) -> Message:
    """'1 point', '12 points', '-3 points' (the plural form chosen by the size of the number)."""
    return say_n("%(points)s point", "%(points)s points", abs(points), points=points)


def count_tiles_sentence(worth: Mapping[str, int]) -> str:
    """What the count tiles are worth, in English (see count_tiles_said)."""
    return str(count_tiles_said(worth))


def count_tiles_said(worth: Mapping[str, int]) -> Message:
    """What the count tiles are worth, for the page: '5-5 and 6-4 count 10; 5-0, 4-1 and 3-2
    count 5.' (`worth` maps each tile as the game names it to its value), in the reader's
    words where it is shown."""
    by_worth: dict[int, list[str]] = {}
    for tile, value in worth.items():
        by_worth.setdefault(value, []).append(tile)
    said: Any = None
    for value, names in by_worth.items():
        listed: Any = names[0]
        if len(names) > 1:
            listed = say("%(first)s and %(second)s", first=", ".join(names[:-1]), second=names[-1])
        part = say("%(tiles)s count %(value)s", tiles=listed, value=value)
        said = part if said is None else say("%(first)s; %(second)s", first=said, second=part)
    return say("%(counts)s.", counts=said)


class FirstHandFromZero(Ruleset):
    """A game whose hands are scored from the totals before them (`score_in_game`, with
    `scored_from_totals`: Fives and Threes, the partnership game): a hand scored on its own
    is a game's first, every side at 0."""

    def score_hand(self, entry: Entry, table: Table, options: Options) -> HandResult:
        return self.score_in_game(entry, table, options, zero_scores(table))
