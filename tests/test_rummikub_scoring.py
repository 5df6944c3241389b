"""Rummikub's scoring, K17-K24, the worked examples E10-E12 and the settled points 7, 9, 13:
pure functions, no files."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummy_cli.errors import RefusedError
from rummy_cli.games.rummikub import game as rummikub_game
from rummy_cli.games.rummikub.rules import PRESETS, RUMMIKUB, RuleError
from rummy_cli.games.rummikub.scoring import game_state, rack_points, score_round
from rummy_cli.players import EndsEarly
from rummy_cli.tiles import parse_tiles

FOUR = ("Ann", "Ben", "Cy", "Dee")
E11 = {"Ann": 12, "Ben": 7, "Cy": 31, "Dee": 20}


def _game(players: tuple[str, ...] = ("Ann", "Ben", "Cy"), **rules: object):
    return rummikub_game.new_game(players, first=players[0], rules=replace(RUMMIKUB, **rules))


# --- K17-K22: a round -------------------------------------------------------------------

def test_k17_the_player_out_holds_no_tile() -> None:
    game = _game()
    with pytest.raises(RefusedError, match="Ann went out, so Ann's rack is empty"):
        rummikub_game.record_round(game, "Ann", {"Ann": "5R", "Ben": 3, "Cy": 4})


def test_k17_only_one_player_goes_out() -> None:
    with pytest.raises(RefusedError, match="Ben's rack is empty too, but only Ann went out"):
        rummikub_game.record_round(_game(), "Ann", {"Ben": "", "Cy": 4})


def test_k18_an_empty_rack_when_the_pool_ran_out_is_refused() -> None:
    with pytest.raises(RefusedError, match="record it with --out Ben"):
        rummikub_game.record_round(_game(), None, {"Ann": 3, "Ben": 0, "Cy": 4})


def test_k19_a_rack_is_worth_its_numbers_and_a_joker_30() -> None:
    assert rack_points(parse_tiles("JK 5R 12B"), RUMMIKUB) == 47
    assert rack_points(parse_tiles("13O 11O 2R 9K"), RUMMIKUB) == 35
    assert rack_points(parse_tiles("JK 5R 12B"), replace(RUMMIKUB, joker_points=50)) == 67


def test_k20_e10_out_four_players() -> None:
    game = _game(FOUR)
    _, r = rummikub_game.record_round(game, "Ann", {"Ben": "JK 5R 12B", "Cy": "3K 3B",
                                               "Dee": "13O 11O 2R 9K"})
    assert r.rack_points == {"Ann": 0, "Ben": 47, "Cy": 6, "Dee": 35}
    assert r.scores == {"Ann": 88, "Ben": -47, "Cy": -6, "Dee": -35}
    assert (r.winners, r.remainder, r.end) == (("Ann",), 0, "out")


def test_k19_e10_with_a_joker_worth_25() -> None:
    game = _game(FOUR, joker_points=25)
    _, r = rummikub_game.record_round(game, "Ann", {"Ben": "JK 5R 12B", "Cy": "3K 3B",
                                               "Dee": "13O 11O 2R 9K"})
    assert (r.scores["Ben"], r.scores["Ann"]) == (-42, 83)


@pytest.mark.parametrize(("pool_out", "scores"), [
    ("difference", {"Ann": -5, "Ben": 42, "Cy": -24, "Dee": -13}),
    ("rack", {"Ann": -12, "Ben": 63, "Cy": -31, "Dee": -20}),
    ("mixed", {"Ann": -12, "Ben": 42, "Cy": -31, "Dee": -20}),
])
def test_k21_e11_pool_out_every_option(pool_out: str, scores: dict[str, int]) -> None:
    r = score_round(FOUR, E11, None, replace(RUMMIKUB, pool_out=pool_out))
    assert r.scores == scores
    assert (r.winners, r.remainder, r.end) == (("Ben",), 0, "pool-out")


def test_k21_e11_tie_for_lowest_shares_rounded_down() -> None:
    game = _game(FOUR)
    _, r = rummikub_game.record_round(game, None, {"Ann": "7R", "Ben": 7, "Cy": "JK 1O",
                                              "Dee": "4K 4R 12O"})
    assert r.winners == ("Ann", "Ben")
    assert r.scores == {"Ann": 18, "Ben": 18, "Cy": -24, "Dee": -13}
    assert r.remainder == 1


def test_settled_7_everybody_tied_nobody_scores() -> None:
    r = score_round(FOUR, dict.fromkeys(FOUR, 9), None, RUMMIKUB)
    assert r.scores == dict.fromkeys(FOUR, 0)
    assert r.winners == FOUR and r.remainder == 0


def test_settled_13_rack_option_ties_share_the_racks() -> None:
    racks = {"Ann": 7, "Ben": 7, "Cy": 31, "Dee": 20}
    r = score_round(FOUR, racks, None, replace(RUMMIKUB, pool_out="rack"))
    assert r.scores == {"Ann": 25, "Ben": 25, "Cy": -31, "Dee": -20}
    assert r.remainder == 1


def test_k22_a_player_who_never_opened_is_scored_like_the_others() -> None:
    # a full rack of 14 tiles: nothing about opening changes its worth
    rack = "1K 2K 3K 4K 5K 6K 7K 8K 9K 10K 11K 12K 13K JK"
    _, r = rummikub_game.record_round(_game(), "Ann", {"Ben": rack, "Cy": 1})
    assert r.scores == {"Ann": 122, "Ben": -121, "Cy": -1}


def test_k1_copies_across_the_racks_are_checked() -> None:
    with pytest.raises(RefusedError, match="7R appears 3 times"):
        rummikub_game.record_round(_game(), "Ann", {"Ben": "7R 7R", "Cy": "7R"})
    with pytest.raises(RefusedError, match="3 jokers"):
        rummikub_game.record_round(_game(), "Ann", {"Ben": "JK JK", "Cy": "JK"})
    xp = rummikub_game.new_game(FOUR, first="Ann", rules=PRESETS["rummikub-xp"])
    _, r = rummikub_game.record_round(xp, "Ann", {"Ben": "7R 7R", "Cy": "7R JK JK", "Dee": "JK"})
    assert r.rack_points["Cy"] == 67


def test_settled_8_a_total_above_every_tiles_worth_is_refused() -> None:
    with pytest.raises(RefusedError, match="788"):
        rummikub_game.record_round(_game(), "Ann", {"Ben": 789, "Cy": 1})
    xp = rummikub_game.new_game(FOUR, first="Ann", rules=PRESETS["rummikub-xp"])
    rummikub_game.record_round(xp, "Ann", {"Ben": 1212, "Cy": 1, "Dee": 1})
    with pytest.raises(RefusedError, match="1212"):
        rummikub_game.record_round(xp, "Ann", {"Ben": 1213, "Cy": 1, "Dee": 1})


def test_a_bound_joker_in_a_rack_is_refused() -> None:
    with pytest.raises(RefusedError, match="write it JK"):
        rummikub_game.record_round(_game(), "Ann", {"Ben": "JK=5R", "Cy": 1})


# --- K23, K24: the game -----------------------------------------------------------------

def _e12(**rules: object):
    game = _game(**rules)
    for out, racks in (("Ann", {"Ben": 14, "Cy": "JK 11B"}),
                       ("Cy", {"Ann": 9, "Ben": 22}),
                       (None, {"Ann": 6, "Ben": 9, "Cy": 4})):
        if game.state.game_over:
            break
        game, _ = rummikub_game.record_round(game, out, racks)
    return game


def test_e12_a_game_of_three_rounds() -> None:
    game = _e12()
    s = game.state
    assert [r.scores for r in game.results] == [
        {"Ann": 55, "Ben": -14, "Cy": -41}, {"Ann": -9, "Ben": -22, "Cy": 31},
        {"Ann": -2, "Ben": -5, "Cy": 7}]
    assert [x.points for x in s.standings] == [44, -41, -3]
    assert (s.game_over, s.over_after, s.winners, s.rounds_left) == (True, 3, ("Ann",), 0)


def test_k24_e12_winner_by_rounds() -> None:
    s = _e12(winner="rounds").state
    assert s.winners == ("Cy",)
    assert [x.rounds_won for x in s.standings] == [1, 0, 2]


def test_k23_e12_target_50_ends_after_round_1() -> None:
    game = _e12(target=50)
    s = game.state
    assert (len(game.rounds), s.over_after, s.winners, s.rounds_left) == (1, 1, ("Ann",), 0)
    assert s.reached == ("Ann",)


def test_k23_totals_may_be_negative() -> None:
    assert [x.total for x in _e12().state.standings] == [44, -41, -3]


def test_k23_rounds_default_to_one_per_player() -> None:
    assert _game().rules.rounds == 3
    assert _game(FOUR).rules.rounds == 4
    assert _game(rounds=5).rules.rounds == 5


def test_k23_no_round_after_the_end() -> None:
    with pytest.raises(RefusedError, match="the game is over"):
        rummikub_game.record_round(_e12(), "Ann", {"Ben": 1, "Cy": 1})


def test_k24_a_shared_win() -> None:
    game = _game(("Ann", "Ben"), rounds=2)
    game, _ = rummikub_game.record_round(game, "Ann", {"Ben": 10})
    game, _ = rummikub_game.record_round(game, "Ben", {"Ann": 10})
    assert game.state.winners == ("Ann", "Ben")


def test_k24_rounds_ties_go_to_the_higher_total() -> None:
    game = _game(("Ann", "Ben"), rounds=2, winner="rounds")
    game, _ = rummikub_game.record_round(game, "Ann", {"Ben": 10})
    game, _ = rummikub_game.record_round(game, "Ben", {"Ann": 4})
    assert game.state.winners == ("Ann",)


def test_settled_9_rounds_0_needs_a_target() -> None:
    with pytest.raises(RuleError, match="rounds=N or target=N"):
        RUMMIKUB.with_house_rules({"rounds": "0"})
    rules = RUMMIKUB.with_house_rules({"rounds": "0", "target": "100"})
    game = rummikub_game.new_game(FOUR, first="Ann", rules=rules)
    assert (game.rules.rounds, game.state.rounds_left) == (0, None)


def test_settled_9_the_next_game_keeps_rounds_unless_players_change() -> None:
    game = _e12(rounds=5)
    while not game.state.game_over:
        game, _ = rummikub_game.record_round(game, "Ann", {"Ben": 1, "Cy": 1})
    assert rummikub_game.next_game(game).rules.rounds == 5
    game3 = _e12()
    assert rummikub_game.next_game(game3, ("Ann", "Ben", "Cy", "Dee")).rules.rounds == 4
    assert rummikub_game.next_game(game3).rules.rounds == 3


def test_k2_next_game_first_player_left_of_the_last_games_last_one() -> None:
    game = _e12()  # rounds played first by Ann, Ben, Cy
    assert [e.first for e in game.rounds] == ["Ann", "Ben", "Cy"]
    assert rummikub_game.next_game(game).first == "Ann"
    assert rummikub_game.next_game(game, first="Ben").first == "Ben"


def test_settled_10_first_never_changes_a_score() -> None:
    game = _game()
    a, ra = rummikub_game.record_round(game, "Ann", {"Ben": 3, "Cy": 4})
    b, rb = rummikub_game.record_round(game, "Ann", {"Ben": 3, "Cy": 4}, first="Cy")
    assert ra.scores == rb.scores
    assert (a.rounds[0].first, b.rounds[0].first, b.proposed_first()) == ("Ann", "Cy", "Ann")


def test_fix_rescores_and_refuses_an_earlier_end() -> None:
    game = _e12(target=100, rounds=3)
    fixed, r = rummikub_game.fix_round(game, 1, "Ann", {"Ben": 14, "Cy": "JK 11B 13R"})
    assert r.scores["Ann"] == 68 and fixed.state.standings[0].points == 57
    with pytest.raises(EndsEarly, match="end after round 1"):
        rummikub_game.fix_round(game, 1, "Ann", {"Ben": 60, "Cy": 41})


def test_undo_takes_back_the_last_round() -> None:
    game = _e12()
    shorter, entry = rummikub_game.undo_round(game)
    assert (len(shorter.rounds), entry.out, shorter.state.game_over) == (2, None, False)


# --- laws -------------------------------------------------------------------------------

racks = st.lists(st.integers(1, 200), min_size=2, max_size=6)


@given(racks, st.sampled_from(["difference", "rack", "mixed"]), st.booleans())
def test_k22_scores_add_up_to_zero_but_for_mixed_or_a_remainder(
        points: list[int], pool_out: str, out: bool) -> None:
    players = tuple(f"P{i}" for i in range(len(points)))
    worth = dict(zip(players, points))
    if out:
        worth[players[0]] = 0
    r = score_round(players, worth, players[0] if out else None,
                    replace(RUMMIKUB, pool_out=pool_out))
    if out or pool_out != "mixed":
        assert sum(r.scores.values()) + r.remainder == 0
    if out or (pool_out != "mixed" and r.remainder == 0):
        assert sum(r.scores.values()) == 0


@given(racks, st.sampled_from(["difference", "rack", "mixed"]))
def test_k21_the_remainder_is_below_the_number_of_winners(points: list[int],
                                                          pool_out: str) -> None:
    players = tuple(f"P{i}" for i in range(len(points)))
    r = score_round(players, dict(zip(players, points)), None,
                    replace(RUMMIKUB, pool_out=pool_out))
    assert 0 <= r.remainder < len(r.winners)
    assert all(r.scores[w] >= 0 for w in r.winners)
    assert all(r.scores[p] <= 0 for p in players if p not in r.winners)


@given(st.lists(st.tuples(st.integers(0, 3), st.lists(st.integers(1, 60), min_size=3,
                                                       max_size=3)), max_size=8))
def test_k23_the_totals_are_the_sum_of_the_round_scores(rounds: list) -> None:
    players = ("Ann", "Ben", "Cy")
    rules = replace(RUMMIKUB, rounds=100)
    results = []
    for out, points in rounds:
        worth = dict(zip(players, points))
        who = players[out] if out < 3 else None
        if who:
            worth[who] = 0
        results.append(score_round(players, worth, who, rules))
    s = game_state(players, results, rules)
    for x in s.standings:
        assert x.total == sum(r.scores[x.name] for r in results)
