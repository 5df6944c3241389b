"""The one meld engine (rummy_cli.shapes): groups and runs of cards and tiles, the games'
differences as data; its laws over all inputs."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_cli.shapes import Shape, fillings, plain_kind, run_positions, run_windows

SUITS = ("S", "H", "D", "C")
SHAPES = [Shape(SUITS, ones) for ones in ("low", "high", "wrap")]
items = st.lists(st.tuples(st.integers(1, 13), st.sampled_from(SUITS)), min_size=0, max_size=15)


def _pair(rank: int, suit: str) -> tuple[int, str]:
    return rank, suit


@settings(max_examples=400, deadline=None)
@given(items, st.sampled_from(SHAPES))
def test_a_meld_without_jokers_is_judged_alike_by_the_quick_and_the_full_reading(
        meld: list[tuple[int, str]], shape: Shape[str]) -> None:
    full = {kind for kind, _, _ in fillings(meld, 0, len(meld), shape, _pair)}
    assert plain_kind(meld, shape) == (full.pop() if full else None)


@settings(max_examples=200, deadline=None)
@given(items, st.integers(0, 3), st.sampled_from(SHAPES))
def test_every_reading_holds_the_meld_and_the_jokers_fill_the_rest(
        meld: list[tuple[int, str]], free: int, shape: Shape[str]) -> None:
    for kind, whole, fills in fillings(meld, free, len(meld) + free, shape, _pair):
        assert sorted(whole) == sorted([*meld, *fills])
        assert plain_kind(whole, shape) == kind


def test_a_run_is_at_most_13_ranks_or_14_with_the_ace_after_the_king() -> None:
    assert [len(list(run_positions(n, "low"))) for n in (3, 13, 14)] == [11, 1, 0]
    assert [len(list(run_positions(n, "high"))) for n in (3, 14, 15)] == [12, 1, 0]
    assert [len(list(run_positions(n, "wrap"))) for n in (3, 14, 15)] == [13, 13, 0]


def test_only_the_wrap_rule_turns_the_corner_king_ace_two() -> None:
    corner = (13, 1, 2)
    assert [corner in list(run_windows(3, ones)) for ones in ("low", "high", "wrap")] == [
        False, False, True]
    assert [plain_kind([(13, "S"), (1, "S"), (2, "S")], s) for s in SHAPES] == [
        None, None, "run"]


def _card_fillings(meld: tuple[object, ...], ace_high: bool) -> set[tuple[object, ...]]:
    """The different sets of cards the meld's free jokers could stand for."""
    from rummy_cli.cards import Card, Suit, represented

    known = [rep for c in meld if (rep := represented(c)) is not None]
    shape = Shape(tuple(Suit), "high" if ace_high else "low")
    return {tuple(fills) for _, _, fills in fillings(
        [(k.rank, k.suit) for k in known], len(meld) - len(known), len(meld), shape, Card)}


@st.composite
def near_melds(draw: st.DrawFn) -> list[tuple[int, str, int]]:
    """A run or a group, some cards jokers (free or declared), one card perhaps changed."""
    size = draw(st.integers(2, 14))
    start, suit = draw(st.integers(1, 13)), draw(st.sampled_from("SHDC"))
    if draw(st.booleans()):
        cards = [((start + i - 1) % 13 + 1, suit) for i in range(size)]
    else:
        cards = [(start, s) for s in "SHDC"[:min(size, 4)]]
    out = [(r, s, draw(st.sampled_from([0, 1, 5, 5, 5, 5]))) for r, s in cards]
    if draw(st.booleans()):
        out[draw(st.integers(0, len(out) - 1))] = draw(
            st.tuples(st.integers(1, 13), st.sampled_from("SHDC"), st.integers(2, 9)))
    return out


@settings(max_examples=600, deadline=None)
@given(st.one_of(near_melds(), st.lists(st.tuples(
    st.integers(1, 13), st.sampled_from("SHDC"), st.integers(0, 9)), min_size=1, max_size=8)),
    st.booleans())
def test_the_card_referee_finds_a_meld_legal_when_the_engine_reads_it_one_way_only(
        drawn: list[tuple[int, str, int]], ace_high: bool) -> None:
    """A card meld is legal (R7-R9, R13) when its free jokers can stand for one set of cards
    only: jokers that could stand for more must be declared."""
    from dataclasses import replace

    from rummy_cli.cards import Card, Joker, Suit
    from rummy_cli.games.manipulation.rules import MANIPULATION_RUMMY
    from rummy_cli.melds import analyze_meld

    meld = tuple(Joker() if j == 0 else Joker(Card(r, Suit(s))) if j == 1 else Card(r, Suit(s))
                 for r, s, j in drawn)
    rules = replace(MANIPULATION_RUMMY, ace_high=ace_high)
    assert analyze_meld(meld, rules).legal == (len(_card_fillings(meld, ace_high)) == 1)
