"""What the referee and the scorekeeper say: human text and the JSON documents.

Pure functions from results to strings or plain data; the CLI prints them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from ...cards import AnyCard, Meld, format_cards
from ...jsonout import Rows
from ...melds import MeldVerdict, Violation, resolved
from ...render import (
    PLAIN,
    Style,
    and_list,
    plural,
    show_card,
    show_cards,
    show_text,
    table,
    wrap,
)
from .rules import MANIPULATION_RUMMY, Rules

if TYPE_CHECKING:  # kept out of start-up: the referee commands never need the game modules
    from ...search.solver import Play
    from ..protocol import Json
    from .game import Game
    from .rules import Rules
    from .scoring import GameState, RoundResult
    from .turn import TurnVerdict

# --- the referee ------------------------------------------------------------------------


def _names(cards: Sequence[AnyCard]) -> list[str]:
    return [str(c) for c in cards]


def meld_json(v: MeldVerdict) -> dict[str, Any]:
    """``check meld`` JSON, plus the cards forced jokers stand for."""
    return {
        "legal": v.legal,
        "kind": v.kind,
        "cards": _names(resolved(v)),
        "problems": [{"rule": p.rule, "code": p.code, "message": p.message}
                     for p in v.problems],
        "forced": _names(v.forced),
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
    lines += [_bullet(p, style, "  - ") for p in v.problems]
    return "\n".join(lines)


def _bullet(p: Violation, style: Style, lead: str) -> str:
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
        lines += [_bullet(p, style, "          - ") for p in v.problems]
    return "\n".join(lines)


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


# --- the scorekeeper --------------------------------------------------------------------

def round_sentence(r: RoundResult, undercut_bonus: int, going_out_bonus: int) -> str:
    """'Ben undercuts Ann: 29 points (19 + 10 undercut bonus).'

    >>> from .scoring import score_round
    >>> round_sentence(score_round(["Ann", "Ben"], {"Ann": 4, "Ben": 4}, "Ann"), 10, 25)
    'Ben ties the knocker Ann and wins: 10 points (0 + 10 undercut bonus).'
    """
    parts = []
    for w in r.winners:
        pieces = [str(r.differences[w])]
        if r.undercut:
            pieces.append(f"{undercut_bonus} undercut bonus")
        if w in r.went_out:
            pieces.append(f"{going_out_bonus} going-out bonus")
        why = f" ({' + '.join(pieces)})" if len(pieces) > 1 else ""
        name = f"{w} " if len(r.winners) > 1 else ""
        parts.append(f"{name}{plural(r.scores[w], 'point')}{why}")
    scores = ", ".join(parts)
    names = and_list(r.winners)
    if r.knocker is None:
        verb = "has the lowest hand and wins" if len(r.winners) == 1 else "tie for lowest and win"
        lead = f"the stock ran out; {names} {verb}"
    elif not r.undercut:
        went = r.knocker in r.went_out
        lead = f"{r.knocker} {'went out' if went else 'knocked'} and wins"
    else:
        # R22: a tie with the knocker is won by the other player(s), who score as undercutters
        tied = r.hand_points[r.winners[0]] == r.hand_points[r.knocker]
        every = "" if len(r.winners) == 1 else (
            " both" if len(r.winners) == 2 else " all")
        if tied:
            verb = "ties" if len(r.winners) == 1 else "tie"
            win = "wins" if len(r.winners) == 1 else "win"
            lead = f"{names} {verb} the knocker {r.knocker} and{every} {win}"
        elif len(r.winners) == 1:
            lead = f"{names} undercuts {r.knocker}"
        else:
            lead = f"{names} tie under {r.knocker}'s knock and{every} undercut"
    return f"{lead}: {scores}."


def round_json(number: int, dealer: str, r: RoundResult, state: GameState) -> dict[str, Any]:
    """``round`` JSON."""
    return {
        "round": number,
        "dealer": dealer,
        "knocker": r.knocker,
        "hand_points": dict(r.hand_points),
        "winners": list(r.winners),
        "scores": dict(r.scores),
        "undercut": r.undercut,
        "game_over": state.game_over,
    }


def standings_json(game: Game) -> dict[str, Any]:
    """``standings`` JSON."""
    s = game.state
    return {
        "players": [{"name": x.name, "points": x.points, "rounds_won": x.rounds_won,
                     "round_bonus": x.round_bonus, "game_bonus": x.game_bonus,
                     "total": x.total} for x in s.standings],
        "rounds_played": s.rounds_played,
        "game_over": s.game_over,
        "winners": list(s.winners),
        "next_dealer": game.next_dealer(),
        "next_leader": game.next_leader(),
        "target": game.rules.target,
    }


def standings_table(game: Game, fmt: str = "simple") -> str:
    """The score table: points, rounds won, distance to the target; bonuses at the end."""
    s = game.state
    target = game.rules.target
    best = max(x.total for x in s.standings)
    rows: list[list[Any]] = []
    if s.game_over:
        headers = ["Player", "Rounds won", "Points", "Round bonus", "Game bonus", "Total", "Note"]
        for x in sorted(s.standings, key=lambda x: -x.total):
            mark = "winner" if x.name in s.winners else ""
            rows.append([x.name, x.rounds_won, x.points, x.round_bonus, x.game_bonus,
                         x.total, mark])
    else:
        headers = ["Player", "Rounds won", "Points", f"To {target}", "Note"]
        for x in s.standings:
            lead = "leader" if s.rounds_played and x.points == best else ""
            rows.append([x.name, x.rounds_won, x.points, max(0, target - x.points), lead])
    return table(rows, headers, fmt)


def standings_footer(game: Game) -> str:
    """Who won, or who deals next."""
    s = game.state
    if s.game_over:
        names = and_list(s.winners)
        reached = [x.name for x in s.standings if x.points >= game.rules.target]
        verb = "wins" if len(s.winners) == 1 else "share the win"
        best = max(x.total for x in s.standings)
        return (f"Game over after round {s.over_after} ({and_list(reached)} reached "
                f"{game.rules.target}): {names} {verb} with {plural(best, 'point')}.")
    return (f"Round {s.rounds_played + 1} next: {game.next_dealer()} deals, "
            f"{game.next_leader()} plays first. First to {game.rules.target} ends the game.")


def end_words(r: RoundResult) -> str:
    """How a round ended, in the words of the score sheet.

    >>> from .scoring import score_round
    >>> def said(knocker, **hands): return end_words(score_round(list(hands), hands, knocker))
    >>> said("Cy", Dee=2, Cy=4, Ann=9), said("Cy", Dee=4, Cy=4, Ann=9)
    ('Dee undercuts Cy', 'Dee ties Cy')
    >>> said("Ann", Ann=0, Ben=9), said("Ann", Ann=3, Ben=2, Cy=2)
    ('Ann goes out', 'Ben and Cy undercut Ann')
    >>> said(None, Ann=3, Ben=9), said(None, Ann=0, Ben=9)
    ('the stock ran out', 'the stock ran out; Ann goes out')
    """
    names = and_list(r.winners)
    one = len(r.winners) == 1
    if r.knocker is None:
        out = "".join(f"; {w} goes out" for w in r.went_out)
        return f"the stock ran out{out}"
    if not r.undercut:
        return f"{r.knocker} {'goes out' if r.knocker in r.went_out else 'knocks'}"
    # R22: a tie with the knocker is won by the other player(s), as an undercut
    if r.hand_points[r.winners[0]] == r.hand_points[r.knocker]:
        return f"{names} {'ties' if one else 'tie'} {r.knocker}"
    return f"{names} {'undercuts' if one else 'undercut'} {r.knocker}"


def history_rows(game: Game) -> tuple[list[str], list[list[Any]]]:
    """The score sheet: a row per round, then the bonus rows once the game is over.

    A round's row: its number, how it ended in words, each player's points in hand (in seat
    order, as the player columns), and under each player the running total, '*' for the
    round's winners. At the end: each player's round bonus (R26), game bonus (R25) and total.
    """
    totals = dict.fromkeys(game.players, 0)
    rows: list[list[Any]] = []
    for number, r in enumerate(game.results, 1):
        held = " ".join(str(r.hand_points[p]) for p in game.players)
        row: list[Any] = [number, end_words(r), held]
        for p in game.players:
            totals[p] += r.scores[p]
            row.append(f"{totals[p]}{'*' if p in r.winners else ''}")
        rows.append(row)
    s = game.state
    if s.game_over:
        for label, values in (("Round bonus", [x.round_bonus for x in s.standings]),
                              ("Game bonus", [x.game_bonus for x in s.standings]),
                              ("Total", [x.total for x in s.standings])):
            rows.append(["", label, "", *values])
    headers = ["#", "End", "In hand", *game.players]
    return headers, rows


def spreadsheet_rows(game: Game) -> tuple[list[str], list[list[Any]]]:
    """The score sheet for a spreadsheet: one plain number per cell.

    A round's row: its number, dealer, how it ended, its winners (comma-separated: no name
    holds a comma), then a column per player for the points in hand, one for the round's
    score and one for the running total. Once the game is over, the round bonus and game
    bonus rows add to the scores and the totals, so every player's scores add up to the
    final total, which the last row repeats.
    """
    players = list(game.players)
    totals = dict.fromkeys(players, 0)
    blank = [""] * len(players)
    rows: list[list[Any]] = []
    for number, r in enumerate(game.results, 1):
        for p in players:
            totals[p] += r.scores[p]
        rows.append([number, game.dealer_of(number), end_words(r), ", ".join(r.winners),
                     *(r.hand_points[p] for p in players), *(r.scores[p] for p in players),
                     *(totals[p] for p in players)])
    s = game.state
    if s.game_over:
        lines = {x.name: x for x in s.standings}
        for label, field in (("Round bonus", "round_bonus"), ("Game bonus", "game_bonus")):
            added = [getattr(lines[p], field) for p in players]
            for p, n in zip(players, added):
                totals[p] += n
            rows.append(["", "", label, "", *blank, *added, *(totals[p] for p in players)])
        rows.append(["", "", "Total", "", *blank, *blank,
                     *(lines[p].total for p in players)])
    headers = ["#", "Dealer", "End", "Winners", *(f"{p} in hand" for p in players),
               *(f"{p} score" for p in players), *(f"{p} total" for p in players)]
    return headers, rows


def history_table(game: Game, fmt: str = "simple") -> str:
    """The score sheet drawn in ``fmt``, as narrow as the format allows: within 80 columns
    on a screen, the words of a round's end taking two lines where one is too long; for a
    spreadsheet (csv, tsv), :func:`spreadsheet_rows`."""
    from ...sheet import is_spreadsheet, sheet_table, spreadsheet

    if is_spreadsheet(fmt):
        headers, rows = spreadsheet_rows(game)
        return spreadsheet(rows, headers, fmt)
    headers, rows = history_rows(game)
    played = len(game.rounds)
    align = ["right", "left", "left", *["left"] * len(game.players)]
    return sheet_table(rows, headers, fmt, fold=[1], colalign=align, compact=True,
                       rule_above=played if len(rows) > played else None)


def history_json(game: Game) -> dict[str, Any]:
    """``history`` JSON: every round as recorded and scored."""
    def rounds() -> Iterator[dict[str, Any]]:
        totals = dict.fromkeys(game.players, 0)
        for number, (entry, r) in enumerate(zip(game.rounds, game.results), 1):
            for p in game.players:
                totals[p] += r.scores[p]
            yield {
                "round": number, "dealer": game.dealer_of(number), "knocker": entry.knocker,
                "end": end_words(r),
                "hands": {p: (h if isinstance(h, int) else h.split()) for p, h in
                          entry.hands.items()},
                "hand_points": dict(r.hand_points), "winners": list(r.winners),
                "scores": dict(r.scores), "undercut": r.undercut, "totals": dict(totals),
            }

    s = game.state
    final = {x.name: {"points": x.points, "round_bonus": x.round_bonus,
                      "game_bonus": x.game_bonus, "total": x.total}
             for x in s.standings} if s.game_over else None
    # made round by round as they are written (see jsonout): a league's file is long
    return {"players": list(game.players), "rounds": Rows(len(game.rounds), rounds),
            **{k: v for k, v in standings_json(game).items() if k != "players"},
            "final": final}


def hand_text(entry: int | str) -> str:
    """A hand entry as shown: the cards, 'nothing', or 'N points'."""
    if isinstance(entry, int):
        return plural(entry, "point")
    return entry or "nothing (went out)"


def house_rules_text(rules: Rules) -> str:
    """The figures that differ from the book, in one line ('' when none do).

    >>> from rummy_cli.games.manipulation.rules import Rules
    >>> house_rules_text(Rules(target=200, ace_high=False))
    "House rules: ace_high no (the book's: yes), target 200 (the book's: 150)."
    """
    def shown(value: object) -> str:
        return ("yes" if value else "no") if isinstance(value, bool) else str(value)

    changed = rules.differences()
    if not changed:
        return ""
    return "House rules: " + ", ".join(
        f"{name} {shown(value)} (the book's: {shown(book)})"
        for name, (value, book) in changed.items()) + "."



# --- the scorekeeper's Report (games/protocol.py) ---------------------------------------

WORD = "Round"  # what one entry of the game is called


def heading(game: Game, number: int) -> str:
    """'Round 3 (Cy dealt)'."""
    return f"Round {number} ({game.dealer_of(number)} dealt)"


def said(game: Game, number: int) -> str:
    """Round ``number`` in one sentence."""
    rules = game.rules
    return round_sentence(game.results[number - 1], rules.undercut_bonus,
                          rules.going_out_bonus)


def said_json(game: Game, number: int) -> Json:
    """Round ``number`` as ``round --json`` prints it."""
    return round_json(number, game.dealer_of(number), game.results[number - 1], game.state)


def house_rules(game: Game) -> dict[str, tuple[object, object]]:
    """The figures that differ from the book: ``{name: (in force, book)}``."""
    return game.rules.differences()


def rules_line(game: Game) -> str:
    """The house rules under the standings ('' when there are none)."""
    return house_rules_text(game.rules)


score_sheet = history_table
