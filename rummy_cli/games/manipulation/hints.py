"""Manipulation Rummy's solver at the command line's call (``games.referee.Solver``): the
best melds of some cards (``arrange``) and the best play this turn (``hint``), through the
shared search (``rummy_cli.search.solver``). Pure: the command line prints what it returns."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...errors import OptionsError, UnusableInputError
from ...typed_input import cards_of, check_card_copies, table_of
from ..referee import Asked, Said
from .referee import rules_of

if TYPE_CHECKING:
    from ...cards import AnyCard, Table
    from ...search.solver import Play
    from .rules import Rules

TAKES = frozenset({"--rule"})


def arrange(words: Sequence[str], asked: Asked) -> Said:
    """``rummy arrange CARDS...``."""
    from ...search.solver import arrange as solve

    text = " ".join(words).replace("|", "/")
    parsed = [c for m in table_of(text, "the cards") for c in m]
    if not parsed:
        raise UnusableInputError("no cards given: name the cards, e.g. "
                                 "rummy arrange 7S 7H 7D 8S 9S")
    d = asked.decks or 2
    check_card_copies(parsed, d)
    result = solve(parsed, decks=d, rules=rules_of(asked.house_rules, asked))
    if asked.as_json:
        return Said(result.possible, json={
            "possible": result.possible, "melds": [[str(c) for c in m] for m in result.melds],
            "unplaceable": [str(c) for c in result.unplaceable]})
    from ...render import plural, show_cards, wrap

    style = asked.style
    lines = []
    if result.possible:
        lines.append(f"Yes: these {plural(len(parsed), 'card')} make "
                     f"{plural(len(result.melds), 'legal meld')}:")
    else:
        lines.append(wrap(f"No: {show_cards(result.unplaceable, style)} cannot be placed "
                          "in any arrangement.", style))
        if result.melds:
            lines.append("The rest can be arranged:")
    lines += [f"  {show_cards(m, style)}" for m in result.melds]
    return Said(result.possible, "\n".join(lines))


def hint(table_text: str, hand_text: str | None, asked: Asked) -> Said:
    """``rummy hint --table T --hand C``: the best play (most cards, or points)."""
    from ...search.solver import best_play
    from .scoring import hand_points
    from .turn import validate_start

    draws = asked.draws or 1
    rules = rules_of(asked.house_rules, asked)
    d = asked.decks or 2
    table = table_of(table_text, "--table")
    hand = cards_of(hand_text or "", "--hand")
    if not hand:  # after a draw a hand holds a card at least; an empty one went out already
        raise OptionsError(f"{'--hand is empty' if hand_text is not None else 'no --hand'}:"
                          ' give the cards in your hand after drawing, e.g. --hand '
                          '"QD KD 4D 9C"')
    validate_start(table, hand, d, rules)
    play = best_play(table, hand, decks=d, draws=draws,
                     by="points" if asked.by == "points" else "cards", rules=rules)
    # no play: after a 3rd draw the turn is over and a small hand may knock; before it, the
    # player draws again (R5) and may not knock yet (R17)
    stuck_may_knock = draws >= rules.max_draws and hand_points(hand, rules) <= rules.knock_limit
    if asked.as_json:
        return Said(play is not None, json=_play_json(play, table, hand, stuck_may_knock, rules))
    if play is None:
        return Said(False, _no_play(draws, stuck_may_knock, rules, asked))
    return Said(True, _play_text(play, rules, asked))


def _play_json(play: Play | None, table: Table, hand: list[AnyCard], stuck_may_knock: bool,
               rules: Rules) -> dict[str, object]:
    from .scoring import hand_points

    if play is None:
        return {"cards_played": 0, "points_shed": 0, "played": [],
                "after": [[str(c) for c in m] for m in table],
                "hand_after": [str(c) for c in hand],
                "may_knock": stuck_may_knock, "goes_out": False}
    left = hand_points(play.hand_after, rules)
    return {"cards_played": play.cards_played, "points_shed": play.points_shed,
            "played": [str(c) for c in play.played],
            "after": [[str(c) for c in m] for m in play.after],
            "hand_after": [str(c) for c in play.hand_after],
            "may_knock": left <= rules.knock_limit,
            "goes_out": not play.hand_after}


def _no_play(draws: int, stuck_may_knock: bool, rules: Rules, asked: Asked) -> str:
    from ...render import wrap
    from .turn import ordinal

    if draws >= rules.max_draws:
        why = (f"you drew a {ordinal(rules.max_draws)} card, so you may not meld this turn "
               "(R5).")
        then = "Your turn is over: you may knock." if stuck_may_knock else "Your turn is over."
    else:
        why = "no card from your hand fits in any legal way."
        then = "Draw again (R5)."
    return "\n".join((wrap(f"No legal play: {why}", asked.style), then))


def _play_text(play: Play, rules: Rules, asked: Asked) -> str:
    from ...render import plural, show_cards, wrap
    from .scoring import hand_points

    style = asked.style
    left = hand_points(play.hand_after, rules)
    lines = [wrap(f"Best play: {plural(play.cards_played, 'card')} "
                  f"({show_cards(play.played, style)}), shedding "
                  f"{plural(play.points_shed, 'point')}.", style),
             "The table after it:"]
    lines += [f"  {show_cards(m, style)}" for m in play.after]
    if not play.hand_after:
        from .verdicts import going_out_text

        lines.append("Left in hand: nothing.")
        lines.append(wrap(f"You go out: {going_out_text('you', rules)}.", style))
        return "\n".join(lines)
    knock = "  You may then knock." if left <= rules.knock_limit else ""
    lines.append(wrap(f"Left in hand: {show_cards(play.hand_after, style)} "
                      f"({plural(left, 'point')}).{knock}", style))
    return "\n".join(lines)

