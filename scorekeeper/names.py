"""Names as people have them, and as they look (shared/SCORING.md).

A name is stored in Unicode NFC, so "José" typed with one accented letter or with an "e"
and a combining accent is one name. A name must show something: no name made only of
spaces, zero-width characters or fillers (the Hangul filler draws nothing), and no control
characters, zero-width spaces or direction overrides hidden in a visible one ("A\u200bnn"
looks like "Ann"; an override turns the rest of a line around). Joiners stay allowed
between visible characters: they make emoji sequences and are part of Persian and Indic
spelling. The limit counts what a person sees: grapheme clusters, found by the `regex`
module's `\\X` (the standard library has no grapheme segmentation).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, replace

import regex

from scorekeeper.errors import RuleError
from scorekeeper.words import Message, say, say_n

GRAPHEME = regex.compile(r"\X")
JOINERS = frozenset({"\u200c", "\u200d"})  # zero-width non-joiner, zero-width joiner
# Letters and symbols by category, that nonetheless draw nothing.
INVISIBLE = frozenset(
    {
        "\u115f",  # Hangul choseong filler
        "\u1160",  # Hangul jungseong filler
        "\u3164",  # Hangul filler
        "\uffa0",  # halfwidth Hangul filler
        "\u2800",  # Braille pattern blank
        "\u034f",  # combining grapheme joiner
        "\u17b4",  # Khmer vowel inherent aq
        "\u17b5",  # Khmer vowel inherent aa
    }
)
TAGS = range(0xE0020, 0xE0080)  # the letters of a subdivision flag, after a black flag
BLACK_FLAG = "\U0001f3f4"
# A person's letter with its marks is a few code points; an emoji family is seven. More
# marks than this stacked on one letter is text drawn over its neighbours.
CLUSTER_LIMIT = 12


@dataclass(frozen=True)
class Named:
    """What a name belongs to, in the words a refusal uses of it.

    Whole phrases rather than one noun put in a sentence: in Spanish and Portuguese the
    article and the words around it follow the noun's gender ("un jugador", "una liga").
    """

    name_of: Message  # "a player's name": a player's name cannot hold …
    nameless: Message  # "every player needs a name"
    unseen: Message  # a name with nothing visible in it
    all_names: Message | None = None  # what a form with no name typed is told
    twice: Message | None = None  # a name given twice: its %(name)s is filled in when said

    def named_twice(self, name: str) -> Message:
        assert self.twice is not None  # only names given as a list are compared
        return replace(self.twice, values={"name": name})


PLAYER = Named(
    say("a player's name"),
    say("every player needs a name"),
    say("every player needs a name with a letter, digit or sign in it"),
    say("type the players' names, in seat order"),
    say("%(name)s is named twice: each player needs a different name"),
)
TEAM = Named(
    say("a team's name"),
    say("every team needs a name"),
    say("every team needs a name with a letter, digit or sign in it"),
    say("type the teams' names, in seat order"),
    say("%(name)s is named twice: each team needs a different name"),
)
LEAGUE = Named(
    say("a league's name"),
    say("every league needs a name"),
    say("every league needs a name with a letter, digit or sign in it"),
)
SEASON = Named(
    say("a season's name"),
    say("every season needs a name"),
    say("every season needs a name with a letter, digit or sign in it"),
)


def clean_name(raw: object, what: Named, field: str, limit: int) -> str:
    """`raw` as a stored name: trimmed, spaces collapsed, NFC, visible, at most `limit` long."""
    if not isinstance(raw, str) or not raw.strip():
        raise RuleError(what.nameless, field)
    name = unicodedata.normalize("NFC", " ".join(raw.split()))
    clusters = GRAPHEME.findall(name)
    for cluster in clusters:
        refuse_hidden(cluster, name, what, field)
    if not any(is_visible(char) for char in name):
        raise RuleError(what.unseen, field)
    refuse_joiners_at_edges(name, what, field)
    if len(clusters) > limit:
        raise RuleError(
            say_n(
                "“%(start)s…” is too long: at most %(count)s character",
                "“%(start)s…” is too long: at most %(count)s characters",
                limit,
                start=shown(clusters),
            ),
            field,
        )
    return name


def refuse_hidden(cluster: str, name: str, what: Named, field: str) -> None:
    """Refuse a cluster holding a character that hides, or hides what follows."""
    if len(cluster) > CLUSTER_LIMIT:
        raise RuleError(
            say("%(name)s has too many marks stacked on one letter", name=what.name_of), field
        )
    for char in cluster:
        category = unicodedata.category(char)
        if category == "Cc":
            raise RuleError(
                say("%(name)s cannot hold control characters", name=what.name_of), field
            )
        if category == "Cs":
            raise RuleError(
                say("%(name)s holds a character that is not text", name=what.name_of), field
            )
        if char in INVISIBLE or (category == "Cf" and not allowed_format(char, cluster)):
            raise RuleError(
                say(
                    "%(name)s cannot hold invisible characters (zero-width spaces, "
                    "direction overrides, fillers): type it again with letters only",
                    name=what.name_of,
                ),
                field,
            )


def allowed_format(char: str, cluster: str) -> bool:
    """Joiners, and the tag letters of a subdivision flag (🏴 + tags), draw as part of a sign."""
    return char in JOINERS or (ord(char) in TAGS and cluster.startswith(BLACK_FLAG))


def refuse_joiners_at_edges(name: str, what: Named, field: str) -> None:
    """A joiner joins two visible characters; at either end of a word it only hides."""
    for word in name.split(" "):
        if word[:1] in JOINERS or word[-1:] in JOINERS:
            raise RuleError(
                say(
                    "%(name)s cannot hold invisible characters at the start or end of a word",
                    name=what.name_of,
                ),
                field,
            )


def is_visible(char: str) -> bool:
    return unicodedata.category(char)[0] in "LNPS" and char not in INVISIBLE


SHOWN_LIMIT = 40  # what a refusal repeats: a player's longest name, in clusters


def as_typed(name: object) -> str:
    """What was typed or sent (a name no one in the game has, an address's league, a field's
    name) as a refusal repeats it: a line a person can read. A character that is not text (a
    NUL, a direction override) shows as "�"; joiners and a flag's tags stay, as part of an
    emoji. A real name is repeated whole; the 3,000 letters of a script, as their start and
    "…", cut between two clusters."""
    if not isinstance(name, str):
        return repr(name)[:SHOWN_LIMIT]
    text = "".join(
        char if char.isprintable() or char in JOINERS or ord(char) in TAGS else "\ufffd"
        for char in name
    )
    # At most SHOWN_LIMIT clusters of at most CLUSTER_LIMIT characters (a letter under a
    # thousand marks is one cluster), found in no more text than that can take.
    room = (SHOWN_LIMIT + 1) * CLUSTER_LIMIT
    clusters = [cluster[:CLUSTER_LIMIT] for cluster in GRAPHEME.findall(text[:room])]
    cut = "".join(clusters[:SHOWN_LIMIT])
    return text if cut == text else cut + "…"


def shown(clusters: list[str]) -> str:
    return "".join(clusters[:20])


def same_name_key(name: str) -> str:
    """What two names are compared by: NFC, case and joiners set aside ("ANN" is "Ann")."""
    key = unicodedata.normalize("NFC", " ".join(name.split())).casefold()
    return "".join(char for char in key if char not in JOINERS)
