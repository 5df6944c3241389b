"""Rummikub's scorekeeper through the command line (K17-K24 and the ledger contract): real
files in a temp folder, what a user sees, and every refusal leaving the file untouched."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from clirun import ok, one_error_line, run, unfolded
from hypothesis import given, settings
from hypothesis import strategies as st

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "rummikub-night.yaml"
LEDGER = Path("rummy-ledger.yaml")


def _new(*names: str, game: str = "rummikub", extra: tuple[str, ...] = ()) -> str:
    return ok("new", *(names or ("Ann", "Ben", "Cy")), "--game", game, "--first",
              (names or ("Ann",))[0], *extra)


def _e12() -> None:
    _new()
    ok("round", "--out", "Ann", "--points", "Ben=14", "--rack", "Cy=JK 11B")
    ok("round", "--out", "Cy", "--points", "Ann=9", "--points", "Ben=22")
    ok("round", "--pool-out", "--points", "Ann=6", "--points", "Ben=9", "--points", "Cy=4")


# --- new --------------------------------------------------------------------------------

def test_new_says_the_tiles_who_plays_first_and_how_the_game_ends() -> None:
    out = unfolded(_new())
    assert "New game of Rummikub in rummy-ledger.yaml: Ann, Ben, Cy" in out
    assert "Use the 106 tiles; each player takes 14." in out
    assert "Ann plays first. The game: 3 rounds; the highest total wins." in out
    text = LEDGER.read_text(encoding="utf-8")
    assert "- game: rummikub\n" in text and "    rounds: 3\n" in text


def test_new_json_as_the_contract() -> None:
    doc = json.loads(ok("new", "Ann", "Ben", "Cy", "Dee", "Eve", "--game", "rummikub-xp",
                        "--seed", "4", "--target", "100", "--json"))
    assert doc["tiles"] == 160 and doc["hand_size"] == 14 and doc["rounds"] == 5
    assert doc["first_dealer"] is None and doc["first_leader"] in doc["players"]
    assert (doc["target"], doc["kind"], doc["house_rules"]) == (100, "rummikub-xp",
                                                                {"target": 100})


def test_new_seed_makes_the_first_player_repeatable() -> None:
    first = [json.loads(ok("new", "Ann", "Ben", "Cy", "--game", "rummikub", "--seed", "7",
                           "--ledger", f"{n}.yaml", "--json"))["first_leader"]
             for n in range(2)]
    assert first[0] == first[1]


@pytest.mark.parametrize(("args", "message"), [
    (("Ann", "Ben", "Cy", "Dee", "Eve", "--game", "rummikub"), "2 to 4 players, not 5"),
    (("A1", "A2", "A3", "A4", "A5", "A6", "A7", "--game", "rummikub-xp"), "not 7"),
    (("Ann", "--game", "rummikub"), "not 1"),
    (("Ann", "ann", "--game", "rummikub"), "two players are called"),
    (("Ann", "Ben", "--game", "rummikub", "--rule", "rounds=0"), "rounds=N or target=N"),
    (("Ann", "Ben", "--game", "rummikub", "--dealer", "Ann"), "Rummikub has no dealer"),
    (("Ann", "Ben", "--game", "rummikub", "--knock-limit", "7"),
     "--knock-limit does not apply to Rummikub"),
    (("Ann", "Ben", "--game", "rummikub", "--rule", "knock_limit=7"),
     "no Rummikub rule 'knock_limit'"),  # the name the player typed
    (("Ann", "Ben", "--game", "rummikub", "--hollywood"),
     "--hollywood scores a Gin game: add --game gin, classic or oklahoma"),
    (("Ann", "Ben", "--game", "rummikub", "--dealer", "Ann"),
     "--dealer does not apply to Rummikub"),
    (("Ann", "Ben", "--rounds", "3"), "--rounds is for Rummikub"),
    (("Ann", "Ben", "--game", "gin", "--first", "Ann"), "--first is for Rummikub"),
    (("Ann", "Ben", "--game", "gin", "--rounds", "3"), "--rounds is for Rummikub"),
    (("Ann", "Ben", "--game", "rummikub", "--rule", "ones=sideways"), "low, high, wrap"),
    (("Ann", "Ben", "--first", "Ann"), "--first is for Rummikub"),
    (("Ann", "Ben", "--game", "rummikub", "--first", "Zed"), "Zed"),
])
def test_new_refusals(args: tuple[str, ...], message: str) -> None:
    code, _, err = run("new", *args)
    assert code == 2 and message in one_error_line(err)
    assert not LEDGER.exists()


def test_new_xp_seats_six() -> None:
    doc = json.loads(ok("new", *"ABCDEF", "--game", "rummikub-xp", "--first", "A", "--json"))
    assert doc["rounds"] == 6 and doc["first_leader"] == "A"


# --- round ------------------------------------------------------------------------------

def test_k20_e10_round_json() -> None:
    _new("Ann", "Ben", "Cy", "Dee")
    doc = json.loads(ok("round", "--out", "Ann", "--rack", "Ben=JK 5R 12B", "--rack",
                        "Cy=3K 3B", "--rack", "Dee=13O 11O 2R 9K", "--json"))
    assert doc == {"round": 1, "first": "Ann", "end": "out", "out": "Ann",
                   "rack_points": {"Ann": 0, "Ben": 47, "Cy": 6, "Dee": 35},
                   "winners": ["Ann"], "scores": {"Ann": 88, "Ben": -47, "Cy": -6, "Dee": -35},
                   "remainder": 0, "game_over": False}


def test_k21_e11_tie_round_text_and_remainder() -> None:
    _new("Ann", "Ben", "Cy", "Dee")
    out = unfolded(ok("round", "--pool-out", "--rack", "Ann=7R", "--points", "Ben=7",
                      "--rack", "Cy=JK 1O", "--rack", "Dee=4K 4R 12O"))
    assert ("Round 1 (Ann played first): the pool ran out; Ann and Ben tie with the lowest "
            "racks (7) and score 18 each (1 not scored): Cy -24, Dee -13.") in out
    assert "remainder: 1" in LEDGER.read_text(encoding="utf-8")


def test_round_aliases_hand_and_stock_out() -> None:
    _new("Ann", "Ben", "Cy", "Dee")
    doc = json.loads(ok("round", "--stock-out", "--hand", "Ann=2K 10R", "--hand", "Ben=7B",
                        "--hand", "Cy=JK 1O", "--points", "Dee=20", "--json"))
    assert doc["scores"] == {"Ann": -5, "Ben": 42, "Cy": -24, "Dee": -13}


def test_round_first_is_recorded_and_proposed() -> None:
    _new()
    assert json.loads(ok("round", "--out", "Ben", "--points", "Ann=3", "--points", "Cy=4",
                         "--first", "Cy", "--json"))["first"] == "Cy"
    doc = json.loads(ok("standings", "--json"))
    assert doc["next_leader"] == "Ann"  # left of Cy


@pytest.mark.parametrize(("args", "message"), [
    (("--knock", "Ann", "--points", "Ben=3", "--points", "Cy=4"), "--out NAME"),
    (("--out", "Ann"), "no rack given for Ben and Cy"),
    (("--out", "Ann", "--points", "Ben=3"), "no rack given for Cy"),
    (("--out", "Zed", "--points", "Ben=3", "--points", "Cy=4"), "Zed"),
    (("--out", "Ann", "--rack", "Ben=7Q", "--points", "Cy=4"), "'7Q'"),
    (("--out", "Ann", "--rack", "Ben=7R 7R", "--rack", "Cy=7R"), "7R appears 3 times"),
    (("--out", "Ann", "--points", "Ben=789", "--points", "Cy=4"), "788"),
    (("--out", "Ann", "--rack", "Ann=5R", "--points", "Ben=3", "--points", "Cy=4"),
     "Ann's rack is empty"),
    (("--out", "Ann", "--rack", "Ben=", "--points", "Cy=4"), "Ben's rack is empty too"),
    (("--pool-out", "--points", "Ann=0", "--points", "Ben=3", "--points", "Cy=4"),
     "record it with --out Ann"),
    (("--out", "Ann", "--rack", "Ben=JK=5R", "--points", "Cy=4"), "write it JK"),
    (("--out", "Ann", "--pool-out", "--points", "Ben=3", "--points", "Cy=4"), "not both"),
    (("--out", "Ann", "--out", "Ben", "--points", "Cy=4"), "one player goes out"),
    (("--points", "Ann=3", "--points", "Ben=3", "--points", "Cy=4"), "--out NAME or"),
    (("--out", "Ann", "--points", "Ben=-3", "--points", "Cy=4"), "negative"),
    (("--out", "Ann", "--points", "Ben=3", "--points", "ben=4", "--points", "Cy=1"),
     "has more than one --rack/--points"),
    (("--out", "Ann", "--points", "Ben=5", "--points", "Ben=6", "--points", "Cy=5"),
     "Ben has more than one --rack/--points: give one per player"),
    (("--out", "Ann", "--rack", "Ben=5R", "--points", "Ben=6", "--points", "Cy=5"),
     "has more than one --rack/--points"),
    (("--out", "Ann", "--upcard", "7S", "--points", "Ben=3", "--points", "Cy=4"),
     "--upcard is for a Gin game"),
])
def test_round_refusals_leave_the_ledger_untouched(args: tuple[str, ...], message: str) -> None:
    _new()
    ok("round", "--out", "Ben", "--points", "Ann=3", "--points", "Cy=4")
    before = LEDGER.read_bytes()
    code, out, err = run("round", *args)
    assert code == 2 and message in one_error_line(err), err
    assert LEDGER.read_bytes() == before and out == ""


def test_k23_no_round_after_the_game_is_over() -> None:
    _e12()
    before = LEDGER.read_bytes()
    code, _, err = run("round", "--out", "Ann", "--points", "Ben=1", "--points", "Cy=1")
    assert code == 2 and "the game is over" in one_error_line(err)
    assert LEDGER.read_bytes() == before


def test_manipulation_refuses_rummikub_options() -> None:
    ok("new", "Ann", "Ben", "--dealer", "Ann")
    before = LEDGER.read_bytes()
    code, _, err = run("round", "--out", "Ann", "--points", "Ben=3")
    assert code == 2 and "--out is for Rummikub" in one_error_line(err)
    assert LEDGER.read_bytes() == before


# --- standings, history -----------------------------------------------------------------

def test_standings_json_e12() -> None:
    _e12()
    doc = json.loads(ok("standings", "--json"))
    assert [(p["name"], p["points"], p["rounds_won"], p["total"]) for p in doc["players"]] == [
        ("Ann", 44, 1, 44), ("Ben", -41, 0, -41), ("Cy", -3, 2, -3)]
    assert (doc["game_over"], doc["winners"], doc["rounds_left"], doc["target"],
            doc["winner_by"], doc["next_dealer"], doc["next_leader"]) == (
        True, ["Ann"], 0, None, "points", None, None)


def test_standings_in_play_says_who_plays_first_and_rounds_left() -> None:
    _new(extra=("--target", "50"))
    ok("round", "--out", "Cy", "--points", "Ann=3", "--points", "Ben=4")
    out = ok("standings")
    assert "To 50" in out
    assert ("Round 2 next: Ben plays first. 2 rounds left of 3; first to 50 ends the game; "
            "the highest total wins.") in unfolded(out)
    doc = json.loads(ok("standings", "--json"))
    assert (doc["rounds_left"], doc["target"], doc["next_leader"]) == (2, 50, "Ben")


def test_k23_target_ends_the_game_and_says_who_reached_it() -> None:
    _new(extra=("--target", "50"))
    ok("round", "--out", "Ann", "--points", "Ben=14", "--rack", "Cy=JK 11B")
    out = unfolded(ok("standings"))
    assert "Game over after round 1 (Ann reached 50): Ann wins with 55 points." in out
    assert json.loads(ok("standings", "--json"))["rounds_left"] == 0


def test_k24_winner_by_rounds_in_the_standings() -> None:
    _new(extra=("--rule", "winner=rounds"))
    ok("round", "--out", "Ann", "--points", "Ben=14", "--rack", "Cy=JK 11B")
    ok("round", "--out", "Cy", "--points", "Ann=9", "--points", "Ben=22")
    ok("round", "--pool-out", "--points", "Ann=6", "--points", "Ben=9", "--points", "Cy=4")
    out = unfolded(ok("standings"))
    assert "Cy wins with 2 rounds won (-3 points)" in out
    assert json.loads(ok("standings", "--json"))["winner_by"] == "rounds"


def test_history_a_row_per_round() -> None:
    _e12()
    out = ok("history")
    assert out.splitlines()[:5] == [
        "#  End       Racks    Ann  Ben  Cy",
        "-  --------  -------  ---  ---  ----",
        "1  Ann out   0 14 41  55*  -14  -41",
        "2  Cy out    9 22 0   46   -36  -10*",
        "3  pool out  6 9 4    44   -41  -3*"]
    doc = json.loads(ok("history", "--json"))
    assert doc["rounds"][0]["racks"] == {"Ann": [], "Ben": 14, "Cy": ["JK", "11B"]}
    assert doc["rounds"][2]["totals"] == {"Ann": 44, "Ben": -41, "Cy": -3}
    assert doc["final"] == {"Ann": 44, "Ben": -41, "Cy": -3}
    csv = ok("history", "--format", "csv").splitlines()
    assert csv[0].startswith("#,First,End,Winners,Ann rack")
    assert csv[1] == "1,Ann,Ann out,Ann,0,14,41,55,-14,-41,55,-14,-41"


def test_the_sample_reads_as_e12() -> None:
    out = unfolded(ok("standings", "--ledger", str(SAMPLE)))
    assert "Ann 1 44 winner" in out
    assert "Game over after round 3 (the last of 3 rounds): Ann wins with 44 points." in out
    code, _, err = run("history", "--ledger", str(SAMPLE))
    assert code == 0 and err == ""


# --- undo, fix, rename ------------------------------------------------------------------

def test_undo_takes_back_the_last_round() -> None:
    _e12()
    out = unfolded(ok("undo", "--yes"))
    assert out.startswith("Took back round 3: the pool ran out; Cy has the lowest rack (4)")
    doc = json.loads(ok("standings", "--json"))
    assert (doc["rounds_played"], doc["game_over"], doc["rounds_left"]) == (2, False, 1)


def test_fix_changes_one_rack_and_rescores() -> None:
    _e12()
    doc = json.loads(ok("fix", "1", "--rack", "Cy=JK 11B 2R", "--yes", "--json"))
    assert doc["scores"] == {"Ann": 57, "Ben": -14, "Cy": -43}
    assert doc["changed"] == {"Ann": [44, 46], "Ben": [-41, -41], "Cy": [-3, -5]}


def test_fix_changes_the_ending() -> None:
    _e12()
    doc = json.loads(ok("fix", "3", "--out", "Cy", "--yes", "--json"))
    assert (doc["end"], doc["out"], doc["scores"]) == ("out", "Cy",
                                                       {"Ann": -6, "Ben": -9, "Cy": 15})
    doc = json.loads(ok("fix", "3", "--pool-out", "--points", "Cy=4", "--yes", "--json"))
    assert doc["scores"] == {"Ann": -2, "Ben": -5, "Cy": 7}


def test_fix_refusals_leave_the_ledger_untouched() -> None:
    _new(extra=("--target", "100"))
    ok("round", "--out", "Ann", "--points", "Ben=14", "--points", "Cy=41")
    ok("round", "--out", "Cy", "--points", "Ann=9", "--points", "Ben=22")
    before = LEDGER.read_bytes()
    for args, message in ((("1", "--points", "Ben=80"), "would end after round 1"),
                          (("1", "--knock", "Ann"), "--out NAME"),
                          (("4", "--points", "Ben=1"), "no round 4"),
                          (("1", "--upcard", "7S"), "--upcard is for a Gin game")):
        code, _, err = run("fix", *args, "--yes")
        assert code == 2 and message in one_error_line(err), err
        assert LEDGER.read_bytes() == before


def test_rename_everywhere() -> None:
    _e12()
    ok("rename", "Cy", "Cyrus")
    doc = json.loads(ok("history", "--json"))
    assert doc["players"] == ["Ann", "Ben", "Cyrus"]
    assert doc["rounds"][1]["out"] == "Cyrus" and doc["rounds"][2]["first"] == "Cyrus"


# --- the next game, a night of three games ----------------------------------------------

def test_next_game_same_players_first_left_of_the_last_one() -> None:
    _e12()
    doc = json.loads(ok("new", "--json"))
    assert (doc["game"], doc["first_leader"], doc["rounds"], doc["kind"]) == (
        2, "Ann", 3, "rummikub")


def test_next_game_rounds_kept_unless_the_players_change() -> None:
    _new(extra=("--rule", "rounds=1"))
    ok("round", "--out", "Ann", "--points", "Ben=1", "--points", "Cy=1")
    assert json.loads(ok("new", "--json"))["rounds"] == 1
    ok("round", "--out", "Ann", "--points", "Ben=1", "--points", "Cy=1")
    assert json.loads(ok("new", "Ann", "Ben", "Cy", "Dee", "--json"))["rounds"] == 4


def test_a_game_in_progress_is_never_replaced() -> None:
    _new()
    before = LEDGER.read_bytes()
    code, _, err = run("new", "--game", "rummikub")
    assert code == 2 and "Ann plays first next" in one_error_line(err)
    assert LEDGER.read_bytes() == before


def test_a_night_of_manipulation_gin_and_rummikub() -> None:
    ok("new", "Ann", "Ben", "--dealer", "Ann", "--target", "20")
    ok("round", "--knock", "Ann", "--points", "Ann=0", "--points", "Ben=30")
    ok("new", "--game", "gin", "--dealer", "Ben", "--target", "20")
    ok("round", "--knock", "Ann", "--points", "Ann=0", "--points", "Ben=30")
    ok("new", "Ann", "Ben", "Cy", "--game", "rummikub", "--first", "Ben")
    ok("round", "--out", "Ben", "--rack", "Ann=JK 3R", "--points", "Cy=10")
    assert json.loads(ok("standings", "--game", "rummikub", "--json"))["game"] == 3
    assert json.loads(ok("standings", "--game", "gin", "--json"))["game"] == 2
    stats = json.loads(ok("stats", "--json"))
    assert [k["kind"] for k in stats["kinds"]] == ["manipulation", "gin", "rummikub"]
    rk = {p["name"]: p for p in stats["kinds"][2]["players"]}
    assert (rk["Ben"]["knocks"], rk["Ben"]["goings_out"], rk["Ann"]["jokers_held"]) == (1, 1, 1)
    assert (rk["Ann"]["average_left_in_hand"], rk["Ann"]["undercuts_scored"]) == (33.0, 0)
    assert "jokers_held" not in stats["kinds"][0]["players"][0]
    out = ok("stats", "--game", "rummikub")
    assert out.splitlines()[1].split() == ["Player", "Games", "Won", "Rounds", "Won", "Out",
                                           "Best", "Avg", "Jokers", "Total"]
    chart = json.loads(ok("chart", "--game", "rummikub", "--json"))
    assert (chart["target"], chart["totals"]) == (None, {"Ann": [-33], "Ben": [43],
                                                         "Cy": [-10]})


def test_chart_draws_totals_around_zero_and_a_target_when_set() -> None:
    _e12()
    out = ok("chart", "--ascii")
    assert "The race, after round 3" in out and "target" not in out
    assert "-40" in out and "Game over after round 3: Ann wins with 44 points." in out
    ok("new", "--target", "200")
    ok("round", "--out", "Ann", "--points", "Ben=14", "--points", "Cy=41")
    out = ok("chart", "--ascii")
    assert "The race to 200, after round 1" in out and "target 200" in out


# --- guided entry, a hand-edited ledger -------------------------------------------------

def test_guided_entry_asks_who_went_out_then_each_rack() -> None:
    _new()
    code, out, err = run("round", "--guided",
                         input="Zed\nCy\n5R 5R 5R\nback\nCy\n5R 6R\n\n12\ny\n")
    assert code == 0, err
    assert "Who went out? (a name, or 'pool')" in err
    assert "No player called 'Zed'" in err
    assert "5R appears 3 times" in unfolded(err)
    assert "Ben's rack cannot be empty: only Cy went out" in unfolded(err)
    assert "Round 1: Cy went out and scores 23: Ann -11, Ben -12." in unfolded(err)
    assert json.loads(ok("history", "--json"))["rounds"][0]["racks"] == {
        "Ann": ["5R", "6R"], "Ben": 12, "Cy": []}


def test_guided_entry_pool_and_no() -> None:
    _new()
    before = LEDGER.read_bytes()
    code, _, err = run("round", "--guided", input="pool\n3\n4\n5\nn\n")
    assert code == 0 and "Nothing recorded." in err
    assert "Ann has the lowest rack (3) and scores 3" in unfolded(err)
    assert LEDGER.read_bytes() == before


def test_a_terminal_asks_when_no_rack_is_given(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("rummy_cli.cli.shell.stdin_is_terminal", lambda: True)
    _new()
    code, _, err = run("round", "--out", "Ben", input="3\n4\ny\n")
    assert code == 0 and "Who went out" not in err
    assert json.loads(ok("standings", "--json"))["players"][1]["points"] == 7


def test_fix_on_a_terminal_asks_again_with_the_recorded_answers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("rummy_cli.cli.shell.stdin_is_terminal", lambda: True)
    _e12()
    code, _, err = run("fix", "2", input="\n\n30\ny\n")
    assert code == 0, err
    assert json.loads(ok("history", "--json"))["rounds"][1]["racks"]["Ben"] == 30


@pytest.mark.parametrize(("old", "new", "place"), [
    ("end: out Cy", "end: knock Cy", "games[0].rounds[1].end"),
    ("Ben: 9R 13K", "Ben: 9R 13Q", "games[0].rounds[1].racks.Ben"),
    ("first: Ann\n  created", "first: Zed\n  created", "games[0].first"),
    ("    rounds: 3", "    rounds: -3", "games[0].rules.rounds"),
])
def test_a_bad_hand_edit_names_the_file_and_place(old: str, new: str, place: str) -> None:
    text = SAMPLE.read_text(encoding="utf-8")
    assert old in text
    Path("night.yaml").write_text(text.replace(old, new, 1), encoding="utf-8")
    code, _, err = run("standings", "--ledger", "night.yaml")
    line = one_error_line(err)
    assert code == 2 and "night.yaml" in line and place in line, line


def test_stored_scores_that_disagree_are_a_warning() -> None:
    text = SAMPLE.read_text(encoding="utf-8").replace("{Ann: 55, Ben: -14, Cy: -41}",
                                                      "{Ann: 50, Ben: -14, Cy: -41}")
    Path("night.yaml").write_text(text, encoding="utf-8")
    code, out, err = run("standings", "--ledger", "night.yaml")
    assert code == 0 and "Warning:" in err and "round 1" in err and "Ann 1 44" in unfolded(out)


def test_a_card_in_a_rack_names_the_game() -> None:
    _new()
    code, _, err = run("round", "--out", "Ann", "--rack", "Ben=7H 8H", "--points", "Cy=3")
    assert code == 2 and "'7H' is a playing card, but this game is Rummikub" in err


def test_undo_on_a_terminal_names_who_played_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("rummy_cli.cli.shell.stdin_is_terminal", lambda: True)
    _e12()
    code, _, err = run("undo", input="y\n")
    assert code == 0 and "Round 3 (Cy played first): the pool ran out" in unfolded(err)
    assert "Take back round 3?" in err


def test_game_kind_names_any_rummikub_preset() -> None:
    ok("new", "Ann", "Ben", "--dealer", "Ann", "--target", "20")
    ok("round", "--knock", "Ann", "--points", "Ann=0", "--points", "Ben=30")
    doc = json.loads(ok("new", "--game", "rummikub-xp", "--json"))
    assert doc["first_leader"] in ("Ann", "Ben") and doc["rounds"] == 2
    for kind in ("rummikub", "rummikub-xp", "Rummikub"):
        assert json.loads(ok("standings", "--game", kind, "--json"))["game"] == 2
    assert json.loads(ok("standings", "--game", "manipulation", "--json"))["game"] == 1


def test_k24_rounds_option_is_short_for_the_rounds_rule() -> None:
    doc = json.loads(ok("new", "Ann", "Ben", "--game", "rummikub", "--rounds", "2", "--json"))
    assert doc["rounds"] == 2
    code, out, err = run("new", "Ann", "Ben", "--game", "rummikub", "--rounds", "2", "--rule",
                         "rounds=3", "--ledger", "other.yaml")
    assert code == 2 and "--rounds 2 and --rule rounds=3 disagree" in one_error_line(err)
    assert not Path("other.yaml").exists()


@pytest.mark.parametrize("kind", ["manipulation", "gin", "oklahoma"])
def test_rounds_option_on_a_game_that_ends_at_a_target_says_so(kind: str) -> None:
    code, out, err = run("new", "Ann", "Ben", "--game", kind, "--rounds", "3")
    assert code == 2 and out == "" and not Path("rummy-ledger.yaml").exists()
    assert "--rounds is for Rummikub; this game ends when a total reaches its target: give " \
           "--target N" in one_error_line(err)


def test_a_preset_named_in_game_picks_a_game_of_that_preset_not_the_last_rummikub() -> None:
    ok("new", "Ann", "Ben", "--game", "rummikub-xp", "--rule", "rounds=1")
    ok("round", "--out", "Ann", "--points", "Ben=12")
    ok("new", "Cy", "Dee", "--game", "rummikub")
    for kind in ("rummikub-xp", "Rummikub XP"):
        doc = json.loads(ok("standings", "--game", kind, "--json"))
        assert doc["game"] == 1, kind
    assert json.loads(ok("standings", "--game", "rummikub", "--json"))["game"] == 2
    code, out, err = run("standings", "--game", "rummikub-strict")
    assert code == 2 and out == ""
    assert one_error_line(err) == "Error: rummy-ledger.yaml holds no rummikub-strict game"


def test_next_game_after_another_kind_picks_the_first_player_at_random() -> None:
    ok("new", "Ann", "Ben", "--dealer", "Ann", "--target", "20")
    ok("round", "--knock", "Ann", "--points", "Ann=0", "--points", "Ben=30")
    out = unfolded(ok("new", "--game", "rummikub", "--seed", "1"))
    assert "Game 2 of Rummikub" in out and "plays first (picked at random)" in out


_RACK = st.one_of(st.integers(-2, 800).map(str),
                  st.lists(st.sampled_from(["7R", "7R", "JK", "13K", "JK=5R", "7H", "0R", ""]),
                           max_size=3).map(" ".join))


@settings(max_examples=40)
@given(st.sampled_from(["--out Ann", "--out Ben", "--pool-out", "--stock-out", "--knock Ann",
                        ""]),
       st.lists(st.tuples(st.sampled_from(["Ann", "Ben", "Cy", "Zed"]),
                          st.sampled_from(["--rack", "--points", "--hand"]), _RACK),
                max_size=4))
def test_a_round_is_recorded_or_refused_with_the_ledger_untouched(
        ending: str, racks: list[tuple[str, str, str]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        ledger = str(Path(folder) / "night.yaml")
        ok("new", "Ann", "Ben", "Cy", "--game", "rummikub", "--first", "Ann", "--ledger",
           ledger)
        before = Path(ledger).read_bytes()
        args = [*ending.split(), *(w for name, option, rack in racks
                                   for w in (option, f"{name}={rack}"))]
        code, out, err = run("round", *args, "--ledger", ledger)
        if code == 0:
            assert Path(ledger).read_bytes() != before and "Round 1" in out
        else:
            assert code == 2 and one_error_line(err)
            assert Path(ledger).read_bytes() == before


# --- K4: the clock is written down, never refereed ---------------------------------------

def test_k4_time_limit_is_recorded_and_never_refereed() -> None:
    _new(extra=("--rule", "time_limit=90", "--rule", "time_penalty=2"))
    text = LEDGER.read_text(encoding="utf-8")
    assert "    time_limit: 90\n" in text and "    time_penalty: 2\n" in text
    figures = unfolded(ok("rules", "--figures"))
    assert "time_limit = 90 *" in figures
    # a turn is judged as proposed: no option of check turn asks how long it took
    code, out, _ = run("check", "turn", "--game", "rummikub", "--rule", "time_limit=1",
                       "--before", "3K 4K 5K", "--hand", "6K 9R", "--after", "3K 4K 5K 6K")
    assert code == 0 and out.startswith("LEGAL turn.")


def test_a_hand_edited_round_number_is_a_warning_and_rounds_count_by_place() -> None:
    text = SAMPLE.read_text(encoding="utf-8")
    assert "- round: 1\n" in text
    Path("night.yaml").write_text(text.replace("- round: 1\n", "- round: 5\n", 1),
                                  encoding="utf-8")
    code, out, err = run("history", "--ledger", "night.yaml")
    assert code == 0 and "it says 'round: 5', but it is round 1 of the list" in unfolded(err)
    assert out.splitlines()[2].startswith("1  Ann out")  # still round 1, by its place


# --- what a new player met ----------------------------------------------------------------

def test_k17_a_rack_holding_a_joker_worth_0_is_not_empty() -> None:
    _new(extra=("--rule", "joker_points=0"))
    out = unfolded(ok("round", "--pool-out", "--rack", "Ann=JK", "--points", "Ben=3",
                      "--points", "Cy=3"))
    assert "Ann has the lowest rack (0) and scores 6: Ben -3, Cy -3." in out
    doc = json.loads(ok("round", "--out", "Ann", "--rack", "Ben=JK", "--points", "Cy=3",
                        "--json"))
    assert doc["rack_points"] == {"Ann": 0, "Ben": 0, "Cy": 3}


def test_k17_a_joker_worth_0_in_the_rack_of_the_player_out_is_refused() -> None:
    _new(extra=("--rule", "joker_points=0"))
    code, _, err = run("round", "--out", "Ann", "--rack", "Ann=JK", "--points", "Ben=3",
                       "--points", "Cy=3")
    assert code == 2 and "Ann's rack is empty: it cannot hold JK (K17)" in one_error_line(err)
    assert not json.loads(ok("history", "--json"))["rounds"]


def test_k17_a_total_of_0_is_still_an_empty_rack() -> None:
    _new(extra=("--rule", "joker_points=0"))
    code, _, err = run("round", "--pool-out", "--points", "Ann=0", "--points", "Ben=3",
                       "--points", "Cy=3")
    assert code == 2 and "record it with --out Ann (K17)" in one_error_line(err)


@pytest.mark.parametrize("typed", ["-3", " -12 "])
def test_guided_a_negative_rack_total_is_called_negative(typed: str) -> None:
    _new("Ann", "Ben")
    code, _, err = run("round", "--guided", input=f"Ann\n{typed}\n")
    assert code == 2  # the input ran out after the one answer
    assert "Ben's rack total cannot be negative" in unfolded(err)
    assert "is not a tile" not in err


@pytest.mark.parametrize(("option", "whose", "preset"), [
    (("--out", "Ann"), "Rummikub", "rummikub"), (("--dead",), "a Gin game", "gin")])
def test_k17_another_games_option_names_how_that_game_starts_not_a_third_game(
        option: tuple[str, ...], whose: str, preset: str) -> None:
    """In a Manipulation Rummy ledger an option of another game says whose it is and how
    that game starts; it no longer points to Gin whatever the option was."""
    ok("new", "Ann", "Ben", "Cy", "--dealer", "Ann")
    code, _, err = run("round", *option)
    assert code == 2 and one_error_line(err) == (
        f"Error: {option[0]} is for {whose}; this ledger's game is Manipulation Rummy: a "
        f"round ends with --knock NAME or --stock-out (for {whose}: 'rummy new Ann Ben "
        f"--game {preset}')")
