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

from rummy_cli.games.gin.rules import GinRules
from rummy_cli.games.manipulation.rules import Rules
from rummy_cli.rulebook import NoSuchRule, load_rulebook, look_up, select

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "rummy_cli"
GIN_MD = Path("/work/shared/GIN.md")  # the notes the Gin book was written from (not shipped)
# a rule id as messages, help and the docs cite it: R14, R12b, R17-D2, G16, G10-D1
CITED_ID = re.compile(r"(?<![\w-])[RG]\d+(?:-D\d+|[a-z])?(?!\w)")


def flat(out: str) -> str:
    """The text with its lines joined, as a reader reads a wrapped paragraph."""
    return " ".join(out.split())


def headings(out: str) -> list[str]:
    """The ids of the rules and decisions shown, in order ('R14  A joker...' lines)."""
    return re.findall(r"^ *([RG]\d+(?:-D\d+)?)  \S", out, re.MULTILINE)


# --- the book -----------------------------------------------------------------------------

@pytest.mark.parametrize("number", range(1, 28))
def test_every_rule_r1_to_r27_is_in_the_book_and_found_by_id(number: int) -> None:
    code, out, err = run("rules", f"r{number}")  # any case
    assert code == 0 and err == ""
    assert headings(out)[0] == f"R{number}"


def test_the_book_holds_r1_to_r27_in_order_and_nothing_else() -> None:
    book = load_rulebook()
    assert book.rule_ids() == [f"R{n}" for n in range(1, 28)]
    code, out, _ = run("rules", "--game", "manipulation")
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
    assert "    See also: R15-D2 (a decision under R15, A freed joker is played again at" in out


@pytest.mark.parametrize(("query", "shown", "see_also"), [
    (("R14", "R15"), ["R14", "R15", "R15-D1", "R15-D2", "R15-D3"], False),
    (("R14", "R15-D2"), ["R14", "R15-D2"], False),  # asked for: not a 'see also'
    (("R12", "R13"), ["R12", "R13", "R15-D2"], True),
])
def test_several_ids_label_only_what_is_shown_for_another_rule(query: tuple[str, ...],
                                                                shown: list[str],
                                                                see_also: bool) -> None:
    code, out, _ = run("rules", *query)
    assert code == 0 and headings(out) == shown
    assert ("See also: R15-D2" in out) == see_also


def test_a_decision_cited_by_a_rule_is_shown_under_its_own_rule_when_both_are_shown() -> None:
    code, out, _ = run("rules", "R12-R15")
    assert code == 0
    assert headings(out) == ["R12", "R13", "R14", "R15", "R15-D1", "R15-D2", "R15-D3"]
    assert "See also" not in out
    code, out, _ = run("rules", "R20")
    assert headings(out) == ["R20", "R22-D1", "R22-D2"]
    assert flat(out).count("See also") == 1
    assert "See also: R22-D1, R22-D2 (decisions under R22, Ties with the knocker)" in flat(out)


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
    assert headings(out) == ["R13", "R14", "R17-D2", "R15-D2"]  # 'see also' last
    assert out.index("R17-D2  ") < out.index("See also: R15-D2") < out.index("R15-D2  ")
    code, _, err = run("rules", "R14", "R99")
    assert code == 2 and "there is no rule R99" in one_error_line(err)


@pytest.mark.parametrize("name", ["knock_limit", "knock-limit", "KNOCK_LIMIT"])
def test_a_figure_name_shows_the_rules_it_sets(name: str) -> None:
    code, out, _ = run("rules", name)
    assert code == 0
    assert out.startswith("Rules with the figure knock_limit: R17, R17-D1")
    assert headings(out) == ["R17", "R17-D1"]


def test_the_word_joker_finds_r13_to_r15_and_not_r1() -> None:
    code, out, _ = run("rules", "joker", "--game", "manipulation")
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


@pytest.mark.parametrize(("game", "kind"), [("manipulation", Rules), ("gin", GinRules)])
def test_the_whole_book_ends_with_every_figure_of_the_rules(game: str, kind: type) -> None:
    code, out, _ = run("rules", "--game", game)
    assert code == 0
    names = re.findall(r"^  (\w+) +=", out, re.MULTILINE)
    assert names and set(names) == {f.name for f in fields(kind)} - {"game"}


@pytest.mark.parametrize(("game", "kind"), [("manipulation", Rules), ("gin", GinRules)])
def test_every_figure_names_a_rule_of_the_book(game: str, kind: type) -> None:
    book = load_rulebook(game)
    ids = set(book.rule_ids())
    assert {f.name for f in book.figures} == {f.name for f in fields(kind)} - {"game"}
    assert all(f.rule in ids and f.about for f in book.figures)


def test_the_book_fits_80_columns() -> None:
    for args in ([], ["joker"], ["--figures"], ["R15"], ["G10"], ["undercut"],
                 ["--game", "oklahoma", "--figures"]):
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
                "records nothing.", "game": "manipulation"}
    assert doc["figures"] == [{"name": "knock_limit", "value": 5, "book": 5, "rule": "R17",
                               "about": "the most points a hand may hold to knock",
                               "house": False, "game": "manipulation"}]
    assert doc["ledger"] is None


# --- every id a user is shown can be looked up --------------------------------------------

def _cited_ids() -> set[str]:
    """Every rule id in a string of rummy_cli (messages, help, docstrings), in the README or
    in docs/."""
    found: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found |= set(CITED_ID.findall(node.value))
    for page in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]:
        found |= set(CITED_ID.findall(page.read_text(encoding="utf-8")))
    return found


def test_every_rule_id_cited_in_messages_help_and_readme_can_be_looked_up() -> None:
    cited = _cited_ids()
    assert {"R5", "R12a", "R12b", "R17", "R27", "R15-D2", "G6", "G8", "G16", "G22"} <= cited
    for rule_id in sorted(cited):
        code, out, err = run("rules", rule_id)
        assert code == 0, (rule_id, err)
        assert rule_id.rstrip("abc") in headings(out), rule_id


def test_nothing_sends_a_user_to_a_file_that_is_not_shipped() -> None:
    files = [p for p in PACKAGE.rglob("*") if p.is_file() and p.suffix in (".py", ".md")]
    files += [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]
    for path in files:
        text = path.read_text(encoding="utf-8")
        for outside in ("../shared", "RULES.md", "INTERFACE.md", "GIN.md", "RUMMIKUB.md"):
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
    ("xyzzy", "no rule mentions 'xyzzy': try another word, or a rule id (R1 to R27, "
              "G1 to G22)"),
    ("G23", "there is no rule G23: the rules are G1 to G22"),
    ("G1-D1", "G1 has no decisions"),
    ("G10-D4", "the decisions under G10 are G10-D1, G10-D2, G10-D3"),
    ("G20-G30", "there is no rule G23"),
    ("R1-G3", "a range of rules stays in one game"),
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
                                                  "rule": "R24", "about": "", "house": True,
                                                  "game": "manipulation"}


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


# --- the Gin games ------------------------------------------------------------------------

@pytest.mark.parametrize("number", range(1, 23))
def test_every_rule_g1_to_g22_is_in_the_book_and_found_by_id(number: int) -> None:
    code, out, err = run("rules", f"g{number}")  # any case
    assert code == 0 and err == ""
    assert headings(out)[0] == f"G{number}"


def test_the_gin_book_holds_g1_to_g22_in_order_and_its_decisions() -> None:
    book = load_rulebook("gin")
    assert book.rule_ids() == [f"G{n}" for n in range(1, 23)]
    decisions = [e.id for e in book.entries if e.is_decision]
    assert {"G4-D1", "G6-D1", "G7-D1", "G10-D1", "G10-D2", "G10-D3", "G13-D1", "G15-D1",
            "G16-D1", "G17-D1", "G20-D1", "G22-D1"} <= set(decisions)
    for d in decisions:
        code, out, _ = run("rules", d.lower())
        assert code == 0 and headings(out) == [d], d


def test_g10_shows_its_decisions_on_computing_a_knock_and_its_figures() -> None:
    code, out, _ = run("rules", "G10")
    assert code == 0
    assert headings(out) == ["G10", "G10-D1", "G10-D2", "G10-D3"]
    assert "G10-D1  The knocker's layout (computing a knock, part a)" in out
    assert "the defender scores 3 + 25 = 28" in flat(out)  # E2
    assert re.search(r"^  undercut = 25 +G10  the bonus for an undercut$", out, re.MULTILINE)
    code, out, _ = run("rules", "G10-D1")
    assert headings(out) == ["G10-D1"] and "Example E8" in out


def test_g9_shows_the_decision_that_cites_it() -> None:
    code, out, _ = run("rules", "G9")
    assert code == 0 and headings(out) == ["G9", "G10-D2"]
    assert "Example E7, a chain" in out
    assert "See also: G10-D2 (a decision under G10, Scoring a hand)" in flat(out)


def test_a_gin_range_shows_each_rule_with_its_decisions() -> None:
    code, out, _ = run("rules", "G19-G22")
    assert code == 0
    assert headings(out) == ["G19", "G20", "G20-D1", "G21", "G22", "G22-D1"]
    assert "Hand 3: B wins 20. Game 1 is over, so B opens game 2" in flat(out)  # E10


def test_ids_of_both_games_at_once_each_under_its_game() -> None:
    code, out, _ = run("rules", "G16", "R17-D1")
    assert code == 0
    assert headings(out) == ["R17-D1", "G16", "G16-D1"]
    assert out.startswith("Manipulation Rummy\n------------------\n\nR17-D1  ")
    assert "\n\nGin Rummy, Oklahoma Gin and Hollywood Gin\n-----" in out


def test_an_example_hand_is_found_by_its_name() -> None:
    code, out, _ = run("rules", "E8")
    assert code == 0 and out.startswith("Rules that mention 'E8': G10-D1")


def test_undercut_is_found_in_both_games_under_a_heading_for_each() -> None:
    code, out, _ = run("rules", "undercut")
    assert code == 0
    shown = headings(out)
    assert {"R21", "R22", "G10", "G10-D2", "G17-D1"} <= set(shown)
    assert shown.index("R22") < shown.index("G10")
    head = out.splitlines()[0]
    assert head.startswith("Rules that mention 'undercut': R18, R21, R22, R22-D1, G10,")
    manipulation = out.index("\nManipulation Rummy\n------------------\n")
    gin = out.index("\nGin Rummy, Oklahoma Gin and Hollywood Gin\n")
    assert manipulation < out.index("\nR21  ") < gin < out.index("\nG10  ")
    assert re.search(r"^  undercut_bonus = 10  R21", out, re.MULTILINE)
    assert re.search(r"^  undercut = 25 +G10", out, re.MULTILINE)


def test_a_word_in_one_game_only_shows_no_game_heading() -> None:
    code, out, _ = run("rules", "deadwood")
    assert code == 0 and out.startswith("Rules that mention 'deadwood': G4,")
    assert "Manipulation Rummy" not in out and all(h[0] == "G" for h in headings(out))


def test_game_limits_a_word_search_to_that_game() -> None:
    code, out, _ = run("rules", "undercut", "--game", "gin")
    assert code == 0 and all(h[0] == "G" for h in headings(out))
    code, out, _ = run("rules", "undercut", "--game", "manipulation")
    assert code == 0 and all(h[0] == "R" for h in headings(out))
    code, _, err = run("rules", "deadwood", "--game", "manipulation")
    assert code == 2 and "no rule mentions 'deadwood'" in one_error_line(err)


def test_rules_alone_shows_both_books_manipulation_first() -> None:
    code, out, _ = run("rules")
    assert code == 0
    shown = headings(out)
    assert shown[0] == "R1" and shown[-1] == "G22-D1"
    assert shown == ([e.id for e in load_rulebook().entries]
                     + [e.id for e in load_rulebook("gin").entries])
    assert "\nGin Rummy, Oklahoma Gin and Hollywood Gin: the rules rummy referees\n===" in out


def test_game_gin_alone_prints_the_whole_gin_book() -> None:
    code, out, _ = run("rules", "--game", "gin")
    assert code == 0
    assert out.startswith("Gin Rummy, Oklahoma Gin and Hollywood Gin: the rules rummy "
                          "referees\n")
    assert headings(out) == [e.id for e in load_rulebook("gin").entries]
    assert "The figures of the gin preset (the names for house rules):" in out


def test_each_preset_fills_the_gin_text_with_its_figures() -> None:
    assert "the knock limit, which is 10 here" in flat(run("rules", "G6", "--game", "gin")[1])
    okla = run("rules", "G6", "--game", "oklahoma")[1]
    assert "the knock limit, which is the upcard's value here" in flat(okla)
    assert re.search(r"^  knock = upcard  G6", okla, re.MULTILINE)
    classic = flat(run("rules", "G10", "--game", "classic")[1])
    assert "the gin bonus, 20" in classic and "the undercut bonus, 10;" in classic
    big_gin = flat(run("rules", "G7", "--game", "classic")[1])
    assert "its bonus here is off (off: not played)" in big_gin
    assert "its bonus here is 31" in flat(run("rules", "G7", "--game", "gin")[1])


def _gin_ledger(*rules: str) -> None:
    extra = [a for r in rules for a in ("--rule", r)]
    code, _, err = run("new", "Ann", "Ben", "--game", "oklahoma", "--dealer", "Ann", *extra)
    assert code == 0, err


def test_figures_of_a_gin_ledger_mark_its_house_rules() -> None:
    _gin_ledger("undercut=10")
    code, out, _ = run("rules", "--figures")
    assert code == 0
    assert out.startswith("Rule figures in force in rummy-ledger.yaml (* a house rule of "
                          "that game):\n")
    assert ("undercut = 10 * G10 the bonus for an undercut (the oklahoma preset: 25) tie ="
            in flat(out))
    assert re.search(r"^  knock += upcard +G6 ", out, re.MULTILINE)  # the preset's: no '*'
    assert re.search(r"^  target += 150 +G11 ", out, re.MULTILINE)
    assert out.count("*") == 2  # the heading's and undercut's
    doc = json.loads(run("rules", "--figures", "--json")[1])
    undercut = next(f for f in doc["figures"] if f["name"] == "undercut")
    assert undercut == {"name": "undercut", "value": 10, "book": 25, "rule": "G10",
                        "about": "the bonus for an undercut", "house": True, "game": "gin"}
    assert next(f for f in doc["figures"] if f["name"] == "knock")["value"] is None


def test_a_gin_ledger_gives_its_rules_and_its_figures_in_the_text() -> None:
    _gin_ledger("undercut=10")
    code, out, _ = run("rules")
    assert code == 0
    assert out.startswith("Gin Rummy, Oklahoma Gin and Hollywood Gin: the rules rummy "
                          "referees\n===")
    assert "With the figures in force in rummy-ledger.yaml." in out
    assert not any(h.startswith("R") for h in headings(out))
    assert "and the undercut bonus, 10;" in flat(run("rules", "G10")[1])
    code, out, _ = run("rules", "undercut")  # the ledger's game only
    assert code == 0 and all(h[0] == "G" for h in headings(out))
    code, out, _ = run("rules", "R21")  # an id is found in its own game
    assert headings(out) == ["R21"] and "bonus of 10 points" in flat(out)


def test_another_preset_than_the_ledgers_shows_that_presets_figures() -> None:
    _gin_ledger("undercut=10")
    code, out, _ = run("rules", "undercut", "--figures", "--game", "gin")
    assert code == 0
    assert out.splitlines() == [
        "Rule figures of the gin preset (the names for house rules):",
        "  undercut = 25  G10  the bonus for an undercut"]


def test_a_gin_ledger_with_its_presets_figures_says_so() -> None:
    _gin_ledger()
    code, out, _ = run("rules", "G11")
    assert code == 0
    assert "Rule figures in force in rummy-ledger.yaml (as in the oklahoma preset):" in out


@given(st.text(max_size=30))
def test_any_query_across_both_games_is_found_or_refused(query: str) -> None:
    try:
        parts = look_up(query, {}, ("manipulation", "gin"))
    except NoSuchRule as exc:
        assert str(exc) and "\n" not in str(exc)
    else:
        assert parts and all(p.selection.entries for p in parts)


# --- our own words ------------------------------------------------------------------------

_CARD = re.compile(r"\b(?:10|[2-9AJQK])[CDHS]\b")


def _six_word_runs(text: str) -> set[tuple[str, ...]]:
    """Every run of six words, cards and {figures} left out (hands may be the same)."""
    words = re.findall(r"[a-z]+(?:'[a-z]+)?", _CARD.sub(" ", re.sub(r"\{\w+\}", " ", text))
                       .casefold())
    return {tuple(words[i:i + 6]) for i in range(len(words) - 5)}


@pytest.mark.skipif(not GIN_MD.exists(), reason="the Gin notes are not on this machine")
def test_the_gin_book_copies_no_sentence_of_its_notes() -> None:
    gin = (PACKAGE / "games" / "gin" / "rulebook.md").read_text(encoding="utf-8")
    copied = _six_word_runs(gin) & _six_word_runs(GIN_MD.read_text(encoding="utf-8"))
    assert not copied, sorted(" ".join(run) for run in copied)


def test_each_game_says_how_its_figures_read_in_its_own_rules_module() -> None:
    # the shared reader of the books names no game: Gin's on/off, Rummikub's 'players' and
    # 'off' are each game's FIGURE_WORDS; a game that says none reads true, false, off
    from rummy_cli.games import GAMES
    from rummy_cli.rulebook_parse import figure_words

    assert figure_words("gin").typed("spade", True) == "on"
    assert figure_words("gin").in_text("knock", None) == "the upcard's value"
    assert figure_words("rummikub").typed("rounds", None) == "players"
    assert figure_words("rummikub").typed("target", 0) == "off"
    assert figure_words("manipulation").typed("knock_limit", 0) == "0"
    source = (Path(__file__).resolve().parent.parent / "rummy_cli" / "rulebook_parse.py"
              ).read_text(encoding="utf-8")
    assert [g.package for g in GAMES if f'"{g.package}"' in source] == ["manipulation"]


def test_a_book_written_without_rule_headings_says_how_a_rule_is_written() -> None:
    """A contributor's book of bullet points (no '### X1 Title' heading) is refused naming
    the game and the form of a rule, not read as a book of R ids clashing with R1-R27."""
    import pytest

    from rummy_cli.rulebook_parse import parse_rulebook

    with pytest.raises(ValueError, match=r"manipulation's book has no rule: each is a "
                                         r"heading '### X1 Its title'"):
        parse_rulebook("# A book\n\n- **F1** Two to six players.\n", "manipulation")
