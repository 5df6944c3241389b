"""Output fits the terminal: ``$COLUMNS`` (or the terminal's width, or 80 when piped) is the
one width every command folds its prose and fits its tables to.

The commands of the README and of docs/ are checked at 80 columns by ``test_readme.py``;
here a narrower and a wider width, the lines the issue named, and the laws of folding over
all inputs.
"""

from __future__ import annotations

import os

import click
import pytest
from clirun import ok, run, unfolded
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_cli.cli import cli
from rummy_cli.render import MAX_WIDTH, fold, fold_result, line_width, table

TIE = ["round", "--stock-out", "--points", "Ann=20", "--points", "Ben=5", "--points", "Cy=30",
       "--points", "Dee=5"]
TIE_LINE = ("Round 1 (Ben dealt): the stock ran out; Ben and Dee tie for lowest and win: "
            "Ben 40 points, Dee 40 points.")
HOLLYWOOD = ["new", "Ann", "Ben", "--game", "gin", "--hollywood", "--dealer", "Ben"]
BANNER = ("Ben deals first; Ann is offered the upcard. Knock with 10 or less; three games at "
          "once, each to 100.")
KNOCK = ["check", "knock", "--knocker", "AS 5S 6S 7S 5C 6C 7C 5D 6D 7D",
         "--defender", "3S 4S 8S 4C 8C 4D 8D 5H 6H 7H"]
TURN = ["check", "turn", "--before", "5H 6H 7H 8H / 9C 9D 9H", "--hand", "9S 2C",
        "--after", "6H 7H 8H 9S / 9C 9D 9H"]


def widest(text: str) -> int:
    return max(len(line) for line in text.splitlines())


# --- the width: one place knows it ----------------------------------------------------------

@pytest.mark.parametrize(("columns", "width"), [
    (None, 80),  # piped, unknown: 80
    ("72", 72), ("80", 80), ("132", MAX_WIDTH),  # wider prose is hard to read: 100 at most
    ("20", 40),  # narrower than 40 helps nobody
    ("", 80), ("wide", 80), ("0", 80), ("-5", 80), ("٨٠", 80),  # not a width: unknown
])
def test_the_width_is_columns_else_80_when_piped(
        columns: str | None, width: int, monkeypatch: pytest.MonkeyPatch) -> None:
    if columns is not None:
        monkeypatch.setenv("COLUMNS", columns)
    assert line_width() == width


def test_on_a_terminal_one_column_is_left_free(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    monkeypatch.setenv("COLUMNS", "80")
    assert line_width() == 79


def test_a_terminal_that_says_it_has_no_columns_is_80_wide(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # a new pseudo-terminal is 0 x 0, and Python 3.10's get_terminal_size passes the 0 on:
    # the chart then came out 40 wide and lost its frame
    import shutil

    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    monkeypatch.setattr(shutil, "get_terminal_size", lambda fallback: os.terminal_size((0, 0)))
    assert line_width() == 80


# --- the lines the issue named, at 80, narrower and wider -----------------------------------

def test_round_result_takes_two_lines_at_80_and_three_at_60(
        monkeypatch: pytest.MonkeyPatch) -> None:
    ok("new", "Ann", "Ben", "Cy", "Dee", "--dealer", "Ben")
    out = ok(*TIE)
    assert out.splitlines()[:2] == [
        "Round 1 (Ben dealt): the stock ran out; Ben and Dee tie for lowest and win:",
        "  Ben 40 points, Dee 40 points."]
    assert widest(out) <= 80 and unfolded(out).startswith(TIE_LINE)
    ok("undo", "--yes")
    monkeypatch.setenv("COLUMNS", "120")  # prose stops at 100: the line is 104 wide
    assert ok(*TIE).splitlines()[:2] == out.splitlines()[:2]
    ok("undo", "--yes")
    monkeypatch.setenv("COLUMNS", "60")
    out = ok(*TIE)
    assert out.splitlines()[:3] == ["Round 1 (Ben dealt): the stock ran out;",
                                    "  Ben and Dee tie for lowest and win:",
                                    "  Ben 40 points, Dee 40 points."]
    assert widest(out) <= 60


def test_a_result_that_fits_stays_on_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    ok("new", "Ann", "Ben", "--game", "gin", "--hollywood", "--dealer", "Ben")
    hand = ["round", "--knock", "Ann", "--points", "Ann=5", "--points", "Ben=65"]
    line = ("Hand 1 (Ben dealt): Ann knocked and wins: 60 points (deadwood Ann 5, Ben 65); "
            "entered in game 1.")  # 96 wide
    assert ok(*hand).splitlines()[:2] == [
        "Hand 1 (Ben dealt): Ann knocked and wins: 60 points (deadwood Ann 5, Ben 65);",
        "  entered in game 1."]
    ok("undo", "--yes")
    monkeypatch.setenv("COLUMNS", "100")
    assert ok(*hand).splitlines()[0] == line


def test_the_gin_banner_breaks_between_sentences(monkeypatch: pytest.MonkeyPatch) -> None:
    out = ok(*HOLLYWOOD)
    assert "Ben deals first; Ann is offered the upcard.\n" \
           "Knock with 10 or less; three games at once, each to 100.\n" in out
    assert widest(out) <= 80
    monkeypatch.setenv("COLUMNS", "100")
    assert BANNER in ok(*HOLLYWOOD, "--ledger", "wide.yaml").splitlines()


@pytest.mark.parametrize("args", [KNOCK, TURN, ["check", "meld", "KC", "AC", "2C"],
                                  ["hint", "--table", "7H 8H 9H", "--hand", "10H JH QH"]],
                         ids=["knock", "turn", "meld", "hint"])
@pytest.mark.parametrize("columns", ["50", "60", "80", "100"])
def test_referee_prose_folds_at_the_width_and_keeps_every_word(
        args: list[str], columns: str, monkeypatch: pytest.MonkeyPatch) -> None:
    code, wide, _ = run(*args, "--ascii")
    monkeypatch.setenv("COLUMNS", columns)
    again, out, _ = run(*args, "--ascii")
    assert again == code and widest(out) <= int(columns)
    assert unfolded(out) == unfolded(wide)


def test_check_knock_was_folded_at_100_even_with_columns_80(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    _, out, _ = run(*KNOCK)
    assert widest(out) <= 80 and "Knocker  melds:" in out
    monkeypatch.setenv("COLUMNS", "100")
    _, out, _ = run(*KNOCK)
    assert widest(out) > 80  # a wider terminal gets longer lines


def test_guided_refusals_fold_at_the_width(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    ok("new", "Ann", "Ben", "Cy", "--dealer", "Cy")
    code, out, err = run("round", "--guided", input="Ann\n6S 5S\nback\nBen\n6S 5S\n2D\nKH\ny\n")
    assert code == 0 and widest(out + err) <= 60
    assert "Ann cannot knock with 11 points in hand: a knock needs 5 or fewer (R17). Try " \
           "again, or type 'back' to change who knocked." in unfolded(err)


def test_standings_footer_folds_between_sentences(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "45")
    ok("new", "Ann", "Ben", "--dealer", "Ann")
    out = ok("standings")
    assert out.splitlines()[-2:] == ["Round 1 next: Ann deals, Ben plays first.",
                                     "First to 150 ends the game."]


def test_a_fix_says_what_changed_within_the_width() -> None:
    ok("new", *LONG_NAMES, "--dealer", "Dee")
    points = [f"{n}={p}" for n, p in zip(LONG_NAMES, (20, 12, 3, 3, 3))]
    ok("round", "--knock", "Cyrus the Great", *(x for p in points for x in ("--points", p)))
    out = ok("fix", "1", "--knock", "Dee", *(x for p in points for x in ("--points", p)))
    assert widest(out) <= 80  # each of these lines is 150-190 wide unfolded
    said = unfolded(out)
    assert "Round 1 was: Dee and Evangeline Moss tie the knocker Cyrus the Great" in said
    assert "Round 1 now: Cyrus the Great and Evangeline Moss tie the knocker Dee" in said
    assert "Cyrus the Great 0 -> 36 (+36), Dee 36 -> 0 (-36), Evangeline Moss 36 " \
           "(unchanged)." in said


def _commands(group: click.Group, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found = [path]
    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            found += _commands(command, (*path, name))
        else:
            found.append((*path, name))
    return found


@pytest.mark.parametrize("words", _commands(cli), ids=" ".join)
def test_every_help_fits_80_columns(words: tuple[str, ...],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    out = ok(*words, "--help")
    assert widest(out) <= 80, max(out.splitlines(), key=len)


# --- tables: headings fold, then names; a table that cannot fit is drawn as it was ---------

LONG_NAMES = ["Annabelle Lee", "Benedict Arnold", "Cyrus the Great", "Dee", "Evangeline Moss"]


def test_history_with_long_names_folds_its_headings_to_fit_80() -> None:
    ok("new", *LONG_NAMES, "--dealer", "Dee")
    ok("round", "--knock", "Dee", "--points", "Annabelle Lee=20", "--points",
       "Benedict Arnold=12", "--points", "Cyrus the Great=7", "--points", "Dee=0",
       "--points", "Evangeline Moss=3")
    out = ok("history")
    assert widest(out) <= 80
    lines = out.splitlines()
    head = lines[:next(i for i, line in enumerate(lines) if set(line) <= {"-", " "})]
    assert head[0].split()[4:] == ["Annabelle", "Benedict", "Cyrus", "Dee", "Evangeline"]
    assert head[1].split() == ["Lee", "Arnold", "the", "Moss"] and len(head) == 3
    assert "Benedict Arnold" not in out  # folded: the name is on two lines
    csv = ok("history", "--format", "csv").splitlines()[0]  # data: never folded
    assert all(name in csv for name in LONG_NAMES)


def test_a_long_name_folds_after_its_hyphen() -> None:
    names = [*LONG_NAMES[:3], "Deirdre Montgomery-Smythe", LONG_NAMES[4]]
    ok("new", *names, "--dealer", names[3])
    ok("round", "--knock", names[3], *(x for n in names for x in ("--points", f"{n}=3")))
    out = ok("history")  # 141 columns unfolded
    assert widest(out) <= 80
    head = out.splitlines()[:3]
    assert head[0].split()[-2:] == ["Deirdre", "Evangeline"]
    assert head[1].split()[-2:] == ["Montgomery-", "Moss"]
    assert head[2].split()[-1] == "Smythe"


def test_a_table_too_wide_to_fold_is_drawn_as_it_is() -> None:
    rows = [["Ann", 1, 2, 3, 4, 5, 6, 7, 8, 9]]
    headers = ["Player", *(f"Column{i}" for i in range(9))]
    assert table(rows, headers, width=40) == table(rows, headers, width=200)


def test_markdown_is_never_folded() -> None:
    rows = [["Annabelle Lee the Third", 100]]
    assert "Annabelle Lee the Third" in table(rows, ["Player name", "Points"], "github",
                                              width=40)


def test_a_sum_is_never_split() -> None:
    text = "the knocker scores the difference and the undercut bonus, 10 - 9 + 25 = 26."
    # '... bonus, 10' would fill the 60 columns, leaving '- 9 + 25 = 26.' for the next line
    assert fold(text, width=60).splitlines()[-1] == "10 - 9 + 25 = 26."


# --- laws ---------------------------------------------------------------------------------

# no word is a lone '-', '+' or '=': a sum ('22 - 1 = 21') is kept whole, as one word
WORD = st.text(st.sampled_from("abcAB12():;.,'-+="), min_size=1, max_size=12).filter(
    lambda w: w not in ("-", "+", "="))
TEXT = st.lists(WORD, min_size=1, max_size=40).map(" ".join)


@settings(max_examples=300, deadline=None)
@given(TEXT, st.integers(40, 120), st.integers(0, 6))
def test_law_fold_keeps_every_word_in_order_within_the_width(
        text: str, width: int, indent: int) -> None:
    folded = fold(text, indent=indent, width=width)
    assert unfolded(folded) == unfolded(text)
    assert widest(folded) <= width


@settings(max_examples=300, deadline=None)
@given(TEXT, st.integers(40, 120), st.integers(0, 4))
def test_law_a_result_is_one_line_if_it_fits_and_never_wider(
        text: str, width: int, indent: int) -> None:
    folded = fold_result(text, indent=indent, width=width)
    assert unfolded(folded) == unfolded(text)
    assert widest(folded) <= width
    if len(text) <= width:
        assert folded == text


NAME = st.text(st.sampled_from("abcdefgh "), min_size=1, max_size=24).map(str.strip).filter(bool)


@settings(max_examples=150, deadline=None)
@given(st.lists(NAME, min_size=2, max_size=5, unique=True),
       st.lists(st.integers(0, 999), min_size=5, max_size=5), st.integers(40, 100))
def test_law_a_table_fits_or_is_drawn_as_it_was(
        names: list[str], points: list[int], width: int) -> None:
    headers = ["Player", "Rounds won", "Points", "To 150", "Note"]
    rows = [[n, p % 9, p, 150 - p % 150, "leader" if i == 0 else ""]
            for i, (n, p) in enumerate(zip(names, points))]
    drawn = table(rows, headers, width=width)
    assert widest(drawn) <= width or drawn == table(rows, headers, width=1000)
    assert all(w in drawn for n in names for w in n.split())


# --- names in Chinese, Japanese or Korean: each of their characters takes two columns -------

# each wide name and a plain one as wide on screen (6 columns), sorting the same way
STAND_IN = {"さくら": "Yyyyyy", "李小龍": "Zzzzzz"}


def night(names: list[str]) -> None:
    ok("new", *names, "--game", "rummikub", "--first", "Ann")
    ok("round", "--out", "Ann", "--points", f"{names[0]}=12", "--points", f"{names[2]}=7")


@pytest.mark.parametrize("command", [["history"], ["standings"], ["stats"]])
def test_tables_with_wide_names_line_up_as_plain_names_do(
        command: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    wide = ["李小龍", "Ann", "さくら"]
    night(wide)
    shown = ok(*command)
    monkeypatch.setenv("RUMMY_LEDGER", "plain.yaml")
    night([STAND_IN.get(n, n) for n in wide])
    plain = ok(*command)
    for name, stand_in in STAND_IN.items():
        shown = shown.replace(name, stand_in)
    assert shown == plain  # the same columns, character for character


def test_hollywood_sheet_lines_up_wide_names(monkeypatch: pytest.MonkeyPatch) -> None:
    def sheet(name: str) -> str:
        ok("new", name, "Ann", "--game", "gin", "--hollywood", "--dealer", "Ann")
        ok("round", "--knock", "Ann", "--points", "Ann=3", "--points", f"{name}=20")
        return ok("standings")

    shown = sheet("李小龍")
    monkeypatch.setenv("RUMMY_LEDGER", "plain.yaml")
    assert shown.replace("李小龍", "Zzzzzz") == sheet("Zzzzzz")


def test_a_result_with_a_wide_name_folds_by_its_columns() -> None:
    text = "Round 1 (Ann played first): Ann went out and scores 12: 李小龍 -12, さくら -7."
    folded = fold_result(text, width=74)
    from rummy_cli.render import display_width

    assert display_width(text) > 74 and len(text) <= 74  # counted by characters, it fits
    assert all(display_width(line) <= 74 for line in folded.splitlines())
    assert unfolded(folded) == text


def test_a_rummikub_result_breaks_only_between_clauses() -> None:
    """A long result is broken after a clause, never inside one: 'the lowest rack (12)' and
    'the lowest racks (3)' stay on their line, in round and in fix."""
    ok("new", "Ann", "Ben", "Cy", "Dee", "Eve", "Flo", "--game", "rummikub-xp", "--first",
       "Ann")
    ok("round", "--out", "Ann", "--points", "Ben=1", "--points", "Cy=100", "--points",
       "Dee=200", "--points", "Eve=300", "--points", "Flo=12")
    out = ok("round", "--pool-out", "--rack", "Ann=JK 1R", "--points", "Ben=100", "--points",
             "Cy=100", "--points", "Dee=200", "--points", "Eve=300", "--points", "Flo=12")
    assert out.startswith("Round 2 (Ben played first): the pool ran out;\n"
                          "  Flo has the lowest rack (12) and scores 671:\n"
                          "  Ann -19, Ben -88, Cy -88, Dee -188, Eve -288.\n")
    out = ok("fix", "2", "--points", "Flo=3", "--rack", "Ann=3R")
    assert ("Round 2 now: the pool ran out;\n"
            "  Ann and Flo tie with the lowest racks (3) and score 344 each:\n") in out
    assert all(not line.lstrip().startswith("(") for line in out.splitlines())


FIVE = ["Alexandrina", "Bartholomew", "Christopher", "Dorothea", "Evangeline"]


@pytest.mark.parametrize("columns", ["80", "60"])
def test_a_sheet_of_five_long_single_word_names_fits(monkeypatch: pytest.MonkeyPatch,
                                                    columns: str) -> None:
    monkeypatch.setenv("COLUMNS", columns)
    ok("new", *FIVE, "--dealer", "Alexandrina")
    ok("round", "--knock", "Al", *(x for n, p in zip(FIVE, (1, 20, 30, 40, 50))
                                  for x in ("--points", f"{n[:2]}={p}")))
    out = ok("history")
    assert max(len(line) for line in out.splitlines()) <= int(columns), out
    heads = out.splitlines()[0].split()[2:]  # '#', 'End', then 'In' (hand) and the names
    names = [h for h in heads if h[0] in "ABCDE"]
    assert len({n.casefold() for n in names}) == 5, out  # each told apart
    assert all(full.startswith(n.rstrip(".")) for n, full in zip(names, FIVE)), out
    assert "136*" in out  # a number is never folded
    for fmt in ("csv", "github", "html"):  # never folded nor shortened
        assert all(n in ok("history", "--format", fmt) for n in FIVE)
