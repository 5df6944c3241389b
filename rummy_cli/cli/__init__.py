"""The ``rummy`` command: the only package that uses click. It parses, calls the rules core
and prints; every error a user can cause ends in ``shell`` as one line ``Error: ...``.

One module per group of commands: ``referee`` (check, arrange, hint), ``scorekeeper`` (new,
round, standings, history, undo: a game's own part from its package, or ``keep_<game>``),
``showdown`` (deadwood, check knock), ``fix`` (fix, rename), ``stats``, ``chart``,
``rules``, ``example`` (the shipped samples), ``completion`` (the shell scripts);
``prompts`` asks at a terminal (``fix_questions``: a round asked again for ``fix``).
"""

from __future__ import annotations

from . import (  # noqa: F401  (each registers its commands)
    chart,
    completion,
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
