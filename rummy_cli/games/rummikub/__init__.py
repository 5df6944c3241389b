"""Rummikub (K1-K24): tiles on the table, the opening of 30, free jokers."""

from typing import Any

from ..declared import Declared, Kind


def _titled(rules: Any) -> str:
    """What a message calls a Rummikub game: 'Rummikub (strict joker rules)'."""
    from .report import TITLES

    return TITLES[rules.game]


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
                starter="first", referee="tiles", in_card_books=False, titled=_titled,
                kinds=(Kind(key="rummikub", name="Rummikub", jokers=True),),
                kind_aliases={"rummikub strict": "rummikub", "rummikub xp": "rummikub"},
                said=_SAID)
