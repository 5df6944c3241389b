"""Corrections in place: ``rummy fix N`` changes what its options give and keeps the rest of
round N; on a terminal it asks the round again with the recorded answers as defaults;
``--game N`` reaches an earlier game, whose end a fix may not change; ``undo --game N``;
``undo`` shows the standings after. Every game kind of the ledger: Manipulation Rummy (R24)
and the Gin family (G6-G10, G16, G17, G19-G22)."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import pytest
from clirun import ok, one_error_line, run, unfolded
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

LEDGER = Path("rummy-ledger.yaml")


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Play a person at a terminal: the questions are asked, answers come from input."""
    monkeypatch.setattr("rummy_cli.cli.shell.stdin_is_terminal", lambda: True)


def answers(*typed: str) -> str:
    return "".join(a + "\n" for a in typed)


def four_players() -> None:
    """Round 1 Ann knocks; round 2 the stock runs out, Ben lowest; Dee holds 42."""
    ok("new", "Ann", "Ben", "Cy", "Dee", "--dealer", "Ann")
    ok("round", "--knock", "Ann", "--hand", "Ann=3C", "--points", "Ben=20", "--points", "Cy=9",
       "--points", "Dee=30")
    ok("round", "--stock-out", "--points", "Ann=10", "--points", "Ben=2", "--points", "Cy=9",
       "--hand", "Dee=KS QS 9H 8H 5C")


def two_games() -> None:
    """Game 1: Ann knocks twice and reaches 150 in round 2; game 2 has one round."""
    ok("new", "Ann", "Ben", "--dealer", "Ann")
    ok("round", "--knock", "Ann", "--points", "Ann=1", "--points", "Ben=50")
    ok("round", "--knock", "Ann", "--points", "Ann=2", "--points", "Ben=120")
    ok("new")
    ok("round", "--knock", "Ben", "--points", "Ben=0", "--points", "Ann=20")


def rounds_of(game: int) -> list[dict[str, object]]:
    doc = json.loads(ok("history", "--game", str(game), "--json"))
    return doc["rounds"]  # type: ignore[no-any-return]


# --- by option: only what is given changes ---------------------------------------------

def test_fix_one_hand_by_its_option_keeps_the_rest_of_the_round() -> None:
    four_players()
    out = ok("fix", "2", "--hand", "Dee=4S AC")
    assert out.splitlines()[:4] == [
        "Round 2 was: the stock ran out; Ben has the lowest hand and wins: 55 points.",
        "Round 2 now: the stock ran out; Ben has the lowest hand and wins: 18 points.",
        "Points: Ann 50 (unchanged), Ben 55 -> 18 (-37), Cy 0 (unchanged),",
        "        Dee 0 (unchanged).",
    ]
    assert "Round 3 next: Cy deals" in out  # the standings follow
    fixed = rounds_of(1)[1]
    assert fixed["knocker"] is None  # still a stock-out
    assert fixed["hands"] == {"Ann": 10, "Ben": 2, "Cy": 9, "Dee": ["4S", "AC"]}


def test_fix_the_ending_alone_keeps_every_hand() -> None:
    four_players()
    doc = json.loads(ok("fix", "2", "--knock", "Ben", "--json"))
    assert doc["knocker"] == "Ben" and doc["game"] == 1
    assert doc["hand_points"] == {"Ann": 10, "Ben": 2, "Cy": 9, "Dee": 42}
    assert doc["changed"]["Ben"] == [55, 55]  # R17, R18: the same differences, 8 + 7 + 40


def test_fix_by_a_name_start_and_a_total() -> None:
    four_players()
    ok("fix", "1", "--points", "b=25")
    assert rounds_of(1)[0]["hands"] == {"Ann": ["3C"], "Ben": 25, "Cy": 9, "Dee": 30}


def test_fix_as_recorded_writes_nothing() -> None:
    four_players()
    before = LEDGER.read_bytes()
    out = ok("fix", "2", "--points", "Ben=2")
    assert out.strip() == "Round 2 stays as recorded: nothing changed."
    assert LEDGER.read_bytes() == before


def test_fix_without_options_off_a_terminal_says_what_to_give() -> None:
    four_players()
    before = LEDGER.read_bytes()
    code, _, err = run("fix", "2")
    assert code == 2 and "say what to change in round 2 (--knock, --stock-out, --hand or " \
        "--points), or run it on a terminal to be asked" in one_error_line(err)
    assert LEDGER.read_bytes() == before


def test_r24_fix_that_ends_the_game_before_a_later_round_says_one_round_was() -> None:
    ok("new", "Ann", "Ben", "--dealer", "Ann")
    ok("round", "--knock", "Ann", "--points", "Ann=1", "--points", "Ben=20")
    ok("round", "--knock", "Ann", "--points", "Ann=1", "--points", "Ben=20")
    code, _, err = run("fix", "1", "--points", "Ben=200")
    assert code == 2 and ("the game would end after round 1, but 1 round was played after "
                          "it") in one_error_line(err)


# --- --game N: an earlier game of the ledger -------------------------------------------

def test_fix_one_hand_of_a_past_game_by_its_option_alone() -> None:
    two_games()
    game2 = rounds_of(2)
    out = ok("fix", "1", "--game", "1", "--points", "Ben=40")
    assert "Round 1 of game 1 was: Ann knocked and wins: 49 points." in out
    assert "Round 1 of game 1 now: Ann knocked and wins: 39 points." in out
    assert "Points: Ann 167 -> 157 (-10), Ben 0 (unchanged)." in out
    assert "Game over after round 2 (Ann reached 150)" in out
    first = json.loads(ok("standings", "--game", "1", "--json"))
    assert first["players"][0]["points"] == 157 and first["winners"] == ["Ann"]
    assert rounds_of(1)[0]["knocker"] == "Ann"  # the rest of the round is kept
    assert rounds_of(2) == game2  # the later game is untouched


@pytest.mark.parametrize(("args", "change"), [
    (["2", "--points", "Ben=20"], "game 1 would not be over (it ended after round 2)"),
    (["1", "--points", "Ben=200"], "game 1 would end after round 1 instead of round 2"),
    (["2", "--knock", "Ben", "--points", "Ben=0", "--points", "Ann=200"],
     "game 1 would be won by Ben instead of Ann"),
])
def test_fix_refused_because_a_later_game_follows(args: list[str], change: str) -> None:
    two_games()
    before = LEDGER.read_bytes()
    code, _, err = run("fix", *args, "--game", "1")
    line = one_error_line(err)
    assert code == 2 and change in line
    assert "but game 2 already follows it: a correction to an earlier game may change its " \
        "scores, not how or when it ended" in line
    assert LEDGER.read_bytes() == before


def test_fix_refused_because_a_later_game_follows_says_an_empty_one_can_go() -> None:
    ok("new", "Ann", "Ben", "--dealer", "Ann")
    ok("round", "--knock", "Ann", "--points", "Ann=1", "--points", "Ben=200")
    ok("new")
    code, _, err = run("fix", "1", "--game", "1", "--points", "Ben=20")
    assert code == 2 and one_error_line(err).endswith(
        "not how or when it ended (game 2 has no round yet: 'rummy undo' takes it back)")
    ok("undo", "--yes")  # game 2 goes; game 1 is the last again and may end otherwise
    out = ok("fix", "1", "--points", "Ben=20")
    assert "Round 2 next" in out


def test_fix_game_number_out_of_range() -> None:
    two_games()
    code, _, err = run("fix", "1", "--game", "3", "--points", "Ben=1")
    assert code == 2 and "there is no game 3: this ledger holds 2 games" in one_error_line(err)


def test_fix_of_the_last_game_by_number_is_a_plain_fix() -> None:
    two_games()
    out = ok("fix", "1", "--game", "2", "--points", "Ann=30")
    assert out.startswith("Round 1 was: Ben went out and wins:")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([(1, 1), (1, 2), (2, 1)]), st.sampled_from(["Ann", "Ben"]),
       st.integers(min_value=0, max_value=250))
def test_a_fix_is_refused_whole_or_undone_by_fixing_back(
        place: tuple[int, int], player: str, total: int) -> None:
    """Any one hand of any round of either game: refused with the file unchanged, or
    written so that entering the recorded hand again gives back the same file."""
    game, number = place
    with tempfile.TemporaryDirectory() as tmp:
        old = os.getcwd()
        os.chdir(tmp)
        try:
            two_games()
            before = LEDGER.read_bytes()
            recorded = rounds_of(game)[number - 1]["hands"][player]  # type: ignore[index]
            where = ["--game", str(game)]
            code, _, err = run("fix", str(number), "--points", f"{player}={total}", *where)
            if code:
                assert code == 2 and one_error_line(err)
                assert LEDGER.read_bytes() == before
                return
            ok("fix", str(number), "--points", f"{player}={recorded}", *where)
            assert LEDGER.read_bytes() == before
        finally:
            os.chdir(old)


# --- on a terminal: the recorded answers are the defaults -------------------------------

def test_fix_through_the_terminal_keeping_every_default(terminal: None) -> None:
    four_players()
    before = LEDGER.read_bytes()
    code, out, err = run("fix", "2", input=answers("", "", "", "", ""))
    assert code == 0, err
    assert err.splitlines()[:7] == [
        "Round 2 (Ben dealt) as recorded:",
        "  The stock ran out; Ben has the lowest hand and wins: 55 points.",
        "  Ann: a total of 10",
        "  Ben: a total of 2",
        "  Cy: a total of 9",
        "  Dee: KS QS 9H 8H 5C",
        "Enter keeps each answer as recorded; 'back' at a hand starts again.",
    ]
    assert "Who knocked? (a name, or 'stock' if the stock ran out) [stock]:" in err
    assert "Dee's hand [KS QS 9H 8H 5C]:" in err
    assert out.strip() == "Round 2 stays as recorded: nothing changed."
    assert LEDGER.read_bytes() == before


def test_fix_through_the_terminal_changes_one_answer_and_keeps_the_others(
        terminal: None) -> None:
    four_players()
    code, out, err = run("fix", "2", input=answers("", "", "", "", "4S AC", "y"))
    assert code == 0, err
    assert "Points: Ann 50 (unchanged), Ben 55 -> 18 (-37)" in err
    assert "Fix round 2? [y/N]:" in err
    assert "Round 3 next: Cy deals" in out
    assert rounds_of(1)[1]["hands"] == {"Ann": 10, "Ben": 2, "Cy": 9, "Dee": ["4S", "AC"]}


def test_fix_through_the_terminal_back_and_a_refused_hand(terminal: None) -> None:
    four_players()
    before = LEDGER.read_bytes()
    # Cy knocks with 9 points: refused (R17); back; then the ending kept, nothing changed
    code, out, err = run("fix", "2", input=answers("Cy", "", "", "", "back", "", "", "", "",
                                                   ""))
    assert code == 0, err
    assert "Cy cannot knock with 9 points in hand" in err
    assert "Back to the start of round 2." in err
    assert out.strip() == "Round 2 stays as recorded: nothing changed."
    assert LEDGER.read_bytes() == before


def test_fix_through_the_terminal_a_went_out_hand_kept_is_not_asked_again(
        terminal: None) -> None:
    ok("new", "Ann", "Ben", "--dealer", "Ann")
    ok("round", "--stock-out", "--hand", "Ann=", "--points", "Ben=12")
    code, out, err = run("fix", "1", input=answers("", "", ""))
    assert code == 0 and "went out?" not in err
    assert out.strip() == "Round 1 stays as recorded: nothing changed."


def test_fix_through_the_terminal_a_stock_out_kept_beside_a_player_called_stockton(
        terminal: None) -> None:
    ok("new", "Stockton", "Ben", "--dealer", "Ben")
    ok("round", "--stock-out", "--points", "Stockton=4", "--points", "Ben=12")
    code, out, err = run("fix", "1", input=answers("", "", ""))
    assert code == 0 and "[stock-out]:" in err
    assert out.strip() == "Round 1 stays as recorded: nothing changed."


def test_fix_answer_no_leaves_the_ledger(terminal: None) -> None:
    four_players()
    before = LEDGER.read_bytes()
    code, _, err = run("fix", "2", input=answers("", "", "", "", "4S AC", "n"))
    assert code == 0 and "Nothing changed." in err
    assert LEDGER.read_bytes() == before


def test_fix_through_the_terminal_of_a_past_game(terminal: None) -> None:
    two_games()
    code, out, err = run("fix", "1", "--game", "1", "--yes", input=answers("", "", "40"))
    assert code == 0, err
    assert "Fix round 1 of game 1?" not in err  # --yes: no question before writing
    assert "Round 1 (Ann dealt) as recorded:\n  Ann knocked and wins: 49 points." in err
    assert "Round 1 of game 1 now: Ann knocked and wins: 39 points." in out


# --- the Gin family ---------------------------------------------------------------------

E1_KNOCKER = "2H 3H 4H 7C 7D 7S JS QS KS AD"
E1_DEFENDER = "5C 5D 5S 8H 9H 10H 2C 4C 6D KC"
E9_KNOCKER = "AC 2C 3C 4D 5D 6D JC JH JS 4S"
E9_DEFENDER = "8S 9S 10S 2D 2H 2S 7H 8H 9H KD"


def gin_e1(*more: str) -> None:
    """G10, E1: Ann knocks with AD (1) against Ben's 22 and scores 21."""
    ok("new", "Ann", "Ben", "--game", "gin", "--dealer", "Ben", *more)
    ok("round", "--knock", "Ann", "--hand", f"Ann={E1_KNOCKER}", "--hand",
       f"Ben={E1_DEFENDER}", "--melds", "Ann=2H 3H 4H / 7C 7D 7S / JS QS KS")


def test_g10_fix_one_gin_hand_by_its_cards_keeps_the_knock_and_the_layout() -> None:
    gin_e1()
    out = ok("fix", "1", "--hand", "Ben=5C 5D 5S 8H 9H 10H 2C 4C 6D 9C")
    assert "Hand 1 now: Ann knocked and wins: 20 points (deadwood Ann 1, Ben 21)." in out
    assert "Points: Ann 21 -> 20 (-1), Ben 0 (unchanged)." in out
    assert "dropped" not in out
    hand = json.loads(ok("history", "--json"))["hands"][0]
    assert hand["knocker"] == "Ann" and hand["score"] == 20


def test_g10_fix_the_knockers_cards_drops_the_layout_and_says_so() -> None:
    gin_e1()
    out = ok("fix", "1", "--hand", "Ann=2H 3H 4H 7C 7D 7S JS QS KS AC")
    assert ("The layout recorded (2H 3H 4H / 7C 7D 7S / JS QS KS) is dropped, as the\n"
            "knocker or their cards changed: give --melds if it still stands.") in out
    assert "melds:" not in LEDGER.read_text(encoding="utf-8")


def test_g9_fix_the_layout_alone_e8() -> None:
    """E8: laid down as runs, the defender lays off 4S 3S 4D 4C and undercuts."""
    ok("new", "Ann", "Ben", "--game", "gin", "--dealer", "Ben")
    ok("round", "--knock", "Ann", "--hand", "Ann=AS 5S 6S 7S 5C 6C 7C 5D 6D 7D", "--hand",
       "Ben=3S 4S 8S 4C 8C 4D 8D 5H 6H 7H")
    assert json.loads(ok("standings", "--json"))["players"][0]["points"] == 2
    doc = json.loads(ok("fix", "1", "--melds", "a=5S 6S 7S / 5C 6C 7C / 5D 6D 7D", "--json"))
    assert (doc["result"], doc["winner"], doc["score"]) == ("undercut", "Ben", 26)
    assert doc["changed"] == {"Ann": [2, 0], "Ben": [0, 26]}
    assert 'melds: "5S 6S 7S / 5C 6C 7C / 5D 6D 7D"' in LEDGER.read_text(encoding="utf-8")


def test_g10_fix_through_the_terminal_keeping_every_default(terminal: None) -> None:
    gin_e1()
    before = LEDGER.read_bytes()
    code, out, err = run("fix", "1", input=answers("", "", ""))
    assert code == 0, err
    assert "  Ann laid down: 2H 3H 4H / 7C 7D 7S / JS QS KS" in err
    assert "Who knocked? (a name, or 'dead' for a dead hand) [Ann]:" in err
    assert f"Ben's hand [{E1_DEFENDER}]:" in err
    assert out.strip() == "Hand 1 stays as recorded: nothing changed."
    assert LEDGER.read_bytes() == before


def test_g10_fix_deadwood_counts_and_big_gin() -> None:
    ok("new", "Kay", "Dan", "--game", "gin", "--dealer", "Dan")
    ok("round", "--knock", "Kay", "--points", "Kay=0", "--points", "Dan=30", "--big-gin")
    doc = json.loads(ok("fix", "1", "--points", "Dan=20", "--json"))
    assert (doc["result"], doc["score"]) == ("big-gin", 51)  # G7 kept: 20 + 31
    doc = json.loads(ok("fix", "1", "--no-big-gin", "--json"))
    assert (doc["result"], doc["score"]) == ("gin", 45)
    out = ok("fix", "1", "--big-gin")
    assert "Points: Kay 45 -> 51 (+6), Dan 0 (unchanged)." in out
    out = ok("fix", "1", "--knock", "Dan", "--points", "Dan=0", "--points", "Kay=30")
    assert "The big-gin mark is dropped" in out and "Dan went gin" in out


KNOCK_BEN = ("--hand", "Ben=AS 5S 6S 7S 5C 6C 7C 5D 6D 7D",
             "--hand", "Ann=3S 4S 8S 4C 8C 4D 8D 5H 6H KH")
BIG_GIN_BEN = ("--hand", "Ben=AS 2S 3S 4S 5C 6C 7C 8D 8H 8C 8S",
               "--hand", "Ann=9S 10S 9C 10C 9D 10D 5H 6H KH QH")


def test_g7_big_gin_is_refused_on_cards_that_are_not_big_gin() -> None:
    ok("new", "Ann", "Ben", "--game", "gin", "--dealer", "Ann")
    before = LEDGER.read_bytes()
    code, _, err = run("round", "--knock", "Ben", *KNOCK_BEN, "--big-gin")
    assert code == 2 and "big gin melds all 11 cards: Ben holds 10" in one_error_line(err)
    assert LEDGER.read_bytes() == before
    ok("round", "--knock", "Ben", *KNOCK_BEN)
    before = LEDGER.read_bytes()
    code, _, err = run("fix", "1", "--big-gin", "--yes")
    assert code == 2 and "big gin melds all 11 cards: Ben holds 10" in one_error_line(err)
    assert LEDGER.read_bytes() == before and b"big_gin: true" not in before


def test_g7_big_gin_on_eleven_cards_melded_whole_is_what_the_cards_say() -> None:
    ok("new", "Ann", "Ben", "--game", "gin", "--dealer", "Ann")
    doc = json.loads(ok("round", "--knock", "Ben", *BIG_GIN_BEN, "--big-gin", "--json"))
    assert doc["result"] == "big-gin"  # redundant, harmless: the cards show it
    assert b"big_gin: true" not in LEDGER.read_bytes()  # nor is it kept: the cards say it
    assert out_of(ok("fix", "1", "--big-gin", "--yes")) == "nothing changed."
    before = LEDGER.read_bytes()
    code, _, err = run("fix", "1", "--no-big-gin", "--yes")
    assert code == 2 and "Ben's 11 cards are all in melds: that is big gin (G7)" in err
    assert LEDGER.read_bytes() == before


def test_g7_a_big_gin_mark_its_cards_contradict_is_a_warning_and_goes() -> None:
    ok("new", "Ann", "Ben", "--game", "gin", "--dealer", "Ann")
    ok("round", "--knock", "Ben", *KNOCK_BEN)
    LEDGER.write_text(LEDGER.read_text(encoding="utf-8").replace(
        "    result: knock", "    big_gin: true\n    result: knock"), encoding="utf-8")
    code, _, err = run("standings")  # (as an earlier rummy could write it)
    assert code == 0 and "it says 'big_gin: true', but the cards are not big gin" in err
    ok("round", "--knock", "Ann", "--points", "Ann=3", "--points", "Ben=30")
    assert b"big_gin: true" not in LEDGER.read_bytes()


def out_of(text: str) -> str:
    return text.strip().rsplit(": ", 1)[-1]


def test_g8_fix_a_hand_to_dead_and_back() -> None:
    ok("new", "Kay", "Dan", "--game", "gin", "--dealer", "Dan")
    ok("round", "--knock", "Kay", "--points", "Kay=3", "--points", "Dan=30")
    out = ok("fix", "1", "--dead")
    assert "Hand 1 now: a dead hand" in out and "Kay 27 -> 0 (-27)" in out
    code, _, err = run("fix", "1", "--points", "Kay=3")
    assert code == 2 and "hand 1 was recorded as a dead hand: say who knocked" in \
        one_error_line(err)
    ok("fix", "1", "--knock", "Kay", "--points", "Kay=3", "--points", "Dan=30")
    assert json.loads(ok("standings", "--json"))["players"][0]["points"] == 27


def test_g16_g17_fix_the_oklahoma_upcard_alone() -> None:
    ok("new", "Ann", "Ben", "--game", "oklahoma", "--dealer", "Ben")
    ok("round", "--knock", "Ann", "--hand", f"Ann={E9_KNOCKER}", "--hand",
       f"Ben={E9_DEFENDER}", "--upcard", "6S")
    out = ok("fix", "1", "--upcard", "7D")  # E9 without the spade: not doubled
    assert "Points: Ann 12 -> 6 (-6), Ben 0 (unchanged)." in out
    code, _, err = run("fix", "1", "--upcard", "3D")  # the limit 3 is below Ann's 4
    assert code == 2 and "G16" in one_error_line(err)


def test_g16_fix_through_the_terminal_asks_the_upcard_with_its_default(
        terminal: None) -> None:
    ok("new", "Ann", "Ben", "--game", "oklahoma", "--dealer", "Ben")
    ok("round", "--knock", "Ann", "--hand", f"Ann={E9_KNOCKER}", "--hand",
       f"Ben={E9_DEFENDER}", "--upcard", "6S")
    code, out, err = run("fix", "1", "--yes", input=answers("", "7D", "", ""))
    assert code == 0, err
    assert "The upcard (it sets the knock limit) [6S]: 7D" in err
    assert "Points: Ann 12 -> 6 (-6), Ben 0 (unchanged)." in out


def test_g8_fix_through_the_terminal_a_dead_hand_becomes_a_knock(terminal: None) -> None:
    ok("new", "Kay", "Dan", "--game", "gin", "--dealer", "Dan")
    ok("round", "--dead")
    code, out, err = run("fix", "1", "--yes", input=answers("k", "3", "30"))
    assert code == 0, err
    assert "Who knocked? (a name, or 'dead' for a dead hand) [dead]: k" in err
    assert "Kay's hand: 3" in err  # nothing recorded: no default
    assert "Hand 1 now: Kay knocked and wins: 27 points (deadwood Kay 3, Dan 30)." in out


def test_g6_fix_through_the_terminal_hands_told_apart_ask_again_with_what_was_typed(
        terminal: None) -> None:
    gin_e1()
    before = LEDGER.read_bytes()
    code, out, err = run("fix", "1", input=answers("", "1", "", "", "", "22", "n"))
    assert code == 0, err
    assert ("  Give both hands the same way: both as cards, or both as deadwood counts.\n"
            "Back to the start of hand 1: Enter keeps what you typed.") in err
    assert "Ann's hand [1]:" in err  # the answer typed is now the default
    assert "Hand 1 now: Ann knocked and wins: 21 points (deadwood Ann 1, Ben 22)." in err
    assert LEDGER.read_bytes() == before  # answered no


def test_g20_fix_under_hollywood_says_the_sums() -> None:
    ok("new", "Ann", "Ben", "--game", "gin", "--hollywood", "--dealer", "Ben")
    ok("round", "--knock", "Ann", "--points", "Ann=5", "--points", "Ben=65")
    ok("round", "--knock", "Ann", "--points", "Ann=5", "--points", "Ben=50")
    out = ok("fix", "1", "--points", "Ben=45")  # game 1 no longer reaches 100 (G21)
    assert "Hand 1 now: Ann knocked and wins: 40 points (deadwood Ann 5, Ben 45); entered " \
        "in game 1." in unfolded(out)
    assert "Sum: Ann 555 -> 130 (-425), Ben 0 (unchanged)." in out


def test_gin_fix_refused_because_a_later_game_follows() -> None:
    ok("new", "Kay", "Dan", "--game", "gin", "--dealer", "Dan")
    ok("round", "--knock", "Kay", "--points", "Kay=0", "--points", "Dan=90")
    ok("new")
    before = LEDGER.read_bytes()
    code, _, err = run("fix", "1", "--game", "1", "--points", "Dan=40")
    assert code == 2 and "with hand 1 of game 1 so, game 1 would not be over (it ended after " \
        "hand 1), but game 2 already follows it" in one_error_line(err)
    assert LEDGER.read_bytes() == before
    out = ok("fix", "1", "--game", "1", "--points", "Dan=80")  # still over: allowed
    assert "Hand 1 of game 1 now: Kay went gin and wins: 105 points" in unfolded(out)


# --- undo ---------------------------------------------------------------------------------

def test_undo_shows_the_standings_after() -> None:
    four_players()
    out = ok("undo", "--yes")
    lines = out.splitlines()
    assert lines[0].startswith("Took back round 2: the stock ran out")
    table = lines.index("") + 1  # the standings, after the line (folded at 80 or not)
    assert lines[table].split() == ["Player", "Rounds", "won", "Points", "To", "150", "Note"]
    assert lines[-1] == ("Round 2 next: Ben deals, Cy plays first. First to 150 ends the "
                         "game.")


def test_undo_game_n_takes_back_the_last_round_of_the_last_game() -> None:
    two_games()
    doc = json.loads(ok("undo", "--game", "2", "--yes", "--json"))
    assert doc["game"] == 2 and doc["rounds_played"] == 0
    assert rounds_of(2) == [] and len(rounds_of(1)) == 2


def test_undo_game_n_refused_while_a_later_game_follows(terminal: None) -> None:
    two_games()
    before = LEDGER.read_bytes()
    for extra in (["--yes"], []):
        code, _, err = run("undo", "--game", "1", *extra, input="y\n")
        assert code == 2 and one_error_line(err) == (
            "Error: round 2 ended game 1, and game 2 already follows it: it cannot be taken "
            "back (correct it with 'rummy fix 2 --game-number 1')")
    assert LEDGER.read_bytes() == before


def test_undo_gin_shows_the_standings_after() -> None:
    ok("new", "Kay", "Dan", "--game", "gin", "--dealer", "Dan")
    ok("round", "--knock", "Kay", "--points", "Kay=3", "--points", "Dan=30")
    out = ok("undo", "--yes")
    assert out.startswith("Took back hand 1: Kay knocked and wins: 27 points")
    assert "Hand 1 next: Dan deals" in out


# --- a ledger of several games: fix (and undo) say which game they change -----------------

def card_game_then_hollywood() -> None:
    """Game 1: Ana, Ben and Cy, over after one round; match 2: Hollywood Gin, Ben and Cy."""
    ok("new", "Ana", "Ben", "Cy", "--target", "10", "--dealer", "Ana")
    ok("round", "--knock", "Ana", "--points", "Ana=0", "--points", "Ben=20", "--points", "Cy=30")
    ok("new", "Ben", "Cy", "--game", "gin", "--hollywood", "--dealer", "Ben")
    ok("round", "--knock", "Ben", "--points", "Ben=0", "--points", "Cy=30")


WHICH = ("Fixing match 2 (Hollywood Gin Rummy: Ben, Cy), the last of 2 in the ledger; for an "
         "earlier game, add --game-number N.")


def test_fix_meant_for_an_earlier_game_is_refused_naming_game_number_file_unchanged() -> None:
    card_game_then_hollywood()
    before = LEDGER.read_bytes()
    code, out, err = run("fix", "1", "--points", "Ana=5")  # piped: nothing asks first
    assert code == 2 and not out and LEDGER.read_bytes() == before
    assert one_error_line(err) == (
        "Error: Ana is not a player of match 2 (Hollywood Gin Rummy: Ben, Cy); to fix an "
        "earlier game, add --game-number N (Ana plays in game 1)")
    for option in (["--knock", "Ana"], ["--hand", "Ana=3C"], ["--melds", "Ana=2H 3H 4H"]):
        code, _, err = run("fix", "1", *option)
        assert code == 2 and "Ana is not a player of match 2" in err
    assert LEDGER.read_bytes() == before
    ok("fix", "1", "--points", "Ana=5", "--game-number", "1")  # said so: it is fixed


def test_fix_a_name_no_game_has_in_a_ledger_of_several_games_names_game_number() -> None:
    card_game_then_hollywood()
    before = LEDGER.read_bytes()
    code, _, err = run("fix", "1", "--points", "Bne=5")
    assert code == 2 and LEDGER.read_bytes() == before
    assert one_error_line(err) == (
        "Error: Bne is not a player of match 2 (Hollywood Gin Rummy: Ben, Cy); to fix an "
        "earlier game, add --game-number N (did you mean 'Ben'?)")


def test_fix_of_the_last_game_taken_by_itself_says_which_game_in_its_first_line() -> None:
    card_game_then_hollywood()
    out = ok("fix", "1", "--points", "Cy=5")
    assert unfolded("\n".join(out.splitlines()[:2])) == WHICH
    assert unfolded(out).startswith(WHICH + " Hand 1 was: Ben went gin")
    out = ok("fix", "1", "--points", "Cy=5")  # nothing to change: still says which game
    assert unfolded(out) == WHICH + " Hand 1 stays as recorded: nothing changed."


def test_fix_says_no_game_when_the_ledger_has_one_or_the_game_is_named() -> None:
    card_game_then_hollywood()
    out = ok("fix", "1", "--points", "Cy=5", "--game-number", "2")
    assert out.startswith("Hand 1 was:")
    out = ok("fix", "1", "--points", "Ben=3", "--game", "manipulation")
    assert out.startswith("Round 1 of game 1 was:")
    Path(LEDGER).unlink()
    four_players()
    assert ok("fix", "2", "--points", "Ann=11").startswith("Round 2 was:")


def test_fix_on_a_terminal_says_which_game_before_it_asks(terminal: None) -> None:
    card_game_then_hollywood()
    code, out, err = run("fix", "1", "--points", "Cy=5", input=answers("y"))
    assert code == 0, err
    assert unfolded(err).startswith(WHICH + " Hand 1 was:")
    assert "Fixing" not in out  # said once, before the question
    code, _, err = run("fix", "1", input=answers("", "", "", "", ""))
    assert code == 0 and unfolded(err).startswith(WHICH + " Hand 1")


def test_undo_in_a_ledger_of_several_games_says_which_game_first() -> None:
    card_game_then_hollywood()
    out = ok("undo", "--yes")
    assert unfolded("\n".join(out.splitlines()[:3])).startswith(
        "Taking back from match 2 (Hollywood Gin Rummy: Ben, Cy), the last of 2 in the "
        "ledger. Took back hand 1: Ben went gin")


def test_undo_on_a_terminal_in_a_ledger_of_several_games_says_which_game_before_asking(
        terminal: None) -> None:
    card_game_then_hollywood()
    code, out, err = run("undo", input=answers("n"))
    assert code == 0 and unfolded(err).startswith(
        "Taking back from match 2 (Hollywood Gin Rummy: Ben, Cy), the last of 2 in the "
        "ledger. Hand 1 (Ben dealt):")


def test_fix_guided_asks_again_with_the_answers_piped_in() -> None:
    """'rummy fix N --guided' asks as a terminal would, off a terminal too (a player who
    knows 'round --guided' tries it on fix): Enter keeps each recorded answer."""
    four_players()
    code, out, err = run("fix", "2", "--guided", input=answers("", "", "", "", "4S AC", "y"))
    assert code == 0, err
    assert "Dee's hand [KS QS 9H 8H 5C]:" in err and "Fix round 2? [y/N]:" in err
    assert rounds_of(1)[1]["hands"] == {"Ann": 10, "Ben": 2, "Cy": 9, "Dee": ["4S", "AC"]}
    before = LEDGER.read_bytes()
    code, _, err = run("fix", "2", "--guided", "--points", "Ann=3")
    assert code == 2 and one_error_line(err).startswith(
        "Error: --guided asks the round again, each recorded answer the default: give it "
        "without the options that change it")
    assert LEDGER.read_bytes() == before
