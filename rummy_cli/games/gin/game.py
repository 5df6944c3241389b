"""A game of Gin (G1-G22) as data: two players, the first dealer, the rules, and each hand as
it was entered (cards or deadwood counts, who knocked, the upcard). Scores are never stored as
the truth: every hand is scored again from what was entered (the showdown of ``gin``), then
added up by ``gin_score``. No I/O here.

>>> g = new_game(["Ann", "Ben"], dealer="Ben")
>>> g, r = record_round(g, "Ann", {"Ann": 5, "Ben": 65})
>>> r.hand.result, r.hand.winner, r.hand.score, g.state.next_dealer
('knock', 'Ann', 60, 'Ann')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING

from ...cards import Card, Joker, format_cards, parse_card, parse_cards, parse_table
from ...errors import NotationError, RefusedError, UnusableInputError
from ...hands import HandEntry
from ...players import EndsEarly, find_player_by_prefix, seat_names
from .played import GinEntry as GinEntry
from .played import GinResult as GinResult
from .rules import GIN, GinRules
from .score import GinHand, GinHandError, GinState, gin_state

if TYPE_CHECKING:
    from ..protocol import Sheet
    from .showdown import Showdown


@dataclass(frozen=True)
class GinGame:
    """A Gin game: the two players in seat order, the first dealer, the rules, the hands."""

    players: tuple[str, ...]
    first_dealer: str
    rules: GinRules = GIN
    rounds: tuple[GinEntry, ...] = ()
    created: str = ""

    @cached_property
    def results(self) -> tuple[GinResult, ...]:
        """Every hand scored from what was entered."""
        return tuple(score_entry(self, e) for e in self.rounds)

    @cached_property
    def state(self) -> GinState:
        """Totals, boxes, bonuses, the Hollywood columns and who deals next."""
        return gin_state(self.players, self.first_dealer, self.rules,
                         [r.hand for r in self.results])

    def dealer_of(self, number: int) -> str:
        """Who deals hand ``number`` (1-based; G15: it depends on who won before)."""
        dealers = self.state.dealers
        if number <= len(dealers):
            return dealers[number - 1]
        return self.state.following_dealer

    def next_dealer(self) -> str | None:
        """Who deals the next hand, or None once the game is over."""
        return self.state.next_dealer

    def last_dealer(self) -> str:
        """Who dealt the last hand (the first dealer if none was played)."""
        return self.dealer_of(max(len(self.rounds), 1))

    def next_leader(self) -> str | None:
        """The non-dealer of the next hand, who is offered the upcard first (G5)."""
        dealer = self.next_dealer()
        return None if dealer is None else next(p for p in self.players if p != dealer)

    def sheet(self) -> Sheet:
        """What the scorekeeper says of this game: its :mod:`.sheet` bound to it."""
        # (not 'from . import sheet': that imports the package, whose scorekeeping imports
        # this module; the law of no import cycle counts imports inside functions too)
        import rummy_cli.games.gin.sheet as sheet

        from ..protocol import ReportSheet

        return ReportSheet(self, sheet)

    def undone(self) -> GinGame:
        """This game without its last hand (refused when there is none)."""
        return undo_round(self)[0]

    def renamed(self, old: str, new: str) -> GinGame:
        """This game with the player ``old`` called ``new`` everywhere."""
        return rename_player(self, old, new)


def new_game(players: Sequence[str], dealer: str | None = None, seed: int | None = None,
                 rules: GinRules = GIN, created: str = "") -> GinGame:
    """Seat the two players (G1) and pick the first dealer at random unless given (G15)."""
    if len(players) != 2:
        raise RefusedError(f"Gin is a game for two players, not {len(players)} (G1)")
    names = seat_names(players, in_any_case=False)
    if dealer is None:
        import random

        first = random.Random(seed).choice(names)
    else:
        first = find_player_by_prefix(names, dealer)
    return GinGame(tuple(names), first, rules, (), created)


def next_game(previous: GinGame, players: Sequence[str] = (), dealer: str | None = None,
                  seed: int | None = None, rules: GinRules | None = None,
                  created: str = "") -> GinGame:
    """The game after ``previous`` (over): the winner of the last hand deals (G15)."""
    if not previous.state.game_over:
        raise RefusedError("the game is still being played: a new game starts only after "
                           "this one is over")
    names = tuple(players) or previous.players
    game = new_game(names, dealer=dealer, seed=seed, rules=rules or previous.rules,
                        created=created)
    if dealer is None and game.players == previous.players:
        game = replace(game, first_dealer=previous.state.following_dealer)
    return game


def _cards_of(text: str, who: str) -> list[Card]:
    cards = parse_cards(text)
    if any(isinstance(c, Joker) for c in cards):
        raise UnusableInputError(f"{who}'s hand: Gin is played without jokers (G1)")
    return [c for c in cards if isinstance(c, Card)]


def score_entry(game: GinGame, entry: GinEntry) -> GinResult:
    """Score one entered hand (G6-G10, G16, G17); raises for what the rules refuse."""
    from .showdown import check_knock, score_hand

    rules = game.rules
    if entry.knocker is None:
        return GinResult(GinHand(None, "dead", None, 0), {}, game.players)
    knocker = entry.knocker
    defender = next(p for p in game.players if p != knocker)
    missing = [p for p in game.players if p not in entry.hands]
    if missing:
        raise RefusedError(f"no hand given for {' and '.join(missing)}: give both hands, as "
                           "cards or as deadwood")
    upcard: Card | None = None
    if entry.upcard is not None:
        card = parse_card(entry.upcard)
        if not isinstance(card, Card):
            raise UnusableInputError("the upcard is a card, not a joker")
        upcard = card
    if rules.upcard_sets_limit and upcard is None:
        raise RefusedError("in Oklahoma the upcard sets the knock limit (G16): give it with "
                           "--upcard, e.g. --upcard 6S")
    k_hand, d_hand = entry.hands[knocker], entry.hands[defender]
    shown: Showdown | None = None  # the showdown, for a hand entered as cards
    if isinstance(k_hand, int) and isinstance(d_hand, int):
        if entry.melds is not None:
            raise UnusableInputError("a layout (--melds) goes with the knocker's cards, not "
                                     "with a deadwood count")
        s = score_hand(rules, k_hand, d_hand, big_gin=entry.big_gin, upcard=upcard)
    elif isinstance(k_hand, str) and isinstance(d_hand, str):
        melds = None
        if entry.melds is not None:
            melds = [[c for c in m if isinstance(c, Card)] for m in parse_table(entry.melds)]
        shown = check_knock(rules, _cards_of(k_hand, knocker), _cards_of(d_hand, defender),
                            knocker_melds=melds, upcard=upcard)
        if not shown.legal or shown.score is None:
            why = "; ".join(f"{v.message} ({v.rule})" for v in shown.problems)
            raise RefusedError(f"{knocker} may not knock: {why}")
        s = shown.score
    else:
        raise UnusableInputError("give both hands the same way: both as cards, or both as "
                                 "deadwood counts")
    winner = {"knocker": knocker, "defender": defender, None: None}[s.winner]
    return GinResult(GinHand(knocker, s.result, winner, s.score, s.doubled),
                     {knocker: s.knocker, defender: s.defender}, game.players, shown)


def round_entry(game: GinGame, knocker: str | None, hands: Mapping[str, HandEntry], *,
              melds: str | None = None, upcard: str | None = None,
              big_gin: bool | None = False) -> GinEntry:
    """A hand as typed, with names found and cards in the ledger's notation. ``big_gin``
    None (not said) is False: a mark that counts need and cards carry in themselves."""
    from ...hands import normalize_hand

    who = None if knocker is None else find_player_by_prefix(game.players, knocker)
    if who is None and hands:
        raise UnusableInputError("a dead hand has no hands to enter: give --dead alone")
    entered: dict[str, HandEntry] = {}
    for name, hand in hands.items():
        player = find_player_by_prefix(game.players, name)
        if player in entered:
            raise RefusedError(f"{player}'s hand was given twice")
        entered[player] = normalize_hand(hand, player)
    if upcard is not None:
        try:
            upcard = format_cards([parse_card(upcard)])
        except NotationError as exc:
            raise NotationError(f"--upcard: {exc}") from None
    if melds is not None:
        melds = " / ".join(format_cards(m) for m in parse_table(melds))
    return GinEntry(who, {p: entered[p] for p in game.players if p in entered}, melds,
                    upcard, bool(big_gin))


def _entered(game: GinGame, entry: GinEntry, big_gin: bool | None) -> tuple[GinEntry, GinResult]:
    """A typed hand scored, its big-gin mark (G7) checked against what it says.

    A hand of counts is big gin only when marked so. A hand of cards shows it: 11 cards all
    melded are big gin. So with cards the mark is refused when the cards say otherwise, and
    is not kept when they agree (the cards say it already): no ledger holds a mark that its
    cards contradict.
    """
    result = score_entry(game, entry)
    held = entry.hands.get(entry.knocker) if entry.knocker is not None else None
    if not isinstance(held, str):
        return entry, result
    big = result.hand.result == "big-gin"
    who = entry.knocker
    if big_gin and not big:
        count = len(parse_cards(held)) if held.strip() else 0
        raise UnusableInputError(
            f"big gin melds all 11 cards: {who} holds {count}, so the hand is "
            f"{'gin' if result.hand.result == 'gin' else 'not big gin'}; leave out --big-gin "
            "(the cards show how the hand ended)")
    if big_gin is False and big:
        raise UnusableInputError(
            f"{who}'s 11 cards are all in melds: that is big gin (G7); leave out "
            "--no-big-gin (the cards show how the hand ended)")
    return replace(entry, big_gin=False), result


def check_open(game: GinGame) -> None:
    """Refuse another hand once the game is over (said before a question is asked)."""
    from ..keeping import check_open as refused_once_over

    refused_once_over(game)


def record_round(game: GinGame, knocker: str | None, hands: Mapping[str, HandEntry], *,
                melds: str | None = None, upcard: str | None = None,
                big_gin: bool | None = False) -> tuple[GinGame, GinResult]:
    """The game with one more hand, and that hand scored; refuses what the rules forbid.
    ``big_gin``: True or False as the player said it, None when not said."""
    check_open(game)
    entry = round_entry(game, knocker, hands, melds=melds, upcard=upcard, big_gin=big_gin)
    entry, result = _entered(game, entry, big_gin)
    longer = replace(game, rounds=game.rounds + (entry,))
    longer.__dict__["results"] = game.results + (result,)
    longer.state  # noqa: B018  refuses here a hand the game's state cannot take
    return longer, result


def fix_round(game: GinGame, number: int, knocker: str | None, hands: Mapping[str, HandEntry],
             *, melds: str | None = None, upcard: str | None = None,
             big_gin: bool | None = False) -> tuple[GinGame, GinResult]:
    """The game with hand ``number`` entered anew and every hand after it scored again.
    ``big_gin``: True or False as the player said it, None when not said."""
    if not 1 <= number <= len(game.rounds):
        raise RefusedError(f"there is no hand {number} to fix: this game has "
                           f"{len(game.rounds)} hands")
    entry = round_entry(game, knocker, hands, melds=melds, upcard=upcard, big_gin=big_gin)
    entry = _entered(game, entry, big_gin)[0]
    entry = replace(entry, note=game.rounds[number - 1].note)
    fixed = replace(game, rounds=game.rounds[:number - 1] + (entry,) + game.rounds[number:])
    try:
        fixed.state  # noqa: B018  refuses a change that ends the game before a later hand
    except GinHandError as exc:
        if exc.hand <= number:
            raise
        over, later = exc.hand - 1, len(game.rounds) - exc.hand + 1
        raise EndsEarly(f"with hand {number} so, the game would end after hand {over}, but "
                        f"{later} hand{'s were' if later > 1 else ' was'} played after it: fix "
                        "those first (or take them back with 'rummy undo')", over) from None
    return fixed, fixed.results[number - 1]


def undo_round(game: GinGame) -> tuple[GinGame, GinEntry]:
    """The game without its last hand, and that hand."""
    if not game.rounds:
        raise RefusedError("there is no hand to take back: the game has no hands yet")
    shorter = replace(game, rounds=game.rounds[:-1])
    shorter.__dict__["results"] = game.results[:-1]
    return shorter, game.rounds[-1]


def rename_player(game: GinGame, old: str, new: str) -> GinGame:
    """The game with the player ``old`` called ``new`` everywhere."""
    def named(p: str) -> str:
        return new if p == old else p

    rounds = tuple(replace(e, knocker=None if e.knocker is None else named(e.knocker),
                           hands={named(p): h for p, h in e.hands.items()})
                   for e in game.rounds)
    return GinGame(tuple(named(p) for p in game.players), named(game.first_dealer),
                   game.rules, rounds, game.created)
