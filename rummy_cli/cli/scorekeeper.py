"""The scorekeeper's ``round``: a round entered from options or asked at the table (``new``
is in ``new_game``; ``standings``, ``history`` and ``undo`` in ``review``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import click

if TYPE_CHECKING:

    pass
from .options import (
    _complete_players,
    json_option,
    ledger_option,
)
from .parsing import _load, _read
from .shell import _RUN, cli


@cli.command("round")
@click.option("--knock", multiple=True, metavar="NAME", shell_complete=_complete_players,
              help="Who knocked (R17).")
@click.option("--stock-out", is_flag=True, help="The stock ran out; nobody knocked (R18).")
@click.option("--hand", "hands", multiple=True, metavar="NAME=CARDS",
              shell_complete=_complete_players,
              help="Cards left in a player's hand, e.g. --hand \"Ann=3C 2D\" ('Ann=' for none). "
                   "Repeat per player.")
@click.option("--points", "points", multiple=True, metavar="NAME=N",
              shell_complete=_complete_players,
              help="A hand's total instead of its cards, e.g. --points Ann=12.")
@click.option("--upcard", metavar="CARD",
              help="Gin: the hand's first upcard (Oklahoma: it sets the knock limit, G16).")
@click.option("--dead", is_flag=True, help="Gin: a dead hand; nobody scores (G8).")
@click.option("--melds", multiple=True, metavar="NAME=TABLE", shell_complete=_complete_players,
              help="Gin: the knocker's layout as laid down, e.g. --melds \"Ann=2H 3H 4H / "
                   "7C 7D 7S\" (without it, a layout of the least deadwood is assumed "
                   "and shown).")
@click.option("--big-gin", is_flag=True,
              help="Gin, deadwood entered: the knocker melded all 11 cards (G7).")
@click.option("--out", "out", multiple=True, metavar="NAME", shell_complete=_complete_players,
              help="Rummikub: who played their last tile (K17).")
@click.option("--pool-out", is_flag=True,
              help="Rummikub: the pool ran out and nobody went out (K18).")
@click.option("--rack", "racks", multiple=True, metavar="NAME=TILES",
              shell_complete=_complete_players,
              help="Rummikub: the tiles left in a rack, e.g. --rack \"Ben=JK 5R 12B\" "
                   "(--points for its worth). Repeat per player.")
@click.option("--first", metavar="NAME", shell_complete=_complete_players,
              help="Rummikub: who played first this round (default: the player proposed, "
                   "left of the last round's first player).")
@click.option("--guided", is_flag=True,
              help="Ask for what the options leave out (how the round ended, each hand not "
                   "given), then confirm; what they give is used, not asked.")
@click.option("--yes", "-y", is_flag=True,
              help="Guided entry: record without the final 'Record this round?'.")
@ledger_option
@json_option
def round_cmd(knock: tuple[str, ...], stock_out: bool, hands: tuple[str, ...],
              points: tuple[str, ...], upcard: str | None, dead: bool, melds: tuple[str, ...],
              big_gin: bool, out: tuple[str, ...], pool_out: bool, racks: tuple[str, ...],
              first: str | None, guided: bool, yes: bool, ledger: str | None,
              as_json: bool, **declared: Any) -> None:
    """Record the end of a round and score it (R16-R27).

    Give how it ended (--knock NAME or --stock-out) and, for every player, the cards left
    in hand (--hand) or their total (--points). On a terminal, 'rummy round' alone (or with
    just --knock/--stock-out) asks for each hand and confirms before writing; with --guided
    it asks only for what the options leave out.

    \b
    Examples:
      rummy new Ann Ben Cy --dealer Cy           # a game to play
      rummy round --knock Ann --hand Ann=3C --hand "Ben=2D AS" --points Cy=20
      rummy round --stock-out --points Ann=12 --points Ben=30 --points Cy=14
      rummy round --knock Ben --hand Ben= --hand "Ann=KS QS" --hand Cy=4C
      # Ben= is an empty hand: Ben went out
      rummy round                                # on a terminal: asks for all

    In a Gin game a round is a hand: --knock NAME with both hands as cards (the showdown
    scores it) or as deadwood (--points), --upcard in Oklahoma, --dead for a dead hand.

    \b
      rummy new Ann Ben --game gin --dealer Ben --ledger gin.yaml
      rummy round --knock Ann --points Ann=1 --points Ben=22 --ledger gin.yaml
      rummy round --knock Ann --hand "Ann=2H 3H 4H 7C 7D 7S JS QS KS AD" \\
                  --hand "Ben=5C 5D 5S 8H 9H 10H 2C 4C 6D KC" --ledger gin.yaml
      rummy new Ann Ben --game oklahoma --dealer Ann --ledger oklahoma.yaml
      rummy round --knock Ben --points Ben=4 --points Ann=10 --upcard 6S \\
                  --ledger oklahoma.yaml

    In Rummikub a round ends with --out NAME (who played their last tile; their rack may be
    left out) or --pool-out; give every other rack as tiles (--rack) or its worth (--points).

    \b
      rummy new Ann Ben Cy --game rummikub --first Ann --ledger tiles.yaml
      rummy round --out Ann --rack "Ben=JK 5R 12B" --points Cy=6 \\
                  --ledger tiles.yaml
      rummy round --pool-out --points Ann=12 --points Ben=7 --rack "Cy=JK 1O" \\
                  --ledger tiles.yaml
    """
    from ..games import default_preset
    from ..ledger import ledger_path
    from .keepers import RoundOptions, given_options, keeper_for, keeper_of, refuse_others

    _RUN.writes = True
    path = ledger_path(ledger)
    game = _load(path, quiet=True) if path.exists() else None
    keeper = keeper_of(game) if game is not None else keeper_for(default_preset())
    if game is None:  # no ledger: say so, not that another game's options do not fit it
        _read(path)
    opts = cast("RoundOptions", {"knock": knock, "stock_out": stock_out, "hands": hands,
                          "points": points, "upcard": upcard, "dead": dead, "melds": melds,
                          "big_gin": big_gin, "out": out, "pool_out": pool_out,
                          "racks": racks, "first": first, "guided": guided, "yes": yes,
                          **declared})  # (a game's own option words)
    refuse_others(keeper, given_options(opts))
    del game  # the keeper reads the ledger again under the lock: let this reading go first
    keeper.record(path, opts, as_json)


