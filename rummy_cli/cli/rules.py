"""``rummy rules``: the rulebook shipped with rummy, with the figures in force.

Registered on the ``rummy`` group when ``rummy_cli.cli`` imports it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import click

from ..games import PRESETS
from .options import OneOf, json_option, ledger_option, worded
from .shell import cli, one_line

if TYPE_CHECKING:
    from ..rulebook import AnyRules

GAMES = PRESETS  # the --game names, from the registry


def _card_books() -> tuple[str, ...]:
    """The books shown when neither --game nor a ledger says which game: those of the games
    that say so (the card games', as before Rummikub came); a word they do not have is
    looked up in the other books next."""
    from ..games import GAMES

    return tuple(g.package for g in GAMES if g.in_card_books)


def _rules_in_force(ledger: str | None
                    ) -> tuple[AnyRules | None, Path | None, int]:
    """The rules of the ledger named, or of the one found the usual way, and its number of
    players; else None.

    A ledger named with --ledger must load. One found by $RUMMY_LEDGER or in this folder
    is only a help: if it cannot be read, a warning says so and the book's figures serve.
    """
    from ..errors import RummyError
    from ..ledger import ledger_path, load

    path = ledger_path(ledger)
    if ledger is None and not path.exists():
        return None, None, 0
    try:
        game, _ = load(path)
    except RummyError as exc:
        if ledger is not None:
            raise
        click.echo(f"Warning: {one_line(str(exc))}; showing the book's figures", err=True)
        return None, None, 0
    rules: AnyRules = game.rules
    return rules, path, len(game.players)


class Books(NamedTuple):
    """Where a look-up looks: the rules each book is shown with (and the ledger they come
    from), what a ledger's figures are measured against, the books a word or the whole
    rulebook look in, and those a word found in none of them looks in next."""

    in_force: dict[str, tuple[AnyRules, str | None]]
    standards: dict[str, AnyRules]
    scope: tuple[str, ...]
    also: tuple[str, ...]


def _books(game: str | None, ledger: str | None) -> Books:
    """--game's book; else the ledger's game's; else the card games', then the others."""
    from ..rulebook import book_games, family, load_rulebook, preset, standard_rules

    rules, path, players = _rules_in_force(ledger)
    in_force: dict[str, tuple[AnyRules, str | None]] = {}
    standards: dict[str, AnyRules] = {}
    if rules is not None:
        in_force[family(rules)] = (rules, str(path))
        standards[family(rules)] = standard_rules(rules, players)
    if game is not None:
        book = load_rulebook(game).game
        held = in_force.get(book)
        if held is None or standard_rules(held[0]).game != preset(game).game:
            in_force[book] = (preset(game), None)
            standards.pop(book, None)
        return Books(in_force, standards, (book,), ())
    if rules is not None:
        return Books(in_force, standards, (family(rules),), ())
    cards = _card_books()
    others = tuple(g for g in book_games() if g not in cards)
    return Books(in_force, standards, cards, others)


@cli.command("rules")
@click.argument("query", nargs=-1, metavar="[RULE | WORD]")
@click.option("--game", type=OneOf(GAMES, case_sensitive=False), metavar="GAME",
              help="The game whose rules and figures to show: manipulation; the Gin games "
                   "with the figures of gin, classic or oklahoma; Rummikub with those of "
                   "rummikub, rummikub-strict or rummikub-xp [default: the ledger's game; "
                   "with no ledger, the card games].")
@click.option("--figures", "figures_only", is_flag=True,
              help="Only the figures (the names house rules use), with their values.")
@ledger_option
@json_option
@worded(ids="rules ids,")
def rules_cmd(query: tuple[str, ...], game: str | None, figures_only: bool,
              ledger: str | None, as_json: bool) -> None:
    """The rules rummy referees: all of them, one by id, or those that mention a word.

    Every rule has an id, which rummy's messages cite: {ids}. A case the rules leave
    open is settled by a decision, named after its rule:
    R17-D2 is the second under R17, G10-D1 the first under G10.

    Alone, or with a word, it shows the rules of one game: --game's, else that of the
    ledger (--ledger, $RUMMY_LEDGER or ./rummy-ledger.yaml); with neither, the two card
    games, each under its own heading (a word they never use is looked up in Rummikub's
    rules too); a word that other games' rules use too ends with a line saying where. An
    id is found in its own game's rules whatever the game. Figures such as the knock limit
    are shown as in force in the ledger's game, house rules marked with '*'; a Gin or
    Rummikub game's figures are those of its preset (gin or rummikub unless --game names
    another).

    \b
    Examples:
      rummy rules                    # the ledger's game, or the card games
      rummy rules R14                # one rule, with its decisions
      rummy rules G10-D1             # one decision
      rummy rules K14                # a Rummikub rule: freeing a joker
      rummy rules R24-R27            # a range of rules
      rummy rules joker              # every rule that mentions a joker
      rummy rules undercut           # both card games' rules on undercuts
      rummy rules knock_limit        # the rules a figure sets
      rummy rules joker --game rummikub
      rummy rules --game oklahoma    # the Gin games, with Oklahoma's figures
      rummy rules --figures --game rummikub-xp
      rummy rules R14 --json
      rummy example friday-night > night.yaml    # a whole game, to try
      rummy rules --figures --ledger night.yaml
    """
    from ..rulebook import also_in, book_games, look_up
    from ..rulebook_text import also_lines, figures_parts, parts_json, render_parts

    books = _books(game.lower() if game else None, ledger)
    text = " ".join(query) if query else None
    parts = look_up(text, books.in_force, books.scope, books.also, books.standards)
    if as_json:
        from .parsing import _print_json

        doc = parts_json(parts)
        _print_json({k: v for k, v in doc.items() if k != "rules"} if figures_only else doc)
    elif figures_only:
        click.echo("\n".join(figures_parts(parts)
                             or [f"No rule figures in {' '.join(query)}."]))
    else:
        click.echo(render_parts(parts))
        if game is None:  # a word the other games' books use too: say where to look
            shown = {p.book.game for p in parts}
            also = also_in(text, tuple(g for g in book_games() if g not in shown))
            if also:
                click.echo("\n" + "\n".join(also_lines(also, text or "")))
