"""How the race looks: a chart for the terminal (plotext) and an image file (matplotlib).

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
from pathlib import Path
from typing import IO

from .errors import RummyError
from .race import Race
from .render import and_list, plural

EXTRA_HINT = "pip install 'rummy-cli[chart]'"

# one colour per seat, the same in the terminal (256-colour codes) and in the image
_TERMINAL_COLOURS = (33, 208, 34, 160, 134)
_IMAGE_COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd")
_ASCII_FRAME = str.maketrans("─│┌┐└┘├┤┬┴┼", "-|+++++++++")
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


class ChartUnavailable(RummyError):
    """The plotting library a chart needs is not installed."""


def _missing(library: str, what: str) -> ChartUnavailable:
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
    """'The race to 150, after round 7'."""
    after = f", after {race.unit} {race.rounds}" if race.rounds else ""
    return f"The race to {race.target}{after}"


def bonus_note(race: Race) -> str | None:
    """Once the game is over: the totals with the bonuses, which the lines leave out."""
    if not race.game_over:
        return None
    ranked = sorted(race.players, key=lambda p: -race.final[p])
    totals = ", ".join(f"{p} {race.final[p]}" for p in ranked)
    return (f"Game over after {race.unit} {race.over_after}: {_result(race)}. With the bonuses "
            f"added at the end (not counted toward {race.target}): {totals}.")


def _result(race: Race) -> str:
    """'Dee wins with 345 points'."""
    verb = "wins" if len(race.winners) == 1 else "share the win"
    return f"{and_list(race.winners)} {verb} with {plural(race.final[race.winners[0]], 'point')}"


def _nice_step(raw: float) -> int:
    """The smallest of 1, 2, 5, 10, 20, 25, 50, 100, ... that is at least ``raw``."""
    magnitude = 10 ** math.floor(math.log10(raw)) if raw >= 1 else 1
    return max(1, int(next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)))


def y_ticks(top: int, target: int, count: int = 5) -> list[int]:
    """Round numbers of points for the y axis, up to ``top``, with the target among them.

    >>> y_ticks(170, 150), y_ticks(400, 150), y_ticks(1000, 150)
    ([0, 50, 100, 150], [0, 100, 150, 200, 300, 400], [0, 150, 400, 600, 800, 1000])
    """
    top = max(top, target, 1)
    step = _nice_step(top / count)
    ticks = [t for t in range(0, top + 1, step) if abs(t - target) * 2 >= step]
    return sorted([*ticks, target])


def x_ticks(rounds: int, most: int) -> list[int]:
    """Round numbers for the x axis: every round, or every 2nd, 5th, 10th... to show at most
    ``most`` of them.

    >>> x_ticks(7, 14), x_ticks(164, 14)
    ([0, 1, 2, 3, 4, 5, 6, 7], [0, 20, 40, 60, 80, 100, 120, 140, 160])
    """
    step = _nice_step(rounds / max(most - 1, 1))
    return list(range(0, rounds + 1, step))


def text_chart(race: Race, width: int, height: int, colour: bool, ascii_only: bool) -> str:
    """The race in ``width`` x ``height`` characters, then a legend and the bonus note.

    Each line starts at 0 before round 1. In colour each player has a colour; without, each
    line is drawn with the player's mark (:func:`marks`). ``ascii_only``: no box-drawing
    characters either.
    """
    try:
        import plotext as plt  # type: ignore[import-untyped]  # ships no type hints
    except ImportError:
        raise _missing("plotext", "the terminal chart") from None
    xs = list(range(race.rounds + 1))
    mark = marks(race.players, ascii_only)
    plt.clear_figure()
    try:
        plt.theme("pro" if colour else "clear")
        plt.plotsize(width, height)
        top = max([race.target, *(race.points(p) for p in race.players)])
        plt.ylim(0, top + max(1, top // 20))
        plt.yticks(y_ticks(top, race.target))
        for seat, player in enumerate(race.players):
            ys = [0, *race.totals[player]]
            plt.plot(xs, ys, marker="hd" if colour and not ascii_only else mark[player],
                     color=_TERMINAL_COLOURS[seat] if colour else None)
        target_colour = "gray" if colour else None
        plt.hline(race.target, target_colour)
        plt.text(f"target {race.target}", 0, race.target, color=target_colour,
                 alignment="left")
        plt.xticks(x_ticks(race.rounds, (width - 8) // 5))  # room for 4 digits and a space
        plt.xlabel(race.unit)
        plt.title(title(race))
        drawn = plt.build()
    finally:
        plt.clear_figure()
    if not colour:
        drawn = _ANSI.sub("", drawn)
    if ascii_only:
        drawn = drawn.translate(_ASCII_FRAME)
    lines = [line.rstrip() for line in drawn.splitlines()]
    lines += _legend(race, mark, colour and not ascii_only, colour, width)
    note = bonus_note(race)
    if note is not None:
        lines += textwrap.wrap(note, width)
    return "\n".join(lines)


def _legend(race: Race, mark: dict[str, str], bars: bool, colour: bool,
            width: int) -> list[str]:
    """'A Ann 96   B Ben 59': each name after its mark (``bars``: a piece of line), in its
    line's colour if ``colour``, in lines of at most ``width`` characters."""
    lines: list[str] = []
    shown = ""  # the current line, and its length on screen (without colour codes)
    length = 0
    for seat, player in enumerate(race.players):
        label = f"{player} {race.points(player)}"
        item = f"━━ {label}" if bars else f"{mark[player]} {label}"
        size = len(item)
        if colour:
            item = f"\x1b[38;5;{_TERMINAL_COLOURS[seat]}m{item}\x1b[0m"
        if length and length + 3 + size > width:
            lines.append(shown)
            shown, length = "", 0
        shown += ("   " if length else "") + item
        length += (3 if length else 0) + size
    return [*lines, shown]


IMAGE_FORMATS = ("svg", "png")
_FALLBACK_FONTS = ("Noto Sans CJK JP", "Noto Sans CJK SC", "Noto Sans", "Microsoft YaHei",
                   "Yu Gothic", "Malgun Gothic", "PingFang SC", "Hiragino Sans",
                   "Apple SD Gothic Neo", "Arial Unicode MS", "sans-serif")


def spread(values: Sequence[float], gap: float) -> list[float]:
    """Heights for labels beside ``values``: each as near its value as it can be, but at
    least ``gap`` above the label below it (so two close totals do not print over each other).

    >>> spread([84, 345, 85, 146], 10)
    [84, 345, 94, 146]
    """
    order = sorted(range(len(values)), key=lambda i: values[i])
    placed = list(values)
    for below, above in zip(order, order[1:]):
        placed[above] = max(values[above], placed[below] + gap)
    return placed


def _standing(race: Race) -> str:
    """'Dee wins with 345 points', or 'Kim leads with 36 points' during the game."""
    if race.game_over:
        return _result(race)
    best = max(race.points(p) for p in race.players)
    leaders = [p for p in race.players if race.points(p) == best]
    verb = "leads" if len(leaders) == 1 else "lead"
    return f"{and_list(leaders)} {verb} with {plural(best, 'point')}"


def write_image(race: Race, path: Path | IO[bytes], fmt: str) -> None:
    """Draw the race into an SVG or PNG file (``fmt``: 'svg' or 'png'): a path or an open
    binary file.

    The lines are the running totals; the target is a dashed line; once the game is over a
    dotted step after the last round leads to each player's total with the bonuses.
    """
    import logging
    import warnings

    # matplotlib's first use says "building the font cache" on stderr: one line is the rule
    logging.getLogger("matplotlib").setLevel(logging.ERROR)
    try:
        import matplotlib
        from matplotlib.figure import Figure
    except ImportError:
        raise _missing("matplotlib", "an image of the chart") from None

    xs = list(range(race.rounds + 1))
    end = race.rounds + max(1, round(race.rounds / 15))  # where the totals with bonuses stand
    dots = race.rounds <= 30  # a dot per round, unless they would crowd
    highest = [race.target, *(race.points(p) for p in race.players), *race.final.values()]
    top = max(highest) * 1.08
    with matplotlib.rc_context({
            "svg.fonttype": "none",  # text stays text: names can be found and copied
            "svg.hashsalt": "rummy",  # the same game gives the same file
            "text.parse_math": False,  # a '$' in a name is a dollar sign
            # matplotlib's own font first; for names in other scripts, a font that the
            # computer may have (a missing one is skipped)
            "font.family": ["DejaVu Sans", *_FALLBACK_FONTS],
            "font.size": 11}), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # e.g. a name with a letter the font lacks
        fig = Figure(figsize=(8, 5), layout="constrained")
        ax = fig.add_subplot()
        colours = {p: _IMAGE_COLOURS[seat % len(_IMAGE_COLOURS)]
                   for seat, p in enumerate(race.players)}
        lines = [ax.plot(xs, [0, *race.totals[player]], marker="o" if dots else None,
                         markersize=4, linewidth=2, color=colours[player])[0]
                 for player in race.players]
        if race.game_over:
            totals = [race.final[p] for p in race.players]
            heights = spread(totals, top * 0.05)
            for player, total, height in zip(race.players, totals, heights):
                ax.plot([race.rounds, end], [race.points(player), total], linestyle=":",
                        color=colours[player], linewidth=1.5)
                ax.plot([end], [total], marker="*", markersize=11, color=colours[player])
                ax.annotate(f"{player} {total}", (end, total), xytext=(8, height),
                            textcoords=("offset points", "data"), va="center",
                            color=colours[player])
        ax.axhline(race.target, linestyle="--", color="0.35", linewidth=1)
        ax.annotate(f"target {race.target}", (0, race.target), xytext=(2, 3),
                    textcoords="offset points", va="bottom", color="0.35")
        ticks = x_ticks(race.rounds, 12)
        labels = [str(t) for t in ticks]
        if race.game_over:
            ticks.append(end)
            labels.append("with\nbonuses")
        ax.set_xticks(ticks, labels)
        margin = max(end, 1) * 0.02
        ax.set_xlim(-margin, (end if race.game_over else race.rounds) + margin)
        ax.set_ylim(0, top)
        ax.set_xlabel(race.unit)
        ax.set_ylabel("points")
        ax.set_title(f"{title(race)}\n{_standing(race)}")
        ax.grid(axis="y", alpha=0.3)
        for side in ("top", "right"):
            ax.spines[side].set_visible(False)
        # names given as they are: a label starting with '_' would otherwise be left out
        one_row = sum(len(p) + 6 for p in race.players) <= 80  # long names: several rows
        fig.legend(lines, list(race.players), loc="outside lower center",
                   ncols=len(race.players) if one_row else 2, frameon=False)
        metadata = {"Date": None} if fmt == "svg" else {"Software": None}
        fig.savefig(path, format=fmt, metadata=metadata, dpi=150)
