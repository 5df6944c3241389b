"""What Rummikub's scorekeeper says: a round in words, the standings and the score sheet as
text and as JSON. Pure functions from a game to strings or plain data; the CLI prints them.

>>> from .game import new_game, record_round
>>> g = new_game(["Ann", "Ben", "Cy"], first="Ann")
>>> g, _ = record_round(g, "Ann", {"Ben": 14, "Cy": "JK 11B"})
>>> round_sentence(g, 1)
'Ann went out and scores 55: Ben -14, Cy -41.'
>>> end_words(g, 1)
'Ann out'
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ...jsonout import Rows
from ...render import and_list, plural, table
from ...sheet import is_spreadsheet, sheet_table, spreadsheet

if TYPE_CHECKING:
    from .played import RummikubPlayed
    from .scoring import RoundScore

TITLES = {"rummikub": "Rummikub", "rummikub-strict": "Rummikub (strict joker rules)",
          "rummikub-xp": "Rummikub XP"}


def signed(n: int) -> str:
    """A score with its sign: '+55', '-14', '0'."""
    return f"{n:+d}" if n else "0"


def _losers_text(r: RoundScore) -> str:
    return ", ".join(f"{p} {signed(r.scores[p])}" for p in r.players if p not in r.winners)


def round_sentence(game: RummikubPlayed, number: int) -> str:
    """Round ``number`` in one sentence: how it ended, who won what, what the others lost.

    >>> from .game import new_game, record_round
    >>> g = new_game(["Ann", "Ben", "Cy", "Dee"], first="Ann")
    >>> g, _ = record_round(g, None, {"Ann": "7R", "Ben": 7, "Cy": 31, "Dee": 20})
    >>> round_sentence(g, 1)
    'the pool ran out; Ann and Ben tie with the lowest racks (7) and score 18 each (1 not \
scored): Cy -24, Dee -13.'
    """
    r = game.results[number - 1]
    losers = _losers_text(r)
    if r.out is not None:
        return f"{r.out} went out and scores {r.scores[r.out]}: {losers}."
    low = r.rack_points[r.winners[0]]
    if len(r.winners) == len(r.players):
        return f"the pool ran out; every rack is worth {low}: nobody scores."
    if len(r.winners) == 1:
        w = r.winners[0]
        lead = f"the pool ran out; {w} has the lowest rack ({low}) and scores {r.scores[w]}"
    else:
        lead = (f"the pool ran out; {and_list(r.winners)} tie with the lowest racks ({low}) "
                f"and score {r.scores[r.winners[0]]} each")
    if r.remainder:
        lead += f" ({r.remainder} not scored)"
    return f"{lead}: {losers}."


def end_words(game: RummikubPlayed, number: int) -> str:
    """How round ``number`` ended, in the words of the score sheet: 'Ann out', 'pool out'."""
    r = game.results[number - 1]
    return f"{r.out} out" if r.out is not None else "pool out"


def round_json(game: RummikubPlayed, number: int) -> dict[str, Any]:
    """``round --json``: the round as scored, and whether it ended the game (this round,
    not the game as it stands: an early round of a finished game did not end it)."""
    r = game.results[number - 1]
    return {
        "round": number,
        "first": game.rounds[number - 1].first,
        "end": r.end,
        "out": r.out,
        "rack_points": dict(r.rack_points),
        "winners": list(r.winners),
        "scores": dict(r.scores),
        "remainder": r.remainder,
        "game_over": game.state.game_over and game.state.over_after == number,
    }


def standings_json(game: RummikubPlayed) -> dict[str, Any]:
    """``standings --json``, the schema of every game read for Rummikub: ``points`` is the
    total (it may be negative), no bonuses, no dealer."""
    s = game.state
    return {
        "players": [{"name": x.name, "points": x.points, "rounds_won": x.rounds_won,
                     "round_bonus": 0, "game_bonus": 0, "total": x.total}
                    for x in s.standings],
        "rounds_played": s.rounds_played,
        "game_over": s.game_over,
        "winners": list(s.winners),
        "next_dealer": None,
        "next_leader": game.next_leader(),
        "rounds_left": s.rounds_left,
        "target": game.rules.target or None,
        "winner_by": game.rules.winner,
    }


def _ranked(game: RummikubPlayed) -> list[Any]:
    s = game.state
    if game.rules.winner == "rounds":
        return sorted(s.standings, key=lambda x: (-x.rounds_won, -x.points))
    return sorted(s.standings, key=lambda x: -x.points)


def standings_table(game: RummikubPlayed, fmt: str = "simple") -> str:
    """The score table: rounds won and points (around 0), the distance to a target; once the
    game is over, best first with the winners marked."""
    s = game.state
    target = game.rules.target
    rows: list[list[Any]] = []
    if s.game_over:
        headers = ["Player", "Rounds won", "Points", "Note"]
        for x in _ranked(game):
            rows.append([x.name, x.rounds_won, x.points,
                         "winner" if x.name in s.winners else ""])
        return table(rows, headers, fmt)
    headers = ["Player", "Rounds won", "Points", *([f"To {target}"] if target else []), "Note"]
    best = max(x.points for x in s.standings)
    most = max(x.rounds_won for x in s.standings)
    for x in s.standings:
        leads = x.rounds_won == most if game.rules.winner == "rounds" else x.points == best
        lead = "leader" if s.rounds_played and leads else ""
        rows.append([x.name, x.rounds_won, x.points,
                     *([max(0, target - x.points)] if target else []), lead])
    return table(rows, headers, fmt)


def _how_it_ends(game: RummikubPlayed) -> str:
    rules, s = game.rules, game.state
    parts = []
    if rules.rounds:
        parts.append(f"{plural(s.rounds_left or 0, 'round')} left of {rules.rounds}")
    if rules.target:
        parts.append(f"first to {rules.target} ends the game")
    by = "most rounds won" if rules.winner == "rounds" else "the highest total"
    return f"{'; '.join(parts)}; {by} wins".capitalize() + "."


def standings_footer(game: RummikubPlayed) -> str:
    """Who won, or who plays first next and how the game ends."""
    s = game.state
    rules = game.rules
    if s.game_over:
        why = (f"{and_list(s.reached)} reached {rules.target}" if s.reached
               else f"the last of {plural(rules.rounds or 0, 'round')}")
        verb = "wins" if len(s.winners) == 1 else "share the win"
        lines = {x.name: x for x in s.standings}
        top = lines[s.winners[0]]
        if rules.winner == "rounds":
            won = f"{plural(top.rounds_won, 'round')} won ({plural(top.points, 'point')})"
        else:
            won = plural(top.points, "point")
        return f"Game over after round {s.over_after} ({why}): {and_list(s.winners)} {verb} " \
               f"with {won}."
    return (f"Round {s.rounds_played + 1} next: {game.next_leader()} plays first. "
            f"{_how_it_ends(game)}")


def history_rows(game: RummikubPlayed) -> tuple[list[str], list[list[Any]]]:
    """The score sheet: a row per round: its number, how it ended, each rack's worth in seat
    order, and under each player the running total, '*' for the round's winners."""
    totals = dict.fromkeys(game.players, 0)
    rows: list[list[Any]] = []
    for number, r in enumerate(game.results, 1):
        racks = " ".join(str(r.rack_points[p]) for p in game.players)
        row: list[Any] = [number, end_words(game, number), racks]
        for p in game.players:
            totals[p] += r.scores[p]
            row.append(f"{totals[p]}{'*' if p in r.winners else ''}")
        rows.append(row)
    return ["#", "End", "Racks", *game.players], rows


def spreadsheet_rows(game: RummikubPlayed) -> tuple[list[str], list[list[Any]]]:
    """The score sheet for a spreadsheet: one plain number per cell (racks, scores, totals)."""
    players = list(game.players)
    totals = dict.fromkeys(players, 0)
    rows: list[list[Any]] = []
    for number, r in enumerate(game.results, 1):
        for p in players:
            totals[p] += r.scores[p]
        rows.append([number, game.rounds[number - 1].first, end_words(game, number),
                     ", ".join(r.winners), *(r.rack_points[p] for p in players),
                     *(r.scores[p] for p in players), *(totals[p] for p in players)])
    headers = ["#", "First", "End", "Winners", *(f"{p} rack" for p in players),
               *(f"{p} score" for p in players), *(f"{p} total" for p in players)]
    return headers, rows


def history_table(game: RummikubPlayed, fmt: str = "simple") -> str:
    """The score sheet drawn in ``fmt`` (csv, tsv: :func:`spreadsheet_rows`)."""
    if is_spreadsheet(fmt):
        headers, rows = spreadsheet_rows(game)
        return spreadsheet(rows, headers, fmt)
    headers, rows = history_rows(game)
    align = ["right", "left", "left", *["left"] * len(game.players)]
    return sheet_table(rows, headers, fmt, fold=[1], colalign=align, compact=True)


def history_json(game: RummikubPlayed) -> dict[str, Any]:
    """``history --json``: every round as ``round --json`` prints it, with the racks as
    entered and the running totals; then the standings."""
    def rounds() -> Iterator[dict[str, Any]]:
        totals = dict.fromkeys(game.players, 0)
        for number, entry in enumerate(game.rounds, 1):
            r = game.results[number - 1]
            for p in game.players:
                totals[p] += r.scores[p]
            racks = {p: (v if isinstance(v, int) else v.split())
                     for p, v in entry.racks.items()}
            yield {**round_json(game, number), "racks": racks, "totals": dict(totals)}

    # made round by round as they are written (see jsonout): a league's file is long
    return {"players": list(game.players), "rounds": Rows(len(game.rounds), rounds),
            **{k: v for k, v in standings_json(game).items() if k != "players"},
            "final": ({x.name: x.total for x in game.state.standings}
                      if game.state.game_over else None)}


def house_rules(game: RummikubPlayed) -> dict[str, tuple[Any, Any]]:
    """The options that differ from the preset: ``{name: (in force, preset)}``; the number
    of rounds only when it is not the preset's one per player."""
    changed = game.rules.differences()
    if changed.get("rounds", (None, None))[0] == len(game.players):
        del changed["rounds"]
    return changed


def house_rules_text(game: RummikubPlayed) -> str:
    """The options that differ from the preset, in one line ('' when none do), each value
    as ``rummy rules --figures`` writes it (a rounds or target of 0 is 'off').

    >>> from .game import new_game
    >>> from .rules import RUMMIKUB
    >>> rules = RUMMIKUB.with_house_rules({"rounds": "0", "target": "100"})
    >>> house_rules_text(new_game(["Ann", "Ben"], first="Ann", rules=rules))
    "House rules: rounds off (the preset's: one per player), target 100 (the preset's: off)."
    """
    changed = house_rules(game)
    if not changed:
        return ""
    return "House rules: " + ", ".join(f"{name} {_figure(name, value)} (the preset's: "
                                       f"{_figure(name, book)})"
                                       for name, (value, book) in changed.items()) + "."


def _figure(name: str, value: Any) -> str:
    """A figure as the house rules line says it: 'one per player', 'off', '100'."""
    from .rules import FIGURE_WORDS

    return FIGURE_WORDS.said(name, value)



# --- the scorekeeper's Report (games/protocol.py) ---------------------------------------

WORD = "Round"  # what one entry of the game is called
said = round_sentence
said_json = round_json
rules_line = house_rules_text
score_sheet = history_table


def heading(game: RummikubPlayed, number: int) -> str:
    """'Round 3 (Ben played first)': Rummikub has no dealer."""
    return f"Round {number} ({game.first_of(number)} played first)"
