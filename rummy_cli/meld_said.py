"""What a referee says of card melds judged one by one (``melds.MeldVerdict``): the text
and JSON of ``check meld`` and ``check table``, for every card game (Manipulation Rummy's
and the Gin family's melds alike). Pure functions from verdicts to strings or plain data."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .cards import AnyCard
from .melds import MeldVerdict, Violation, resolved
from .render import PLAIN, Style, and_list, plural, show_cards, show_text, wrap


def card_names(cards: Sequence[AnyCard]) -> list[str]:
    return [str(c) for c in cards]


def meld_json(v: MeldVerdict) -> dict[str, Any]:
    """``check meld`` JSON, plus the cards forced jokers stand for."""
    return {
        "legal": v.legal,
        "kind": v.kind,
        "cards": card_names(resolved(v)),
        "problems": [{"rule": p.rule, "code": p.code, "message": p.message}
                     for p in v.problems],
        "forced": card_names(v.forced),
    }


def meld_line(v: MeldVerdict, style: Style = PLAIN) -> str:
    """'run 7H 8H 9H (the joker stands for 8H)'."""
    shown = show_cards(v.ordered if v.legal else v.cards, style)
    kind = v.kind or "meld"
    note = ""
    if v.forced:
        forced = and_list([str(c) for c in v.forced])
        note = show_text(f"  (the joker stands for {forced})" if len(v.forced) == 1 else
                         f"  (the jokers stand for {forced})", style)
    return f"{kind:5} {shown}{note}"


def meld_text(v: MeldVerdict, style: Style = PLAIN) -> str:
    """The verdict on one meld."""
    if v.legal:
        return f"LEGAL {meld_line(v, style)}"
    lines = [f"ILLEGAL: {show_cards(v.cards, style)}"]
    lines += [bullet(p, style, "  - ") for p in v.problems]
    return "\n".join(lines)


def bullet(p: Violation, style: Style, lead: str) -> str:
    """'  - code (rule): message', folded between words, later lines under the code."""
    return wrap(p.message, style, f"{lead}{p.code} ({p.rule}): ", indent=len(lead))


def table_json(verdicts: Sequence[MeldVerdict]) -> dict[str, Any]:
    """``check table`` JSON."""
    melds = []
    for v in verdicts:
        doc = meld_json(v)
        melds.append({"cards": doc["cards"], "legal": v.legal, "kind": v.kind,
                      "problems": doc["problems"], "forced": doc["forced"]})
    return {"legal": all(v.legal for v in verdicts), "melds": melds}


def table_text(verdicts: Sequence[MeldVerdict], style: Style = PLAIN) -> str:
    """The verdict on a whole table, meld by meld."""
    bad = [v for v in verdicts if not v.legal]
    if not verdicts:
        return "LEGAL table: it is empty"
    head = (f"LEGAL table: {plural(len(verdicts), 'meld')}, all legal" if not bad else
            f"ILLEGAL table: {len(bad)} of {plural(len(verdicts), 'meld')} "
            f"{'is' if len(bad) == 1 else 'are'} not legal")
    lines = [head]
    for i, v in enumerate(verdicts, 1):
        mark = "ok " if v.legal else "BAD"
        lines.append(f"  {i:>2}. {mark} {meld_line(v, style)}")
        lines += [bullet(p, style, "          - ") for p in v.problems]
    return "\n".join(lines)


# --- what check meld and check table take and say, for every card game -------------------

def meld_typed(words: Sequence[str]) -> list[AnyCard]:
    """The cards of ``check meld`` as typed; none is refused, with an example."""
    from .errors import UnusableInputError
    from .typed_input import cards_of

    parsed = cards_of(words, "the meld")
    if not parsed:
        raise UnusableInputError("no cards given: name the meld's cards, e.g. "
                                 "rummy check meld 7H JK=8H 9H")
    return parsed


def table_typed(words: Sequence[str]) -> list[list[AnyCard]]:
    """The melds of ``check table`` as typed; none is refused, with an example."""
    from .errors import UnusableInputError
    from .typed_input import table_of

    if not words:
        raise UnusableInputError('no table given: name its melds, separated by \'/\', e.g. '
                                 'rummy check table "7H 8H 9H / QS QH QD"')
    return [list(m) for m in table_of(" ".join(words), "the table")]


def meld_said(verdict: MeldVerdict, as_json: bool, style: Style) -> tuple[bool, str, Any]:
    """(legal, text, JSON) of one meld's verdict, as ``check meld`` says it."""
    if as_json:
        return verdict.legal, "", meld_json(verdict)
    return verdict.legal, meld_text(verdict, style), None


def table_said(verdicts: Sequence[MeldVerdict], as_json: bool, style: Style
               ) -> tuple[bool, str, Any]:
    """(legal, text, JSON) of a table's verdicts, as ``check table`` says it."""
    legal = all(v.legal for v in verdicts)
    if as_json:
        return legal, "", table_json(verdicts)
    return legal, table_text(verdicts, style), None

