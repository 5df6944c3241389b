"""How the exact search (:mod:`.dp`) goes from one layer of states to the next: a card of
one suit at a rank placed in runs, groups or kept back, and the runs and groups closed at
the end of a rank. A base of :class:`.layers.Search`, which holds the state it reads."""

from __future__ import annotations

from .bound import Matched
from .problem import Choice, Problem, group_count
from .states import (
    GROUPS,
    JOKERS,
    SUITS_ONLY,
    WIDEST,
    Layer,
    Move,
    Shapes,
    State,
    add_state,
    kept_state,
    scoring_at_least,
    suit_part,
)
from .suit import Suits


class CardSteps:
    """The steps of a search from layer to layer; the search sets what they read."""

    p: Problem
    suits: Suits
    spare: bool
    jokers: int
    target: int
    before_top: int
    first_fit: list[list[int]]
    high_fits: list[int]
    later: list[list[int]]
    matched: list[Matched]
    shapes: Shapes

    def _matched_floor(self, layer: Layer, rank: int) -> Layer:
        """The states at the end of ``rank`` that can still reach the budget with what
        the ranks above can score, given the runs they have open (see :mod:`.bound`)."""
        matched = self.matched
        shapes = self.shapes
        out: Layer = {}
        for state, scores in layer.items():
            left = self.jokers - (state >> JOKERS)
            if left >= len(matched):
                out[state] = scores
                continue
            runs = (*shapes[state & 0xFF], *shapes[(state >> 8) & 0xFF],
                    *shapes[(state >> 16) & 0xFF], *shapes[state >> 24 & 0xFF])
            most = matched[left].most(rank, runs, left)
            if most is None:
                out[state] = scores
                continue
            kept = scoring_at_least(scores, self.target - most)
            if kept:
                out[state] = kept
        return out

    @staticmethod
    def _columns(states: list[State]) -> list[list[int]]:
        """The states split: each suit's runs, the groups part, the jokers used."""
        return [[st & 0xFF for st in states], [(st >> 8) & 0xFF for st in states],
                [(st >> 16) & 0xFF for st in states], [(st >> 24) & 0xFF for st in states],
                [(st >> GROUPS) & 0xFFF for st in states], [st >> JOKERS for st in states]]

    # -- one step each

    def _card(self, prev: Layer, rank: int, s: int, floors: list[int]) -> Layer:
        """Place the copies of one card: into runs, kept for groups, kept as high aces.

        A state with ``used`` jokers and a score below ``floors[used]`` cannot end within
        the budget.
        """
        floor = min(floors)
        bounded = floor < max(floors)
        shift_s = 8 * s
        others = ~(0xFF << shift_s) & SUITS_ONLY
        known_moves = self.suits.moves.setdefault((rank, s, self.jokers), {})
        add = add_state
        out: Layer = {}
        # no copy of this card: a state with no run of its suit open goes on as it is,
        # unless a joker may start a run here (never a spare one)
        passing = -1 if self.suits.copies[rank][s] else self.suits.empty
        if passing >= 0 and not bounded and (self.spare or not self.jokers) and all(
                (state >> shift_s) & 0xFF == passing for state in prev):
            return prev  # every state goes on as it is (and scores what it scored)
        passed: list[State] = []  # those states, dealt with last
        for state, scores in prev.items():
            if (state >> shift_s) & 0xFF == passing and (
                    self.spare or state >> JOKERS == self.jokers):
                passed.append(state)
                continue
            key = state & ~others  # the parts of the state a card's choices depend on
            moves = known_moves.get(key)
            if moves is None:
                moves = known_moves[key] = self._moves(rank, s, key)
            rest = state & others
            if len(scores) == 1:  # the common case, without the general merge
                ((score, bits),) = scores.items()
                for change, gain, ace_shift, _ in moves:
                    total = score + gain
                    if total < floor:
                        continue  # it leaves out more than the budget
                    new = rest | change
                    if bounded and total < floors[new >> JOKERS]:
                        continue  # ... or it will, with the jokers it has left
                    ways = bits << ace_shift
                    known = out.get(new)
                    if known is None:
                        out[new] = {total: ways}
                        continue
                    if len(known) == 1:
                        ((known_score, known_ways),) = known.items()
                        if known_score >= total and not ways & ~known_ways:
                            continue  # nothing new
                    add(out, new, total, ways)
                continue
            for change, gain, ace_shift, _ in moves:
                new = rest | change
                low = floors[new >> JOKERS]
                known = out.get(new)
                if known is None:  # each way of a state has one score: nothing to merge
                    shifted = {score + gain: bits << ace_shift
                               for score, bits in scores.items() if score + gain >= low}
                    if shifted:
                        out[new] = shifted
                    continue
                for score, bits in scores.items():
                    if score + gain >= low:
                        add(out, new, score + gain, bits << ace_shift)
        for state in passed:
            scores = prev[state]
            low = floors[state >> JOKERS]
            known = out.get(state)
            if known is None:
                # (shared with the layer before when whole: nothing changes it after this step)
                kept = scoring_at_least(scores, low)
                if kept:
                    out[state] = kept
                continue
            for score, bits in scores.items():
                if score >= low:
                    add(out, state, score, bits)
        return out

    def _moves(self, rank: int, s: int, key: int) -> list[Move]:
        """The choices for one card from states whose runs of its suit, groups part and
        jokers used are those of ``key`` (a state less the other suits' runs).

        Each as (the new state less the other suits, score gained, shift of the ways, the
        choice), in the order of :meth:`.suit.Suits.options`.
        """
        runs_id, groups, widest = suit_part(key, s), (key >> GROUPS) & 0xFF, (key >> WIDEST) & 0xF
        used = key >> JOKERS
        weight = self.p.counts(rank, s)[2]
        most = groups + self.later[rank][s] + self.jokers - used  # the most a group may get
        first_fit = self.first_fit
        shift_s = 8 * s
        moves: list[Move] = []
        for choice, runs, gain, to_groups, jokers, ace_shift in self.suits.options(
                rank, s, runs_id, self.jokers - used):
            g = groups + to_groups
            w = widest if widest >= to_groups else to_groups
            if g and first_fit[w][g] > most + to_groups - jokers:
                continue  # these cards can form no groups, whatever joins them
            change = runs << shift_s | g << GROUPS | w << WIDEST | (used + jokers) << JOKERS
            moves.append((change, gain * weight, ace_shift, choice))
        return moves

    def _close(self, prev: Layer, kind: str, rank: int, s: int) -> Layer:
        """A step that places no card: a rank's groups, a suit's high aces, or the end."""
        out: Layer = {}
        known: dict[int, list[tuple[State, Choice, int]]] = {}
        keep = kept_state(kind, s)
        for state, scores in prev.items():
            # what a closing step does depends only on the parts of a state it changes
            key = state & ~keep
            ways = known.get(key)
            if ways is None:
                ways = known[key] = self._closing(kind, rank, s, key)
            base = state & keep
            for change, _, fits in ways:
                new = base | change
                if len(scores) == 1 and new not in out:
                    ((score, bits),) = scores.items()
                    if bits & fits:
                        out[new] = {score: bits & fits}
                    continue
                for score, bits in scores.items():
                    if bits & fits:
                        add_state(out, new, score, bits & fits)
        return out

    def _closing(self, kind: str, rank: int, s: int,
                 state: State) -> list[tuple[State, Choice, int]]:
        """The ways a closing step goes on from ``state``.

        Each as (the new state less the parts the step keeps (:func:`kept_state`), the choice,
        the ways of keeping aces it lets through).
        """
        used = state >> JOKERS
        ways: list[tuple[State, Choice, int]] = []
        if kind == "rank":  # the cards kept for groups must form groups; jokers may help
            groups, widest = (state >> GROUPS) & 0xFF, (state >> WIDEST) & 0xF
            for jokers in range(self.jokers - used + 1):
                if group_count(groups + jokers, widest, self.p.min_meld,
                               self.p.max_group) is not None:
                    # below the queen, only the ways of keeping aces that the jokers left
                    # could finish go on (see HighAces.within)
                    fits = (self.high_fits[self.jokers - used - jokers]
                            if rank < self.before_top else -1)
                    ways.append(((used + jokers) << JOKERS, (jokers,), fits))
                    if self.spare:
                        break  # more jokers in these groups would be spare ones
        elif kind == "high":  # kept aces (and jokers) end the runs that reach the king
            ended = self.suits.empty << (8 * s)
            for jokers, fits in self.suits.top_ways(s, suit_part(state, s), self.jokers - used):
                ways.append((ended | (used + jokers) << JOKERS, (jokers,), fits))
        else:  # every run must be long enough now; spare jokers lengthen short ones
            deficit = sum(self.suits.deficit(suit_part(state, s)) for s in range(4))
            if not deficit or (self.spare and used + deficit <= self.jokers):
                ways.append((state & SUITS_ONLY | (used + deficit) << JOKERS, (deficit,), -1))
        return ways
