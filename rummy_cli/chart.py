"""How the race looks: a chart for the terminal (plotext), and what the image file
(:mod:`rummy_cli.chart_image`, matplotlib) shares with it.

Only ``rummy chart`` calls this module, and each plotting library is imported inside the
function that draws with it, so no other command pays for it at start-up. The numbers come
from :func:`rummy_cli.race.race`; nothing here computes a score.

>>> marks(("Ann", "Ben", "Cy"), ascii_only=True)
{'Ann': 'A', 'Ben': 'B', 'Cy': 'C'}
>>> marks(("Ann", "Al", "Ben"), ascii_only=True)
{'Ann': '1', 'Al': '2', 'Ben': '3'}
>>> marks(("Ann", "Øy"), ascii_only=False), marks(("Ann", "李"), ascii_only=False)
({'Ann': 'A', 'Øy': 'Ø'}, {'Ann': '1', '李': '2'})
"""

from __future__ import annotations

import math
import re
import textwrap
from collections.abc import Sequence

from .errors import RummyError
from .race import Race
from .render import and_list, plural

EXTRA_HINT = "pip install 'rummy-cli[chart]'"

# one colour per seat, the same in the terminal (256-colour codes) and in the image; six,
# for Rummikub XP's six players
_TERMINAL_COLOURS = (33, 208, 34, 160, 134, 94)
_GREY = 8  # the target's line and label
_ASCII_FRAME = str.maketrans("─│┌┐└┘├┤┬┴┼", "-|+++++++++")
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


class ChartUnavailable(RummyError):
    """The plotting library a chart needs is not installed."""


def missing_library(library: str, what: str) -> ChartUnavailable:
    return ChartUnavailable(f"{what} needs {library}, which is not installed: "
                            f"{EXTRA_HINT} adds it")


def marks(players: Sequence[str], ascii_only: bool) -> dict[str, str]:
    """The character that draws each player's line without colour: the initial, if every
    player's differs and is a letter one column wide (plain ASCII when ``ascii_only``), else
    the seat number."""
    from unicodedata import east_asian_width

    initials = [p[0].upper() for p in players]
    usable = len({i.casefold() for i in initials}) == len(players) and all(
        i.isalpha() and (i.isascii() or not ascii_only) and east_asian_width(i) not in ("W", "F")
        for i in initials)
    return {p: (initials[n] if usable else str(n + 1)) for n, p in enumerate(players)}


def title(race: Race) -> str:
    """'The race to 150, after round 7'; 'The race, after round 2' with no target."""
    after = f", after {race.unit} {race.rounds}" if race.rounds else ""
    to = "" if race.target is None else f" to {race.target}"
    return f"The race{to}{after}"


def bonus_note(race: Race) -> str | None:
    """Once the game is over: the totals with the bonuses, which the lines leave out."""
    if not race.game_over:
        return None
    if all(race.final[p] == race.points(p) for p in race.players):  # no bonuses (Rummikub)
        return f"Game over after {race.unit} {race.over_after}: {race_result(race)}."
    ranked = sorted(race.players, key=lambda p: -race.final[p])
    totals = ", ".join(f"{p} {race.final[p]}" for p in ranked)
    return (f"Game over after {race.unit} {race.over_after}: {race_result(race)}. With the bonuses "
            f"added at the end (not counted toward {race.target}): {totals}.")


def race_result(race: Race) -> str:
    """'Dee wins with 345 points'."""
    verb = "wins" if len(race.winners) == 1 else "share the win"
    return f"{and_list(race.winners)} {verb} with {plural(race.final[race.winners[0]], 'point')}"


def _nice_step(raw: float) -> int:
    """The smallest of 1, 2, 5, 10, 20, 25, 50, 100, ... that is at least ``raw``."""
    magnitude = 10 ** math.floor(math.log10(raw)) if raw >= 1 else 1
    return max(1, int(next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)))


def y_ticks(top: int, target: int | None, count: int = 5, bottom: int = 0) -> list[int]:
    """Round numbers of points for the y axis, from ``bottom`` (0, or a total below it) up
    to ``top``, with the target among them if there is one.

    >>> y_ticks(170, 150), y_ticks(400, 150), y_ticks(1000, 150)
    ([0, 50, 100, 150], [0, 100, 150, 200, 300, 400], [0, 150, 400, 600, 800, 1000])
    >>> y_ticks(55, None, bottom=-41)
    [-40, -20, 0, 20, 40]
    """
    top = max(top, target or 0, 1)
    step = _nice_step((top - bottom) / count)
    start = math.ceil(bottom / step) * step
    ticks = [t for t in range(start, top + 1, step)
             if target is None or abs(t - target) * 2 >= step]
    return sorted([*ticks, *([] if target is None else [target])])


def x_ticks(rounds: int, most: int) -> list[int]:
    """Round numbers for the x axis: every round, or every 2nd, 5th, 10th... to show at most
    ``most`` of them.

    >>> x_ticks(7, 14), x_ticks(164, 14)
    ([0, 1, 2, 3, 4, 5, 6, 7], [0, 20, 40, 60, 80, 100, 120, 140, 160])
    """
    step = _nice_step(rounds / max(most - 1, 1))
    return list(range(0, rounds + 1, step))


LEVEL = "="  # draws where two or more lines run together, so that none hides another


def level_stretches(race: Race, near: float = 0) -> list[tuple[int, tuple[str, ...]]]:
    """Where lines run together: (the round a stretch starts from, the players on it), for
    every stretch from one round to the next that two or more players draw alike (points
    within ``near`` of each other before and after). The image draws these in turns of
    each player's colour; the terminal chart finds its own, cell by cell.

    >>> from .race import Race
    >>> r = Race(("A", "B", "C"), 100, {"A": (0, 5, 9), "B": (0, 5, 7), "C": (3, 6, 9)},
    ...          False, None, {}, ())
    >>> level_stretches(r), level_stretches(r, near=1)[-1]
    ([(0, ('A', 'B')), (1, ('A', 'B'))], (2, ('A', 'C')))
    """
    found = []
    for start in range(race.rounds):
        groups: list[list[str]] = []
        for p in race.players:
            here = (0, *race.totals[p])[start:start + 2]
            for group in groups:
                there = (0, *race.totals[group[0]])[start:start + 2]
                if all(abs(a - b) <= near for a, b in zip(here, there)):
                    group.append(p)
                    break
            else:
                groups.append([p])
        found += [(start, tuple(group)) for group in groups if len(group) > 1]
    return found


def together_note(groups: Sequence[tuple[str, ...]]) -> str | None:
    """The legend's words for :data:`LEVEL`: whose lines run together, or None.

    >>> together_note([("Ann", "Ben")]), together_note([])
    ('= Ann and Ben together', None)
    >>> together_note([("Ann", "Ben", "Dee"), ("Ben", "Cy")])
    '= two or more lines together'
    """
    if not groups:
        return None
    if len(groups) == 1:
        return f"{LEVEL} {and_list(groups[0])} together"
    return f"{LEVEL} two or more lines together"


def text_chart(race: Race, width: int, height: int, colour: bool, ascii_only: bool) -> str:
    """The race in ``width`` x ``height`` characters, then a legend and the bonus note.

    Each line starts at 0 before round 1. In colour each player has a colour; without, each
    line is drawn with the player's mark (:func:`marks`). ``ascii_only``: no box-drawing
    characters either. Where lines run together (a tie, or points too close for the
    terminal to tell apart) they are drawn with :data:`LEVEL` and the legend says whose.

    Under Hollywood: three panels, one per game, each against its own target, over the same
    hands; a game's lines stop at the hand that ended it (:func:`hollywood_chart`).
    """
    if race.games:
        return hollywood_chart(race, width, height, colour, ascii_only)
    mark = marks(race.players, ascii_only)
    lines, groups = _panel(race, race.rounds, title(race), width, height, colour, ascii_only,
                           mark)
    lines += _legend(race, mark, colour and not ascii_only, colour, width, groups)
    note = bonus_note(race)
    if note is not None:
        lines += textwrap.wrap(note, width)
    return "\n".join(lines)


def hollywood_chart(race: Race, width: int, height: int, colour: bool,
                    ascii_only: bool) -> str:
    """Hollywood's three races (G19-G21), one panel per game, then who won each finished one
    with its bonuses (G12-G13), and the match once all three are over (G22)."""
    mark = marks(race.players, ascii_only)
    tall = max(12, height * 3 // 4)  # the three panels run down the screen
    lines = textwrap.wrap(f"Hollywood: three races to {race.target}, after hand "
                          f"{race.rounds}", width)
    groups: list[tuple[str, ...]] = []
    for game in race.games:
        drawn, found = _panel(game, race.rounds, game_title(game), width, tall, colour,
                              ascii_only, mark, ticks=(tall - 5) // 2)
        lines += ["", *drawn]
        groups += [g for g in found if g not in groups]
    lines += _legend(race, mark, colour and not ascii_only, colour, width, groups,
                     points=False)
    for game in race.games:
        if game.game_over:
            lines += textwrap.wrap(_game_note(game), width)
    if race.game_over:
        lines += textwrap.wrap(f"All three games are over: {race_result(race)} in all.", width)
    return "\n".join(lines)


def game_title(game: Race) -> str:
    """'Game 1 (over after hand 5), to 100'."""
    over = f" (over after {game.unit} {game.over_after})" if game.game_over else ""
    return f"{game.name}{over}, to {game.target}"


def _game_note(game: Race) -> str:
    """'Game 1: Ann wins, 299 to 90 with the bonuses (not counted toward 100).'"""
    ranked = sorted(game.players, key=lambda p: -game.final[p])
    totals = " to ".join(str(game.final[p]) for p in ranked)
    return (f"{game.name}: {and_list(game.winners)} wins, {totals} with the bonuses (not "
            f"counted toward {game.target}).")


def _panel(race: Race, hands: int, heading: str, width: int, height: int, colour: bool,
           ascii_only: bool, mark: dict[str, str], ticks: int = 5
           ) -> tuple[list[str], list[tuple[str, ...]]]:
    """One race drawn over rounds 0 to ``hands`` (a finished race's lines stop at its end),
    with about ``ticks`` marks of points on the y axis; and whose lines run together.

    The frame and each player's line are drawn apart, then laid over each other cell by
    cell: a cell of one player's line shows that line (in its colour); a stretch of
    cells that two or more lines share shows :data:`LEVEL` (where lines only cross, the
    line drawn last shows).
    """
    try:
        import plotext as plt  # type: ignore[import-untyped]  # ships no type hints
    except ImportError:
        raise missing_library("plotext", "the terminal chart") from None
    top = max([race.target or 0, *(race.points(p) for p in race.players)])
    low = race.bottom  # below 0 when a total went negative (Rummikub)
    xs = list(range(race.rounds + 1))

    def drawn(player: str | None) -> list[str]:
        try:  # on a clear figure: cleared before the first, and after each
            plt.theme("clear")
            plt.limitsize(False, False)  # the size asked, not the terminal's (0 on a new pty)
            plt.plotsize(width, height)
            pad = max(1, (top - low) // 20)
            plt.ylim(low - (pad if low < 0 else 0), top + pad)
            plt.xlim(0, max(hands, 1))
            plt.yticks(y_ticks(top, race.target, ticks, low))
            if player is not None:
                plt.plot(xs, [0, *race.totals[player]],
                         marker="hd" if colour and not ascii_only else mark[player])
            if race.target is not None:
                plt.hline(race.target)
                plt.text(f"target {race.target}", 0, race.target, alignment="left")
            else:  # no target: a line at 0 when totals go below it
                if low < 0:
                    plt.hline(0)
                plt.text(" ", 0, 0, alignment="left")  # so that the frame has its x axis
            plt.xticks(x_ticks(hands, (width - 8) // 5))  # room for 4 digits and a space
            plt.xlabel(race.unit)
            plt.title(heading)
            text = _ANSI.sub("", plt.build())
        finally:
            plt.clear_figure()
        if ascii_only:
            text = text.translate(_ASCII_FRAME)
        return text.splitlines()

    plt.clear_figure()
    frame = drawn(None)
    lines = {p: drawn(p) for p in race.players}
    label = f"target {race.target}"
    row = next((n for n, x in enumerate(frame) if label in x), None)
    grey = (row, frame[row].index(label)) if colour and row is not None else None
    return _overlay(frame, lines, race.players, colour, grey)


def _overlay(frame: list[str], lines: dict[str, list[str]], players: Sequence[str],
             colour: bool, grey: tuple[int, int] | None = None
             ) -> tuple[list[str], list[tuple[str, ...]]]:
    """The frame with each player's line laid on it (see :func:`_panel`), and the groups of
    players whose lines run together, in the order they are first met (left to right).
    ``grey``: the row and column where the target's label starts: from there to the frame,
    the label and the target's line are drawn in grey.

    >>> frame = ["|     |"]
    >>> rows, groups = _overlay(frame, {"A": ["|AAA  |"], "B": ["|  BBB|"]}, "AB", False)
    >>> rows, groups
    (['|AABBB|'], [])
    >>> _overlay(frame, {"A": ["|AAAAA|"], "B": ["|  BBB|"]}, "AB", False)
    (['|AA===|'], [('A', 'B')])
    """
    size = max((len(x) for x in [*frame, *(y for v in lines.values() for y in v)]), default=0)
    grid = [row.ljust(size) for row in frame]
    over = {p: [row.ljust(size) for row in lines[p]] for p in players}
    out: list[str] = []
    first: dict[tuple[str, ...], int] = {}  # each group, and the column it is first met at
    for r, row in enumerate(grid):
        who = [tuple(p for p in players if over[p][r][c] != row[c]) for c in range(size)]
        cells: list[tuple[str, int | None]] = []
        for c, here in enumerate(who):
            if len(here) > 1 and _run(who, c) >= _TOGETHER:
                cells.append((LEVEL, None))
                first[here] = min(first.get(here, c), c)
            elif here:
                cells.append((over[here[-1]][r][c], _TERMINAL_COLOURS[players.index(here[-1])]))
            elif grey and r == grey[0] and grey[1] <= c < len(row.rstrip()) - 1:
                cells.append((row[c], _GREY))
            else:
                cells.append((row[c], None))
        out.append(_painted(cells, colour).rstrip())
    return out, sorted(first, key=lambda g: first[g])


def _painted(cells: Sequence[tuple[str, int | None]], colour: bool) -> str:
    """A row of (character, colour code or None), each run of one colour painted once."""
    out = []
    for n, (ch, code) in enumerate(cells):
        before = cells[n - 1][1] if n else None
        after = cells[n + 1][1] if n + 1 < len(cells) else None
        if colour and code is not None and code != before:
            out.append(f"\x1b[38;5;{code}m")
        out.append(ch)
        if colour and code is not None and code != after:
            out.append("\x1b[0m")
    return "".join(out)


_TOGETHER = 3  # shared cells in a row that make lines run together; fewer: they cross


def _run(row: Sequence[tuple[str, ...]], at: int) -> int:
    """How many cells in a row, around ``at``, hold the same players as ``at``."""
    start = end = at
    while start > 0 and row[start - 1] == row[at]:
        start -= 1
    while end + 1 < len(row) and row[end + 1] == row[at]:
        end += 1
    return end - start + 1


def _legend(race: Race, mark: dict[str, str], bars: bool, colour: bool, width: int,
            together: Sequence[tuple[str, ...]] = (), points: bool = True) -> list[str]:
    """'A Ann 96   B Ben 59': each name after its mark (``bars``: a piece of line), in its
    line's colour if ``colour``, in lines of at most ``width`` characters; then whose lines
    run ``together`` (:data:`LEVEL`), if any. ``points``: the points after each name."""
    items: list[tuple[str, int | None]] = []
    for seat, player in enumerate(race.players):
        label = f"{player} {race.points(player)}" if points else player
        items.append((f"━━ {label}" if bars else f"{mark[player]} {label}",
                      _TERMINAL_COLOURS[seat] if colour else None))
    level = together_note(together)
    if level is not None:
        items.append((level, None))
    lines: list[str] = []
    shown = ""  # the current line, and its length on screen (without colour codes)
    length = 0
    for item, code in items:
        if len(item) > width:  # a long list of players together: lines of its own
            lines += [shown] if length else []
            wrapped = textwrap.wrap(item, width)
            lines += wrapped[:-1]
            shown, length = wrapped[-1], len(wrapped[-1])
            continue
        size = len(item)
        if code is not None:
            item = f"\x1b[38;5;{code}m{item}\x1b[0m"
        if length and length + 3 + size > width:
            lines.append(shown)
            shown, length = "", 0
        shown += ("   " if length else "") + item
        length += (3 if length else 0) + size
    return [*lines, shown]
