"""The questions of a Manipulation Rummy round at the table (``rummy round`` on a terminal):
how the round ended and each hand, every answer checked at once, and one answer changed
before the round is recorded. Put through an :class:`~rummy_cli.asking.Asker`: nothing here
prints or reads (the referee's questions of a turn are the command line's)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ...asking import AGAIN, BACK_WORDS, CHOOSE, STOCK_WORDS, Asker, Back, CanGoBack
from ...asking import player_or_word as _player_or_word
from ...cards import AnyCard, check_copies, parse_cards
from ...errors import RefusedError, RummyError
from ...hands import HandEntry, normalize_hand, typed_hand
from ...players import find_player_by_prefix, players_matching
from ...render import fold
from .game import Game, check_open, entry_points, most_points
from .scoring import check_knock

KNOCK_QUESTION = "Who knocked? (a name, or 'stock' if the stock ran out)"


CHANGE_QUESTION = "Change which? (a name, 'knock', or Enter for none)"


ENDING_WORDS = ("knock", "knocker", "knocked", "end", "ending", "stock", "stock-out")


KNOCKER = "Try again, or type 'back' to change who knocked."


def ask_round(
    game: Game, knock: str | None, stock_out: bool, asker: Asker,
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
    asker.say(f"Round {number} ({game.dealer_of(number)} dealt). "
              f"Players: {', '.join(game.players)}.")
    while True:
        try:
            return _ask_ending_and_hands(game, knock, stock_out, known, asker)
        except Back:  # the ending was wrong: ask it again; hands given as options stay
            asker.say("Back to the start of the round.")
            knock, stock_out = None, False


def ask_change(
    game: Game, knocker: str | None, hands: Mapping[str, HandEntry], asker: Asker
) -> tuple[str | None, dict[str, HandEntry]]:
    """After 'back' at "Record this round?": show the round, change one answer, keep the rest.

    Enter keeps the round as it is; 'back' while changing an answer leaves it as it was.
    """
    while True:
        _show_round(game, knocker, hands, asker)
        what, who = asker.ask(CHANGE_QUESTION, lambda raw: _change_answer(game, raw),
                              default="")
        try:
            if what == "keep":
                return knocker, dict(hands)
            if what == "ending":
                return _change_ending(game, knocker, hands, asker)
            others = {p: h for p, h in hands.items() if p != who}
            check = hand_check(game, who, knocker, others, (CHOOSE, CHOOSE), "the other hands")
            return knocker, {**hands, who: _ask_hand(game, who, check, knocker, asker)}
        except Back:
            asker.say("Nothing changed.")


def _show_round(game: Game, knocker: str | None, hands: Mapping[str, HandEntry],
                asker: Asker) -> None:
    ending = "the stock ran out" if knocker is None else f"{knocker} knocked"
    asker.say(f"As entered: {ending}.")
    for p in game.players:
        hand = hands[p]
        shown = "no cards" if hand == "" else f"a total of {hand}" if isinstance(hand, int) \
            else hand
        asker.say(f"  {p}: {shown}")


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
    game: Game, knocker: str | None, hands: Mapping[str, HandEntry], asker: Asker
) -> tuple[str | None, dict[str, HandEntry]]:
    """Ask how the round ended; a kept hand that no longer fits is asked again."""
    new = asker.ask(KNOCK_QUESTION, lambda raw: knocker_answer(game, raw, first=False))
    now = dict(hands)
    for p in game.players:
        others = {q: h for q, h in now.items() if q != p}
        check = hand_check(game, p, new, others, (CHOOSE, CHOOSE), "the other hands")
        # an empty hand entered in a knock round is confirmed once the stock ran out instead
        now[p] = _ask_hand(game, p, check, new, asker, now[p], "kept",
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


def knocker_answer(game: Game, raw: str, first: bool = True) -> str | None:
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
    game: Game, knock: str | None, stock_out: bool, given: Mapping[str, HandEntry],
    asker: Asker,
) -> tuple[str | None, dict[str, HandEntry]]:
    knocker: str | None
    asked = not stock_out and knock is None
    if stock_out:
        knocker = None
    elif knock is not None:
        knocker = find_player_by_prefix(game.players, knock)
    else:
        knocker = asker.ask(KNOCK_QUESTION, lambda raw: knocker_answer(game, raw))
    entered: dict[str, HandEntry] = {}
    asker.say(fold("Type each player's cards left (3C 2D) or their total (12); Enter if "
                   "none."))
    hints = (AGAIN, KNOCKER if asked else AGAIN)
    for p in game.players:
        check = hand_check(game, p, knocker, entered, hints, "the hands before it")
        entered[p] = _ask_hand(game, p, check, knocker, asker, given.get(p), "given")
    return knocker, entered


def hand_check(
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
            raise CanGoBack(f"with {where}, {'; '.join(too_many)}", hints[0])
        points = entry_points(entry, game.rules)
        if points > most:
            raise RefusedError(f"{points} is more than all the cards are worth ({most})")
        if points + before > most:
            raise CanGoBack(f"with {where} ({before} points), the hands together hold "
                            f"{points + before} points, more than all the cards are worth "
                            f"({most})", hints[0])
        if points == 0 and gone:
            raise CanGoBack(f"{p} has no cards left, but {gone[0]} already went out: only "
                            "one player can go out, and the first to do so ended the round "
                            "(R17)", hints[0])
        if p == knocker:
            try:
                check_knock(p, points, game.rules)
            except RefusedError as exc:
                raise CanGoBack(str(exc), hints[1]) from None
        elif points == 0 and knocker is not None:
            raise CanGoBack(f"{p} has no cards left, so {p} went out and ended the round as "
                            f"a knock (R17), not {knocker}", hints[1])
        return entry

    return check


def _ask_hand(
    game: Game, p: str, check: Callable[[str], HandEntry], knocker: str | None,
    asker: Asker, known: HandEntry | None = None, source: str = "",
    confirm_known: bool = False,
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
            asker.say(f"{label}: {shown} (given)")
        try:
            entry = check(str(known))
            if not confirm_known or confirmed(game, p, knocker, entry, asker):
                return entry
        except Back:
            pass
        except RummyError as exc:  # said as if typed, then asked
            if source != "given":
                asker.say(f"{label}: {shown} ({source})")
            asker.refused(exc)
    while True:
        entry = asker.ask(label, check, default="")
        if confirmed(game, p, knocker, entry, asker):
            return entry


def confirmed(game: Game, p: str, knocker: str | None, entry: HandEntry,
              asker: Asker) -> bool:
    """The hand stands: it holds cards, or the round was a knock, or ``p`` went out says yes."""
    if knocker is not None or entry_points(entry, game.rules) > 0:
        return True
    return asker.yes_no(f"{p} went out?", default=False)
