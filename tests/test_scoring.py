"""Scoring (R16-R27) and the deal (R4), named after the rule ids of RULES.md."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_cli.cards import Card, Joker, Suit, parse_card, parse_cards
from rummy_cli.errors import RefusedError
from rummy_cli.games.manipulation.rules import MANIPULATION_RUMMY, Rules
from rummy_cli.games.manipulation.scoring import (
    RoundResult,
    card_points,
    dealer_of,
    game_state,
    hand_points,
    leader_of,
    round_winners,
    score_round,
)

EXAMPLES = Path("/work/shared/examples/games.yaml")


# --- R16: card points ------------------------------------------------------------------

@pytest.mark.parametrize(("card", "points"), [
    ("JK", 25), ("JOKER", 25),
    ("JS", 10), ("QH", 10), ("KD", 10),
    ("10C", 10), ("TC", 10), ("9S", 9), ("5H", 5), ("2D", 2),
    ("AS", 1), ("AH", 1),
])
def test_r16_card_points(card: str, points: int) -> None:
    assert card_points(parse_card(card)) == points


@pytest.mark.parametrize("suit", list(Suit))
def test_r16_every_rank_of_every_suit(suit: Suit) -> None:
    expected = {1: 1, **{n: n for n in range(2, 11)}, 11: 10, 12: 10, 13: 10}
    assert {r: card_points(Card(r, suit)) for r in range(1, 14)} == expected


def test_r16_a_declared_joker_still_costs_25() -> None:
    assert card_points(Joker(Card(2, Suit("H")))) == 25


@pytest.mark.parametrize(("hand", "points"), [
    ("", 0),
    ("AS", 1),
    ("AS 2H JK", 28),
    ("QH JH 3C", 23),   # games.yaml, knocker-wins-two-players (Kim)
    ("2D 2S", 4),
    ("9H 9C", 18),
    ("KS KH KD KC 10S", 50),
    ("JK JK", 50),
])
def test_r16_hand_points(hand: str, points: int) -> None:
    assert hand_points(parse_cards(hand)) == points


def test_r16_points_come_from_the_rules_object() -> None:
    house = Rules(joker_points=50, face_points=11, ace_points=15)
    assert hand_points(parse_cards("JK QS AH 7D"), house) == 50 + 11 + 15 + 7


# --- R17: the knock limit --------------------------------------------------------------

@pytest.mark.parametrize("knocker_points", [0, 1, 4, 5])
def test_r17_knock_with_5_or_fewer_is_scored(knocker_points: int) -> None:
    result = score_round(["A", "B"], {"A": knocker_points, "B": 30}, knocker="A")
    assert result.winners == ("A",)
    assert result.knocker == "A"


@pytest.mark.parametrize("knocker_points", [6, 10, 25, 99])
def test_r17_knock_over_5_is_refused(knocker_points: int) -> None:
    with pytest.raises(RefusedError, match=r"R17") as info:
        score_round(["A", "B"], {"A": knocker_points, "B": 30}, knocker="A")
    assert f"{knocker_points} points" in str(info.value)
    assert "5 or fewer" in str(info.value)


def test_r17_only_the_knocker_is_limited() -> None:
    result = score_round(["A", "B", "C"], {"A": 5, "B": 80, "C": 200}, knocker="A")
    assert result.scores == {"A": 75 + 195, "B": 0, "C": 0}


def test_r17_the_limit_is_a_rule() -> None:
    score_round(["A", "B"], {"A": 7, "B": 9}, "A", Rules(knock_limit=7))
    with pytest.raises(RefusedError):
        score_round(["A", "B"], {"A": 4, "B": 9}, "A", Rules(knock_limit=3))


# --- R18-R23: scoring a round ----------------------------------------------------------

# (id, hand points in seat order, knocker or None, winners, scores, undercut)
ROUNDS: list[tuple[str, dict[str, int], str | None, tuple[str, ...], dict[str, int], bool]] = [
    # R19/R20: the knocker is lowest and wins
    ("r20_two_players_difference",
     {"A": 2, "B": 14}, "A", ("A",), {"A": 12, "B": 0}, False),
    ("r20_three_players_sum_of_differences",
     {"A": 1, "B": 10, "C": 20}, "A", ("A",), {"A": 9 + 19, "B": 0, "C": 0}, False),
    ("r20_five_players_sum_of_differences",
     {"A": 3, "B": 5, "C": 7, "D": 10, "E": 25}, "A", ("A",),
     {"A": 2 + 4 + 7 + 22, "B": 0, "C": 0, "D": 0, "E": 0}, False),
    ("r20_knocker_need_not_be_first_seat",
     {"A": 40, "B": 9, "C": 4}, "C", ("C",), {"A": 0, "B": 0, "C": 36 + 5}, False),
    # R19/R21: a lower non-knocker wins and undercuts
    ("r21_two_players_undercut",
     {"A": 5, "B": 3}, "A", ("B",), {"A": 0, "B": 2 + 10}, True),
    ("r21_worked_example_ben_29",
     {"Ann": 3, "Ben": 2, "Cy": 20}, "Ann", ("Ben",), {"Ann": 0, "Ben": 29, "Cy": 0}, True),
    ("r21_only_the_strictly_lowest_undercuts",
     {"A": 5, "B": 3, "C": 4}, "A", ("B",), {"A": 0, "B": 2 + 1 + 10, "C": 0}, True),
    # R22: the knocker ties
    ("r22_knocker_ties_one_two_players",
     {"A": 3, "B": 3}, "A", ("B",), {"A": 0, "B": 0 + 10}, True),
    ("r22_knocker_ties_one",
     {"A": 4, "B": 4, "C": 10}, "A", ("B",), {"A": 0, "B": 6 + 10, "C": 0}, True),
    ("r22_knocker_ties_two",
     {"A": 4, "B": 4, "C": 4, "D": 9}, "A", ("B", "C"),
     {"A": 0, "B": 5 + 10, "C": 5 + 10, "D": 0}, True),
    ("r22_knocker_ties_four",
     {"A": 2, "B": 2, "C": 2, "D": 2, "E": 2}, "C", ("A", "B", "D", "E"),
     {"A": 10, "B": 10, "C": 0, "D": 10, "E": 10}, True),
    ("r22_general_two_lowest_below_the_knocker",
     {"A": 5, "B": 2, "C": 2, "D": 9}, "A", ("B", "C"),
     {"A": 0, "B": 3 + 7 + 10, "C": 3 + 7 + 10, "D": 0}, True),
    ("r22_general_knocker_tied_but_another_is_lower",
     {"A": 5, "B": 5, "C": 2}, "A", ("C",), {"A": 0, "B": 0, "C": 3 + 3 + 10}, True),
    # R18: the stock ran out
    ("r18_stock_out_lowest_wins_without_undercut",
     {"A": 12, "B": 30, "C": 14}, None, ("A",), {"A": 20, "B": 0, "C": 0}, False),
    ("r18_stock_out_ties_all_win",
     {"A": 7, "B": 7, "C": 10}, None, ("A", "B"), {"A": 3, "B": 3, "C": 0}, False),
    ("r18_stock_out_everybody_equal",
     {"A": 8, "B": 8, "C": 8}, None, ("A", "B", "C"), {"A": 0, "B": 0, "C": 0}, False),
    ("r18_stock_out_high_totals_allowed",
     {"A": 40, "B": 60}, None, ("A",), {"A": 20, "B": 0}, False),
    # R23: going out (a winner with an empty hand)
    ("r23_knocker_goes_out",
     {"A": 0, "B": 10, "C": 15}, "A", ("A",), {"A": 25 + 25, "B": 0, "C": 0}, False),
    ("r23_undercutter_goes_out",
     {"A": 3, "B": 0, "C": 12}, "A", ("B",), {"A": 0, "B": 3 + 12 + 10 + 25, "C": 0}, True),
    ("r23_knocker_goes_out_and_ties",
     {"A": 0, "B": 0, "C": 6}, "A", ("B",), {"A": 0, "B": 6 + 10 + 25, "C": 0}, True),
    ("r23_going_out_in_a_stock_out",
     {"A": 0, "B": 8}, None, ("A",), {"A": 8 + 25, "B": 0}, False),
    ("r23_two_go_out_in_a_stock_out",
     {"A": 0, "B": 0, "C": 4}, None, ("A", "B"), {"A": 4 + 25, "B": 4 + 25, "C": 0}, False),
]


@pytest.mark.parametrize(("points", "knocker", "winners", "scores", "undercut"),
                         [case[1:] for case in ROUNDS], ids=[case[0] for case in ROUNDS])
def test_score_round_table(points: dict[str, int], knocker: str | None,
                           winners: tuple[str, ...], scores: dict[str, int],
                           undercut: bool) -> None:
    result = score_round(list(points), points, knocker)
    assert result.winners == winners
    assert result.scores == scores
    assert result.undercut is undercut
    assert result.hand_points == points
    assert result.knocker == knocker
    assert result.went_out == tuple(w for w in winners if points[w] == 0)


def test_r19_only_winners_score_everyone_else_zero() -> None:
    result = score_round(["A", "B", "C", "D"], {"A": 1, "B": 50, "C": 9, "D": 3}, "A")
    assert [p for p, s in result.scores.items() if s] == ["A"]
    assert result.differences == {"A": 49 + 8 + 2}


def test_r22_knocker_scores_nothing_when_tied() -> None:
    result = score_round(["A", "B", "C"], {"A": 5, "B": 5, "C": 5}, "A")
    assert result.scores["A"] == 0
    assert "A" not in result.winners


def test_r21_r23_bonuses_come_from_the_rules_object() -> None:
    house = Rules(undercut_bonus=30, going_out_bonus=50)
    result = score_round(["A", "B"], {"A": 3, "B": 0}, "A", house)
    assert result.scores == {"A": 0, "B": 3 + 30 + 50}


def test_score_round_reports_in_seat_order() -> None:
    result = score_round(["C", "A", "B"], {"A": 9, "B": 2, "C": 2}, None)
    assert list(result.scores) == ["C", "A", "B"]
    assert result.winners == ("C", "B")


@pytest.mark.parametrize(("points", "knocker", "expected"), [
    ({"A": 3, "B": 3, "C": 3}, "A", (("B", "C"), True)),
    ({"A": 2, "B": 3}, "A", (("A",), False)),
    ({"A": 2, "B": 3}, None, (("A",), False)),
    ({"A": 2, "B": 2}, None, (("A", "B"), False)),
])
def test_r19_r22_round_winners(points: dict[str, int], knocker: str | None,
                               expected: tuple[tuple[str, ...], bool]) -> None:
    assert round_winners(points, knocker) == expected


# --- the public examples ---------------------------------------------------------------

def _examples() -> list[dict]:  # type: ignore[type-arg]
    if not EXAMPLES.exists():
        return []
    return list(yaml.safe_load(EXAMPLES.read_text(encoding="utf-8")))


def _round_points(rnd: dict) -> dict[str, int]:  # type: ignore[type-arg]
    if "points" in rnd:
        return {p: int(v) for p, v in rnd["points"].items()}
    return {p: hand_points(parse_cards(str(h))) for p, h in rnd["hands"].items()}


@pytest.mark.skipif(not EXAMPLES.exists(), reason="shared examples not available")
@pytest.mark.parametrize("example", _examples(), ids=lambda e: e["id"])
def test_games_yaml_examples(example: dict) -> None:  # type: ignore[type-arg]
    players = example["players"]
    for rnd in example["rounds"]:
        end = rnd["end"]
        knocker = None if end == "stock-out" else end.removeprefix("knock ").strip()
        result = score_round(players, _round_points(rnd), knocker)
        assert result.scores == rnd["scores"]
        assert list(result.winners) == rnd["winners"]


@pytest.mark.skipif(not EXAMPLES.exists(), reason="shared examples not available")
def test_games_yaml_has_the_three_known_cases() -> None:
    assert {e["id"] for e in _examples()} >= {
        "undercut-three-players", "knocker-wins-two-players", "stock-runs-out"}


# --- R24-R27: the end of the game ------------------------------------------------------

def _won(scores: dict[str, int], winners: tuple[str, ...] | None = None) -> RoundResult:
    """A round result with these scores; the winners are those who scored unless given."""
    if winners is None:
        winners = tuple(p for p, s in scores.items() if s > 0)
    return RoundResult(knocker=None, hand_points={p: 0 for p in scores}, winners=winners,
                       scores=dict(scores), differences={w: scores[w] for w in winners},
                       undercut=False, went_out=())


def test_r24_not_over_below_150() -> None:
    state = game_state(["A", "B"], [_won({"A": 100, "B": 0}), _won({"A": 49, "B": 0})])
    assert not state.game_over
    assert state.winners == ()
    assert state.over_after is None
    assert [s.total for s in state.standings] == [149, 0]


@pytest.mark.parametrize("last", [1, 50, 400])
def test_r24_over_at_150_or_more_after_a_round(last: int) -> None:
    rounds = [_won({"A": 149, "B": 0}), _won({"A": last, "B": 0})]
    state = game_state(["A", "B"], rounds)
    assert state.game_over
    assert state.over_after == 2
    assert state.rounds_played == 2


def test_r24_exactly_150_ends_the_game() -> None:
    state = game_state(["A", "B"], [_won({"A": 0, "B": 150})])
    assert state.game_over
    assert state.over_after == 1


def test_r24_target_is_a_rule() -> None:
    rounds = [_won({"A": 100, "B": 0})]
    assert game_state(["A", "B"], rounds, Rules(target=100)).game_over
    assert not game_state(["A", "B"], rounds).game_over


def test_r25_every_player_at_150_gets_100() -> None:
    # one round, two winners, both cross 150
    rounds = [_won({"A": 140, "B": 140, "C": 0}),
              _won({"A": 20, "B": 15, "C": 0}, winners=("A", "B"))]
    state = game_state(["A", "B", "C"], rounds)
    lines = {s.name: s for s in state.standings}
    assert state.game_over
    assert lines["A"].game_bonus == 100
    assert lines["B"].game_bonus == 100
    assert lines["C"].game_bonus == 0


def test_r25_r26_bonuses_only_when_the_game_is_over() -> None:
    rounds = [_won({"A": 40, "B": 0}), _won({"A": 0, "B": 30}), _won({"A": 10, "B": 0})]
    state = game_state(["A", "B"], rounds)
    assert not state.game_over
    for line in state.standings:
        assert line.round_bonus == 0
        assert line.game_bonus == 0
        assert line.total == line.points
    assert {s.name: s.rounds_won for s in state.standings} == {"A": 2, "B": 1}


def test_r26_round_bonuses_do_not_count_toward_150() -> None:
    # A has 140 points and 7 rounds won: with the round bonuses that would be 315, but
    # the game goes on, because only points count toward 150.
    rounds = [_won({"A": 20, "B": 0})] * 7
    state = game_state(["A", "B"], rounds)
    assert state.standings[0].points == 140
    assert state.standings[0].rounds_won == 7
    assert not state.game_over
    assert state.standings[0].game_bonus == 0


def test_r26_25_per_round_won_for_every_player() -> None:
    rounds = [
        _won({"A": 30, "B": 0, "C": 0}),
        _won({"A": 0, "B": 12, "C": 0}),
        _won({"A": 0, "B": 5, "C": 5}),             # two winners: counts for both
        _won({"A": 0, "B": 0, "C": 0}, ("A", "B", "C")),   # stock-out, all equal
        _won({"A": 130, "B": 0, "C": 0}),
    ]
    state = game_state(["A", "B", "C"], rounds)
    lines = {s.name: s for s in state.standings}
    assert state.game_over
    assert {p: s.rounds_won for p, s in lines.items()} == {"A": 3, "B": 3, "C": 2}
    assert {p: s.round_bonus for p, s in lines.items()} == {"A": 75, "B": 75, "C": 50}
    assert {p: s.game_bonus for p, s in lines.items()} == {"A": 100, "B": 0, "C": 0}
    assert {p: s.total for p, s in lines.items()} == {
        "A": 160 + 100 + 75, "B": 17 + 75, "C": 5 + 50}
    assert state.winners == ("A",)


def test_r27_most_points_after_bonuses_wins_not_the_first_to_150() -> None:
    # B won seven rounds (130 points, +175); A reached 150 in one round (+100 +25)
    rounds = [_won({"A": 0, "B": 20})] * 6 + [_won({"A": 0, "B": 10}),
                                               _won({"A": 150, "B": 0})]
    state = game_state(["A", "B"], rounds)
    lines = {s.name: s for s in state.standings}
    assert lines["A"].total == 150 + 100 + 25
    assert lines["B"].total == 130 + 175
    assert state.winners == ("B",)


def test_r27_equal_most_is_a_shared_win() -> None:
    rounds = [_won({"A": 160, "B": 160}, ("A", "B"))]
    state = game_state(["A", "B"], rounds)
    assert state.winners == ("A", "B")
    assert [s.total for s in state.standings] == [285, 285]


def test_r24_r27_doctest_going_out_to_win() -> None:
    result = score_round(["A", "B"], {"A": 0, "B": 130}, "A")
    state = game_state(["A", "B"], [result])
    assert state.winners == ("A",)
    assert [(s.points, s.game_bonus, s.round_bonus, s.total) for s in state.standings] == [
        (155, 100, 25, 280), (0, 0, 0, 0)]


def test_game_state_of_no_rounds() -> None:
    state = game_state(["A", "B", "C"], [])
    assert (state.rounds_played, state.game_over, state.winners) == (0, False, ())
    assert all(s.total == 0 for s in state.standings)


# --- R4: the deal passes to the left ---------------------------------------------------

@pytest.mark.parametrize(("round_number", "dealer", "leader"), [
    (1, "C", "D"), (2, "D", "A"), (3, "A", "B"), (4, "B", "C"), (5, "C", "D"), (9, "C", "D"),
])
def test_r4_deal_passes_left_and_leader_is_left_of_dealer(
        round_number: int, dealer: str, leader: str) -> None:
    players = ["A", "B", "C", "D"]
    assert dealer_of(players, "C", round_number) == dealer
    assert leader_of(players, dealer) == leader


def test_r4_two_players_alternate() -> None:
    assert [dealer_of(["A", "B"], "B", n) for n in range(1, 5)] == ["B", "A", "B", "A"]
    assert leader_of(["A", "B"], "B") == "A"


# --- properties ------------------------------------------------------------------------

NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve"]


@st.composite
def rounds_to_score(draw: st.DrawFn) -> tuple[list[str], dict[str, int], str | None]:
    players = NAMES[: draw(st.integers(2, 5))]
    points = {p: draw(st.integers(0, 120)) for p in players}
    knocker = draw(st.one_of(st.none(), st.sampled_from(players)))
    if knocker is not None:
        points[knocker] = draw(st.integers(0, MANIPULATION_RUMMY.knock_limit))
    return players, points, knocker


def _expected_winners(points: dict[str, int], knocker: str | None) -> tuple[str, ...]:
    """R18, R19, R22 restated independently of the code under test."""
    low = min(points.values())
    if knocker is not None and points[knocker] < min(
            v for p, v in points.items() if p != knocker):
        return (knocker,)
    return tuple(p for p, v in points.items() if v == low and p != knocker)


@settings(max_examples=300, deadline=None)
@given(rounds_to_score())
def test_property_round_scores(case: tuple[list[str], dict[str, int], str | None]) -> None:
    players, points, knocker = case
    result = score_round(players, points, knocker)
    # scores are never negative, and only winners score
    assert all(s >= 0 for s in result.scores.values())
    assert set(result.scores) == set(players)
    assert result.winners == _expected_winners(points, knocker)
    assert result.winners
    for p in players:
        if p not in result.winners:
            assert result.scores[p] == 0
    # a winner scores the sum of differences plus exactly the bonuses that apply
    for w in result.winners:
        differences = sum(points[p] - points[w] for p in players)
        bonus = 10 if knocker is not None and w != knocker else 0
        bonus += 25 if points[w] == 0 else 0
        assert result.differences[w] == differences
        assert result.scores[w] == differences + bonus
    assert result.undercut == (knocker is not None and knocker not in result.winners)


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 5), st.integers(6, 200), st.integers(0, 100))
def test_property_r17_any_knock_over_5_is_refused(n: int, knocker_points: int,
                                                  others: int) -> None:
    players = NAMES[:n]
    points = {p: others for p in players}
    points[players[-1]] = knocker_points
    with pytest.raises(RefusedError):
        score_round(players, points, players[-1])
