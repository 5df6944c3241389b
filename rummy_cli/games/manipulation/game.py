"""A game of several rounds as data: seats, the first dealer, and what was entered per round.

Scores are never stored as the truth: they are recomputed from the entered hands, so a
hand-corrected hand fixes the totals. No I/O here (``ledger.py`` reads and writes files).

>>> g = new_game(["Ann", "Ben", "Cy"], dealer="Cy")
>>> g.decks, g.dealer_of(1), g.next_leader()
(2, 'Cy', 'Ann')
>>> g, r = record_round(g, "Ann", {"Ann": "3C", "Ben": "2D", "Cy": 20})
>>> r.scores
{'Ann': 0, 'Ben': 29, 'Cy': 0}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING

from ...cards import ALL_CARDS, check_copies, parse_cards
from ...errors import RefusedError
from ...hands import _CANONICAL, HandEntry, _canonical_tokens, normalize_hand
from ...players import (
    EndsEarly,
    find_player_by_prefix,
    plural_rounds,
    seat_names,
)
from .played import RoundEntry as RoundEntry
from .rules import MANIPULATION_RUMMY, Rules
from .scoring import GameState, RoundResult, dealer_of, game_state, hand_points, leader_of

if TYPE_CHECKING:
    from ..played import PlayedGame
    from ..protocol import Sheet


@dataclass(frozen=True)
class Game:
    """A game: players in seat order, the first dealer, the rules, and the rounds so far."""

    players: tuple[str, ...]
    first_dealer: str
    rules: Rules = MANIPULATION_RUMMY
    rounds: tuple[RoundEntry, ...] = ()
    created: str = ""

    @property
    def decks(self) -> int:
        """How many decks this game uses (R2)."""
        return self.rules.decks_for(len(self.players))

    def dealer_of(self, round_number: int) -> str:
        """Who deals round ``round_number`` (1-based, R4)."""
        return dealer_of(self.players, self.first_dealer, round_number)

    @cached_property
    def results(self) -> tuple[RoundResult, ...]:
        """Every round scored from what was entered."""
        return tuple(score_entry(self, entry) for entry in self.rounds)

    @cached_property
    def limits(self) -> tuple[int, int, dict[str, int]]:
        """The decks (R2), what all their cards are worth, and each card's points (R16):
        worked out once per game, not once per round scored."""
        decks = self.decks
        return decks, most_points(decks, self.rules), _token_points(self.rules)

    @cached_property
    def state(self) -> GameState:
        """Totals, bonuses and the winners so far."""
        return game_state(self.players, self.results, self.rules)

    def next_dealer(self) -> str | None:
        """Who deals the next round, or None once the game is over."""
        return None if self.state.game_over else self.dealer_of(len(self.rounds) + 1)

    def last_dealer(self) -> str:
        """Who dealt the last round (the first dealer if none was played)."""
        return self.dealer_of(max(len(self.rounds), 1))

    def next_leader(self) -> str | None:
        """Who plays first in the next round, or None once the game is over."""
        dealer = self.next_dealer()
        return None if dealer is None else leader_of(self.players, dealer)

    def sheet(self) -> Sheet:
        """What the scorekeeper says of this game: its :mod:`.report` bound to it."""
        # the module by its own name, not as an attribute of the package (whose GAME
        # reaches this module again through its keeping)
        import rummy_cli.games.manipulation.report as report

        from ..protocol import ReportSheet

        return ReportSheet(self, report)

    def undone(self) -> Game:
        """This game without its last round (refused when there is none)."""
        return undo_round(self)[0]

    def renamed(self, old: str, new: str) -> Game:
        """This game with the player ``old`` called ``new`` everywhere."""
        return rename_player(self, old, new)


def new_game(
    players: Sequence[str],
    dealer: str | None = None,
    seed: int | None = None,
    rules: Rules = MANIPULATION_RUMMY,
    created: str = "",
) -> Game:
    """Seat the players (R1, R4) and pick the first dealer at random unless given (R3)."""
    if len(players) < rules.min_players or len(players) > rules.max_players:
        raise RefusedError(
            f"a game has {rules.min_players} to {rules.max_players} players, "
            f"not {len(players)} (R1)")
    names = seat_names(players)
    if dealer is None:
        import random

        first = random.Random(seed).choice(names)
    else:
        first = find_player_by_prefix(names, dealer)
    return Game(tuple(names), first, rules, (), created)


def entry_points(entry: HandEntry, rules: Rules) -> int:
    """The points of one hand entry (R16)."""
    return entry if isinstance(entry, int) else hand_points(parse_cards(entry), rules)


@lru_cache(maxsize=8)
def most_points(decks: int, rules: Rules) -> int:
    """What every card of ``decks`` decks (one joker each) is worth together (R16).

    >>> most_points(1, MANIPULATION_RUMMY), most_points(2, MANIPULATION_RUMMY)
    (365, 730)
    """
    return decks * (hand_points(ALL_CARDS, rules) + rules.joker_points)


@lru_cache(maxsize=8)
def _token_points(rules: Rules) -> dict[str, int]:
    """What each card, as written, costs in hand (R16), for scoring hands without parsing."""
    from .scoring import card_points

    return {token: card_points(parse_cards(token)[0], rules) for token in _CANONICAL}


def _hand_points(game: Game, entry: RoundEntry) -> dict[str, int]:
    """Each player's points in hand (R16); refuses hands that hold more cards than the decks
    (R2). Hands in the ledger's notation are scored from their text: a repeated card is
    then the only reason to count copies."""
    hands = entry.hands
    cost = game.limits[2].__getitem__
    points: dict[str, int] = {}
    written: list[str] = []
    for p in game.players:
        hand = hands[p]
        if not isinstance(hand, str):
            points[p] = int(hand)
        elif (tokens := _canonical_tokens(hand)) is None:
            break
        else:
            written += tokens
            points[p] = sum(map(cost, tokens))
    else:
        if len(set(written)) == len(written):  # no card twice: no card over the decks
            return points
    held = {p: parse_cards(h) for p in game.players if isinstance(h := hands[p], str)}
    too_many = check_copies([c for cards in held.values() for c in cards], game.decks)
    if too_many:
        raise RefusedError("the hands hold more cards than the decks: " + "; ".join(too_many))
    return {p: hand_points(held[p], game.rules) if p in held else int(hands[p])
            for p in game.players}


def score_entry(game: Game, entry: RoundEntry) -> RoundResult:
    """Score one entered round (R16-R23); raises for entries the rules refuse."""
    from .scoring import score_round

    missing = [p for p in game.players if p not in entry.hands]
    if missing:
        raise RefusedError(f"no hand given for {', '.join(missing)}: every player needs "
                           "one (cards left in hand, or a total)")
    points = _hand_points(game, entry)
    decks, most, _ = game.limits
    out = [p for p in game.players if points[p] == 0]
    if len(out) > 1:
        raise RefusedError(
            f"{' and '.join(out)} have no cards left, but only one player can go out: the "
            f"first to play their last card ended the round at once as a knock (R17)")
    for p in game.players:
        if points[p] > most:
            unit = "deck is" if decks == 1 else "decks are"
            raise RefusedError(f"{p}'s hand total {points[p]} is more than all the cards of "
                               f"{decks} {unit} worth ({most})")
        if points[p] == 0 and entry.knocker not in (None, p):
            raise RefusedError(
                f"{p} has no cards left, so {p} went out and that ended the round as "
                f"{p}'s knock (R17): {p} is the knocker, not {entry.knocker}")
    check_together(points, decks, most)
    return score_round(game.players, points, entry.knocker, game.rules)


def check_together(points: Mapping[str, int], decks: int, most: int) -> None:
    """Refuse hands that together are worth more than every card of the decks (R2, R16):
    each hand alone may fit while all of them claim the same cards.

    >>> check_together({"Ann": 700, "Ben": 40}, 2, 730)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rummy_cli.errors.RefusedError: the hands together hold 740 points (Ann 700, Ben 40), ...
    """
    total = sum(points.values())
    if total > most:
        unit = "deck" if decks == 1 else "decks"
        each = ", ".join(f"{p} {n}" for p, n in points.items() if n)
        raise RefusedError(f"the hands together hold {total} points ({each}), more than all "
                           f"the cards of {decks} {unit} are worth ({most})")


def dealer_after(players: Sequence[str], dealt: PlayedGame | None) -> str | None:
    """Who deals first after ``dealt``, the ledger's last game with a dealer (a card game,
    over): the player left of its last dealer, as in one long game (R4), when the same
    players sit in the same seats; None when the rule does not apply (R3: pick at random).

    A game without a dealer played in between (Rummikub) does not move the deal.
    """
    if dealt is None or not dealt.state.game_over or tuple(dealt.players) != tuple(players):
        return None
    last = dealt.last_dealer()
    return None if last is None else leader_of(tuple(players), last)


def next_game(
    previous: PlayedGame,
    players: Sequence[str] = (),
    dealer: str | None = None,
    seed: int | None = None,
    rules: Rules | None = None,
    created: str = "",
) -> Game:
    """The game after ``previous``, the last card game (which must be over): the same
    players in the same seats and the same rules unless others are given; the deal moves on
    to the left of the last game's last dealer (R4) unless ``dealer`` is given, or the
    players changed (:func:`dealer_after`).

    >>> g = new_game(["Ann", "Ben", "Cy"], dealer="Cy")
    >>> g, _ = record_round(g, "Ann", {"Ann": "3C", "Ben": 200, "Cy": 200})
    >>> nxt = next_game(g)
    >>> nxt.players, nxt.first_dealer
    (('Ann', 'Ben', 'Cy'), 'Ann')
    """
    if not previous.state.game_over:
        raise RefusedError("the game is still being played: a new game starts only after "
                           "this one is over")
    names = tuple(players) or tuple(previous.players)
    if rules is None:
        rules = previous.rules if isinstance(previous, Game) else MANIPULATION_RUMMY
    game = new_game(names, dealer=dealer, seed=seed, rules=rules, created=created)
    moved = dealer_after(game.players, previous)
    if dealer is None and moved is not None:
        game = replace(game, first_dealer=moved)
    return game


def check_open(game: Game) -> None:
    """Refuse another round once the game is over (R24)."""
    from ..keeping import check_open as refused_once_over

    refused_once_over(game)


def record_round(
    game: Game, knocker: str | None, hands: Mapping[str, HandEntry]
) -> tuple[Game, RoundResult]:
    """The game with one more round, and that round's result; refuses what R17/R24 forbid.

    A name may be the start of a player's name if no other player's starts the same way.
    """
    check_open(game)
    entry = round_entry(game, knocker, hands)
    result = score_entry(game, entry)
    longer = replace(game, rounds=game.rounds + (entry,))
    return with_results(longer, game.results + (result,)), result


def round_entry(game: Game, knocker: str | None, hands: Mapping[str, HandEntry]) -> RoundEntry:
    """A round as typed, with names found and hands in the ledger's notation."""
    who = None if knocker is None else find_player_by_prefix(game.players, knocker)
    entered: dict[str, HandEntry] = {}
    for name, hand in hands.items():
        player = find_player_by_prefix(game.players, name)
        if player in entered:
            raise RefusedError(f"{player}'s hand was given twice")
        entered[player] = normalize_hand(hand, player)
    return RoundEntry(who, {p: entered[p] for p in game.players if p in entered})


def fix_round(
    game: Game, number: int, knocker: str | None, hands: Mapping[str, HandEntry]
) -> tuple[Game, RoundResult]:
    """The game with round ``number`` (1-based) entered anew and every round re-scored;
    refuses a change that would end the game before a round already recorded (R24).

    >>> g = new_game(["Ann", "Ben"], dealer="Ann")
    >>> g, _ = record_round(g, "Ann", {"Ann": 2, "Ben": 9})
    >>> g, _ = record_round(g, "Ben", {"Ann": 30, "Ben": 1})
    >>> fixed, r = fix_round(g, 1, "Ann", {"Ann": 2, "Ben": 19})
    >>> r.scores, fixed.state.standings[0].points
    ({'Ann': 17, 'Ben': 0}, 17)
    """
    if not 1 <= number <= len(game.rounds):
        count = len(game.rounds)
        rounds = f"rounds 1 to {count}" if count > 1 else ("round 1" if count else "no rounds")
        raise RefusedError(f"there is no round {number} to fix: this game has {rounds}")
    entry = round_entry(game, knocker, hands)
    if entry.note is None and game.rounds[number - 1].note is not None:
        entry = replace(entry, note=game.rounds[number - 1].note)  # a note stays with its round
    fixed = replace(game, rounds=game.rounds[:number - 1] + (entry,) + game.rounds[number:])
    # a round is scored from its own hands alone (R16-R23): the others keep their results,
    # and only the totals after it change (a league's file: one round scored, not 100,000)
    kept = game.results
    fixed = with_results(fixed, kept[:number - 1] + (score_entry(fixed, entry),) +
                         kept[number:])
    over = fixed.state.over_after
    if over is not None and over < len(fixed.rounds):
        later = len(fixed.rounds) - over
        raise EndsEarly(
            f"with round {number} so, the game would end after round {over}, but "
            f"{plural_rounds(later)} {'was' if later == 1 else 'were'} played after it: fix "
            "those first (or take them back with 'rummy undo')", over)
    return fixed, fixed.results[number - 1]


def rename_player(game: Game, old: str, new: str) -> Game:
    """The game with the player ``old`` (as seated) called ``new`` everywhere."""
    def named(p: str) -> str:
        return new if p == old else p

    def names(points: dict[str, int]) -> dict[str, int]:
        return {named(p): n for p, n in points.items()}

    rounds = tuple(RoundEntry(None if e.knocker is None else named(e.knocker),
                              {named(p): h for p, h in e.hands.items()}, e.note)
                   for e in game.rounds)
    renamed = Game(tuple(named(p) for p in game.players), named(game.first_dealer), game.rules,
                   rounds, game.created)
    # a name changes no score: the results are renamed, not scored again
    return with_results(renamed, tuple(
        RoundResult(None if r.knocker is None else named(r.knocker), names(r.hand_points),
                    tuple(map(named, r.winners)), names(r.scores), names(r.differences),
                    r.undercut, tuple(map(named, r.went_out)))
        for r in game.results))


def undo_round(game: Game) -> tuple[Game, RoundEntry]:
    """The game without its last round, and that round."""
    if not game.rounds:
        raise RefusedError("there is no round to take back: the game has no rounds yet")
    shorter = replace(game, rounds=game.rounds[:-1])
    return with_results(shorter, game.results[:-1]), game.rounds[-1]


def with_results(game: Game, results: tuple[RoundResult, ...]) -> Game:
    """``game`` with its rounds' results already known, so they are not scored again.

    A long ledger is scored once when it is read; recording or taking back a round adds or
    drops one result instead of scoring every round anew.
    """
    if len(results) != len(game.rounds):
        raise ValueError(f"{len(results)} results for {len(game.rounds)} rounds")
    game.__dict__["results"] = results  # fills the cached property
    return game


