"""``rummy rules``: the rulebook shipped in the package, by id, by word, with the figures."""

from __future__ import annotations

import ast
import json
import re
from dataclasses import fields
from pathlib import Path

import pytest
from clirun import one_error_line, run
from hypothesis import given
from hypothesis import strategies as st

from rummy_cli.games.manipulation.rules import Rules
from rummy_cli.rulebook import NoSuchRule, load_rulebook, select

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "rummy_cli"
# a rule id as messages, help and the README cite it: R14, R12b, R17-D2
CITED_ID = re.compile(r"(?<![\w-])R\d+(?:-D\d+|[a-z])?(?!\w)")


def headings(out: str) -> list[str]:
    """The ids of the rules and decisions shown, in order ('R14  A joker...' lines)."""
    return re.findall(r"^ *(R\d+(?:-D\d+)?)  \S", out, re.MULTILINE)


# --- the book -----------------------------------------------------------------------------

@pytest.mark.parametrize("number", range(1, 28))
def test_every_rule_r1_to_r27_is_in_the_book_and_found_by_id(number: int) -> None:
    code, out, err = run("rules", f"r{number}")  # any case
    assert code == 0 and err == ""
    assert headings(out)[0] == f"R{number}"


def test_the_book_holds_r1_to_r27_in_order_and_nothing_else() -> None:
    book = load_rulebook()
    assert book.rule_ids() == [f"R{n}" for n in range(1, 28)]
    code, out, _ = run("rules")
    assert code == 0
    assert headings(out) == [e.id for e in book.entries]


def test_every_decision_is_found_by_its_id() -> None:
    decisions = [e.id for e in load_rulebook().entries if e.is_decision]
    assert {"R4-D1", "R5-D1", "R9-D1", "R15-D2", "R17-D2", "R22-D1", "R26-D1"} <= set(decisions)
    for d in decisions:
        code, out, _ = run("rules", d.lower().replace("-", " "))  # 'r17 d2' is R17-D2
        assert code == 0 and headings(out) == [d], d


def test_r14_shows_the_decision_on_how_it_is_checked() -> None:
    code, out, _ = run("rules", "R14")
    assert code == 0
    assert headings(out) == ["R14", "R15-D2"]
    assert "R15-D2  Checking R14 and R15 at the end of the turn" in out


def test_r17_shows_its_decisions_and_its_figure() -> None:
    code, out, _ = run("rules", "R17")
    assert code == 0
    assert headings(out) == ["R17", "R17-D1", "R17-D2"]
    assert "worth 5 points or less may" in out
    assert re.search(r"^  knock_limit = 5  R17  ", out, re.MULTILINE)


def test_r12b_is_found_in_r12() -> None:
    code, out, _ = run("rules", "R12b")
    assert code == 0
    assert out.startswith("R12b is part (b) of R12:")
    assert "(b) Nothing leaves the table" in out


def test_a_range_shows_each_rule_with_its_decisions() -> None:
    code, out, _ = run("rules", "R24-R27")
    assert code == 0
    assert headings(out) == ["R24", "R25", "R26", "R26-D1", "R27"]


def test_several_ids_show_each_once_in_book_order() -> None:
    code, out, _ = run("rules", "R17-D2", "r14", "R13-R14")
    assert code == 0
    assert headings(out) == ["R13", "R14", "R15-D2", "R17-D2"]
    code, _, err = run("rules", "R14", "R99")
    assert code == 2 and "there is no rule R99" in one_error_line(err)


@pytest.mark.parametrize("name", ["knock_limit", "knock-limit", "KNOCK_LIMIT"])
def test_a_figure_name_shows_the_rules_it_sets(name: str) -> None:
    code, out, _ = run("rules", name)
    assert code == 0
    assert out.startswith("Rules with the figure knock_limit: R17, R17-D1")
    assert headings(out) == ["R17", "R17-D1"]


def test_the_word_joker_finds_r13_to_r15_and_not_r1() -> None:
    code, out, _ = run("rules", "joker")
    assert code == 0
    shown = headings(out)
    assert {"R13", "R14", "R15", "R15-D1", "R15-D2"} <= set(shown)
    assert "R1" not in shown and "R17" not in shown
    assert out.startswith("Rules that mention 'joker': R2, R13, R14, R15,")


def test_words_match_whole_words_any_case_and_simple_endings() -> None:
    code, out, _ = run("rules", "Going", "OUT")
    assert code == 0 and headings(out) == ["R17-D2", "R23", "R23-D1"]
    code, out, _ = run("rules", "knocking")  # knock, knocks, knocked, knocker
    assert {"R17", "R18", "R21", "R22"} <= set(headings(out))
    code, out, _ = run("rules", "ace")  # not 'place' nor 'face'
    assert "R16" in headings(out) and "R14" not in headings(out)


def test_the_whole_book_ends_with_every_figure_of_the_rules() -> None:
    code, out, _ = run("rules")
    assert code == 0
    names = re.findall(r"^  (\w+) +=", out, re.MULTILINE)
    assert names and set(names) == {f.name for f in fields(Rules)} - {"game"}


def test_every_figure_names_a_rule_of_the_book() -> None:
    book = load_rulebook()
    ids = set(book.rule_ids())
    assert {f.name for f in book.figures} == {f.name for f in fields(Rules)} - {"game"}
    assert all(f.rule in ids and f.about for f in book.figures)


def test_the_book_fits_80_columns() -> None:
    for args in ([], ["joker"], ["--figures"], ["R15"]):
        _, out, _ = run("rules", *args)
        too_wide = [line for line in out.splitlines() if len(line) > 79]
        assert not too_wide, (args, too_wide)


def test_rules_help_has_examples() -> None:
    code, out, _ = run("rules", "--help")
    assert code == 0 and "Example" in out and "rummy rules R14" in out
    assert "rummy rules R14" in run("--help")[1]


def test_rules_json_gives_the_rules_and_figures_as_data() -> None:
    code, out, _ = run("rules", "R17", "--json")
    doc = json.loads(out)
    assert code == 0
    assert [r["id"] for r in doc["rules"]] == ["R17", "R17-D1", "R17-D2"]
    assert doc["rules"][1] == {
        "id": "R17-D1", "rule": "R17", "section": "The end of a round",
        "title": "A knock with too many points",
        "text": "rummy refuses a knock with a hand worth more than 5 points: it says why and "
                "records nothing."}
    assert doc["figures"] == [{"name": "knock_limit", "value": 5, "book": 5, "rule": "R17",
                               "about": "the most points a hand may hold to knock",
                               "house": False}]
    assert doc["ledger"] is None


# --- every id a user is shown can be looked up --------------------------------------------

def _cited_ids() -> set[str]:
    """Every rule id in a string of rummy_cli (messages, help, docstrings) or in the README."""
    found: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found |= set(CITED_ID.findall(node.value))
    found |= set(CITED_ID.findall((ROOT / "README.md").read_text(encoding="utf-8")))
    return found


def test_every_rule_id_cited_in_messages_help_and_readme_can_be_looked_up() -> None:
    cited = _cited_ids()
    assert {"R5", "R12a", "R12b", "R17", "R27", "R15-D2"} <= cited
    for rule_id in sorted(cited):
        code, out, err = run("rules", rule_id)
        assert code == 0, (rule_id, err)
        assert rule_id.rstrip("abc") in headings(out), rule_id


def test_nothing_sends_a_user_to_a_file_that_is_not_shipped() -> None:
    files = [p for p in PACKAGE.rglob("*") if p.is_file() and p.suffix in (".py", ".md")]
    files.append(ROOT / "README.md")
    for path in files:
        text = path.read_text(encoding="utf-8")
        for outside in ("../shared", "RULES.md", "INTERFACE.md", "GIN.md"):
            assert outside not in text, f"{path.name} mentions {outside}"


# --- what cannot be found -----------------------------------------------------------------

@pytest.mark.parametrize(("query", "words"), [
    ("R28", "there is no rule R28: the rules are R1 to R27"),
    ("R0", "there is no rule R0"),
    ("R17-D9", "there is no R17-D9: the decisions under R17 are R17-D1, R17-D2"),
    ("R1-D1", "R1 has no decisions"),
    ("R1b", "there is no R1b: R1 has no lettered parts"),
    ("R12d", "its parts are R12a, R12b, R12c"),
    ("R20-R30", "there is no rule R28"),
    ("R1-R99999999999999", "there is no rule R28"),
    ("jokr", "no rule mentions 'jokr'; did you mean 'joker'?"),
    ("xyzzy", "no rule mentions 'xyzzy': try another word, or a rule id (R1 to R27)"),
    ("", "say what to look up"),
    ("??", "nothing to look up in '??'"),
])
def test_an_unknown_id_or_word_is_one_error_line(query: str, words: str) -> None:
    code, out, err = run("rules", query)
    assert code == 2 and out == ""
    assert words in one_error_line(err)


@given(st.text(max_size=30))
def test_any_query_is_found_or_refused_with_a_message(query: str) -> None:
    book = load_rulebook()
    try:
        selection = select(book, query)
    except NoSuchRule as exc:
        assert str(exc) and "\n" not in str(exc)
    else:
        assert selection.entries


# --- the figures in force -----------------------------------------------------------------

def _game_with_target(target: int, name: str = "rummy-ledger.yaml") -> Path:
    assert run("new", "Ann", "Ben", "--dealer", "Ann", "--ledger", name)[0] == 0
    path = Path(name)
    text = path.read_text(encoding="utf-8")
    assert "  target: 150\n" in text
    path.write_text(text.replace("  target: 150\n", f"  target: {target}\n"), encoding="utf-8")
    return path


def test_figures_follow_the_house_rules_of_a_ledger() -> None:
    _game_with_target(200, "friday.yaml")
    code, out, _ = run("rules", "--ledger", "friday.yaml")
    assert code == 0
    assert "With the figures in force in friday.yaml." in out
    assert "The figures in force in friday.yaml (* a house rule of that game):" in out
    assert re.search(r"^  target +  = 200 \*  R24  the total that ends the game "
                     r"\(the book: 150\)$", out, re.MULTILINE)
    assert re.search(r"^  knock_limit += 5 +R17", out, re.MULTILINE)  # not marked
    assert "reaches 200 points or more" in out  # R24's text says the figure in force
    code, out, _ = run("rules", "R24")
    assert "reaches 150 points" in out  # no ledger here: the book


def test_a_ledger_found_the_usual_way_gives_the_figures() -> None:
    _game_with_target(120)
    code, out, _ = run("rules", "target", "--figures")
    assert code == 0
    assert out.splitlines() == [
        "Rule figures in force in rummy-ledger.yaml (* a house rule of that game):",
        "  target = 120 *  R24  the total that ends the game (the book: 150)"]
    doc = json.loads(run("rules", "R24", "--json")[1])
    assert doc["ledger"] == "rummy-ledger.yaml"
    assert doc["figures"][0] | {"about": ""} == {"name": "target", "value": 120, "book": 150,
                                                  "rule": "R24", "about": "", "house": True}


def test_a_ledger_with_the_book_rules_says_so() -> None:
    assert run("new", "Ann", "Ben", "--dealer", "Ann")[0] == 0
    code, out, _ = run("rules", "R17")
    assert "Rule figures in force in rummy-ledger.yaml (as in the book):" in out


def test_a_damaged_ledger_named_is_an_error_one_found_is_a_warning() -> None:
    Path("rummy-ledger.yaml").write_text("players: [\n", encoding="utf-8")
    code, out, err = run("rules", "--ledger", "rummy-ledger.yaml", "R17")
    assert code == 2 and out == ""
    assert one_error_line(err).startswith("Error: rummy-ledger.yaml: line ")
    code, out, err = run("rules", "R17")
    assert code == 0 and headings(out)[0] == "R17"
    assert err.startswith("Warning: rummy-ledger.yaml: line ")
    assert err.rstrip().endswith("showing the book's figures")


def test_a_missing_ledger_named_is_an_error() -> None:
    code, _, err = run("rules", "--ledger", "nothere.yaml")
    assert code == 2 and "nothere.yaml: no such ledger" in one_error_line(err)
