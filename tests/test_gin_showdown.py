"""The Gin showdown (G1-G10, G16, G17 for one hand): least deadwood, layoffs, the knock referee,
``rummy deadwood``, ``rummy check knock`` and ``check meld|table --game gin``.

The worked examples E1-E9 are replayed through the core and the command; an oracle written
here, independently of ``rummy_cli.deadwood`` (every subset of every meld, layoffs laid one by
one), checks the searches on many random hands.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
import yaml
from clirun import ok, one_error_line, run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy_cli.cards import ALL_CARDS, Card, Suit, parse_card, parse_cards, parse_table
from rummy_cli.errors import RefusedError, UnusableInputError
from rummy_cli.games.gin.deadwood import layouts, least_deadwood, meld_kind
from rummy_cli.games.gin.layoffs import best_layoffs
from rummy_cli.games.gin.rules import CLASSIC, GIN, OKLAHOMA, GinRuleError, GinRules
from rummy_cli.games.gin.showdown import HandScore, Showdown, check_knock, judge_meld, score_hand

# the public examples beside the checkout (../shared), or where the team keeps them
EXAMPLES = next((p for p in (Path(__file__).resolve().parents[2] / "shared",
                             Path("/work/shared"))
                 if (p / "examples" / "gin.yaml").exists()),
                Path("/work/shared")) / "examples" / "gin.yaml"


def cards(text: str) -> list[Card]:
    parsed = parse_cards(text)
    assert all(isinstance(c, Card) for c in parsed)
    return [c for c in parsed if isinstance(c, Card)]


def names(cs: Sequence[Card]) -> list[str]:
    return [str(c) for c in cs]


def knock(knocker: str, defender: str, rules: GinRules = GIN, melds: str | None = None,
          upcard: str | None = None) -> Showdown:
    table = None if melds is None else [cards(" ".join(map(str, m))) for m in parse_table(melds)]
    up = None if upcard is None else parse_card(upcard)
    assert up is None or isinstance(up, Card)
    return check_knock(rules, cards(knocker), cards(defender), knocker_melds=table, upcard=up)


def cli_knock(knocker: str, defender: str, *extra: str) -> tuple[int, dict[str, Any]]:
    code, out, err = run("check", "knock", "--knocker", knocker, "--defender", defender,
                         *extra, "--json")
    assert code in (0, 1), err
    return code, json.loads(out)


# --- the oracle: written from the rules' words, sharing nothing with rummy_cli.deadwood ---

def is_meld(cs: Sequence[Card]) -> bool:
    """G3 from its words: 3-4 of one rank, or 3+ of one suit with consecutive ranks, A low."""
    if len(cs) < 3:
        return False
    if all(c.rank == cs[0].rank for c in cs):
        return len(cs) <= 4 and len({c.suit for c in cs}) == len(cs)
    if all(c.suit == cs[0].suit for c in cs):
        ranks = sorted(c.rank for c in cs)
        return all(b == a + 1 for a, b in zip(ranks, ranks[1:]))
    return False


def value(c: Card) -> int:
    return {1: 1, 11: 10, 12: 10, 13: 10}.get(c.rank, c.rank)


def every_meld(hand: Sequence[Card]) -> list[frozenset[Card]]:
    """Every subset of the hand that is a meld (at most 13 cards in a run)."""
    return [frozenset(s) for n in range(3, min(len(hand), 13) + 1)
            for s in combinations(hand, n) if is_meld(s)]


def disjoint_sets(melds: list[frozenset[Card]], start: int = 0,
                  used: frozenset[Card] = frozenset()) -> Iterator[list[frozenset[Card]]]:
    """Every set of pairwise disjoint melds (the empty one included)."""
    yield []
    for i in range(start, len(melds)):
        if not melds[i] & used:
            for rest in disjoint_sets(melds, i + 1, used | melds[i]):
                yield [melds[i], *rest]


def oracle_deadwood(hand: Sequence[Card]) -> int:
    melds = every_meld(hand)
    return min(sum(value(c) for c in hand if not any(c in m for m in chosen))
               for chosen in disjoint_sets(melds))


def oracle_layoff_sets(knocker_melds: Sequence[Sequence[Card]],
                       defender: Sequence[Card]) -> set[frozenset[Card]]:
    """Every set of cards the defender can lay off, one card at a time: a card goes on a
    knocker meld (as it stands after earlier layoffs) when the meld stays a meld."""
    start = (frozenset[Card](), tuple(frozenset(m) for m in knocker_melds))
    seen = {start}
    todo = [start]
    while todo:
        laid, melds = todo.pop()
        for card in defender:
            if card in laid:
                continue
            for i, m in enumerate(melds):
                if is_meld(sorted(m | {card}, key=lambda c: (c.suit.value, c.rank))):
                    state = (laid | {card}, melds[:i] + (m | {card},) + melds[i + 1:])
                    if state not in seen:
                        seen.add(state)
                        todo.append(state)
    return {laid for laid, _ in seen}


def oracle_reply(knocker_melds: Sequence[Sequence[Card]], defender: Sequence[Card]) -> int:
    return min(oracle_deadwood([c for c in defender if c not in laid])
               for laid in oracle_layoff_sets(knocker_melds, defender))


def g10(rules: GinRules, k: int, d: int, big: bool = False) -> tuple[str | None, int]:
    """G10 from its words: (winner, score) for the knocker's K and the defender's D."""
    if big:
        return "knocker", d + (rules.big_gin or 0)
    if k == 0:
        return "knocker", d + rules.gin
    if k < d:
        return "knocker", d - k
    if k == d and rules.tie == "none":
        return None, 0
    return "defender", k - d + rules.undercut


def oracle_showdown(knocker: Sequence[Card], defender: Sequence[Card],
                    limit: int = 10) -> tuple[str | None, int, bool]:
    """D(a) as amended, from its words: (winner, score, layout_matters) with no layout given.
    Only the layouts of the knocker's least deadwood are assumed; of those, the best for the
    knocker; the layout matters when another of them gives another winner or score."""
    outcomes = []
    melds = every_meld(knocker)
    least = oracle_deadwood(knocker)
    assert least <= limit
    for chosen in disjoint_sets(melds):
        k = sum(value(c) for c in knocker if not any(c in m for m in chosen))
        if k != least:
            continue
        d = (oracle_deadwood(defender) if k == 0 else
             oracle_reply([sorted(m, key=lambda c: c.rank) for m in chosen], defender))
        outcomes.append(g10(GIN, k, d))

    def for_knocker(r: tuple[str | None, int]) -> int:
        return r[1] if r[0] == "knocker" else -r[1] if r[0] == "defender" else 0

    best = max(outcomes, key=for_knocker)
    return best[0], best[1], len(set(outcomes)) > 1


# hands with many melds: cards from a few neighbouring ranks of a few suits
@st.composite
def dense_hand(draw: st.DrawFn, least: int = 1, most: int = 11) -> list[Card]:
    low = draw(st.integers(1, 9))
    high = draw(st.integers(low + 3, min(13, low + 7)))
    suits = draw(st.lists(st.sampled_from(list(Suit)), min_size=1, max_size=4, unique=True))
    deck = [Card(r, s) for s in suits for r in range(low, high + 1)]
    size = draw(st.integers(min(least, len(deck)), min(most, len(deck))))
    return draw(st.lists(st.sampled_from(deck), min_size=size, max_size=size, unique=True))


any_hand = st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=11, unique=True)


def deal(rnd: random.Random, dense: bool) -> tuple[list[Card], list[Card]]:
    """A knocker's 10 and a defender's 10 from one deck (from 5-7 ranks when dense)."""
    if dense:
        low = rnd.randint(1, 8)
        deck = [c for c in ALL_CARDS if low <= c.rank <= low + rnd.randint(4, 5)]
    else:
        deck = list(ALL_CARDS)
    picked = rnd.sample(deck, 20)
    return picked[:10], picked[10:]


# --- G2, G3: points and melds -------------------------------------------------------------

def test_g2_points_ace_1_faces_10() -> None:
    arrangement = least_deadwood(cards("AS 5H 10D JC QS KH"))
    assert arrangement.deadwood == 1 + 5 + 10 + 10 + 10 + 10


@pytest.mark.parametrize(("meld", "kind"), [
    ("AS 2S 3S", "run"), ("10H JH QH KH", "run"), ("7S 7H 7D", "group"),
    ("7S 7H 7D 7C", "group"), ("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", "run"),
])
def test_g3_legal_melds(meld: str, kind: str) -> None:
    verdict = judge_meld(cards(meld))
    assert verdict.legal and verdict.kind == kind and meld_kind(cards(meld)) == kind


@pytest.mark.parametrize(("meld", "words"), [
    ("QS KS AS", "in Gin the ace is low only (A-2-3): it cannot follow the king"),
    ("KH AH 2H", "in Gin the ace is low only"),
    ("7H 8H 10H", "7H 8H 10H has a gap: 9H is missing"),
    ("2S 4S 6S", "has gaps: 3S and 5S are missing"),
    ("7H 8D 9H", "mixes suits: a run is all one suit"),
    ("7H 7D", "a meld needs at least 3 cards; this one has only 2: 7H 7D"),
    ("4H 4S 5S", "is neither a group (3 or 4 cards of one rank) nor a run"),
])
def test_g3_illegal_melds_say_why(meld: str, words: str) -> None:
    verdict = judge_meld(cards(meld))
    assert not verdict.legal and meld_kind(cards(meld)) is None
    assert [p.rule for p in verdict.problems] == ["G3"]
    assert words in verdict.problems[0].message


def test_g3_check_meld_game_gin_refuses_the_high_ace() -> None:
    code, out, _ = run("check", "meld", "QS", "KS", "AS", "--game", "gin")
    assert code == 1
    assert out.splitlines() == [
        "ILLEGAL: QS KS AS",
        "  - illegal-meld (G3): QS KS AS: in Gin the ace is low only (A-2-3): it cannot",
        "    follow the king"]  # folded at 80 columns
    code, out, _ = run("check", "meld", "QS", "KS", "AS")  # Manipulation Rummy: the default
    assert code == 0 and out.startswith("LEGAL run")


def test_g3_check_table_game_classic_judges_each_meld() -> None:
    code, out, _ = run("check", "table", "AS 2S 3S / 9C 9D 9H / QH KH AH", "--game", "classic",
                       "--json")
    doc = json.loads(out)
    assert code == 1 and [m["legal"] for m in doc["melds"]] == [True, True, False]
    assert doc["melds"][2]["problems"][0]["rule"] == "G3"


@pytest.mark.parametrize(("args", "words"), [
    (["check", "meld", "7H", "JK", "9H", "--game", "gin"],
     "the meld: JK: the Gin games are played without jokers"),
    (["check", "meld", "7H", "7H", "7D", "--game", "gin"],
     "7H appears twice, but one deck holds each card once"),
    (["check", "table", "7H 7D 7C / 7H 8H 9H", "--game", "gin"], "7H appears twice"),
    (["check", "meld", "AS", "2S", "3S", "--game", "gin", "--decks", "2"],
     "the Gin games are played with one deck"),
    (["check", "meld", "AS", "2S", "3S", "--game", "canasta"],
     "Invalid value for '--game': 'canasta' is not manipulation, gin, classic, oklahoma, "
     "rummikub, rummikub-strict or rummikub-xp"),
    (["check", "meld", "AS", "2S", "3S", "--game", "rummikub"],
     "'AS' is a playing card, not a Rummikub tile: use --game manipulation"),
])
def test_g1_gin_meld_checks_refuse_what_gin_has_not(args: list[str], words: str) -> None:
    code, _, err = run(*args)
    assert code == 2 and words in one_error_line(err)


# --- G4: least deadwood --------------------------------------------------------------------

def test_g4_least_deadwood_takes_the_run_not_the_group() -> None:
    a = least_deadwood(cards("7C 7D 7H 8H 9H"))
    assert a.deadwood == 14 and names(a.melds[0]) == ["7H", "8H", "9H"]
    assert sorted(names(a.unmatched)) == ["7C", "7D"]


def test_g4_deadwood_command_text_and_json() -> None:
    code, out, _ = run("deadwood", "7C", "7D", "7H", "8H", "9H")
    assert code == 0
    assert out.splitlines() == ["Deadwood 14: 7D 7C are in no meld.", "Melds: 7H 8H 9H"]
    code, out, _ = run("deadwood", "4H 5H 6H 7H 9C 9D 9S 2D 3D 4D", "--json")
    assert code == 0 and json.loads(out) == {
        "deadwood": 0, "melds": [["2D", "3D", "4D"], ["4H", "5H", "6H", "7H"],
                                 ["9S", "9D", "9C"]], "unmatched": [], "gin": True}


@pytest.mark.parametrize(("hand", "words"), [
    ("7H JK", "the hand: JK: the Gin games are played without jokers"),
    ("7H 7H", "7H appears twice"),
    ("2S 2S 2S", "2S appears 3 times"),
    ("7X", "'7X' is not a card"),
    ("", "no cards given"),
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS", "a Gin hand has at most 11 cards"),
])
def test_g4_deadwood_refuses_unusable_hands(hand: str, words: str) -> None:
    code, _, err = run("deadwood", hand)
    assert code == 2 and words in one_error_line(err)


def test_settled_3_deadwood_judges_1_to_11_cards() -> None:
    assert json.loads(run("deadwood", "KS", "--json")[1])["deadwood"] == 10
    eleven = "AS 2S 3S 4S 6C 6D 6H 10C JC QC KC"
    assert json.loads(run("deadwood", eleven, "--json")[1])["gin"] is True


@settings(max_examples=300, deadline=None)
@given(st.one_of(dense_hand(), any_hand))
def test_g4_least_deadwood_agrees_with_the_brute_force_oracle(hand: list[Card]) -> None:
    assert least_deadwood(hand).deadwood == oracle_deadwood(hand)


@settings(max_examples=300, deadline=None)
@given(st.one_of(dense_hand(), any_hand))
def test_g4_the_arrangement_is_real_and_never_costs_more_than_the_hand(hand: list[Card]) -> None:
    a = least_deadwood(hand)
    melded = [c for m in a.melds for c in m]
    assert all(is_meld(m) for m in a.melds)
    assert sorted(melded + list(a.unmatched)) == sorted(hand)  # each card once
    assert a.deadwood == sum(value(c) for c in a.unmatched) <= sum(value(c) for c in hand)
    if a.deadwood == 0:  # gin: every card is in a meld
        assert a.gin and not a.unmatched and len(melded) == len(hand)


@settings(max_examples=100, deadline=None)
@given(dense_hand(least=6, most=10))
def test_d_a_layouts_are_every_set_of_disjoint_melds_within_the_limit(hand: list[Card]) -> None:
    found = sorted(sorted(tuple(sorted(m)) for m in a.melds) for a in layouts(hand, 10))
    want = sorted(sorted(tuple(sorted(m)) for m in chosen)
                  for chosen in disjoint_sets(every_meld(hand))
                  if sum(value(c) for c in hand if not any(c in m for m in chosen)) <= 10)
    assert found == want


# --- G9: layoffs ---------------------------------------------------------------------------

def test_g9_e6_the_defender_breaks_a_meld_to_lay_off() -> None:
    reply = best_layoffs([cards("5S 6S 7S"), cards("9C 10C JC"), cards("KC KD KS")],
                         cards("2C 2D 2H 2S 8S 9S 7C 8C 8D AC"))
    assert names(reply.laid_off) == ["8S", "9S", "8C", "7C"]
    assert reply.deadwood == 9 and names(reply.unmatched) == ["8D", "AC"]


def test_settled_2_a_chain_builds_on_any_card_laid_off_before() -> None:
    # 4S, 8S, then 3S on 4S (not on 8S, the last laid off), then 9S on 8S
    reply = best_layoffs([cards("5S 6S 7S")], cards("4S 8S 3S 9S KH QD JC 10H 9D 6D"))
    assert sorted(names(reply.laid_off)) == ["3S", "4S", "8S", "9S"]
    assert reply.deadwood == 10 + 10 + 10 + 10 + 9 + 6


def test_g9_e7_nothing_goes_on_the_knockers_deadwood() -> None:
    s = knock("5S 6S 7S 9C 9D 9H QC QD QH 2D", "6H 7H 8H JS QS KS 3S 4S AD 8C")
    assert names(s.defender.laid_off) == ["4S", "3S"] and "AD" in names(s.defender.unmatched)


def test_g9_the_fourth_card_of_a_group_and_not_a_fifth() -> None:
    reply = best_layoffs([cards("7S 7H 7D"), cards("9S 9H 9D 9C")],
                         cards("7C 8C 10C KD QH 2S 4D 6H 8S JH"))
    assert names(reply.laid_off) == ["7C"] and len(reply.layoffs) == 1
    assert reply.layoffs[0].meld == tuple(cards("7S 7H 7D"))


@pytest.mark.parametrize(("run_", "card", "laid"), [
    ("2S 3S 4S", "AS", True),  # the ace goes below the 2
    ("JS QS KS", "AS", False),  # but never above the king
    ("AH 2H 3H", "KH", False),
])
def test_g9_g3_layoffs_keep_the_ace_low(run_: str, card: str, laid: bool) -> None:
    reply = best_layoffs([cards(run_)], cards(f"{card} 5D 8C 9D JC QD 2C 4C 6D KD"))
    assert (card in names(reply.laid_off)) is laid


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.booleans())
def test_g9_layoffs_agree_with_the_oracle_and_never_raise_deadwood(
        rnd: random.Random, dense: bool) -> None:
    knocker, defender = deal(rnd, dense)
    melds = least_deadwood(knocker).melds
    reply = best_layoffs(melds, defender)
    assert reply.deadwood <= least_deadwood(defender).deadwood
    assert reply.deadwood == oracle_reply(melds, defender)
    assert frozenset(reply.laid_off) in oracle_layoff_sets(melds, defender)


# --- the examples E1-E9, through the core and the command ---------------------------------

E = [  # id, knocker, defender, extra options, result, winner, score, K, D
    ("e1_plain_knock", "2H 3H 4H 7C 7D 7S JS QS KS AD", "5C 5D 5S 8H 9H 10H 2C 4C 6D KC", [],
     "knock", "knocker", 21, 1, 22),
    ("e2_undercut", "3C 4C 5C 9C 9D 9H JH QH KH 8C", "2S 2D 2H 4D 5D 6D 7D 8D AS 4H", [],
     "undercut", "defender", 28, 8, 5),
    ("e3_equal_deadwood", "AH 2H 3H 8C 8D 8S 10D JD QD 6C", "2S 3S 4S KC KH KS 5D 6D 7D 6H",
     [], "undercut", "defender", 25, 6, 6),
    ("e4_gin", "4H 5H 6H 7H 9C 9D 9S 2D 3D 4D", "3C 3H 3S 10S JS QS 8H AC 2C 6C", [],
     "gin", "knocker", 42, 0, 17),
    ("e5_big_gin", "AS 2S 3S 4S 6C 6D 6H 10C JC QC KC", "7D 8D 9D 5S KH KD 2H 3H 4C 7C", [],
     "big-gin", "knocker", 72, 0, 41),
    ("e6_layoffs_undercut", "5S 6S 7S 9C 10C JC KC KD KS JD", "2C 2D 2H 2S 8S 9S 7C 8C 8D AC",
     [], "undercut", "defender", 26, 10, 9),
    ("e7_chain", "5S 6S 7S 9C 9D 9H QC QD QH 2D", "6H 7H 8H JS QS KS 3S 4S AD 8C", [],
     "knock", "knocker", 7, 2, 9),
    ("e8_layout_chosen", "AS 5S 6S 7S 5C 6C 7C 5D 6D 7D", "3S 4S 8S 4C 8C 4D 8D 5H 6H 7H", [],
     "knock", "knocker", 2, 1, 3),
    ("e8_layout_given", "AS 5S 6S 7S 5C 6C 7C 5D 6D 7D", "3S 4S 8S 4C 8C 4D 8D 5H 6H 7H",
     ["--knocker-melds", "5S 6S 7S / 5C 6C 7C / 5D 6D 7D"], "undercut", "defender", 26, 1, 0),
    ("e9_oklahoma_spade", "AC 2C 3C 4D 5D 6D JC JH JS 4S", "8S 9S 10S 2D 2H 2S 7H 8H 9H KD",
     ["--game", "oklahoma", "--upcard", "6S"], "knock", "knocker", 12, 4, 10),
]


@pytest.mark.parametrize(("knocker", "defender", "extra", "result", "winner", "score", "k", "d"),
                         [pytest.param(*e[1:], id=f"g10_{e[0]}") for e in E])
def test_g10_worked_examples(knocker: str, defender: str, extra: list[str], result: str,
                             winner: str, score: int, k: int, d: int) -> None:
    code, doc = cli_knock(knocker, defender, *extra)
    assert code == 0 and doc["legal"] is True and doc["problems"] == []
    assert (doc["result"], doc["winner"], doc["score"]) == (result, winner, score)
    assert (doc["knocker"]["deadwood"], doc["defender"]["deadwood"]) == (k, d)


def test_g10_e2_undercut() -> None:
    s = knock("3C 4C 5C 9C 9D 9H JH QH KH 8C", "2S 2D 2H 4D 5D 6D 7D 8D AS 4H")
    assert s.score == HandScore("undercut", "defender", 28, 8, 5, 25, False)


def test_g10_e4_nothing_is_laid_off_on_gin() -> None:
    s = knock("4H 5H 6H 7H 9C 9D 9S 2D 3D 4D", "3C 3H 3S 10S JS QS 8H AC 2C 6C")
    assert s.defender.layoffs == () and "8H" in names(s.defender.unmatched)


def test_g10_e6_text_explains_the_layoffs_and_the_undercut() -> None:
    code, out, _ = run("check", "knock", "--knocker", "5S 6S 7S 9C 10C JC KC KD KS JD",
                       "--defender", "2C 2D 2H 2S 8S 9S 7C 8C 8D AC")
    assert code == 0
    assert out.splitlines() == [
        "LEGAL knock: the knocker's deadwood 10 is within the knock limit of 10.",
        "Knocker  melds:    5S 6S 7S / 9C 10C JC / KS KD KC  (none given: least deadwood)",
        "         deadwood: JD (10)",
        "Defender lays off: 8S 9S on 5S 6S 7S, 8C 7C on 9C 10C JC",
        "         melds:    2S 2H 2D 2C",
        "         deadwood: 8D AC (9)",
        "Undercut: the defender's 9 is less than the knocker's 10: the defender scores",
        "the difference and the undercut bonus, 10 - 9 + 25 = 26.",
        "No other layout of the least deadwood changes the result.",
    ]


def test_d_a_e8_the_best_layout_for_the_knocker_and_layout_matters() -> None:
    code, doc = cli_knock("AS 5S 6S 7S 5C 6C 7C 5D 6D 7D", "3S 4S 8S 4C 8C 4D 8D 5H 6H 7H")
    assert code == 0 and doc["layout_matters"] is True and doc["layout"] == "least"
    assert doc["knocker"]["melds"] == [["5S", "5D", "5C"], ["6S", "6D", "6C"],
                                       ["7S", "7D", "7C"]]
    assert doc["defender"]["unmatched"] == ["3S"] and doc["defender"]["layoffs"] == []
    other = doc["other_layout"]
    assert (other["result"], other["winner"], other["score"]) == ("undercut", "defender", 26)
    code, out, _ = run("check", "knock", "--knocker", "AS 5S 6S 7S 5C 6C 7C 5D 6D 7D",
                       "--defender", "3S 4S 8S 4C 8C 4D 8D 5H 6H 7H")
    assert "The layout matters: laid down as 5S 6S 7S / 5D 6D 7D / 5C 6C 7C" in out


def test_settled_1_layout_matters_is_false_for_a_given_layout() -> None:
    code, doc = cli_knock("AS 5S 6S 7S 5C 6C 7C 5D 6D 7D", "3S 4S 8S 4C 8C 4D 8D 5H 6H 7H",
                          "--knocker-melds", "5S 5C 5D / 6S 6C 6D / 7S 7C 7D")
    assert doc["layout_matters"] is False and doc["layout"] == "given"
    assert (doc["winner"], doc["score"]) == ("knocker", 2)


def test_d_a_a_hand_that_can_be_gin_is_gin_unless_a_layout_is_given() -> None:
    knocker = "4H 5H 6H 7H 9C 9D 9S 2D 3D 4D"
    defender = "3C 3H 3S 10S JS QS 8H AC 2C 6C"
    code, doc = cli_knock(knocker, defender)
    assert doc["result"] == "gin" and doc["layout_matters"] is False
    # laid down keeping 7H out: a knock with 7, scored as laid down
    code, doc = cli_knock(knocker, defender, "--knocker-melds", "4H 5H 6H / 9C 9D 9S / 2D 3D 4D")
    assert (doc["result"], doc["knocker"]["deadwood"], doc["score"]) == ("knock", 7, 17 - 7)


NEWCOMER = "2D 3D 4D 8H 8S 8C 10S JS QS AC"  # issue 16: the table saw deadwood 1 (AC)
NEWCOMER_DEFENDER = "AD 5D 6D AH 2C 3S 4H 5C 2S 4C"  # AD 5D 6D go on 2D 3D 4D


def test_d_a_the_newcomers_hand_is_scored_with_its_least_deadwood() -> None:
    # keeping 2D 3D 4D back (deadwood 10) would stop the layoffs and score 23: not assumed
    code, doc = cli_knock(NEWCOMER, NEWCOMER_DEFENDER)
    assert code == 0 and doc["layout"] == "least" and doc["layout_matters"] is False
    assert doc["knocker"] == {"deadwood": 1, "melds": [["2D", "3D", "4D"], ["8S", "8H", "8C"],
                                                       ["10S", "JS", "QS"]], "unmatched": ["AC"]}
    assert doc["defender"]["layoffs"] == ["AD", "5D", "6D"]
    assert (doc["winner"], doc["score"], doc["defender"]["deadwood"]) == ("knocker", 20, 21)
    assert doc["other_layout"] is None and doc["other_layouts"] == []


def test_settled_1_a_layout_that_keeps_melds_back_is_scored_only_when_given() -> None:
    code, doc = cli_knock(NEWCOMER, NEWCOMER_DEFENDER,
                          "--knocker-melds", "8H 8S 8C / 10S JS QS")
    assert code == 0 and doc["layout"] == "given" and doc["layout_matters"] is False
    assert (doc["knocker"]["deadwood"], doc["defender"]["deadwood"]) == (10, 33)
    assert (doc["winner"], doc["score"]) == ("knocker", 23)
    # E1 laid down without the run 2H 3H 4H leaves 10, for 12: the same, only when given
    s = knock("2H 3H 4H 7C 7D 7S JS QS KS AD", "5C 5D 5S 8H 9H 10H 2C 4C 6D KC")
    assert not s.layout_matters and s.other is None
    assert s.score is not None and s.score.score == 21
    s = knock("2H 3H 4H 7C 7D 7S JS QS KS AD", "5C 5D 5S 8H 9H 10H 2C 4C 6D KC",
              melds="7C 7D 7S / JS QS KS")
    assert s.score is not None and (s.score.knocker, s.score.score) == (10, 12)


def test_d_a_the_text_says_the_least_deadwood_was_assumed() -> None:
    code, out, _ = run("check", "knock", "--knocker", NEWCOMER, "--defender", NEWCOMER_DEFENDER)
    assert code == 0 and out.splitlines()[1:3] == [
        "Knocker  melds:    2D 3D 4D / 8S 8H 8C / 10S JS QS  (none given: least deadwood)",
        "         deadwood: AC (1)"]
    assert out.splitlines()[-1] == "No other layout of the least deadwood changes the result."


# --- G6: a knock is checked ----------------------------------------------------------------

def test_g6_over_the_limit_is_illegal_exit_1() -> None:
    code, doc = cli_knock("2H 3H 4H 7C 7D 7S JS QS KD 9C", "5C 5D 5S 8H 9H 10H 2C 4C 6D KC")
    assert code == 1 and doc["legal"] is False
    assert doc["problems"] == [{"rule": "G6", "code": "over-the-limit", "message":
                                "the knocker's deadwood is 39 (JS QS KD 9C), but a knock "
                                "needs 10 or less"}]
    assert (doc["result"], doc["winner"], doc["score"]) == (None, None, 0)


def test_g6_every_problem_of_a_given_layout_is_reported() -> None:
    code, doc = cli_knock("2H 3H 4H 7C 7D 7S JS QS KS AD", "5C 5D 5S 8H 9H 10H 2C 4C 6D KC",
                          "--knocker-melds", "2H 3H 4H / 4H 7C 7D / QS KS AS / 8H 9H 10H")
    assert code == 1
    found = [(p["rule"], p["code"]) for p in doc["problems"]]
    assert ("G3", "illegal-meld") in found  # 4H 7C 7D; QS KS AS
    assert ("G6", "not-in-hand") in found  # AS, 8H 9H 10H
    assert ("G4", "card-in-two-melds") in found  # 4H
    assert ("G6", "over-the-limit") in found  # only 2H 3H 4H is melded
    assert len(doc["problems"]) == 6
    code, out, _ = run("check", "knock", "--knocker", "2H 3H 4H 7C 7D 7S JS QS KS AD",
                       "--defender", "5C 5D 5S 8H 9H 10H 2C 4C 6D KC",
                       "--knocker-melds", "2H 3H 4H / 8H 9H 10H / 7C 7D 7S / JS QS KS")
    assert code == 1 and out.splitlines() == [
        "ILLEGAL knock: 1 problem",
        "  - not-in-hand (G6): 8H 9H 10H in the layout 8H 9H 10H are not in the knocker's",
        "    hand"]


@pytest.mark.parametrize(("knocker", "defender", "words"), [
    ("2H 3H 4H 7C 7D 7S JS QS KS", "5C 5D 5S 8H 9H 10H 2C 4C 6D KC",
     "the knocker must hold 10 cards after the discard (11 for big gin); 9 were given"),
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS", "5C 5D 5S 8H 9H 10H 2C 4C 6D KC",
     "the knocker must hold 10 cards after the discard (11 for big gin); 12 were given"),
    ("2H 3H 4H 7C 7D 7S JS QS KS AD", "5C 5D 5S 8H 9H 10H 2C 4C 6D",
     "the defender must hold 10 cards; 9 were given"),
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", "2C 2D 2H 3C 3D 3H 4C 4D 4H 5C 6C",
     "the defender must hold 10 cards; 11 were given"),
    ("2H 3H 4H 7C 7D 7S JS QS KS AD", "5C 5D 5S 8H 9H 10H 2C 4C 6D AD",
     "AD is in both hands: one deck holds each card once"),
    ("2H 3H 4H 7C 7D 7S JS QS KS JK", "5C 5D 5S 8H 9H 10H 2C 4C 6D KC",
     "the knocker's hand: JK: the Gin games are played without jokers"),
    ("2H 3H 4H 7C 7D 7S JS QS KS KS", "5C 5D 5S 8H 9H 10H 2C 4C 6D KC", "KS appears twice"),
    ("2H 3H 4H 7C 7D 7S JS QS KS AD 9D", "5C 5D 5S 8H 9H 10H 2C 4C 6D KC",
     "the knocker has 11 cards, but AD 9D are in no meld"),
])
def test_g6_unusable_hands_exit_2(knocker: str, defender: str, words: str) -> None:
    code, _, err = run("check", "knock", "--knocker", knocker, "--defender", defender)
    assert code == 2 and words in one_error_line(err)


def test_g6_round_and_deadwood_say_how_many_cards_were_given() -> None:
    ok("new", "Ann", "Ben", "--game", "gin", "--dealer", "Ann")
    code, _, err = run("round", "--knock", "Ann", "--hand", "Ann=AS 2S 3S 4S 5S 6S 7S 8S 9S 10S",
                       "--hand", "Ben=2C 2D 2H 3C 3D 3H 4C 4D 4H 5C 6C")
    assert code == 2 and one_error_line(err) == \
        "Error: the defender must hold 10 cards; 11 were given"
    code, _, err = run("deadwood", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS")
    assert code == 2 and one_error_line(err) == \
        "Error: a Gin hand has at most 11 cards (10, and 1 drawn); 12 were given"


def test_g6_missing_hand_or_joker_in_layout_exit_2() -> None:
    code, _, err = run("check", "knock", "--knocker", "2H 3H 4H 7C 7D 7S JS QS KS AD")
    assert code == 2 and "--defender missing" in one_error_line(err)
    code, _, err = run("check", "knock", "--knocker", "2H 3H 4H 7C 7D 7S JS QS KS AD",
                       "--defender", "5C 5D 5S 8H 9H 10H 2C 4C 6D KC",
                       "--knocker-melds", "2H 3H JK=4H")
    assert code == 2 and "played without jokers" in one_error_line(err)


# --- G7: big gin ---------------------------------------------------------------------------

def test_g7_big_gin_off_refuses_11_cards() -> None:
    code, _, err = run("check", "knock", "--knocker", "AS 2S 3S 4S 6C 6D 6H 10C JC QC KC",
                       "--defender", "7D 8D 9D 5S KH KD 2H 3H 4C 7C", "--game", "classic")
    assert code == 2 and "big gin is not played in these rules" in one_error_line(err)
    code, _, err = run("check", "knock", "--knocker", "AS 2S 3S 4S 6C 6D 6H 10C JC QC KC",
                       "--defender", "7D 8D 9D 5S KH KD 2H 3H 4C 7C", "--rule", "big_gin=off")
    assert code == 2 and "big_gin=off" in one_error_line(err)


def test_g7_big_gin_layout_must_meld_all_eleven() -> None:
    code, doc = cli_knock("AS 2S 3S 4S 6C 6D 6H 10C JC QC KC", "7D 8D 9D 5S KH KD 2H 3H 4C 7C",
                          "--knocker-melds", "AS 2S 3S / 6C 6D 6H / 10C JC QC KC")
    assert code == 1 and [p["rule"] for p in doc["problems"]] == ["G7"]


def test_g7_d_with_big_gin_off_ten_melded_cards_are_gin() -> None:
    code, doc = cli_knock("AS 2S 3S 4S 6C 6D 6H 10C JC QC", "7D 8D 9D 5S KH KD 2H 3H 4C 7C",
                          "--game", "classic")
    assert (doc["result"], doc["score"]) == ("gin", 41 + 20)


# --- G10: the figures of each preset, house rules ------------------------------------------

def test_g10_classic_figures_gin_20_undercut_10() -> None:
    assert cli_knock("3C 4C 5C 9C 9D 9H JH QH KH 8C", "2S 2D 2H 4D 5D 6D 7D 8D AS 4H",
                     "--game", "classic")[1]["score"] == 3 + 10
    assert cli_knock("4H 5H 6H 7H 9C 9D 9S 2D 3D 4D", "3C 3H 3S 10S JS QS 8H AC 2C 6C",
                     "--game", "classic")[1]["score"] == 17 + 20


def test_g10_e3_tie_none_nobody_wins() -> None:
    code, doc = cli_knock("AH 2H 3H 8C 8D 8S 10D JD QD 6C", "2S 3S 4S KC KH KS 5D 6D 7D 6H",
                          "--rule", "tie=none")
    assert code == 0 and (doc["result"], doc["winner"], doc["score"]) == ("tie", None, 0)


def test_g10_house_rule_undercut_10_and_unknown_rule() -> None:
    code, doc = cli_knock("3C 4C 5C 9C 9D 9H JH QH KH 8C", "2S 2D 2H 4D 5D 6D 7D 8D AS 4H",
                          "--rule", "undercut=10")
    assert doc["score"] == 13
    code, _, err = run("check", "knock", "--knocker", "3C 4C 5C 9C 9D 9H JH QH KH 8C",
                       "--defender", "2S 2D 2H 4D 5D 6D 7D 8D AS 4H", "--rule", "undercat=10")
    assert code == 2 and "did you mean 'undercut'?" in one_error_line(err)
    code, _, err = run("check", "knock", "--knocker", "3C 4C 5C 9C 9D 9H JH QH KH 8C",
                       "--defender", "2S 2D 2H 4D 5D 6D 7D 8D AS 4H", "--rule", "undercut")
    assert code == 2 and "--rule takes NAME=VALUE" in one_error_line(err)


def test_g10_score_hand_from_counts_agreed_at_the_table() -> None:
    assert score_hand(GIN, 1, 22) == HandScore("knock", "knocker", 21, 1, 22, 0, False)
    assert score_hand(GIN, 0, 41, big_gin=True).score == 72
    assert score_hand(CLASSIC, 6, 6).score == 10
    with pytest.raises(RefusedError, match=r"deadwood is 11, but a knock needs 10 or less \(G6\)"):
        score_hand(GIN, 11, 30)
    with pytest.raises(UnusableInputError, match="big gin is not played"):
        score_hand(CLASSIC, 0, 30, big_gin=True)
    with pytest.raises(UnusableInputError, match="0, not 3"):
        score_hand(GIN, 3, 30, big_gin=True)
    with pytest.raises(UnusableInputError, match="not -1"):
        score_hand(GIN, 2, -1)


# --- G16, G17: Oklahoma --------------------------------------------------------------------

@pytest.mark.parametrize(("upcard", "limit"), [("6S", 6), ("10H", 10), ("KD", 10), ("JC", 10),
                                               ("AH", 0), ("2C", 2)])
def test_g16_the_upcard_sets_the_limit(upcard: str, limit: int) -> None:
    card = parse_card(upcard)
    assert isinstance(card, Card) and OKLAHOMA.knock_limit(card) == limit


def test_g16_an_ace_upcard_means_gin_only_unless_ace_1() -> None:
    args = ("AC 2C 3C 4D 5D 6D JC JH JS AS", "8S 9S 10S 2D 2H 2S 7H 8H 9H KD",
            "--game", "oklahoma", "--upcard", "AH")
    code, doc = cli_knock(*args)
    assert code == 1 and doc["problems"][0]["rule"] == "G16"
    assert doc["problems"][0]["message"] == ("the knocker's deadwood is 1 (AS), but the upcard "
                                             "AH allows gin only")
    code, doc = cli_knock(*args, "--rule", "ace=1")
    assert code == 0 and doc["score"] == 10 - 1 and doc["doubled"] is False


def test_g16_over_the_upcards_limit_is_illegal() -> None:
    code, doc = cli_knock("AC 2C 3C 4D 5D 6D JC JH JS 7S", "8S 9S 10S 2D 2H 2S 7H 8H 9H KD",
                          "--game", "oklahoma", "--upcard", "6S")
    assert code == 1 and "sets the knock limit at 6" in doc["problems"][0]["message"]


def test_g16_oklahoma_needs_the_upcard_and_takes_no_knock_rule() -> None:
    code, _, err = run("check", "knock", "--knocker", "AC 2C 3C 4D 5D 6D JC JH JS 4S",
                       "--defender", "8S 9S 10S 2D 2H 2S 7H 8H 9H KD", "--game", "oklahoma")
    assert code == 2 and "--upcard" in one_error_line(err)
    code, _, err = run("check", "knock", "--knocker", "AC 2C 3C 4D 5D 6D JC JH JS 4S",
                       "--defender", "8S 9S 10S 2D 2H 2S 7H 8H 9H KD", "--game", "oklahoma",
                       "--upcard", "6S", "--rule", "knock=5")
    assert code == 2 and "upcard sets the knock limit" in one_error_line(err)
    with pytest.raises(GinRuleError):
        OKLAHOMA.knock_limit()


def test_g17_e9_a_spade_upcard_doubles_undercut_and_gin_bonuses() -> None:
    knocker, defender = "AC 2C 3C 4D 5D 6D JC JH JS 4S", "8S 9S 10S 2D 2H 2S 7H 8H 9H 3H"
    code, doc = cli_knock(knocker, defender, "--game", "oklahoma", "--upcard", "6S")
    assert (doc["result"], doc["score"], doc["doubled"]) == ("undercut", (4 - 3 + 25) * 2, True)
    code, doc = cli_knock(knocker, defender, "--game", "oklahoma", "--upcard", "6H")
    assert (doc["score"], doc["doubled"]) == (4 - 3 + 25, False)
    code, doc = cli_knock(knocker, defender, "--game", "oklahoma", "--upcard", "6S",
                          "--rule", "spade=off")
    assert doc["doubled"] is False
    gin = score_hand(OKLAHOMA, 0, 17, upcard=Card(9, Suit.SPADES))
    assert (gin.score, gin.doubled) == ((17 + 25) * 2, True)


def test_settled_5_no_doubling_where_the_upcard_sets_no_limit() -> None:
    code, doc = cli_knock("AC 2C 3C 4D 5D 6D JC JH JS 4S", "8S 9S 10S 2D 2H 2S 7H 8H 9H KD",
                          "--upcard", "6S", "--rule", "spade=on")
    assert (doc["score"], doc["doubled"], doc["knock_limit"]) == (6, False, 10)


# --- the whole showdown against the oracle, and G10 on what it reports ---------------------

@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.booleans())
def test_d_a_the_showdown_agrees_with_the_oracle(rnd: random.Random, dense: bool) -> None:
    knocker, defender = deal(rnd, dense)
    s = check_knock(GIN, knocker, defender)
    if least_deadwood(knocker).deadwood > 10:
        assert not s.legal and s.score is None
        return
    winner, score, matters = oracle_showdown(knocker, defender)
    assert s.score is not None
    assert (s.score.winner, s.score.score, s.layout_matters) == (winner, score, matters)
    # the layout assumed, and every other one reported, leaves the least deadwood
    least = oracle_deadwood(knocker)
    assert s.knocker.deadwood == least
    assert all(o.layout.deadwood == least for o in s.others)
    assert len({(o.score.winner, o.score.score) for o in s.others}) == len(s.others)
    assert (s.score.winner, s.score.score) not in {(o.score.winner, o.score.score)
                                                   for o in s.others}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.booleans(),
       st.sampled_from([GIN, CLASSIC, GIN.with_house_rules({"tie": "none"})]))
def test_g10_the_score_is_g10_applied_to_the_reported_k_and_d(
        rnd: random.Random, dense: bool, rules: GinRules) -> None:
    knocker, defender = deal(rnd, dense)
    s = check_knock(rules, knocker, defender)
    if s.score is None:
        return
    k, d = s.knocker.deadwood, s.defender.deadwood
    assert (s.score.knocker, s.score.defender) == (k, d)
    assert (s.score.winner, s.score.score) == g10(rules, k, d)
    assert s.score == score_hand(rules, k, d)
    assert d <= least_deadwood(defender).deadwood  # layoffs never raise it


def test_g4_g9_many_random_hands_agree_with_the_oracle() -> None:
    rnd = random.Random(1959)
    for _ in range(300):
        knocker, defender = deal(rnd, dense=True)
        assert least_deadwood(knocker).deadwood == oracle_deadwood(knocker)
        melds = least_deadwood(knocker).melds
        assert best_layoffs(melds, defender).deadwood == oracle_reply(melds, defender)


# --- the public examples file, and help ----------------------------------------------------

def _public() -> list[Any]:
    if not EXAMPLES.exists():
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"{EXAMPLES} not found"))]
    return [pytest.param(k, id=k["id"]) for k in yaml.safe_load(EXAMPLES.read_text())["knocks"]]


@pytest.mark.parametrize("case", _public())
def test_g10_public_knock_examples(case: dict[str, Any]) -> None:
    extra: list[str] = []
    for opt in ("knocker_melds", "upcard", "game"):
        if opt in case:
            extra += ["--" + opt.replace("_", "-"), case[opt]]
    code, doc = cli_knock(case["knocker"], case["defender"], *extra)
    assert code == (0 if case["legal"] else 1)
    got = {"legal": doc["legal"], "result": doc["result"], "winner": doc["winner"],
           "score": doc["score"], "layout_matters": doc["layout_matters"],
           "doubled": doc["doubled"], "knocker_deadwood": doc["knocker"]["deadwood"],
           "defender_deadwood": doc["defender"]["deadwood"]}
    assert {f: got[f] for f in got if f in case} == {f: case[f] for f in got if f in case}


def test_gin_commands_have_help_with_an_example() -> None:
    for words in (["deadwood"], ["check", "knock"]):
        code, out, _ = run(*words, "--help")
        assert code == 0 and "Example" in out and "rummy " + " ".join(words) in out
    assert "rummy check knock --knocker" in run("check", "--help")[1]


def test_g10_gin_is_never_undercut_even_at_d_0() -> None:
    code, doc = cli_knock("4H 5H 6H 7H 9C 9D 9S 2D 3D 4D", "3C 3H 3S 10S JS QS 8S 8C 8D 8H")
    assert (doc["result"], doc["winner"], doc["score"]) == ("gin", "knocker", 0 + 25)
    assert score_hand(GIN.with_house_rules({"tie": "none"}), 0, 0).result == "gin"


@pytest.mark.parametrize("args", [["deadwood", "7H", "--game", "manipulation"],
                                  ["check", "knock", "--knocker", "7H", "--defender", "8H",
                                   "--game", "rummikub"]])
def test_g1_the_gin_commands_take_only_gin_games(args: list[str]) -> None:
    code, _, err = run(*args)
    assert code == 2 and "is not one of the games this command takes: gin, classic or " \
        "oklahoma" in one_error_line(err)
