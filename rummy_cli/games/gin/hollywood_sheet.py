"""Hollywood's score sheet as a paper one is kept: a column per game (Game 1-3), each with a
sub-column per player, and the match: every game's points, box bonus, game bonus, shutout
and total (G19-G22), and their sum. Pure: strings and rows from a game's score.

Each game's column adds up: points + box bonus + game bonus + shutout = total. The shutout
line is what the shutout adds (G13: a doubled total, doubled points, or the extra 100 of
``plus100``), so a reader can check every sum by hand.

>>> from dataclasses import replace
>>> from .rules import GIN
>>> from .score import GinHand, gin_state
>>> wins = [("A", 60), ("A", 45), ("B", 20), ("A", 30)]
>>> hands = [GinHand(w, "knock", w, n) for w, n in wins]
>>> s = gin_state(["A", "B"], "A", replace(GIN, scoring="hollywood"), hands)
>>> print(sheet_text(s, replace(GIN, scoring="hollywood")))
            Game 1 (over)   Game 2          Game 3          Match
                 A       B       A       B       A       B       A       B
----------  ------  ------  ------  ------  ------  ------  ------  ------
Hands won        2       0       2       1       1       0       3       1
Points         105       0      75      20      30       0     210      20
Box bonus       50       0                                      50       0
Game bonus     100       0                                     100       0
Shutout       +255                                            +255
            ------  ------  ------  ------  ------  ------  ------  ------
Total          510       0      75      20      30       0     615      20
>>> going_on(s, 100)
'Games 2 and 3 go on, each to 100.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...render import and_list, display_width, pad_to, shortened

if TYPE_CHECKING:
    from .rules import GinRules
    from .score import GinGameScore, GinStanding, GinState

WIDTH = 80  # the sheet's widest line: names are shortened in the headings to stay within it
LABELS = ("Hands won", "Points", "Box bonus", "Game bonus", "Shutout", "Total")
_GAP = "  "


def going_on(state: GinState, target: int) -> str:
    """Which games are still being played, as a sentence.

    >>> from dataclasses import replace
    >>> from .rules import GIN
    >>> from .score import GinHand, gin_state
    >>> rules = replace(GIN, scoring="hollywood")
    >>> going_on(gin_state(["A", "B"], "A", rules, []), 100)
    'Games 1, 2 and 3 go on, each to 100.'
    >>> hands = [GinHand("A", "knock", "A", 100)] * 3
    >>> going_on(gin_state(["A", "B"], "A", rules, hands[:2]), 100)
    'Game 3 goes on, to 100.'
    """
    going = [str(g.number) for g in state.games if not g.over]
    if not going:
        return "All three games are over."
    if len(going) == 1:
        return f"Game {going[0]} goes on, to {target}."
    return f"Games {and_list(going)} go on, each to {target}."


def game_title(game: GinGameScore) -> str:
    """'Game 1 (over)' or 'Game 2': a column's heading, never the ledger's word for a match."""
    return f"Game {game.number}" + (" (over)" if game.over else "")


def _shares(line: GinStanding, game: GinGameScore, rules: GinRules) -> list[Any]:
    """A player's cells in one game: hands won, points, box bonus, game bonus, what the
    shutout added, total. Bonuses are blank ("") until the game is over; the shutout cell is
    blank unless the player shut the other out."""
    over = game.over
    base_bonus = line.game_bonus
    if line.shutout and rules.shutout == "plus100":
        base_bonus -= 100  # shown on the shutout line, with what it adds
    shutout = line.total - line.points - line.box_bonus - base_bonus
    return [line.hands_won, line.points,
            line.box_bonus if over else "", base_bonus if over else "",
            shutout if shutout else "", line.total]


def sheet_rows(state: GinState, rules: GinRules) -> tuple[list[str], list[list[Any]]]:
    """The sheet as plain data: the column titles (``Game 1 (over) Ann``, ..., ``Match Ben``)
    and one row per line of the sheet (``LABELS``), numbers as numbers."""
    titles = [f"{game_title(g)} {p}" for g in state.games for p in state.players]
    titles += [f"Match {p}" for p in state.players]
    cells = [_shares(line, g, rules) for g in state.games for line in g.standings]
    matched = [_match(state, i, rules) for i in range(len(state.players))]
    columns = cells + matched
    rows = [[label, *(c[n] for c in columns)] for n, label in enumerate(LABELS)]
    return ["", *titles], rows


def _match(state: GinState, seat: int, rules: GinRules) -> list[Any]:
    """A player's match column: each line summed over the three games (hands won: in the
    series, as G22's sum counts them)."""
    per_game = [_shares(g.standings[seat], g, rules) for g in state.games]
    summed: list[Any] = [state.standings[seat].hands_won]
    for n in range(1, len(LABELS)):
        values = [c[n] for c in per_game if c[n] != ""]
        summed.append(sum(values) if values else "")
    shutout = LABELS.index("Shutout")
    if summed[shutout] == 0:
        summed[shutout] = ""
    return summed


def sheet_text(state: GinState, rules: GinRules, width: int = WIDTH,
               ruled: bool = True) -> str:
    """The sheet for the terminal: a heading per game over a sub-column per player, within
    ``width`` columns when the names allow (they are shortened in the headings if not).
    ``ruled``: a rule under the headings and above the total (``plain`` has none)."""
    groups = [game_title(g) for g in state.games] + ["Match"]
    _, rows = sheet_rows(state, rules)
    shown = [[row[0], *(_cell(row[0], v) for v in row[1:])] for row in rows
             if any(v != "" for v in row[1:])]  # no bonus lines before a game is over
    if not any(g.over for g in state.games):
        shown = shown[:2]  # hands won and points: the total would repeat the points
    names = list(state.players)
    text = _draw(groups, names, shown, ruled)
    for size in range(max(map(display_width, names)) - 1, 2, -1):
        if _widest(text) <= width:
            break
        text = _draw(groups, shortened(names, size), shown, ruled)
    return text


def _cell(label: str, value: Any) -> str:
    if value == "":
        return ""
    return f"+{value}" if label == "Shutout" else str(value)


def _widest(text: str) -> int:
    return max(display_width(line) for line in text.splitlines())


def _draw(groups: Sequence[str], names: Sequence[str], rows: Sequence[Sequence[str]],
          ruled: bool = True) -> str:
    """Headings over pairs of right-aligned columns, a rule, the rows, the total under a
    line."""
    players = len(names)
    label_width = max(len(x) for x in LABELS)
    gaps = len(_GAP) * (players - 1)
    longest = max(len(g) for g in [*groups, "Game 3 (over)"])  # the same width all along
    width = max(4, *map(display_width, names), *(len(c) for r in rows for c in r[1:]),
                -(-(longest - gaps) // players))
    widths = [width] * (players * len(groups))  # one width: the sheet reads as a grid
    spans = [sum(widths[g * players:(g + 1) * players]) + len(_GAP) * (players - 1)
             for g in range(len(groups))]
    lines = [_GAP.join([" " * label_width, *(t.ljust(s) for t, s in zip(groups, spans))])]
    lines.append(_GAP.join([" " * label_width,
                            *(pad_to(n, w, right=True)
                              for n, w in zip(list(names) * len(groups), widths))]))
    if ruled:
        lines.append(_GAP.join(["-" * label_width, *("-" * w for w in widths)]))
    for row in rows:
        if ruled and row[0] == "Total":  # under a line, as on paper
            lines.append(_GAP.join([" " * label_width, *("-" * w for w in widths)]))
        lines.append(_GAP.join([row[0].ljust(label_width),
                                *(c.rjust(w) for c, w in zip(row[1:], widths))]))
    return "\n".join(line.rstrip() for line in lines)
