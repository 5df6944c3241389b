"""Gin, Oklahoma and Hollywood games in the ledger: new, round (a hand), standings, history,
undo, fix, rename, the next game, stats and the chart, through the command as a table uses it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clirun import ok, one_error_line, run, unfolded

from rummy_cli import ledger


def hand(*args: str) -> dict[str, object]:
    return json.loads(ok("round", *args, "--json"))  # type: ignore[no-any-return]


def standings() -> dict[str, object]:
    return json.loads(ok("standings", "--json"))  # type: ignore[no-any-return]


def test_g20_e10_hollywood_through_the_ledger() -> None:
    ok("new", "A", "B", "--game", "gin", "--hollywood", "--dealer", "A")
    played = [("A", 5, 65, "A", 60, [1]), ("A", 5, 50, "A", 45, [1, 2]),
              ("B", 22, 2, "B", 20, [2]), ("A", 1, 31, "A", 30, [2, 3])]
    for knocker, a, b, winner, score, entered in played:
        doc = hand("--knock", knocker, "--points", f"A={a}", "--points", f"B={b}")
        assert (doc["winner"], doc["score"], doc["entered"]) == (winner, score, entered)
    doc = standings()
    games = {g["game"]: g for g in doc["games"]}  # type: ignore[union-attr]
    first = {p["name"]: p for p in games[1]["players"]}
    assert games[1]["over"] and first["A"]["total"] == 510 and first["B"]["total"] == 0
    second = {p["name"]: p["points"] for p in games[2]["players"]}
    third = {p["name"]: p["points"] for p in games[3]["players"]}
    assert not games[2]["over"] and second == {"A": 75, "B": 20}
    assert not games[3]["over"] and third["A"] == 30
    assert doc["game_over"] is False and doc["winners"] == []
    text = Path("rummy-ledger.yaml").read_text(encoding="utf-8")
    assert "game: gin" in text and "scoring: hollywood" in text and "entered: [1, 2]" in text


def test_g10_e1_a_hand_from_cards_is_scored_by_the_showdown() -> None:
    ok("new", "Kay", "Dan", "--game", "gin", "--dealer", "Dan")
    doc = hand("--knock", "Kay", "--hand", "Kay=2H 3H 4H 7C 7D 7S JS QS KS AD",
               "--hand", "Dan=5C 5D 5S 8H 9H 10H 2C 4C 6D KC")
    assert (doc["result"], doc["winner"], doc["score"]) == ("knock", "Kay", 21)
    assert doc["deadwood"] == {"Kay": 1, "Dan": 22}


def test_g6_a_knock_over_the_limit_is_refused_and_the_ledger_unchanged() -> None:
    ok("new", "Kay", "Dan", "--game", "gin", "--dealer", "Dan")
    before = Path("rummy-ledger.yaml").read_bytes()
    code, _, err = run("round", "--knock", "Kay", "--points", "Kay=12", "--points", "Dan=30")
    assert code == 2 and "G6" in one_error_line(err)
    code, _, err = run("round", "--knock", "Kay", "--hand",
                       "Kay=2H 3H 4H 7C 7D 7S JS QS KD 9C", "--hand",
                       "Dan=5C 5D 5S 8H 9H 10H 2C 4C 6D KC")
    assert code == 2 and "Kay may not knock" in one_error_line(err)
    assert Path("rummy-ledger.yaml").read_bytes() == before


def test_g15_the_winner_deals_next_and_a_dead_hand_keeps_the_dealer() -> None:
    ok("new", "Kay", "Dan", "--game", "gin", "--dealer", "Dan")
    doc = hand("--knock", "Kay", "--points", "Kay=3", "--points", "Dan=30")
    assert doc["dealer"] == "Dan"
    assert standings()["next_dealer"] == "Kay"
    doc = hand("--dead")
    assert (doc["result"], doc["winner"], doc["score"], doc["dealer"]) == ("dead", None, 0,
                                                                          "Kay")
    assert standings()["next_dealer"] == "Kay"


def test_g16_g17_oklahoma_needs_the_upcard_and_a_spade_doubles() -> None:
    ok("new", "Kay", "Dan", "--game", "oklahoma", "--dealer", "Dan")
    code, _, err = run("round", "--knock", "Kay", "--points", "Kay=4", "--points", "Dan=10")
    assert code == 2 and "--upcard" in one_error_line(err)
    doc = hand("--knock", "Kay", "--points", "Kay=4", "--points", "Dan=10", "--upcard", "6S")
    assert (doc["score"], doc["doubled"]) == (12, True)  # E9
    code, _, err = run("round", "--knock", "Dan", "--points", "Dan=7", "--points", "Kay=20",
                       "--upcard", "6H")
    assert code == 2 and "G16" in one_error_line(err)


def test_settled_point_5_oklahoma_refuses_a_knock_rule() -> None:
    code, _, err = run("new", "Kay", "Dan", "--game", "oklahoma", "--rule", "knock=5")
    assert code == 2 and "upcard sets the knock limit" in one_error_line(err)


def test_g11_g12_a_game_ends_with_boxes_and_bonus_then_the_next_game() -> None:
    ok("new", "Kay", "Dan", "--game", "classic", "--dealer", "Dan")
    hand("--knock", "Dan", "--points", "Dan=2", "--points", "Kay=40")
    hand("--knock", "Kay", "--points", "Kay=0", "--points", "Dan=90")  # gin: 90 + 20
    doc = standings()
    assert doc["game_over"] and doc["winners"] == ["Kay"]
    kay = {p["name"]: p for p in doc["players"]}["Kay"]  # type: ignore[union-attr]
    assert (kay["points"], kay["rounds_won"], kay["round_bonus"], kay["game_bonus"]) == \
        (110, 1, 20, 100)
    out = ok("new")
    assert "Game 2 of Gin Rummy (classic figures)" in out and "Kay deals first" in out
    history = ok("history", "--game", "1")
    assert "Total" in history and "Game bonus" in history


def test_undo_fix_and_rename_in_a_gin_game() -> None:
    ok("new", "Kay", "Dan", "--game", "gin", "--dealer", "Dan")
    hand("--knock", "Kay", "--points", "Kay=3", "--points", "Dan=30")
    hand("--knock", "Dan", "--points", "Dan=2", "--points", "Kay=9")
    out = ok("undo", "--yes")
    assert out.startswith("Took back hand 2: Dan knocked and wins: 7 points")
    doc = json.loads(ok("fix", "1", "--knock", "Kay", "--points", "Kay=3", "--points",
                        "Dan=40", "--json"))
    assert doc["score"] == 37 and doc["changed"] == {"Kay": [27, 37], "Dan": [0, 0]}
    ok("rename", "Dan", "Daniel")
    assert [p["name"] for p in standings()["players"]] == ["Kay", "Daniel"]  # type: ignore


def test_stats_and_chart_read_a_gin_ledger() -> None:
    ok("new", "Kay", "Dan", "--game", "gin", "--dealer", "Dan")
    hand("--knock", "Kay", "--points", "Kay=0", "--points", "Dan=30")
    hand("--knock", "Kay", "--points", "Kay=4", "--points", "Dan=2")
    doc = json.loads(ok("stats", "--json"))
    kay = {p["name"]: p for p in doc["players"]}["Kay"]
    assert (kay["rounds_won"], kay["knocks"], kay["goings_out"],
            kay["undercuts_suffered"]) == (1, 2, 1, 1)
    race = json.loads(ok("chart", "--json"))
    assert race["totals"] == {"Kay": [55, 55], "Dan": [0, 27]}


def test_gin_options_are_refused_in_a_manipulation_game() -> None:
    ok("new", "Ann", "Ben", "--dealer", "Ann")
    code, _, err = run("round", "--knock", "Ann", "--points", "Ann=1", "--points", "Ben=9",
                       "--upcard", "6S")
    assert code == 2 and "--upcard is for a Gin game" in one_error_line(err)


def test_gin_needs_two_players_and_no_jokers() -> None:
    code, _, err = run("new", "Kay", "Dan", "Eve", "--game", "gin")
    assert code == 2 and "two players" in one_error_line(err)
    ok("new", "Kay", "Dan", "--game", "gin", "--dealer", "Dan")
    code, _, err = run("round", "--knock", "Kay", "--hand", "Kay=JK 3H 4H 7C 7D 7S JS QS KS AD",
                       "--hand", "Dan=5C 5D 5S 8H 9H 10H 2C 4C 6D KC")
    assert code == 2 and "joker" in one_error_line(err).lower()


def test_a_gin_ledger_round_trips(tmp_path: Path) -> None:
    ok("new", "A", "B", "--game", "oklahoma", "--hollywood", "--dealer", "A")
    hand("--knock", "A", "--points", "A=2", "--points", "B=30", "--upcard", "9S")
    hand("--dead")
    night, warnings = ledger.read(Path("rummy-ledger.yaml"))
    assert warnings == []
    assert ledger.dump(night) == Path("rummy-ledger.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize(("args", "message"), [
    (["--dead", "--knock", "A"], "a dead hand"),
    (["--stock-out"], "a hand ends with --knock NAME, or --dead for a dead hand"),
    (["--knock", "A", "--points", "A=2", "--hand", "B=2C 3C"], "the same way"),
])
def test_gin_hand_refusals(args: list[str], message: str) -> None:
    ok("new", "A", "B", "--game", "gin", "--dealer", "A")
    code, _, err = run("round", *args)
    assert code == 2 and message in one_error_line(err)


@pytest.fixture()
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("rummy_cli.cli.shell.stdin_is_terminal", lambda: True)


def test_guided_gin_hand_back_and_each_answer_checked_as_typed(terminal: None) -> None:
    ok("new", "Ann", "Ben", "--game", "oklahoma", "--dealer", "Ben")
    code, _, err = run("round", input="stock\nAnn\nJK\n4H\n39\nback\nAnn\n4H\n6S\n3\n20\ny\n")
    assert code == 0, err
    assert "a Gin hand ends with a knock, or is dead" in err.replace("A Gin", "a Gin")
    assert "no jokers" in err
    assert "the upcard 4H sets the knock limit at 4 (G16)" in unfolded(err)
    assert "Back to the start of the hand." in err
    assert "Ann's hand has 1 card: type the 10 cards" in err
    doc = standings()
    assert doc["players"][0]["points"] == 17  # type: ignore[index]


def test_guided_gin_cards_shared_between_hands_are_refused_at_once(terminal: None) -> None:
    ok("new", "Ann", "Ben", "--game", "gin", "--dealer", "Ben")
    ann = "2H 3H 4H 7C 7D 7S JS QS KS AD"
    code, _, err = run("round", input=f"Ann\n{ann}\n2H 5D 5S 8H 9H 10H 2C 4C 6D KC\n"
                                      "5C 5D 5S 8H 9H 10H 2C 4C 6D KC\ny\n")
    assert code == 0, err
    assert "2H is in both hands" in err


def test_hollywood_alone_means_gin() -> None:
    out = ok("new", "Ann", "Ben", "--hollywood", "--dealer", "Ann")
    assert "Hollywood Gin Rummy" in out


def test_target_given_twice_differently_is_refused() -> None:
    code, _, err = run("new", "Ann", "Ben", "--target", "200", "--rule", "target=300")
    assert code == 2 and "disagree" in one_error_line(err)


def test_a_stored_winner_that_disagrees_is_warned_about() -> None:
    ok("new", "Ann", "Ben", "--game", "gin", "--dealer", "Ben")
    hand("--knock", "Ann", "--points", "Ann=3", "--points", "Ben=20")
    path = Path("rummy-ledger.yaml")
    path.write_text(path.read_text(encoding="utf-8").replace("winner: Ann", "winner: Ben"),
                    encoding="utf-8")
    code, _, err = run("standings")
    assert code == 0 and "the stored winner (Ben) disagrees with the hands" in err



def test_a_hand_edited_hand_number_is_a_warning() -> None:
    ok("new", "Ann", "Ben", "--game", "gin", "--dealer", "Ben")
    hand("--knock", "Ann", "--points", "Ann=3", "--points", "Ben=20")
    path = Path("rummy-ledger.yaml")
    path.write_text(path.read_text(encoding="utf-8").replace("- hand: 1", "- hand: 4"),
                    encoding="utf-8")
    code, _, err = run("standings")
    assert code == 0 and "it says 'hand: 4', but it is hand 1 of the list" in unfolded(err)

# --- D(a) as amended: the layout a hand from cards is scored with, shown -----------------

NEWCOMER = ("Ann=2D 3D 4D 8H 8S 8C 10S JS QS AC", "Ben=AD 5D 6D AH 2C 3S 4H 5C 2S 4C")
E8 = ("Ann=AS 5S 6S 7S 5C 6C 7C 5D 6D 7D", "Ben=3S 4S 8S 4C 8C 4D 8D 5H 6H 7H")


def widest(text: str) -> int:
    return max(map(len, text.splitlines()))


def test_d_a_the_newcomers_hand_scores_20_from_cards_and_round_shows_the_layout() -> None:
    ok("new", "Ann", "Ben", "--game", "gin", "--dealer", "Ben")
    out = ok("round", "--knock", "Ann", "--hand", NEWCOMER[0], "--hand", NEWCOMER[1])
    assert out.splitlines()[:3] == [
        "Hand 1 (Ben dealt): Ann knocked and wins: 20 points (deadwood Ann 1, Ben 21).",
        "Ann lays 2D 3D 4D / 8S 8H 8C / 10S JS QS, deadwood AC 1;",
        "Ben lays off AD 5D 6D, deadwood 2S 3S AH 4H 2C 4C 5C 21."]
    assert "layout matters" not in out and widest(out) <= 80
    assert standings()["players"][0]["points"] == 20  # type: ignore[index]


def test_settled_1_round_scores_a_layout_that_keeps_melds_back_only_when_given() -> None:
    ok("new", "Ann", "Ben", "--game", "gin", "--dealer", "Ben")
    doc = hand("--knock", "Ann", "--hand", NEWCOMER[0], "--hand", NEWCOMER[1],
               "--melds", "Ann=8H 8S 8C / 10S JS QS")
    assert (doc["score"], doc["deadwood"]) == (23, {"Ann": 10, "Ben": 33})


def test_g9_e4_round_shows_gin_and_nothing_laid_off() -> None:
    ok("new", "Ann", "Ben", "--game", "gin", "--dealer", "Ben")
    out = ok("round", "--knock", "Ann", "--hand", "Ann=4H 5H 6H 7H 9C 9D 9S 2D 3D 4D",
             "--hand", "Ben=3C 3H 3S 10S JS QS 8H AC 2C 6C")
    assert out.splitlines()[:3] == [
        "Hand 1 (Ben dealt): Ann went gin and wins: 42 points (deadwood Ann 0, Ben 17).",
        "Ann lays 2D 3D 4D / 4H 5H 6H 7H / 9S 9D 9C, gin;",
        "Ben melds 3S 3H 3C / 10S JS QS, deadwood 8H AC 2C 6C 17 (no layoffs on gin)."]


def test_d_a_e8_round_says_the_layout_matters_and_how_to_enter_the_other() -> None:
    ok("new", "Ann", "Ben", "--game", "gin", "--dealer", "Ben")
    out = ok("round", "--knock", "Ann", "--hand", E8[0], "--hand", E8[1])
    assert out.splitlines()[:8] == [
        "Hand 1 (Ben dealt): Ann knocked and wins: 2 points (deadwood Ann 1, Ben 3).",
        "Ann lays 5S 5D 5C / 6S 6D 6C / 7S 7D 7C, deadwood AS 1;",
        "Ben melds 4S 4D 4C / 5H 6H 7H / 8S 8D 8C, lays off nothing, deadwood 3S 3.",
        "The layout matters: laid down as 5S 6S 7S / 5D 6D 7D / 5C 6C 7C, Ben would lay",
        "  off 4S 3S 4D 4C and undercut for 26. If Ann laid that down, enter it:",
        '  rummy fix 1 --knock Ann --hand "Ann=AS 5S 6S 7S 5C 6C 7C 5D 6D 7D" \\',
        '    --hand "Ben=3S 4S 8S 4C 8C 4D 8D 5H 6H 7H" \\',
        '    --melds "Ann=5S 6S 7S / 5D 6D 7D / 5C 6C 7C"']
    assert widest(out) <= 80
    # the command shown, as typed, scores the other layout: Ben's undercut
    doc = json.loads(ok("fix", "1", "--knock", "Ann", "--hand", E8[0], "--hand", E8[1],
                        "--melds", "Ann=5S 6S 7S / 5D 6D 7D / 5C 6C 7C", "--json"))
    assert (doc["winner"], doc["score"]) == ("Ben", 26)


def test_d_a_e8_guided_entry_asks_which_layout_was_laid_down(terminal: None) -> None:
    ok("new", "Ann", "Ben", "--game", "gin", "--dealer", "Ben")
    ann, ben = (h.split("=")[1] for h in E8)
    code, _, err = run("round", input=f"Ann\n{ann}\n{ben}\n3\n5S 6S\n2\ny\n")
    assert code == 0, err
    assert ("The layout matters: Ann can lay down the least deadwood in more than one way,\n"
            "and the result depends on it:\n"
            "  1  5S 5D 5C / 6S 6D 6C / 7S 7D 7C: Ann wins 2\n"
            "  2  5S 6S 7S / 5D 6D 7D / 5C 6C 7C: Ben lays off 4S 3S 4D 4C and undercuts for\n"
            "       26\n") in err
    assert "3: choose 1 to 2, or type the melds" in err
    assert "Ann cannot knock with that layout: a meld needs at least 3 cards" in err
    assert ("Ann lays 5S 6S 7S / 5D 6D 7D / 5C 6C 7C, deadwood AS 1;\n"
            "Ben melds 5H 6H 7H / 8S 8D 8C, lays off 4S 3S 4D 4C, deadwood 0.\n") in err
    assert "Hand 1: Ann knocked, but Ben undercuts and wins: 26 points" in unfolded(err)
    mine = [line for line in err.splitlines()
            if line.startswith(("The layout", "and the", "  1 ", "  2 ", "Ann lays", "Ben "))]
    assert len(mine) == 6 and max(map(len, mine)) <= 80
    assert standings()["players"][1]["points"] == 26  # type: ignore[index]
    text = Path("rummy-ledger.yaml").read_text(encoding="utf-8")
    assert 'melds: "5S 6S 7S / 5D 6D 7D / 5C 6C 7C"' in text  # what was laid down, kept


def test_d_a_guided_entry_takes_the_assumed_layout_on_enter_or_typed_melds(
        terminal: None) -> None:
    ok("new", "Ann", "Ben", "--game", "gin", "--dealer", "Ben")
    ann, ben = (h.split("=")[1] for h in E8)
    code, _, err = run("round", input=f"Ann\n{ann}\n{ben}\n\ny\n")
    assert code == 0 and "Hand 1: Ann knocked and wins: 2 points" in err
    ok("undo", "--yes")
    code, _, err = run("round", input=f"Ann\n{ann}\n{ben}\n"
                                      "7S 6S 5S / 5D 6D 7D / 5C 6C 7C\ny\n")
    assert code == 0 and "Ben undercuts and wins: 26 points" in unfolded(err)


def test_d_a_guided_entry_does_not_ask_when_the_layout_does_not_matter(
        terminal: None) -> None:
    ok("new", "Ann", "Ben", "--game", "gin", "--dealer", "Ben")
    ann, ben = (h.split("=")[1] for h in NEWCOMER)
    code, _, err = run("round", input=f"Ann\n{ann}\n{ben}\ny\n")
    assert code == 0, err
    assert "Which did Ann lay down?" not in err
    assert ("Ann lays 2D 3D 4D / 8S 8H 8C / 10S JS QS, deadwood AC 1;\n"
            "Ben lays off AD 5D 6D, deadwood 2S 3S AH 4H 2C 4C 5C 21.\n"
            "Hand 1: Ann knocked and wins: 20 points") in err


# --- small cuts in guided Gin entry -------------------------------------------------------

def test_guided_gin_b_is_ben_at_who_knocked(terminal: None) -> None:
    ok("new", "Ann", "Ben", "--game", "gin", "--dealer", "Ann")
    code, _, err = run("round", input="b\n3\n30\ny\n")
    assert code == 0, err
    assert "Ben knocked and wins: 27 points" in err
    assert "first question" not in err


def test_guided_gin_b_without_a_ben_is_still_refused_at_the_first_question(
        terminal: None) -> None:
    ok("new", "Ann", "Cy", "--game", "gin", "--dealer", "Ann")
    code, _, err = run("round", input="b\nCy\n3\n30\ny\n")
    assert code == 0 and "This is the hand's first question" in err


def test_guided_gin_d_asks_dee_or_dead(terminal: None) -> None:
    ok("new", "Dee", "Cy", "--game", "gin", "--dealer", "Cy")
    code, _, err = run("round", input="d\nDee\n3\n30\ny\n")
    assert code == 0, err
    assert "'d' could be Dee or 'dead': type more" in err
    assert "Dee knocked and wins: 27 points" in err
    code, _, err = run("round", input="dead\ny\n")
    assert code == 0 and "a dead hand" in err


def test_g16_guided_oklahoma_ace_upcard_says_what_check_knock_says(terminal: None) -> None:
    ok("new", "Ann", "Ben", "--game", "oklahoma", "--dealer", "Ben")
    code, _, err = run("round", input="Ann\nAH\n1\n0\n20\ny\n")
    assert code == 0, err
    assert "Ann knocked with 1 deadwood, but the upcard AH allows gin only (G16)" in err
    words = "AC 2C 3C 4D 5D 6D JC JH JS AS"
    code, _, err = run("round", input=f"Ben\nAH\n{words}\n0\n20\ny\n")
    assert "Ben's least deadwood is 1, but the upcard AH allows gin only (G16)" in err
    code, out, _ = run("check", "knock", "--game", "oklahoma", "--upcard", "AH",
                       "--knocker", words, "--defender", "8S 9S 10S 2D 2H 2S 7H 8H 9H KD")
    assert code == 1 and "but the upcard AH allows gin only" in " ".join(out.split())


def test_guided_oklahoma_back_keeps_the_upcard_as_the_default(terminal: None) -> None:
    ok("new", "Ann", "Ben", "--game", "oklahoma", "--dealer", "Ben")
    # the upcard 9S, then 'back' at Ann's hand; Enter at the upcard keeps 9S
    code, _, err = run("round", input="Ann\n9S\nback\nAnn\n\n3\n20\ny\n")
    assert code == 0, err
    assert "The upcard (it sets the knock limit) [9S]: " in err
    assert "doubled by the spade upcard" in err
    assert "upcard: 9S" in Path("rummy-ledger.yaml").read_text(encoding="utf-8")
    # and after 'back' at "Record this hand?" too
    code, _, err = run("round", input="Ben\n8D\n2\n20\nback\nBen\n\n2\n20\ny\n")
    assert code == 0, err
    assert "The upcard (it sets the knock limit) [8D]: " in err
    assert "upcard: 8D" in Path("rummy-ledger.yaml").read_text(encoding="utf-8")


# --- G5 and G18, as a player sees them ------------------------------------------------------

def test_g5_the_non_dealer_is_offered_the_upcard_first_each_hand() -> None:
    out = ok("new", "Ann", "Ben", "--game", "gin", "--dealer", "Ben")
    assert "Ben deals first; Ann is offered the upcard." in unfolded(out)
    out = ok("round", "--knock", "Ann", "--points", "Ann=3", "--points", "Ben=20")
    # G15: the winner deals the next hand, and the other player is offered the upcard
    assert "Hand 2 next: Ann deals, Ben is offered the upcard." in unfolded(out)


def test_g18_oklahoma_plays_to_150_not_100() -> None:
    out = ok("new", "Ann", "Ben", "--game", "oklahoma", "--dealer", "Ben")
    assert "first to 150" in unfolded(out)
    for ben, over in ((71, False), (81, False), (4, True)):  # 69, 148 (past 100), 150
        out = ok("round", "--knock", "Ann", "--points", "Ann=2", "--points", f"Ben={ben}",
                 "--upcard", "KH")
        assert ("Game over after hand" in out) is over, out
    final = standings()
    assert final["game_over"] is True and final["winners"] == ["Ann"]


@pytest.mark.parametrize("shutout", ["double", "plus100"])
def test_g13_the_history_of_a_shutout_adds_up(shutout: str) -> None:
    ok("new", "Ann", "Ben", "--game", "gin", "--dealer", "Ann", "--rule", f"shutout={shutout}")
    for _ in range(2):  # 61 and 122: over
        ok("round", "--knock", "Ann", "--points", "Ann=0", "--points", "Ben=30",
           "--big-gin")
    lines = ok("history").splitlines()
    points = [line.split()[-2:] for line in lines if line[:1].isdigit()][-1]
    sums = [int(p.rstrip("*")) for p in points]
    added = [line for line in lines if line.split()[:2] in (["Box", "bonus"], ["Game", "bonus"])
             or line.split()[:1] == ["Shutout"]]
    assert ("Shutout" in "".join(added)) is (shutout == "double")
    for line in added:
        sums = [s + int(x) for s, x in zip(sums, line.split()[-2:])]
    total = next(line for line in lines if line.split()[:1] == ["Total"])
    assert [int(x) for x in total.split()[-2:]] == sums and sums[0] > 300


def test_a_hand_edited_value_is_quoted_back_as_yaml_writes_it() -> None:
    ok("new", "Ann", "Ben", "--game", "gin", "--dealer", "Ann")
    ok("round", "--knock", "Ann", "--points", "Ann=3", "--points", "Ben=30")
    path = Path("rummy-ledger.yaml")
    good = path.read_text(encoding="utf-8")
    for old, new, said in (("tie: undercut", "tie: false", "cannot be false"),
                           ("knock: 10", "knock: true", "cannot be true"),
                           ("knock: 10", "knock: yes", "cannot be 'yes'")):
        path.write_text(good.replace(old, new), encoding="utf-8")
        code, _, err = run("standings")
        assert code == 2 and one_error_line(err).endswith(said), err
