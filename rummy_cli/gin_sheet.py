"""What the scorekeeper says about a Gin game: the hand's sentence, the standings, the score
sheet (one row per hand; Hollywood's three columns), and the JSON documents."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .render import and_list, plural, table

if TYPE_CHECKING:
    from .games.gin.game import GinGame

_RESULT_WORDS = {"knock": "knocked and wins", "gin": "went gin and wins",
                 "big-gin": "went big gin and wins"}


def hand_sentence(game: GinGame, number: int) -> str:
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


def hand_json(game: GinGame, number: int) -> dict[str, Any]:
    """``round --json`` for a Gin hand (the contract's fields)."""
    from .games.gin.score import hand_data

    return {**hand_data(game.state, number),
            "deadwood": dict(game.results[number - 1].deadwood)}


def standings_json(game: GinGame) -> dict[str, Any]:
    """``standings --json`` for a Gin game; Hollywood adds the three games (``games``)."""
    from .games.gin.score import games_data, standings_data

    doc = standings_data(game.state)
    if game.rules.hollywood:
        doc["games"] = games_data(game.state)
    doc["shutout"] = any(p["shutout"] for p in doc["players"])
    return doc


def standings_table(game: GinGame, fmt: str = "simple") -> str:
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


def hollywood_table(game: GinGame, fmt: str = "simple") -> str:
    """Hollywood's sheet: Game 1-3 and the match, a sub-column per player (G19-G22)."""
    from .hollywood_sheet import sheet_rows, sheet_text

    if fmt in ("simple", "plain"):
        return sheet_text(game.state, game.rules, ruled=fmt == "simple")
    headers, rows = sheet_rows(game.state, game.rules)
    return table(rows, headers, fmt)


def standings_footer(game: GinGame) -> str:
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


def history_rows(game: GinGame) -> tuple[list[str], list[list[Any]]]:
    """One row per hand: who dealt, how it ended, the deadwood, and the running points (each
    game's under Hollywood)."""
    state = game.state
    headers = ["#", "Dealer", "End", "Deadwood"]
    if game.rules.hollywood:
        headers += [f"Game {g.number}" for g in state.games]
    else:
        headers += list(game.players)
    rows: list[list[Any]] = []
    for n, result in enumerate(game.results, 1):
        hand = result.hand
        end = {"dead": "dead hand", "tie": f"{hand.knocker} knocks, tie",
               "knock": f"{hand.knocker} knocks", "gin": f"{hand.winner} gin",
               "big-gin": f"{hand.winner} big gin",
               "undercut": f"{hand.winner} undercuts"}[hand.result]
        if hand.doubled:
            end += " x2"
        dead = ", ".join(f"{p} {result.deadwood[p]}" for p in game.players
                         if p in result.deadwood)
        row: list[Any] = [n, state.dealers[n - 1], end, dead]
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
        pad = ["", "", "", ""]
        lines = {x.name: x for x in state.standings}
        rows.append([*pad[:2], "Box bonus", "", *(lines[p].box_bonus for p in game.players)])
        rows.append([*pad[:2], "Game bonus", "", *(lines[p].game_bonus for p in game.players)])
        rows.append([*pad[:2], "Total", "", *(lines[p].total for p in game.players)])
    return headers, rows


def history_json(game: GinGame) -> dict[str, Any]:
    """``history --json`` for a Gin game: every hand as ``round --json`` gives it."""
    doc: dict[str, Any] = {"game": game.rules.game, "players": list(game.players),
                           "hands": [hand_json(game, n) for n in range(1, len(game.rounds) + 1)]}
    for n, entry in enumerate(game.rounds):
        item = doc["hands"][n]
        item["hands"] = dict(entry.hands)
        if entry.upcard is not None:
            item["upcard"] = entry.upcard
        if entry.note is not None:
            item["note"] = entry.note
    doc["final"] = standings_json(game) if game.state.game_over else None
    return doc
