"""What the Rummikub referee says: the text and JSON of ``check meld|table|turn``.

Pure functions from verdicts to strings or plain data; the CLI prints them.

>>> from ...tiles import parse_tiles
>>> from .sets import judge_set
>>> print(meld_text(judge_set(parse_tiles("5R 6R JK"))))
LEGAL run 5R 6R JK  (JK stands for 4R or 7R), worth up to 18
>>> meld_json(judge_set(parse_tiles("5R JK 7R")))["cards"]
['5R', 'JK=6R', '7R']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from ...render import PLAIN, Style, plural, wrap
from ...tiles import AnyTile, Colour, Tile, TileTable
from .sets import SetVerdict, Violation
from .turn import TurnVerdict

# a colour terminal shows each tile in its colour (black as bold: black on black is unseen)
_PAINT = {Colour.BLACK: "1", Colour.BLUE: "34", Colour.ORANGE: "33", Colour.RED: "31"}


def show_tile(tile: AnyTile, style: Style = PLAIN) -> str:
    """One tile in the notation, in its colour on a colour terminal."""
    text = str(tile)
    if not style.color:
        return text
    colour = tile.colour if isinstance(tile, Tile) else (
        tile.stands_for.colour if tile.stands_for else None)
    code = _PAINT[colour] if colour is not None else "35"
    return f"\x1b[{code}m{text}\x1b[0m"


def show_tiles(tiles: Iterable[AnyTile], style: Style = PLAIN) -> str:
    """Tiles separated by spaces; ``nothing`` for none."""
    return " ".join(show_tile(t, style) for t in tiles) or "nothing"


def _prose(style: Style) -> Style:
    """The style for sentences: folded to the width, never a card symbol put in."""
    return replace(style, symbols=False, color=False)


def _names(tiles: Iterable[AnyTile]) -> list[str]:
    return [str(t) for t in tiles]


def _or_list(tiles: Iterable[Tile]) -> str:
    shown = [str(t) for t in sorted(tiles)]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]


def joker_values_json(v: SetVerdict) -> list[list[str]]:
    """For each joker, in order, every tile it may stand for (empty when the set is illegal)."""
    return [_names(sorted(values)) for values in v.joker_values]


def problems_json(problems: Sequence[Violation]) -> list[dict[str, str]]:
    return [{"rule": p.rule, "code": p.code, "message": p.message} for p in problems]


def meld_json(v: SetVerdict) -> dict[str, Any]:
    """``check meld --game rummikub`` JSON."""
    return {
        "legal": v.legal,
        "kind": v.kind,
        "cards": _names(v.shown if v.legal else v.tiles),
        "joker_values": joker_values_json(v),
        "value": v.value,
        "problems": problems_json(v.problems),
    }


def joker_note(v: SetVerdict) -> str:
    """'(JK stands for 4R or 7R)' for the jokers of a legal set; '' without jokers."""
    notes = []
    for values in v.joker_values:
        if len(values) == 1:
            notes.append(f"the joker stands for {_or_list(values)}")
        else:
            notes.append(f"JK stands for {_or_list(values)}")
    unique = list(dict.fromkeys(notes))  # undeclared jokers of one set share their values
    if not unique:
        return ""
    if len(unique) == 1 and len(notes) > 1:
        text = unique[0].replace("the joker stands", "the jokers stand").replace(
            "JK stands", "each JK stands")
        return f"({text})"
    return f"({'; '.join(unique)})"


def meld_line(v: SetVerdict, style: Style = PLAIN) -> str:
    """'run 5R JK=6R 7R  (the joker stands for 6R), worth 18'."""
    kind = {"either": "group or run"}.get(v.kind or "", v.kind or "set")
    line = f"{kind} {show_tiles(v.shown if v.legal else v.tiles, style)}"
    note = joker_note(v) if v.legal else ""
    if note:
        line += f"  {note}"
    if v.value is not None:
        several = len({r.value for r in v.found}) > 1
        line += f", worth {'up to ' if several else ''}{v.value}"
    return line


def meld_text(v: SetVerdict, style: Style = PLAIN) -> str:
    """The verdict on one set, as the card referee says it."""
    if v.legal:
        return wrap(meld_line(v, style), _prose(style), "LEGAL ", indent=6)
    lines = [f"ILLEGAL: {show_tiles(v.tiles, style)}"]
    lines += [_bullet(p, style, "  - ") for p in v.problems]
    return "\n".join(lines)


def _bullet(p: Violation, style: Style, lead: str) -> str:
    return wrap(p.message, _prose(style), f"{lead}{p.code} ({p.rule}): ", indent=len(lead))


def table_json(verdicts: Sequence[SetVerdict]) -> dict[str, Any]:
    """``check table --game rummikub`` JSON; ``value`` adds up the legal sets' best worth."""
    melds = []
    for v in verdicts:
        doc = meld_json(v)
        melds.append({"cards": doc["cards"], "legal": v.legal, "kind": v.kind,
                      "joker_values": doc["joker_values"], "value": v.value,
                      "problems": doc["problems"]})
    return {"legal": all(v.legal for v in verdicts),
            "value": sum(v.value or 0 for v in verdicts), "melds": melds}


def table_text(verdicts: Sequence[SetVerdict], style: Style = PLAIN) -> str:
    """The verdict on a whole table, set by set."""
    if not verdicts:
        return "LEGAL table: it is empty"
    bad = [v for v in verdicts if not v.legal]
    worth = sum(v.value or 0 for v in verdicts)
    head = (f"LEGAL table: {plural(len(verdicts), 'set')}, all legal, worth {worth}"
            if not bad else
            f"ILLEGAL table: {len(bad)} of {plural(len(verdicts), 'set')} "
            f"{'is' if len(bad) == 1 else 'are'} not legal")
    lines = [head]
    for i, v in enumerate(verdicts, 1):
        mark = "ok " if v.legal else "BAD"
        lines.append(wrap(meld_line(v, style), _prose(style), f"  {i:>2}. {mark} ",
                          indent=10))
        lines += [_bullet(p, style, "          - ") for p in v.problems]
    return "\n".join(lines)


def turn_json(v: TurnVerdict, suggestion: TileTable | None) -> dict[str, Any]:
    """``check turn --game rummikub`` JSON."""
    return {
        "legal": v.legal,
        "violations": [{"code": x.code, "rule": x.rule, "message": x.message}
                       for x in v.violations],
        "played": _names(v.played),
        "hand_after": _names(v.hand_after),
        "hand_points": v.hand_points,
        "goes_out": v.goes_out,
        "opening_value": v.opening_value,
        "melded": v.melded,
        "suggestion": None if suggestion is None else [_names(s) for s in suggestion],
    }


def turn_text(v: TurnVerdict, style: Style = PLAIN, suggestion: TileTable | None = None,
              looked: bool = False, opening: int = 30, continued: bool = False) -> str:
    """The referee's verdict on one turn, as said at the table. ``continued``: the opening
    may go on in the same turn (``opening_turn=continue``), so the sets that open need not
    be on the table after it."""
    prose = _prose(style)
    if v.legal:
        lines = ["LEGAL turn." if v.melded else
                 "LEGAL turn: the table is as it was, so the player draws one tile (K3)."]
    else:
        lines = [f"ILLEGAL turn: {plural(len(v.violations), 'problem')}"]
        lines += [_bullet(x, style, "  - ") for x in v.violations]
    if v.legal and v.melded:
        for s in v.sets:
            note = joker_note(s)
            if note:
                lines.append(wrap(note, prose, f"  {show_tiles(s.shown, style)}  ", indent=4))
    if v.opening_value is not None and v.melded:
        enough = "opens" if v.opening_value >= opening else f"short of {opening}"
        if continued:  # laid first, then perhaps taken apart by the rest of the turn
            lines.append(wrap(f"The played tiles make sets of their own worth "
                              f"{v.opening_value} ({enough}; the turn may go on after them, "
                              f"K10).", prose))
        else:
            lines.append(f"The new sets of the player's own tiles are worth "
                         f"{v.opening_value} ({enough}).")
    left = ("nothing" if not v.hand_after else
            f"{show_tiles(v.hand_after, style)} ({plural(v.hand_points, 'point')})")
    lines.append(wrap(f"Played from the rack: {show_tiles(v.played, style)}.  Left in the rack:"
                      f" {left}.", prose))
    if v.goes_out:
        lines.append("The player's rack is empty: the round ends (K17).")
    if not v.legal and looked:
        if suggestion is not None:
            lines.append("These same tiles can be arranged legally:")
            lines += [f"    {show_tiles(s, style)}" for s in suggestion]
        else:
            lines.append(wrap("No legal turn that plays exactly these tiles was found.", prose))
    return "\n".join(lines)

