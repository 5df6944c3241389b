"""Guided entry at the table: ask for what a command needs, re-asking on a mistake.

Part of the CLI shell (it uses click's prompts); the rules are checked by the core.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ..cards import AnyCard, Table, check_copies, parse_cards, parse_table
from ..errors import InputEnded, RefusedError, RummyError
from ..games.manipulation.game import Game, check_open, entry_points, most_points
from ..games.manipulation.rules import MANIPULATION_RUMMY
from ..games.manipulation.scoring import check_knock
from ..games.manipulation.turn import validate_start
from ..hands import HandEntry, normalize_hand, typed_hand
from ..numbers import is_digits
from ..players import find_player_by_prefix, name_key, players_matching

if TYPE_CHECKING:
    from ..games.rummikub.rules import RummikubRules
    from ..tiles import AnyTile, TileTable

T = TypeVar("T")
STOCK_WORDS = ("stock", "stock-out", "stock out", "s", "none", "nobody")
# a player may not be called one of these: at "Who knocked?" they mean the stock ran out
# (a one-letter 's' is kept as an answer, but a player called S still wins over it)
RESERVED_NAMES = tuple(w for w in STOCK_WORDS if len(w) > 1) + ("stockout",)
# nor one of these, which the questions read (or keep) as commands: a dead Gin hand, going
# back, Hollywood's pools; a single letter ('d', 'b') may still be a name, as before
COMMAND_NAMES = ("dead", "back", "pool")

BACK_WORDS = ("back", "b", "<")
YES, NO = ("y", "yes"), ("n", "no")


def check_new_name(name: str, others: Sequence[str] = ()) -> None:
    """Refuse a new player's name that the guided entry would read as something else, or
    that looks like the name of one of ``others`` (the players it would sit with)."""
    word = name.strip().casefold()
    if word in RESERVED_NAMES:
        raise RefusedError(f"{name!r} cannot be a player's name: at 'Who knocked?' it means "
                           "that the stock ran out; add an initial, e.g. 'Stock J'")
    if word in COMMAND_NAMES:
        raise RefusedError(f"{name!r} cannot be a player's name: the questions of 'rummy "
                           f"round' read it as a command; add an initial, e.g. "
                           f"'{name.strip().title()} J'")
    from ..names import look_alike
    from ..players import player_name, same_name

    player_name(name)  # a name that cannot be one is refused as such, not as a look-alike
    other = look_alike([p for p in others if not same_name(p, name)], name)
    if other is not None:
        raise RefusedError(f"{name!r} looks just like {other!r} (letters of another alphabet "
                           "or another width): give players names that look different")


class _CanGoBack(RefusedError):
    """A hand that shows an earlier answer was wrong; its hint says where 'back' goes."""

    hint: str

    def __init__(self, message: str, hint: str) -> None:
        super().__init__(message)
        self.hint = hint


class Back(Exception):
    """The player typed 'back': ask the questions again."""


def _ask(question: str, convert: Callable[[str], T], default: str | None = None) -> T:
    """Ask until the answer converts; say why a wrong answer is wrong."""
    while True:
        try:
            raw: str = click.prompt(question, default=default,
                                    show_default=default not in ("", None), err=True)
        except click.exceptions.Abort as exc:  # click says an end of input as a stop
            if isinstance(exc.__context__, EOFError):
                click.echo(err=True)  # end the line the question left open
                raise InputEnded(question) from None
            raise
        try:
            return convert(raw)
        except RummyError as exc:
            _say_why(exc)


def _say_why(exc: RummyError) -> None:
    """Why an answer was refused, and what the player can do now."""
    message = str(exc)
    if message[:1].islower() and not message.startswith(("e.g.", "rummy")):
        message = message[0].upper() + message[1:]
    stop = "" if message.endswith(("?", ".", "!")) else "."
    retry = exc.hint if isinstance(exc, _CanGoBack) else "Try again."
    from ..render import fold

    click.echo(fold(f"{message}{stop} {retry}", "  "), err=True)


def ask_yes_no(question: str, default: bool) -> bool:
    """A yes/no question on stderr; Enter takes the default."""
    def answer(raw: str) -> bool:
        text = raw.strip().lower()
        if not text:
            return default
        if text in YES or text in NO:
            return text in YES
        raise RummyError(f"{raw.strip()!r}: answer y (yes) or n (no)")

    return _ask(f"{question} {'[Y/n]' if default else '[y/N]'}", answer, default="")


def ask_confirm(question: str) -> bool:
    """Yes (the default) or no; 'back' raises :class:`Back` to ask the questions again."""
    def answer(raw: str) -> bool:
        text = raw.strip().lower()
        if text in BACK_WORDS:
            raise Back
        if not text:
            return True
        if text in YES or text in NO:
            return text in YES
        raise RummyError(f"{raw.strip()!r}: answer y (yes), n (no) or 'back' to change "
                         "an answer")

    return _ask(f"{question} [Y/n/back]", answer, default="")


KNOCK_QUESTION = "Who knocked? (a name, or 'stock' if the stock ran out)"
CHANGE_QUESTION = "Change which? (a name, 'knock', or Enter for none)"
ENDING_WORDS = ("knock", "knocker", "knocked", "end", "ending", "stock", "stock-out")
# what 'back' does after a refused hand: while entering the round, and while changing it
AGAIN = "Try again, or type 'back' to start the round again."
KNOCKER = "Try again, or type 'back' to change who knocked."
CHOOSE = "Try again, or type 'back' to choose what to change."


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


def _player_or_word(players: Sequence[str], text: str, word: str) -> str | None:
    """A player called ``text``, or None: ``text`` is the word it also is (``word``).

    A word that is the start of a player's name is refused: 's' could be Sam or 'stock'.
    """
    found = players_matching(players, text)
    if found and found[0].casefold() == text.casefold():
        return found[0]  # a name wins over a word: a player may be called Stock
    if found:
        raise RefusedError(f"{text!r} could be {', '.join(found)} or {word}: type more")
    return None


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


def _given_or_asked(label: str, given: HandEntry | None,
                    check: Callable[[str], T], default: str | None = "") -> T:
    """An answer given as an option if it passes the checks, else asked for."""
    if given is not None:
        click.echo(f"{label}: {given if given != '' else 'nothing'} (given)", err=True)
        try:
            return check(str(given))
        except Back:
            pass
        except RummyError as exc:  # said as if typed, then asked
            _say_why(exc)
    return _ask(label, check, default=default)


def _not_back(raw: str, first: bool = False) -> str:
    if raw.strip().lower() in BACK_WORDS:
        if first:
            raise RummyError("this is the first question: type the table before the turn")
        raise Back
    return raw


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


# --- a Gin hand ---------------------------------------------------------------------------

GIN_KNOCK_QUESTION = "Who knocked? (a name, or 'dead' for a dead hand)"
GIN_HANDS_HINT = "Type each hand's cards, or its deadwood (the defender's after layoffs)."


DEAD_WORDS = ("dead", "d", "none", "nobody")


def ask_gin_hand(game: Any, knock: str | None, given: Mapping[str, HandEntry],
                 upcard: str | None, upcard_default: str | None = None,
                 ) -> tuple[str | None, dict[str, HandEntry], str | None]:
    """Ask how a Gin hand ended, the upcard in Oklahoma, and both hands (G6-G10, G16).

    Each answer is checked as it is typed; 'back' asks the hand again from the start, with
    the upcard typed before as the default (``upcard_default``: one typed before 'back').
    """
    from ..games.gin.game import round_entry, score_entry

    number = len(game.rounds) + 1
    click.echo(f"Hand {number} ({game.dealer_of(number)} dealt). "
               f"Players: {', '.join(game.players)}.", err=True)
    if knock is not None:  # a wrong --knock: one error, no question
        knock = find_player_by_prefix(game.players, knock)

    while True:
        card = upcard
        try:
            who = knock if knock is not None else _ask(
                GIN_KNOCK_QUESTION, lambda raw: _gin_knocker(game.players, raw))
            if who is None:
                return None, {}, None
            if game.rules.upcard_sets_limit and card is None:
                card = _ask("The upcard (it sets the knock limit)", _gin_upcard,
                            default=upcard_default)
            from ..render import fold

            click.echo(fold(GIN_HANDS_HINT), err=True)
            other = next(p for p in game.players if p != who)
            hands: dict[str, HandEntry] = {}
            for player in (who, other):
                known = _given_in(given, player)
                hands[player] = known if known is not None else _ask(
                    f"{player}'s hand", _gin_hand_of(game, player, player == who, card, hands))
            score_entry(game, round_entry(game, who, hands, upcard=card))
            return who, hands, card
        except Back:
            click.echo("Back to the start of the hand.", err=True)
        except RummyError as exc:  # what only both hands together show
            _say_why(_CanGoBack(str(exc), "Back to the start of the hand."))
        knock, upcard, given = None, None, {}
        upcard_default = card or upcard_default  # Enter keeps the upcard typed before


def _gin_knocker(players: Sequence[str], raw: str) -> str | None:
    """A player (a name or the start of one), or None for a dead hand.

    A name wins over a word: 'b' is Ben (no 'back' at the first question); 'd' is a dead
    hand unless a player's name starts with it, then it is asked again ('Dee or dead?').
    """
    text = raw.strip()
    if not text:
        raise RummyError("type who knocked, or 'dead'")
    if text.lower() in DEAD_WORDS:
        return _player_or_word(players, text, "'dead'")
    if text.lower() in BACK_WORDS and not players_matching(players, text):
        raise RummyError("this is the hand's first question: type who knocked, or 'dead'")
    if text.lower() in STOCK_WORDS and not players_matching(players, text):
        raise RummyError("a Gin hand ends with a knock, or is dead when the stock is down "
                         "to 2 cards (G8): type who knocked, or 'dead'")
    return find_player_by_prefix(players, text)


def _gin_hand_of(game: Any, player: str, knocks: bool, upcard: str | None,
                 before: Mapping[str, HandEntry]) -> Callable[[str], HandEntry]:
    """Check one Gin hand as it is typed: its cards (10; 11 for big gin), no joker, no card
    of the other hand, and the knocker's deadwood within the limit (G6, G7, G16)."""
    from ..cards import Card, parse_card
    from ..games.gin.deadwood import least_deadwood
    from ..games.gin.showdown import HAND, MOST_DEADWOOD, limit_words, real_cards

    card = None if upcard is None else parse_card(upcard)
    limit = game.rules.knock_limit(card)
    # the words check knock uses: 'the upcard AH allows gin only (G16)'
    allowed, why = limit_words(game.rules, limit, card if isinstance(card, Card) else None)

    def hand(raw: str) -> HandEntry:
        entry = normalize_hand(typed_hand(_not_back(raw)), player)
        if isinstance(entry, int):
            if entry > MOST_DEADWOOD:
                raise RummyError(f"{player}'s deadwood is at most {MOST_DEADWOOD} (10 cards)")
            if knocks and entry > limit:
                raise RummyError(f"{player} knocked with {entry} deadwood, but {allowed} "
                                 f"({why}): check the count, or 'back'")
            return entry
        cards = real_cards(parse_cards(entry), f"{player}'s hand")
        most = HAND + (1 if knocks and game.rules.big_gin is not None else 0)
        if not HAND <= len(cards) <= most:
            count = f"{len(cards)} card" + ("s" if len(cards) != 1 else "")
            raise RummyError(f"{player}'s hand has {count}: type the {HAND} "
                             "cards held" + (" after the discard" if knocks else ""))
        for other in before.values():
            if isinstance(other, str):
                shared = set(cards) & {c for c in parse_cards(other) if isinstance(c, Card)}
                if shared:
                    raise RummyError(f"{min(shared)} is in both hands: one deck holds each "
                                     "card once")
        if knocks and (dead := least_deadwood(cards).deadwood) > limit:
            raise RummyError(f"{player}'s least deadwood is {dead}, but {allowed} ({why}): "
                             "check the cards, or 'back'")
        return entry
    return hand


def ask_gin_layout(knocker: str, options: Sequence[str], tables: Sequence[str],
                   check: Callable[[str], str]) -> str:
    """Which layout the knocker laid down, when it changes the result (D(a)): a number of
    ``options`` (lines already shown as text; ``tables``: their melds), or the melds typed,
    checked by ``check``. Enter takes the first, the layout assumed; 'back' raises Back."""
    click.echo(f"The layout matters: {knocker} can lay down the least deadwood in more than "
               "one way,", err=True)
    click.echo("and the result depends on it:", err=True)
    for line in options:
        click.echo(line, err=True)

    def answer(raw: str) -> str:
        text = raw.strip()
        if text.lower() in BACK_WORDS:
            raise Back
        if is_digits(text):
            if not 1 <= int(text) <= len(tables):
                raise RummyError(f"{text}: choose 1 to {len(tables)}, or type the melds")
            return tables[int(text) - 1]
        return check(text)

    return _ask(f"Which did {knocker} lay down? (1-{len(tables)}, or the melds)", answer,
                default="1")


def _hand_of(player: str) -> Callable[[str], HandEntry]:
    def hand(raw: str) -> HandEntry:
        return normalize_hand(typed_hand(_not_back(raw)), player)
    return hand


def _given_in(given: Mapping[str, HandEntry], player: str) -> HandEntry | None:
    for name, hand in given.items():
        if name_key(name) == name_key(player):
            return hand
    return None


def _gin_upcard(raw: str) -> str:
    from ..cards import Card

    cards = parse_cards(_not_back(raw))
    if len(cards) != 1 or not isinstance(cards[0], Card):
        raise RummyError("type the one upcard, e.g. 6S (the Gin games have no jokers)")
    return str(cards[0])


# --- Rummikub ---------------------------------------------------------------------------

OUT_QUESTION = "Who went out? (a name, or 'pool')"
POOL_WORDS = ("pool", "pool-out", "pool out", "p", "none", "nobody",
              "stock", "stock-out", "stock out")  # as --stock-out is taken for --pool-out


def _out_answer(players: Sequence[str], raw: str) -> str | None:
    """A player (by name, or the start of one), or None: the pool ran out. A name wins over
    a pool word (a player may be called Pat: 'p' is then refused as both)."""
    text = raw.strip()
    if text.lower() in BACK_WORDS and not players_matching(players, text):
        raise RefusedError("this is the round's first question: type who went out, or 'pool'")
    if text.lower() in POOL_WORDS:
        return _player_or_word(players, text, "'pool'")
    return find_player_by_prefix(players, text)


def ask_rummikub_round(game: Any, given_end: bool, out: str | None,
                       given: Mapping[str, Any], recorded: Any = None
                       ) -> tuple[str | None, dict[str, Any]]:
    """Ask who went out (or 'pool') and each other player's rack: its tiles or its worth.

    ``given_end``: the ending came as an option (``out``, None for the pool); racks in
    ``given`` are taken as they are once they pass the checks. ``recorded``: a round as
    recorded, whose answers are the defaults (``rummy fix N`` on a terminal). 'back' at a
    rack raises :class:`Back`.
    """
    players = game.players
    known = {find_player_by_prefix(players, name): rack for name, rack in given.items()}
    who = None if out is None else find_player_by_prefix(players, out)
    number = len(game.rounds) + 1
    if recorded is None:
        click.echo(f"Round {number} ({game.first_of(number)} plays first). "
                   f"Players: {', '.join(players)}.", err=True)
    if not given_end:
        default = None if recorded is None else (recorded.out or "pool")
        who = _ask(OUT_QUESTION, lambda raw: _out_answer(players, raw), default=default)
    click.echo("Type each rack's tiles left (7R 12B JK) or their worth (12).", err=True)
    entered: dict[str, Any] = {} if who is None else {who: ""}

    def check_for(p: str) -> Callable[[str], Any]:
        return _rack_check(game, p, who, entered, "the racks before it", AGAIN)

    for p in players:
        if p == who:
            continue
        check = check_for(p)
        if p in known:
            try:
                entered[p] = check(str(known[p]))
                continue
            except RummyError as exc:
                _say_why(exc)
        before = None if recorded is None else recorded.racks.get(p)
        entered[p] = _ask(f"{p}'s rack", check,
                          default="" if before in (None, "") else str(before))
    return who, {p: entered[p] for p in players if p in entered}


def _rack_check(game: Any, p: str, who: str | None, others: Mapping[str, Any], where: str,
                hint: str) -> Callable[[str], Any]:
    """The checks of ``p``'s rack as typed, with who went out (None: the pool ran out) and
    the ``others``' racks (``where`` names them in a message); ``hint`` says what 'back'
    does after a refusal. 'back' raises :class:`Back`."""
    from ..games.rummikub.game import rack_entry
    from ..games.rummikub.scoring import rack_points
    from ..tiles import check_tile_copies, parse_tiles

    rules = game.rules
    held = [t for q, rack in others.items() if q != p and isinstance(rack, str) and rack
            for t in parse_tiles(rack)]

    def check(raw: str) -> Any:
        text = raw.strip()
        if text.lower() in BACK_WORDS:
            raise Back
        rack = rack_entry(typed_hand(text), p)
        if rack in ("", 0):
            why = ("the pool ran out, so every rack holds tiles" if who is None else
                   f"only {who} went out")
            raise _CanGoBack(f"{p}'s rack cannot be empty: {why}", hint)
        tiles = parse_tiles(rack) if isinstance(rack, str) else []
        alone = check_tile_copies(tiles, rules.copies, rules.jokers)
        if alone:
            raise _CanGoBack(f"{p}'s rack holds more tiles than the set: "
                             f"{'; '.join(alone)}", "Try again.")
        too_many = check_tile_copies(held + tiles, rules.copies, rules.jokers)
        if too_many:
            raise _CanGoBack(f"with {where}, {'; '.join(too_many)}", hint)
        worth = rack if isinstance(rack, int) else rack_points(tiles, rules)
        if worth > rules.most_rack_points:
            raise RefusedError(f"{worth} is more than every tile of the set is worth "
                               f"({rules.most_rack_points})")
        return rack

    return check


RUMMIKUB_CHANGE_QUESTION = "Change which? (a name, 'out', or Enter for none)"
RUMMIKUB_ENDING_WORDS = ("out", "went out", "end", "ending")


def ask_rummikub_change(game: Any, who: str | None, racks: Mapping[str, Any]
                        ) -> tuple[str | None, dict[str, Any]]:
    """After 'back' at "Record this round?" in Rummikub: show the round as entered and
    change one answer (a rack, or who went out), keeping the others.

    Enter keeps the round as it is; 'back' while changing an answer leaves it as it was.
    A new ending asks again only the racks that no longer fit it.
    """
    players = game.players
    while True:
        _show_rummikub_round(game, who, racks)

        def answer(raw: str) -> tuple[str, str]:
            text = raw.strip()
            if not text:
                return "keep", ""
            for words, meaning, word in ((("back",), "keep", "'back'"),
                                         (RUMMIKUB_ENDING_WORDS, "ending", "'out'"),
                                         (POOL_WORDS, "pool", "'pool'")):
                if text.lower() in words:
                    player = _player_or_word(players, text, word)
                    return ("rack", player) if player is not None else (meaning, "")
            return "rack", find_player_by_prefix(players, text)

        what, p = _ask(RUMMIKUB_CHANGE_QUESTION, answer, default="")
        try:
            if what == "keep":
                return who, dict(racks)
            if what in ("ending", "pool"):  # 'pool' says the new ending at once
                return _change_rummikub_ending(game, who, racks, asked=what == "ending")
            if p == who:
                click.echo(f"  {p} went out, so {p}'s rack is empty: type 'out' to change "
                           "who went out.", err=True)
                continue
            check = _rack_check(game, p, who, racks, "the other racks", CHOOSE)
            return who, {**racks, p: _ask(f"{p}'s rack", check)}
        except Back:
            click.echo("Nothing changed.", err=True)


def _show_rummikub_round(game: Any, who: str | None, racks: Mapping[str, Any]) -> None:
    ending = "the pool ran out" if who is None else f"{who} went out"
    click.echo(f"As entered: {ending}.", err=True)
    for p in game.players:
        rack = racks.get(p, "")
        shown = "no tiles" if rack == "" else f"a total of {rack}" if isinstance(rack, int) \
            else rack
        click.echo(f"  {p}: {shown}", err=True)


def _change_rummikub_ending(game: Any, who: str | None, racks: Mapping[str, Any],
                            asked: bool = True) -> tuple[str | None, dict[str, Any]]:
    """Ask who went out again (``asked``; else the pool ran out); the rack of a player who
    went out before and now did not is asked, since it was empty."""
    new = _ask(OUT_QUESTION, lambda raw: _rummikub_ending_answer(game.players, raw)) \
        if asked else None
    now = {p: r for p, r in racks.items() if p != new}
    if new is not None:
        now[new] = ""
    for p in game.players:
        if p == new or now.get(p) not in (None, "", 0):
            continue
        check = _rack_check(game, p, new, now, "the other racks", CHOOSE)
        now[p] = _ask(f"{p}'s rack", check)
    return new, {p: now[p] for p in game.players}


def _rummikub_ending_answer(players: Sequence[str], raw: str) -> str | None:
    """Who went out, or None (the pool ran out); 'back' leaves the round as it was."""
    text = raw.strip()
    if text.lower() in BACK_WORDS:
        player = _player_or_word(players, text, "'back'")
        if player is None:
            raise Back
        return player
    return _out_answer(players, text)


# --- a Rummikub turn --------------------------------------------------------------------

def ask_tile_turn(before: str | None, rack: str | None, after: str | None,
                  rules: RummikubRules, initial: bool | None
                  ) -> tuple[TileTable, list[AnyTile], TileTable, bool]:
    """Ask for the table before the turn, the rack, the proposed table and, unless
    ``initial`` is known (``--initial``), whether the player has opened (K9).

    Each answer is checked at once (a bad tile or a card, a joker declared in the rack, more
    tiles than the set holds, an illegal table before the turn) and asked again; 'back'
    returns to the first question. Returns (before, rack, after, initial).
    """
    click.echo("Tables are sets separated by '/', e.g. 5R 6R 7R / 9K 9B 9O JK. "
               "Type 'back' to start again.", err=True)
    while True:
        try:
            return _ask_tile_turn_once(before, rack, after, rules, initial)
        except Back:
            click.echo("Back to the table before the turn.", err=True)
            before = rack = after = None


def _ask_tile_turn_once(before: str | None, rack: str | None, after: str | None,
                        rules: RummikubRules, initial: bool | None
                        ) -> tuple[TileTable, list[AnyTile], TileTable, bool]:
    from ..games.rummikub.turn import validate_start
    from ..tiles import check_tile_copies, parse_tile_table, parse_tiles

    def before_answer(raw: str) -> TileTable:
        table = parse_tile_table(_not_back(raw, first=True))
        too_many = check_tile_copies([t for s in table for t in s], rules.copies, rules.jokers)
        if too_many:  # said of this table alone: no rack has been typed yet
            raise RummyError("the table holds more tiles than the set: " + "; ".join(too_many))
        validate_start(table, [], rules)
        return table

    before_t = _given_or_asked("Table before the turn (Enter if empty)", before, before_answer)

    def rack_answer(raw: str) -> list[AnyTile]:
        tiles = parse_tiles(_not_back(raw))
        if not tiles:
            raise RummyError("type the tiles on the player's rack before the play")
        validate_start(before_t, tiles, rules)
        return tiles

    rack_t = _given_or_asked("The player's rack", rack, rack_answer, None)

    def after_answer(raw: str) -> TileTable:
        return parse_tile_table(_not_back(raw))

    after_t = _given_or_asked("Table after the turn (Enter if empty)", after, after_answer)
    if initial is not None:
        return before_t, rack_t, after_t, initial
    worth = f"sets worth {rules.opening} or more" if rules.opening else "a first set"
    opened = ask_confirm(f"Has the player opened already ({worth} in an earlier turn)?")
    return before_t, rack_t, after_t, not opened
