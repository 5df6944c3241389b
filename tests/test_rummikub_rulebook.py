"""``rummy rules`` for Rummikub: K1-K24 by id and by word, each preset's figures, the JSON.

The book is ``rummy_cli/games/rummikub/rulebook.md``; its figures are those of the presets
in ``games/rummikub/rules.py``, never a second copy.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from dataclasses import fields
from pathlib import Path

import pytest
from clirun import one_error_line, run
from help_examples import Example, examples, passed
from help_examples import run as run_example
from hypothesis import given
from hypothesis import strategies as st

from rummy_cli.games.rummikub.rules import PRESETS, RUMMIKUB, RummikubRules
from rummy_cli.rulebook import NoSuchRule, figure_text, load_rulebook, look_up, standard_rules
from rummy_cli.rulebook_text import figures_parts

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "rummy_cli"
BOOK = PACKAGE / "games" / "rummikub" / "rulebook.md"
RUMMIKUB_MD = Path("/work/shared/RUMMIKUB.md")  # the notes the book was written from
FIGURES = {f.name for f in fields(RummikubRules)} - {"game"}
# a Rummikub rule id as messages and help cite it: K14, K12b, K21-D1
CITED_K = re.compile(r"(?<![\w=-])K\d+(?:-D\d+|[a-z])?(?!\w)")


def flat(out: str) -> str:
    """The text with its lines joined, as a reader reads a wrapped paragraph."""
    return " ".join(out.split())


def headings(out: str) -> list[str]:
    """The ids of the rules and decisions shown, in order ('K14  Freeing a joker')."""
    return re.findall(r"^ *([RGK]\d+(?:-D\d+)?)  \S", out, re.MULTILINE)


def figure_lines(out: str) -> dict[str, str]:
    """The figures listed ('  ones = low  K7  ...'): name -> value as shown."""
    return dict(re.findall(r"^  (\w+) += (\S+(?: \*)?)", out, re.MULTILINE))


# --- every rule, by id, with its key figure -----------------------------------------------

KEY_WORDS = {
    "K1": "From 2 to 4 people can play. The box holds 106 tiles",
    "K2": "takes 14 tiles onto a rack",
    "K3": "take one tile from the pool",
    "K4": "at most 60 seconds",
    "K5": "never shorter than 3 tiles",
    "K6": "A group is 3 or 4 tiles with the same number",
    "K7": "3 or more tiles of a single colour",
    "K8": "every tile on the table stands in a legal set",
    "K9": "worth at least 30 points",
    "K10": "no joker may be taken",
    "K11": "split a run in two",
    "K12": "(b) No tile goes from the table back to a rack.",
    "K13": "Two jokers may sit in the same set",
    "K14": "either colour the group lacks will do",
    "K15": "before the turn is over",
    "K16": "rummikub-strict sets both",
    "K17": "plays the final tile from their rack",
    "K18": "has passed",
    "K19": "a joker left in it counts 30",
    "K20": "Ann scores +88, Ben -47, Cy -6 and Dee -35",
    "K21": "Under difference Ann scores -5, Cy -24, Dee -13 and Ben +42",
    "K22": "come to 0",
    "K23": "(one per player here)",
    "K24": "With winner=rounds",
}


@pytest.mark.parametrize("number", range(1, 25))
def test_every_rule_k1_to_k24_is_found_by_id_and_says_its_figure(number: int) -> None:
    rule = f"K{number}"
    code, out, err = run("rules", rule.lower())  # any case, and no --game needed for an id
    assert code == 0 and err == ""
    assert headings(out)[0] == rule
    assert KEY_WORDS[rule] in flat(out), rule


def test_the_book_holds_k1_to_k24_in_order_with_its_decisions() -> None:
    book = load_rulebook("rummikub")
    assert book.rule_ids() == [f"K{n}" for n in range(1, 25)]
    decisions = [e.id for e in book.entries if e.is_decision]
    assert {"K1-D1", "K2-D1", "K3-D1", "K4-D1", "K7-D1", "K9-D1", "K9-D2", "K9-D3", "K10-D1",
            "K12-D1", "K13-D1", "K13-D2", "K14-D1", "K14-D2", "K16-D1", "K18-D1", "K21-D1",
            "K22-D1", "K22-D2", "K23-D1"} <= set(decisions)
    for d in decisions:
        code, out, _ = run("rules", d.lower().replace("-", " "))  # 'k14 d1' is K14-D1
        assert code == 0 and headings(out) == [d], d


def test_k14_shows_its_decisions_and_the_strict_one_that_cites_it() -> None:
    code, out, _ = run("rules", "K14")
    assert code == 0
    assert headings(out) == ["K14", "K14-D1", "K14-D2", "K16-D1"]
    assert "one real 6O releases all the jokers that were 6O" in flat(out)
    assert re.search(r"^  joker_swap = any +K14  ", out, re.MULTILINE)
    # K16-D1 is K16's: it is shown under a 'See also' label, never as K14's own
    label = "    See also: K16-D1 (a decision under K16, The older joker rules)"
    assert out.index("K14-D2  ") < out.index(label) < out.index("K16-D1  A strict joker")
    assert "See also" not in out[:out.index(label)]


def test_k14_d3_names_the_decisions_shown_as_k14_s_own() -> None:
    code, _, err = run("rules", "K14-D3")
    assert code == 2 and one_error_line(err) == (
        "Error: there is no K14-D3: the decisions under K14 are K14-D1, K14-D2")
    out = run("rules", "K14")[1]
    own = out[:out.index("See also")]
    assert headings(own) == ["K14", "K14-D1", "K14-D2"]


@pytest.mark.parametrize(("query", "also"), [
    ("opening", "Also in Rummikub: K9, K10, K11 and 3 more (rummy rules opening --game "
                "rummikub)"),
    ("joker", "Also in Rummikub: K1, K9, K10 and 8 more (rummy rules joker --game rummikub)"),
])
def test_a_word_of_the_card_books_points_to_rummikub_s_rules_too(query: str,
                                                                 also: str) -> None:
    code, out, _ = run("rules", query)
    assert code == 0 and headings(out)[0][0] in "RG"  # the card books first, as before
    assert flat(out).endswith(also)
    assert "Also in" not in run("rules", query, "--game", "gin")[1]  # --game: that book only


def test_a_word_in_a_rummikub_ledger_points_to_the_card_games_rules_too() -> None:
    assert run("new", "Ann", "Ben", "--game", "rummikub")[0] == 0
    code, out, _ = run("rules", "opening")
    assert code == 0 and headings(out)[0] == "K9"
    assert flat(out).endswith(
        "Also in Gin Rummy, Oklahoma Gin and Hollywood Gin: G20 (rummy rules G20)")
    assert "Also in" not in run("rules", "opening", "--game", "rummikub")[1]


def test_no_pointer_when_no_other_game_has_the_word_or_for_an_id() -> None:
    for query in (("undercut",), ("K14",), ("R14", "K9"), ("G19-G22",)):
        code, out, _ = run("rules", *query)
        assert code == 0 and "Also in" not in out, query


def test_k12b_is_found_in_k12() -> None:
    code, out, _ = run("rules", "K12b")
    assert code == 0 and out.startswith("K12b is part (b) of K12:")


def test_k9_counts_a_joker_at_its_best_value() -> None:
    text = flat(run("rules", "K9-D1")[1])
    assert "9R 10R JK is worth 30, the joker being taken as 11R" in text
    assert "opening_joker, value here" in text


def test_k13_reads_undeclared_jokers() -> None:
    text = flat(run("rules", "K13-D1")[1])
    assert "in 5R JK 7R the joker is 6R" in text and "5R 6R JK: 4R or 7R" in text


def test_the_tile_notation_is_found_by_word() -> None:
    code, out, _ = run("rules", "notation", "--game", "rummikub")
    assert code == 0 and headings(out) == ["K1-D1"]
    text = flat(out)
    assert "7R is the red seven" in text and "JK=7R" in text and "5R 6R 7R / 9K 9B 9O" in text


def test_a_range_of_rummikub_rules() -> None:
    code, out, _ = run("rules", "K19-K21")
    assert code == 0 and headings(out) == ["K19", "K20", "K21", "K21-D1"]


def test_ids_of_two_games_each_under_its_game() -> None:
    code, out, _ = run("rules", "K14", "R14")
    assert code == 0
    assert headings(out) == ["R14", "R15-D2", "K14", "K14-D1", "K14-D2", "K16-D1"]
    assert "\n\nRummikub\n--------\n\nK14  Freeing a joker" in out


@pytest.mark.parametrize(("query", "words"), [
    ("K99", "there is no rule K99: the rules are K1 to K24 (e.g. rummy rules K14)"),
    ("K0", "there is no rule K0"),
    ("K25", "there is no rule K25: the rules are K1 to K24"),
    ("K14-D9", "there is no K14-D9: the decisions under K14 are K14-D1, K14-D2"),
    ("K5-D1", "K5 has no decisions"),
    ("K12e", "there is no K12e: its parts are K12a, K12b, K12c"),
    ("K20-K30", "there is no rule K25"),
    ("K1-R3", "a range of rules stays in one game"),
])
def test_an_unknown_rummikub_id_is_one_error_line(query: str, words: str) -> None:
    code, out, err = run("rules", query)
    assert code == 2 and out == ""
    assert words in one_error_line(err)


# --- by word ------------------------------------------------------------------------------

def test_joker_with_game_rummikub_finds_the_joker_rules_only() -> None:
    code, out, _ = run("rules", "joker", "--game", "rummikub")
    assert code == 0
    assert out.startswith("Rules that mention 'joker': K1, ")
    shown = headings(out)
    assert {"K9-D1", "K13", "K13-D1", "K14", "K14-D1", "K15", "K16", "K19"} <= set(shown)
    assert all(h.startswith("K") for h in shown)
    assert "K5" not in shown and "K17" not in shown
    assert re.search(r"^  joker_points += 30 +K19", out, re.MULTILINE)


def test_a_word_only_rummikub_uses_is_found_without_game() -> None:
    code, out, _ = run("rules", "pool")  # the card games have a stock, not a pool
    assert code == 0 and all(h.startswith("K") for h in headings(out))
    assert {"K2", "K3", "K18", "K21"} <= set(headings(out))


def test_a_word_the_card_games_use_stays_in_the_card_games() -> None:
    code, out, _ = run("rules", "undercut")
    assert code == 0 and not any(h.startswith("K") for h in headings(out))


def test_game_rummikub_limits_a_word_search_to_its_book() -> None:
    code, _, err = run("rules", "deadwood", "--game", "rummikub")
    assert code == 2 and "no rule mentions 'deadwood'" in one_error_line(err)
    code, _, err = run("rules", "jokr", "--game", "rummikub")
    assert code == 2 and "did you mean 'joker'?" in one_error_line(err)


def test_a_figure_name_shows_the_rules_it_sets() -> None:
    code, out, _ = run("rules", "opening-turn", "--game", "rummikub")
    assert code == 0
    assert out.startswith("Rules with the figure opening_turn: K10, K10-D1")
    code, out, _ = run("rules", "opening_turn")  # no --game: Rummikub's own figure
    assert code == 0 and headings(out) == ["K10", "K10-D1"]


@given(st.text(max_size=30))
def test_any_query_in_rummikub_is_found_or_refused_with_a_message(query: str) -> None:
    try:
        parts = look_up(query, {}, ("rummikub",))
    except NoSuchRule as exc:
        assert str(exc) and "\n" not in str(exc)
    else:
        assert parts and all(p.selection.entries for p in parts)


@given(st.text(max_size=30))
def test_any_query_with_no_game_is_found_or_refused_with_a_message(query: str) -> None:
    try:  # as 'rummy rules QUERY' with no ledger: the card games, then Rummikub
        parts = look_up(query, {}, ("manipulation", "gin"), ("rummikub",))
    except NoSuchRule as exc:
        assert str(exc) and "\n" not in str(exc)
    else:
        assert parts and all(p.selection.entries for p in parts)


# --- the figures of each preset -----------------------------------------------------------

@pytest.mark.parametrize("name", list(PRESETS))
def test_figures_of_each_preset_list_every_option_with_its_value(name: str) -> None:
    code, out, _ = run("rules", "--figures", "--game", name)
    assert code == 0
    assert out.startswith(f"Rule figures of the {name} preset (the names for house rules):\n")
    shown = figure_lines(out)
    assert set(shown) == FIGURES
    preset = PRESETS[name]
    assert shown == {f: figure_text(getattr(preset, f), f, "rummikub") for f in FIGURES}
    assert "*" not in out


def test_the_presets_differ_where_their_boxes_and_joker_rules_do() -> None:
    xp = figure_lines(run("rules", "--figures", "--game", "rummikub-xp")[1])
    assert (xp["max_players"], xp["copies"], xp["jokers"]) == ("6", "3", "4")
    strict = figure_lines(run("rules", "--figures", "--game", "rummikub-strict")[1])
    assert (strict["joker_swap"], strict["joker_group"], strict["freed_joker"],
            strict["joker_sets"], strict["time_limit"]) == ("rack", "both", "new-set",
                                                            "locked", "120")
    book = figure_lines(run("rules", "--figures", "--game", "rummikub")[1])
    assert (book["opening"], book["rack"], book["rounds"], book["target"]) == (
        "30", "14", "players", "off")


def test_each_preset_fills_the_text_with_its_figures() -> None:
    assert "The box holds 160 tiles" in flat(run("rules", "K1", "--game", "rummikub-xp")[1])
    assert "The box holds 106 tiles" in flat(run("rules", "K1", "--game", "rummikub")[1])
    strict = flat(run("rules", "K14", "--game", "rummikub-strict")[1])
    assert "the figure joker_swap, rack here" in strict


def test_every_figure_names_a_rule_of_the_book() -> None:
    book = load_rulebook("rummikub")
    assert {f.name for f in book.figures} == FIGURES
    assert all(f.rule in book.rule_ids() and f.about for f in book.figures)


def test_the_whole_book_shows_every_rule_its_figures_and_the_presets_table() -> None:
    code, out, _ = run("rules", "--game", "rummikub")
    assert code == 0
    assert out.startswith("Rummikub: the rules rummy referees\n===")
    assert headings(out) == [e.id for e in load_rulebook("rummikub").entries]
    assert set(figure_lines(out)) == FIGURES
    table = out[out.index("\nPresets\n-------\n"):]
    assert re.search(r"^  figure +rummikub +rummikub-strict +rummikub-xp$", table, re.MULTILINE)
    assert re.search(r"^  copies +2 +2 +3$", table, re.MULTILINE)
    assert re.search(r"^  joker_swap +any +rack +any$", table, re.MULTILINE)
    too_wide = [line for line in out.splitlines() if len(line) > 79]
    assert not too_wide


def test_the_card_games_are_still_the_books_shown_with_no_game() -> None:
    code, out, _ = run("rules")
    assert code == 0 and not any(h.startswith("K") for h in headings(out))


# --- JSON ---------------------------------------------------------------------------------

def test_json_of_the_book_says_game_rummikub() -> None:
    code, out, _ = run("rules", "--json", "--game", "rummikub")
    doc = json.loads(out)
    assert code == 0
    assert doc["game"] == "rummikub" and doc["preset"] == "rummikub" and doc["ledger"] is None
    assert [r["id"] for r in doc["rules"]] == [e.id for e in load_rulebook("rummikub").entries]
    assert {r["game"] for r in doc["rules"]} == {"rummikub"}
    assert {f["name"] for f in doc["figures"]} == FIGURES


def test_json_of_one_rule_gives_its_text_and_figures() -> None:
    doc = json.loads(run("rules", "K19", "--json")[1])
    assert doc["game"] == "rummikub"
    assert doc["rules"] == [{
        "id": "K19", "rule": "K19", "section": "Scoring a round",
        "title": "What a rack is worth",
        "text": "A rack is worth the numbers on its tiles added up, and a joker left in it "
                "counts 30.", "game": "rummikub"}]
    assert doc["figures"] == [{"name": "joker_points", "value": 30, "book": 30, "rule": "K19",
                               "about": "what a joker left in a rack counts", "house": False,
                               "game": "rummikub"}]


def test_json_figures_of_a_preset_are_its_values() -> None:
    doc = json.loads(run("rules", "--figures", "--json", "--game", "rummikub-xp")[1])
    assert doc["game"] == "rummikub" and doc["preset"] == "rummikub-xp"
    assert "rules" not in doc
    values = {f["name"]: f["value"] for f in doc["figures"]}
    assert values == {f: getattr(PRESETS["rummikub-xp"], f) for f in FIGURES}
    assert values["rounds"] is None and values["target"] == 0


def test_json_of_two_books_names_no_single_game() -> None:
    doc = json.loads(run("rules", "K14", "G10", "--json")[1])
    assert doc["game"] is None and doc["preset"] is None
    assert [r["game"] for r in doc["rules"]][0] == "gin"


# --- a game's house rules -----------------------------------------------------------------

def test_house_rules_of_a_rummikub_game_are_marked() -> None:
    rules = RUMMIKUB.with_house_rules({"ones": "high", "joker_points": "50"}).for_players(3)
    parts = look_up(None, {"rummikub": (rules, "friday.yaml")}, ("rummikub",),
                    standards={"rummikub": standard_rules(rules, 3)})
    lines = figures_parts(parts)
    assert lines[0] == "Rule figures in force in friday.yaml (* a house rule of that game):"
    text = "\n".join(lines)
    assert re.search(r"^  ones += high \* +K7 ", text, re.MULTILINE)
    assert "wrap: runs go round (the rummikub preset: low)" in flat(text)
    assert re.search(r"^  joker_points += 50 \* +K19", text, re.MULTILINE)
    assert re.search(r"^  rounds += 3 +K23", text, re.MULTILINE)  # settled for 3: not marked
    assert text.count(" * ") + text.count(" *\n") == 2


def test_a_rummikub_game_that_plays_another_number_of_rounds_is_marked() -> None:
    rules = RummikubRules(rounds=5)
    parts = look_up("K23", {"rummikub": (rules, "friday.yaml")}, ("rummikub",),
                    standards={"rummikub": standard_rules(rules, 3)})
    assert re.search(r"^  rounds += 5 \* +K23", "\n".join(figures_parts(parts)), re.MULTILINE)
    text = flat(run("rules", "K23")[1])
    assert "set by the figure rounds (one per player here)" in text


def test_a_rummikub_ledger_gives_its_figures_and_marks_its_house_rules() -> None:
    code, _, err = run("new", "Ann", "Ben", "Cy", "--game", "rummikub", "--rule", "ones=high")
    assert code == 0, err
    code, out, _ = run("rules", "--figures")
    assert code == 0
    assert out.startswith("Rule figures in force in rummy-ledger.yaml (* a house rule of "
                          "that game):\n")
    shown = figure_lines(out)
    assert shown["ones"] == "high *" and shown["rounds"] == "3"
    assert out.count("*") == 2
    code, out, _ = run("rules")
    assert out.startswith("Rummikub: the rules rummy referees\n")
    assert "With the figures in force in rummy-ledger.yaml." in out
    doc = json.loads(run("rules", "K7", "--json")[1])
    assert doc["ledger"] == "rummy-ledger.yaml" and doc["figures"][0]["house"] is True


# --- help, cited ids, our own words, the package ------------------------------------------

def test_rules_help_shows_rummikub_examples() -> None:
    code, out, _ = run("rules", "--help")
    assert code == 0
    assert "K1 to K24" in flat(out)
    for line in ("rummy rules K14", "rummy rules joker --game rummikub",
                 "rummy rules --figures --game rummikub-xp"):
        assert line in out


@pytest.mark.parametrize("example", [e for e in examples() if e.command == "rules"
                                     and re.search(r"\bK\d|rummikub", e.line)],
                         ids=lambda e: e.line)
def test_rummikub_help_examples_work_from_an_empty_folder(example: Example,
                                                          tmp_path: Path) -> None:
    proc = run_example(example, [sys.executable, "-m", "rummy_cli"], tmp_path)
    assert passed(example, proc), proc.stderr


def _cited_k_ids() -> set[str]:
    """Every Rummikub rule id in a string of rummy_cli (messages, help, docstrings)."""
    found: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found |= set(CITED_K.findall(node.value))
    return found


def test_every_rummikub_id_cited_in_messages_and_help_can_be_looked_up() -> None:
    cited = _cited_k_ids()
    assert {"K14", "K24"} <= cited
    for rule_id in sorted(cited):
        code, out, err = run("rules", rule_id)
        assert code == 0, (rule_id, err)
        assert rule_id.rstrip("abc") in headings(out), rule_id


_CARD = re.compile(r"\b(?:10|[2-9AJQK])[CDHS]\b")
_TILE = re.compile(r"\b(?:1[0-3]|[1-9])[KBORY]\b|\bJK(?:=\w+)?\b", re.IGNORECASE)


def _six_word_runs(text: str) -> set[tuple[str, ...]]:
    """Every run of six words, cards, tiles and {figures} left out (examples may agree)."""
    text = _TILE.sub(" ", _CARD.sub(" ", re.sub(r"\{\w+\}", " ", text)))
    words = re.findall(r"[a-z]+(?:'[a-z]+)?", text.casefold())
    return {tuple(words[i:i + 6]) for i in range(len(words) - 5)}


@pytest.mark.skipif(not RUMMIKUB_MD.exists(), reason="the Rummikub notes are not on this machine")
def test_the_rummikub_book_copies_no_sentence_of_its_notes() -> None:
    copied = (_six_word_runs(BOOK.read_text(encoding="utf-8"))
              & _six_word_runs(RUMMIKUB_MD.read_text(encoding="utf-8")))
    assert not copied, sorted(" ".join(run) for run in copied)


def test_every_games_book_ships_in_its_own_package_found_with_no_line_of_its_own(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the wheel's packages are found (setup.py) and every .md beside a package's modules is
    # its data (pyproject.toml): a game added under games/ ships with its book, no edit
    # (.ci/release-check builds the wheel and reads G10 and K14 from the installed copy)
    import fnmatch

    # setuptools builds the wheel; a venv of Python 3.12 and later has none until a build
    # asks for it (the release check builds the wheel itself and reads G10 and K14 from it)
    setuptools = pytest.importorskip("setuptools")

    monkeypatch.chdir(ROOT)  # where a build runs setup.py
    found: dict[str, object] = {}
    monkeypatch.setattr(setuptools, "setup", lambda **kwargs: found.update(kwargs))
    exec((ROOT / "setup.py").read_text(encoding="utf-8"), {"__name__": "setup"})
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    data = pyproject[pyproject.index("[tool.setuptools.package-data]"):]
    globs = re.search(r'^"\*" = \[(.*)\]$', data, re.MULTILINE)
    assert globs is not None
    books = sorted(PACKAGE.glob("games/*/rulebook.md"))
    assert {p.parent.name for p in books} == {"manipulation", "gin", "rummikub"}
    assert not (PACKAGE / "rulebook.md").exists()
    packages = found["packages"]
    assert isinstance(packages, list)
    for path in books:
        assert f"rummy_cli.games.{path.parent.name}" in packages
        assert any(fnmatch.fnmatch(path.name, g.strip(' "')) for g in globs.group(1).split(","))
    assert "rummy_cli.games.gin" not in pyproject and "rummy_cli.games.rummikub" not in pyproject


def test_json_preset_is_the_game_option_that_names_it() -> None:
    assert json.loads(run("rules", "R17", "--json")[1])["preset"] == "manipulation"
    assert json.loads(run("rules", "G6", "--json", "--game", "oklahoma")[1])["preset"] == (
        "oklahoma")
