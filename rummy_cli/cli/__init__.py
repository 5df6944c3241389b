"""The ``rummy`` command: the only package that uses click. It parses, calls the rules core
and prints; every error a user can cause ends in ``shell`` as one line ``Error: ...``.

``shell`` is the group and its error boundary (``streams``: the guards on the standard
streams), ``options`` the options the commands share, ``parsing`` what they read and say
back alike. One module per group of commands: ``referee`` (check meld, table),
``dispute`` (check turn, a dispute file), ``solve`` (arrange, hint), ``new_game`` (new),
``scorekeeper`` (round), ``review`` (standings, history, undo), ``showdown`` (deadwood,
check knock; these four map their words to the game's referee through ``judges``),
``fix`` (fix, rename; ``fix_changes``), ``stats``, ``chart``, ``rules``, ``example`` (the
shipped samples), ``completion`` (the shell scripts). A game's own part comes from its
package through ``keepers`` (``entries``: the steps every game shares); ``prompts`` is the
asking loop at a terminal (``prompts.TerminalAsker``, through which each game asks its own
questions, the referee's turn too).
"""

from __future__ import annotations

from . import (  # noqa: F401  (each registers its commands)
    chart,
    completion,
    dispute,
    example,
    fix,
    new_game,
    referee,
    review,
    rules,
    scorekeeper,
    showdown,
    solve,
    stats,
)
from .shell import cli, main

__all__ = ["cli", "main"]
