"""Rummikub's solver: ``arrange`` and ``hint --game rummikub`` (K3-K16, E2-E9).

The examples of the rules (E2-E9), every joker option, an exactness law against a brute
force that tries every partition of the tiles into legal sets, and, when the PyPI package
rummikub-solver is installed, the same answers as it where its model is ours.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace
from functools import lru_cache
from itertools import combinations, permutations, product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy_cli.games.rummikub.rules import PRESETS, RUMMIKUB, RummikubRules
from rummy_cli.games.rummikub.sets import joker_values, readings
from rummy_cli.games.rummikub.solve import TilePlay, arrange, best_play, suggest
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
from tests.clirun import one_error_line, run, unfolded

STRICT = PRESETS["rummikub-strict"]
XP = PRESETS["rummikub-xp"]


def hint(table: str, rack: str, rules: RummikubRules = RUMMIKUB, by: str = "cards",
         initial: bool = False) -> TilePlay | None:
    return best_play(parse_tile_table(table), parse_tiles(rack), rules, by=by,  # type: ignore[arg-type]
                     initial=initial)


def played(play: TilePlay | None) -> list[str]:
    assert play is not None
    return sorted(map(str, play.played))


def table_sets(play: TilePlay) -> set[str]:
    return set(format_tile_table(play.after).split(" / "))


# --- the examples ------------------------------------------------------------------------

def test_e6_manipulation_plays_three_tiles() -> None:
    play = hint("8K 8B 8O 8R / 10B 11B 12B", "9B 6K 7K 13R")
    assert play is not None and play.cards_played == 3 and play.points_shed == 22
    assert table_sets(play) == {"8B 8O 8R", "6K 7K 8K", "9B 10B 11B 12B"}
    assert [str(t) for t in play.hand_after] == ["13R"]


def test_e7_joker_freed_by_real_tile_and_reused() -> None:
    play = hint("5O JK 7O / 3K 4K 5K", "6O 11B 12B 2R")
    assert play is not None and play.cards_played == 3 and play.points_shed == 29
    assert table_sets(play) == {"5O 6O 7O", "3K 4K 5K", "11B 12B JK"}
    assert play.jokers_freed == 1


def test_e7_broken_up_k14_needs_the_real_tile_unless_rearrange() -> None:
    table, rack = "1K 2K JK / 1B 1O 1R / 2B 2O 2R", "11R 12R 5K"
    assert hint(table, rack) is None
    play = hint(table, rack, replace(RUMMIKUB, joker_free="rearrange"))
    assert play is not None and played(play) == ["11R", "12R"]
    assert "11R 12R JK" in table_sets(play)


def test_e8_the_best_play_with_e7s_tiles_is_e7() -> None:
    play = hint("5O JK 7O / 3K 4K 5K", "6O 11B 12B")
    assert play is not None and play.goes_out and play.cards_played == 3


def test_e8_suggestion_with_the_same_tiles() -> None:
    after = suggest(parse_tile_table("5O JK 7O / 3K 4K 5K"), parse_tiles("6O"))
    assert after is not None
    assert set(format_tile_table(after).split(" / ")) == {"5O 6O 7O JK", "3K 4K 5K"}
    assert suggest(parse_tile_table("3K 4K 5K"), parse_tiles("9R")) is None


def test_e9_most_tiles_then_most_points() -> None:
    table, rack = "3K 3B 3O 3R / 10K 11K 12K / 7O 8O 9O", "1B 2B 4B 4R 5R 13K 6O 13O"
    by_cards = hint(table, rack)
    assert by_cards is not None and (by_cards.cards_played, by_cards.points_shed) == (5, 26)
    assert played(by_cards) == ["13K", "1B", "2B", "4B", "6O"]
    by_points = hint(table, rack, by="points")
    assert by_points is not None and (by_points.cards_played, by_points.points_shed) == (4, 28)
    assert played(by_points) == ["13K", "4R", "5R", "6O"]


def test_e2_the_best_opening_adds_the_run() -> None:
    play = hint("", "10K 10B 10R 4O 5O 6O 2K 9B 11R 3R 13O 1K 7B 8K", initial=True)
    assert play is not None and play.cards_played == 6 and play.opening_value == 45
    assert table_sets(play) == {"10K 10B 10R", "4O 5O 6O"}


def test_e3_29_is_short_of_the_opening() -> None:
    rack = "5K 5B 5R 5O 2O 3O 4O 9K 11B 13R 7K 12B 8R 1K"
    assert hint("", rack, initial=True) is None
    play = hint("", rack, replace(RUMMIKUB, opening=29), initial=True)
    assert play is not None and play.cards_played == 7 and play.opening_value == 29


def test_e4_a_table_tile_never_counts_toward_the_opening() -> None:
    assert hint("10K 11K 12K", "13K 9B 9R 9O 2B 6R", initial=True) is None
    alone = hint("10K 11K 12K", "13K 9B 9R 9O 9K 2B 6R", initial=True)
    assert alone is not None and played(alone) == ["9B", "9K", "9O", "9R"]
    assert "10K 11K 12K" in table_sets(alone)
    go_on = hint("10K 11K 12K", "13K 9B 9R 9O 9K 2B 6R",
                 replace(RUMMIKUB, opening_turn="continue"), initial=True)
    assert go_on is not None and go_on.cards_played == 5 and go_on.opening_value == 36
    assert "10K 11K 12K 13K" in table_sets(go_on)


def test_e5_a_joker_in_the_opening_counts_its_best_value() -> None:
    play = hint("", "9R 10R JK 2K 4B 11O 6K", initial=True)
    assert play is not None and play.opening_value == 30
    assert hint("", "8R 9R JK 2K 4B 11O 6K", initial=True) is None
    assert hint("", "9R 10R JK 2K", replace(RUMMIKUB, opening=31), initial=True) is None
    assert hint("", "9R 10R JK 2K", replace(RUMMIKUB, opening_joker="zero"),
                initial=True) is None


def test_k9_opening_joker_no_keeps_jokers_out_of_the_opening() -> None:
    rules = replace(RUMMIKUB, opening_joker="no")
    play = hint("", "10K 10B 10R JK", rules, initial=True)
    assert play is not None and played(play) == ["10B", "10K", "10R"]


def test_settled_15_one_number_in_several_colours_opens() -> None:
    play = hint("", "11K 11B 11R 3O", initial=True)
    assert play is not None and play.opening_value == 33


def test_settled_5_a_joker_at_the_end_of_a_four_run() -> None:
    play = hint("5O JK 7O", "6O")
    assert play is not None and table_sets(play) == {"5O 6O 7O JK"}
    assert play.jokers_freed == 1


def test_k13_a_joker_in_a_four_group() -> None:
    play = hint("", "7K 7B 7R JK 2R")
    assert play is not None and table_sets(play) == {"7K 7B JK=7O 7R"}


def test_k3_no_play_means_draw() -> None:
    assert hint("3K 4K 5K", "9B 12R") is None


# --- the options -------------------------------------------------------------------------

def test_k14_joker_freed_by_table_tile_unless_swap_rack() -> None:
    table, rack = "5O JK 7O / 6K 6B 6O 6R", "11B 12B"
    play = hint(table, rack)
    assert play is not None and "11B 12B JK" in table_sets(play)
    assert hint(table, rack, replace(RUMMIKUB, joker_swap="rack")) is None


def test_k16_joker_group_both_needs_both_missing_tiles() -> None:
    table, rack = "7K 7B JK", "7O 11B 12B"
    either = hint(table, rack)
    assert either is not None and either.cards_played == 3
    both = hint(table, rack, replace(RUMMIKUB, joker_group="both"))
    assert both is not None and played(both) == ["7O"]
    freed = hint(table, "7O 7R 11B 12B", replace(RUMMIKUB, joker_group="both"))
    assert freed is not None and freed.cards_played == 4


def test_k15_freed_joker_new_set_falls_back_to_a_legal_play() -> None:
    table, rack = "5O JK 7O / 3K 4K 5K", "6O 6K"
    anywhere = hint(table, rack)
    assert anywhere is not None and anywhere.cards_played == 2
    new_set = hint(table, rack, replace(RUMMIKUB, freed_joker="new-set"))
    assert new_set is not None and played(new_set) == ["6K"]
    assert "5O JK 7O" in table_sets(new_set) or "5O JK=6O 7O" in table_sets(new_set)


def test_k16_joker_sets_locked_may_not_be_robbed() -> None:
    table, rack = "3B 4B 5B 6B JK", "3K 3R"
    play = hint(table, rack)
    assert play is not None and "3K 3B 3R" in table_sets(play)
    assert hint(table, rack, replace(RUMMIKUB, joker_sets="locked")) is None


def test_k16_locked_set_stays_while_other_tiles_play() -> None:
    play = hint("3B 4B 5B 6B JK / 8K 9K 10K", "3K 3R 11K", replace(RUMMIKUB, joker_sets="locked"))
    assert play is not None and played(play) == ["11K"] and play.exact
    assert "3B 4B 5B 6B JK" in table_sets(play)


def test_k7_ones_high_lets_1_follow_13() -> None:
    assert hint("", "12R 13R 1R") is None
    play = hint("", "12R 13R 1R", replace(RUMMIKUB, ones="high"))
    assert play is not None and play.cards_played == 3


def test_k7_ones_wrap_arranges_and_plays_on_a_table() -> None:
    rules = replace(RUMMIKUB, ones="wrap")
    assert arrange(parse_tiles("13R 1R 2R"), rules).possible
    assert not arrange(parse_tiles("13R 1R 2R")).possible
    play = hint("", "12R 13R 1R 2R 5K", rules)
    assert play is not None and play.cards_played == 4
    play = hint("3K 4K 5K / 12R 13R 1R", "6K 2R 9B", rules)
    assert play is not None and played(play) == ["2R", "6K"] and play.exact
    assert "12R 13R 1R 2R" in format_tile_table(play.after).split(" / ")


@pytest.mark.parametrize("game", sorted(PRESETS))
def test_every_preset_plays_e7(game: str) -> None:
    play = hint("5O JK 7O / 3K 4K 5K", "6O 11B 12B 2R", PRESETS[game])
    assert play is not None and play.cards_played == 3


def test_strict_preset_keeps_the_joker_where_freeing_it_breaks_k15() -> None:
    assert hint("5O JK 7O", "6O", STRICT) is None


def test_xp_jokers_alone_make_a_set() -> None:
    assert arrange(parse_tiles("JK JK JK JK"), XP).possible
    play = hint("", "JK JK JK 2R", XP, initial=True)
    assert play is not None and play.opening_value == 39


def test_arrange_declared_joker_and_leftovers() -> None:
    result = arrange(parse_tiles("5R 6R 7R 8R JK 9K 9B 2O"))
    assert not result.possible and [str(t) for t in result.unplaceable] == ["2O"]
    assert format_tile_table(result.sets) == "5R 6R 7R 8R / 9K 9B JK"


# --- the command line --------------------------------------------------------------------

def test_cli_hint_e7_json() -> None:
    code, out, _ = run("hint", "--table", "5O JK 7O / 3K 4K 5K", "--hand", "6O 11B 12B 2R",
                       "--game", "rummikub", "--json")
    doc = json.loads(out)
    assert code == 0
    assert set(doc) == {"cards_played", "points_shed", "played", "after", "hand_after",
                        "goes_out", "opening_value", "jokers_freed", "exact"}
    assert (doc["cards_played"], doc["points_shed"], doc["jokers_freed"]) == (3, 29, 1)
    assert doc["hand_after"] == ["2R"] and doc["goes_out"] is False
    assert doc["opening_value"] is None


def test_cli_hint_opening_text_and_json() -> None:
    args = ("hint", "--hand", "10K 10B 10R 4O 5O 6O 2K", "--game", "rummikub", "--initial")
    code, out, _ = run(*args)
    assert code == 0 and "worth 45" in out and "4O 5O 6O" in out
    code, out, _ = run(*args, "--json")
    assert json.loads(out)["opening_value"] == 45


def test_cli_hint_none_says_draw_one_tile() -> None:
    code, out, _ = run("hint", "--hand", "5K 5B 5R 2O 3O 4O", "--game", "rummikub",
                       "--initial")
    assert code == 1 and "Draw one tile (K3)." in out
    code, out, _ = run("hint", "--hand", "2R", "--table", "7K 8K 9K", "--game", "rummikub",
                       "--json")
    assert code == 1 and json.loads(out)["cards_played"] == 0


def test_cli_hint_rack_alias_and_going_out() -> None:
    code, out, _ = run("hint", "--rack", "7R 8R 9R", "--game", "rummikub")
    assert code == 0 and "You go out (K17)." in out


def test_cli_hint_by_value_alias() -> None:
    code, out, _ = run("hint", "--table", "3K 3B 3O 3R / 10K 11K 12K / 7O 8O 9O", "--hand",
                       "1B 2B 4B 4R 5R 13K 6O 13O", "--game", "rummikub", "--by", "value",
                       "--json")
    assert code == 0 and json.loads(out)["points_shed"] == 28


@pytest.mark.parametrize("args, says", [
    (("--decks", "2"), "--decks does not apply to Rummikub"),
    (("--draws", "2"), "--draws does not apply to Rummikub"),
    (("--rule", "ones=sideways"), "ones"),
    (("--hand", "JK=7R"), "a joker in a rack stands for nothing yet"),
    (("--hand", "7H"), "use --game manipulation"),
    (("--hand", "7R 7R 7R"), "7R appears 3 times"),
    (("--table", "5R 6R"), "the table before the turn is not legal"),
])
def test_cli_hint_refusals(args: tuple[str, ...], says: str) -> None:
    base = {"--hand": "7R"}
    words = list(args)
    if "--hand" not in words:
        words += ["--hand", base["--hand"]]
    code, _, err = run("hint", "--game", "rummikub", *words)
    assert code == 2 and says in one_error_line(err)


def test_cli_rule_and_initial_need_a_tile_game() -> None:
    code, _, err = run("hint", "--hand", "7H 8H 9H", "--initial")
    assert code == 2 and "--game rummikub" in err


def test_cli_arrange_tiles() -> None:
    code, out, _ = run("arrange", "5R 6R 7R 8R JK 9K 9B", "--game", "rummikub", "--json")
    assert code == 0 and json.loads(out)["melds"] == [["5R", "6R", "7R", "8R"],
                                                      ["9K", "9B", "JK"]]
    code, out, _ = run("arrange", "13R 1R 2R", "--game", "rummikub")
    assert code == 1 and "cannot be placed" in out
    code, _, err = run("arrange", "JK JK JK", "--game", "rummikub")
    assert code == 2 and "3 jokers" in err


# --- exactness: a brute force over every partition ----------------------------------------

def _points(tiles: Sequence[AnyTile], rules: RummikubRules) -> int:
    return sum(rules.joker_points if isinstance(t, TileJoker) else t.number for t in tiles)


def _key(t: AnyTile) -> tuple[int, int, int]:
    if isinstance(t, TileJoker):
        return (1, 0, 0)
    return (0, t.number, t.colour.order)


def _partitions(tiles: tuple[AnyTile, ...], rules: RummikubRules
                ) -> Iterator[list[tuple[AnyTile, ...]]]:
    """Every way to split ``tiles`` (sorted) into legal sets."""
    if not tiles:
        yield []
        return
    first, rest = tiles[0], tiles[1:]
    fits = [i for i, t in enumerate(rest)
            if isinstance(t, TileJoker) or isinstance(first, TileJoker)
            or t.number == first.number or t.colour == first.colour]
    seen = set()
    for size in range(2, min(13, len(fits)) + 1):
        for chosen in combinations(fits, size):
            group = (first, *(rest[i] for i in chosen))
            if group in seen or not readings(group, rules):
                continue
            seen.add(group)
            left = tuple(t for i, t in enumerate(rest) if i not in chosen)
            for more in _partitions(left, rules):
                yield [group, *more]


def _sub_racks(rack: Sequence[AnyTile]) -> Iterator[tuple[AnyTile, ...]]:
    items = sorted(Counter(rack).items(), key=lambda kv: _key(kv[0]))
    def walk(i: int) -> Iterator[tuple[AnyTile, ...]]:
        if i == len(items):
            yield ()
            return
        tile, n = items[i]
        for k in range(n + 1):
            for more in walk(i + 1):
                yield (tile,) * k + more
    yield from walk(0)


def _joint(sets: Sequence[tuple[AnyTile, ...]], rules: RummikubRules
           ) -> Iterator[list[tuple[int, Tile]]]:
    """Every joint reading of the sets' jokers (settled point 1): (set, tile) per joker."""
    per_set = [[[(i, v) for v in r.jokers] for r in readings(s, rules)]
               for i, s in enumerate(sets) if any(isinstance(t, TileJoker) for t in s)]
    for combo in product(*per_set):
        yield [pair for part in combo for pair in part]


def _joker_rules_hold(partition: list[tuple[AnyTile, ...]], table: list[tuple[AnyTile, ...]],
                      real_after: Counter[Tile], rules: RummikubRules) -> bool:
    """K14 (any, either, replace): each table joker keeps its tile or a real one frees it."""
    for before in _joint(table, rules):
        for after in _joint(partition, rules):
            for chosen in permutations(range(len(after)), len(before)):
                if all(after[k][1] == v or real_after[v]
                       for (_, v), k in zip(before, chosen)):
                    return True
    return False


def brute_hint(table: list[tuple[AnyTile, ...]], rack: list[AnyTile], rules: RummikubRules,
               by: str) -> tuple[int, int] | None:
    on_table = [t for s in table for t in s]
    best = None
    for sub in _sub_racks(rack):
        if not sub:
            continue
        score = (len(sub), _points(sub, rules))
        if by == "points":
            score = (score[1], score[0])
        if best is not None and score <= best:
            continue
        tiles = tuple(sorted([*on_table, *sub], key=_key))
        real_after = Counter(t for t in tiles if isinstance(t, Tile))
        if any(_joker_rules_hold(p, table, real_after, rules)
               for p in _partitions(tiles, rules)):
            best = score
    return best


def brute_opening(rack: list[AnyTile], rules: RummikubRules, by: str) -> tuple[int, int] | None:
    best = None
    for sub in _sub_racks(rack):
        if not sub:
            continue
        score = (len(sub), _points(sub, rules))
        if by == "points":
            score = (score[1], score[0])
        if best is not None and score <= best:
            continue
        for p in _partitions(tuple(sorted(sub, key=_key)), rules):
            worth = sum(max(r.value for r in readings(s, rules)) for s in p)
            if worth >= rules.opening:
                best = score
                break
    return best


def _score(play: TilePlay | None, by: str) -> tuple[int, int] | None:
    if play is None:
        return None
    return ((play.cards_played, play.points_shed) if by == "cards"
            else (play.points_shed, play.cards_played))


TILES = st.builds(Tile, st.integers(1, 13), st.sampled_from(COLOURS))


@st.composite
def small_sets(draw: st.DrawFn) -> tuple[AnyTile, ...]:
    """A legal set of 3-4 tiles, maybe holding a joker."""
    n = draw(st.integers(1, 13))
    colour = draw(st.sampled_from(COLOURS))
    if draw(st.booleans()):
        colours = draw(st.permutations(COLOURS))[:draw(st.integers(3, 4))]
        tiles: list[AnyTile] = [Tile(n, c) for c in colours]
    else:
        start = min(n, 11)
        top = min(13, start + draw(st.integers(2, 3)))
        tiles = [Tile(k, colour) for k in range(start, top + 1)]
    jokers = draw(st.sampled_from([0, 0, 1, 1, 2]))  # two: read jointly (settled point 1)
    for i in draw(st.permutations(range(len(tiles))))[:jokers]:
        tiles[i] = TileJoker()
    return tuple(tiles)


@st.composite
def positions(draw: st.DrawFn) -> tuple[list[tuple[AnyTile, ...]], list[AnyTile]]:
    table = draw(st.lists(small_sets(), max_size=2))
    rack: list[AnyTile] = draw(st.lists(TILES, min_size=1, max_size=4))
    if draw(st.integers(0, 3)) == 0:
        rack.append(TileJoker())
    everything = [*(t for s in table for t in s), *rack]
    counts = Counter(t for t in everything if isinstance(t, Tile))
    jokers = sum(isinstance(t, TileJoker) for t in everything)
    from hypothesis import assume

    assume(all(n <= 2 for n in counts.values()) and jokers <= 2)
    assume(all(readings(s) for s in table))
    return table, rack


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.filter_too_much])
@given(positions(), st.sampled_from(["cards", "points"]))
def test_hint_is_exact_against_a_brute_force(position: tuple[list[tuple[AnyTile, ...]],
                                                             list[AnyTile]], by: str) -> None:
    table, rack = position
    play = best_play(table, rack, RUMMIKUB, by=by)  # type: ignore[arg-type]
    assert _score(play, by) == brute_hint(table, rack, RUMMIKUB, by), (
        format_tile_table(table), format_tiles(rack))
    if play is not None:  # what it proposes is legal: every set, every tile accounted for
        assert all(readings([TileJoker() if isinstance(t, TileJoker) else t for t in s])
                   for s in play.after)
        assert Counter(map(str, (t for s in play.after for t in s if isinstance(t, Tile)))) == \
            Counter(map(str, (t for t in [*(x for s in table for x in s), *play.played]
                              if isinstance(t, Tile))))


@settings(max_examples=80, deadline=None)
@given(st.lists(TILES, min_size=3, max_size=8), st.integers(0, 1),
       st.sampled_from(["cards", "points"]), st.sampled_from([10, 20, 30]))
def test_opening_is_exact_against_a_brute_force(rack: list[AnyTile], jokers: int, by: str,
                                                 floor: int) -> None:
    from hypothesis import assume

    assume(all(n <= 2 for n in Counter(rack).values()))
    rack = [*rack, *[TileJoker()] * jokers]
    rules = replace(RUMMIKUB, opening=floor)
    play = best_play([], rack, rules, by=by, initial=True)  # type: ignore[arg-type]
    assert _score(play, by) == brute_opening(rack, rules, by), format_tiles(rack)


@lru_cache(maxsize=1)
def _theirs() -> object | None:
    try:
        import rummikub_solver
    except ImportError:
        return None
    return rummikub_solver


def _their_count(table: list[tuple[AnyTile, ...]], rack: list[AnyTile]) -> int:
    m = _theirs()
    rs = m.RuleSet(numbers=13, repeats=2, colours=4, jokers=2, min_len=3,  # type: ignore[attr-defined]
                   min_initial_value=30)
    order = {c: i for i, c in enumerate(COLOURS)}

    def num(t: AnyTile) -> int:
        return 53 if isinstance(t, TileJoker) else order[t.colour] * 13 + t.number

    state = rs.new_game()
    tiles = [num(t) for s in table for t in s]
    if tiles:
        state.add_table(*tiles)
    state.add_rack(*(num(t) for t in rack))
    state.initial = False
    solution = rs.solve(state, m.SolverMode.TILE_COUNT)  # type: ignore[attr-defined]
    return 0 if solution is None else len(solution.tiles)


@pytest.mark.skipif(_theirs() is None, reason="rummikub-solver is not installed")
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.filter_too_much])
@given(positions())
def test_same_tile_count_as_rummikub_solver_where_its_model_is_ours(
        position: tuple[list[tuple[AnyTile, ...]], list[AnyTile]]) -> None:
    table, rack = position
    from hypothesis import assume

    assume(not any(isinstance(t, TileJoker) for s in table for t in s))  # settled point 5
    play = best_play(table, rack, RUMMIKUB)
    ours = 0 if play is None else play.cards_played
    theirs = _their_count(table, rack)
    if ours != theirs:  # only a joker at the end of a 4+ run or in a 4-group (settled 5)
        assert play is not None and ours > theirs
        assert any(len(s) >= 4 and any(isinstance(t, TileJoker) for t in s) for s in play.after)


# --- the strict joker rules: never an illegal play, exact when it says so ------------------

def _strict_legal(table: list[tuple[AnyTile, ...]], after: list[tuple[AnyTile, ...]],
                  played: Sequence[AnyTile], rules: RummikubRules) -> bool:
    """K14-K16 with every option, the joker rules of one proposed table after the turn."""
    union = {i: joker_values(s, rules) for i, s in enumerate(table)}
    group3 = {i: len(s) == 3 and sum(isinstance(t, TileJoker) for t in s) == 1
              and {r.kind for r in readings(s, rules)} == {"group"} for i, s in enumerate(table)}
    from_rack = Counter(t for t in played if isinstance(t, Tile))
    on_table = Counter(t for s in after for t in s if isinstance(t, Tile))
    played_kinds = Counter("JK" if isinstance(t, TileJoker) else str(t) for t in played)
    present = from_rack if rules.joker_swap == "rack" else on_table
    if rules.joker_sets == "locked" and not _locked_kept(table, after, rules):
        return False
    for before in _joint(table, rules):
        for now in _joint(after, rules):
            for chosen in permutations(range(len(now)), len(before)):
                good = True
                for (i, v), k in zip(before, chosen):
                    where, tile = now[k]
                    if tile == v:  # kept
                        continue
                    if rules.joker_free == "rearrange":
                        freed = True
                    elif rules.joker_group == "both" and group3[i]:
                        freed = all(present[x] for x in union[i][0])
                    else:
                        freed = bool(present[v])
                    if freed and rules.freed_joker == "new-set":
                        kinds = Counter("JK" if isinstance(t, TileJoker) else str(t)
                                        for t in after[where])
                        freed = sum(min(n, played_kinds[x]) for x, n in kinds.items()) >= 2
                    good &= freed
                if good:
                    return True
    return False


def _locked_kept(table: list[tuple[AnyTile, ...]], after: list[tuple[AnyTile, ...]],
                 rules: RummikubRules) -> bool:
    """K16 locked: a set holding a joker stays together, or its joker's tile replaced it."""
    def kinds(tiles: Sequence[AnyTile]) -> Counter[str]:
        return Counter("JK" if isinstance(t, TileJoker) else str(t) for t in tiles)

    for s in table:
        if not any(isinstance(t, TileJoker) for t in s):
            continue
        if any(not kinds(s) - kinds(a) for a in after):
            continue
        reals = kinds([t for t in s if isinstance(t, Tile)])
        values = {str(v) for vs in joker_values(s, rules) for v in vs}
        if not any(not reals - kinds(a) and any(kinds(a)[v] > reals[v] for v in values)
                   for a in after):
            return False
    return True


def brute_strict(table: list[tuple[AnyTile, ...]], rack: list[AnyTile],
                 rules: RummikubRules) -> tuple[int, int] | None:
    on_table = [t for s in table for t in s]
    best = None
    for sub in _sub_racks(rack):
        score = (len(sub), _points(sub, rules))
        if not sub or (best is not None and score <= best):
            continue
        tiles = tuple(sorted([*on_table, *sub], key=_key))
        if any(_strict_legal(table, p, sub, rules) for p in _partitions(tiles, rules)):
            best = score
    return best


STRICT_OPTIONS = st.builds(
    lambda swap, group, freed, locked: replace(RUMMIKUB, joker_swap=swap, joker_group=group,
                                               freed_joker=freed, joker_sets=locked),
    st.sampled_from(["any", "rack"]), st.sampled_from(["either", "both"]),
    st.sampled_from(["anywhere", "new-set"]), st.sampled_from(["open", "locked"]))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.filter_too_much])
@given(positions(), STRICT_OPTIONS)
def test_strict_joker_rules_never_an_illegal_play(
        position: tuple[list[tuple[AnyTile, ...]], list[AnyTile]],
        rules: RummikubRules) -> None:
    table, rack = position
    play = best_play(table, rack, rules)
    best = brute_strict(table, rack, rules)
    if play is None:  # only the checked rules may miss a play (never propose a wrong one)
        assert best is None or rules.freed_joker == "new-set" or rules.joker_sets == "locked"
        return
    bare = [tuple(TileJoker() if isinstance(t, TileJoker) else t for t in s) for s in play.after]
    assert _strict_legal(table, bare, play.played, rules), (
        format_tile_table(table), format_tiles(rack), format_tile_table(play.after))
    score = _score(play, "cards")
    assert best is not None and score is not None and score <= best
    if play.exact:
        assert _score(play, "cards") == best, (format_tile_table(table), format_tiles(rack))


def _played_worth(played: Sequence[AnyTile], rules: RummikubRules) -> int:
    """The best worth of sets made of some of the played tiles alone, wherever the turn
    put them after (K10 ``continue``, settled point 2: the played tiles include them)."""
    best = 0
    for part in _sub_racks(played):
        for p in _partitions(tuple(sorted(part, key=_key)), rules):
            best = max(best, sum(max(r.value for r in readings(s, rules)) for s in p))
    return best


def brute_continue(table: list[tuple[AnyTile, ...]], rack: list[AnyTile],
                   rules: RummikubRules) -> tuple[int, int] | None:
    """K10 ``continue``: a legal turn whose played tiles include sets of their own worth
    the opening; the rest of the turn (the table after) is judged as any turn."""
    on_table = [t for s in table for t in s]
    best = None
    for sub in _sub_racks(rack):
        score = (len(sub), _points(sub, rules))
        if not sub or (best is not None and score <= best):
            continue
        if _played_worth(sub, rules) < rules.opening:
            continue
        tiles = tuple(sorted([*on_table, *sub], key=_key))
        real_after = Counter(t for t in tiles if isinstance(t, Tile))
        if any(_joker_rules_hold(p, table, real_after, rules)
               for p in _partitions(tiles, rules)):
            best = score
    return best


def test_k10_continue_opens_with_sets_the_rest_of_the_turn_takes_apart() -> None:
    """Settled point 2: under ``continue`` the played tiles need only include sets worth
    the opening. 4K 4B JK (12) opens; then 4K frees the table's joker, which goes with the
    rack's into 1B JK JK 4B: all four tiles, though no set of the table after is the
    player's own (found by hypothesis against a brute force that asked for one)."""
    table, rack = parse_tile_table("JK 2K 3K"), parse_tiles("1B 4K 4B JK")
    rules = replace(RUMMIKUB, opening=10, opening_turn="continue")
    play = best_play(table, rack, rules, initial=True)
    assert play is not None and play.cards_played == 4 and play.opening_value == 12
    assert brute_continue(table, rack, rules) == (4, _points(rack, rules))
    code, out, _ = run("check", "turn", "--game", "rummikub", "--rule", "opening=10",
                       "--rule", "opening_turn=continue", "--initial", "--before", "JK 2K 3K",
                       "--rack", "1B 4K 4B JK", "--after", "2K 3K 4K / 1B JK=2B JK=3B 4B")
    assert code == 0 and out.startswith("LEGAL turn.")
    assert "The played tiles make sets of their own worth 12 (opens" in unfolded(out)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.filter_too_much])
@given(positions(), st.sampled_from([10, 20, 30]))
def test_k10_continue_opening_is_exact_against_a_brute_force(
        position: tuple[list[tuple[AnyTile, ...]], list[AnyTile]], floor: int) -> None:
    table, rack = position
    rules = replace(RUMMIKUB, opening=floor, opening_turn="continue")
    play = best_play(table, rack, rules, initial=True)
    assert _score(play, "cards") == brute_continue(table, rack, rules), (
        format_tile_table(table), format_tiles(rack))
    if play is not None:
        assert play.opening_value is not None and play.opening_value >= floor


OPTIONS = st.builds(
    lambda swap, group, freed, locked, free, ones: replace(
        RUMMIKUB, joker_swap=swap, joker_group=group, freed_joker=freed, joker_sets=locked,
        joker_free=free, ones=ones),
    st.sampled_from(["any", "rack"]), st.sampled_from(["either", "both"]),
    st.sampled_from(["anywhere", "new-set"]), st.sampled_from(["open", "locked"]),
    st.sampled_from(["replace", "rearrange"]), st.sampled_from(["low", "high"]))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.filter_too_much])
@given(positions(), OPTIONS, st.booleans(), st.sampled_from(["alone", "continue"]),
       st.sampled_from(["cards", "points"]))
def test_the_referee_finds_every_hint_legal(
        position: tuple[list[tuple[AnyTile, ...]], list[AnyTile]], rules: RummikubRules,
        initial: bool, turn: str, by: str) -> None:
    """K8-K16: ``check turn`` (the referee, written apart) passes every play the hint gives."""
    table, rack = position
    rules = replace(rules, opening=10, opening_turn=turn)
    play = best_play(table, rack, rules, by=by, initial=initial)  # type: ignore[arg-type]
    if play is None:
        return
    verdict = judge_turn(tuple(table), rack, play.after, rules=rules, initial=initial)
    assert verdict.legal, (format_tile_table(table), format_tiles(rack),
                           format_tile_table(play.after), verdict.violations)


def _their_opening(rack: list[AnyTile]) -> int:
    m = _theirs()
    rs = m.RuleSet(numbers=13, repeats=2, colours=4, jokers=2, min_len=3,  # type: ignore[attr-defined]
                   min_initial_value=30)
    order = {c: i for i, c in enumerate(COLOURS)}
    state = rs.new_game()
    state.add_rack(*(order[t.colour] * 13 + t.number for t in rack if isinstance(t, Tile)))
    solution = rs.solve(state, m.SolverMode.INITIAL)  # type: ignore[attr-defined]
    return 0 if solution is None else len(solution.tiles)


@pytest.mark.skipif(_theirs() is None, reason="rummikub-solver is not installed")
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.lists(TILES, min_size=6, max_size=16))
def test_same_opening_as_rummikub_solver_where_its_model_is_ours(rack: list[AnyTile]) -> None:
    """Openings without jokers, on an empty table; its opening mode gives up when the rack's
    distinct numbers add up to less than the opening (settled point 15): not compared."""
    from hypothesis import assume

    assume(all(n <= 2 for n in Counter(rack).values()))
    assume(sum({t.number for t in rack if isinstance(t, Tile)}) >= RUMMIKUB.opening)
    play = best_play([], rack, RUMMIKUB, initial=True)
    assert (0 if play is None else play.cards_played) == _their_opening(rack), format_tiles(rack)


# --- check turn's suggestion: the exact solver first ---------------------------------------

BIG_TABLE = ("1K 1B 1O / 10K 11K 12K 13K / 5B 5O 5K 5R / 4R 5R 6R 7R / 2K 3K 4K 5K 6K / "
             "11K 11B 11R / 11O 12O 13O / 5B 6B 7B / 4R 4K 4O / 1O 1B 1R / 3O 4O 5O / "
             "9B 10B 11B 12B 13B / 7R 7O 7B / 13R 13B 13O 13K / 3O 3R 3K 3B / 8R 9R 10R / "
             "10K 10O 10R")
BIG_PLAYED = "1K 9K 3B 4B 4B 8B 9B 2O 6O 8O 11O 6R 12R JK"


def test_k8_suggestion_on_a_table_of_60_comes_from_the_exact_solver() -> None:
    from rummy_cli.games.rummikub import suggest as quick

    before, tiles = parse_tile_table(BIG_TABLE), parse_tiles(BIG_PLAYED)
    found = quick.suggest(before, tiles, tiles)
    assert found is not None
    verdict = judge_turn(before, tiles, found)
    assert verdict.legal and sorted(map(str, verdict.played)) == sorted(map(str, tiles))
    assert found[:3] == before[:3] or any(s in found for s in before)  # table sets kept


def test_k8_cli_check_turn_suggests_on_a_large_table() -> None:
    after = f"{BIG_TABLE} / {BIG_PLAYED}"
    code, out, _ = run("check", "turn", "--game", "rummikub", "--before", BIG_TABLE,
                       "--rack", BIG_PLAYED + " 2B", "--after", after, "--json")
    assert code == 1
    doc = json.loads(out)
    assert doc["violations"][0]["code"] == "illegal-meld"
    assert doc["suggestion"] is not None
    again = judge_turn(parse_tile_table(BIG_TABLE), parse_tiles(BIG_PLAYED + " 2B"),
                       tuple(tuple(parse_tiles(" ".join(s))) for s in doc["suggestion"]))
    assert again.legal and len(again.played) == 14


def test_k8_no_suggestion_when_no_legal_table_plays_the_tiles() -> None:
    from rummy_cli.games.rummikub.suggest import exact_suggestion

    before = parse_tile_table("3K 4K 5K")
    assert exact_suggestion(before, parse_tiles("9R 2B"), parse_tiles("9R")) == (None, True)


def test_k7_ones_wrap_with_a_table_comes_from_the_exact_solver() -> None:
    from rummy_cli.games.rummikub.suggest import exact_suggestion

    wrap = RUMMIKUB.with_house_rules({"ones": "wrap"})
    before, tiles = parse_tile_table("12R 13R 1R / 5K 5B 5O"), parse_tiles("2R")
    found, final = exact_suggestion(before, tiles, tiles, wrap)
    assert final and found is not None and judge_turn(before, tiles, found, rules=wrap).legal
    assert exact_suggestion(before, parse_tiles("9K"), parse_tiles("9K"), wrap) == (None, True)


def test_k15_strict_suggestion_is_legal_under_the_strict_rules() -> None:
    from rummy_cli.games.rummikub.suggest import suggest as quick_first

    before, rack = parse_tile_table("5O JK 7O / 3K 4K 5K"), parse_tiles("6O 11B 12B 2R")
    assert quick_first(before, rack, parse_tiles("6O"), STRICT) is None  # no new set for JK
    found = quick_first(before, rack, parse_tiles("6O 11B 12B"), STRICT)
    assert found is not None and judge_turn(before, rack, found, rules=STRICT).legal
    assert "11B 12B JK" in format_tile_table(found).split(" / ")


SMALL_SETS = ["3K 4K 5K", "5O JK 7O", "8K 8B 8O 8R", "10B 11B 12B", "1R 2R 3R 4R", "9O 9R JK",
              "6B 7B 8B"]
LOOSE = parse_tiles("6O 2K 6K 9B 5R 13B 8O 4O 9K 1R")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(SMALL_SETS), max_size=3, unique=True),
       st.lists(st.sampled_from(range(len(LOOSE))), min_size=1, max_size=4, unique=True))
def test_k8_the_exact_suggestion_finds_whatever_the_quick_search_finds(
        sets: list[str], picks: list[int]) -> None:
    from rummy_cli.games.rummikub.suggest import exact_suggestion, quick_suggestion

    before = parse_tile_table(" / ".join(sets)) if sets else ()
    tiles = [LOOSE[i] for i in picks]
    exact, final = exact_suggestion(before, tiles, tiles)
    assert final
    if exact is not None:
        assert judge_turn(before, tiles, exact).legal
    if quick_suggestion(before, tiles, tiles) is not None:
        assert exact is not None


# --- the strict joker rules: cases a brute force over the referee found --------------------

def test_k16_locked_sets_may_grow_when_the_best_play_breaks_them() -> None:
    # the best play robs 4R from the run holding a joker; under the strict rules the run
    # and the group holding a joker may only grow: 3R and 6O
    play = hint("4R JK 6R 7R / JK 6B 6R", "10K 4O 6O 3R 4B", STRICT)
    assert play is not None and played(play) == ["3R", "6O"] and play.exact
    assert judge_turn(parse_tile_table("4R JK 6R 7R / JK 6B 6R"),
                      parse_tiles("10K 4O 6O 3R 4B"), play.after, rules=STRICT).legal


def test_k15_new_set_counts_identical_tiles_alike() -> None:
    # 10R frees the joker of the 10s; 11R JK 13R is a new set with two rack tiles, whichever
    # 13R (the rack's or the table's) the search put there
    table, rack = "10O 10B 10K JK / JK 13R 13K", "4K 13R 10R 11R"
    play = hint(table, rack, RUMMIKUB.with_house_rules({"freed_joker": "new-set"}))
    assert play is not None and played(play) == ["10R", "11R", "13R"] and play.exact
    play = hint(table, rack, STRICT)
    assert play is not None and played(play) == ["10R", "11R", "13R"]
    assert judge_turn(parse_tile_table(table), parse_tiles(rack), play.after,
                      rules=STRICT).legal


def test_k16_locked_group_gets_its_real_tile_and_the_joker_a_new_set() -> None:
    # the best play moves 7B into 4B JK 6B 7B, robbing the locked group; 7K from the rack
    # takes the joker's place instead, and the joker makes 4B 5B 6B with two rack tiles
    table, rack = "7B 7O JK 7R", "6B 2K 4B 7K 5O"
    play = hint(table, rack, STRICT)
    assert play is not None and played(play) == ["4B", "6B", "7K"]
    assert judge_turn(parse_tile_table(table), parse_tiles(rack), play.after, rules=STRICT).legal


def test_k16_table_sets_put_back_never_break_a_locked_set() -> None:
    table = ("4O 5O JK 7O / 10K 11K 12K / 4K 5K 6K / 9K 10K 11K 12K / 1B 2B 3B 4B / "
             "3B 3R 3O 3K / 2O 3O 4O / 5O 6O 7O 8O 9O / 2R 3R 4R 5R / 2O 2R 2B / "
             "9B 10B 11B 12B / 13B 13R 13K / 8O 9O 10O 11O / 5B 6B 7B / "
             "8B 9B 10B 11B 12B 13B / 13O 13K 13R")
    rack = "12R 11R 4K 1R 12O 9R 8R 5B 11R 6R 1R 7K 8R 10O"
    play = hint(table, rack, STRICT)
    assert play is not None
    assert judge_turn(parse_tile_table(table), parse_tiles(rack), play.after, rules=STRICT).legal


def brute_by_referee(table: list[tuple[AnyTile, ...]], rack: list[AnyTile],
                     rules: RummikubRules) -> tuple[int, int] | None:
    """The best (tiles, points) over every sub-rack and partition the referee finds legal."""
    on_table = [t for s in table for t in s]
    best = None
    for sub in _sub_racks(rack):
        score = (len(sub), _points(sub, rules))
        if not sub or (best is not None and score <= best):
            continue
        tiles = tuple(sorted([*on_table, *sub], key=_key))
        if any(judge_turn(tuple(table), tuple(rack), tuple(p), rules=rules).legal
               for p in _partitions(tiles, rules)):
            best = score
    return best


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.filter_too_much])
@given(positions())
def test_k15_k16_strict_hint_against_a_brute_force_over_the_referee(
        position: tuple[list[tuple[AnyTile, ...]], list[AnyTile]]) -> None:
    table, rack = position
    play = best_play(table, rack, STRICT)
    truth = brute_by_referee(table, rack, STRICT)
    ours = _score(play, "cards")
    if play is None or play.exact:
        assert ours == truth
    else:  # the fallback: legal, maybe not the best
        assert ours is not None and truth is not None and ours <= truth
