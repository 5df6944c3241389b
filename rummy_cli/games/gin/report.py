"""What the Gin referee says: ``rummy deadwood`` and ``rummy check knock``, as text and JSON;
and what the scorekeeper says of a hand's layout (``layout_said``).

Pure functions from results to strings or plain data; the CLI prints them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...cards import Card, format_table
from ...render import PLAIN, Style, plural, show_cards, wrap
from .deadwood import total

if TYPE_CHECKING:  # kept out of start-up
    from ...melds import Violation
    from .deadwood import Arrangement, GinMeld
    from .game import GinGame
    from .layoffs import Reply
    from .showdown import HandScore, Outcome, Showdown


def _names(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


def _melds(melds: Sequence[GinMeld]) -> list[list[str]]:
    return [_names(m) for m in melds]


# --- rummy deadwood -----------------------------------------------------------------------

def deadwood_json(a: Arrangement) -> dict[str, Any]:
    """``deadwood`` JSON: the least deadwood and one arrangement reaching it."""
    return {"deadwood": a.deadwood, "melds": _melds(a.melds), "unmatched": _names(a.unmatched),
            "gin": a.gin}


def deadwood_text(a: Arrangement, style: Style = PLAIN) -> str:
    """The least deadwood, the melds and the cards left over, as said at the table."""
    if a.gin:
        head = f"Gin: all {plural(sum(map(len, a.melds)), 'card')} are in melds, deadwood 0."
    else:
        verb = "is" if len(a.unmatched) == 1 else "are"
        head = f"Deadwood {a.deadwood}: {show_cards(a.unmatched, style)} {verb} in no meld."
    return "\n".join([wrap(head, style), wrap(_table(a.melds, style), style, "Melds: ")])


def _table(melds: Sequence[GinMeld], style: Style) -> str:
    return " / ".join(show_cards(m, style) for m in melds) if melds else "none"


def _dead(cards: Sequence[Card], style: Style) -> str:
    """'8D AC (9)'."""
    return f"{show_cards(cards, style)} ({total(cards)})" if cards else "none"


# --- rummy check knock --------------------------------------------------------------------

def _problem_json(p: Violation) -> dict[str, str]:
    return {"rule": p.rule, "code": p.code, "message": p.message}


def _reply_json(r: Reply) -> dict[str, Any]:
    return {"deadwood": r.deadwood, "melds": _melds(r.melds), "layoffs": _names(r.laid_off),
            "laid_on": [{"card": str(x.card), "meld": _names(x.meld)} for x in r.layoffs],
            "unmatched": _names(r.unmatched)}


def _layout_json(a: Arrangement) -> dict[str, Any]:
    return {"deadwood": a.deadwood, "melds": _melds(a.melds), "unmatched": _names(a.unmatched)}


def _outcome_json(o: Outcome) -> dict[str, Any]:
    return {"knocker": _layout_json(o.layout), "defender": _reply_json(o.reply),
            "result": o.score.result, "winner": o.score.winner, "score": o.score.score}


def showdown_json(s: Showdown) -> dict[str, Any]:
    """``check knock`` JSON."""
    score = s.score
    return {
        "legal": s.legal,
        "problems": [_problem_json(p) for p in s.problems],
        "result": score.result if score else None,
        "winner": score.winner if score else None,
        "score": score.score if score else 0,
        "doubled": score.doubled if score else False,
        "layout_matters": s.layout_matters,
        "knock_limit": s.limit,
        "upcard": str(s.upcard) if s.upcard else None,
        "layout": "given" if s.layout_given else "least",
        "knocker": _layout_json(s.knocker),
        "defender": _reply_json(s.defender),
        "other_layout": _outcome_json(s.other) if s.other else None,
        "other_layouts": [_outcome_json(o) for o in s.others],
    }


def showdown_text(s: Showdown, style: Style = PLAIN) -> str:
    """The referee's explanation of a knock: legal or not, who scores what and why."""
    if not s.legal:
        lines = [f"ILLEGAL knock: {plural(len(s.problems), 'problem')}"]
        lines += [wrap(p.message, style, f"  - {p.code} ({p.rule}): ", indent=4)
                  for p in s.problems]
        return "\n".join(lines)
    score = s.score
    assert score is not None
    lines = [wrap(_verdict(s, score), style)]
    how = ("  (as laid down)" if s.layout_given else "" if score.result in ("gin", "big-gin")
           else "  (none given: least deadwood)")
    lines.append(wrap(f"{_table(s.knocker.melds, style)}{how}", style, "Knocker  melds:    ",
                      indent=19))
    lines.append(f"         deadwood: {_dead(s.knocker.unmatched, style)}")
    lines.append(wrap(_layoffs(s, score, style), style, "Defender lays off: ", indent=19))
    lines.append(wrap(_table(s.defender.melds, style), style, "         melds:    ", indent=19))
    lines.append(f"         deadwood: {_dead(s.defender.unmatched, style)}")
    lines.append(wrap(_sentence(score, s), style))
    if s.other is not None:
        lines.append(wrap(_other(s.other, style), style))
    elif not s.layout_given and score.result in ("knock", "undercut", "tie"):
        lines.append("No other layout of the least deadwood changes the result.")
    return "\n".join(lines)


def _verdict(s: Showdown, score: HandScore) -> str:
    if score.result == "big-gin":
        return "LEGAL big gin: all 11 of the knocker's cards are in melds."
    if score.result == "gin":
        return "LEGAL gin: every card of the knocker's is in a meld."
    where = f", set by the upcard {s.upcard}" if s.upcard is not None else ""
    return (f"LEGAL knock: the knocker's deadwood {score.knocker} is within the knock limit "
            f"of {s.limit}{where}.")


def _layoffs(s: Showdown, score: HandScore, style: Style) -> str:
    if score.result in ("gin", "big-gin"):
        return "nothing: no card may be laid off on gin"
    if not s.defender.layoffs:
        return "nothing"
    runs: list[tuple[GinMeld, list[Card]]] = []
    for x in s.defender.layoffs:
        if runs and runs[-1][0] == x.meld:
            runs[-1][1].append(x.card)
        else:
            runs.append((x.meld, [x.card]))
    return ", ".join(f"{show_cards(cards, style)} on {show_cards(meld, style)}"
                     for meld, cards in runs)


def _sentence(score: HandScore, s: Showdown) -> str:
    """Who scores what, and the sum that makes it (G10, G17)."""
    k, d = score.knocker, score.defender
    if score.result == "tie":
        return (f"Tie: both have {k}, and a tie scores nothing in these rules: nobody wins "
                "the hand, and the same dealer deals again.")
    if score.result in ("gin", "big-gin"):
        name = "big gin" if score.result == "big-gin" else "gin"
        head = (f"{name.capitalize()}: the knocker scores the defender's deadwood and the "
                f"{name} bonus")
        sum_ = f"{d} + {score.bonus}"
    elif score.result == "knock":
        head = (f"The knocker wins with {k} against {d}: the knocker scores the "
                "difference")
        sum_ = f"{d} - {k}"
    else:
        compare = "equals" if d == k else "is less than"
        head = (f"Undercut: the defender's {d} {compare} the knocker's {k}: the defender "
                "scores the difference and the undercut bonus")
        sum_ = f"{k} - {d} + {score.bonus}"
    if score.doubled:
        return (f"{head}, doubled by the spade upcard {s.upcard}: ({sum_}) x 2 = "
                f"{score.score}.")
    return f"{head}, {sum_} = {score.score}."


def _other(o: Outcome, style: Style) -> str:
    score = o.score
    laid = o.reply.laid_off
    lays = f"lay off {show_cards(laid, style)}" if laid else "lay off nothing"
    if score.winner == "defender":
        result = f"the defender would {lays} and win an undercut for {score.score}"
    elif score.winner == "knocker":
        result = f"the defender would {lays}, and the knocker would win {score.score}"
    else:
        result = f"the defender would {lays}, and the hand would be a tie"
    return (f"The layout matters: laid down as {_table(o.layout.melds, style)} with "
            f"{_dead(o.layout.unmatched, style)} unmatched, {result}. If that is what was "
            "laid down, give it with --knocker-melds.")


# --- rummy round: the layout a hand from cards was scored with ----------------------------

TABLE_WIDTH = 80  # what round prints about a layout fits an 80-column terminal


def _fold(text: str, style: Style, indent: int = 2, lead: str = "") -> list[str]:
    from dataclasses import replace

    narrow = replace(style, width=min(style.width, TABLE_WIDTH))
    return wrap(text, narrow, lead, indent=indent).splitlines()


def _left(cards: Sequence[Card], style: Style) -> str:
    """'AC 1', or '0' for no card."""
    return f"{show_cards(cards, style)} {total(cards)}" if cards else "0"


def _reply_words(reply: Reply, style: Style, gin: bool) -> str:
    """'melds 7H 8H 9H, lays off AD 5D 6D, deadwood KC 10': in the order of the table."""
    parts = []
    if reply.melds:
        parts.append(f"melds {_table(reply.melds, style)}")
    if reply.laid_off or not gin:
        parts.append(f"lays off {show_cards(reply.laid_off, style)}")
    parts.append(f"deadwood {_left(reply.unmatched, style)}")
    return ", ".join(parts)


def layout_lines(s: Showdown, knocker: str, defender: str,
                 style: Style = PLAIN) -> list[str]:
    """What was laid down and laid off in a hand scored from cards, as ``round`` shows it:
    'Ann lays 2D 3D 4D / 8S 8H 8C / 10S JS QS, deadwood AC 1;' then the defender's side.

    >>> from ...cards import parse_cards
    >>> from .rules import GIN
    >>> from .showdown import check_knock
    >>> s = check_knock(GIN, parse_cards("2H 3H 4H 7C 7D 7S JS QS KS AD"),
    ...                 parse_cards("5C 5D 5S 8H 9H 10H 2C 4C 6D KC"))
    >>> print("\\n".join(layout_lines(s, "Ann", "Ben")))
    Ann lays 2H 3H 4H / 7S 7D 7C / JS QS KS, deadwood AD 1;
    Ben melds 5S 5D 5C / 8H 9H 10H, lays off nothing, deadwood 6D 2C 4C KC 22.
    """
    score = s.score
    gin = score is not None and score.result in ("gin", "big-gin")
    kept = (score.result.replace("-", " ") if gin and score is not None else
            f"deadwood {_left(s.knocker.unmatched, style)}")
    lines = _fold(f"{knocker} lays {_table(s.knocker.melds, style)}, {kept};", style)
    reply = f"{defender} {_reply_words(s.defender, style, gin)}"
    if gin:
        reply += " (no layoffs on gin)"
    return lines + _fold(reply + ".", style)


def _would(o: Outcome, knocker: str, defender: str, style: Style) -> str:
    """'Ben would lay off 4S 3S and undercut for 26'."""
    laid = o.reply.laid_off
    lays = f"lay off {show_cards(laid, style)}" if laid else "lay off nothing"
    score = o.score
    if score.winner == "defender":
        return f"{defender} would {lays} and undercut for {score.score}"
    if score.winner == "knocker":
        return f"{defender} would {lays} and {knocker} would win {score.score}"
    return f"{defender} would {lays} and the hand would be a tie"


def _shell_word(word: str) -> str:
    """A word as typed at a shell: in double quotes when it holds a space."""
    import shlex

    if word == shlex.quote(word):
        return word
    return f'"{word}"' if not set(word) & set('"$`\\!') else shlex.quote(word)


def layout_matters_lines(s: Showdown, knocker: str, defender: str, fix: Sequence[str],
                         style: Style = PLAIN) -> list[str]:
    """When another layout of the least deadwood changes the result: which, what it would
    score, and the command that enters it (``fix``: the words before ``--melds``)."""
    o = s.other
    if o is None:
        return []
    lines = _fold(f"The layout matters: laid down as {_table(o.layout.melds, style)}, "
                  f"{_would(o, knocker, defender, style)}. If {knocker} laid that down, "
                  "enter it:", style)
    words = [*fix, "--melds", f"{knocker}={format_table(o.layout.melds)}"]
    # an option stays with its value; the command goes on over lines ending in '\\'
    pieces: list[str] = []
    for w in map(_shell_word, words):
        if pieces and pieces[-1].startswith("--") and " " not in pieces[-1]:
            pieces[-1] += " " + w
        else:
            pieces.append(w)
    command: list[str] = []
    line = "  "
    for piece in pieces:
        if line.strip() and len(line) + len(piece) + 2 > TABLE_WIDTH:
            command.append(line + "\\")
            line = "    "
        line += piece + " "
    return lines + command + [line.rstrip()]


def layout_options(s: Showdown, knocker: str, defender: str,
                   style: Style = PLAIN) -> list[str]:
    """The layouts of the knocker's least deadwood that give different results, numbered
    from 1 (the one assumed), each with its result: for guided entry to ask which."""
    lines: list[str] = []
    assert s.score is not None
    outcomes = [(s.knocker, s.defender, s.score), *((o.layout, o.reply, o.score)
                                                      for o in s.others)]
    for n, (layout, reply, score) in enumerate(outcomes, 1):
        laid = reply.laid_off
        lays = f"{defender} lays off {show_cards(laid, style)}" if laid else ""
        if score.winner == "defender":
            result = (f"{lays} and undercuts" if lays else f"{defender} undercuts") + \
                f" for {score.score}"
        elif score.winner == "knocker":
            result = (f"{lays}, " if lays else "") + f"{knocker} wins {score.score}"
        else:
            result = (f"{lays}, " if lays else "") + "a tie"
        lines += _fold(f"{_table(layout.melds, style)}: {result}", style, 7, f"  {n}  ")
    return lines


def layout_said(game: GinGame, number: int, where: str | None = None,
                matters: bool = True) -> list[str]:
    """Hand ``number`` entered as cards: the layout scored and the defender's reply; when
    another layout of the least deadwood changes the result (and ``matters``), which one,
    and the command that enters it instead (D(a)); ``where``: the ledger, as the command
    names it (None: the default one)."""
    entry, result = game.rounds[number - 1], game.results[number - 1]
    shown = result.showdown
    if shown is None or entry.knocker is None:
        return []
    knocker = entry.knocker
    defender = next(p for p in game.players if p != knocker)
    lines = layout_lines(shown, knocker, defender)
    if matters and shown.layout_matters:
        fix = ["rummy", "fix", str(number)]
        if where is not None:
            fix += ["--ledger", where]
        fix += ["--knock", knocker]
        fix += [w for p in (knocker, defender) for w in ("--hand", f"{p}={entry.hands[p]}")]
        if entry.upcard is not None:
            fix += ["--upcard", entry.upcard]
        lines += layout_matters_lines(shown, knocker, defender, fix)
    return lines
