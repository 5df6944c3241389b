"""The bound from above of :mod:`.dp`: what the ranks above a rank can still score.

The search over the ranks mirrored (king first, see :func:`.dp._above`) stops at each
rank's end with the states of the ranks above it. A state of the forward search at the
end of the same rank can only go on into some of them: the runs that cross between the
two ranks are open on both sides. So the mirrored states are kept by their runs, and a
forward state is bounded by the best of those it could meet, not by the best of all.

A signature is, for each suit, the open runs and the short ones among them (those that
must go on), then the jokers used. Between a forward state with open runs ``f`` (``sf``
short) and a mirrored one with ``b`` (``sb`` short), in each suit:

* the forward short runs go on into the rank above, each into a run open there:
  ``sf <= b``;
* the mirrored short runs reach down into the rank below, each from a run open there:
  ``sb <= f``. With spare jokers (:func:`.dp.solve`) a run that reaches the top may
  still be short, a joker going below its lowest card at the end: such a mirrored short
  run needs one of the jokers left instead;
* the jokers the mirrored state used, and those such short runs need, are among the
  jokers the forward state has left.

Each condition only gets easier for a mirrored state that beats another (more open runs,
fewer short ones, the same jokers), so the mirrored search may drop beaten states and
forget long runs, as it does: the bound stays a bound.
"""

from __future__ import annotations

Signature = tuple[int, ...]  # per suit: open runs, short ones; then the jokers used
Entries = list[tuple[int, Signature]]  # (best score, signature), best first
NOTHING = -(1 << 60)  # the best score of no state at all


class Matched:
    """``[rank]``: the mirrored states at that rank's end by signature, best first; None
    where the mirrored search did not get to (no bound there)."""

    def __init__(self, by_rank: list[Entries | None], spare: bool) -> None:
        self.by_rank = by_rank
        self.spare = spare
        self._known: dict[tuple[int, Signature, int], int | None] = {}

    def most(self, rank: int, runs: Signature, left: int) -> int | None:
        """The most the ranks above ``rank`` score for a forward state whose runs are
        ``runs`` (per suit: open, short) with ``left`` jokers left: None when unknown,
        :data:`NOTHING` when no mirrored state fits."""
        key = (rank, runs, left)
        if key in self._known:
            return self._known[key]
        entries = self.by_rank[rank]
        found: int | None = None
        if entries is not None:
            found = NOTHING
            for score, theirs in entries:
                if fits(runs, theirs, left, self.spare):
                    found = score
                    break
        self._known[key] = found
        return found


def fits(mine: Signature, theirs: Signature, left: int, spare: bool) -> bool:
    """Can a forward state with runs ``mine`` and ``left`` jokers left go on into the
    mirrored state ``theirs``?

    >>> fits((1, 1, 0, 0, 0, 0, 0, 0), (1, 0, 0, 0, 0, 0, 0, 0, 0), 0, False)
    True
    >>> fits((1, 1, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0, 0), 0, False)
    False
    >>> fits((0,) * 8, (1, 1, 0, 0, 0, 0, 0, 0, 0), 1, True)
    True
    """
    need = theirs[8]
    for s in range(0, 8, 2):
        if mine[s + 1] > theirs[s]:
            return False
        lacking = theirs[s + 1] - mine[s]
        if lacking > 0:
            if not spare:
                return False
            need += lacking
    return need <= left
