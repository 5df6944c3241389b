"""The score of a Gin game from its hands (G11-G22), named after the rule ids of GIN.md."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_cli.errors import UnusableInputError
from rummy_cli.games.gin.rules import CLASSIC, GIN, OKLAHOMA, GinRules
from rummy_cli.games.gin.score import (
    GinHand,
    GinHandError,
    GinState,
    dealer_after,
    gin_state,
    hand_boxes,
)
from rummy_cli.games.gin.score_data import games_data, hand_data, standings_data

AB = ("Ann", "Ben")
HOLLYWOOD = replace(GIN, scoring="hollywood")


def knock(winner: str, score: int, doubled: bool = False) -> GinHand:
    return GinHand(winner, "knock", winner, score, doubled)


def gin(winner: str, score: int, doubled: bool = False) -> GinHand:
    return GinHand(winner, "gin", winner, score, doubled)


def undercut(winner: str, score: int, doubled: bool = False) -> GinHand:
    return GinHand(other(winner), "undercut", winner, score, doubled)


def other(name: str) -> str:
    return "Ben" if name == "Ann" else "Ann"


DEAD = GinHand(None, "dead", None, 0)


def state(hands: Sequence[GinHand], rules: GinRules = GIN, dealer: str = "Ann") -> GinState:
    return gin_state(AB, dealer, rules, hands)


def line(s: GinState, name: str, game: int | None = None) -> tuple[int, int, int, int, int]:
    """points, hands won, box bonus, game bonus, total."""
    lines = s.standings if game is None else s.games[game - 1].standings
    x = next(x for x in lines if x.name == name)
    return x.points, x.hands_won, x.box_bonus, x.game_bonus, x.total


# --- G11: hand scores are summed; the game ends after the hand that reaches the target -------

def test_g11_hand_scores_are_summed() -> None:
    s = state([knock("Ann", 21), undercut("Ben", 28), gin("Ann", 42)])
    assert line(s, "Ann") == (63, 2, 0, 0, 63)
    assert line(s, "Ben") == (28, 1, 0, 0, 28)
    assert not s.game_over and s.winners == () and s.net is None and s.over_after is None


def test_g11_the_game_ends_after_the_hand_that_reaches_the_target_exactly() -> None:
    s = state([knock("Ann", 60), undercut("Ben", 30), knock("Ann", 40)])
    assert s.game_over and s.over_after == 3 and s.winners == ("Ann",)
    assert not state([knock("Ann", 99)]).game_over


def test_g11_a_hand_after_the_end_is_refused_naming_its_place() -> None:
    with pytest.raises(GinHandError) as caught:
        state([knock("Ann", 100), knock("Ben", 5), knock("Ben", 5)])
    assert caught.value.hand == 2
    assert str(caught.value) == "Hand 2 comes after the end of the game: hand 1 ended it"


def test_g11_a_dead_hand_after_the_end_is_refused_too() -> None:
    with pytest.raises(GinHandError, match="Hand 2 comes after the end"):
        state([gin("Ben", 130), DEAD])


# --- G12: game bonus and boxes, once the game is over ---------------------------------------

def test_g12_game_bonus_and_boxes_come_only_at_the_end() -> None:
    hands = [knock("Ann", 50), undercut("Ben", 30), knock("Ann", 20)]
    before = state(hands)
    assert line(before, "Ann") == (70, 2, 0, 0, 70)
    after = state([*hands, gin("Ann", 35)])
    assert line(after, "Ann") == (105, 3, 75, 100, 280)
    assert line(after, "Ben") == (30, 1, 25, 0, 55)  # a box for the loser's hand too
    assert after.net == 225


def test_g12_the_classic_box_is_20() -> None:
    s = state([undercut("Ben", 15), knock("Ann", 100)], CLASSIC)
    assert line(s, "Ann") == (100, 1, 20, 100, 220)
    assert line(s, "Ben") == (15, 1, 20, 0, 35)


# --- G13: shutout ----------------------------------------------------------------------------

SHUTOUT = [knock("Ann", 60), DEAD, gin("Ann", 45)]  # Ben wins no hand


def test_g13_shutout_double() -> None:
    s = state(SHUTOUT)
    assert line(s, "Ann") == (105, 2, 50, 100, 510)  # (105 + 100 + 50) x 2
    assert s.standings[0].shutout and not s.standings[1].shutout
    assert s.net == 510


def test_g13_shutout_double_points() -> None:
    s = state(SHUTOUT, replace(GIN, shutout="double-points"))
    assert line(s, "Ann") == (105, 2, 50, 100, 360)  # 105 x 2 + 100 + 50


def test_g13_shutout_plus100_adds_100_to_the_game_bonus_in_force() -> None:
    assert line(state(SHUTOUT, CLASSIC), "Ann") == (105, 2, 40, 200, 345)
    assert line(state(SHUTOUT, replace(CLASSIC, game_bonus=0)), "Ann") == (105, 2, 40, 100, 245)


def test_g13_shutout_off() -> None:
    s = state(SHUTOUT, replace(GIN, shutout="off"))
    assert line(s, "Ann") == (105, 2, 50, 100, 255)
    assert s.standings[0].shutout  # still a shutout, just not paid


def test_g13_a_hand_won_for_0_points_still_counts_as_won() -> None:
    rules = replace(GIN, undercut=0)
    s = state([undercut("Ben", 0), knock("Ann", 100)], rules)
    assert line(s, "Ben") == (0, 1, 25, 0, 25)
    assert line(s, "Ann") == (100, 1, 25, 100, 225)  # no shutout
    assert not any(x.shutout for x in s.standings)


def test_g13_a_tie_nobody_wins_does_not_save_the_loser() -> None:
    tie = GinHand("Ben", "tie", None, 0)
    s = state([tie, knock("Ann", 100)], replace(GIN, tie="none"))
    assert s.standings[0].shutout and line(s, "Ann")[4] == 450


def test_g13_no_shutout_before_the_end() -> None:
    assert not any(x.shutout for x in state([knock("Ann", 60)]).standings)


# --- G14: both totals and the net -------------------------------------------------------------

G14 = [knock("Ann", 20), undercut("Ben", 19), knock("Ann", 30), knock("Ben", 19),
       knock("Ann", 30), gin("Ann", 24)]


def test_g14_net_can_be_negative() -> None:
    s = state(G14)  # the rulebook's example: Ann 104 with 4 wins, Ben 38 with 2
    assert line(s, "Ann") == (104, 4, 100, 100, 304)
    assert line(s, "Ben") == (38, 2, 50, 0, 88)
    assert s.net == 216 and s.winners == ("Ann",)
    # nine small wins for Ben, one big one for Ann: Ann still wins the game, net -90
    small = state([knock("Ben", 10)] * 9 + [gin("Ann", 100)])
    assert line(small, "Ann")[4] == 225 and line(small, "Ben")[4] == 315
    assert small.winners == ("Ann",) and small.net == -90


# --- G15: the next dealer ---------------------------------------------------------------------

@pytest.mark.parametrize(("option", "after_ann_wins", "after_ben_wins"), [
    ("winner", "Ann", "Ben"), ("loser", "Ben", "Ann"), ("alternate", "Ben", "Ben"),
])
def test_g15_who_deals_next(option: str, after_ann_wins: str, after_ben_wins: str) -> None:
    rules = replace(GIN, dealer=option)
    assert state([knock("Ann", 5)], rules).next_dealer == after_ann_wins
    assert state([undercut("Ben", 25)], rules).next_dealer == after_ben_wins


def test_g15_alternate_passes_the_deal_whoever_wins() -> None:
    s = state([knock("Ann", 5), knock("Ann", 5), knock("Ben", 5)], replace(GIN, dealer="alternate"))
    assert s.dealers == ("Ann", "Ben", "Ann") and s.next_dealer == "Ben"


@pytest.mark.parametrize("option", ["winner", "loser", "alternate"])
@pytest.mark.parametrize("nobody", [DEAD, GinHand("Ben", "tie", None, 0)])
def test_g15_after_a_dead_hand_or_tie_the_same_dealer_deals(option: str, nobody: GinHand) -> None:
    rules = replace(GIN, dealer=option, tie="none")
    s = state([nobody, nobody], rules, dealer="Ben")
    assert s.dealers == ("Ben", "Ben") and s.next_dealer == "Ben"


def test_g15_nobody_deals_once_over_but_the_deal_carries_to_the_next_game() -> None:
    s = state([undercut("Ben", 110)], replace(GIN, dealer="loser"))
    assert s.next_dealer is None and s.following_dealer == "Ann"
    assert dealer_after(AB, "Ann", s.hands[-1], replace(GIN, dealer="loser")) == "Ann"


def test_g15_the_first_dealer_deals_the_first_hand() -> None:
    assert state([knock("Ann", 5)], dealer="Ben").dealers == ("Ben",)
    assert state([], dealer="Ben").next_dealer == "Ben"


# --- extra_boxes (Scarne) and G17 spade_box ----------------------------------------------------

@pytest.mark.parametrize(("hand", "plain", "scarne"), [
    (knock("Ann", 5), 1, 1), (gin("Ann", 30), 1, 3), (undercut("Ann", 30), 1, 2),
    (GinHand("Ann", "big-gin", "Ann", 40), 1, 3), (DEAD, 0, 0),
    (GinHand("Ann", "tie", None, 0), 0, 0),
])
def test_extra_boxes_gin_2_undercut_1(hand: GinHand, plain: int, scarne: int) -> None:
    assert hand_boxes(hand, GIN) == plain
    assert hand_boxes(hand, replace(GIN, extra_boxes=True)) == scarne


def test_extra_boxes_count_in_the_box_bonus_not_in_hands_won() -> None:
    s = state([gin("Ann", 40), undercut("Ben", 30), knock("Ann", 60)],
              replace(GIN, extra_boxes=True))
    a, b = s.standings
    assert (a.hands_won, a.boxes, a.box_bonus) == (2, 4, 100)
    assert (b.hands_won, b.boxes, b.box_bonus) == (1, 2, 50)


def test_g17_a_doubled_hand_is_one_box_unless_spade_box_2() -> None:
    hands = [knock("Ann", 24, doubled=True), undercut("Ben", 62, doubled=True),
             knock("Ann", 80)]
    assert [line(state(hands, OKLAHOMA), p)[2] for p in AB] == [0, 0]  # 104 < 150
    rules = replace(OKLAHOMA, target=100)
    assert [line(state(hands, rules), p)[1:3] for p in AB] == [(2, 50), (1, 25)]
    two = replace(rules, spade_box=2)
    assert [line(state(hands, two), p)[1:3] for p in AB] == [(2, 75), (1, 50)]


def test_g17_the_doubled_score_counts_toward_the_target_and_bonuses_are_not_doubled() -> None:
    s = state([knock("Ben", 10), knock("Ann", 76, doubled=True), gin("Ann", 74, doubled=True)],
              OKLAHOMA)
    assert s.game_over and line(s, "Ann") == (150, 2, 50, 100, 300)


def test_g17_spade_box_and_extra_boxes_multiply() -> None:
    rules = replace(OKLAHOMA, extra_boxes=True, spade_box=2)
    assert hand_boxes(gin("Ann", 60, doubled=True), rules) == 6
    assert hand_boxes(undercut("Ann", 60, doubled=True), rules) == 4
    assert hand_boxes(undercut("Ann", 30), rules) == 2


# --- G19-G22: Hollywood --------------------------------------------------------------------------

E10 = [knock("Ann", 60), knock("Ann", 45), undercut("Ben", 20), knock("Ann", 30)]


def test_g20_e10_hollywood_columns() -> None:
    s = state(E10, HOLLYWOOD)
    assert s.entered == ((1,), (1, 2), (2,), (2, 3))
    g1, g2, g3 = s.games
    assert g1.over and g1.over_after == 2 and g1.winners == ("Ann",)
    assert line(s, "Ann", 1) == (105, 2, 50, 100, 510) and line(s, "Ben", 1) == (0, 0, 0, 0, 0)
    assert g1.standings[0].shutout and g1.net == 510
    assert not g2.over and line(s, "Ann", 2)[0] == 75 and line(s, "Ben", 2)[0] == 20
    assert not g3.over and line(s, "Ann", 3)[0] == 30 and line(s, "Ben", 3)[0] == 0
    assert [dict(p) for p in s.points_after[-1]] == [
        {"Ann": 105, "Ben": 0}, {"Ann": 75, "Ben": 20}, {"Ann": 30, "Ben": 0}]
    assert not s.game_over and s.winners == () and s.net is None and s.next_dealer == "Ann"


def test_g20_first_win_g1_second_g1_g2_third_and_later_all_three() -> None:
    s = state([knock("Ann", 1)] * 4 + [knock("Ben", 1)] * 4, HOLLYWOOD)
    assert s.entered == ((1,), (1, 2), (1, 2, 3), (1, 2, 3)) * 2
    assert [line(s, "Ann", g)[0] for g in (1, 2, 3)] == [4, 3, 2]


def test_g20_a_player_shut_out_of_an_ended_game_starts_in_the_next() -> None:
    s = state([gin("Ann", 100), knock("Ben", 10), knock("Ben", 10)], HOLLYWOOD)
    assert s.entered == ((1,), (2,), (2, 3))
    assert [line(s, "Ben", g)[0] for g in (1, 2, 3)] == [0, 20, 10]
    assert [line(s, "Ann", g)[0] for g in (1, 2, 3)] == [100, 0, 0]


def test_g20_a_game_that_is_over_gets_no_entry() -> None:
    s = state([gin("Ann", 100), knock("Ann", 30)], HOLLYWOOD)
    assert s.entered == ((1,), (2,))  # opens G2; G1 is over
    assert line(s, "Ann", 1)[0] == 100


def test_g20_the_score_is_entered_only_for_the_winner() -> None:
    s = state([knock("Ann", 10), undercut("Ben", 40)], HOLLYWOOD)
    assert line(s, "Ann", 1)[0] == 10 and line(s, "Ben", 1)[0] == 40
    assert line(s, "Ann", 2)[0] == 0


def test_g21_one_hand_can_end_several_games() -> None:
    s = state([knock("Ann", 10), knock("Ann", 10), gin("Ann", 100)], HOLLYWOOD)
    assert [g.over_after for g in s.games] == [3, 3, 3]
    assert [line(s, "Ann", g)[0] for g in (1, 2, 3)] == [120, 110, 100]
    assert s.game_over and s.winners == ("Ann",) and s.over_after == 3


def test_g21_each_game_has_its_own_boxes_and_shutout() -> None:
    s = state([knock("Ann", 50), knock("Ann", 50), undercut("Ben", 30), knock("Ann", 60)],
              HOLLYWOOD)
    g1, g2, _ = s.games
    assert line(s, "Ann", 1) == (100, 2, 50, 100, 500)  # Ben never entered in G1: shutout
    assert line(s, "Ann", 2) == (110, 2, 50, 100, 260)  # Ben won a hand entered in G2
    assert line(s, "Ben", 2) == (30, 1, 25, 0, 55)
    assert g1.standings[0].shutout and not g2.standings[0].shutout and g2.net == 205


def test_g22_play_goes_on_until_all_three_are_over_then_the_sums_decide() -> None:
    hands = [*E10, knock("Ann", 25), knock("Ben", 70), gin("Ben", 90)]
    s = state(hands, HOLLYWOOD)
    assert [g.over_after for g in s.games] == [2, 5, 7]
    assert s.game_over and s.over_after == 7 and s.next_dealer is None
    g2, g3 = s.games[1:]
    assert g2.winners == ("Ann",) and g3.winners == ("Ben",)
    totals = {p: sum(line(s, p, g)[4] for g in (1, 2, 3)) for p in AB}
    assert {p: line(s, p)[4] for p in AB} == totals
    assert s.winners == ("Ann",) and s.net == totals["Ann"] - totals["Ben"]
    # top level: hands won in the series (not entries), everything else summed
    assert line(s, "Ann")[1] == 4 and line(s, "Ben")[1] == 3
    assert line(s, "Ben")[2] == sum(line(s, "Ben", g)[2] for g in (1, 2, 3))
    with pytest.raises(GinHandError, match="Hand 8 comes after the end of all three games: "
                                           "hand 7 ended it"):
        state([*hands, DEAD], HOLLYWOOD)


def test_g22_top_level_winners_stay_empty_until_all_three_are_over() -> None:
    s = state([knock("Ann", 50)] * 3, HOLLYWOOD)
    assert [g.over for g in s.games] == [True, True, False]
    assert s.winners == () and not s.game_over and s.net is None


def test_g22_oklahoma_hands_are_entered_doubled() -> None:
    s = state([knock("Ann", 24, doubled=True), knock("Ann", 10)],
              replace(OKLAHOMA, scoring="hollywood"))
    assert [line(s, "Ann", g)[0] for g in (1, 2, 3)] == [34, 10, 0]


# --- hands and players that cannot be scored ---------------------------------------------------

@pytest.mark.parametrize(("hand", "message"), [
    (GinHand("Ann", "schneider", "Ann", 5), "Hand 1: there is no result called 'schneider'"),
    (GinHand("Cy", "knock", "Cy", 5), "Hand 1: the knocker Cy is not playing"),
    (GinHand("Ann", "undercut", "Cy", 5), "Hand 1: the winner Cy is not playing"),
    (GinHand("Ann", "knock", "Ann", -3), "Hand 1: a hand scores 0 or more, not -3"),
    (GinHand("Ann", "dead", None, 0), "Hand 1: a dead hand has no knocker, but Ann is named"),
    (GinHand(None, "knock", "Ann", 5), "Hand 1: a knock needs a knocker"),
    (GinHand(None, "dead", "Ann", 0), "Hand 1: nobody wins or scores in a dead hand"),
    (GinHand("Ann", "tie", None, 25), "Hand 1: nobody wins or scores in a tie"),
    (GinHand("Ann", "gin", None, 25), "Hand 1: a gin needs a winner"),
    (GinHand("Ann", "undercut", "Ann", 25),
     "Hand 1: an undercut is won by the defender, not by Ann"),
    (GinHand("Ann", "big-gin", "Ben", 25), "Hand 1: a big gin is won by the knocker, not by Ben"),
])
def test_a_hand_that_does_not_add_up_is_refused(hand: GinHand, message: str) -> None:
    with pytest.raises(GinHandError) as caught:
        state([hand])
    assert str(caught.value).startswith(message) and caught.value.hand == 1


def test_the_refused_hand_is_named_by_its_place() -> None:
    with pytest.raises(GinHandError, match="^Hand 3: ") as caught:
        state([knock("Ann", 5), DEAD, GinHand("Ben", "knock", "Ann", 5)])
    assert caught.value.hand == 3


@pytest.mark.parametrize(("players", "dealer", "message"), [
    (("Ann", "Ben", "Cy"), "Ann", "Gin is played by exactly two players, not 3"),
    (("Ann",), "Ann", "Gin is played by exactly two players, not 1"),
    (("Ann", "Ann"), "Ann", "Gin is played by two different players: Ann is named twice"),
    (AB, "Cy", "Cy is not playing: the dealer is Ann or Ben"),
])
def test_two_players_and_a_dealer_among_them(players: tuple[str, ...], dealer: str,
                                             message: str) -> None:
    with pytest.raises(UnusableInputError, match=f"^{message}$"):
        gin_state(players, dealer, GIN, [])


# --- the plain data of the commands' JSON ---------------------------------------------------------

def test_standings_data_reads_the_schema_for_gin() -> None:
    d = standings_data(state(SHUTOUT))
    assert d == {
        "players": [
            {"name": "Ann", "points": 105, "rounds_won": 2, "round_bonus": 50,
             "game_bonus": 100, "total": 510, "shutout": True},
            {"name": "Ben", "points": 0, "rounds_won": 0, "round_bonus": 0, "game_bonus": 0,
             "total": 0, "shutout": False}],
        "rounds_played": 3, "game_over": True, "winners": ["Ann"],
        "next_dealer": None, "next_leader": None}


def test_standings_data_round_bonus_counts_boxes_and_rounds_won_counts_hands() -> None:
    d = standings_data(state([gin("Ann", 40), knock("Ann", 60)],
                             replace(GIN, extra_boxes=True)))
    assert d["players"][0]["rounds_won"] == 2 and d["players"][0]["round_bonus"] == 100  # 3 + 1


def test_games_data_lists_the_three_hollywood_games() -> None:
    s = state(E10, HOLLYWOOD)
    games = games_data(s)
    assert [(g["game"], g["over"], g["winners"]) for g in games] == [
        (1, True, ["Ann"]), (2, False, []), (3, False, [])]
    assert games[0]["players"][0] == {"name": "Ann", "points": 105, "rounds_won": 2,
                                      "round_bonus": 50, "game_bonus": 100, "total": 510,
                                      "shutout": True}
    assert games[1]["players"][1]["points"] == 20
    top = standings_data(s)["players"]
    assert top[0] == {"name": "Ann", "points": 210, "rounds_won": 3, "round_bonus": 50,
                      "game_bonus": 100, "total": 510 + 75 + 30, "shutout": True}
    assert top[1]["total"] == 20 and top[1]["rounds_won"] == 1


def test_hand_data_gives_entered_only_under_hollywood() -> None:
    s = state(E10, HOLLYWOOD)
    assert hand_data(s, 2) == {"hand": 2, "dealer": "Ann", "knocker": "Ann", "result": "knock",
                               "winner": "Ann", "score": 45, "doubled": False,
                               "game_over": False, "entered": [1, 2]}
    plain = state([DEAD, gin("Ben", 120)], dealer="Ben")
    assert hand_data(plain, 1) == {"hand": 1, "dealer": "Ben", "knocker": None,
                                   "result": "dead", "winner": None, "score": 0,
                                   "doubled": False, "game_over": False}
    assert hand_data(plain, 2)["game_over"] is True


# --- properties ---------------------------------------------------------------------------------

@st.composite
def hands(draw: st.DrawFn) -> GinHand:
    kind = draw(st.sampled_from(["knock", "undercut", "gin", "big-gin", "tie", "dead"]))
    if kind == "dead":
        return DEAD
    knocker = draw(st.sampled_from(AB))
    if kind == "tie":
        return GinHand(knocker, "tie", None, 0)
    winner = other(knocker) if kind == "undercut" else knocker
    return GinHand(knocker, kind, winner, draw(st.integers(0, 80)), draw(st.booleans()))


RULES = st.builds(
    GinRules, target=st.integers(1, 200), box=st.integers(0, 30),
    game_bonus=st.integers(0, 100), tie=st.just("none"),
    shutout=st.sampled_from(["double", "double-points", "plus100", "off"]),
    dealer=st.sampled_from(["winner", "loser", "alternate"]), spade_box=st.integers(1, 2),
    extra_boxes=st.booleans(), scoring=st.sampled_from(["standard", "hollywood"]))


def played(series: Sequence[GinHand], rules: GinRules) -> tuple[list[GinHand], GinState]:
    """The longest start of ``series`` the game accepts, and its state."""
    kept: list[GinHand] = []
    s = state(kept, rules)
    for hand in series:
        if s.game_over:
            break
        kept.append(hand)
        s = state(kept, rules)
    return kept, s


@settings(max_examples=60, deadline=None)
@given(st.lists(hands(), max_size=30), RULES)
def test_property_hollywood_columns_sum_to_what_g20_credits(series: list[GinHand],
                                                            rules: GinRules) -> None:
    kept, s = played(series, replace(rules, scoring="hollywood"))
    for p in AB:
        in_columns = sum(g.standings[AB.index(p)].points for g in s.games)
        credited = sum(h.score * len(e) for h, e in zip(kept, s.entered) if h.winner == p)
        assert in_columns == credited == s.standings[AB.index(p)].points


@settings(max_examples=60, deadline=None)
@given(st.lists(hands(), max_size=30), RULES)
def test_property_hollywood_games_end_in_order(series: list[GinHand], rules: GinRules) -> None:
    _, s = played(series, replace(rules, scoring="hollywood"))
    ends = [g.over_after for g in s.games]
    ended = [e for e in ends if e is not None]
    assert ends[:len(ended)] == ended and ended == sorted(ended)


@settings(max_examples=60, deadline=None)
@given(st.lists(hands(), max_size=30), RULES)
def test_property_only_one_player_reaches_the_target(series: list[GinHand],
                                                     rules: GinRules) -> None:
    kept, s = played(series, replace(rules, scoring="standard"))
    reached = [x.name for x in s.standings if x.points >= rules.target]
    assert len(reached) <= 1
    assert list(s.winners) == reached and s.game_over == bool(reached)
    if s.game_over:
        assert s.over_after == len(kept) and kept[-1].winner == reached[0]


@settings(max_examples=60, deadline=None)
@given(st.lists(hands(), max_size=30), RULES, hands())
def test_property_a_hand_after_the_end_is_refused(series: list[GinHand], rules: GinRules,
                                                  extra: GinHand) -> None:
    kept, s = played(series, rules)
    if not s.game_over:
        return
    with pytest.raises(GinHandError) as caught:
        state([*kept, extra], rules)
    assert caught.value.hand == len(kept) + 1


@settings(max_examples=60, deadline=None)
@given(st.lists(hands(), max_size=30), RULES)
def test_property_a_shutout_never_lowers_a_total(series: list[GinHand], rules: GinRules) -> None:
    _, s = played(series, rules)
    for g in s.games:
        for x in g.standings:
            assert x.total >= x.points + x.box_bonus + x.game_bonus
            assert (x.total > x.points + x.box_bonus + x.game_bonus) <= x.shutout
