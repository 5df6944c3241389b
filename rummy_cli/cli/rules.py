"""``rummy rules``: the rulebook shipped with rummy, with the figures in force.

Registered on the ``rummy`` group when ``rummy_cli.cli`` imports it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..games import PRESETS
from .shell import cli, json_option, ledger_option

if TYPE_CHECKING:
    from ..rulebook import AnyRules

GAMES = PRESETS  # the --game names, from the registry


def _rules_in_force(ledger: str | None) -> tuple[AnyRules | None, Path | None]:
    """The rules of the ledger named, or of the one found the usual way; else None.

    A ledger named with --ledger must load. One found by $RUMMY_LEDGER or in this folder
    is only a help: if it cannot be read, a warning says so and the book's figures serve.
    """
    from ..errors import RummyError
    from ..ledger import ledger_path, load

    path = ledger_path(ledger)
    if ledger is None and not path.exists():
        return None, None
    try:
        game, _ = load(path)
    except RummyError as exc:
        if ledger is not None:
            raise
        click.echo(f"Warning: {exc}; showing the book's figures", err=True)
        return None, None
    rules: AnyRules = game.rules
    return rules, path


def _books(game: str | None, ledger: str | None
           ) -> tuple[dict[str, tuple[AnyRules, str | None]], tuple[str, ...]]:
    """The rules each book is shown with (and the ledger they come from), and the books a
    word or the whole rulebook look in: --game's; else the ledger's game; else both."""
    from ..games.gin.rules import find_preset
    from ..rulebook import family, standard_rules

    rules, path = _rules_in_force(ledger)
    in_force: dict[str, tuple[AnyRules, str | None]] = {}
    if rules is not None:
        in_force[family(rules)] = (rules, str(path))
    if game is not None and game != "manipulation":
        held = in_force.get("gin")
        if held is None or standard_rules(held[0]).game != game:
            in_force["gin"] = (find_preset(game), None)
    if game is not None:
        return in_force, ("manipulation" if game == "manipulation" else "gin",)
    if rules is not None:
        return in_force, (family(rules),)
    return in_force, ("manipulation", "gin")


@cli.command("rules")
@click.argument("query", nargs=-1, metavar="[RULE | WORD]")
@click.option("--game", type=click.Choice(GAMES, case_sensitive=False), metavar="GAME",
              help="The game whose rules and figures to show: manipulation, or the Gin "
                   "games with the figures of gin, classic or oklahoma [default: the "
                   "ledger's game; with no ledger, both games].")
@click.option("--figures", "figures_only", is_flag=True,
              help="Only the figures (the names house rules use), with their values.")
@ledger_option
@json_option
def rules_cmd(query: tuple[str, ...], game: str | None, figures_only: bool,
              ledger: str | None, as_json: bool) -> None:
    """The rules rummy referees: all of them, one by id, or those that mention a word.

    Every rule has an id, R1 to R27 for Manipulation Rummy and G1 to G22 for the Gin games
    (Gin Rummy, Oklahoma Gin, Hollywood scoring), which rummy's messages cite. A case the
    rules leave open is settled by a decision, named after its rule: R17-D2 is the second
    under R17, G10-D1 the first under G10.

    Alone, or with a word, it shows the rules of one game: --game's, else that of the
    ledger (--ledger, $RUMMY_LEDGER or ./rummy-ledger.yaml); with neither, both games, each
    under its own heading. An id is found in its own game's rules whatever the game.
    Figures such as the knock limit are shown as in force in the ledger's game, house rules
    marked with '*'; a Gin game's figures are those of its preset (gin unless --game says
    classic or oklahoma).

    \b
    Examples:
      rummy rules                    (the rules of the ledger's game, or of both)
      rummy rules R14                (one rule, with its decisions)
      rummy rules G10-D1             (one decision)
      rummy rules R24-R27            (a range of rules)
      rummy rules joker              (every rule that mentions a joker)
      rummy rules undercut           (both games' rules on undercuts)
      rummy rules knock_limit        (the rules a figure sets)
      rummy rules --game oklahoma    (the Gin games, with Oklahoma's figures)
      rummy rules --figures --ledger friday.yaml
      rummy rules R14 --json
    """
    from ..rulebook import figures_parts, look_up, parts_json, render_parts

    in_force, scope = _books(game.lower() if game else None, ledger)
    parts = look_up(" ".join(query) if query else None, in_force, scope)
    if as_json:
        from .shell import _print_json

        doc = parts_json(parts)
        _print_json({k: v for k, v in doc.items() if k != "rules"} if figures_only else doc)
    elif figures_only:
        click.echo("\n".join(figures_parts(parts)
                             or [f"No rule figures in {' '.join(query)}."]))
    else:
        click.echo(render_parts(parts))
