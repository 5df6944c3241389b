"""What the scorekeeper says: rounds, standings and history, as text and JSON (the referee's
words are :mod:`.verdicts`', offered here too).

Pure functions from results to strings or plain data; the CLI prints them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ...jsonout import Rows
from ...render import and_list, plural, table
from .rules import Rules
from .verdicts import going_out_text as going_out_text
from .verdicts import meld_json as meld_json
from .verdicts import meld_text as meld_text
from .verdicts import table_json as table_json
from .verdicts import table_text as table_text
from .verdicts import turn_json as turn_json
from .verdicts import turn_text as turn_text

if TYPE_CHECKING:
    from ..protocol import Json
    from .played import Played
    from .rules import Rules
    from .scoring import GameState, RoundResult

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


def standings_json(game: Played) -> dict[str, Any]:
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


def standings_table(game: Played, fmt: str = "simple") -> str:
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


def standings_footer(game: Played) -> str:
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


def history_rows(game: Played) -> tuple[list[str], list[list[Any]]]:
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


def spreadsheet_rows(game: Played) -> tuple[list[str], list[list[Any]]]:
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


def history_table(game: Played, fmt: str = "simple") -> str:
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


def history_json(game: Played) -> dict[str, Any]:
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


def heading(game: Played, number: int) -> str:
    """'Round 3 (Cy dealt)'."""
    return f"Round {number} ({game.dealer_of(number)} dealt)"


def said(game: Played, number: int) -> str:
    """Round ``number`` in one sentence."""
    rules = game.rules
    return round_sentence(game.results[number - 1], rules.undercut_bonus,
                          rules.going_out_bonus)


def said_json(game: Played, number: int) -> Json:
    """Round ``number`` as ``round --json`` prints it."""
    return round_json(number, game.dealer_of(number), game.results[number - 1], game.state)


def house_rules(game: Played) -> dict[str, tuple[object, object]]:
    """The figures that differ from the book: ``{name: (in force, book)}``."""
    return game.rules.differences()


def rules_line(game: Played) -> str:
    """The house rules under the standings ('' when there are none)."""
    return house_rules_text(game.rules)


score_sheet = history_table
