"""``rummy chart``: the race to the target, drawn in the terminal or into an image file.

Registered on the ``rummy`` group when ``rummy_cli.cli`` imports it. Nothing heavy is imported
here: the plotting libraries are imported by :mod:`rummy_cli.chart` when a chart is drawn.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..errors import LedgerError, RummyError, UnusableInputError
from .options import game_option, ledger_option
from .parsing import _print_json, _read
from .shell import _RUN, cli

if TYPE_CHECKING:
    from ..race import Race

_MIN_WIDTH, _MAX_WIDTH = 40, 100
_MIN_HEIGHT, _MAX_HEIGHT = 12, 24


def _output_path(text: str) -> tuple[Path, str]:
    """The image file to write and its format, from its suffix; refuses what cannot work."""
    from ..chart_image import IMAGE_FORMATS

    if not text.strip():
        raise UnusableInputError("--output is empty: name the image file, e.g. --output "
                                 "race.svg")
    path = Path(text)
    fmt = path.suffix.lower().lstrip(".")
    if fmt not in IMAGE_FORMATS:
        kind = f"not {path.suffix!r}" if path.suffix else "and this name has no suffix"
        raise UnusableInputError(f"{text}: an image of the chart is an .svg or .png file, "
                                 f"{kind}; e.g. --output race.svg")
    try:
        if path.is_dir():
            raise UnusableInputError(f"{text}: is a folder; name an image file inside it, "
                                     f"e.g. --output {path / ('race.' + fmt)}")
        folder = path.parent
        if folder.exists() and not folder.is_dir():
            raise UnusableInputError(f"{text}: {str(folder)!r} is a file, not a folder")
        if not folder.is_dir():
            raise UnusableInputError(f"{text}: there is no folder {str(folder)!r} to write "
                                     "the image in; create it first, or choose another "
                                     "--output")
    except OSError as exc:  # a folder on the way that cannot be entered, a name too long
        from ..ledger import path_problem

        raise path_problem(text, exc) from None
    return path, fmt


def _write_image(the_race: Race, output: str, fmt: str, ledger: Path) -> str:
    """Draw the race into the image file ``--output`` names (never over the ledger)."""
    from ..outfile import IMAGES, write_output

    if not the_race.rounds:
        raise RummyError(f"no rounds recorded yet: there is no race to draw into "
                         f"{output}; record a round first")
    from ..chart_image import write_image

    try:
        with _matplotlib_config_dir():
            write_output(output, IMAGES[fmt], lambda out: write_image(the_race, out, fmt),
                         ledger, _RUN.written(f"the chart is written to {output}"))
    except OSError as exc:
        raise LedgerError(f"{output}: cannot write the image: "
                          f"{exc.strerror or exc}") from None
    return output


@contextlib.contextmanager
def _matplotlib_config_dir() -> Iterator[None]:
    """Point matplotlib's cache at a folder of rummy's own, unless the user chose one.

    matplotlib keeps a font cache under the user's home; rummy writes only what it is
    asked to, so the cache goes to a folder of its own in the temp folder (one per user,
    made private; a fresh one if that is not so).
    """
    if os.environ.get("MPLCONFIGDIR") or "matplotlib" in sys.modules:
        yield
        return
    import tempfile

    uid = os.getuid() if hasattr(os, "getuid") else None
    folder = Path(tempfile.gettempdir()) / f"rummy-{uid if uid is not None else 'cache'}"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        found = os.lstat(folder)
        if not stat.S_ISDIR(found.st_mode) or found.st_mode & 0o077 or (
                uid is not None and found.st_uid != uid):
            raise OSError("not a private folder of this user")
    except OSError:
        folder = Path(tempfile.mkdtemp(prefix="rummy-"))
    os.environ["MPLCONFIGDIR"] = str(folder / "matplotlib")
    try:
        yield
    finally:
        del os.environ["MPLCONFIGDIR"]


def _stdout_takes(text: str) -> bool:
    """Can standard output show these characters (box-drawing lines, say)?"""
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _terminal_chart_style(ascii_only: bool) -> tuple[bool, bool]:
    """(colour, plain characters): colour only on a colour terminal without NO_COLOR;
    plain characters with --ascii, or where the output cannot show box-drawing lines."""
    root = click.get_current_context().find_root()
    ascii_only = ascii_only or bool(root.meta.get("rummy.ascii", False))
    out = sys.stdout  # None when rummy was started with stdout closed
    tty = out is not None and out.isatty() and os.environ.get("TERM") != "dumb"
    colour = tty and not ascii_only and not os.environ.get("NO_COLOR")
    return colour, ascii_only or not _stdout_takes("─│┌┐└┘├┤┬┴━")


def _race_json(race: Race) -> dict[str, object]:
    """The race as data: the running totals after each round, and the end of the game."""
    from ..race import games_data

    doc: dict[str, object] = {
        "players": list(race.players), "target": race.target, "rounds": race.rounds,
        "totals": {p: list(v) for p, v in race.totals.items()},
        "game_over": race.game_over, "over_after": race.over_after,
        "final": dict(race.final) if race.game_over else None,
        "winners": list(race.winners)}
    if race.games:  # Hollywood: each game's own race (Game 1-3)
        doc["games"] = games_data(race)
    return doc


@cli.command("chart")
@click.option("--output", "-o", "output", metavar="FILE",
              help="Write the chart to an image file instead: FILE ends in .svg or .png, "
                   "and is new or an image of that kind (one to replace).")
@click.option("--ascii", "ascii_only", is_flag=True,
              help="Plain characters only: no colour, no box-drawing lines.")
@ledger_option
@game_option
@click.option("--json", "as_json", is_flag=True,
              help="Print the running totals, the target and the final totals as JSON.")
def chart(output: str | None, ascii_only: bool, ledger: str | None, number: int | None,
          as_json: bool) -> None:
    """The race: each player's running total, round by round, against the target.

    In the terminal each player's line has its own colour; without colour (NO_COLOR set,
    output piped, or --ascii) each line is drawn with the player's initial. Once the game is
    over, the totals with the bonuses follow the chart: they do not count toward the target.
    Where lines run together (a tie), they are drawn with '=' and the legend says whose.

    A Hollywood match is three races, one per game (Game 1, 2, 3), each against its own
    target; a game's lines stop at the hand that ended it. A Rummikub game's totals go
    either side of 0; its target's line is drawn only when the game has one.

    --output writes an image to share (SVG or PNG) with the final totals marked. Images need
    matplotlib, an optional extra:

    \b
      pip install 'rummy-cli[chart]'

    \b
    Examples:
      rummy example friday-night > night.yaml    # a whole game, to try
      rummy chart --ledger night.yaml
      rummy chart --ascii --ledger night.yaml    # plain characters, e.g. to paste
      rummy chart --output race.svg --ledger night.yaml    # or race.png
      rummy chart --json --ledger night.yaml     # the running totals as data
      rummy example gin-night > gin.yaml         # Gin, then Oklahoma
      rummy chart --game-number 1 --ledger gin.yaml    # the ledger's first game
    """
    from ..ledger import ledger_path
    from ..race import race

    target = _output_path(output) if output is not None else None
    path = ledger_path(ledger)
    game = _read(path).game(number)
    the_race = race(game)
    if target is not None:
        written = _write_image(the_race, output or "", target[1], path)
        if not as_json:
            click.echo(f"Wrote the race after {the_race.unit} {the_race.rounds} to "
                       f"{written}.")
            return
    if as_json:
        _print_json({**_race_json(the_race), **({"output": output} if target else {})})
        return
    if not the_race.rounds:
        to = "" if the_race.target is None else f" to {the_race.target}"
        click.echo(f"No rounds recorded yet: the race{to} starts after round 1.")
        return
    import shutil  # not at start-up: it brings bz2, lzma and zlib

    from ..chart import text_chart

    colour, plain = _terminal_chart_style(ascii_only)
    columns, lines = shutil.get_terminal_size((80, 24))
    columns, lines = columns or 80, lines or 24  # a new pseudo-terminal says 0 x 0
    width = max(_MIN_WIDTH, min(columns - 1, _MAX_WIDTH))
    height = max(_MIN_HEIGHT, min(lines - 6, _MAX_HEIGHT))
    click.echo(text_chart(the_race, width, height, colour=colour, ascii_only=plain),
               color=colour)
