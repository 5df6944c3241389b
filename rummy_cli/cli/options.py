"""The options of ``round`` and ``fix`` as the games take them: those the commands have, by
the key of their value, and the option words games declare as data, which this module adds
to both commands. Imported at start-up: small, and no typing protocols."""

from __future__ import annotations

import click

from ..games import GAMES

# the options of ``round`` and ``fix`` a game may take, by the key of their value here
OPTION_KEYS = {"--knock": "knock", "--stock-out": "stock_out", "--hand": "hands",
               "--points": "points", "--upcard": "upcard", "--dead": "dead",
               "--melds": "melds", "--big-gin": "big_gin", "--out": "out",
               "--pool-out": "pool_out", "--rack": "racks", "--first": "first"}
SHARED = ("--knock", "--hand", "--points")  # more than one game's: nobody's own


def option_keys() -> dict[str, str]:
    """Every option of ``round`` and ``fix`` a game may take, by the key of its value: those
    the commands have, and the new words games declare (see :func:`add_declared_options`)."""
    return {**OPTION_KEYS, **{o.flag: o.dest for game in GAMES for o in game.options
                              if o.flag not in OPTION_KEYS}}


def add_declared_options(command: click.Command) -> None:
    """Give ``command`` (``round`` or ``fix``) the option words the registered games declare
    that it does not have yet, and take away those no game declares any more."""
    declared = {o.flag: o for game in GAMES for o in game.options if o.flag not in OPTION_KEYS}
    kept = [p for p in command.params
            if not getattr(p, "declared", False) or p.opts[0] in declared]
    have = {name for p in kept for name in p.opts}
    at = next(i for i, p in enumerate(kept) if p.name in ("guided", "yes"))
    for flag, option in declared.items():
        if flag in have:
            continue
        made = click.Option([flag, option.dest], is_flag=option.kind == "flag",
                            multiple=option.kind == "pairs", metavar=option.metavar or None,
                            help=option.help)
        made.declared = True  # type: ignore[attr-defined]
        kept.insert(at, made)
    command.params[:] = kept
