"""What the scorekeeper says about a Gin game: the hand's sentence, the standings, the score
sheet (one row per hand; Hollywood's three columns), and the JSON documents."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...render import and_list, plural, table
from .score_data import games_data, hand_data, standings_data

if TYPE_CHECKING:
    from .played import GinPlayed

_RESULT_WORDS = {"knock": "knocked and wins", "gin": "went gin and wins",
                 "big-gin": "went big gin and wins"}


def hand_sentence(game: GinPlayed, number: int) -> str:
    """'Ann knocked and wins: 21 points (deadwood Ann 1, Ben 22).'"""
    result = game.results[number - 1]
    hand = result.hand
    dead = ", ".join(f"{p} {n}" for p, n in result.deadwood.items())
    if hand.result == "dead":
        return "a dead hand: no score, and the same dealer deals again (G8)."
    if hand.result == "tie":
        return (f"{hand.knocker} knocked and the deadwood is equal ({dead}): nobody scores, "
                "and the same dealer deals again (G10).")
    doubled = ", doubled by the spade upcard (G17)" if hand.doubled else ""
    if hand.result == "undercut":
        text = (f"{hand.knocker} knocked, but {hand.winner} undercuts and wins: "
                f"{plural(hand.score, 'point')}{doubled}")
    else:
        text = (f"{hand.knocker} {_RESULT_WORDS[hand.result]}: "
                f"{plural(hand.score, 'point')}{doubled}")
    entered = ""
    if game.rules.hollywood and game.state.entered[number - 1]:
        games = [str(g) for g in game.state.entered[number - 1]]
        entered = f"; entered in game{'s' if len(games) > 1 else ''} {and_list(games)}"
    return f"{text} (deadwood {dead}){entered}."


def hand_json(game: GinPlayed, number: int) -> dict[str, Any]:
    """``round --json`` for a Gin hand (the contract's fields)."""
    return {**hand_data(game.state, number),
            "deadwood": dict(game.results[number - 1].deadwood)}


def standings_json(game: GinPlayed) -> dict[str, Any]:
    """``standings --json`` for a Gin game; Hollywood adds the three games (``games``)."""
    doc = standings_data(game.state)
    if game.rules.hollywood:
        doc["games"] = games_data(game.state)
    doc["shutout"] = any(p["shutout"] for p in doc["players"])
    return doc


def standings_table(game: GinPlayed, fmt: str = "simple") -> str:
    """Hands won, points and the bonuses; under Hollywood the sheet of the three games."""
    state = game.state
    if game.rules.hollywood:
        return hollywood_table(game, fmt)
    target = game.rules.target
    rows = []
    for line in state.standings:
        note = "winner" if line.name in state.winners else ""
        if line.shutout:
            note += " (shutout)"
        if state.game_over:
            rows.append([line.name, line.hands_won, line.points, line.box_bonus,
                         line.game_bonus, line.total, note.strip()])
        else:
            rows.append([line.name, line.hands_won, line.points,
                         max(target - line.points, 0), note])
    if state.game_over:
        headers = ["Player", "Hands won", "Points", "Boxes", "Game bonus", "Total", "Note"]
    else:
        headers = ["Player", "Hands won", "Points", f"To {target}", "Note"]
    return table(rows, headers, fmt)


def hollywood_table(game: GinPlayed, fmt: str = "simple") -> str:
    """Hollywood's sheet: Game 1-3 and the match, a sub-column per player (G19-G22)."""
    from .hollywood_sheet import sheet_rows, sheet_text

    if fmt in ("simple", "plain"):
        return sheet_text(game.state, game.rules, ruled=fmt == "simple")
    headers, rows = sheet_rows(game.state, game.rules)
    return table(rows, headers, fmt)


def standings_footer(game: GinPlayed) -> str:
    """Who won, or who deals next."""
    state = game.state
    target = game.rules.target
    if state.game_over:
        best = max(x.total for x in state.standings)
        verb = "wins" if len(state.winners) == 1 else "share the win"
        net = f"; net {state.net:+d}" if state.net is not None else ""
        what = "all three games are over" if game.rules.hollywood else \
            f"game over after hand {state.over_after}"
        return (f"{what[0].upper()}{what[1:]}: {and_list(list(state.winners))} {verb} with "
                f"{plural(best, 'point')}{net}.")
    nxt = f"Hand {state.hands_played + 1} next: {game.next_dealer()} deals, " \
          f"{game.next_leader()} is offered the upcard."
    if game.rules.hollywood:
        from .hollywood_sheet import going_on

        return f"{nxt}\n{going_on(state, target)}"  # two lines: each within 80 columns
    return f"{nxt} First to {target} ends the game."


def end_words(game: GinPlayed, number: int) -> str:
    """How hand ``number`` ended, in the words of the score sheet: 'Ann knocks', 'Ben
    undercuts Ann', 'Ben gin', 'Ben big gin', 'Ann knocks, tie', 'dead hand'.

    >>> from .game import new_game, record_round
    >>> g, _ = record_round(new_game(["Ann", "Ben"], dealer="Ben"), "Ann",
    ...                    {"Ann": 9, "Ben": 4})
    >>> g, _ = record_round(g, "Ben", {"Ben": 0, "Ann": 30})
    >>> g, _ = record_round(g, None, {})
    >>> [end_words(g, n) for n in (1, 2, 3)]
    ['Ben undercuts Ann', 'Ben gin', 'dead hand']
    """
    hand = game.results[number - 1].hand
    return {"dead": "dead hand", "tie": f"{hand.knocker} knocks, tie",
            "knock": f"{hand.knocker} knocks", "gin": f"{hand.winner} gin",
            "big-gin": f"{hand.winner} big gin",
            "undercut": f"{hand.winner} undercuts {hand.knocker}"}[hand.result]


def _shows_upcard(game: GinPlayed) -> bool:
    """Whether the sheet has an upcard column: Oklahoma, or any hand entered with one."""
    return game.rules.upcard_sets_limit or any(e.upcard for e in game.rounds)


def upcard_words(game: GinPlayed, number: int) -> str:
    """Hand ``number``'s upcard as the sheet shows it: '6S', '6S, doubled' (G17), or ''."""
    upcard = game.rounds[number - 1].upcard or ""
    return f"{upcard}, doubled" if game.results[number - 1].hand.doubled else upcard


def history_rows(game: GinPlayed) -> tuple[list[str], list[list[Any]]]:
    """One row per hand: who dealt, how it ended, the upcard (Oklahoma), the deadwood, and
    the running points (each game's under Hollywood)."""
    state = game.state
    upcards = _shows_upcard(game)
    headers = ["#", "Dealer", "End", *(["Upcard"] if upcards else []), "Deadwood"]
    if game.rules.hollywood:
        headers += [f"Game {g.number}" for g in state.games]
    else:
        headers += list(game.players)
    rows: list[list[Any]] = []
    for n, result in enumerate(game.results, 1):
        hand = result.hand
        dead = ", ".join(f"{p} {result.deadwood[p]}" for p in game.players
                         if p in result.deadwood)
        row: list[Any] = [n, state.dealers[n - 1], end_words(game, n),
                          *([upcard_words(game, n)] if upcards else []), dead]
        after = state.points_after[n - 1]
        if game.rules.hollywood:
            for g in range(len(state.games)):
                cell = ""
                if g + 1 in state.entered[n - 1] and hand.winner is not None:
                    cell = f"{hand.winner} {after[g].get(hand.winner, 0)}"
                row.append(cell)
        else:
            for p in game.players:
                mark = "*" if p == hand.winner else ""
                row.append(f"{after[0].get(p, 0)}{mark}")
        rows.append(row)
    if state.game_over and not game.rules.hollywood:
        pad = ["", *([""] if upcards else [])]  # under the upcard and the deadwood
        for label, values in settlement(game):
            rows.append(["", "", label, *pad, *(values[p] for p in game.players)])
        rows.append(["", "", "Total", *pad,
                     *(x.total for p in game.players for x in state.standings if x.name == p)])
    return headers, rows


def settlement(game: GinPlayed) -> list[tuple[str, dict[str, int]]]:
    """What an ended standard game adds to each player's points, row by row: the box bonus,
    the game bonus and, when there was one, the shutout (G12, G13). Points and these rows
    add up to each player's total, on every sheet."""
    lines = {x.name: x for x in game.state.standings}
    players = game.players
    shutout = {p: lines[p].total - lines[p].points - lines[p].box_bonus - lines[p].game_bonus
               for p in players}
    rows = [("Box bonus", {p: lines[p].box_bonus for p in players}),
            ("Game bonus", {p: lines[p].game_bonus for p in players})]
    if any(shutout.values()):
        rows.append(("Shutout", shutout))
    return rows


def spreadsheet_rows(game: GinPlayed) -> tuple[list[str], list[list[Any]]]:
    """The score sheet for a spreadsheet: one plain number per cell.

    A hand's row: its number, dealer, how it ended, the upcard and whether it doubled the
    hand (Oklahoma), the winner and the hand's score, a column per player for the deadwood,
    then the running points: per player, or under Hollywood per game and player. A
    standard game that is over ends with its box bonus, game bonus and shutout rows (added to
    the score column, so each player's scores add up to the total) and the total.
    """
    state = game.state
    players = list(game.players)
    upcards = _shows_upcard(game)
    hollywood = game.rules.hollywood
    headers = ["#", "Dealer", "End", *(["Upcard", "Doubled"] if upcards else []), "Winner"]
    if hollywood:
        headers += ["Score", "Games entered", *(f"{p} deadwood" for p in players),
                    *(f"Game {g.number} {p}" for g in state.games for p in players)]
    else:
        headers += [*(f"{p} deadwood" for p in players), *(f"{p} score" for p in players),
                    *(f"{p} total" for p in players)]
    rows: list[list[Any]] = []
    for n, result in enumerate(game.results, 1):
        hand = result.hand
        row: list[Any] = [n, state.dealers[n - 1], end_words(game, n)]
        if upcards:
            row += [game.rounds[n - 1].upcard or "", "yes" if hand.doubled else ""]
        row.append(hand.winner or "")
        dead: list[Any] = [result.deadwood.get(p, "") for p in players]
        after = state.points_after[n - 1]
        if hollywood:
            row += [hand.score, " ".join(str(g) for g in state.entered[n - 1]), *dead,
                    *(after[g].get(p, 0) for g in range(len(state.games)) for p in players)]
        else:
            row += [*dead, *(result.scores[p] for p in players),
                    *(after[0].get(p, 0) for p in players)]
        rows.append(row)
    if state.game_over and not hollywood:
        lines = {x.name: x for x in state.standings}
        totals = {p: lines[p].points for p in players}
        up = ["", ""] if upcards else []
        blank = [""] * len(players)
        for label, values in settlement(game):
            for p in players:
                totals[p] += values[p]
            rows.append(["", "", label, *up, "", *blank,
                         *(values[p] for p in players), *(totals[p] for p in players)])
        rows.append(["", "", "Total", *up, "", *blank, *blank,
                     *(lines[p].total for p in players)])
    return headers, rows


def history_table(game: GinPlayed, fmt: str = "simple") -> str:
    """The score sheet drawn in ``fmt``: within 80 columns on a screen where the names allow,
    a hand's end taking two lines where one is too long; for a spreadsheet (csv, tsv),
    :func:`spreadsheet_rows`."""
    from ...sheet import is_spreadsheet, sheet_table, spreadsheet

    if is_spreadsheet(fmt):
        headers, rows = spreadsheet_rows(game)
        return spreadsheet(rows, headers, fmt)
    headers, rows = history_rows(game)
    align = ["right", *["left"] * (len(headers) - 1)]  # '60*' and '0' in one line
    return sheet_table(rows, headers, fmt, fold=[4 if _shows_upcard(game) else 3, 2],
                       colalign=align, compact=True)


def history_json(game: GinPlayed) -> dict[str, Any]:
    """``history --json`` for a Gin game: every hand as ``round --json`` gives it."""
    doc: dict[str, Any] = {"game": game.rules.game, "players": list(game.players),
                           "hands": [hand_json(game, n) for n in range(1, len(game.rounds) + 1)]}
    for n, entry in enumerate(game.rounds):
        item = doc["hands"][n]
        item["end"] = end_words(game, n + 1)
        item["hands"] = dict(entry.hands)
        if entry.upcard is not None:
            item["upcard"] = entry.upcard
        if entry.note is not None:
            item["note"] = entry.note
    doc["final"] = standings_json(game) if game.state.game_over else None
    return doc



# --- the scorekeeper's Report (games/protocol.py) ---------------------------------------

WORD = "Hand"  # what one entry of the game is called
said = hand_sentence
said_json = hand_json


def heading(game: GinPlayed, number: int) -> str:
    """'Hand 3 (Ann dealt)'."""
    return f"Hand {number} ({game.dealer_of(number)} dealt)"


def house_rules(game: GinPlayed) -> dict[str, tuple[object, object]]:
    """The options that differ from the preset: ``{name: (in force, preset)}``."""
    return game.rules.differences()


def rules_line(game: GinPlayed) -> str:
    """Nothing: 'rummy new' names a Gin game's house rules; its standings do not."""
    return ""


def score_sheet(game: GinPlayed, fmt: str) -> str:
    """The hands; in a Hollywood match, each game's sum under them as on a paper sheet (not
    in a spreadsheet, which is one table)."""
    text = history_table(game, fmt)
    if game.rules.hollywood and game.rounds and fmt not in ("csv", "tsv"):
        text += "\n\n" + hollywood_table(game, fmt)
    return text
