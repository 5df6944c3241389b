"""Rummikub (K1-K24): tiles on the table, the opening of 30, free jokers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..declared import Declared, Kind, Option

if TYPE_CHECKING:
    from ..protocol import Scorekeeping
    from ..referee import MeldJudge, Solver, TurnJudge


def _titled(rules: Any) -> str:
    """What a message calls a Rummikub game: 'Rummikub (strict joker rules)'."""
    from .report import TITLES

    return TITLES[rules.game]


# its referee, loaded when a command needs it (mypy checks each module against its part)
def _melds() -> MeldJudge:  # check meld, check table
    from . import referee

    return referee


def _turns() -> TurnJudge:  # check turn
    from . import referee

    return referee


def _solver() -> Solver:  # arrange, hint
    from . import hints

    return hints


def _keeping() -> Scorekeeping:
    """How the scorekeeping commands keep the game (imported when a command needs it)."""
    from .keeping import KEEPING

    return KEEPING


_PRESETS = ("rummikub", "rummikub-strict", "rummikub-xp")
# what the command line says of it in words of its own (Declared.said): its rule ids,
# its figures
_SAID = {
    "new --game": "Rummikub ('rummikub', 'rummikub-strict', 'rummikub-xp' for up to six)",
    "new --first": "Rummikub: who plays first (default: picked at random; in the next game, "
                   "the player left of the last game's last first player).",
    "new --rounds": "Rummikub: a game of N rounds, 0 for no fixed number (--rule rounds=N).",
    "no knock": "it has no knock; a round ends when a player goes out (K17)",
    "new": """Rummikub (--game rummikub, rummikub-strict or rummikub-xp) is for 2-4 players (2-6 in
XP) and has no dealer: --first says who plays first. A game is one round per player
unless --rounds N; --target N ends it when a total reaches N.""",
    "round --out": "Rummikub: who played their last tile (K17).",
    "round --pool-out": "Rummikub: the pool ran out and nobody went out (K18).",
    "rules ids": "K1 to K24 for Rummikub",
    "check turn --initial": "Rummikub: the player has not opened yet (K9, K10).",
    "hint --initial": "Rummikub: you have not opened yet, the play must open (K9, K10).",
    "standings": "Rummikub has no bonuses: its points are the total, which may be below zero "
                 "(K23).",
    "history": "In Rummikub 'End' says 'Ann out' or 'pool out' (the pool ran out) and 'Racks' "
               "each rack's worth (K19), in the order of the player columns; there are no "
               "bonuses.",
    "fix --out": "Rummikub: who went out in that round (K17).",
    "fix --pool-out": "Rummikub: the pool ran out in that round.",
    "fix --rack": "Rummikub: the tiles left in a rack ('Ann=' for none). Repeat per player.",
    "fix --first": "Rummikub: who played first in that round.",
    "round --rack": "Rummikub: the tiles left in a rack, e.g. --rack \"Ben=JK 5R 12B\" "
                    "(--points for its worth). Repeat per player.",
    "round --first": "Rummikub: who played first this round (default: the player proposed, "
                     "left of the last round's first player).",
    "round": """In Rummikub a round ends with --out NAME (who played their last tile;
their rack may be left out) or --pool-out; give every other rack as tiles (--rack) or its
worth (--points).

\b
  rummy new Ann Ben Cy --game rummikub --first Ann --ledger tiles.yaml
  rummy round --out Ann --rack "Ben=JK 5R 12B" --points Cy=6 \\
              --ledger tiles.yaml
  rummy round --pool-out --points Ann=12 --points Ben=7 --rack "Cy=JK 1O" \\
              --ledger tiles.yaml""",
}

# what the game declares of itself to the registry (rummy_cli.games); every preset counts
# as Rummikub in the statistics: a tile is worth the same
GAME = Declared(module=__name__, title="Rummikub", presets=_PRESETS, names=_PRESETS,
                starter="first", in_card_books=False,
                titled=_titled, melds=_melds, turns=_turns, solver=_solver,
                refereed_as="the tiles of {}",
                kinds=(Kind(key="rummikub", name="Rummikub", jokers=True),),
                kind_aliases={"rummikub strict": "rummikub", "rummikub xp": "rummikub"},
                scorekeeping=_keeping,
                # in the order 'fix' lists them
                options=(Option(flag="--out", dest="out", kind="names", metavar="NAME"),
                         Option(flag="--pool-out", dest="pool_out", kind="flag"),
                         Option(flag="--rack", dest="racks", kind="pairs", holds=True,
                                metavar="NAME=TILES"),
                         Option(flag="--points", dest="points", kind="pairs",
                                metavar="NAME=N"),
                         Option(flag="--first", dest="first", kind="name", metavar="NAME"),
                         # the other games' words: --stock-out for --pool-out, --hand for
                         # --rack; --knock to say that Rummikub has none
                         Option(flag="--stock-out", dest="stock_out", kind="flag",
                                accepted=True),
                         Option(flag="--hand", dest="hands", kind="pairs", accepted=True),
                         Option(flag="--knock", dest="knock", kind="names",
                                accepted=True)),
                said=_SAID)
