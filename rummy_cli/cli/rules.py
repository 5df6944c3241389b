"""``rummy rules``: the rulebook shipped with rummy, with the figures in force.

Registered on the ``rummy`` group by the import at the end of ``cli.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from .shell import cli, json_option, ledger_option

if TYPE_CHECKING:
    from ..games.manipulation.rules import Rules


def _rules_in_force(ledger: str | None) -> tuple[Rules, Path | None]:
    """The rules of the ledger named, or of the one found the usual way; else the book's.

    A ledger named with --ledger must load. One found by $RUMMY_LEDGER or in this folder
    is only a help: if it cannot be read, a warning says so and the book's figures serve.
    """
    from ..errors import RummyError
    from ..games.manipulation.rules import MANIPULATION_RUMMY
    from ..ledger import ledger_path, load

    path = ledger_path(ledger)
    if ledger is None and not path.exists():
        return MANIPULATION_RUMMY, None
    try:
        game, _ = load(path)
    except RummyError as exc:
        if ledger is not None:
            raise
        click.echo(f"Warning: {exc}; showing the book's figures", err=True)
        return MANIPULATION_RUMMY, None
    return game.rules, path


@cli.command("rules")
@click.argument("query", nargs=-1, metavar="[RULE | WORD]")
@click.option("--figures", "figures_only", is_flag=True,
              help="Only the figures (the names house rules use), with their values.")
@ledger_option
@json_option
def rules_cmd(query: tuple[str, ...], figures_only: bool, ledger: str | None,
              as_json: bool) -> None:
    """The rules rummy referees: all of them, one by id, or those that mention a word.

    Every rule has an id, R1 to R27, which rummy's messages cite. A case the rules leave
    open is settled by a decision, named after its rule: R17-D2 is the second under R17.
    Figures such as the knock limit are shown as in force in the game of the ledger
    (--ledger, $RUMMY_LEDGER or ./rummy-ledger.yaml), house rules marked with '*'.

    \b
    Examples:
      rummy rules                    (the whole rulebook)
      rummy rules R14                (one rule, with its decisions)
      rummy rules R17-D2             (one decision)
      rummy rules R24-R27            (a range of rules)
      rummy rules joker              (every rule that mentions a joker)
      rummy rules knock_limit        (the rules a figure sets)
      rummy rules --figures --ledger friday.yaml
      rummy rules R14 --json
    """
    from ..rulebook import figures_text, load_rulebook, render, select, to_json

    rules, path = _rules_in_force(ledger)
    where = None if path is None else str(path)
    book = load_rulebook()
    selection = select(book, " ".join(query) if query else None, rules)
    if as_json:
        from .shell import _print_json

        doc = to_json(book, selection, rules, where)
        _print_json({k: v for k, v in doc.items() if k != "rules"} if figures_only else doc)
    elif figures_only:
        click.echo("\n".join(figures_text(book, selection.figures, rules, where)
                             or [f"No rule figures in {' '.join(query)}."]))
    else:
        click.echo(render(book, selection, rules, where))
