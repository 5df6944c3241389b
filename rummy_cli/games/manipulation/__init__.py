"""Manipulation Rummy (Carousel), R1-R27: its figures (``rules``), the turn referee
(``turn``), round and game scoring (``scoring``), a game of rounds (``game``), its place in
the ledger (``record``), what its commands print (``report``), and how the scorekeeping
commands keep it (``keeping``, with its questions at the table in ``questions`` and
``asked_again``). The arrangement search it uses is shared (``rummy_cli.search``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..declared import Declared, Option

if TYPE_CHECKING:
    from ..protocol import Scorekeeping
    from ..referee import MeldJudge, Solver, TurnJudge


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


# what the command line says of it in words of its own (Declared.said): its rule ids,
# its figures
_SAID = {
    "new --dealer": "Who deals first (default: picked at random, R3; in the next game, the "
                    "player left of the last card game's last dealer).",
    "new --rule": "A house rule: any figure 'rummy rules' lists, e.g. --rule "
                  "going_out_bonus=50. Repeat for more.",
    "new --target": "Play to N points instead of 150 (short for --rule target=N).",
    "new --knock-limit": "Knock with N points or fewer instead of 5 (--rule knock_limit=N).",
    "new players": "Manipulation Rummy takes 2-5 players",
    "round rules": "R16-R27",
    "round --knock": "Who knocked (R17).",
    "round --stock-out": "The stock ran out; nobody knocked (R18).",
    "rules ids": "R1 to R27 for Manipulation Rummy",
    "check meld rules": "R7-R9, R13",
    "check table rules": "R10",
    "check turn moves": "see 'rummy rules R15-D2'",
    "history": "'End' says how the round ended ('Dee undercuts Cy', 'the stock ran out'). "
               "'In hand' is each player's points left in hand (R16), in the order of the "
               "player columns. Under each player: the running total, '*' for the round's "
               "winners. When the game is over, the last rows give each player's round bonus "
               "(for the rounds won), game bonus (for reaching the target) and total.",
    "round --hand": "Cards left in a player's hand, e.g. --hand \"Ann=3C 2D\" ('Ann=' for "
                    "none). Repeat per player.",
    "fix --hand": "Cards left in a player's hand ('Ann=' for none). Repeat per player.",
    "fix --knock": "Who knocked in that round (R17).",
    "fix --stock-out": "The stock ran out in that round (R18).",
    "round": """Give how it ended (--knock NAME or --stock-out) and, for every player,
the cards left in hand (--hand) or their total (--points). On a terminal, 'rummy round'
alone (or with just --knock/--stock-out) asks for each hand and confirms before writing;
with --guided it asks only for what the options leave out.

\b
Examples:
  rummy new Ann Ben Cy --dealer Cy           # a game to play
  rummy round --knock Ann --hand Ann=3C --hand "Ben=2D AS" --points Cy=20
  rummy round --stock-out --points Ann=12 --points Ben=30 --points Cy=14
  rummy round --knock Ben --hand Ben= --hand "Ann=KS QS" --hand Cy=4C
  # Ben= is an empty hand: Ben went out
  rummy round                                # on a terminal: asks for all""",
}

# what the game declares of itself to the registry (rummy_cli.games)
GAME = Declared(module=__name__, title="Manipulation Rummy", presets=("manipulation",),
                names=("manipulation-rummy",), melds=_melds, turns=_turns,
                solver=_solver, refereed_as="{} (cards)",
                scorekeeping=_keeping,
                # the options of round and fix, in the order 'fix' lists them
                options=(Option(flag="--knock", dest="knock", kind="names", metavar="NAME"),
                         Option(flag="--stock-out", dest="stock_out", kind="flag"),
                         Option(flag="--hand", dest="hands", kind="pairs",
                                metavar="NAME=CARDS"),
                         Option(flag="--points", dest="points", kind="pairs",
                                metavar="NAME=N", help="A hand's total instead of its cards, "
                                                       "e.g. --points Ann=12.")),
                said=_SAID)
