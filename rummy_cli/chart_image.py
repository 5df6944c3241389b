"""The race as an image file (SVG or PNG, drawn by matplotlib) for ``rummy chart --output``.

matplotlib is imported inside the function that draws, so no command pays for it at
start-up; what the image shares with the terminal chart (titles, ticks, where lines run
together) is in :mod:`rummy_cli.chart`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from .chart import game_title, level_stretches, missing_library, race_result, title, x_ticks
from .race import Race
from .render import and_list, plural

_IMAGE_COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b")

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
        return race_result(race)
    best = max(race.points(p) for p in race.players)
    leaders = [p for p in race.players if race.points(p) == best]
    verb = "leads" if len(leaders) == 1 else "lead"
    return f"{and_list(leaders)} {verb} with {plural(best, 'point')}"


def write_image(race: Race, path: Path | IO[bytes], fmt: str) -> None:
    """Draw the race into an SVG or PNG file (``fmt``: 'svg' or 'png'): a path or an open
    binary file.

    The lines are the running totals; the target is a dashed line; once the game is over a
    dotted step after the last round leads to each player's total with the bonuses. Where
    lines run together they are drawn in turns of each one's colour. Under Hollywood: three
    panels, one race per game, over the same hands.
    """
    from .stopping import held_back

    # A stop (Ctrl-C) that came inside matplotlib's or numpy's imports, lazy ones in savefig
    # included, turns into an ImportError ("needs matplotlib") or a RuntimeError there: the
    # stop is held back while the image is drawn (a second) and acted on just after it.
    with held_back():
        _draw_image(race, path, fmt)


def _draw_image(race: Race, path: Path | IO[bytes], fmt: str) -> None:
    import logging
    import warnings

    # matplotlib's first use says "building the font cache" on stderr: one line is the rule
    logging.getLogger("matplotlib").setLevel(logging.ERROR)
    try:
        import matplotlib
        from matplotlib.figure import Figure
    except ImportError:
        raise missing_library("matplotlib", "an image of the chart") from None

    with matplotlib.rc_context({
            "svg.fonttype": "none",  # text stays text: names can be found and copied
            "svg.hashsalt": "rummy",  # the same game gives the same file
            "text.parse_math": False,  # a '$' in a name is a dollar sign
            # matplotlib's own font first; for names in other scripts, a font that the
            # computer may have (a missing one is skipped)
            "font.family": ["DejaVu Sans", *_FALLBACK_FONTS],
            "font.size": 11}), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # e.g. a name with a letter the font lacks
        colours = {p: _IMAGE_COLOURS[seat % len(_IMAGE_COLOURS)]
                   for seat, p in enumerate(race.players)}
        if race.games:
            fig = Figure(figsize=(8, 10), layout="constrained")
            axes = fig.subplots(len(race.games), 1, sharex=True)
            for ax, game in zip(axes, race.games):
                lines = _draw_race(ax, game, race.rounds, colours)
                ax.set_title(f"{game_title(game)}: {_standing(game)}")
                ax.label_outer()  # the hands are named once, under the last panel
            match = f"\n{race_result(race)} in all" if race.game_over else ""
            fig.suptitle(f"Hollywood: three races to {race.target}, after hand "
                         f"{race.rounds}{match}")
        else:
            fig = Figure(figsize=(8, 5), layout="constrained")
            ax = fig.add_subplot()
            lines = _draw_race(ax, race, race.rounds, colours)
            ax.set_title(f"{title(race)}\n{_standing(race)}")
        # names given as they are: a label starting with '_' would otherwise be left out
        one_row = sum(len(p) + 6 for p in race.players) <= 80  # long names: several rows
        fig.legend(lines, list(race.players), loc="outside lower center",
                   ncols=len(race.players) if one_row else 2, frameon=False)
        metadata = {"Date": None} if fmt == "svg" else {"Software": None}
        fig.savefig(path, format=fmt, metadata=metadata, dpi=150)


def _draw_race(ax: Any, race: Race, hands: int, colours: dict[str, str]) -> list[Any]:
    """One race on ``ax`` over rounds 0 to ``hands``; the players' lines (for the legend)."""
    xs = list(range(race.rounds + 1))
    # a game with bonuses: its final totals stand apart, after the last round
    bonuses = race.game_over and any(race.bonus(p) for p in race.players)
    end = race.rounds + max(1, round(hands / 15)) if bonuses or race.name else race.rounds
    dots = hands <= 30  # a dot per round, unless they would crowd
    highest = [race.target or 0, *(t for v in race.totals.values() for t in v),
               *race.final.values()]
    top = max(highest) * 1.08
    bottom = race.bottom * 1.08  # below 0 when a total went negative (Rummikub)
    lines = [ax.plot(xs, [0, *race.totals[player]], marker="o" if dots else None,
                     markersize=4, linewidth=2, color=colours[player])[0]
             for player in race.players]
    # lines closer than a line's width: dashes in turn, so that no line hides another
    for start, group in level_stretches(race, near=top * 0.012):
        for turn, player in enumerate(group):
            ax.plot([start, start + 1], [0, *race.totals[player]][start:start + 2],
                    linewidth=2, color=colours[player],
                    linestyle=(turn * 4, (4, 4 * (len(group) - 1))))
    if race.game_over:
        totals = [race.final[p] for p in race.players]
        heights = spread(totals, top * 0.05)
        for player, total, height in zip(race.players, totals, heights):
            if end != race.rounds:
                ax.plot([race.rounds, end], [race.points(player), total], linestyle=":",
                        color=colours[player], linewidth=1.5)
            ax.plot([end], [total], marker="*", markersize=11, color=colours[player])
            ax.annotate(f"{player} {total}", (end, total), xytext=(8, height),
                        textcoords=("offset points", "data"), va="center",
                        color=colours[player])
    if race.target is not None:
        ax.axhline(race.target, linestyle="--", color="0.35", linewidth=1)
        ax.annotate(f"target {race.target}", (0, race.target), xytext=(2, 3),
                    textcoords="offset points", va="bottom", color="0.35")
    elif bottom < 0:
        ax.axhline(0, color="0.35", linewidth=1)  # the totals go either side of 0
    ticks = x_ticks(hands, 12)
    labels = [str(t) for t in ticks]
    if bonuses and not race.name:
        ticks.append(end)
        labels.append("with\nbonuses")
    ax.set_xticks(ticks, labels)
    margin = max(end, hands, 1) * 0.02
    ax.set_xlim(-margin, max(end if race.game_over else race.rounds, hands) + margin)
    ax.set_ylim(bottom, max(top, 1))
    ax.set_xlabel(race.unit)
    ax.set_ylabel("points")
    ax.grid(axis="y", alpha=0.3)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    return lines
