"""How things look: the score sheet (``history``), table formats, NO_COLOR and ``--ascii``."""

from __future__ import annotations

import json
import os
import sys
from typing import Any

import pytest
from click.testing import CliRunner
from clirun import HANG, ok, run
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_cli.cli import cli
from rummy_cli.render import table_formats

# --- NO_COLOR and --ascii, on a real terminal ----------------------------------------------

RED_SEVEN = "\x1b[31m7♥\x1b[0m"


def on_a_terminal(args: list[str], **env: str | None) -> str:
    """What ``rummy ARGS`` writes to a terminal (a pseudo-terminal) with ``env`` changed."""
    pty = pytest.importorskip("pty")
    import subprocess

    environment = {**os.environ, "TERM": "xterm"}
    for name, value in env.items():
        if value is None:
            environment.pop(name, None)
        else:
            environment[name] = value
    main, terminal = pty.openpty()
    try:
        done = subprocess.run([sys.executable, "-m", "rummy_cli", *args], stdout=terminal,
                              stderr=subprocess.PIPE, env=environment, timeout=HANG)
    finally:
        os.close(terminal)
    assert done.returncode == 0, done.stderr
    chunks = []
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:  # Linux: the terminal's other end is closed, all was read
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(main)
    return b"".join(chunks).decode()


def test_a_terminal_shows_suit_symbols_in_colour() -> None:
    out = on_a_terminal(["check", "meld", "7H", "8H", "9H"], NO_COLOR=None)
    assert RED_SEVEN in out


def test_no_color_keeps_suit_symbols() -> None:
    out = on_a_terminal(["check", "meld", "7H", "8H", "9H"], NO_COLOR="1")
    assert "7♥ 8♥ 9♥" in out and "\x1b[" not in out


def test_an_empty_no_color_keeps_the_colour() -> None:
    out = on_a_terminal(["check", "meld", "7H", "8H", "9H"], NO_COLOR="")
    assert RED_SEVEN in out


@pytest.mark.parametrize("where", ["before", "after"])
@pytest.mark.parametrize("no_color", [None, "1"])
def test_ascii_removes_symbols_and_colour(where: str, no_color: str | None) -> None:
    meld = ["check", "meld", "7H", "8H", "9H"]
    args = ["--ascii", *meld] if where == "before" else [*meld, "--ascii"]
    out = on_a_terminal(args, NO_COLOR=no_color)
    assert "7H 8H 9H" in out and "♥" not in out and "\x1b[" not in out


def test_no_color_in_choose_style(monkeypatch: pytest.MonkeyPatch) -> None:
    from rummy_cli.render import PLAIN, Style, choose_style

    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setenv("NO_COLOR", "1")
    assert choose_style() == Style(symbols=True, color=False)
    assert choose_style(unicode=True) == Style(symbols=True, color=False)
    assert choose_style(ascii_only=True) == PLAIN
    monkeypatch.setenv("TERM", "dumb")  # a terminal that cannot draw them
    assert choose_style() == PLAIN


# --- the score sheet ------------------------------------------------------------------------

FIVE = ["Alice", "Bernard", "Chloe", "Dmitri", "Eve"]

# A night of five: knocks, an undercut, two stock-outs (one tied), goings out, and the last
# round ends the game (Chloe passes 150). Hands as cards or as totals, as players give them.
NIGHT: list[list[str]] = [
    ["--knock", "Bernard", "--hand", "Alice=QS 2D", "--hand", "Bernard=3C",
     "--hand", "Chloe=8H", "--hand", "Dmitri=KD JH AS", "--points", "Eve=15"],
    ["--stock-out", "--points", "Alice=14", "--points", "Bernard=22", "--points", "Chloe=6",
     "--points", "Dmitri=9", "--points", "Eve=31"],
    ["--knock", "Eve", "--points", "Alice=18", "--points", "Bernard=11",
     "--points", "Chloe=25", "--hand", "Dmitri=2S", "--hand", "Eve=4H"],
    ["--knock", "Alice", "--hand", "Alice=", "--points", "Bernard=17", "--points", "Chloe=9",
     "--points", "Dmitri=13", "--points", "Eve=6"],
    ["--knock", "Chloe", "--points", "Alice=23", "--points", "Bernard=14",
     "--points", "Chloe=5", "--points", "Dmitri=19", "--points", "Eve=11"],
    ["--stock-out", "--points", "Alice=8", "--points", "Bernard=8", "--points", "Chloe=15",
     "--points", "Dmitri=20", "--points", "Eve=12"],
    ["--knock", "Dmitri", "--points", "Alice=10", "--hand", "Bernard=JK",
     "--points", "Chloe=7", "--hand", "Dmitri=AC", "--points", "Eve=35"],
    ["--knock", "Bernard", "--points", "Alice=12", "--hand", "Bernard=",
     "--points", "Chloe=15", "--points", "Dmitri=3", "--points", "Eve=22"],
    ["--knock", "Chloe", "--points", "Alice=9", "--points", "Bernard=14",
     "--points", "Chloe=3", "--points", "Dmitri=25", "--points", "Eve=18"],
]


def play_the_night(rounds: int = len(NIGHT)) -> None:
    code, _, err = run("new", *FIVE, "--dealer", "Alice")
    assert code == 0, err
    for args in NIGHT[:rounds]:
        code, _, err = run("round", *args)
        assert code == 0, err


def standings_doc() -> dict[str, Any]:
    code, out, _ = run("standings", "--json")
    assert code == 0
    doc: dict[str, Any] = json.loads(out)
    return doc


@pytest.mark.parametrize("rounds", [len(NIGHT), len(NIGHT) - 1], ids=["finished", "unfinished"])
def test_history_fits_80_columns_for_five_players(rounds: int) -> None:
    play_the_night(rounds)
    assert standings_doc()["game_over"] is (rounds == len(NIGHT))
    code, out, _ = run("history")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["#", "End", "In", "hand", *FIVE]
    assert [line.split()[0] for line in lines[2:2 + rounds]] == [
        str(n) for n in range(1, rounds + 1)]
    too_wide = [line for line in lines if len(line) > 80]
    assert not too_wide, "\n".join(too_wide)


def test_history_rows_say_the_end_the_hands_and_the_running_totals() -> None:
    play_the_night(4)
    lines = run("history")[1].splitlines()
    assert lines[2:] == [  # round 3: Eve knocked, and Dmitri's 2 undercut her 4 (R21)
        "1  Bernard knocks        12 3 8 21 15  0      44*      0      0       0",
        "2  the stock ran out     14 22 6 9 31  0      44       52*    0       0",
        "3  Dmitri undercuts Eve  18 11 25 2 4  0      44       52     60*     0",
        "4  Alice goes out        0 17 9 13 6   70*    44       52     60      0",
    ]


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_history_fits_80_columns_for_names_up_to_six_letters(data: st.DataObject) -> None:
    from rummy_cli.games.manipulation.game import new_game, record_round
    from rummy_cli.games.manipulation.report import history_table

    names = data.draw(st.lists(st.text("abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=6),
                               min_size=5, max_size=5, unique=True))
    game = new_game(names, dealer=names[0])
    for _ in range(30):
        if game.state.game_over:
            break
        knocker = data.draw(st.sampled_from([None, *names]))
        hands = {p: data.draw(st.integers(0, 5) if p == knocker else st.integers(1, 99))
                 for p in names}
        game, _ = record_round(game, knocker, hands)
    for fmt in ("simple", "plain"):
        assert max(len(line) for line in history_table(game, fmt).splitlines()) <= 80


def test_history_shows_bonus_rows_at_game_end() -> None:
    play_the_night()
    players = standings_doc()["players"]
    lines = run("history")[1].splitlines()
    cells = {label: line.split()[len(label.split()):] for line in lines
             for label in ("Round bonus", "Game bonus", "Total")
             if line.strip().startswith(label)}
    by_name = {p["name"]: p for p in players}
    assert cells == {
        "Round bonus": [str(by_name[p]["round_bonus"]) for p in FIVE],
        "Game bonus": [str(by_name[p]["game_bonus"]) for p in FIVE],
        "Total": [str(by_name[p]["total"]) for p in FIVE],
    }
    assert cells["Game bonus"] == ["0", "0", "100", "0", "0"]  # Chloe reached 150 (R25)
    assert cells["Round bonus"] == ["50", "75", "75", "50", "0"]  # 25 a round won (R26)
    assert lines[-1] == "Game over after round 9 (Chloe reached 150): Chloe wins with 328 points."


def test_history_has_no_bonus_rows_before_the_game_ends() -> None:
    play_the_night(len(NIGHT) - 1)
    out = run("history")[1]
    assert "bonus" not in out and "Total" not in out and "Game over" not in out


@pytest.mark.parametrize("fmt", table_formats())
def test_the_bonus_rows_are_in_every_format(fmt: str) -> None:
    play_the_night()
    code, out, _ = run("history", "--format", fmt)
    assert code == 0
    for label in ("Round bonus", "Game bonus", "Total"):
        assert label in out
    assert "328" in out  # Chloe's total


def test_history_json_adds_the_final_sheet_at_game_end() -> None:
    play_the_night(len(NIGHT) - 1)
    before = json.loads(run("history", "--json")[1])
    assert before["final"] is None
    run("round", *NIGHT[-1])
    doc = json.loads(run("history", "--json")[1])
    assert doc["rounds"][:-1] == before["rounds"]
    assert set(before) <= set(doc) and doc["game_over"] is True
    assert doc["final"] == {p["name"]: {k: p[k] for k in ("points", "round_bonus",
                                                            "game_bonus", "total")}
                            for p in standings_doc()["players"]}
    assert doc["final"]["Chloe"] == {"points": 153, "round_bonus": 75, "game_bonus": 100,
                                     "total": 328}


# --- the sheet says what happened -----------------------------------------------------------

def sheet_of(*rounds: list[str], players: tuple[str, ...] = ("Ann", "Ben", "Cy")) -> list[str]:
    """The End cell of each round's row, after a new game with ``rounds`` recorded."""
    code, _, err = run("new", *players, "--dealer", players[0])
    assert code == 0, err
    for args in rounds:
        code, _, err = run("round", *args)
        assert code == 0, err
    doc = json.loads(run("history", "--json")[1])
    rows = read_csv(run("history", "--format", "csv")[1])[1:1 + len(rounds)]
    assert [r[2] for r in rows] == [r["end"] for r in doc["rounds"]]  # csv and JSON agree
    return [r["end"] for r in doc["rounds"]]


@pytest.mark.parametrize(("args", "end"), [
    (["--knock", "Cy", "--points", "Ann=2", "--points", "Ben=9", "--points", "Cy=4"],
     "Ann undercuts Cy"),  # R21
    (["--knock", "Cy", "--points", "Ann=4", "--points", "Ben=9", "--points", "Cy=4"],
     "Ann ties Cy"),  # R22: the tie goes to the other player, with the undercut bonus
    (["--knock", "Cy", "--points", "Ann=3", "--points", "Ben=3", "--points", "Cy=4"],
     "Ann and Ben undercut Cy"),  # R22-D1
    (["--knock", "Ben", "--points", "Ann=9", "--hand", "Ben=", "--points", "Cy=4"],
     "Ben goes out"),  # R17-D2
    (["--knock", "Ben", "--points", "Ann=9", "--points", "Ben=3", "--points", "Cy=4"],
     "Ben knocks"),
    (["--stock-out", "--points", "Ann=9", "--points", "Ben=3", "--points", "Cy=3"],
     "the stock ran out"),  # R22-D2: both winners are marked
    (["--stock-out", "--points", "Ann=9", "--hand", "Ben=", "--points", "Cy=3"],
     "the stock ran out; Ben goes out"),  # R23-D1
])
def test_r21_r22_r23_the_sheet_says_how_each_round_ended(args: list[str], end: str) -> None:
    assert sheet_of(args) == [end]
    assert f"1  {end}  " in run("history")[1]


def test_r21_an_undercut_is_no_longer_shown_as_the_knockers_round() -> None:
    sheet_of(["--knock", "Cy", "--points", "Ann=2", "--points", "Ben=9", "--points", "Cy=4"])
    row = run("history")[1].splitlines()[2]  # Ann scores 7 + 2 + 10
    assert row.split() == ["1", "Ann", "undercuts", "Cy", "2", "9", "4", "19*", "0", "0"]
    assert "Cy knocks" not in run("history")[1]


def test_a_long_ending_takes_two_lines_and_the_sheet_stays_within_80_columns() -> None:
    names = ("Abelard", "Bernice", "Cordell", "Dolores", "Ezekiel")
    ends = sheet_of(["--knock", "Ezekiel", "--points", "Abelard=12", "--points", "Bernice=3",
                     "--points", "Cordell=3", "--points", "Dolores=40", "--points",
                     "Ezekiel=5"], players=names)
    assert ends == ["Bernice and Cordell undercut Ezekiel"]
    lines = run("history")[1].splitlines()
    assert max(len(line) for line in lines) <= 80
    assert lines[2].split()[:2] == ["1", "Bernice"] and "Ezekiel" in lines[3]
    assert len(lines) == 4  # the header, its rule, and the round on two lines
    pasted = run("history", "--format", "github")[1]  # pasted elsewhere: one line a row
    assert "| Bernice and Cordell undercut Ezekiel |" in pasted


GIN_HANDS: list[list[str]] = [
    ["--knock", "Cyrus", "--points", "Cyrus=5", "--points", "Dee=3", "--upcard", "6S"],
    ["--knock", "Dee", "--points", "Dee=0", "--points", "Cyrus=30", "--upcard", "KH"],
    ["--dead"],
    ["--knock", "Cyrus", "--points", "Cyrus=2", "--points", "Dee=80", "--upcard", "9D"],
]


def play_oklahoma() -> None:
    code, _, err = run("new", "Cyrus", "Dee", "--game", "oklahoma", "--dealer", "Dee")
    assert code == 0, err
    for args in GIN_HANDS:
        code, _, err = run("round", *args)
        assert code == 0, err


def test_g10_g16_g17_the_gin_sheet_says_how_each_hand_ended_and_the_upcard() -> None:
    play_oklahoma()
    lines = run("history")[1].splitlines()
    assert lines[0].split() == ["#", "Dealer", "End", "Upcard", "Deadwood", "Cyrus", "Dee"]
    assert [line.split() for line in lines[2:]] == [
        ["1", "Dee", "Dee", "undercuts", "Cyrus", "6S,", "doubled", "Cyrus", "5,", "Dee", "3",
         "0", "54*"],  # (5 - 3 + 25) x 2 (G17)
        ["2", "Dee", "Dee", "gin", "KH", "Cyrus", "30,", "Dee", "0", "0", "109*"],
        ["3", "Dee", "dead", "hand", "0", "109"],
        ["4", "Dee", "Cyrus", "knocks", "9D", "Cyrus", "2,", "Dee", "80", "78*", "109"]]
    doc = json.loads(run("history", "--json")[1])
    assert [h["end"] for h in doc["hands"]] == ["Dee undercuts Cyrus", "Dee gin", "dead hand",
                                                "Cyrus knocks"]


def test_g8_the_gin_spreadsheet_has_a_column_per_player_and_plain_numbers() -> None:
    play_oklahoma()
    rows = read_csv(run("history", "--format", "csv")[1])
    assert rows[0] == ["#", "Dealer", "End", "Upcard", "Doubled", "Winner",
                       "Cyrus deadwood", "Dee deadwood", "Cyrus score", "Dee score",
                       "Cyrus total", "Dee total"]
    assert rows[1:] == [
        ["1", "Dee", "Dee undercuts Cyrus", "6S", "yes", "Dee", "5", "3", "0", "54", "0", "54"],
        ["2", "Dee", "Dee gin", "KH", "", "Dee", "30", "0", "0", "55", "0", "109"],
        ["3", "Dee", "dead hand", "", "", "", "", "", "0", "0", "0", "109"],  # G8
        ["4", "Dee", "Cyrus knocks", "9D", "", "Cyrus", "2", "80", "78", "0", "78", "109"]]


def test_g13_a_finished_gin_spreadsheet_adds_up_with_its_bonus_and_shutout_rows() -> None:
    import csv
    import io

    run("new", "Ann", "Ben", "--game", "gin", "--dealer", "Ben")
    for _ in range(2):
        run("round", "--knock", "Ann", "--points", "Ann=0", "--points", "Ben=40")
    rows = list(csv.DictReader(io.StringIO(run("history", "--format", "csv")[1])))
    assert [r["End"] for r in rows] == ["Ann gin", "Ann gin", "Box bonus", "Game bonus",
                                        "Shutout", "Total"]
    ann = json.loads(run("standings", "--json")[1])["players"][0]
    assert ann["shutout"] is True  # Ben won no hand: Ann's total is doubled (G13)
    assert sum(int(r["Ann score"]) for r in rows if r["Ann score"]) == ann["total"]
    assert rows[-1]["Ann total"] == str(ann["total"])
    assert "Upcard" not in rows[0]  # no upcard in Gin


def test_g20_the_hollywood_spreadsheet_has_each_games_running_points() -> None:
    import csv
    import io

    run("new", "A", "B", "--game", "gin", "--hollywood", "--dealer", "A")
    for knocker, a, b in (("A", 5, 65), ("A", 5, 50), ("B", 22, 2)):
        run("round", "--knock", knocker, "--points", f"A={a}", "--points", f"B={b}")
    rows = list(csv.DictReader(io.StringIO(run("history", "--format", "csv")[1])))
    assert [(r["Winner"], r["Score"], r["Games entered"]) for r in rows] == [
        ("A", "60", "1"), ("A", "45", "1 2"), ("B", "20", "2")]  # G20, the rulebook's E10
    assert [(r["Game 1 A"], r["Game 2 A"], r["Game 2 B"]) for r in rows] == [
        ("60", "0", "0"), ("105", "45", "0"), ("105", "45", "20")]


def test_g16_a_gin_sheet_folds_deadwood_then_the_end_to_stay_within_80_columns() -> None:
    run("new", "Rosalind", "Maximus", "--game", "oklahoma", "--dealer", "Rosalind")
    run("round", "--knock", "Maximus", "--points", "Maximus=9", "--points", "Rosalind=4",
        "--upcard", "10S")
    lines = run("history")[1].splitlines()
    assert max(len(line) for line in lines) <= 80
    assert [line.split() for line in lines[2:]] == [
        ["1", "Rosalind", "Rosalind", "undercuts", "10S,", "doubled", "Rosalind", "4,", "60*",
         "0"],
        ["Maximus", "Maximus", "9"]]  # each cell on two lines at most


def test_a_sheet_that_cannot_fit_80_columns_keeps_one_line_a_row() -> None:
    from rummy_cli.sheet import sheet_table

    rows = [[1, "Bartholomew undercuts Christopher", "x" * 70]]
    drawn = sheet_table(rows, ["#", "End", "Notes"], "simple", fold=[1], compact=True)
    assert len(drawn.splitlines()) == 3  # no fold: it would not fit anyway
    assert "Bartholomew undercuts Christopher" in drawn


# --- CSV ------------------------------------------------------------------------------------

def read_csv(text: str) -> list[list[str]]:
    import csv
    import io

    return list(csv.reader(io.StringIO(text)))


def test_history_csv_is_the_sheet_with_a_plain_number_in_every_cell() -> None:
    play_the_night()
    code, out, _ = run("history", "--format", "csv")
    assert code == 0
    rows = read_csv(out)
    assert rows[0] == ["#", "Dealer", "End", "Winners",
                       *(f"{p} in hand" for p in FIVE), *(f"{p} score" for p in FIVE),
                       *(f"{p} total" for p in FIVE)]
    assert rows[1] == ["1", "Alice", "Bernard knocks", "Bernard", "12", "3", "8", "21", "15",
                       "0", "44", "0", "0", "0", "0", "44", "0", "0", "0"]
    assert rows[6][:4] == ["6", "Alice", "the stock ran out", "Alice, Bernard"]  # R22-D2
    assert len(rows) == 1 + len(NIGHT) + 3  # no footer line
    blank = [""] * 5
    assert rows[-3:] == [  # R25, R26: the bonuses are scores, and the totals take them in
        ["", "", "Round bonus", "", *blank, "50", "75", "75", "50", "0",
         "143", "219", "228", "183", "0"],
        ["", "", "Game bonus", "", *blank, "0", "0", "100", "0", "0",
         "143", "219", "328", "183", "0"],
        ["", "", "Total", "", *blank, *blank, "143", "219", "328", "183", "0"]]


@pytest.mark.parametrize("fmt", ["csv", "tsv"])
def test_history_spreadsheet_scores_add_up_to_the_total_row(fmt: str) -> None:
    import csv
    import io

    play_the_night()
    out = run("history", "--format", fmt)[1]
    rows = list(csv.DictReader(io.StringIO(out), delimiter="\t" if fmt == "tsv" else ","))
    for p in FIVE:
        scores = [int(r[f"{p} score"]) for r in rows if r[f"{p} score"]]
        totals = [int(r[f"{p} total"]) for r in rows]
        assert sum(scores) == totals[-1]  # a spreadsheet's SUM() gives the final total
        assert all(isinstance(int(r[f"{p} in hand"]), int) for r in rows if r["#"])
    chloe = {p["name"]: p for p in standings_doc()["players"]}["Chloe"]
    assert rows[-1]["End"] == "Total" and rows[-1]["Chloe total"] == str(chloe["total"])


def test_standings_csv_is_the_table_without_the_sentence_under_it() -> None:
    play_the_night(2)
    code, out, _ = run("standings", "--format", "CSV")  # any case, like every format
    assert code == 0
    rows = read_csv(out)
    assert rows[0] == ["Player", "Rounds won", "Points", "To 150", "Note"]
    assert rows[1:] == [["Alice", "0", "0", "150", ""], ["Bernard", "1", "44", "106", ""],
                        ["Chloe", "1", "52", "98", "leader"], ["Dmitri", "0", "0", "150", ""],
                        ["Eve", "0", "0", "150", ""]]


def test_a_name_with_a_comma_or_quote_is_one_csv_cell() -> None:
    code, _, err = run("new", 'Ann "the Ace"', "Ben", "--dealer", "Ben")
    assert code == 0, err
    run("round", "--knock", "Ben", "--points", 'Ann "the Ace"=12', "--points", "Ben=2")
    rows = read_csv(run("history", "--format", "csv")[1])
    assert rows[0][:5] == ["#", "Dealer", "End", "Winners", 'Ann "the Ace" in hand']
    assert rows[1] == ["1", "Ben", "Ben knocks", "Ben", "12", "2", "0", "10", "0", "10"]


def test_history_csv_of_a_new_game_is_its_header_row() -> None:
    run("new", "Ann", "Ben", "--dealer", "Ann")
    assert run("history", "--format", "csv")[1] == (
        "#,Dealer,End,Winners,Ann in hand,Ben in hand,Ann score,Ben score,Ann total,"
        "Ben total\n")


# --- completion -----------------------------------------------------------------------------

def complete(words: str) -> list[str]:
    """What bash completion offers for the last word of ``words``."""
    env = {"_RUMMY_COMPLETE": "bash_complete", "COMP_WORDS": words,
           "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1))}
    result = CliRunner().invoke(cli, [], prog_name="rummy", env=env)
    return [line.split(",", 1)[1] for line in result.output.splitlines() if "," in line]


@pytest.mark.parametrize("command", ["standings", "history"])
def test_format_completion_offers_formats(command: str) -> None:
    offered = complete(f"rummy {command} --format ")
    assert {"csv", "github", "grid", "html", "latex", "simple", "tsv", "markdown", "md",
            "text"} <= set(offered)
    assert offered == sorted(offered) and len(offered) == len(set(offered))
    assert complete(f"rummy {command} --format gi") == ["github"]
    assert complete(f"rummy {command} --format MA") == ["markdown"]
    assert complete(f"rummy {command} --format latex_") == [
        "latex_booktabs", "latex_longtable", "latex_raw"]
    assert complete(f"rummy {command} --format x") == []


def test_every_format_offered_is_accepted() -> None:
    run("new", "Ann", "Ben", "--dealer", "Ann")
    for fmt in complete("rummy history --format "):
        code, _, err = run("history", "--format", fmt)
        assert code == 0, (fmt, err)


@pytest.mark.parametrize(("typed", "meant"), [("gihtub", "github"), ("CVS", "csv"),
                                              ("markdwon", "markdown")])
def test_a_mistyped_format_gets_a_suggestion_completion_would_offer(typed: str,
                                                                     meant: str) -> None:
    run("new", "Ann", "Ben", "--dealer", "Ann")
    code, out, err = run("history", "--format", typed)
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and f"Did you mean {meant!r}?" in lines[0]
    assert meant in complete(f"rummy history --format {meant[:2]}")


# --- laws of the spreadsheet, for any game ---------------------------------------------------

@st.composite
def any_game(draw: st.DrawFn) -> Any:
    """A Manipulation Rummy game, or a Gin game of any preset (Hollywood or not), played for
    a random number of rounds, perhaps to its end."""
    from dataclasses import replace

    from rummy_cli.games.gin import game as gin_game
    from rummy_cli.games.gin.rules import find_preset
    from rummy_cli.games.manipulation.game import new_game, record_round

    preset = draw(st.sampled_from(["manipulation", "gin", "classic", "oklahoma"]))
    if preset == "manipulation":
        names = draw(st.lists(st.sampled_from(FIVE), min_size=2, max_size=5, unique=True))
        game = new_game(names, dealer=names[0])
        for _ in range(draw(st.integers(0, 12))):
            if game.state.game_over:
                break
            knocker = draw(st.sampled_from([None, *names]))
            hands = {p: draw(st.integers(0, 5) if p == knocker else st.integers(1, 90))
                     for p in names}
            game, _ = record_round(game, knocker, hands)
        return game
    rules = find_preset(preset)
    if draw(st.booleans()):
        rules = replace(rules, scoring="hollywood")
    game = gin_game.new_game(["Ann", "Ben"], dealer="Ann", rules=rules)
    for _ in range(draw(st.integers(0, 12))):
        if game.state.game_over:
            break
        knocker = draw(st.sampled_from([None, "Ann", "Ben"]))
        if knocker is None:
            game, _ = gin_game.record_round(game, None, {})
            continue
        other = "Ben" if knocker == "Ann" else "Ann"
        upcard = draw(st.sampled_from(["KS", "QH"])) if preset == "oklahoma" else None
        game, _ = gin_game.record_round(game, knocker, {knocker: draw(st.integers(0, 10)),
                                              other: draw(st.integers(0, 70))}, upcard=upcard)
    return game


@settings(max_examples=60, deadline=None)
@given(any_game())
def test_every_spreadsheet_cell_of_points_is_a_number_and_the_scores_add_up(game: Any) -> None:
    from rummy_cli.games import is_gin
    from rummy_cli.games.gin import sheet as gin_sheet
    from rummy_cli.games.manipulation import report

    sheet = gin_sheet if is_gin(game) else report
    headers, rows = sheet.spreadsheet_rows(game)
    assert all(len(row) == len(headers) for row in rows)
    points = [i for i, h in enumerate(headers)
              if h.endswith((" in hand", " score", " total", " deadwood")) or
              h.startswith("Game ")]
    for row in rows:
        assert all(row[i] == "" or type(row[i]) is int for i in points), row
    for p in game.players:
        if f"{p} score" not in headers:
            continue  # Hollywood: a score goes into several games' columns
        score, total = headers.index(f"{p} score"), headers.index(f"{p} total")
        running = 0
        for row in rows:
            running += row[score] or 0
            assert row[total] == running  # each total is the sum of the scores above it
        if game.state.game_over:
            assert running == {x.name: x.total for x in game.state.standings}[p]


@pytest.mark.parametrize("new", [
    ["new", "Ann", "Ben", "--dealer", "Ann"],
    ["new", "Ann", "Ben", "--game", "gin", "--dealer", "Ann"],
    ["new", "Ann", "Ben", "--game", "gin", "--hollywood", "--dealer", "Ann"],
])
def test_tsv_and_csv_cells_hold_just_the_value(new: list[str]) -> None:
    ok(*new)
    ok("round", "--knock", "Ann", "--points", "Ann=1", "--points", "Ben=20")
    for command in (["standings"], ["history"], ["stats"]):
        for fmt, sep in (("tsv", "\t"), ("csv", ",")):
            import csv

            out = ok(*command, "--format", fmt)
            cells = [c for row in csv.reader(out.splitlines(), delimiter=sep) for c in row]
            assert cells and all(c == c.strip() for c in cells), (command, fmt, out)


def test_an_unknown_format_lists_every_format_that_works() -> None:
    ok("new", "Ann", "Ben", "--dealer", "Ann")
    code, _, err = run("standings", "--format", "xyz")
    known = err.split("Known: ", 1)[1].strip().split(", ")
    assert code == 2 and {"markdown", "md", "text", "csv", "tsv", "github"} <= set(known)
    for fmt in known:  # and each one it lists works
        assert run("standings", "--format", fmt)[0] == 0, fmt
