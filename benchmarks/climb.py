"""Look for the positions that make the solver work hardest: a seeded hill-climb.

    python -m benchmarks.climb                      # 4 climbs of 150 steps, hands <= 30
    python -m benchmarks.climb --steps 600 --most-hand 45 --seed 7
    python -m benchmarks.climb --from-kept --climbs 3   # on from the kept worst ones
    python -m benchmarks.climb --smoke              # a short climb, for CI

A climb starts from an adversarial position (:func:`benchmarks.positions.adversarial`,
or one shaped like the hard ones: a declared joker at the top of an ace-high run, the
real card that frees it in the hand) and changes it one small step at a time: a card of
the hand swapped, added or let go, a meld added to the table or taken off, a joker
moved between the hand and a meld. A step is kept when the solver goes through at
least as many states as before (:data:`rummy_cli.search.dp.TALLY`): states, not time,
so the climb finds the same positions on any machine under any load. Every position
stays one a real game could reach: a legal table, at most two copies of a card and two
jokers in all. The worst positions found are printed as :func:`benchmarks.positions.named`
calls, to be kept in :data:`benchmarks.positions.CLIMBED`.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from benchmarks.positions import (
    CLIMBED,
    DECKS,
    Position,
    _all_cards,
    _group,
    _run,
    adversarial,
)
from rummy_cli.cards import AnyCard, Card, Joker, Suit, format_cards, format_table
from rummy_cli.search import dp as _solver_dp
from rummy_cli.search.solver import best_play


@dataclass(frozen=True)
class Scored:
    """A position, the states the solver went through on it, and its CPU time (ms)."""

    position: Position
    states: int
    cpu_ms: float


def states(p: Position) -> Scored:
    """How many states the solver goes through for ``p``'s best play (default rules)."""
    before = _solver_dp.TALLY.states
    start = time.process_time()
    best_play(p.table, p.hand)
    cpu = (time.process_time() - start) * 1000
    return Scored(p, _solver_dp.TALLY.states - before, cpu)


def climb(seed: int, steps: int, most_hand: int = 30,
          report: Callable[[int, Scored], None] | None = None,
          start: Position | None = None) -> Scored:
    """The worst position one climb of ``steps`` steps finds from ``seed``'s start (or
    from ``start``, to climb on from a position found before)."""
    rng = random.Random(seed)
    if start is not None:
        start = Position(seed, start.table, start.hand[:most_hand])
    best = states(start if start is not None else _start(seed, rng, most_hand))
    for step in range(steps):
        changed = _step(rng, best.position, most_hand)
        if changed is None:
            continue
        tried = states(changed)
        if tried.states >= best.states:
            if report is not None and tried.states > best.states:
                report(step, tried)
            best = tried
    return best


def _start(seed: int, rng: random.Random, most_hand: int) -> Position:
    """Half the climbs start from an adversarial position, half from one shaped like
    the hard ones: ``JD QD KD JK=AD`` on the table, a joker and the ADs in the hand."""
    if seed % 2 == 0:
        p = adversarial(seed)
        return Position(seed, p.table, p.hand[:most_hand])
    stock = _full_stock()
    suit = rng.choice(list(Suit))
    top: list[AnyCard] = [Card(11, suit), Card(12, suit), Card(13, suit), Joker(Card(1, suit))]
    stock.subtract(c for c in top if isinstance(c, Card))
    melds: list[list[AnyCard]] = [top]
    _fill_table(rng, stock, melds, rng.randint(30, 60))
    hand: list[AnyCard] = [Joker(), Card(1, suit)]
    stock[Card(1, suit)] -= 1
    pile = _pile(stock)
    rng.shuffle(pile)
    hand.extend(pile[: rng.randint(min(20, most_hand), most_hand) - len(hand)])
    return Position(seed, tuple(tuple(m) for m in melds), tuple(hand))


def _step(rng: random.Random, p: Position, most_hand: int) -> Position | None:
    """One small change of ``p``, still a position of a real game; None if it failed."""
    melds = [list(m) for m in p.table]
    hand = list(p.hand)
    stock = _full_stock()
    stock.subtract(c for m in melds for c in m if isinstance(c, Card))
    stock.subtract(c for c in hand if isinstance(c, Card))
    pile = _pile(stock)
    kind = rng.choice(("swap", "swap", "swap", "add", "drop", "meld", "unmeld", "joker"))
    reals = [i for i, c in enumerate(hand) if isinstance(c, Card)]
    if kind == "swap" and reals and pile:
        hand[rng.choice(reals)] = rng.choice(pile)
    elif kind == "add" and len(hand) < most_hand and pile:
        hand.append(rng.choice(pile))
    elif kind == "drop" and len(hand) > 10:
        del hand[rng.randrange(len(hand))]
    elif kind == "meld":
        _fill_table(rng, stock, melds, sum(len(m) for m in melds) + 1)
    elif kind == "unmeld" and len(melds) > 1:
        gone = melds.pop(rng.randrange(len(melds)))
        hand.extend(Joker() for c in gone if isinstance(c, Joker))  # a joker is not lost
        del hand[most_hand:]
    elif kind == "joker":
        if not _move_joker(rng, melds, hand, stock):
            return None
    else:
        return None
    if sum(isinstance(c, Joker) for m in melds for c in m) + sum(
            isinstance(c, Joker) for c in hand) > DECKS:
        return None
    return Position(p.seed, tuple(tuple(m) for m in melds), tuple(hand))


def _move_joker(rng: random.Random, melds: list[list[AnyCard]], hand: list[AnyCard],
                stock: Counter[Card]) -> bool:
    """A joker of the hand goes into a meld in place of a real card (back to the stock),
    or a table joker comes back to the hand and the real card it stood for takes its
    place, when the stock still has one."""
    in_hand = [i for i, c in enumerate(hand) if isinstance(c, Joker)]
    on_table = [(m, i) for m, meld in enumerate(melds) for i, c in enumerate(meld)
                if isinstance(c, Joker)]
    if in_hand and (not on_table or rng.random() < 0.5):
        meld = rng.choice(melds)
        spots = [i for i, c in enumerate(meld) if isinstance(c, Card)]
        if len(spots) < 2:  # at least one real card stays in each meld
            return False
        i = rng.choice(spots)
        card = meld[i]
        assert isinstance(card, Card)
        meld[i] = Joker(card)
        del hand[in_hand[0]]
        return True
    if not on_table:
        return False
    m, i = rng.choice(on_table)
    card = melds[m][i]
    assert isinstance(card, Joker) and card.declared is not None
    if stock[card.declared] <= 0:
        return False
    melds[m][i] = card.declared
    hand.append(Joker())
    return True


def _fill_table(rng: random.Random, stock: Counter[Card], melds: list[list[AnyCard]],
                size: int) -> None:
    """Random legal melds from the stock until the table holds ``size`` cards."""
    tries = 0
    while sum(len(m) for m in melds) < size and tries < 1000:
        tries += 1
        meld = _run(rng, ace_high=True) if rng.random() < 0.6 else _group(rng)
        need = Counter(meld)
        if all(stock[c] >= n for c, n in need.items()):
            stock.subtract(need)
            melds.append(list(meld))


def _full_stock() -> Counter[Card]:
    return Counter({c: DECKS for c in _all_cards()})


def _pile(stock: Counter[Card]) -> list[Card]:
    return sorted((c for c in stock.elements()), key=lambda c: (c.suit.order, c.rank))


def as_source(s: Scored) -> str:
    """``s`` written as a :func:`benchmarks.positions.named` call, with what it costs."""
    p = s.position
    return (f"    # climb seed {p.seed}: {p.table_size} on the table, {len(p.hand)} in hand, "
            f"{s.states} states\n"
            f"    named({format_table(p.table)!r},\n          {format_cards(p.hand)!r}),")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--climbs", type=int, default=4, help="climbs, one seed each")
    parser.add_argument("--steps", type=int, default=150, help="steps of each climb")
    parser.add_argument("--seed", type=int, default=0, help="the first climb's seed")
    parser.add_argument("--most-hand", type=int, default=30, help="the largest hand")
    parser.add_argument("--from-kept", action="store_true",
                        help="climb on from the positions kept in benchmarks.positions.CLIMBED "
                             "(climb i from the i-th, round the list)")
    parser.add_argument("--smoke", action="store_true", help="a short climb, for CI")
    args = parser.parse_args()
    climbs, steps = (1, 8) if args.smoke else (args.climbs, args.steps)
    most_hand = 20 if args.smoke else args.most_hand
    found: list[Scored] = []
    for seed in range(args.seed, args.seed + climbs):
        def say(step: int, s: Scored, seed: int = seed) -> None:
            print(f"  climb {seed}, step {step}: {s.states} states, {s.cpu_ms:.0f} ms CPU, "
                  f"{len(s.position.hand)} in hand", flush=True)
        kept = CLIMBED[(seed - args.seed) % len(CLIMBED)] if args.from_kept else None
        worst = climb(seed, steps, most_hand, report=None if args.smoke else say, start=kept)
        print(f"climb {seed}: {worst.states} states, {worst.cpu_ms:.0f} ms CPU "
              f"({worst.position.table_size} on the table, {len(worst.position.hand)} "
              "in hand)", flush=True)
        if not args.smoke:  # a long run may be stopped: each climb's worst as it ends
            print(as_source(worst), flush=True)
        found.append(worst)
    found.sort(key=lambda s: -s.states)
    if not args.smoke:
        print("\nthe worst, for benchmarks/positions.py:")
        for s in found:
            print(as_source(s))


if __name__ == "__main__":
    main()
