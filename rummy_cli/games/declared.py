"""What a game declares of itself to the registry (``rummy_cli.games``): plain data, read at
start-up, so small and quick to import (the protocols the rest of a game provides are in
``protocol``). Nothing here imports click or YAML."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .protocol import Scorekeeping
    from .referee import MeldJudge, Showdown, Solver, TurnJudge


# --- what a game declares of itself: the registry's one entry per game --------------------

@dataclass(frozen=True, kw_only=True)
class Kind:
    """A kind of game the statistics keep apart (a point of one is not a point of another)."""

    key: str  # what ``rummy stats --game`` takes: 'oklahoma'
    name: str  # its table's heading: 'Oklahoma'
    word: str = "round"  # what one entry is called in its summary: 'round', 'hand'
    jokers: bool = False  # its table counts the rounds ended holding a joker (Rummikub's)


@dataclass(frozen=True, kw_only=True)
class Declared:
    """What a game says of itself to the registry (``rummy_cli.games``): the names it goes
    by, what a message calls it, its kinds for the statistics. Its package (``module``)
    holds, by these names, ``record`` (a :class:`Record`), ``rules`` (its ``PRESETS``, the
    rules of each preset by name), ``report`` (a :class:`Report`) and ``rulebook.md``.

    Plain data and a few functions of plain values: nothing here imports click or YAML.
    """

    module: str  # the game's package, as imported: 'rummy_cli.games.gin'
    title: str  # what a message calls it: 'Manipulation Rummy', 'a Gin game'
    presets: tuple[str, ...]  # the --game names that start such a game, its book's first
    names: tuple[str, ...]  # the names in the ledger's 'game:' line of such a game
    word: str = "round"  # what one entry is called: 'round', or 'hand' in the Gin family
    kinds: tuple[Kind, ...] = ()  # its kinds for ``rummy stats``; none: one, its title
    # the kind a game's rules count in (of ``kinds``); None: the first
    kind_of: Callable[[Any], str] | None = None
    kind_aliases: Mapping[str, str] = field(default_factory=dict)  # another word: a kind
    kind_refusals: Mapping[str, str] = field(default_factory=dict)  # a word: why not a kind
    starter: str = "dealer"  # who begins a game: 'dealer' (--dealer) or 'first' (--first)
    # the house rules 'rummy new --hollywood' stands for ({'scoring': 'hollywood'}: its games
    # may be scored as Hollywood); empty: --hollywood does not apply to it
    hollywood: Mapping[str, str] = field(default_factory=dict)
    # its referee, by part (``games.referee``): each a function that loads the module that
    # provides it, or None for a part the game does not offer (the command refuses it)
    melds: Callable[[], MeldJudge] | None = None  # check meld, check table
    turns: Callable[[], TurnJudge] | None = None  # check turn and its dispute file
    solver: Callable[[], Solver] | None = None  # arrange, hint
    showdown: Callable[[], Showdown] | None = None  # deadwood, check knock
    # how the referee's --game help names its presets ('{}': the names, comma separated)
    refereed_as: str = "{}"
    preset_notes: Mapping[str, str] = field(default_factory=dict)  # a preset: its figures
    in_card_books: bool = True  # 'rummy rules' alone (no game, no ledger) shows its book
    # what the command line says of this game in words of its own (its rule ids, figures
    # and names), by what it says it of: an option's help ('round --upcard'; an option two
    # games take is said by the first that says it), its part of a command's help ('new',
    # 'new --game', 'round'), a refusal ('no knock': why --knock-limit does not apply)
    said: Mapping[str, str] = field(default_factory=dict)
    # how the scorekeeping commands keep its games (a :class:`Scorekeeping`: how one starts,
    # its options, its questions at the table); None: a game rummy keeps no score sheet of
    scorekeeping: Callable[[], Scorekeeping] | None = None
    options: tuple[Option, ...] = ()  # the options of round and fix it takes (scorekeeping's)
    # what a message calls a game of these rules ('Oklahoma Gin'); None: its title
    titled: Callable[[Any], str] | None = None
    # what a ledger calls one game of these rules, when not 'game' (a Hollywood match,
    # whose own columns are games 1, 2 and 3): None for 'game' always
    entry_of: Callable[[Any], str] | None = None
    # the figure of each player the standings show last, and its word, when not the
    # points (Hollywood's sum of three games): what 'rummy fix' compares before and after
    shown_of: Callable[[Any], tuple[str, dict[str, int]]] | None = None
    # other names its rules are typed by ('knock_limit', as --knock-limit says it: 'knock')
    rule_aliases: Mapping[str, str] = field(default_factory=dict)
    # the races within one of its games that 'rummy chart' draws too (Hollywood's three
    # games, each to its own target: ``rummy_cli.race.Race`` values); None: none
    races_of: Callable[[Any], tuple[Any, ...]] | None = None

    @property
    def package(self) -> str:
        """Its package's own name: 'gin'."""
        return self.module.rpartition(".")[2]

    @property
    def stats_kinds(self) -> tuple[Kind, ...]:
        """Its kinds for ``rummy stats``: those declared, else one named after it."""
        return self.kinds or (Kind(key=self.package, name=self.title, word=self.word),)

    def entry_word(self, rules: Any) -> str:
        """What a ledger calls one game of these ``rules``: 'game', or 'match'."""
        return self.entry_of(rules) if self.entry_of is not None else "game"

    def shown(self, game: Any) -> tuple[str, dict[str, int]]:
        """The figure the standings of ``game`` show last, by player, and its word."""
        if self.shown_of is not None:
            return self.shown_of(game)
        return "Points", {s.name: s.points for s in game.state.standings}

    def title_of(self, rules: Any) -> str:
        """What a message calls a game of these ``rules``: 'Hollywood Gin Rummy'."""
        return self.titled(rules) if self.titled is not None else self.title

    def stats_kind(self, rules: Any) -> str:
        """The kind a game of these ``rules`` counts in."""
        return self.kind_of(rules) if self.kind_of is not None else self.stats_kinds[0].key


@dataclass(frozen=True, kw_only=True)
class Option:
    """An option of ``rummy round`` and ``rummy fix`` a game takes, as plain data: one the
    commands have already (``--out``, ``--points``), or a new word, which the command line
    adds to them with this ``help``.

    ``dest`` names what the game is handed (see ``Scorekeeping.entered``): for 'flag' a
    bool, for 'name' the name typed or None (typed twice: refused), for 'names' a tuple of
    the names typed (the game says what more than one means), for 'pairs' a tuple of the
    NAME=VALUE typed.
    """

    flag: str  # '--out'
    dest: str  # 'out'
    kind: str  # 'flag', 'name', 'names' or 'pairs'
    metavar: str = ""  # 'NAME', 'NAME=N' (a new word's)
    help: str = ""  # what a new word's --help says
    holds: bool = False  # it gives what a player holds (--rack): another game says its HANDS
    player: bool = True  # its values name a player (NAME, NAME=...), not a card (--upcard)
    # in 'fix', a flag that can be given either way (--big-gin/--no-big-gin; None: not given)
    negatable: bool = False
    # another game's word the game takes as its own (Rummikub's --stock-out for --pool-out):
    # not its own option, and not one ``fix`` lists
    accepted: bool = False
    # a 'name' given more than once: why it is one ('a hand has one knocker'), said instead
    # of the names given
    once: str = ""
