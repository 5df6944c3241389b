"""The exact search's settings: how wide its quick search is, when it drops beaten states
and bounds the rest, and the tally of the states it went through. Module attributes, read at
each use, so a test or a benchmark may set them (the answers never change, only the work)."""

from __future__ import annotations

SMALL_LAYER = 96  # below this, looking for beaten states costs more than it saves


REGROWN = 1.5  # ... and within a rank, until the layer is this much larger again


SATURATED = 3.0  # a search less than this much larger than the last: budgets stop growing


# the states the quick search that finds a good play first keeps at each step (0: no
# quick search); None: by the number of cards that may be placed (see :func:`.dp._beam`)
BEAM: int | None = None


MIN_BEAM = 8  # ... and at least this many: few cards make small layers, a wide beam is cheap


JOKER_BEAM = 4  # times wider with jokers: where they go is what a narrow search misses


# a quick search with jokers that finds nothing tries once more, this many times wider,
# when that costs at most RETRY_WORK times the largest exact search of the problem yet
RETRY_SCALE = 8


RETRY_WORK = 2


BOUNDED = 2  # the states with fewer jokers left than this get a bound from above


BOUND_AFTER = 300  # ... once a layer of the search has this many states


MATCHED = True  # ... and, at the end of each rank, a bound by the runs they have open


# a mirrored search with jokers (the bound for one joker left) stops past this many
# states: the ranks it reached keep their bound, the others go without (see :func:`_above`)
MIRROR_LIMIT = 3000


LIMIT_SCALE = 2  # ... or past this many times the largest exact search of the problem yet


class Tally:
    """The states every search went through, added up: what the benchmarks count (a
    measure of work that does not depend on the machine or its load)."""

    states = 0


TALLY = Tally()
