"""The bound from above by runs (rummy_cli.search.bound) and the wider second quick search
with jokers: both only make the exact search smaller, neither may change an answer."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_solver import assert_legal_play, medium_position

from rummy_cli.cards import Card, Joker, Suit
from rummy_cli.search import dp, tuning
from rummy_cli.search.bound import NOTHING, Matched, fits
from rummy_cli.search.problem import Cell, Problem
from rummy_cli.search.solver import best_play

NO_RUNS = (0,) * 8


def runs(*suits: tuple[int, int]) -> tuple[int, ...]:
    """A forward signature: (open runs, short ones) for each of the four suits."""
    padded = [*suits, *[(0, 0)] * (4 - len(suits))]
    return tuple(n for suit in padded for n in suit)


def mirrored(*suits: tuple[int, int], jokers: int = 0) -> tuple[int, ...]:
    return (*runs(*suits), jokers)


# -- which states above a state can follow it ------------------------------------------

def test_a_short_run_below_needs_a_run_open_above() -> None:
    assert fits(runs((1, 1)), mirrored((1, 0)), left=0, spare=False)
    assert not fits(runs((1, 1)), mirrored(), left=0, spare=False)
    assert not fits(runs((2, 2)), mirrored((1, 0)), left=2, spare=True)


def test_a_long_run_below_may_end() -> None:
    assert fits(runs((2, 0)), mirrored(), left=0, spare=False)


def test_a_short_run_above_needs_a_run_open_below() -> None:
    assert fits(runs((1, 0)), mirrored((1, 1)), left=0, spare=False)
    assert not fits(runs(), mirrored((1, 1)), left=0, spare=False)
    assert not fits(runs((1, 0), (0, 0)), mirrored((0, 0), (1, 1)), left=2, spare=False)


def test_with_spare_jokers_a_short_run_above_may_take_a_joker_left_instead() -> None:
    # Q K with a joker below the queen, put there at the end: no run is open at the jack
    assert fits(runs(), mirrored((1, 1)), left=1, spare=True)
    assert not fits(runs(), mirrored((1, 1)), left=0, spare=True)
    assert not fits(runs(), mirrored((1, 1), jokers=1), left=1, spare=True)


def test_the_jokers_used_above_are_among_those_left() -> None:
    assert fits(NO_RUNS, mirrored(jokers=1), left=1, spare=False)
    assert not fits(NO_RUNS, mirrored(jokers=1), left=0, spare=False)


def test_the_bound_is_the_best_state_that_fits() -> None:
    entries = [(50, mirrored((1, 1))), (40, mirrored((1, 0))), (10, mirrored())]
    matched = Matched([None, entries, [], None], spare=False)
    assert matched.most(1, runs((1, 0)), left=0) == 50  # its run goes on into the short one
    assert matched.most(1, runs(), left=0) == 40  # nothing open below: no short run above
    assert matched.most(1, runs((1, 1)), left=0) == 50
    assert matched.most(2, runs(), left=0) == NOTHING  # the search above found nothing
    assert matched.most(3, runs(), left=0) is None  # the search above never got there


# -- the answers stay the same ------------------------------------------------------------

@contextmanager
def setting(**values: object) -> Iterator[None]:
    saved = {name: getattr(tuning, name) for name in values}
    for name, value in values.items():
        setattr(tuning, name, value)
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(tuning, name, value)


# every search with jokers bounded at once, and beaten states dropped after every card
EVERYWHERE = {"BOUND_AFTER": 0, "SMALL_LAYER": 2, "REGROWN": 0}


@st.composite
def problems(draw: st.DrawFn) -> Problem:
    """Small placement problems: a few suits and ranks, copies that must or may be placed,
    up to two free jokers."""
    suits = draw(st.lists(st.sampled_from(list(Suit)), min_size=1, max_size=4, unique=True))
    low = draw(st.integers(1, 11))
    ranks = range(low, min(13, low + draw(st.integers(2, 6))) + 1)
    cells: dict[Card, Cell] = {}
    for suit in suits:
        for rank in ranks:
            must, may = draw(st.integers(0, 1)), draw(st.integers(0, 2))
            if must or may:
                card = Card(rank, suit)
                cells[card] = Cell([card] * must, [card] * may, draw(st.integers(1, 5)))
    free_must = draw(st.integers(0, 2))
    free_may = draw(st.integers(0, 2 - free_must))
    return Problem(cells, free_must=free_must, free_may=free_may,
                   joker_weight=draw(st.integers(0, 5)), ace_high=draw(st.booleans()))


def score(problem: Problem, beat: int | None = None) -> int | None:
    found = dp.solve(problem, beat)
    return None if found is None else found.score


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(problems(), st.sampled_from([0, 1, None]), st.integers(1, 3))
def test_r13_the_bound_by_runs_changes_no_score(problem: Problem, beam: int | None,
                                                 below: int) -> None:
    """Also with a play to beat by just a little: a small budget, where bounds cut most."""
    with setting(BOUNDED=0, BEAM=beam):
        unbounded = score(problem)
    beats = [None] if unbounded is None else [None, unbounded - below]
    for matched in (True, False):
        with setting(MATCHED=matched, BEAM=beam, **EVERYWHERE):
            for beat in beats:
                assert score(problem, beat) == unbounded


def test_r13_a_joker_below_a_short_run_at_the_king_is_not_cut_off() -> None:
    """With spare jokers a short run open at the king (QH KH) gets a joker at the end,
    below its queen: no run is open at the jack, yet the queen and king still score."""
    hearts = list(Suit)[0]
    cells = {Card(r, hearts): Cell([], [Card(r, hearts)], 1) for r in (2, 3, 12, 13)}
    for ace_high in (False, True):
        problem = Problem(cells, free_may=2, joker_weight=1, ace_high=ace_high)
        with setting(BEAM=0, **EVERYWHERE):
            for beat in (None, 4, 5):
                assert score(problem, beat) == 6


@pytest.mark.parametrize("seed", range(12))
def test_r13_the_bound_by_runs_changes_no_best_play(seed: int) -> None:
    """With both jokers in play, the best play with every bound is the one without any."""
    before, hand = medium_position(300 + seed)
    jokers = sum(isinstance(c, Joker) for m in before for c in m)
    hand = [*hand, *[Joker()] * (2 - jokers - sum(isinstance(c, Joker) for c in hand))]
    with setting(BOUNDED=0):
        unbounded = best_play(before, hand)
    with setting(MATCHED=True, **EVERYWHERE):
        bounded = best_play(before, hand)
    assert (bounded is None) == (unbounded is None)
    if bounded is not None and unbounded is not None:
        assert (bounded.cards_played, bounded.points_shed) == (
            unbounded.cards_played, unbounded.points_shed)
        assert_legal_play(before, hand, bounded)


@pytest.mark.parametrize("seed", range(8))
def test_r13_a_wider_second_quick_search_changes_no_best_play(seed: int) -> None:
    """A narrow quick search (one state) that finds nothing with jokers tries again wider,
    always: the exact search after it gives the same answer as without that second try."""
    before, hand = medium_position(400 + seed)
    hand = [*hand, Joker()]
    with setting(BEAM=1, RETRY_WORK=0):
        once = best_play(before, hand)
    with setting(BEAM=1, RETRY_WORK=10**9):
        twice = best_play(before, hand)
    assert (once is None) == (twice is None)
    if once is not None and twice is not None:
        assert (once.cards_played, once.points_shed) == (twice.cards_played,
                                                          twice.points_shed)
        assert_legal_play(before, hand, twice)
