"""A Gin hand asked at the table, through an :class:`~rummy_cli.asking.Asker`: a new hand
(``rummy round`` on a terminal), shown with its score and confirmed, with the layout asked
when it changes the result; and a hand recorded asked again (``rummy fix N``), each
recorded answer the default. The questions themselves are in ``questions``. Pure: what is
said goes to the asker."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from ...asking import KEEPS, Back, shown_hand
from ...errors import RefusedError, RummyError
from ...hands import HandEntry
from .questions import (
    DEAD_WORDS,
    GIN_HANDS_HINT,
    GIN_KNOCK_QUESTION,
    ask_gin_hand,
    ask_gin_layout,
    gin_hand_of,
    gin_upcard,
)

if TYPE_CHECKING:
    from ...asking import Asker
    from .game import GinGame

T = TypeVar("T")


def asked_hand(game: GinGame, knocker: str | None, given: Mapping[str, HandEntry],
               upcard: str | None, melds: str | None, asker: Asker,
               yes: bool) -> Callable[[GinGame], GinGame] | None:
    """Ask for the hand, show its score (from cards: the layout), and, once the player
    agrees, how to record it (None: not to). When the layout laid down changes the result,
    ask which it was."""
    from ...render import fold, fold_result
    from .game import record_round
    from .report import layout_said

    number = len(game.rounds) + 1
    typed_upcard: str | None = None  # the upcard typed before 'back': Enter keeps it
    while True:
        try:
            who, hands, card = ask_gin_hand(game, knocker, given, upcard, asker, typed_upcard)
            typed_upcard = card
            layout = melds if melds is not None else _ask_layout(game, who, hands, card, asker)
        except Back:
            asker.say("Back to the start of the hand.")
            knocker, given, upcard, melds = None, {}, None, None
            continue
        preview, result = record_round(game, who, hands, melds=layout, upcard=card)
        shown = layout_said(preview, number, matters=False)
        if shown:
            for line in shown:
                asker.say(line)
        elif result.deadwood:
            dead = ", ".join(f"{p} {n}" for p, n in result.deadwood.items())
            asker.say(fold(f"Deadwood: {dead}.", indent=2))
        asker.say(fold_result(f"Hand {number}: {preview.sheet().said(number)}"))
        try:
            if yes or asker.confirm("Record this hand?"):
                break
        except Back:
            asker.say("Back to the start of the hand.")
            knocker, given, upcard, melds = None, {}, None, None
            continue
        return None
    return lambda now: record_round(now, who, hands, melds=layout, upcard=card)[0]


def _ask_layout(game: GinGame, who: str | None, hands: Mapping[str, HandEntry],
                card: str | None, asker: Asker) -> str | None:
    """The knocker's layout when it matters (D(a)): asked, as melds; else None (assumed)."""
    from ...cards import format_table, parse_table
    from .game import round_entry, score_entry
    from .report import layout_options

    if who is None:
        return None
    result = score_entry(game, round_entry(game, who, hands, upcard=card))
    shown = result.showdown
    if shown is None or not shown.layout_matters:
        return None
    defender = next(p for p in game.players if p != who)
    tables = [format_table(shown.knocker.melds),
              *(format_table(o.layout.melds) for o in shown.others)]

    def check(text: str) -> str:
        table = format_table(parse_table(text))
        try:
            score_entry(game, round_entry(game, who, hands, melds=table, upcard=card))
        except RefusedError as exc:  # 'Ann may not knock: ...' says it of the layout
            why = str(exc).removeprefix(f"{who} may not knock: ")
            raise RefusedError(f"{who} cannot knock with that layout: {why}") from None
        return table

    return ask_gin_layout(who, layout_options(shown, who, defender), tables, check, asker)


# --- rummy fix N: a hand asked again -------------------------------------------------------

def ask_hand_again(game: GinGame, number: int, said: str,
                   score: Callable[[str | None, dict[str, HandEntry], str | None], T],
                   asker: Asker) -> T:
    """Hand ``number`` of a Gin game asked again: who knocked (or a dead hand), the upcard in
    Oklahoma, and both hands, the recorded answers as defaults. ``score`` turns the answers
    into the corrected game; what it refuses is said and the questions start again, the
    answers just typed now being the defaults.
    """
    from dataclasses import replace

    was = game.rounds[number - 1]
    asker.say(f"Hand {number} ({game.dealer_of(number)} dealt) as recorded:")
    asker.say(f"  {said[:1].upper()}{said[1:]}")
    if was.upcard is not None:
        asker.say(f"  Upcard: {was.upcard}")
    for p in game.players:
        if p in was.hands:
            asker.say(f"  {p}: {shown_hand(was.hands[p], total='deadwood')}")
    if was.melds is not None:
        asker.say(f"  {was.knocker} laid down: {was.melds}")
    asker.say(KEEPS)
    while True:
        try:
            who, hands, card = _hand_answers(game, was, asker)
            return score(who, hands, card)
        except Back:
            asker.say(f"Back to the start of hand {number}.")
        except RummyError as exc:  # what only both hands together show
            from ...players import EndsEarly

            if isinstance(exc, EndsEarly):
                raise
            message = str(exc).rstrip(".")
            asker.say(f"  {message[:1].upper()}{message[1:]}.")
            asker.say(f"Back to the start of hand {number}: Enter keeps what you typed.")
            was = replace(was, knocker=who, hands=hands, upcard=card)


def _hand_answers(game: GinGame, was: Any,
                  asker: Asker) -> tuple[str | None, dict[str, HandEntry], str | None]:
    who = asker.ask(GIN_KNOCK_QUESTION, lambda raw: _knocker_again(game.players, raw),
                    default=was.knocker or _word(game.players, "dead", "nobody"))
    card = was.upcard
    if who is None:
        return None, {}, card
    if game.rules.upcard_sets_limit:
        card = asker.ask("The upcard (it sets the knock limit)", gin_upcard, default=card)
    asker.say(GIN_HANDS_HINT)
    other = next(p for p in game.players if p != who)
    hands: dict[str, HandEntry] = {}
    for player in (who, other):
        recorded = was.hands.get(player)
        hands[player] = asker.ask(f"{player}'s hand",
                                  gin_hand_of(game, player, player == who, card, hands),
                                  default=None if recorded is None else str(recorded))
    return who, hands, card


def _word(players: Sequence[str], word: str, other: str) -> str:
    """The default that means nobody knocked: ``word``, or ``other`` when a player's name
    starts with it (Enter must not be refused as 'dead' could be Deadra).

    >>> _word(["Ann", "Ben"], "dead", "nobody"), _word(["Deadra"], "dead", "nobody")
    ('dead', 'nobody')
    """
    from ...players import players_matching

    return other if players_matching(players, word) else word


def _knocker_again(players: Sequence[str], raw: str) -> str | None:
    """A player (by name, or the start of one), or None: a dead hand. A whole name wins
    over the word (a player may be called Dead); 'd' is refused when Dee plays: it could be
    Dee or 'dead'.
    """
    from ...asking import player_or_word
    from ...players import find_player_by_prefix

    text = raw.strip()
    if not text:
        raise RummyError("type who knocked, or 'dead'")
    if text.lower() in DEAD_WORDS:
        return player_or_word(players, text, "'dead'")
    return find_player_by_prefix(players, text)
