"""``hint`` exact under every option: the strict joker rules (K15 ``freed_joker=new-set``,
K16 ``joker_sets=locked``) and runs that go round (K7 ``ones=wrap``) with a table.

Each law compares the best play with a brute force that tries every sub-rack and every
partition of the tiles into legal sets, and asks the referee (``check turn``) about each.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rummy_cli.games.rummikub.rules import PRESETS, RUMMIKUB, RummikubRules
from rummy_cli.games.rummikub.sets import readings
from rummy_cli.games.rummikub.solve import best_play
from rummy_cli.games.rummikub.turn import judge_turn
from rummy_cli.tiles import (
    COLOURS,
    AnyTile,
    Tile,
    TileJoker,
    format_tile_table,
    format_tiles,
    parse_tile_table,
    parse_tiles,
)
from tests.clirun import one_error_line, run
from tests.test_rummikub_solver import (
    _key,
    _partitions,
    _points,
    _score,
    _sub_racks,
    brute_by_referee,
    positions,
)

STRICT = PRESETS["rummikub-strict"]
NEW_SET = RUMMIKUB.with_house_rules({"freed_joker": "new-set"})
WRAP = RUMMIKUB.with_house_rules({"ones": "wrap"})
LOCKED = RUMMIKUB.with_house_rules({"joker_sets": "locked"})
Position = tuple[list[tuple[AnyTile, ...]], list[AnyTile]]
SLOW = [HealthCheck.too_slow, HealthCheck.filter_too_much]


def exact_against_the_referee(position: Position, rules: RummikubRules) -> None:
    table, rack = position
    play = best_play(table, rack, rules)
    shown = (format_tile_table(table), format_tiles(rack))
    assert _score(play, "cards") == brute_by_referee(table, rack, rules), shown
    if play is not None:
        assert play.exact, shown
        assert judge_turn(tuple(table), rack, play.after, rules=rules).legal, shown


@settings(max_examples=150, deadline=None, suppress_health_check=SLOW)
@given(positions())
def test_k15_k16_strict_preset_is_exact(position: Position) -> None:
    exact_against_the_referee(position, STRICT)


@settings(max_examples=150, deadline=None, suppress_health_check=SLOW)
@given(positions())
def test_k15_freed_joker_new_set_is_exact(position: Position) -> None:
    exact_against_the_referee(position, NEW_SET)


def test_k15_one_of_two_table_jokers_freed_into_a_new_set() -> None:
    """1R takes the place of one of the two jokers of 1K JK 1O JK (the other stays, as 1B);
    the freed one goes into a new set with two rack tiles, 1R 2R JK. The search gave up
    because freeing both jokers at once is illegal (found by hypothesis)."""
    table, rack = parse_tile_table("1K JK 1O JK"), parse_tiles("1R 2R 3K")
    play = best_play(table, rack, NEW_SET)
    assert play is not None and play.cards_played == 2 and play.exact
    assert judge_turn(table, rack, play.after, rules=NEW_SET).legal
    code, out, _ = run("hint", "--game", "rummikub", "--rule", "freed_joker=new-set",
                       "--table", "1K JK 1O JK", "--hand", "1R 2R 3K")
    assert code == 0 and out.startswith("Best play: 2 tiles")


@settings(max_examples=150, deadline=None, suppress_health_check=SLOW)
@given(positions())
def test_k16_joker_sets_locked_is_exact(position: Position) -> None:
    exact_against_the_referee(position, LOCKED)


@settings(max_examples=100, deadline=None, suppress_health_check=SLOW)
@given(positions(), st.sampled_from(["any", "rack"]), st.sampled_from(["either", "both"]))
def test_k14_k16_strict_rules_with_every_swap_rule_are_exact(
        position: Position, swap: str, group: str) -> None:
    rules = replace(STRICT, joker_swap=swap, joker_group=group)
    exact_against_the_referee(position, rules)


def brute_by_referee_points(table: list[tuple[AnyTile, ...]], rack: list[AnyTile],
                            rules: RummikubRules, initial: bool = False
                            ) -> tuple[int, int] | None:
    """The best (points, tiles) (or with ``initial``, (tiles, points)) the referee allows."""
    on_table = [t for s in table for t in s]
    best = None
    for sub in _sub_racks(rack):
        score = (len(sub), _points(sub, rules)) if initial else (_points(sub, rules), len(sub))
        if not sub or (best is not None and score <= best):
            continue
        tiles = tuple(sorted([*on_table, *sub], key=_key))
        if any(judge_turn(tuple(table), tuple(rack), tuple(p), rules=rules,
                          initial=initial).legal for p in _partitions(tiles, rules)):
            best = score
    return best


@settings(max_examples=50, deadline=None, suppress_health_check=SLOW)
@given(positions())
def test_k15_k16_strict_by_points_is_exact(position: Position) -> None:
    table, rack = position
    play = best_play(table, rack, STRICT, by="points")
    assert _score(play, "points") == brute_by_referee_points(table, rack, STRICT), (
        format_tile_table(table), format_tiles(rack))


@settings(max_examples=50, deadline=None, suppress_health_check=SLOW)
@given(positions(), st.sampled_from([10, 20, 30]))
def test_k10_continue_opening_under_the_strict_rules_is_exact(position: Position,
                                                              floor: int) -> None:
    table, rack = position
    rules = replace(STRICT, opening=floor, opening_turn="continue")
    play = best_play(table, rack, rules, initial=True)
    assert _score(play, "cards") == brute_by_referee_points(table, rack, rules, initial=True), (
        format_tile_table(table), format_tiles(rack))


# --- the cases the strict search has to find -----------------------------------------------

def test_k16_locked_set_extended_by_a_table_tile() -> None:
    # 8O leaves the run 8O 9O 10O 11O to extend the locked 5O JK 7O; 4O then joins too
    table = "5O JK 7O / 8O 9O 10O 11O"
    play = best_play(parse_tile_table(table), parse_tiles("4O 12O 2K"), LOCKED)
    assert play is not None and play.exact and play.cards_played == 2
    assert judge_turn(parse_tile_table(table), parse_tiles("4O 12O 2K"), play.after,
                      rules=LOCKED).legal


def test_k15_freed_joker_goes_to_a_new_set_of_two_rack_tiles() -> None:
    # E7 under new-set: 6O frees the joker, which makes 11B 12B JK with two rack tiles
    play = best_play(parse_tile_table("5O JK 7O / 3K 4K 5K"), parse_tiles("6O 11B 12B 2R"),
                     NEW_SET)
    assert play is not None and play.exact and play.cards_played == 3
    assert "11B 12B JK" in format_tile_table(play.after).split(" / ")


# --- K7 ones=wrap with a table ------------------------------------------------------------

@st.composite
def round_the_corner(draw: st.DrawFn) -> Position:
    """A table of runs near 13-1 (some going round, some holding a joker) and a rack of
    tiles near it."""
    table: list[tuple[AnyTile, ...]] = []
    for _ in range(draw(st.integers(0, 2))):
        colour, start = draw(st.sampled_from(COLOURS)), draw(st.integers(10, 13))
        tiles: list[AnyTile] = [Tile((start - 1 + i) % 13 + 1, colour)
                                for i in range(draw(st.integers(3, 4)))]
        if draw(st.integers(0, 3)) == 0:
            tiles[draw(st.integers(0, len(tiles) - 1))] = TileJoker()
        table.append(tuple(tiles))
    rack: list[AnyTile] = draw(st.lists(st.builds(Tile, st.sampled_from([1, 2, 3, 5, 11, 12, 13]),
                                                  st.sampled_from(COLOURS)),
                                        min_size=1, max_size=4))
    if draw(st.integers(0, 3)) == 0:
        rack.append(TileJoker())
    everything = [*(t for s in table for t in s), *rack]
    assume(all(n <= 2 for n in Counter(t for t in everything if isinstance(t, Tile)).values()))
    assume(sum(isinstance(t, TileJoker) for t in everything) <= 2)
    assume(all(readings(s, WRAP) for s in table))
    return table, rack


@settings(max_examples=150, deadline=None, suppress_health_check=SLOW)
@given(st.one_of(round_the_corner(), positions()))
def test_k7_ones_wrap_with_a_table_is_exact(position: Position) -> None:
    exact_against_the_referee(position, WRAP)


@settings(max_examples=100, deadline=None, suppress_health_check=SLOW)
@given(st.one_of(round_the_corner(), positions()))
def test_k7_ones_wrap_with_the_strict_joker_rules_is_exact(position: Position) -> None:
    exact_against_the_referee(position, STRICT.with_house_rules({"ones": "wrap"}))


def test_k7_cli_hint_plays_round_the_corner_on_a_table() -> None:
    code, out, err = run("hint", "--table", "12R 13R 1R / 5K 5B 5O", "--hand", "2R 11R 9K",
                         "--game", "rummikub", "--rule", "ones=wrap", "--json")
    assert code == 0, err
    assert json.loads(out)["cards_played"] == 2


def test_k7_cli_hint_too_big_with_runs_that_go_round_is_one_error_line() -> None:
    table = " / ".join(f"{n}K {n}B {n}O {n}R" for n in range(1, 14)) + " / 1K 2K 3K / 7R 8R 9R"
    rack = "4R 5R 6R 10K 11K 12K 13O 1O 2O JK JK 3B 4B 5B"
    code, _, err = run("hint", "--table", table, "--hand", rack, "--game", "rummikub",
                       "--rule", "ones=wrap")
    assert code == 2
    line = one_error_line(err)
    assert "ones=wrap" in line and "fewer tiles" in line
