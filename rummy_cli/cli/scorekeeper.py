"""The scorekeeper's ``round``: a round entered from options or asked at the table (``new``
is in ``new_game``; ``standings``, ``history`` and ``undo`` in ``review``)."""

from __future__ import annotations

from typing import Any

import click

from ..games import follow, said, said_by_each
from .options import (
    json_option,
    ledger_option,
)
from .parsing import _load, _read
from .shell import _RUN, cli


def _round_help() -> str:
    """The help of 'rummy round': each game's part in its own words, the first game's first."""
    return "\n\n".join([f"Record the end of a round and score it ({said('round rules')}).",
                         *said_by_each("round")])



@cli.command("round", help=_round_help())
@click.option("--guided", is_flag=True,
              help="Ask for what the options leave out (how the round ended, each hand not "
                   "given), then confirm; what they give is used, not asked.")
@click.option("--yes", "-y", is_flag=True,
              help="Guided entry: record without the final 'Record this round?'.")
@ledger_option
@json_option
def round_cmd(guided: bool, yes: bool, ledger: str | None, as_json: bool,
              **declared: Any) -> None:
    """Record a round (its help is ``_round_help``'s: each game's part in its own words)."""
    from ..games import default_preset
    from ..ledger import ledger_path
    from .keepers import RoundOptions, given_options, keeper_for, keeper_of, refuse_others

    _RUN.writes = True
    path = ledger_path(ledger)
    game = _load(path, quiet=True) if path.exists() else None
    keeper = keeper_of(game) if game is not None else keeper_for(default_preset())
    if game is None:  # no ledger: say so, not that another game's options do not fit it
        _read(path)
    opts: RoundOptions = {**declared, "guided": guided, "yes": yes}  # (the games' options)
    refuse_others(keeper, given_options(opts))
    del game  # the keeper reads the ledger again under the lock: let this reading go first
    keeper.record(path, opts, as_json)


def _help_again() -> None:
    """The help of 'round' says each game registered, a game registered later too."""
    round_cmd.help = _round_help()


follow(_help_again)
