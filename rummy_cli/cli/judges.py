"""What the referee's commands share: ``--game`` found among the games that offer the part
a command needs (``rummy_cli.games.referee``: melds, turns, solver, showdown), its help and
its refusals said from the registry, the options handed over as an ``Asked``, and the
``Said`` that comes back printed with its exit code (0 legal, 1 not)."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Sequence
from dataclasses import fields
from typing import TYPE_CHECKING, Any, NoReturn, cast

import click

from ..errors import OptionsError
from ..games import judging
from ..games import refereed_by as presets
from ..given import choices_said
from ..render import Style
from .options import F
from .parsing import _print_json
from .shell import _settle

if TYPE_CHECKING:
    from ..games.declared import Declared
    from ..games.referee import Asked, Said


def games_said(part: str) -> str:
    """The games that offer ``part``, as the help names them: 'manipulation, or gin,
    classic, oklahoma (ace low only, no jokers, one deck), or the tiles of rummikub, ...'."""
    return ", or ".join(g.refereed_as.format(", ".join(g.presets)) for g in judging(part))


def notes_said(part: str) -> str:
    """The presets that offer ``part``, each with its figures: 'gin (25/25, big gin 31),
    classic (gin 20, undercut 10), or oklahoma (the upcard sets the knock limit)'."""
    said = [f"{p} ({g.preset_notes[p]})" if p in g.preset_notes else p
            for g in judging(part) for p in g.presets]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + ", or " + said[-1]


class GameOption(click.Option):
    """``--game``, its help said from the registry each time it is shown (a game registered
    later is named too)."""

    def __init__(self, *args: Any, help_of: Callable[[], str], **kwargs: Any) -> None:
        self._help_of = help_of
        super().__init__(*args, **kwargs)

    @property
    def help(self) -> str:
        return self._help_of()

    @help.setter
    def help(self, given: str | None) -> None:
        pass


def game_option(part: str, help_of: Callable[[], str]) -> Callable[[F], F]:
    """``--game GAME`` for a command of ``part``: its default the registry's first game that
    offers it."""
    default = presets(part)[0]

    def decorate(f: F) -> F:
        return click.option("--game", cls=GameOption, help_of=help_of, default=default,
                            show_default=True, metavar="GAME")(f)
    return decorate


def found(part: str, game: str) -> Declared:
    """The game ``--game`` names among those that offer ``part``; another is refused as every
    value none of an option's choices is (naming them, and the one meant if one is close)."""
    from ..games import PRESETS
    from ..given import not_one_of

    name = game.strip().lower()
    for declared in judging(part):
        if name in declared.presets:
            return declared
    raise click.BadParameter(not_one_of(game, presets(part), elsewhere=PRESETS),
                             param_hint="'--game'")


def judge_of(declared: Declared, part: str) -> Any:
    """The module that provides ``part`` of ``declared``'s referee."""
    load = getattr(declared, part)
    return load()


def refusal(part: str, judge: Any, house_rules: Sequence[str], initial: bool) -> str:
    """Why --rule or --initial, given, are not taken with this game ('': they are), naming
    the games that take them."""
    given = [name for name, on in (("--rule", bool(house_rules)), ("--initial", initial))
             if on and name not in judge.TAKES]
    if not given:
        return ""
    takers = [p for g in judging(part) if set(given) <= judge_of(g, part).TAKES
              for p in g.presets]
    return (f"{' and '.join(given)} {'is' if len(given) == 1 else 'are'} taken with --game "
            f"{choices_said(takers)}")


def belongs(part: str, declared: Declared) -> Callable[[str], str | None]:
    """Where a rule ``declared`` does not know belongs, among the other games that offer
    ``part`` and take --rule: 'a Rummikub rule: add --game rummikub (or rummikub-xp)'."""
    def where(name: str) -> str | None:
        from ..games import preset_rules

        for other in judging(part):
            if other is declared or "--rule" not in judge_of(other, part).TAKES:
                continue
            if name in {f.name for f in fields(preset_rules(other.presets[0]))}:
                more = f" (or {', '.join(other.presets[1:])})" if other.presets[1:] else ""
                return f"a {other.title} rule: add --game {other.presets[0]}{more}"
        return None
    return where


def asked(part: str, declared: Declared, judge: Any, game: str, *,
          house_rules: tuple[str, ...] = (), decks: int | None = None,
          draws: int | None = None, initial: bool = False, by: str = "cards",
          as_json: bool, style: Style) -> Asked:
    """What the command was given, for ``declared``'s referee."""
    from ..games.referee import Asked

    takes = part in ("melds", "turns", "solver")  # (the parts that say what they take)
    return Asked(game=game, house_rules=house_rules, decks=decks, draws=draws, initial=initial,
                 by=by, as_json=as_json, style=style,
                 refusal=refusal(part, judge, house_rules, initial) if takes else "",
                 games=" or ".join(", ".join(g.presets) for g in judging(part)),
                 belongs=belongs(part, declared))


def refusals_said(f: F) -> F:
    """The command ``f``, an option refused by the game's referee (``OptionsError``) said as
    click says a misused option: with the command's ``--help`` to see."""
    @functools.wraps(f)
    def command(*args: Any, **kwargs: Any) -> Any:
        try:
            return f(*args, **kwargs)
        except OptionsError as exc:
            raise click.UsageError(str(exc)) from None
    return cast(F, command)


def say(said: Said, as_json: bool) -> NoReturn:
    """Print the referee's answer; exit 0 (legal) or 1 (not)."""
    code = _settle(0 if said.legal else 1)
    if as_json:
        _print_json(said.json)
    else:
        click.echo(said.text)
    sys.exit(code)
