"""What the Manipulation Rummy referee says: the text and JSON of ``check meld|table|turn``.

Pure functions from verdicts to strings or plain data; the CLI prints them (through
:mod:`.report`, which offers them with the scorekeeper's words)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...cards import AnyCard, Meld, format_cards
from ...meld_said import bullet as _bullet
from ...meld_said import card_names as _names
from ...meld_said import meld_json as meld_json
from ...meld_said import meld_text as meld_text
from ...meld_said import table_json as table_json
from ...meld_said import table_text as table_text
from ...melds import MeldVerdict
from ...render import (
    PLAIN,
    Style,
    and_list,
    plural,
    show_card,
    show_cards,
    wrap,
)
from .rules import MANIPULATION_RUMMY, Rules

if TYPE_CHECKING:  # kept out of start-up: the referee commands never need the game modules
    from ...search.solver import Play
    from .rules import Rules
    from .turn import TurnVerdict


def turn_json(v: TurnVerdict, suggestion: Sequence[Meld] | None = None,
              with_suggestion: bool = False) -> dict[str, Any]:
    """``check turn`` JSON."""
    doc: dict[str, Any] = {
        "legal": v.legal,
        "violations": [{"code": x.code, "rule": x.rule, "message": x.message}
                       for x in v.violations],
        "played": _names(v.played),
        "hand_after": _names(v.hand_after),
        "hand_points": v.hand_points,
        "may_knock": v.may_knock,
        "goes_out": v.goes_out,
        "melded": v.melded,
        "forced": [str(c) for m in v.melds for c in m.forced],
    }
    if with_suggestion:
        doc["suggestion"] = None if suggestion is None else [_names(m) for m in suggestion]
    return doc


def turn_text(v: TurnVerdict, style: Style = PLAIN, suggestion: Sequence[Meld] | None = None,
              looked_for_suggestion: bool = False, rules: Rules = MANIPULATION_RUMMY,
              partial: tuple[Play | None, Sequence[AnyCard]] | None = None) -> str:
    """The referee's verdict on one turn, as said at the table.

    ``partial``: when no arrangement takes every card played, what could have been played
    instead and which cards fit nowhere (:func:`rummy_cli.search.solver.partial_play`).
    """
    if v.legal:
        lines = ["LEGAL turn." if v.melded else "LEGAL turn: the player did not meld."]
    else:
        lines = [f"ILLEGAL turn: {plural(len(v.violations), 'problem')}"]
        lines += [_bullet(x, style, "  - ") for x in v.violations]
    if v.legal:
        lines += [wrap(forced_text(m), style) for m in v.melds if m.forced]
    played = show_cards(v.played, style)
    left = hand_left_text(v.hand_after, v.hand_points, style)
    lines.append(wrap(f"Played from hand: {played}.  Left in hand: {left}.", style))
    if v.goes_out:
        lines.append(wrap(f"The player goes out: {going_out_text('they', rules)}.", style))
    elif v.may_knock:
        lines.append(f"The player may knock ({rules.knock_limit} or fewer points in hand).")
    elif v.legal and not v.turn_over:
        lines.append(wrap("Nothing melded, so the turn goes on: the player draws again (R5), "
                          "and may knock only when the turn is over (R17).", style))
    if not v.legal and looked_for_suggestion:
        if suggestion is not None:
            lines.append("These same cards can be arranged legally:")
            lines += [f"    {show_cards(m, style)}" for m in suggestion]
        else:
            lines += _no_arrangement(v.played, partial or (None, v.played), style)
    return "\n".join(lines)


def _no_arrangement(played: Sequence[AnyCard], partial: tuple[Play | None, Sequence[AnyCard]],
                    style: Style) -> list[str]:
    """Why no arrangement of the cards played is legal, and what could have been played."""
    play, nowhere = partial
    cards = show_cards(played, style)
    if play is None and len(played) == 1:
        return [wrap(f"No arrangement helps: {cards} and the table before the turn cannot "
                     "make legal melds together.", style)]
    if play is None:
        return [wrap(f"No arrangement helps: none of {cards} can join the table before the "
                     "turn in legal melds.", style)]
    shown = [show_card(c, style) for c in nowhere]
    alone = ("" if not nowhere else f", and {shown[0]} cannot join it at all" if len(shown) == 1
             else f", and neither {shown[0]} nor {shown[1]} can join it at all"
             if len(shown) == 2 else f", and none of {' '.join(shown)} can join it at all")
    every = "both" if len(played) == 2 else f"all {len(played)}"
    lines = [wrap(f"No arrangement takes {every} cards played: at most "
                  f"{play.cards_played} can join the table before the turn{alone}. "
                  f"{show_cards(play.played, style)} alone could be played:", style)]
    return lines + [f"    {show_cards(m, style)}" for m in play.after]


def forced_text(v: MeldVerdict) -> str:
    """What the undeclared jokers of a legal meld stand for, the only cards the meld allows.

    >>> from ...cards import parse_cards
    >>> from ...melds import analyze_meld
    >>> forced_text(analyze_meld(parse_cards("9D 9S 9C JK")))
    'In 9D 9S 9C JK the joker stands for 9H: the only card that fits (R13).'
    """
    cards = format_cards(v.cards)
    what = and_list([str(c) for c in v.forced])
    if len(v.forced) == 1:
        return f"In {cards} the joker stands for {what}: the only card that fits (R13)."
    return f"In {cards} the jokers stand for {what}: the only cards that fit (R13)."


def hand_left_text(cards: Sequence[AnyCard], points: int, style: Style = PLAIN) -> str:
    """'2C 5S (7 points)', or 'nothing' for an empty hand."""
    if not cards:
        return "nothing"
    return f"{show_cards(cards, style)} ({plural(points, 'point')})"


def going_out_text(who: str = "they", rules: Rules = MANIPULATION_RUMMY) -> str:
    """What playing every card does (R17's D, R23), said of ``who`` ('they' or 'you').

    >>> going_out_text("you")
    'the round ends, and you win it with the 25-point going-out bonus (R23)'
    """
    return (f"the round ends, and {who} win it with the {rules.going_out_bonus}-point "
            "going-out bonus (R23)")
