"""Hollywood as three games (G19-G22): the sheet of `standings` and `history` (each game's
points, box bonus, game bonus, shutout and total, and the match's sum), the words "match"
and "Game 1-3" that never collide, and the chart of three races."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from clirun import ok, one_error_line, run
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_cli.games.gin.hollywood_sheet import LABELS, sheet_rows, sheet_text
from rummy_cli.games.gin.rules import GIN, OKLAHOMA
from rummy_cli.games.gin.score import GinHand, gin_state

HOLLYWOOD = replace(GIN, scoring="hollywood")
E10 = [("A", 5, 65), ("A", 5, 50), ("B", 22, 2), ("A", 1, 31)]  # A +60, +45; B +20; A +30


def play(hands: list[tuple[str, int, int]], *rules: str) -> None:
    """A Hollywood match of A and B (A deals first), each hand entered by deadwood."""
    options = [x for r in rules for x in ("--rule", r)]
    ok("new", "A", "B", "--game", "gin", "--hollywood", "--dealer", "A", *options)
    for knocker, a, b in hands:
        ok("round", "--knock", knocker, "--points", f"A={a}", "--points", f"B={b}")


def sheet_line(out: str, label: str) -> list[str]:
    """The cells of one line of the sheet, by its label ('Points', 'Total', ...)."""
    line = next(x for x in out.splitlines() if x.startswith(label))
    return line[len(label):].split()


def widest(text: str) -> int:
    return max(map(len, text.splitlines()))


# --- the sheet: standings ---------------------------------------------------------------

def test_g21_e10_standings_show_each_game_as_a_paper_sheet() -> None:
    play(E10)
    out = ok("standings")
    heads = out.splitlines()[0].split()
    assert heads == ["Game", "1", "(over)", "Game", "2", "Game", "3", "Match"]
    # Game 1: A 105 + 2 boxes of 25 + 100, doubled by the shutout: 510 (E10)
    assert sheet_line(out, "Hands won") == ["2", "0", "2", "1", "1", "0", "3", "1"]
    assert sheet_line(out, "Points") == ["105", "0", "75", "20", "30", "0", "210", "20"]
    assert sheet_line(out, "Box bonus") == ["50", "0", "50", "0"]
    assert sheet_line(out, "Game bonus") == ["100", "0", "100", "0"]
    assert sheet_line(out, "Shutout") == ["+255", "+255"]
    assert sheet_line(out, "Total") == ["510", "0", "75", "20", "30", "0", "615", "20"]
    assert widest(out) <= 80


def test_g21_the_json_of_standings_keeps_the_contract() -> None:
    play(E10)
    doc = json.loads(ok("standings", "--json"))
    assert [p["total"] for p in doc["players"]] == [615, 20]
    assert [g["game"] for g in doc["games"]] == [1, 2, 3]
    first = doc["games"][0]["players"][0]
    assert set(first) == {"name", "points", "rounds_won", "round_bonus", "game_bonus",
                          "total", "shutout"}
    assert (first["total"], first["shutout"]) == (510, True)


@pytest.mark.parametrize(("shutout", "bonus", "extra", "total"), [
    ("double", "100", "+255", "510"),  # the winner's whole total doubled
    ("double-points", "100", "+105", "360"),  # only the points doubled
    ("plus100", "100", "+100", "355"),  # the game bonus made 200: the extra 100 shows here
])
def test_g13_the_shutout_line_shows_what_the_shutout_adds(shutout: str, bonus: str,
                                                          extra: str, total: str) -> None:
    play(E10[:2], f"shutout={shutout}")
    out = ok("standings")
    assert sheet_line(out, "Game bonus")[0] == bonus
    assert sheet_line(out, "Shutout")[0] == extra
    assert sheet_line(out, "Total")[0] == total


def test_g12_a_game_in_progress_has_no_bonuses_yet() -> None:
    play(E10[:1])
    out = ok("standings")  # a sheet of running points: no bonus line, no total yet
    assert [x.split()[0] for x in out.splitlines()[3:5]] == ["Hands", "Points"]
    assert not any(x.startswith(("Box", "Game bonus", "Shutout", "Total"))
                   for x in out.splitlines())
    assert sheet_line(out, "Points") == ["60", "0", "0", "0", "0", "0", "60", "0"]
    assert "Shutout" not in ok("standings", "--format", "csv").splitlines()[5:]  # all lines
    assert ok("standings", "--format", "csv").splitlines()[5].startswith("Shutout,")


def test_a_sheet_in_another_format_has_a_column_per_game_and_player() -> None:
    play(E10)
    out = ok("standings", "--format", "csv")
    lines = out.splitlines()
    assert lines[0] == (",Game 1 (over) A,Game 1 (over) B,Game 2 A,Game 2 B,Game 3 A,"
                        "Game 3 B,Match A,Match B")
    assert lines[5] == "Shutout,255,,,,,,255,"  # a number a spreadsheet can add
    assert lines[6] == "Total,510,0,75,20,30,0,615,20"
    assert "| Game 1 (over) A |" in ok("standings", "--format", "github").replace("  ", "")
    plain = ok("standings", "--format", "plain")  # the sheet without its rules
    assert sheet_line(plain, "Total")[0] == "510" and "---" not in plain


games_of_hands = st.lists(st.tuples(st.sampled_from(["A", "B"]), st.integers(0, 80),
                                    st.sampled_from(["knock", "gin", "undercut"])),
                          max_size=14)


@settings(max_examples=80, deadline=None)
@given(games_of_hands, st.sampled_from(["double", "double-points", "plus100", "off"]),
       st.sampled_from([GIN, OKLAHOMA]))
def test_g21_g22_every_column_adds_up_and_the_match_is_their_sum(
        wins: list[tuple[str, int, str]], shutout: str, preset: Any) -> None:
    rules = replace(preset, scoring="hollywood", shutout=shutout)
    hands = []
    for winner, score, result in wins:
        knocker = winner if result != "undercut" else ("B" if winner == "A" else "A")
        hands.append(GinHand(knocker, result, winner, score))
        try:
            gin_state(["A", "B"], "A", rules, hands)
        except Exception:  # a hand after all three games are over
            hands.pop()
            break
    state = gin_state(["A", "B"], "A", rules, hands)
    _, rows = sheet_rows(state, rules)
    lines = {row[0]: [0 if c == "" else c for c in row[1:]] for row in rows}
    assert list(lines) == list(LABELS)
    for col in range(8):
        parts = sum(lines[x][col] for x in ("Points", "Box bonus", "Game bonus", "Shutout"))
        assert parts == lines["Total"][col]
    for label in LABELS[1:]:
        for seat in range(2):
            assert lines[label][6 + seat] == sum(lines[label][g * 2 + seat] for g in range(3))
    assert lines["Total"][6:] == [x.total for x in state.standings]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyz"), min_size=1,
                        max_size=16), min_size=2, max_size=2, unique_by=str.casefold))
def test_the_sheet_fits_80_columns_for_any_names(names: list[str]) -> None:
    hands = [GinHand(names[0], "knock", names[0], 60)] * 2 + \
        [GinHand(names[1], "gin", names[1], 1000)]
    state = gin_state(names, names[0], HOLLYWOOD, hands)
    text = sheet_text(state, HOLLYWOOD)
    assert widest(text) <= 80
    heads = text.splitlines()[1].split()
    assert len({h.casefold() for h in heads[:2]}) == 2  # shortened names stay apart


# --- the sheet: history -----------------------------------------------------------------

def test_g22_history_ends_with_the_sheet_of_the_three_games() -> None:
    play(E10)
    out = ok("history")
    hands, sheet = out.split("\n\n", 1)
    assert len(hands.splitlines()) == 2 + 4
    assert sheet_line(sheet, "Total") == ["510", "0", "75", "20", "30", "0", "615", "20"]
    assert widest(out) <= 80


def test_history_as_csv_is_the_hands_alone() -> None:
    play(E10)
    out = ok("history", "--format", "csv")
    assert len(out.splitlines()) == 1 + 4 and "Box bonus" not in out


# --- the games that go on ---------------------------------------------------------------

def test_g21_one_game_left_goes_on_in_the_singular() -> None:
    play([("A", 0, 100), ("A", 0, 100)])  # A ends game 1, then game 2; game 3 goes on
    out = ok("standings")
    assert out.splitlines()[-1] == "Game 3 goes on, to 100."
    assert "Games 3" not in out


def test_g21_games_that_go_on_are_listed_each_to_the_target() -> None:
    play(E10[:2])
    out = ok("standings")
    assert out.splitlines()[-2:] == ["Hand 3 next: A deals, B is offered the upcard.",
                                     "Games 2 and 3 go on, each to 100."]


# --- "match" for the ledger's entry, "Game 1-3" for the columns -------------------------

def test_a_hollywood_match_is_a_match_of_the_ledger_never_a_game() -> None:
    out = ok("new", "A", "B", "--game", "gin", "--hollywood", "--dealer", "A")
    assert out.startswith("New match of Hollywood Gin Rummy in rummy-ledger.yaml: A, B.")
    for _ in range(3):
        ok("round", "--knock", "A", "--points", "A=0", "--points", "B=100")
    out = ok("new", "--dealer", "A")
    assert out.startswith("Match 2: Hollywood Gin Rummy in rummy-ledger.yaml: A, B.")
    code, _, err = run("new", "--dealer", "A")
    assert code == 2 and "match 2 is still being played" in one_error_line(err)
    code, out, err = run("undo", "--yes")
    assert code == 0 and out == ("Took back match 2, which had no round yet: match 1 is the "
                                 "last of the ledger again.\n")


def test_a_plain_gin_game_is_still_a_game_of_the_ledger() -> None:
    ok("new", "A", "B", "--game", "gin", "--dealer", "A")
    ok("round", "--knock", "A", "--points", "A=0", "--points", "B=100")
    assert ok("new").startswith("Game 2 of Gin Rummy in rummy-ledger.yaml: A, B.")


# --- the chart: three races -------------------------------------------------------------

def test_g19_the_chart_draws_three_races_each_to_its_target(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    play(E10)
    out = ok("chart", "--ascii")
    assert out.startswith("Hollywood: three races to 100, after hand 4\n")
    assert "Game 1 (over after hand 2), to 100" in out
    assert "Game 2, to 100" in out and "Game 3, to 100" in out
    assert out.count("target 100") == 3
    assert "Game 1: A wins, 510 to 0 with the bonuses (not counted toward 100)." in out
    assert "The race to 100" not in out  # the sum of all hands is no game's race
    assert widest(out) <= 80


def test_g21_a_finished_games_lines_stop_at_the_hand_that_ended_it() -> None:
    play(E10)
    doc = json.loads(ok("chart", "--json"))
    games = {g["game"]: g for g in doc["games"]}
    assert games[1]["totals"] == {"A": [60, 105], "B": [0, 0]}
    assert (games[1]["over_after"], games[1]["final"]) == (2, {"A": 510, "B": 0})
    assert games[2]["totals"] == {"A": [0, 45, 45, 75], "B": [0, 0, 20, 20]}
    assert games[3]["final"] is None and games[3]["hands"] == 4
    assert doc["rounds"] == 4 and doc["target"] == 100  # the fields every chart has


def test_g22_the_chart_names_the_match_winner_once_all_three_are_over() -> None:
    play([("A", 0, 100), ("A", 0, 100), ("A", 0, 100)])
    out = ok("chart", "--ascii")
    assert "All three games are over: A wins with" in out


def test_g19_the_image_has_a_panel_per_game(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    import xml.etree.ElementTree as ET

    play(E10)
    ok("chart", "--output", "race.svg")
    root = ET.parse("race.svg").getroot()
    texts = ["".join(e.itertext()) for e in root.iter("{http://www.w3.org/2000/svg}text")]
    assert any("Game 1 (over after hand 2)" in t for t in texts)
    assert any("Game 3, to 100" in t for t in texts)
    assert sum("target 100" in t for t in texts) == 3


def test_the_docs_show_the_three_races_as_rummy_draws_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The docs' Hollywood chart (a console block: it depends on the terminal's size) is
    what 'rummy chart' draws at 80 x 24, within 80 columns."""
    root = Path(__file__).resolve().parent.parent
    readme = (root / "docs" / "gin.md").read_text(encoding="utf-8")
    command = "$ rummy chart --ledger samples/hollywood.yaml --ascii\n"
    shown = readme.split(command, 1)[1].split("```", 1)[0]
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    out = ok("chart", "--ledger", str(root / "samples" / "hollywood.yaml"), "--ascii")
    assert out == shown and widest(out) <= 80


def test_rename_says_match_for_a_hollywood_match() -> None:
    ok("new", "A", "B", "--game", "gin", "--hollywood", "--dealer", "A")
    assert ok("rename", "B", "Bo") == "Renamed B to Bo in the match of rummy-ledger.yaml.\n"
    code, _, err = run("rename", "A", "bo")
    assert code == 2 and "Bo already plays in this match" in one_error_line(err)
