"""The ``rummy`` command through click's CliRunner: exit codes, messages, JSON, files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from clirun import HANG, one_error_line, run, unfolded

from rummy_cli.cli import cli

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


# --- check meld / table -----------------------------------------------------------------

def test_r9_check_meld_legal_run_with_declared_joker() -> None:
    code, out, _ = run("check", "meld", "7H", "JK=8H", "9H")
    assert code == 0
    assert out.startswith("LEGAL run")


def test_r13_check_meld_reports_forced_joker_in_json() -> None:
    code, out, _ = run("check", "meld", "5H JK 7H", "--json")
    doc = json.loads(out)
    assert code == 0
    assert doc == {"legal": True, "kind": "run", "cards": ["5H", "JK=6H", "7H"],
                   "problems": [], "forced": ["6H"]}


def test_r9_check_meld_corner_is_illegal_with_rule() -> None:
    code, out, _ = run("check", "meld", "KC", "AC", "2C", "--json")
    doc = json.loads(out)
    assert code == 1
    assert doc["legal"] is False and doc["kind"] == "run"
    assert doc["problems"][0]["rule"] == "R9"
    assert "corner" in doc["problems"][0]["message"]


def test_r8_check_meld_group_with_two_identical_cards() -> None:
    code, out, _ = run("check", "meld", "8S 8S 8H")
    assert code == 1
    assert "ILLEGAL" in out and "(R8)" in out


def test_r13_check_meld_ambiguous_joker_is_a_problem() -> None:
    code, out, _ = run("check", "meld", "7S 7D JK", "--json")
    doc = json.loads(out)
    assert code == 1
    assert doc["problems"][0]["rule"] == "R13"
    assert "7H or 7C" in doc["problems"][0]["message"]


@pytest.mark.parametrize("token", ["1H", "7X", "JK=", "JK=JK", "Q", "7H=8H"])
def test_check_meld_bad_card_is_one_error_line(token: str) -> None:
    code, out, err = run("check", "meld", "7H", token, "9H")
    assert code == 2 and out == ""
    assert repr(token) in one_error_line(err)


def test_r2_check_meld_more_copies_than_decks_is_unusable() -> None:
    code, _, err = run("check", "meld", "7H 7H 7S", "--decks", "1")
    assert code == 2
    assert "7H appears twice" in one_error_line(err)


def test_r10_check_table_lists_every_meld() -> None:
    code, out, _ = run("check", "table", "7H 8H 9H / QS QH QD JK=QC / 6H 7H 8H 9S", "--json")
    doc = json.loads(out)
    assert code == 1
    assert doc["legal"] is False
    assert [m["legal"] for m in doc["melds"]] == [True, True, False]
    assert doc["melds"][1]["kind"] == "group"
    assert doc["melds"][2]["problems"][0]["rule"] == "R9"


def test_r10_check_table_legal_as_separate_arguments() -> None:
    code, out, _ = run("check", "table", "7H", "8H", "9H", "/", "QS", "QH", "QD")
    assert code == 0
    assert out.startswith("LEGAL table: 2 melds")


def test_check_table_with_suit_symbols_input() -> None:
    code, out, _ = run("check", "table", "7♥ 8♥ 9♥ | Q♠ Q♥ Q♦", "--json")
    assert code == 0
    assert json.loads(out)["melds"][0]["cards"] == ["7H", "8H", "9H"]


# --- check turn -------------------------------------------------------------------------

def write(path: str, text: str) -> str:
    Path(path).write_text(text, encoding="utf-8")
    return path


def test_r14_check_turn_joker_freed_sample_is_legal() -> None:
    code, out, _ = run("check", "turn", str(SAMPLES / "disputes" / "joker-freed.yaml"), "--json")
    doc = json.loads(out)
    assert code == 0
    assert doc["legal"] is True and doc["violations"] == []
    assert doc["played"] == ["10H", "QC"]
    assert doc["hand_after"] == ["5S"] and doc["hand_points"] == 5
    assert doc["may_knock"] is True


def test_r12b_check_turn_from_options_reports_card_removed() -> None:
    code, out, _ = run("check", "turn", "--before", "2S 3S 4S 5S", "--hand", "6S",
                       "--after", "3S 4S 5S 6S")
    assert code == 1
    assert "ILLEGAL turn: 1 problem" in out
    assert "card-removed (R12b): 2S was on the table" in out
    assert "These same cards can be arranged legally:" in out


def test_r14_check_turn_json_codes_and_suggestion() -> None:
    code, out, _ = run("check", "turn", str(SAMPLES / "disputes" / "joker-redeclared.yaml"),
                       "--json")
    doc = json.loads(out)
    assert code == 1
    assert {v["code"] for v in doc["violations"]} == {"joker-changed", "illegal-meld"}
    assert {v["rule"] for v in doc["violations"]} == {"R14", "R7"}
    assert doc["suggestion"] == [["10D", "JD", "JK=QD", "KD"]]
    assert doc["may_knock"] is False


def test_r5_check_turn_third_draw_has_no_suggestion() -> None:
    code, out, _ = run("check", "turn", str(SAMPLES / "disputes" / "third-draw.yaml"), "--json")
    doc = json.loads(out)
    assert code == 1
    assert [v["code"] for v in doc["violations"]] == ["meld-after-third-draw"]
    assert doc["suggestion"] is None


def test_check_turn_reads_json_from_stdin() -> None:
    dispute = {"before": [["JC", "JD", "JH"]], "hand": "JS 3C", "after": ["JC JD JH JS"]}
    code, out, _ = run("check", "turn", "-", "--json", input=json.dumps(dispute))
    doc = json.loads(out)
    assert code == 0 and doc["hand_points"] == 3 and doc["may_knock"] is True


@pytest.mark.parametrize("text, words", [
    ("before: [KC AC]\nhand: 2C\nafter: [KC AC 2C]\n", "not legal"),
    ("before: []\nhand: 7H 7H 7H\nafter: [7H 7H 7H]\n", "7H appears 3 times"),
    ("hand: 7H\nafter: [7H 8H 9H\n", "line"),
    ("- just a list\n", "d.yaml is not a dispute: a dispute file has the lines hand: and after:"),
    ("hand: 7H\n", "'after' is missing"),
    ("hand: 7H\nafter: []\nafer: []\n", "unknown key 'afer'"),
    ("hand: 7H\nafter: []\ndraws: 4\n", "draws must be"),
    ("hand: 1H\nafter: []\n", "'1H' is not a card"),
    ("hand: JK=7H\nafter: [JK=7H 8H 9H]\n", "no declared card"),
])
def test_check_turn_unusable_dispute_is_one_error_line(text: str, words: str) -> None:
    code, out, err = run("check", "turn", write("d.yaml", text))
    assert code == 2 and out == ""
    assert words in one_error_line(err)


def test_check_turn_missing_file_and_missing_options() -> None:
    code, _, err = run("check", "turn", "nope.yaml")
    assert code == 2 and "no such file" in one_error_line(err)
    code, _, err = run("check", "turn", "--hand", "7H")
    assert code == 2 and "give --after (the table the player proposes) too" in one_error_line(err)
    code, _, err = run("check", "turn")
    assert code == 2 and "dispute file" in one_error_line(err)


def test_check_turn_file_and_options_together_refused() -> None:
    path = write("d.yaml", "hand: 7H\nafter: []\n")
    code, _, err = run("check", "turn", path, "--hand", "7H")
    assert code == 2 and "not both" in one_error_line(err)


def test_check_turn_guided_entry_asks_and_reasks() -> None:
    answers = "\n".join(["2S 3S 4S 5S", "2H 2X", "2H 2D", "3S 4S 5S / 2S 2H 2D", "1"]) + "\n"
    code, out, err = run("check", "turn", "--guided", input=answers)
    assert code == 0
    assert "'2X' is not a card" in err
    assert "Cards drawn this turn (1-3) [1]:" in err  # Enter takes the default shown
    assert out.startswith("LEGAL turn.")  # the questions stay off stdout


# --- the ledger commands ----------------------------------------------------------------

def new_game(*names: str, dealer: str = "Ann") -> None:
    code, out, err = run("new", *names, "--dealer", dealer)
    assert code == 0, err


def test_r2_r4_new_says_decks_dealer_and_leader() -> None:
    code, out, _ = run("new", "Ann", "Ben", "Cy", "--dealer", "cy")
    assert code == 0
    assert "Use 2 decks" in out
    assert "Cy deals first; Ann plays first." in out
    assert Path("rummy-ledger.yaml").exists()


def test_r2_r4_new_json() -> None:
    code, out, _ = run("new", "Ann", "Ben", "--dealer", "Ben", "--json")
    assert code == 0
    assert json.loads(out) == {"ledger": "rummy-ledger.yaml", "players": ["Ann", "Ben"],
                               "decks": 1, "hand_size": 10, "first_dealer": "Ben",
                               "first_leader": "Ann", "target": 150, "game": 1,
                               "house_rules": {}}


def test_r3_new_random_dealer_is_repeatable_with_seed(tmp_path: Path) -> None:
    picks = set()
    for i in range(2):
        code, out, _ = run("new", "Ann", "Ben", "Cy", "Dee", "--seed", "7",
                           "--ledger", f"g{i}.yaml")
        assert code == 0
        picks.add(next(line for line in out.splitlines() if "deals first" in line))
    assert len(picks) == 1 and "picked at random" in picks.pop()


@pytest.mark.parametrize("args, words", [
    (["Ann"], "2 to 5 players"),
    (["A", "B", "C", "D", "E", "F"], "2 to 5 players"),
    (["Ann", "ann"], "two players are called"),
    (["Ann", "Ben", "--dealer", "Cy"], "no player called 'Cy'"),
    (["Ann", "--", "-Ben"], "a name starting with '-' would be read as an option"),
])
def test_r1_new_refusals(args: list[str], words: str) -> None:
    code, _, err = run("new", *args)
    assert code == 2
    assert words in one_error_line(err)
    assert not Path("rummy-ledger.yaml").exists()


def test_new_refuses_existing_ledger_and_leaves_it_unchanged() -> None:
    new_game("Ann", "Ben", "Cy", dealer="Cy")
    before = Path("rummy-ledger.yaml").read_bytes()
    code, _, err = run("new", "Kim", "Lee")
    assert code == 2 and "a game is still being played" in one_error_line(err)
    assert Path("rummy-ledger.yaml").read_bytes() == before


def test_r22_round_worked_example_sentence_and_json() -> None:
    new_game("Ann", "Ben", "Cy", dealer="Cy")
    code, out, _ = run("round", "--knock", "Ann", "--points", "Ann=3", "--points", "Ben=2",
                       "--hand", "Cy=KS QS", "--json")
    assert code == 0
    assert json.loads(out) == {
        "round": 1, "dealer": "Cy", "knocker": "Ann",
        "hand_points": {"Ann": 3, "Ben": 2, "Cy": 20}, "winners": ["Ben"],
        "scores": {"Ann": 0, "Ben": 29, "Cy": 0}, "undercut": True, "game_over": False}


def test_r21_round_human_output_says_undercut() -> None:
    new_game("Ann", "Ben", "Cy", dealer="Cy")
    code, out, _ = run("round", "--knock", "Ann", "--points", "Ann=3", "--points", "Ben=2",
                       "--points", "Cy=20")
    assert code == 0
    assert "Ben undercuts Ann: 29 points (19 + 10 undercut bonus)." in out
    assert "Round 2 next: Ann deals, Ben plays first." in out


def test_r23_round_going_out_with_empty_hand() -> None:
    new_game("Ann", "Ben", dealer="Ann")
    code, out, _ = run("round", "--knock", "Ben", "--hand", "Ben=", "--hand", "Ann=KS QS",
                       "--json")
    doc = json.loads(out)
    assert code == 0 and doc["scores"] == {"Ann": 0, "Ben": 45}


LEDGER_REFUSALS = [
    (["--knock", "Ann", "--points", "Ann=6", "--points", "Ben=1", "--points", "Cy=2"],
     "cannot knock with 6 points"),
    (["--knock", "Dan", "--points", "Ann=1", "--points", "Ben=1", "--points", "Cy=2"],
     "no player called 'Dan'"),
    (["--knock", "Ann", "--points", "Ann=1", "--points", "Bne=1", "--points", "Cy=2"],
     "did you mean 'Ben'?"),
    (["--knock", "Ann", "--points", "Ann=1", "--points", "Ben=1"], "no hand given for Cy"),
    (["--knock", "Ann", "--hand", "Ann=1H", "--points", "Ben=1", "--points", "Cy=2"],
     "'1H' is not a card"),
    (["--knock", "Ann", "--points", "Ann=x", "--points", "Ben=1", "--points", "Cy=2"],
     "whole number"),
    (["--knock", "Ann", "--points", "Ann=-3", "--points", "Ben=1", "--points", "Cy=2"],
     "cannot be negative"),
    (["--knock", "Ann", "--points", "Ann=1", "--hand", "Ann=AS", "--points", "Ben=1",
      "--points", "Cy=2"], "more than one"),
    (["--points", "Ann=1", "--points", "Ben=1", "--points", "Cy=2"], "--knock NAME or"),
    (["--knock", "Ann", "--stock-out", "--points", "Ann=1"], "not both"),
    (["--knock", "Ann", "--hand", "Ann", "--points", "Ben=1", "--points", "Cy=2"], "NAME="),
    (["--stock-out", "--hand", "Ann=7H 7H", "--hand", "Ben=7H", "--points", "Cy=2"],
     "7H appears 3 times"),
    (["--knock", "Ann", "--points", "Ann=1", "--hand", "Ben=", "--points", "Cy=2"],
     "Ben has no cards left, so Ben went out"),
    (["--stock-out", "--hand", "Ann=JK=7H", "--points", "Ben=1", "--points", "Cy=2"],
     "a joker in a hand stands for nothing yet; write it JK"),
    (["--stock-out", "--points", "Ann=999999999999", "--points", "Ben=1",
      "--points", "Cy=2"], "is more than all the cards of 2 decks are worth (730)"),
    (["--stock-out", "--points", "Ann=" + "9" * 5000, "--points", "Ben=1",
      "--points", "Cy=2"], "a hand total of 5000 digits is more than all the cards are worth: "
                           "give the points left in the hand"),
    (["--stock-out", "--hand", "Ann=" + "9" * 5000, "--points", "Ben=1",
      "--points", "Cy=2"], "a hand total of 5000 digits is more than all the cards are worth: "
                           "give the points left in the hand"),
    (["--stock-out", "--points", "Ann=1_0", "--points", "Ben=1", "--points", "Cy=2"],
     "the total must be a whole number of points (digits 0-9)"),
    (["--stock-out", "--points", "Ann=\u0663", "--points", "Ben=1", "--points", "Cy=2"],
     "the total must be a whole number of points (digits 0-9)"),
]


@pytest.mark.parametrize("args, words", LEDGER_REFUSALS)
def test_round_refusals_leave_ledger_unchanged(args: list[str], words: str) -> None:
    new_game("Ann", "Ben", "Cy", dealer="Cy")
    before = Path("rummy-ledger.yaml").read_bytes()
    code, out, err = run("round", *args)
    assert code == 2 and out == ""
    assert words in one_error_line(err)
    assert Path("rummy-ledger.yaml").read_bytes() == before


def test_r24_round_after_game_over_is_refused() -> None:
    Path("g.yaml").write_bytes((SAMPLES / "friday-night.yaml").read_bytes())
    before = Path("g.yaml").read_bytes()
    code, _, err = run("round", "--ledger", "g.yaml", "--stock-out", "--points", "Ann=1",
                       "--points", "Ben=2", "--points", "Cy=3", "--points", "Dee=4")
    assert code == 2 and "the game is over" in one_error_line(err)
    assert Path("g.yaml").read_bytes() == before


def test_ledger_in_a_missing_folder_names_the_folder() -> None:
    code, _, err = run("new", "Ann", "Ben", "--ledger", "games/friday.yaml")
    assert code == 2
    assert "there is no folder 'games' to keep the ledger in" in one_error_line(err)
    assert not Path("games").exists()


def test_a_symlinked_ledger_is_written_where_it_points() -> None:
    Path("real").mkdir()
    new_game_at = run("new", "Ann", "Ben", "--dealer", "Ben", "--ledger", "real/g.yaml")
    assert new_game_at[0] == 0
    Path("current.yaml").symlink_to("real/g.yaml")
    code, _, err = run("round", "--ledger", "current.yaml", "--knock", "Ann",
                       "--points", "Ann=3", "--points", "Ben=20")
    assert code == 0, err
    assert Path("current.yaml").is_symlink()
    assert "end: knock Ann" in Path("real/g.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize(("args", "words"), [
    (["--ledger", "folder"], "'folder' is a directory"),
    ([], "folder: is a folder; name a ledger file inside it"),  # from RUMMY_LEDGER
    (["--ledger", ""], "--ledger is empty"),
])
def test_new_with_a_folder_or_empty_ledger_name(args: list[str], words: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    Path("folder").mkdir()
    monkeypatch.setenv("RUMMY_LEDGER", "folder")
    code, _, err = run("new", "Ann", "Ben", *args)
    assert code == 2 and words in one_error_line(err)
    assert not Path("rummy-ledger.yaml").exists()


def test_round_without_ledger_says_how_to_start() -> None:
    code, _, err = run("round", "--stock-out", "--points", "A=1")
    assert code == 2 and "rummy new" in one_error_line(err)


def test_ledger_from_environment_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RUMMY_LEDGER", "env-game.yaml")
    new_game("Ann", "Ben")
    assert Path("env-game.yaml").exists() and not Path("rummy-ledger.yaml").exists()


def test_r25_r26_r27_standings_json_of_finished_sample() -> None:
    code, out, _ = run("standings", "--ledger", str(SAMPLES / "friday-night.yaml"), "--json")
    doc = json.loads(out)
    assert code == 0
    assert doc["game_over"] is True and doc["winners"] == ["Dee"]
    dee = next(p for p in doc["players"] if p["name"] == "Dee")
    assert dee == {"name": "Dee", "points": 170, "rounds_won": 3, "round_bonus": 75,
                   "game_bonus": 100, "total": 345}
    assert doc["next_dealer"] is None and doc["next_leader"] is None
    assert doc["rounds_played"] == 7


def test_standings_in_progress_shows_distance_and_next_dealer() -> None:
    code, out, _ = run("standings", "--ledger",
                       str(SAMPLES / "two-players-in-progress.yaml"))
    assert code == 0
    assert "To 150" in out and "leader" in out
    assert "Round 4 next: Kim deals, Lee plays first." in out


@pytest.mark.parametrize("fmt, marker", [
    ("github", "|--"), ("grid", "+-"), ("html", "<table>"), ("latex", "\\begin{tabular}"),
    ("markdown", "|--"), ("plain", "Dee "),
])
def test_standings_and_history_formats(fmt: str, marker: str) -> None:
    ledger = str(SAMPLES / "friday-night.yaml")
    for command in ("standings", "history"):
        code, out, _ = run(command, "--ledger", ledger, "--format", fmt)
        assert code == 0 and marker in out


def test_unknown_format_is_refused_with_suggestion() -> None:
    code, _, err = run("standings", "--ledger", str(SAMPLES / "friday-night.yaml"),
                       "--format", "gihtub")
    assert code == 2 and "did you mean 'github'" in one_error_line(err).lower()


def test_history_is_a_score_sheet_with_running_totals() -> None:
    code, out, _ = run("history", "--ledger", str(SAMPLES / "friday-night.yaml"))
    assert code == 0
    lines = out.strip().splitlines()
    assert lines[0].split() == ["#", "End", "In", "hand", "Ann", "Ben", "Cy", "Dee"]
    # round 7: Dee knocks; points in hand in seat order (R16); running totals, * the winner
    assert lines[8].split() == ["7", "Dee", "knocks", "11", "19", "14", "2",
                                "96", "59", "60", "170*"]
    assert lines[-1] == "Game over after round 7 (Dee reached 150): Dee wins with 345 points."


@pytest.mark.parametrize(("fmt", "footer"), [
    ("html", "<p>Game over after round 7"), ("latex", "\nGame over after round 7"),
    ("tsv", None), ("jira", "\nGame over after round 7"),
])
def test_r27_the_winner_is_under_the_table_in_every_format(fmt: str, footer: str | None) -> None:
    for command in ("standings", "history"):
        code, out, _ = run(command, "--ledger", str(SAMPLES / "friday-night.yaml"),
                           "--format", fmt)
        assert code == 0
        assert ("Game over" not in out) if footer is None else (footer in out)


def test_history_of_a_new_game_in_html_is_still_html() -> None:
    new_game("Ann", "Ben", dealer="Ann")
    assert run("history")[1] == "No rounds recorded yet.\n"
    code, out, _ = run("history", "--format", "html")
    assert code == 0 and out.startswith("<table>") and "<th>Ann" in out


def test_history_json_lists_rounds() -> None:
    code, out, _ = run("history", "--ledger", str(SAMPLES / "friday-night.yaml"), "--json")
    doc = json.loads(out)
    assert code == 0 and len(doc["rounds"]) == 7
    assert doc["rounds"][2]["knocker"] is None
    assert doc["rounds"][6]["totals"]["Dee"] == 170


def test_undo_takes_back_the_last_round_and_says_so() -> None:
    new_game("Ann", "Ben", "Cy", dealer="Cy")
    run("round", "--knock", "Ann", "--points", "Ann=3", "--points", "Ben=2", "--points", "Cy=20")
    after_one = Path("rummy-ledger.yaml").read_text()
    run("round", "--stock-out", "--points", "Ann=3", "--points", "Ben=2", "--points", "Cy=20")
    code, out, _ = run("undo", "--yes")
    assert code == 0 and out.startswith("Took back round 2: the stock ran out")
    assert Path("rummy-ledger.yaml").read_text() == after_one
    run("undo", "--yes")
    code, _, err = run("undo", "--yes")
    assert code == 2 and "no round to take back" in one_error_line(err)


def test_undo_json_names_the_round_taken_back() -> None:
    new_game("Ann", "Ben", dealer="Ann")
    run("round", "--knock", "Ann", "--points", "Ann=3", "--points", "Ben=12")
    code, out, _ = run("undo", "--yes", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["rounds_played"] == 0
    assert doc["undone"]["round"] == 1 and doc["undone"]["scores"] == {"Ann": 9, "Ben": 0}


def test_undo_prompt_goes_to_stderr_and_no_keeps_the_round(
        monkeypatch: pytest.MonkeyPatch) -> None:
    new_game("Ann", "Ben", dealer="Ann")
    run("round", "--knock", "Ann", "--points", "Ann=3", "--points", "Ben=12")
    before = Path("rummy-ledger.yaml").read_bytes()
    monkeypatch.setattr("rummy_cli.cli.shell.stdin_is_terminal", lambda: True)
    code, out, err = run("undo", input="n\n")
    assert code == 0 and out == ""
    assert "Take back round 1" in err and "Nothing taken back." in err
    assert Path("rummy-ledger.yaml").read_bytes() == before


def test_style_options_work_before_the_command_too() -> None:
    code, out, _ = run("--unicode", "check", "meld", "9H 7H JK")
    assert code == 0 and "7♥ [8♥] 9♥" in out


def test_broken_ledger_is_one_error_line_naming_file_and_line() -> None:
    Path("bad.yaml").write_text("players: [Ann, Ben\nrounds: []\n")
    code, _, err = run("standings", "--ledger", "bad.yaml")
    line = one_error_line(err)
    assert code == 2 and line.startswith("Error: bad.yaml: line ")


def test_malicious_yaml_tag_runs_nothing(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    Path("evil.yaml").write_text(
        f"players: !!python/object/apply:os.system ['touch {marker}']\nrounds: []\n")
    before = Path("evil.yaml").read_bytes()
    for args in (["standings"], ["round", "--stock-out", "--points", "A=1"], ["undo", "--yes"]):
        code, _, err = run(*args, "--ledger", "evil.yaml")
        assert code == 2 and "evil.yaml" in one_error_line(err)
    assert not marker.exists()
    assert Path("evil.yaml").read_bytes() == before


def test_hand_corrected_ledger_is_rescored_with_a_warning() -> None:
    new_game("Ann", "Ben", "Cy", dealer="Cy")
    run("round", "--knock", "Ann", "--hand", "Ann=3C", "--hand", "Ben=2D", "--points", "Cy=20")
    text = Path("rummy-ledger.yaml").read_text().replace("Ben: 2D", "Ben: 4D")
    Path("rummy-ledger.yaml").write_text(text)
    code, out, err = run("standings", "--json")
    assert code == 0
    assert "Warning:" in err and "disagree" in err
    ann = json.loads(out)["players"][0]
    assert ann["points"] == 18  # Ann 3 now beats Ben 4 and Cy 20: (4-3) + (20-3)


# --- guided entry -----------------------------------------------------------------------

def test_round_guided_entry_reasks_and_confirms() -> None:
    new_game("Ann", "Ben", "Cy", dealer="Cy")
    answers = "\n".join(["Bne", "Ann", "QS", "3C", "2D", "20", "y"]) + "\n"
    code, out, err = run("round", "--guided", input=answers)
    assert code == 0
    assert "did you mean 'Ben'?" in err
    assert "cannot knock with 10 points" in err
    assert "Round 1: Ben undercuts Ann: 29 points (19 + 10 undercut bonus)." in err
    assert "Record this round?" in err
    assert "Ann" in out and "150" in out  # the standings after the round
    doc = json.loads(run("standings", "--json")[1])
    assert doc["rounds_played"] == 1


def test_round_guided_with_json_keeps_questions_off_stdout() -> None:
    new_game("Ann", "Ben", dealer="Ann")
    code, out, err = run("round", "--guided", "--json", input="stock\n3C\n2D\ny\n")
    assert code == 0
    assert json.loads(out)["winners"] == ["Ben"]  # stdout is nothing but the JSON
    assert "Who knocked?" in err and "Record this round?" in err


def test_r17_guided_back_changes_the_knocker_after_a_refused_knock() -> None:
    new_game("Ann", "Ben", "Cy", dealer="Cy")
    # Ann did not knock after all: 'back' returns to the first question
    answers = "\n".join(["Ann", "QS", "back", "Ben", "QS", "2D", "20", "y"]) + "\n"
    code, _, err = run("round", "--guided", input=answers)
    assert code == 0
    assert "cannot knock with 10 points" in err
    assert "Try again, or type 'back' to change who knocked." in unfolded(err)
    assert json.loads(run("history", "--json")[1])["rounds"][0]["knocker"] == "Ben"


def test_r17_guided_non_knocker_with_no_cards_is_asked_again() -> None:
    new_game("Ann", "Ben", dealer="Ann")
    code, _, err = run("round", "--guided", input="Ann\n2D\n\nback\nBen\n2D\n\ny\n")
    assert code == 0
    assert "Ben has no cards left, so Ben went out" in err
    assert json.loads(run("history", "--json")[1])["rounds"][0]["knocker"] == "Ben"


def test_round_guided_entry_declined_records_nothing() -> None:
    new_game("Ann", "Ben")
    before = Path("rummy-ledger.yaml").read_bytes()
    code, out, err = run("round", "--guided", input="stock\n3C\n2D\nn\n")
    assert code == 0 and "Nothing recorded." in err and out == ""
    assert Path("rummy-ledger.yaml").read_bytes() == before


def test_r2_guided_too_many_copies_is_asked_again_not_thrown_away() -> None:
    new_game("Ann", "Ben", "Cy", dealer="Cy")
    # a third joker in two decks: Cy's hand is asked again, the hands before it are kept
    answers = "\n".join(["Ben", "JK JK", "2C", "JK 4D", "4D", "y"]) + "\n"
    code, _, err = run("round", "--guided", input=answers)
    assert code == 0
    assert ("With the hands before it, there are 3 jokers, but 2 decks hold only 2. "
            "Try again, or type 'back' to start the round again.") in unfolded(err)
    hands = json.loads(run("history", "--json")[1])["rounds"][0]["hands"]
    assert hands == {"Ann": ["JK", "JK"], "Ben": ["2C"], "Cy": ["4D"]}


def test_new_refuses_a_player_called_stock() -> None:
    for name in ("Stock", "stock-out", "Nobody"):
        code, _, err = run("new", name, "Ben", "--dealer", "Ben")
        assert code == 2 and "it means that the stock ran out" in one_error_line(err)
    assert not Path("rummy-ledger.yaml").exists()
    new_game("S", "Ben", dealer="Ben")  # an initial is a name: 's' at the prompt means S


def test_guided_a_player_called_stock_in_an_edited_ledger_can_knock() -> None:
    new_game("Stok", "Ben", dealer="Ben")
    edited = Path("rummy-ledger.yaml").read_text().replace("Stok", "Stock")
    Path("rummy-ledger.yaml").write_text(edited)  # the name wins over the word 'stock'
    code, out, _ = run("round", "--guided", "--json", input="stock\n2C\n9D\ny\n")
    assert code == 0 and json.loads(out)["knocker"] == "Stock"
    code, out, _ = run("round", "--guided", "--json", input="nobody\n2C\n9D\ny\n")
    assert code == 0 and json.loads(out)["knocker"] is None


def test_guided_confirm_takes_only_yes_or_no() -> None:
    new_game("Ann", "Ben", dealer="Ann")
    code, _, err = run("round", "--guided", input="stock\n3C\n2D\nmaybe\nyes\n")
    assert code == 0
    assert "'maybe': answer y (yes), n (no) or 'back' to change an answer. Try again." in err
    assert "invalid input" not in err


def test_guided_round_does_not_hold_the_lock_while_asking(
        monkeypatch: pytest.MonkeyPatch) -> None:
    new_game("Ann", "Ben", dealer="Ann")

    def meanwhile(question: str) -> bool:
        # another player records a round from another terminal while this one decides
        assert run("round", "--stock-out", "--points", "Ann=9", "--points", "Ben=4")[0] == 0
        return True

    monkeypatch.setattr("rummy_cli.cli.prompts.ask_confirm", meanwhile)
    code, out, err = run("round", "--guided", input="stock\n3C\n2D\n")
    assert code == 2 and out == ""
    assert err.splitlines()[-1].startswith("Error: rummy-ledger.yaml changed while you were "
                                           "answering")
    assert json.loads(run("standings", "--json")[1])["rounds_played"] == 1  # theirs, kept


def test_round_knock_given_twice_is_refused() -> None:
    new_game("Ann", "Ben", dealer="Ann")
    code, _, err = run("round", "--knock", "Ann", "--knock", "Ben", "--points", "Ann=1",
                       "--points", "Ben=9")
    assert code == 2 and "--knock is given 2 times (Ann, Ben)" in one_error_line(err)


def test_r16_a_hand_of_digits_is_a_total() -> None:
    new_game("Ann", "Ben", dealer="Ann")
    code, out, _ = run("round", "--stock-out", "--hand", "Ann=14", "--hand", "Ben=3C", "--json")
    assert code == 0 and json.loads(out)["hand_points"] == {"Ann": 14, "Ben": 3}


def test_r24_round_on_a_finished_game_says_so_before_asking_for_options() -> None:
    Path("g.yaml").write_bytes((SAMPLES / "friday-night.yaml").read_bytes())
    code, _, err = run("round", "--ledger", "g.yaml", input="")
    assert code == 2 and "the game is over" in one_error_line(err)


def test_round_not_on_a_terminal_never_waits() -> None:
    new_game("Ann", "Ben")
    code, _, err = run("round", input="")
    assert code == 2 and "--knock NAME or --stock-out" in one_error_line(err)


# --- the whole command ------------------------------------------------------------------

def test_every_command_has_help_with_an_example() -> None:
    commands = [["check", "meld"], ["check", "table"], ["check", "turn"], ["arrange"],
                ["hint"], ["new"], ["round"], ["standings"], ["history"], ["undo"], ["stats"]]
    for words in commands:
        code, out, _ = run(*words, "--help")
        assert code == 0, words
        assert "Example" in out, words


def test_version_and_mistyped_command() -> None:
    code, out, _ = run("--version")
    assert code == 0 and out.startswith("rummy, version")
    code, _, err = run("stadings")
    assert code == 2 and "Did you mean 'standings'?" in one_error_line(err)


def test_mistyped_check_command_gets_the_same_suggestion() -> None:
    code, _, err = run("check", "mled", "7H")
    assert code == 2 and "no command 'mled'. Did you mean 'meld'?" in one_error_line(err)


@pytest.mark.parametrize("args", [[], ["check"]])
def test_a_group_alone_prints_its_help_not_an_error(args: list[str]) -> None:
    code, out, err = run(*args)
    assert code == 0 and err == ""
    assert out.startswith("Usage: ") and "rummy check meld 7H JK=8H 9H" in out


@pytest.mark.parametrize(("args", "words"), [
    (["check", "meld", ""], "no cards given"),
    (["check", "meld", " , "], "no cards given"),
])
def test_nothing_to_check_is_bad_input(args: list[str], words: str) -> None:
    code, _, err = run(*args)
    assert code == 2 and words in one_error_line(err)


@pytest.mark.parametrize("empty", ["", "empty"])
def test_r10_an_empty_table_is_legal(empty: str) -> None:
    # the notation (docs/terminal.md): an empty table is "" or "empty"; it breaks no rule
    code, out, _ = run("check", "table", empty)
    assert code == 0 and out.strip() == "LEGAL table: it is empty"


def test_unknown_option_is_one_error_line() -> None:
    code, _, err = run("check", "meld", "7H", "--jsn")
    assert code == 2 and "--jsn" in one_error_line(err)


def test_no_color_and_piped_output_use_plain_notation() -> None:
    code, out, _ = run("check", "meld", "7♥ 8♥ 9♥")
    assert code == 0 and "7H 8H 9H" in out and "\x1b[" not in out


def test_unicode_option_shows_symbols_and_joker_in_brackets() -> None:
    code, out, _ = run("check", "meld", "9H 7H JK", "--unicode")
    assert code == 0
    assert "7♥ [8♥] 9♥" in out and "\x1b[" not in out


def complete(words: str, env_ledger: str | None = None) -> list[str]:
    env = {"_RUMMY_COMPLETE": "bash_complete", "COMP_WORDS": words,
           "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1))}
    result = CliRunner().invoke(cli, [], prog_name="rummy", env=env)
    return [line.split(",", 1)[1] for line in result.output.splitlines() if "," in line]


def test_completion_offers_player_names_from_the_ledger() -> None:
    new_game("Ann", "Ben", "Cy", dealer="Cy")
    assert complete("rummy round --knock ") == ["Ann", "Ben", "Cy"]
    assert complete("rummy round --knock b") == ["Ben"]
    assert complete("rummy round --hand ") == ["Ann=", "Ben=", "Cy="]
    assert "standings" in complete("rummy st")


def test_completion_escapes_a_name_with_a_space_for_bash() -> None:
    new_game("Ann", "Ben Smith", dealer="Ann")
    # two backslashes: click's bash script reads the line with 'read', which eats one
    assert complete("rummy round --hand B") == ["Ben\\\\ Smith="]


def test_bash_completion_adds_no_space_after_name_equals() -> None:
    # 'rummy round --hand An<Tab>' must leave 'Ann=' ready for the cards, not 'Ann= '
    result = CliRunner().invoke(cli, [], prog_name="rummy",
                                env={"_RUMMY_COMPLETE": "bash_source"})
    assert "[[ $value == *= ]] && compopt -o nospace" in result.output
    assert "complete -o nosort -F _rummy_completion rummy" in result.output


def test_completion_without_a_ledger_offers_nothing() -> None:
    assert complete("rummy round --points ") == []


# --- found by trying rummy as a new player would -----------------------------------------

def test_r17_a_stock_out_with_two_players_out_is_refused() -> None:
    new_game("Ann", "Ben", "Cy", dealer="Cy")
    before = Path("rummy-ledger.yaml").read_bytes()
    code, _, err = run("round", "--stock-out", "--hand", "Ann=", "--hand", "Ben=",
                       "--hand", "Cy=KS QS")
    assert code == 2 and "only one player can go out" in one_error_line(err)
    code, _, err = run("round", "--stock-out", "--points", "Ann=0", "--points", "Ben=0",
                       "--points", "Cy=4")
    assert code == 2 and "Ann and Ben have no cards left" in one_error_line(err)
    assert Path("rummy-ledger.yaml").read_bytes() == before


def test_r17_guided_second_empty_hand_is_asked_again() -> None:
    new_game("Ann", "Ben", "Cy", dealer="Cy")
    code, out, err = run("round", "--guided", "--json", input="stock\n\ny\n\n4C\n2D\ny\n")
    assert code == 0
    # the message names Ben, whose hand was refused, and Ann, who went out before
    assert ("Ben has no cards left, but Ann already went out: only one player can go out"
            in unfolded(err))
    assert "either" not in err
    assert json.loads(out)["hand_points"] == {"Ann": 0, "Ben": 4, "Cy": 2}


def test_r17_guided_the_refused_empty_hand_is_named_not_the_one_who_went_out() -> None:
    new_game("Ann", "Ben", "Cy", dealer="Cy")
    code, out, err = run("round", "--guided", "--json",
                         input="stock\n4C\n\ny\n\n2D\ny\n")
    assert code == 0
    assert ("Cy has no cards left, but Ben already went out: only one player can go out"
            in unfolded(err))
    assert json.loads(out)["hand_points"] == {"Ann": 4, "Ben": 0, "Cy": 2}


def last_round() -> dict[str, object]:
    """The last round of the ledger, as ``rummy history --json`` shows it."""
    rounds: list[dict[str, object]] = json.loads(run("history", "--json")[1])["rounds"]
    return rounds[-1]


def test_back_keeps_typed_hands_and_changes_one() -> None:
    new_game("Ann", "Ben", "Cy", dealer="Cy")
    answers = ["Ann", "3C", "KS QH 9C", "JK 4D", "back", "Ben", "KS QH 8C", "y"]
    code, out, err = run("round", "--guided", "--json", input="\n".join(answers) + "\n")
    assert code == 0
    assert ("Record this round? [Y/n/back]: back\nAs entered: Ann knocked.\n"
            "  Ann: 3C\n  Ben: KS QH 9C\n  Cy: JK 4D\n"
            "Change which? (a name, 'knock', or Enter for none): Ben\n"
            "Ben's hand: KS QH 8C\nPoints in hand: Ann 3, Ben 28, Cy 29.\n"
            "Round 1: Ann knocked and wins: 51 points.\n") in err
    assert err.count("Ann's hand:") == 1 and err.count("Who knocked?") == 1  # not asked again
    assert json.loads(out)["scores"] == {"Ann": 51, "Ben": 0, "Cy": 0}
    assert last_round()["hands"] == {"Ann": ["3C"], "Ben": ["KS", "QH", "8C"],
                                     "Cy": ["JK", "4D"]}
    assert json.loads(run("standings", "--json")[1])["rounds_played"] == 1


def test_back_changes_how_the_round_ended_and_asks_only_a_hand_that_no_longer_fits() -> None:
    new_game("Ann", "Ben", "Cy", dealer="Cy")
    # Ben knocked, not Ann: the hands stay, but Ben's 20 points cannot knock
    answers = ["Ann", "3C", "KS QS", "4D 2D", "back", "knock", "Ben", "4C", "y"]
    code, _, err = run("round", "--guided", input="\n".join(answers) + "\n")
    assert code == 0
    assert ("Ben's hand: KS QS (kept)\n  Ben cannot knock with 20 points in hand: a knock "
            "needs 5 or fewer (R17). Try\n  again, or type 'back' to choose what to change.\n"
            "Ben's hand: 4C\n") in err  # folded at 80 columns
    assert "Ann's hand: 3C (kept)" not in err and "Cy's hand: 4D 2D (kept)" not in err
    assert "Round 1: Ann undercuts Ben: 14 points (4 + 10 undercut bonus)." in err
    assert last_round()["knocker"] == "Ben"
    assert last_round()["hands"] == {"Ann": ["3C"], "Ben": ["4C"], "Cy": ["4D", "2D"]}


def test_back_then_back_again_changes_nothing() -> None:
    new_game("Ann", "Ben", dealer="Ann")
    # back at the confirmation, Ben chosen, then back: nothing changed; Enter: none to change
    answers = ["stock", "3C", "9D", "back", "Ben", "back", "", "y"]
    code, _, err = run("round", "--guided", input="\n".join(answers) + "\n")
    assert code == 0
    assert "Nothing changed.\nAs entered: the stock ran out.\n" in err
    assert err.count("Record this round?") == 2
    assert last_round()["hands"] == {"Ann": ["3C"], "Ben": ["9D"]}


def test_back_a_changed_hand_is_checked_against_all_the_other_hands() -> None:
    new_game("Ann", "Ben", "Cy", dealer="Cy")
    # Ann's new hand clashes with Cy's, entered after it: the message says 'the other hands'
    answers = ["stock", "3C", "9D", "JK JK", "back", "Ann", "JK", "2C", "y"]
    code, _, err = run("round", "--guided", input="\n".join(answers) + "\n")
    assert code == 0
    assert ("With the other hands, there are 3 jokers, but 2 decks hold only 2. Try again, or "
            "type 'back' to choose what to change.") in unfolded(err)
    assert last_round()["hands"] == {"Ann": ["2C"], "Ben": ["9D"], "Cy": ["JK", "JK"]}


def test_back_to_a_stock_out_confirms_a_kept_empty_hand() -> None:
    new_game("Ann", "Ben", dealer="Ann")
    answers = ["Ann", "", "9D", "back", "knock", "stock", "n", "2C", "y"]
    code, _, err = run("round", "--guided", input="\n".join(answers) + "\n")
    assert code == 0
    assert ("Who knocked? (a name, or 'stock' if the stock ran out): stock\n"
            "Ann went out? [y/N]: n\nAnn's hand: 2C\n") in err
    assert last_round()["knocker"] is None
    assert last_round()["hands"] == {"Ann": ["2C"], "Ben": ["9D"]}


def test_unique_prefix_names_player() -> None:
    new_game("Ann", "Abe", "Ben", dealer="Ann")
    answers = ["be", "KS 9C", "2D 2C", "1", "back", "an", "KS 8C", "y"]
    code, _, err = run("round", "--guided", input="\n".join(answers) + "\n")
    assert code == 0 and "could be" not in err
    assert last_round()["knocker"] == "Ben"
    assert last_round()["hands"] == {"Ann": ["KS", "8C"], "Abe": ["2D", "2C"], "Ben": 1}
    # the options take the start of a name too
    code, out, err = run("round", "--knock", "AB", "--hand", "an=3C", "--hand", "ab=2D",
                         "--points", "b=12", "--json")
    assert code == 0, err
    assert json.loads(out)["knocker"] == "Abe"
    assert json.loads(out)["hand_points"] == {"Ann": 3, "Abe": 2, "Ben": 12}


def test_change_which_takes_b_for_a_player_not_for_back() -> None:
    new_game("Ann", "Ben", dealer="Ann")
    code, _, err = run("round", "--guided", input="stock\n3C\n9D\nback\nb\n8D\ny\n")
    assert code == 0 and "could be" not in err
    assert last_round()["hands"] == {"Ann": ["3C"], "Ben": ["8D"]}


def test_a_whole_name_wins_over_a_longer_name_it_starts() -> None:
    new_game("Ann", "Anna", dealer="Ann")
    code, out, _ = run("round", "--guided", "--json", input="ann\n3C\n9D\ny\n")
    assert code == 0 and json.loads(out)["knocker"] == "Ann"


def test_ambiguous_prefix_is_refused_with_candidates() -> None:
    new_game("Ann", "Abe", "Ben", dealer="Ann")
    code, _, err = run("round", "--guided", input="A\nann\n3C\n9D\nKS\ny\n")
    assert code == 0
    assert "  'A' could be Ann or Abe: type more. Try again.\n" in err
    assert last_round()["knocker"] == "Ann"
    before = Path("rummy-ledger.yaml").read_bytes()
    code, _, err = run("round", "--knock", "a", "--points", "Ann=1", "--points", "Abe=9",
                       "--points", "Ben=9")
    assert code == 2 and one_error_line(err) == "Error: 'a' could be Ann or Abe: type more"
    code, _, err = run("round", "--knock", "Ann", "--points", "an=1", "--points", "Ann=9",
                       "--points", "Ben=9")
    assert code == 2 and one_error_line(err) == "Error: Ann's hand was given twice"
    assert Path("rummy-ledger.yaml").read_bytes() == before


def test_a_stock_word_that_starts_a_name_is_asked_to_be_made_clear() -> None:
    new_game("Sam", "Ben", dealer="Sam")
    code, out, err = run("round", "--guided", "--json", input="s\nstock\n3C\n2D\ny\n")
    assert code == 0
    assert "  's' could be Sam or 'stock': type more. Try again." in err
    assert json.loads(out)["knocker"] is None


def test_stock_out_empty_hand_is_confirmed() -> None:
    new_game("Ann", "Ben", "Cy", dealer="Cy")
    code, out, err = run("round", "--guided", "--json", input="stock\n\ny\n4C\n2D\ny\n")
    assert code == 0
    assert "Ann's hand: \nAnn went out? [y/N]: y\nBen's hand: 4C\n" in err
    doc = json.loads(out)
    assert doc["hand_points"] == {"Ann": 0, "Ben": 4, "Cy": 2}
    assert doc["scores"] == {"Ann": 31, "Ben": 0, "Cy": 0}  # 4 + 2 + 25 going-out bonus
    assert last_round()["knocker"] is None
    assert last_round()["hands"] == {"Ann": [], "Ben": ["4C"], "Cy": ["2D"]}


def test_stock_out_empty_hand_no_asks_again() -> None:
    new_game("Ann", "Ben", "Cy", dealer="Cy")
    # a total of 0 is confirmed as well; Enter at the question is no
    answers = ["stock", "0", "", "", "n", "5C", "4C", "2D", "y"]
    code, out, err = run("round", "--guided", "--json", input="\n".join(answers) + "\n")
    assert code == 0
    assert err.count("Ann went out? [y/N]: ") == 2 and err.count("Ann's hand: ") == 3
    assert "going-out" not in err
    assert json.loads(out)["scores"] == {"Ann": 0, "Ben": 0, "Cy": 5}  # (5-2) + (4-2)
    assert last_round()["hands"] == {"Ann": ["5C"], "Ben": ["4C"], "Cy": ["2D"]}


def test_an_empty_hand_is_not_confirmed_in_a_knock_or_when_given() -> None:
    new_game("Ann", "Ben", dealer="Ann")
    code, _, err = run("round", "--guided", input="Ann\n\n9D\ny\n")
    assert code == 0 and "went out?" not in err  # the knocker went out: that is the knock
    code, _, err = run("round", "--guided", "--stock-out", "--hand", "Ben=", input="9D\ny\n")
    assert code == 0 and "went out?" not in err  # said on purpose with --hand Ben=
    assert last_round()["hands"] == {"Ann": ["9D"], "Ben": []}


def test_guided_uses_the_hands_given_as_options_and_asks_the_rest() -> None:
    new_game("Ann", "Ben", "Cy", dealer="Ann")
    code, out, err = run("round", "--guided", "--knock", "Ann", "--hand", "Ann=3C",
                         "--points", "Cy=1X", "--json", input="2D\n14\ny\n")
    assert code == 2  # a --points that is not a number is a usage error, before any question
    code, out, err = run("round", "--guided", "--knock", "Ann", "--hand", "Ann=3C",
                         "--hand", "Cy=1X", "--json", input="2D\n14\ny\n")
    assert code == 0
    assert "Ann's hand: 3C (given)" in err
    assert "Cy's hand: 1X (given)\n  Cy's hand: '1X' is not a card" in err
    assert json.loads(out)["hand_points"] == {"Ann": 3, "Ben": 2, "Cy": 14}


def test_guided_knocker_question_knows_stock_and_back() -> None:
    new_game("Ann", "Ben", dealer="Ann")
    code, out, err = run("round", "--guided", "--json", input="stok\nback\nstock\n3C\n2D\ny\n")
    assert code == 0
    assert "'stok' is not a player of this game (Ann, Ben): did you mean 'stock'?" in err
    assert "This is the round's first question" in err
    assert json.loads(out)["knocker"] is None


def test_check_turn_guided_checks_each_answer_at_once_and_goes_back() -> None:
    answers = ["7H 8H 9H / QS QH", "7H 8H 9H / QS QH QD", "10H JK=7C", "7H 7H 10H", "back",
               "7S 8S 9S", "10S", "7S 8S 9S 10S", ""]
    code, out, err = run("check", "turn", "--guided", input="\n".join(answers) + "\n")
    assert code == 0 and out.startswith("LEGAL turn.")
    assert "The table before the turn is not legal: meld 2 (QS QH)" in err
    assert "JK=7C is in the hand" in err
    assert "7H appears 3 times, but 2 decks hold only 2" in unfolded(err)
    assert "Back to the table before the turn." in err


def test_check_turn_guided_and_a_file_together_refused() -> None:
    path = write("d.yaml", "hand: 7H\nafter: []\n")
    code, _, err = run("check", "turn", path, "--guided")
    assert code == 2 and "not both" in one_error_line(err)


def test_a_dispute_with_an_empty_meld_is_bad_input() -> None:
    path = write("d.yaml", "before: [7H 8H 9H]\nhand: 10H\nafter: [7H 8H 9H 10H, '']\n")
    code, _, err = run("check", "turn", path)
    assert code == 2 and "after, meld 2 is empty" in one_error_line(err)


def test_ctrl_d_says_the_input_ended_and_nothing_changed_only_where_a_command_writes() -> None:
    code, _, err = run("check", "turn", "--guided", input="")
    assert code == 2 and err.strip().splitlines()[-1] == (
        "Error: the input ended at 'Table before the turn (Enter if empty)': every question "
        "needs an answer, one a line")
    new_game("Ann", "Ben", dealer="Ann")
    code, _, err = run("round", "--guided", input="")
    assert code == 2 and err.strip().splitlines()[-1].endswith(
        "every question needs an answer, one a line; nothing was changed")


def test_a_refused_round_prints_only_its_error_not_the_ledgers_warnings() -> None:
    new_game("Ann", "Ben", dealer="Ann")
    assert run("round", "--knock", "Ann", "--points", "Ann=1", "--points", "Ben=9")[0] == 0
    path = Path("rummy-ledger.yaml")
    edited = path.read_text().replace("scores: {Ann: 8,", "scores: {Ann: 99,")
    assert "Ann: 99" in edited
    path.write_text(edited)
    code, _, err = run("round", "--knock", "Ann", "--points", "Ann=9", "--points", "Ben=9")
    assert code == 2 and "cannot knock with 9 points" in one_error_line(err)
    code, _, err = run("standings")
    assert code == 0 and err.startswith("Warning: ") and "disagree" in err


def test_a_round_without_a_ledger_leaves_no_lock_file_behind() -> None:
    code, _, err = run("round", "--stock-out", "--points", "A=1", "--points", "B=2")
    assert code == 2 and "no such ledger" in one_error_line(err)
    assert list(Path(".").iterdir()) == []


@pytest.mark.parametrize("wait", ["abc", "-5", "nan"])
def test_a_bad_lock_wait_is_refused(monkeypatch: pytest.MonkeyPatch, wait: str) -> None:
    new_game("Ann", "Ben", dealer="Ann")
    monkeypatch.setenv("RUMMY_LOCK_WAIT", wait)
    code, _, err = run("round", "--stock-out", "--points", "Ann=1", "--points", "Ben=2")
    assert code == 2 and f"RUMMY_LOCK_WAIT={wait!r}" in one_error_line(err)


def test_a_file_without_end_is_refused_not_read_forever() -> None:
    zero = Path("/dev/zero")
    if not zero.exists():
        pytest.skip("no /dev/zero here")
    code, _, err = run("standings", "--ledger", str(zero))
    assert code == 2 and "it is a device, not a file" in one_error_line(err)
    code, _, err = run("check", "turn", str(zero))
    assert code == 2 and "it is a device, not a file" in one_error_line(err)


def test_latex_footer_is_escaped_like_the_table() -> None:
    new_game("Bo&Co", "C_%#", dealer="Bo&Co")
    code, out, _ = run("standings", "--format", "latex")
    assert code == 0
    assert out.rstrip().splitlines()[-1] == (
        r"Round 1 next: Bo\&Co deals, C\_\%\# plays first. First to 150 ends the game.")


def test_unicode_shows_the_cards_in_the_referees_sentences_too() -> None:
    code, out, _ = run("check", "table", "6H 7H 8H 9S", "--unicode")
    assert code == 1 and "9♠ is a spade in a hearts run" in " ".join(out.split())
    assert "9S" not in out
    code, out, _ = run("check", "meld", "5H JK 7H", "--unicode")
    assert out.strip() == "LEGAL run   5♥ [6♥] 7♥  (the joker stands for 6♥)"


def test_ascii_and_unicode_together_are_refused() -> None:
    code, _, err = run("check", "meld", "7H", "8H", "9H", "--ascii", "--unicode")
    assert code == 2 and "--ascii and --unicode" in one_error_line(err)


def test_an_empty_no_color_does_not_turn_colour_off(monkeypatch: pytest.MonkeyPatch) -> None:
    from rummy_cli.render import choose_style

    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setenv("NO_COLOR", "")
    assert choose_style().color
    monkeypatch.setenv("NO_COLOR", "1")
    assert not choose_style().color


def test_r2_decks_advice_only_when_two_decks_would_hold_the_cards() -> None:
    code, _, err = run("check", "meld", "7H", "7H", "7S", "--decks", "1")
    assert code == 2 and one_error_line(err).endswith("(use --decks 2)")
    code, _, err = run("check", "meld", "JK=7H", "JK=8H", "JK=9H", "--decks", "1")
    assert code == 2 and "--decks 2" not in one_error_line(err)


def test_a_usage_error_points_to_the_commands_own_help() -> None:
    code, _, err = run("round", "--knock")
    assert code == 2 and one_error_line(err).endswith("(see 'rummy round --help')")


def _run_with_stdout(args: list[str], stdout: object) -> tuple[int, str]:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "rummy_cli", *args], stdout=stdout,
                          stderr=subprocess.PIPE, text=True, timeout=HANG)
    return done.returncode, done.stderr


@pytest.mark.parametrize("meld, verdict", [("7H 8H 9H", 0), ("7H 8H 9S", 1)])
def test_a_closed_pipe_keeps_the_verdicts_exit_code(meld: str, verdict: int) -> None:
    import os

    read_end, write_end = os.pipe()
    os.close(read_end)  # 'rummy check meld ... | true': nobody reads the verdict
    with os.fdopen(write_end, "w") as closed:
        code, err = _run_with_stdout(["check", "meld", meld], closed)
    assert (code, err) == (verdict, "")


def test_a_full_disk_under_the_output_is_one_error_line() -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    with open("/dev/full", "w") as full:
        code, err = _run_with_stdout(["check", "meld", "7H", "8H", "9H"], full)
    assert code == 2
    assert one_error_line(err) == "Error: cannot write the output: No space left on device"


@pytest.mark.parametrize(("draws", "may_knock", "said"), [
    ("1", False, "Draw again (R5)."), ("3", True, "Your turn is over: you may knock.")])
def test_r5_r17_hint_with_no_play_may_knock_only_after_the_third_draw(
        draws: str, may_knock: bool, said: str) -> None:
    args = ["hint", "--table", "7H 8H 9H", "--hand", "2C 3D", "--draws", draws]
    code, out, _ = run(*args, "--json")
    assert code == 1 and json.loads(out)["may_knock"] is may_knock
    code, out, _ = run(*args)
    assert code == 1 and out.rstrip().endswith(said)


def test_r5_check_turn_without_a_meld_says_the_turn_goes_on() -> None:
    code, out, _ = run("check", "turn", "--before", "7H 8H 9H", "--hand", "2C 3D",
                       "--after", "7H 8H 9H")
    assert code == 0 and "the player draws again (R5)" in out and "may knock (" not in out


def test_guided_a_given_hand_survives_back_and_keeps_the_back_hint() -> None:
    new_game("Ann", "Ben", "Cy", dealer="Ann")
    code, out, err = run("round", "--guided", "--knock", "Ann", "--hand", "Ann=6S 5S",
                         "--points", "Cy=20", "--json", input="back\nBen\n2D\ny\n")
    assert code == 0
    assert "Ann cannot knock with 11 points" in err
    assert "type 'back' to start the round again" in err
    assert err.count("Ann's hand: 6S 5S (given)") == 2  # still given after 'back'
    assert "Cy's hand: 20 (given)" in err and "Cy's hand [" not in err
    doc = json.loads(out)
    assert doc["knocker"] == "Ben" and doc["hand_points"] == {"Ann": 11, "Ben": 2, "Cy": 20}


def test_guided_a_wrong_knock_option_is_one_error_line() -> None:
    new_game("Ann", "Ben", dealer="Ann")
    code, _, err = run("round", "--guided", "--knock", "Bne", input="")
    assert code == 2 and "did you mean 'Ben'?" in one_error_line(err)


def test_guided_two_out_is_said_as_such_even_after_the_knocker() -> None:
    new_game("Ann", "Ben", "Cy", dealer="Ann")
    code, _, err = run("round", "--guided", input="Ann\n\n\n3C\n9D\ny\n")
    assert code == 0
    assert ("Ben has no cards left, but Ann already went out: only one player can go out"
            in unfolded(err))
    assert "not Ann" not in err


def test_guided_header_is_said_once_even_after_back_at_the_confirmation() -> None:
    new_game("Ann", "Ben", dealer="Ann")
    code, _, err = run("round", "--guided", input="stock\n3C\n2D\nback\nknock\nstock\ny\n")
    assert code == 0 and err.count("Round 1 (Ann dealt). Players") == 1


def test_check_turn_guided_uses_draws_given_as_an_option() -> None:
    code, out, err = run("check", "turn", "--guided", "--draws", "3",
                         input="\n7H 8H 9H\n7H 8H 9H\n")
    assert code == 1 and "Cards drawn" not in err  # not asked: the option said 3
    assert "meld-after-third-draw" in out
    code, out, err = run("check", "turn", "--guided", "--draws", "2",
                         input="\n7H 8H 9H\n7H 8H 9H\n")
    assert code == 0 and out.startswith("LEGAL turn.")


def test_check_turn_guided_enter_at_the_proposed_table_is_the_empty_table() -> None:
    code, out, _ = run("check", "turn", "--guided", input="\n7H\n\n\n")
    assert code == 0 and out.startswith("LEGAL turn: the player did not meld.")


@pytest.mark.parametrize("typed", ["²", "١٢"])
def test_r16_digits_that_are_not_0_to_9_are_not_a_total(typed: str) -> None:
    new_game("Ann", "Ben", dealer="Ann")
    code, _, err = run("round", "--stock-out", "--hand", f"Ann={typed}", "--points", "Ben=3")
    assert code == 2 and "is not a card" in one_error_line(err)
    code, _, err = run("round", "--guided", input=f"stock\n{typed}\n3C\n2D\ny\n")
    assert code == 0 and "is not a card" in err


def test_unicode_keeps_what_to_type_in_the_notation() -> None:
    code, out, _ = run("check", "meld", "7S", "7D", "JK", "--unicode")
    assert code == 1 and "declare it, e.g. JK=7H" in unfolded(out)


def _run_with_stdout_closed(*args: str) -> tuple[int, str]:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "rummy_cli", *args],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          timeout=HANG, preexec_fn=lambda: __import__("os").close(1))
    return done.returncode, done.stderr


@pytest.mark.parametrize("args", [("check", "meld", "7H", "8H", "9S"), ("standings",),
                                  ("history",)])
def test_a_closed_stdout_loses_no_output_silently(args: tuple[str, ...]) -> None:
    new_game("Ann", "Ben", dealer="Ann")  # 'rummy standings >&-': as on a full disk
    code, err = _run_with_stdout_closed(*args)
    assert code == 2
    assert one_error_line(err) == "Error: cannot write the output: standard output is closed"


def test_a_round_recorded_with_stdout_closed_says_it_is_kept() -> None:
    new_game("Ann", "Ben", dealer="Ann")
    code, err = _run_with_stdout_closed("round", "--stock-out", "--points", "Ann=1",
                                        "--points", "Ben=2")
    assert code == 0
    assert err.strip() == ("Warning: the ledger was written, but the output could not be: "
                           "standard output is closed")
    assert json.loads(run("standings", "--json")[1])["rounds_played"] == 1


def test_a_closed_stdin_reads_as_an_empty_input_not_a_bug() -> None:
    # 'rummy round --guided <&-': the questions end as with '< /dev/null', in one line
    import subprocess
    import sys

    new_game("Ann", "Ben", dealer="Ann")
    before = Path("rummy-ledger.yaml").read_bytes()
    done = subprocess.run([sys.executable, "-m", "rummy_cli", "round", "--guided"],
                          capture_output=True, text=True, timeout=HANG,
                          preexec_fn=lambda: __import__("os").close(0))
    assert done.returncode == 2 and done.stderr.startswith("Round 1 (Ann dealt).")
    assert done.stderr.splitlines()[-1].startswith("Error: the input ended at 'Who knocked?")
    assert Path("rummy-ledger.yaml").read_bytes() == before


def test_a_round_recorded_under_a_full_disk_is_not_called_nothing_done() -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    new_game("Ann", "Ben", dealer="Ann")
    with open("/dev/full", "w") as full:
        code, err = _run_with_stdout(["round", "--stock-out", "--points", "Ann=1",
                                      "--points", "Ben=2"], full)
    assert code == 0
    assert err.strip() == ("Warning: the ledger was written, but the output could not be: "
                           "No space left on device")
    assert json.loads(run("standings", "--json")[1])["rounds_played"] == 1


def test_a_dispute_from_a_closed_stdin_is_one_error_line() -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "rummy_cli", "check", "turn", "-"],
                          capture_output=True, text=True, timeout=HANG,
                          preexec_fn=lambda: __import__("os").close(0))
    assert done.returncode == 2
    assert one_error_line(done.stderr).startswith("Error: standard input is closed")


def test_hint_takes_the_table_as_before_too_as_check_turn_does() -> None:
    code, by_table, _ = run("hint", "--table", "7H 8H 9H", "--hand", "10H JH 2C")
    assert code == 0 and "10H" in by_table
    assert run("hint", "--before", "7H 8H 9H", "--hand", "10H JH 2C") == (0, by_table, "")
