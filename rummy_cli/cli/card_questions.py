"""The questions of Manipulation Rummy (the card game): a round's ending and hands, a
change before it is recorded, and a turn to judge (``rummy check turn --guided``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import click

from ..cards import AnyCard, Table, check_copies, parse_cards, parse_table
from ..errors import RefusedError, RummyError
from ..games.manipulation.game import Game, check_open, entry_points, most_points
from ..games.manipulation.rules import MANIPULATION_RUMMY
from ..games.manipulation.scoring import check_knock
from ..games.manipulation.turn import validate_start
from ..hands import HandEntry, normalize_hand, typed_hand
from ..players import find_player_by_prefix, players_matching
from .prompts import (
    AGAIN,
    BACK_WORDS,
    CHOOSE,
    STOCK_WORDS,
    Back,
    _ask,
    _CanGoBack,
    _given_or_asked,
    _not_back,
    _player_or_word,
    _say_why,
    ask_yes_no,
)

if TYPE_CHECKING:
    pass


KNOCK_QUESTION = "Who knocked? (a name, or 'stock' if the stock ran out)"


CHANGE_QUESTION = "Change which? (a name, 'knock', or Enter for none)"


ENDING_WORDS = ("knock", "knocker", "knocked", "end", "ending", "stock", "stock-out")


KNOCKER = "Try again, or type 'back' to change who knocked."


def ask_round(
    game: Game, knock: str | None, stock_out: bool,
    given: Mapping[str, HandEntry] | None = None,
) -> tuple[str | None, dict[str, HandEntry]]:
    """Ask how the round ended and what each player holds (hands in ``given`` are not asked).

    'back' at a hand asks how the round ended again, and the hands that were typed.
    """
    check_open(game)
    if knock is not None:  # a wrong --knock: one error, no question
        knock = find_player_by_prefix(game.players, knock)
    known = _given_hands(game, given or {})
    number = len(game.rounds) + 1
    click.echo(f"Round {number} ({game.dealer_of(number)} dealt). "
               f"Players: {', '.join(game.players)}.", err=True)
    while True:
        try:
            return _ask_ending_and_hands(game, knock, stock_out, known)
        except Back:  # the ending was wrong: ask it again; hands given as options stay
            click.echo("Back to the start of the round.", err=True)
            knock, stock_out = None, False


def ask_change(
    game: Game, knocker: str | None, hands: Mapping[str, HandEntry]
) -> tuple[str | None, dict[str, HandEntry]]:
    """After 'back' at "Record this round?": show the round, change one answer, keep the rest.

    Enter keeps the round as it is; 'back' while changing an answer leaves it as it was.
    """
    while True:
        _show_round(game, knocker, hands)
        what, who = _ask(CHANGE_QUESTION, lambda raw: _change_answer(game, raw), default="")
        try:
            if what == "keep":
                return knocker, dict(hands)
            if what == "ending":
                return _change_ending(game, knocker, hands)
            others = {p: h for p, h in hands.items() if p != who}
            check = _hand_check(game, who, knocker, others, (CHOOSE, CHOOSE), "the other hands")
            return knocker, {**hands, who: _ask_hand(game, who, check, knocker)}
        except Back:
            click.echo("Nothing changed.", err=True)


def _show_round(game: Game, knocker: str | None, hands: Mapping[str, HandEntry]) -> None:
    ending = "the stock ran out" if knocker is None else f"{knocker} knocked"
    click.echo(f"As entered: {ending}.", err=True)
    for p in game.players:
        hand = hands[p]
        shown = "no cards" if hand == "" else f"a total of {hand}" if isinstance(hand, int) \
            else hand
        click.echo(f"  {p}: {shown}", err=True)


def _change_answer(game: Game, raw: str) -> tuple[str, str]:
    """("keep", ""), ("ending", "") or ("hand", the player) for an answer to "Change which?"."""
    text = raw.strip()
    if not text:
        return "keep", ""
    # 'b' is Ben here, not back: Enter already keeps the round as it is
    for words, meaning, word in ((("back",), "keep", "'back'"),
                                 (ENDING_WORDS, "ending", "'knock'")):
        if text.lower() in words:
            player = _player_or_word(game.players, text, word)
            return ("hand", player) if player is not None else (meaning, "")
    return "hand", find_player_by_prefix(game.players, text)


def _change_ending(
    game: Game, knocker: str | None, hands: Mapping[str, HandEntry]
) -> tuple[str | None, dict[str, HandEntry]]:
    """Ask how the round ended; a kept hand that no longer fits is asked again."""
    new = _ask(KNOCK_QUESTION, lambda raw: _knocker_answer(game, raw, first=False))
    now = dict(hands)
    for p in game.players:
        others = {q: h for q, h in now.items() if q != p}
        check = _hand_check(game, p, new, others, (CHOOSE, CHOOSE), "the other hands")
        # an empty hand entered in a knock round is confirmed once the stock ran out instead
        now[p] = _ask_hand(game, p, check, new, now[p], "kept",
                           confirm_known=knocker is not None)
    return new, now


def _given_hands(game: Game, given: Mapping[str, HandEntry]) -> dict[str, HandEntry]:
    """Hands given as options, by the players' own names (an unknown name is refused)."""
    known: dict[str, HandEntry] = {}
    for name, hand in given.items():
        player = find_player_by_prefix(game.players, name)
        if player in known:
            raise RefusedError(f"{player}'s hand was given twice")
        known[player] = hand
    return known


def _knocker_answer(game: Game, raw: str, first: bool = True) -> str | None:
    """A player (by name, or the start of one), or None: the stock ran out.

    A name wins over a stock word (a player may be called Stock); 'back' is Back except at
    the round's first question.
    """
    text = raw.strip()
    if text.lower() in BACK_WORDS:
        if not first:
            player = _player_or_word(game.players, text, "'back'")
            if player is None:
                raise Back
            return player
        if not players_matching(game.players, text):
            raise RefusedError("this is the round's first question: type who knocked, or "
                               "'stock'")
    elif text.lower() in STOCK_WORDS:
        return _player_or_word(game.players, text, "'stock'")
    import difflib

    if not players_matching(game.players, text) and \
            difflib.get_close_matches(text.lower(), ["stock"], n=1, cutoff=0.6) and not \
            difflib.get_close_matches(text.casefold(), [p.casefold() for p in game.players],
                                      n=1, cutoff=0.6):
        raise RefusedError(f"{text!r} is not a player of this game "
                           f"({', '.join(game.players)}): did you mean 'stock'?")
    return find_player_by_prefix(game.players, text)


def _ask_ending_and_hands(
    game: Game, knock: str | None, stock_out: bool, given: Mapping[str, HandEntry]
) -> tuple[str | None, dict[str, HandEntry]]:
    knocker: str | None
    asked = not stock_out and knock is None
    if stock_out:
        knocker = None
    elif knock is not None:
        knocker = find_player_by_prefix(game.players, knock)
    else:
        knocker = _ask(KNOCK_QUESTION, lambda raw: _knocker_answer(game, raw))
    entered: dict[str, HandEntry] = {}
    from ..render import fold

    click.echo(fold("Type each player's cards left (3C 2D) or their total (12); Enter if "
                    "none."), err=True)
    hints = (AGAIN, KNOCKER if asked else AGAIN)
    for p in game.players:
        check = _hand_check(game, p, knocker, entered, hints, "the hands before it")
        entered[p] = _ask_hand(game, p, check, knocker, given.get(p), "given")
    return knocker, entered


def _hand_check(
    game: Game, p: str, knocker: str | None, others: Mapping[str, HandEntry],
    hints: tuple[str, str], where: str,
) -> Callable[[str], HandEntry]:
    """The checks of ``p``'s hand as typed, with the ending and the ``others``' hands.

    ``hints`` say what 'back' does after a refusal: for a clash with the other hands, and for
    a hand that does not fit the ending; ``where`` names the other hands in a message.
    """
    held: list[AnyCard] = [c for e in others.values() if isinstance(e, str)
                           for c in parse_cards(e)]  # R2 counts the copies of every card
    gone = [q for q, e in others.items() if entry_points(e, game.rules) == 0]
    most = most_points(game.decks, game.rules)
    before = sum(entry_points(e, game.rules) for e in others.values())

    def check(raw: str) -> HandEntry:
        text = raw.strip()
        if text.lower() in BACK_WORDS:
            raise Back
        entry = normalize_hand(typed_hand(text), p)
        cards = parse_cards(entry) if isinstance(entry, str) else []
        too_many = check_copies(held + cards, game.decks)
        if too_many:
            raise _CanGoBack(f"with {where}, {'; '.join(too_many)}", hints[0])
        points = entry_points(entry, game.rules)
        if points > most:
            raise RefusedError(f"{points} is more than all the cards are worth ({most})")
        if points + before > most:
            raise _CanGoBack(f"with {where} ({before} points), the hands together hold "
                             f"{points + before} points, more than all the cards are worth "
                             f"({most})", hints[0])
        if points == 0 and gone:
            raise _CanGoBack(f"{p} has no cards left, but {gone[0]} already went out: only "
                             "one player can go out, and the first to do so ended the round "
                             "(R17)", hints[0])
        if p == knocker:
            try:
                check_knock(p, points, game.rules)
            except RefusedError as exc:
                raise _CanGoBack(str(exc), hints[1]) from None
        elif points == 0 and knocker is not None:
            raise _CanGoBack(f"{p} has no cards left, so {p} went out and ended the round as "
                             f"a knock (R17), not {knocker}", hints[1])
        return entry

    return check


def _ask_hand(
    game: Game, p: str, check: Callable[[str], HandEntry], knocker: str | None,
    known: HandEntry | None = None, source: str = "", confirm_known: bool = False,
) -> HandEntry:
    """``p``'s hand: ``known`` if it passes ``check``, else asked until one does.

    ``source`` says where ``known`` comes from: "given" as an option, or "kept" after 'back'.
    In a stock-out round a hand of no cards that was typed (or ``confirm_known``) is confirmed:
    a slip of the Enter key must not score a going-out bonus (R23).
    """
    label = f"{p}'s hand"
    if known is not None:
        shown = known if known != "" else "nothing"
        if source == "given":
            click.echo(f"{label}: {shown} (given)", err=True)
        try:
            entry = check(str(known))
            if not confirm_known or _confirmed(game, p, knocker, entry):
                return entry
        except Back:
            pass
        except RummyError as exc:  # said as if typed, then asked
            if source != "given":
                click.echo(f"{label}: {shown} ({source})", err=True)
            _say_why(exc)
    while True:
        entry = _ask(label, check, default="")
        if _confirmed(game, p, knocker, entry):
            return entry


def _confirmed(game: Game, p: str, knocker: str | None, entry: HandEntry) -> bool:
    """The hand stands: it holds cards, or the round was a knock, or ``p`` went out says yes."""
    if knocker is not None or entry_points(entry, game.rules) > 0:
        return True
    return ask_yes_no(f"{p} went out?", default=False)


def ask_turn(before: str | None, hand: str | None, after: str | None, decks: int,
             draws: int | None = None) -> tuple[Table, list[AnyCard], Table, int]:
    """Ask for the table before the turn, the hand, the proposed table and the draws.

    Each answer is checked at once (a bad card, an illegal table before the turn, more
    copies than the decks hold) and asked again; 'back' returns to the first question.
    """
    click.echo("Tables are melds separated by '/', e.g. 7H 8H 9H / QS QH QD JK=QC. "
               "Type 'back' to start again.", err=True)
    while True:
        try:
            return _ask_turn_once(before, hand, after, decks, draws)
        except Back:
            click.echo("Back to the table before the turn.", err=True)
            before = hand = after = None
            draws = None


def _ask_turn_once(before: str | None, hand: str | None, after: str | None, decks: int,
                   draws_given: int | None) -> tuple[Table, list[AnyCard], Table, int]:
    def before_answer(raw: str) -> Table:
        table = parse_table(_not_back(raw, first=True))
        validate_start(table, [], decks, MANIPULATION_RUMMY)
        return table

    before_t = _given_or_asked("Table before the turn (Enter if empty)", before, before_answer)

    def hand_answer(raw: str) -> list[AnyCard]:
        cards = parse_cards(_not_back(raw))
        if not cards:
            raise RummyError("type the cards in the player's hand")
        validate_start(before_t, cards, decks, MANIPULATION_RUMMY)
        return cards

    hand_c = _given_or_asked("The player's hand after drawing", hand, hand_answer, None)

    def after_answer(raw: str) -> Table:
        return parse_table(_not_back(raw))

    after_t = _given_or_asked("The table the player proposes (Enter if empty)", after,
                              after_answer)

    def draws(raw: str) -> int:
        text = _not_back(raw).strip()
        if text not in ("1", "2", "3"):
            raise RummyError(f"{raw!r}: the player drew 1, 2 or 3 cards")
        return int(text)

    if draws_given is not None:
        return before_t, hand_c, after_t, draws_given
    return before_t, hand_c, after_t, _ask("Cards drawn this turn (1-3)", draws, default="1")
