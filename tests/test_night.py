"""A night at the table: the next game in the same file, house rules, corrections."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from clirun import ok, one_error_line, run, unfolded

from rummy_cli import ledger
from rummy_cli.games.manipulation.game import new_game, record_round
from rummy_cli.games.manipulation.rules import MANIPULATION_RUMMY, Rules

DATA = Path(__file__).resolve().parent / "data"


def finish_game() -> None:
    """Ann wins in one round: Ben and Cy hold 80 points each."""
    ok("round", "--knock", "Ann", "--points", "Ann=1", "--points", "Ben=80", "--points",
       "Cy=80")


# --- the next game ----------------------------------------------------------------------

def test_next_game_same_players_seats_rules_and_the_deal_moves_left() -> None:
    ok("new", "Ann", "Ben", "Cy", "--dealer", "Cy", "--target", "100")
    ok("round", "--stock-out", "--points", "Ann=9", "--points", "Ben=8", "--points", "Cy=7")
    finish_game()  # round 2 dealt by Ann (left of Cy)
    out = ok("new")
    assert "Game 2 in rummy-ledger.yaml: Ann, Ben, Cy" in out
    assert "Ben deals first (the deal moves on to the left); Cy plays first." in out
    assert "House rules: target 100 (the book's: 150)." in out
    doc = json.loads(ok("standings", "--json"))
    assert (doc["game"], doc["games"], doc["rounds_played"]) == (2, 2, 0)
    first = json.loads(ok("standings", "--json", "--game", "1"))
    assert first["game_over"] and first["winners"] == ["Ann"] and first["game"] == 1


def test_next_game_is_refused_while_a_game_is_in_progress_file_unchanged() -> None:
    ok("new", "Ann", "Ben", "--dealer", "Ann")
    before = Path("rummy-ledger.yaml").read_bytes()
    code, _, err = run("new")
    assert code == 2 and "still being played" in one_error_line(err)
    assert "rummy round" in err
    assert Path("rummy-ledger.yaml").read_bytes() == before


def test_next_game_with_new_players_and_a_dealer() -> None:
    ok("new", "Ann", "Ben", "Cy", "--dealer", "Ann")
    finish_game()
    out = ok("new", "Dee", "Ann", "--dealer", "Dee")
    assert "Game 2" in out and "Dee deals first; Ann plays first." in out
    assert "Use 1 deck" in out  # two players (R2)
    code, out, _ = run("history", "--game", "1", "--json")
    assert code == 0 and json.loads(out)["players"] == ["Ann", "Ben", "Cy"]


def test_earlier_games_stay_readable_and_only_the_last_is_changed() -> None:
    ok("new", "Ann", "Ben", "Cy", "--dealer", "Ann")
    finish_game()
    ok("new")
    ok("round", "--stock-out", "--points", "Ann=3", "--points", "Ben=2", "--points", "Cy=9")
    ok("undo", "--yes")
    night, _ = ledger.read(Path("rummy-ledger.yaml"))
    assert [len(g.rounds) for g in night.games] == [1, 0]
    code, _, err = run("standings", "--game", "3")
    assert code == 2 and "there is no game 3: this ledger holds 2 games" in one_error_line(err)


def test_new_without_names_and_without_a_ledger_asks_for_names() -> None:
    code, _, err = run("new")
    assert code == 2 and "name the players" in one_error_line(err)


def test_new_never_overwrites_a_file_that_is_not_a_ledger() -> None:
    Path("rummy-ledger.yaml").write_text("my shopping list\n", encoding="utf-8")
    code, _, err = run("new", "Ann", "Ben")
    assert code == 2 and "never overwrites" in one_error_line(err)
    assert Path("rummy-ledger.yaml").read_text(encoding="utf-8") == "my shopping list\n"


# --- format 1 keeps loading -------------------------------------------------------------

@pytest.mark.parametrize("name", ["format-1-friday-night.yaml", "format-1-house-rules.yaml"])
def test_format_1_ledger_written_by_0_1_0_loads_byte_for_byte(name: str) -> None:
    shutil.copyfile(DATA / name, "old.yaml")
    before = Path("old.yaml").read_bytes()
    night, warnings = ledger.read(Path("old.yaml"))
    assert warnings == [] and len(night.games) == 1
    assert Path("old.yaml").read_bytes() == before  # reading never rewrites
    doc = json.loads(ok("standings", "--json", "--ledger", "old.yaml"))
    assert doc["games"] == 1


def test_format_1_house_rules_and_notes_survive_the_first_write() -> None:
    shutil.copyfile(DATA / "format-1-house-rules.yaml", "old.yaml")  # not its mode
    game = ledger.load(Path("old.yaml"))[0]
    assert game.rules == Rules(target=100, knock_limit=7)
    assert game.players == ("Zoë", "Ben Lee")
    ok("round", "--knock", "zoë", "--points", "Zoë=7", "--points", "Ben Lee=9",
       "--ledger", "old.yaml")
    text = Path("old.yaml").read_text(encoding="utf-8")
    assert "format: 2" in text and text.endswith("# end of ledger\n")
    again = ledger.load(Path("old.yaml"))[0]
    assert again.rules == game.rules and again.rounds[:2] == game.rounds
    assert again.rounds[1].note == "the stock ran out: yes, really"


# --- house rules: every figure the scorer uses comes from the rules in force -------------

def _score(rules: Rules, knocker: str | None, hands: dict[str, str | int]) -> dict[str, int]:
    game = new_game(["Ann", "Ben", "Cy"], dealer="Ann", rules=rules)
    return record_round(game, knocker, hands)[1].scores


FIGURES = [
    # figure, value, knocker, hands, Ann's score by the book, by the house rule (R16-R23)
    ("joker_points", 50, "Ann", {"Ann": "AS", "Ben": "JK", "Cy": 3}, (25 - 1) + (3 - 1),
     (50 - 1) + (3 - 1)),
    ("face_points", 5, "Ann", {"Ann": "AS", "Ben": "KS", "Cy": 3}, (10 - 1) + 2, (5 - 1) + 2),
    ("ace_points", 0, "Ann", {"Ann": "2S", "Ben": "AS 9S", "Cy": 3}, (10 - 2) + 1, (9 - 2) + 1),
    ("undercut_bonus", 20, "Ben", {"Ann": "AS", "Ben": "3S", "Cy": 9},
     (3 - 1) + (9 - 1) + 10, (3 - 1) + (9 - 1) + 20),  # Ann undercuts the knocker Ben
    ("going_out_bonus", 50, "Ann", {"Ann": "", "Ben": 4, "Cy": 6}, 4 + 6 + 25, 4 + 6 + 50),
]


@pytest.mark.parametrize(("figure", "value", "knocker", "hands", "book", "house"), FIGURES,
                         ids=[f[0] for f in FIGURES])
def test_house_rule_changes_the_round_score(figure: str, value: int, knocker: str,
                                            hands: dict[str, str | int], book: int,
                                            house: int) -> None:
    assert _score(MANIPULATION_RUMMY, knocker, hands)["Ann"] == book  # Ann wins each
    rules = MANIPULATION_RUMMY.with_house_rules({figure: str(value)})
    assert _score(rules, knocker, hands)["Ann"] == house


def test_house_rule_knock_limit_allows_a_bigger_knock() -> None:
    hands: dict[str, str | int] = {"Ann": 7, "Ben": 20, "Cy": 30}
    with pytest.raises(Exception, match="R17"):
        _score(MANIPULATION_RUMMY, "Ann", hands)
    assert _score(Rules(knock_limit=7), "Ann", hands)["Ann"] == 13 + 23


@pytest.mark.parametrize(("figure", "value"), [("target", 100), ("game_bonus", 40),
                                               ("round_win_bonus", 5)])
def test_house_rule_changes_the_game_end_and_bonuses(figure: str, value: int) -> None:
    ok("new", "Ann", "Ben", "--dealer", "Ann", "--rule", f"{figure}={value}")
    for _ in range(4):  # Ann scores 30 a round
        code, _, _ = run("round", "--knock", "Ann", "--points", "Ann=1", "--points", "Ben=31")
        if code != 0:
            break
    doc = json.loads(ok("standings", "--json"))
    ann = doc["players"][0]
    rules = Rules(**{figure: value})
    rounds = 4 if rules.target > 120 else -(-rules.target // 30)
    assert doc["rounds_played"] == rounds and doc["game_over"] == (30 * rounds >= rules.target)
    if doc["game_over"]:
        assert ann["game_bonus"] == rules.game_bonus
        assert ann["round_bonus"] == rules.round_win_bonus * rounds
    assert doc["house_rules"] == {figure: value}


def test_house_rules_are_shown_by_standings_and_recorded_in_the_ledger() -> None:
    ok("new", "Ann", "Ben", "--dealer", "Ann", "--target", "200", "--knock-limit", "7",
       "--rule", "ace-high=no")
    out = ok("standings")
    assert "House rules: ace_high no (the book's: yes), knock_limit 7 (the book's: 5),\n" \
           "target 200 (the book's: 150)." in out  # folded at 80 columns, between rules
    assert "First to 200 ends the game." in out
    game = ledger.load(Path("rummy-ledger.yaml"))[0]
    assert game.rules == Rules(target=200, knock_limit=7, ace_high=False)


@pytest.mark.parametrize(("args", "message"), [
    (["--rule", "targt=200"], "there is no rule 'targt': did you mean 'target'?"),
    (["--target", "0"], "rule 'target' must be at least 1"),
    (["--target", "lots"], "rule 'target' is a whole number"),
    (["--rule", "hand_size=30"], "2 hands of 30 cards need 60 cards, but 1 deck holds 53"),
    (["--rule", "ace_high=maybe"], "rule 'ace_high' is yes or no"),
    (["--rule", "target"], "--rule takes NAME=VALUE"),
    (["--knock-limit", "-1"], "rule 'knock_limit' is a whole number"),
])
def test_unplayable_house_rules_are_refused(args: list[str], message: str) -> None:
    code, _, err = run("new", "Ann", "Ben", *args)
    assert code == 2 and message in one_error_line(err)
    assert not Path("rummy-ledger.yaml").exists()


# --- corrections ------------------------------------------------------------------------

def test_fix_rescores_the_round_and_everything_after_and_says_the_change() -> None:
    ok("new", "Ann", "Ben", "Cy", "--dealer", "Ann")
    ok("round", "--knock", "Ann", "--hand", "Ann=3C", "--points", "Ben=20", "--points", "Cy=9")
    ok("round", "--stock-out", "--points", "Ann=10", "--points", "Ben=2", "--points", "Cy=9")
    out = ok("fix", "1", "--knock", "Ann", "--hand", "Ann=3C", "--points", "Ben=30",
             "--points", "Cy=9")
    assert "Round 1 was: Ann knocked and wins: 23 points." in out
    assert "Round 1 now: Ann knocked and wins: 33 points." in out
    assert "Points: Ann 23 -> 33 (+10), Ben 15 (unchanged), Cy 0 (unchanged)." in out
    doc = json.loads(ok("fix", "2", "--stock-out", "--points", "Ann=10", "--points", "Ben=1",
                        "--points", "Cy=9", "--json"))
    assert doc["round"] == 2 and doc["changed"] == {"Ann": [33, 33], "Ben": [15, 17],
                                                    "Cy": [0, 0]}


def test_fix_refused_when_it_would_end_the_game_before_a_later_round() -> None:
    ok("new", "Ann", "Ben", "--dealer", "Ann")
    ok("round", "--knock", "Ann", "--points", "Ann=1", "--points", "Ben=20")
    ok("round", "--knock", "Ann", "--points", "Ann=1", "--points", "Ben=20")
    before = Path("rummy-ledger.yaml").read_bytes()
    code, _, err = run("fix", "1", "--knock", "Ann", "--points", "Ann=1", "--points",
                       "Ben=200")
    assert code == 2 and "the game would end after round 1" in one_error_line(err)
    assert Path("rummy-ledger.yaml").read_bytes() == before


@pytest.mark.parametrize(("args", "message"), [
    (["9", "--stock-out", "--points", "Ann=1", "--points", "Ben=2"], "there is no round 9"),
    (["1"], "say what to change in round 1 (--knock, --stock-out, --hand or --points)"),
    (["1", "--knock", "Ann", "--stock-out"], "--knock NAME or --stock-out, not both"),
    (["1", "--knock", "Ann", "--points", "Ann=9", "--points", "Ben=2"], "R17"),
    (["1", "--knock", "Ben"], "Ben cannot knock with 20 points in hand"),  # Ben's hand kept
    (["1", "--hand", "Zed=3C"], "no player called 'Zed'"),
    (["1", "--hand", "A=3C", "--points", "Ann=4"], "Ann's hand is given twice"),
])
def test_fix_refusals_leave_the_ledger_unchanged(args: list[str], message: str) -> None:
    ok("new", "Ann", "Ben", "--dealer", "Ann")
    ok("round", "--knock", "Ann", "--points", "Ann=1", "--points", "Ben=20")
    before = Path("rummy-ledger.yaml").read_bytes()
    code, _, err = run("fix", *args)
    assert code == 2 and message in one_error_line(err)
    assert Path("rummy-ledger.yaml").read_bytes() == before


def test_fix_asks_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    ok("new", "Ann", "Ben", "--dealer", "Ann")
    ok("round", "--knock", "Ann", "--points", "Ann=1", "--points", "Ben=20")
    before = Path("rummy-ledger.yaml").read_bytes()
    monkeypatch.setattr("rummy_cli.cli.shell.stdin_is_terminal", lambda: True)
    code, _, err = run("fix", "1", "--knock", "Ann", "--points", "Ann=1", "--points", "Ben=30",
                       input="n\n")
    assert code == 0 and "Fix round 1? [y/N]" in err and "Nothing changed." in err
    assert Path("rummy-ledger.yaml").read_bytes() == before
    code, out, err = run("fix", "1", "--knock", "Ann", "--points", "Ann=1", "--points",
                         "Ben=30", input="y\n")
    assert code == 0 and json.loads(ok("standings", "--json"))["players"][0]["points"] == 29


def test_rename_everywhere_in_every_game() -> None:
    ok("new", "Ann", "Ben", "Cy", "--dealer", "Ann")
    finish_game()
    ok("new")
    out = ok("rename", "ben", "Benedict")
    assert out.strip() == "Renamed Ben to Benedict in 2 games of rummy-ledger.yaml."
    text = Path("rummy-ledger.yaml").read_text(encoding="utf-8")
    assert "Ben:" not in text and "Ben," not in text and "Benedict" in text
    first = json.loads(ok("standings", "--json", "--game", "1"))
    assert [p["name"] for p in first["players"]] == ["Ann", "Benedict", "Cy"]


def test_rename_json_names_both_names_and_the_games() -> None:
    ok("new", "Ann", "Ben", "Cy", "--dealer", "Ann")
    finish_game()
    ok("new")
    doc = json.loads(ok("rename", "cy", "Cyrus", "--json"))
    assert doc == {"renamed": "Cy", "to": "Cyrus", "games": 2,
                   "ledger": "rummy-ledger.yaml"}
    assert {p["name"] for p in json.loads(ok("standings", "--json"))["players"]} == {
        "Ann", "Ben", "Cyrus"}


@pytest.mark.parametrize(("old", "new", "message"), [
    ("Ben", "ann", "Ann already plays in this game"),
    ("Zed", "Zoe", "no player called 'Zed'"),
    ("Ben", "Stock", "cannot be a player's name"),
    ("Ben", "x" * 41, "at most 40 characters"),
])
def test_rename_refusals(old: str, new: str, message: str) -> None:
    ok("new", "Ann", "Ben", "--dealer", "Ann")
    before = Path("rummy-ledger.yaml").read_bytes()
    code, _, err = run("rename", old, new)
    assert code == 2 and message in one_error_line(err)
    assert Path("rummy-ledger.yaml").read_bytes() == before


def test_undo_takes_back_a_next_game_started_by_mistake() -> None:
    ok("new", "Ann", "Ben", "Cy", "--dealer", "Ann")
    finish_game()
    before = Path("rummy-ledger.yaml").read_bytes()
    ok("new")
    out = ok("undo", "--yes")
    assert out.strip() == ("Took back game 2, which had no round yet: game 1 is the last of "
                           "the ledger again.")
    assert Path("rummy-ledger.yaml").read_bytes() == before
    code, _, err = run("undo", "--yes")  # game 1 has rounds: its last one goes back
    assert code == 0, err


def test_undo_never_takes_back_the_only_game() -> None:
    ok("new", "Ann", "Ben", "--dealer", "Ann")
    code, _, err = run("undo", "--yes")
    assert code == 2 and "no round to take back" in one_error_line(err)


def test_undo_of_a_game_started_by_mistake_asks_on_a_terminal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    ok("new", "Ann", "Ben", "Cy", "--dealer", "Ann")
    finish_game()
    ok("new")
    monkeypatch.setattr("rummy_cli.cli.shell.stdin_is_terminal", lambda: True)
    code, _, err = run("undo", input="n\n")
    assert code == 0 and "Take back game 2 (no round played yet)? [y/N]" in err
    code, out, err = run("undo", input="y\n")
    assert code == 0 and "Took back game 2" in out
    assert len(ledger.read(Path("rummy-ledger.yaml"))[0].games) == 1


# --- one meaning of --game: a kind of game; --game-number N is a game of the ledger ------

def test_game_names_a_kind_everywhere_and_game_number_a_game_of_the_ledger() -> None:
    ok("new", "Ann", "Ben", "Cy", "--dealer", "Ann")
    finish_game()
    ok("new", "Ann", "Ben", "--game", "gin", "--dealer", "Ann")
    first = json.loads(ok("standings", "--json", "--game-number", "1"))
    assert json.loads(ok("standings", "--json", "--game", "manipulation")) == first
    assert json.loads(ok("standings", "--json", "--game", "1")) == first  # as it always was
    assert json.loads(ok("history", "--json", "--game", "gin")) == json.loads(
        ok("history", "--json"))


@pytest.mark.parametrize(("args", "message"), [
    (("--game", "hollywood"), "holds no Hollywood game"),
    (("--game", "gim"), "Invalid value for '--game': 'gim' is not manipulation, gin, "
                        "oklahoma, hollywood or rummikub; did you mean 'gin'?"),
    (("--game", "1", "--game-number", "1"), "give --game or --game-number, not both"),
    (("--game-number", "0"), "--game-number"),
])
def test_a_game_that_is_not_there_is_one_error_line(args: tuple[str, ...], message: str
                                                     ) -> None:
    ok("new", "Ann", "Ben", "Cy", "--dealer", "Ann")
    code, _, err = run("standings", *args)
    assert code == 2 and message in one_error_line(err)


# --- the deal across a game without a dealer ---------------------------------------------

@pytest.mark.parametrize("seed", ["1", "2", "3", "4", "5", "6"])
def test_the_deal_goes_on_from_the_last_card_game_across_a_rummikub_game(seed: str) -> None:
    """Rummikub has no dealer: the next card game deals on from the last card game's last
    dealer (Cy), so Ann deals, whatever the random pick would have been."""
    ok("new", "Ann", "Ben", "Cy", "--dealer", "Cy", "--target", "30")
    ok("round", "--knock", "Ann", "--points", "Ann=0", "--points", "Ben=40", "--points",
       "Cy=30")
    ok("new", "--game", "rummikub", "--first", "Ben", "--rounds", "1")
    ok("round", "--out", "Ann", "--points", "Ben=10", "--points", "Cy=5")
    out = ok("new", "--game", "manipulation", "--seed", seed)
    assert "Ann deals first (the deal moves on to the left); Ben plays first." in out
    assert json.loads(ok("standings", "--json"))["next_dealer"] == "Ann"


@pytest.mark.parametrize("seed", ["1", "2", "3", "4"])
def test_a_dealer_picked_at_random_in_a_later_game_is_said_to_be(seed: str) -> None:
    """Other seats: R3 picks at random, and the message does not claim R4."""
    ok("new", "Ann", "Ben", "Cy", "--dealer", "Cy")
    finish_game()
    out = ok("new", "Cy", "Ben", "Ann", "--seed", seed)
    assert "deals first (picked at random)" in out and "moves on" not in out


def test_gin_after_a_rummikub_game_is_dealt_by_the_last_gin_winner() -> None:
    ok("new", "Ann", "Ben", "--game", "gin", "--dealer", "Ann", "--target", "10")
    ok("round", "--knock", "Ben", "--points", "Ann=30", "--points", "Ben=0")
    ok("new", "--game", "rummikub", "--first", "Ann", "--rounds", "1")
    ok("round", "--out", "Ann", "--points", "Ben=10")
    for seed in ("1", "2", "3"):
        shutil.copy("rummy-ledger.yaml", f"copy{seed}.yaml")
        out = ok("new", "--game", "gin", "--seed", seed, "--ledger", f"copy{seed}.yaml")
        assert "Ben deals first" in out  # G15: the winner of the last hand


def test_new_while_a_game_just_started_has_no_round_says_undo_takes_it_back() -> None:
    ok("new", "Ann", "Ben", "--dealer", "Ann")
    ok("round", "--knock", "Ann", "--points", "Ann=0", "--points", "Ben=200")
    ok("new")
    before = Path("rummy-ledger.yaml").read_bytes()
    code, _, err = run("new", "Ann", "Ben", "Cy")
    line = one_error_line(err)
    assert code == 2 and "game 2 is still being played (0 rounds so far" in line
    assert "take back the game just started with 'rummy undo'" in line
    assert Path("rummy-ledger.yaml").read_bytes() == before
    ok("round", "--knock", "Ben", "--points", "Ann=9", "--points", "Ben=0")
    code, _, err = run("new")
    assert code == 2 and "rummy undo" not in err  # a round is played: undo takes that back


def test_new_while_the_first_game_has_no_round_does_not_offer_undo() -> None:
    ok("new", "Ann", "Ben", "--dealer", "Ann")
    code, _, err = run("new")
    assert code == 2 and "rummy undo" not in one_error_line(err)  # undo keeps a first game


def test_new_help_says_the_next_game_is_of_the_last_kind_and_it_is() -> None:
    help_text = unfolded(ok("new", "--help"))
    assert "Manipulation Rummy (the default)" not in help_text
    assert "Default: a game of the same kind as the ledger's last one" in help_text
    ok("new", "Ann", "Ben", "Cy", "--game", "rummikub", "--first", "Ann", "--rounds", "1")
    ok("round", "--out", "Ann", "--points", "Ben=1", "--points", "Cy=1")
    assert "of Rummikub" in ok("new", "Ann", "Ben", "Dee", "--first", "Ann")


# --- the next game of another preset: the house rules it keeps, and those it drops ---------

def rummikub_game_with_house_rules() -> None:
    """A Rummikub game of one round with joker_points 50 and time_limit 90, over."""
    ok("new", "Ann", "Ben", "--game", "rummikub", "--rounds", "1", "--rule", "joker_points=50",
       "--rule", "time_limit=90", "--first", "Ann")
    ok("round", "--out", "Ann", "--points", "Ben=10")


def house_rules_of_last_game() -> dict[str, object]:
    doc = json.loads(ok("standings", "--json"))
    return doc["house_rules"]  # type: ignore[no-any-return]


def test_next_game_of_another_preset_keeps_the_house_rules_it_has_and_says_which() -> None:
    rummikub_game_with_house_rules()
    out = ok("new", "--game", "rummikub-strict")
    assert "House rules kept from game 1: joker_points 50, rounds 1." in unfolded(out)
    # the strict preset sets its own time limit: the preset's value wins, and it is said
    assert ("House rules of game 1 dropped: time_limit 90 (Rummikub (strict joker rules) "
            "sets its own: 120).") in unfolded(out)
    assert house_rules_of_last_game() == {"joker_points": 50, "rounds": 1}


def test_a_house_rule_typed_again_is_the_new_games_and_not_said_kept_or_dropped() -> None:
    rummikub_game_with_house_rules()
    out = unfolded(ok("new", "--game", "rummikub-strict", "--rule", "joker_points=40"))
    assert "House rules kept from game 1: rounds 1." in out
    assert "joker_points 50" not in out
    assert house_rules_of_last_game() == {"joker_points": 40, "rounds": 1}


def test_rules_a_game_of_another_family_lacks_or_sets_itself_are_dropped_by_name() -> None:
    ok("new", "Ann", "Ben", "--target", "10", "--knock-limit", "7", "--rule", "game_bonus=50",
       "--dealer", "Ann")
    ok("round", "--knock", "Ann", "--points", "Ann=0", "--points", "Ben=30")
    out = unfolded(ok("new", "--game", "gin"))
    assert "House rules kept from game 1: game_bonus 50." in out
    assert ("House rules of game 1 dropped: knock_limit 7 (Gin Rummy has no such rule), "
            "target 10 (Gin Rummy sets its own: 100).") in out
    assert house_rules_of_last_game() == {"game_bonus": 50}


def test_rummikub_rounds_go_back_to_one_per_player_with_another_number_and_it_is_said(
        ) -> None:
    rummikub_game_with_house_rules()
    out = unfolded(ok("new", "Ann", "Ben", "Cy"))
    assert ("House rules of game 1 dropped: rounds 1 (one per player again, as the number "
            "of players changed).") in out
    assert house_rules_of_last_game() == {"joker_points": 50, "time_limit": 90}


def test_the_same_preset_keeps_every_house_rule_without_a_line_about_it() -> None:
    rummikub_game_with_house_rules()
    out = ok("new")
    assert "kept from" not in out and "dropped" not in out
    assert house_rules_of_last_game() == {"joker_points": 50, "rounds": 1, "time_limit": 90}


def test_under_json_what_became_of_the_house_rules_is_said_on_stderr() -> None:
    rummikub_game_with_house_rules()
    code, out, err = run("new", "--game", "rummikub-strict", "--json")
    assert code == 0 and json.loads(out)["house_rules"] == {"joker_points": 50, "rounds": 1}
    assert "House rules kept from game 1: joker_points 50, rounds 1." in unfolded(err)


@pytest.mark.parametrize(("start", "last", "more", "word"), [
    (("--dealer", "Ann", "--target", "10"), ("--knock", "Ann", "--hand", "Ann=",
                                             "--points", "Ben=30"),
     ("--stock-out", "--points", "Ann=1", "--points", "Ben=2"), "round"),
    (("--game", "gin", "--dealer", "Ben", "--rule", "target=10"),
     ("--knock", "Ann", "--points", "Ann=0", "--points", "Ben=30"),
     ("--dead",), "hand"),
    (("--game", "rummikub", "--first", "Ann", "--rounds", "1"), ("--out", "Ann", "--points",
                                                                 "Ben=10"),
     ("--pool-out", "--points", "Ann=1", "--points", "Ben=2"), "round"),
], ids=["manipulation", "gin", "rummikub"])
def test_r24_an_entry_after_the_end_is_refused_in_the_same_words_in_every_game(
        start: tuple[str, ...], last: tuple[str, ...], more: tuple[str, ...],
        word: str) -> None:
    ok("new", "Ann", "Ben", *start)
    ok("round", *last)
    before = Path("rummy-ledger.yaml").read_bytes()
    code, _, err = run("round", *more)
    assert code == 2 and one_error_line(err) == (
        f"Error: the game is over (after {word} 1, won by Ann): start the next game with "
        "'rummy new'")
    assert Path("rummy-ledger.yaml").read_bytes() == before
