"""The exceptions of rummy. The CLI maps every one of them to ``Error: ...`` and exit 2."""

from __future__ import annotations


class RummyError(Exception):
    """Anything rummy refuses to do; the message is meant for a player."""


class NotationError(RummyError, ValueError):
    """A card, list of cards or table is badly written."""


class UnusableInputError(RummyError):
    """The input is well written but cannot be judged (too many copies, illegal start table)."""


class OptionsError(UnusableInputError):
    """Options of a command that cannot be used as given (two endings, a value not written
    NAME=VALUE): the CLI says it as it says click's own usage errors, naming the command's
    --help."""


class RefusedError(RummyError):
    """The action is against the rules of the game (a knock with too many points, ...)."""


class LedgerError(RummyError):
    """A ledger file is missing, damaged, locked or cannot be written."""


class InputEnded(Exception):
    """The input ended (a file piped in ran out, or Ctrl-D) while a question waited.

    Not a :class:`RummyError`: the loops that ask again after a refused answer must not
    catch it, or they would ask forever. The CLI says it as ``Error: ...`` all the same.
    """

    def __init__(self, question: str) -> None:
        import re

        asked = re.sub(r" \[[^]]*\]$", "", question)  # the question, not its [y/N]
        super().__init__(f"the input ended at '{asked}': every question needs an answer, "
                         "one a line")
