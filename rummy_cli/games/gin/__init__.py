"""The Gin family (Gin Rummy, Oklahoma Gin, Hollywood Gin), G1-G22: its figures and presets
(``rules``), the showdown of a knock (``showdown``), a game's score from its hands with
Hollywood's three columns (``score``), a game of hands (``game``) and its place in the ledger
(``record``), the least-deadwood, layout and layoff searches (``deadwood``), and what is
printed: the showdown's report (``report``), the score sheets (``sheet``, ``hollywood_sheet``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..declared import Declared, Kind, Option

if TYPE_CHECKING:
    from ..protocol import Scorekeeping
    from ..referee import MeldJudge, Showdown


def _kind_of(rules: Any) -> str:
    """The statistics' kind of a Gin game: Hollywood scoring makes any Gin game Hollywood
    (its total is the sum of three games); classic Gin is Gin."""
    if getattr(rules, "hollywood", False):
        return "hollywood"
    return "oklahoma" if rules.game == "oklahoma" else "gin"


def _titled(rules: Any) -> str:
    """What a message calls a Gin game: 'Oklahoma Gin', 'Hollywood Gin Rummy'."""
    names = {"gin": "Gin Rummy", "classic": "Gin Rummy (classic figures)",
             "oklahoma": "Oklahoma Gin"}
    return ("Hollywood " if getattr(rules, "hollywood", False) else "") + names[rules.game]


# its referee, loaded when a command needs it (mypy checks the module against each part)
def _melds() -> MeldJudge:  # check meld, check table
    from . import referee

    return referee


def _showdown() -> Showdown:  # deadwood, check knock
    from . import referee

    return referee


def _entry_of(rules: Any) -> str:
    """A Hollywood match is a 'match': its own columns are its games 1, 2 and 3."""
    return "match" if getattr(rules, "hollywood", False) else "game"


def _shown_of(game: Any) -> tuple[str, dict[str, int]]:
    """Under Hollywood the standings show last the sum of the three games' totals."""
    if getattr(game.rules, "hollywood", False):
        return "Sum", {s.name: s.total for s in game.state.standings}
    return "Points", {s.name: s.points for s in game.state.standings}


def _races_of(game: Any) -> tuple[Any, ...]:
    """A Hollywood match's chart draws each of its three games too."""
    if not getattr(game.rules, "hollywood", False):
        return ()
    from .races import hollywood_races

    return hollywood_races(game)


def _keeping() -> Scorekeeping:
    """How the scorekeeping commands keep the game (imported when a command needs it)."""
    from .keeping import KEEPING

    return KEEPING


# what the command line says of it in words of its own (Declared.said): its rule ids,
# its figures
_SAID = {
    "new --game": "Gin Rummy with the figures of 'gin' (modern), 'classic' or 'oklahoma'",
    "new --hollywood": "Gin: score three games at once from one series of hands (G19-G22).",
    "new players": "the Gin games 2",
    "round --upcard": "Gin: the hand's first upcard (Oklahoma: it sets the knock limit, G16).",
    "round --dead": "Gin: a dead hand; nobody scores (G8).",
    "round --melds": "Gin: the knocker's layout as laid down, e.g. --melds \"Ann=2H 3H 4H / "
                     "7C 7D 7S\" (without it, a layout of the least deadwood is assumed "
                     "and shown).",
    "round --big-gin": "Gin, deadwood entered: the knocker melded all 11 cards (G7).",
    "standings": "A Hollywood match shows its sheet: Game 1, 2 and 3 and the match, each "
                 "with hands won, points, box bonus, game bonus, what a shutout adds, and the "
                 "total.",
    "history": "In a Gin game 'End' says 'Ben gin', 'dead hand', and the upcard in Oklahoma.",
    "rules ids": "G1 to G22 for the Gin games (Gin Rummy, Oklahoma Gin, Hollywood scoring)",
    "fix --upcard": "Gin: the hand's first upcard (Oklahoma).",
    "fix --dead": "Gin: it was a dead hand (G8).",
    "fix --melds": "Gin: the knocker's layout as laid down.",
    "fix --big-gin": "Gin, deadwood entered: it was (or was not) big gin (G7).",
    "round": """In a Gin game a round is a hand: --knock NAME with both hands as cards (the showdown
scores it) or as deadwood (--points), --upcard in Oklahoma, --dead for a dead hand.

\b
  rummy new Ann Ben --game gin --dealer Ben --ledger gin.yaml
  rummy round --knock Ann --points Ann=1 --points Ben=22 --ledger gin.yaml
  rummy round --knock Ann --hand "Ann=2H 3H 4H 7C 7D 7S JS QS KS AD" \\
              --hand "Ben=5C 5D 5S 8H 9H 10H 2C 4C 6D KC" --ledger gin.yaml
  rummy new Ann Ben --game oklahoma --dealer Ann --ledger oklahoma.yaml
  rummy round --knock Ben --points Ben=4 --points Ann=10 --upcard 6S \\
              --ledger oklahoma.yaml""",
}

# what the family declares of itself to the registry (rummy_cli.games)
GAME = Declared(
    module=__name__, title="a Gin game", presets=("gin", "classic", "oklahoma"),
    names=("gin", "classic", "oklahoma"), word="hand",
    hollywood={"scoring": "hollywood"},
    melds=_melds, showdown=_showdown, refereed_as="{} (ace low only, no jokers, one deck)",
    preset_notes={"gin": "25/25, big gin 31", "classic": "gin 20, undercut 10",
                  "oklahoma": "the upcard sets the knock limit"},
    kinds=(Kind(key="gin", name="Gin", word="hand"),
           Kind(key="oklahoma", name="Oklahoma", word="hand"),
           Kind(key="hollywood", name="Hollywood", word="hand")),
    kind_of=_kind_of, titled=_titled, entry_of=_entry_of, shown_of=_shown_of,
    races_of=_races_of, rule_aliases={"knock_limit": "knock"},
    kind_refusals={"classic": "classic Gin is counted as Gin: use --game gin"},
    scorekeeping=_keeping,
    # the options of round and fix, in the order 'fix' lists them
    options=(Option(flag="--knock", dest="knock", kind="name", once="a hand has one knocker",
                    metavar="NAME"),
             Option(flag="--dead", dest="dead", kind="flag"),
             Option(flag="--hand", dest="hands", kind="pairs", metavar="NAME=CARDS"),
             Option(flag="--points", dest="points", kind="pairs", metavar="NAME=N"),
             Option(flag="--upcard", dest="upcard", kind="name", metavar="CARD", player=False),
             Option(flag="--melds", dest="melds", kind="pairs", metavar="NAME=TABLE"),
             Option(flag="--big-gin", dest="big_gin", kind="flag", negatable=True)),
    said=_SAID)
