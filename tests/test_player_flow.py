"""What a new player met on the way through the commands: usage errors, help texts, shell
completion of names, name prefixes, the end of guided input, and a ledger given as a
dispute file. Each test is the player's own command, through click's CliRunner."""

from __future__ import annotations

import pytest
from clirun import one_error_line, run

# --- click's usage errors, each one readable line ---------------------------------------


@pytest.mark.parametrize("args, said", [
    (["completion"], "Missing argument '{bash|zsh|fish}'. Choose bash, zsh or fish "
                     "(see 'rummy completion --help')"),
    (["completion", "kssh"], "Invalid value for '{bash|zsh|fish}': 'kssh' is not bash, zsh "
                             "or fish (see 'rummy completion --help')"),
    (["completion", "bsh"], "Invalid value for '{bash|zsh|fish}': 'bsh' is not bash, zsh "
                            "or fish; did you mean 'bash'? (see 'rummy completion --help')"),
    (["new", "Ann", "Ben", "--game", "poker"],
     "Invalid value for '--game': 'poker' is not manipulation, gin, classic, oklahoma, "
     "rummikub, rummikub-strict or rummikub-xp (see 'rummy new --help')"),
    (["rules", "--game", "x"], "Invalid value for '--game': 'x' is not manipulation, gin, "
                               "classic, oklahoma, rummikub, rummikub-strict or rummikub-xp "
                               "(see 'rummy rules --help')"),
    (["round", "--knock"], "Option '--knock' requires an argument (see 'rummy round --help')"),
    (["new", "Ann", "Ben", "--decks", "5"], "No such option '--decks' "
                                           "(see 'rummy new --help')"),
])
def test_a_usage_error_is_one_line_of_words(args: list[str], said: str) -> None:
    code, _, err = run(*args)
    line = one_error_line(err)
    assert code == 2 and line.replace("'cli ", "'rummy ") == f"Error: {said}"
    assert "\\n" not in line and "\\t" not in line and ". (see" not in line


def test_a_choice_not_made_readable_for_every_choice_option() -> None:
    code, _, err = run("hint", "--hand", "7H", "--by", "x")
    line = one_error_line(err)
    assert code == 2 and "'x' is not" in line and "\\n" not in line


# --- R2, R16: the hands together hold no more than the decks ------------------------------

def _ledger() -> bytes:
    from pathlib import Path

    return Path("rummy-ledger.yaml").read_bytes()


def test_r16_hands_each_possible_but_together_more_than_the_decks_are_refused() -> None:
    run("new", "Ann", "Ben", "Cy", "Dee")
    before = _ledger()
    code, _, err = run("round", "--stock-out", "--points", "Ann=700", "--points", "Ben=700",
                       "--points", "Cy=700", "--points", "Dee=700")
    assert code == 2 and one_error_line(err) == (
        "Error: the hands together hold 2800 points (Ann 700, Ben 700, Cy 700, Dee 700), "
        "more than all the cards of 2 decks are worth (730)")
    # cards and totals mixed: the cards' worth counts with the totals
    code, _, err = run("round", "--stock-out", "--points", "Ann=700", "--hand",
                       "Ben=KS KH KD JK JK", "--points", "Cy=2", "--points", "Dee=1")
    assert code == 2 and "together hold 783 points" in one_error_line(err)
    assert _ledger() == before
    assert run("round", "--stock-out", "--points", "Ann=700", "--points", "Ben=20",
               "--points", "Cy=5", "--points", "Dee=5")[0] == 0


def test_r16_the_together_limit_follows_the_house_joker_points() -> None:
    run("new", "Ann", "Ben", "Cy", "--rule", "joker_points=100")  # 2 x (340 + 100) = 880
    code, _, err = run("round", "--stock-out", "--points", "Ann=700", "--points", "Ben=181",
                       "--points", "Cy=0")
    assert code == 2 and "together hold 881 points" in one_error_line(err)
    assert "worth (880)" in err
    assert run("round", "--stock-out", "--points", "Ann=700", "--points", "Ben=180",
               "--points", "Cy=0")[0] == 0


def test_r16_guided_a_hand_past_what_is_left_is_asked_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    monkeypatch.setattr("rummy_cli.cli.shell.stdin_is_terminal", lambda: True)
    run("new", "Ann", "Ben", "Cy")
    code, out, err = run("round", "--json", input="stock\n700\n31\n25\n5\ny\n")
    assert code == 0
    assert ("With the hands before it (700 points), the hands together hold 731 points, "
            "more than all the cards are worth (730)") in " ".join(err.split())
    assert json.loads(out)["hand_points"] == {"Ann": 700, "Ben": 25, "Cy": 5}


def test_settled_8_rummikub_totals_are_taken_as_given_each_up_to_the_set() -> None:
    # RUMMIKUB.md settled point 8: a rack's total is taken as given, from 0 to the set's
    # worth; only racks given as tiles are checked across the round
    run("new", "Ann", "Ben", "Cy", "--game", "rummikub")
    assert run("round", "--out", "Ann", "--points", "Ben=700", "--points", "Cy=700")[0] == 0


# --- what --guided does, as the help says it ----------------------------------------------

def test_round_guided_help_says_the_options_given_are_used() -> None:
    help_text = " ".join(run("round", "--help")[1].split())
    assert "Ask for everything" not in help_text
    assert ("--guided Ask for what the options leave out (how the round ended, each hand not "
            "given), then confirm; what they give is used, not asked.") in help_text


def test_round_guided_uses_a_hand_given_and_asks_only_the_others() -> None:
    import json

    run("new", "Ann", "Ben", "Cy")
    code, out, err = run("round", "--guided", "--knock", "Ann", "--hand", "Ann=3C", "--json",
                         input="20\n12\ny\n")
    assert code == 0 and "Ann's hand: 3C (given)" in err
    assert json.loads(out)["hand_points"] == {"Ann": 3, "Ben": 20, "Cy": 12}


def test_check_turn_guided_help_says_the_options_given_are_used() -> None:
    help_text = " ".join(run("check", "turn", "--help")[1].split())
    assert "what the options leave out" in help_text
    code, out, err = run("check", "turn", "--guided", "--before", "7H 8H 9H",
                         input="10H 5S\n7H 8H 9H 10H\n\n")
    assert code == 0 and "7H 8H 9H (given)" in err and "LEGAL" in out


# --- shell completion: a player's name wherever one is taken ------------------------------

def complete(words: str) -> list[str]:
    from click.testing import CliRunner

    from rummy_cli.cli import cli

    env = {"_RUMMY_COMPLETE": "bash_complete", "COMP_WORDS": words,
           "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1))}
    result = CliRunner().invoke(cli, [], prog_name="rummy", env=env)
    return [line.split(",", 1)[1] for line in result.output.splitlines() if "," in line]


@pytest.mark.parametrize("words, offered", [
    ("rummy fix 1 --knock ", ["Ann", "Ben", "Cy"]),
    ("rummy fix 1 --hand b", ["Ben="]),
    ("rummy fix 1 --points ", ["Ann=", "Ben=", "Cy="]),
    ("rummy rename ", ["Ann", "Ben", "Cy"]),
    ("rummy rename c", ["Cy"]),
    ("rummy round --dealer ", []),  # round has no --dealer: nothing made up
])
def test_completion_offers_names_in_fix_and_rename(words: str, offered: list[str]) -> None:
    run("new", "Ann", "Ben", "Cy")
    run("round", "--stock-out", "--points", "Ann=1", "--points", "Ben=2", "--points", "Cy=3")
    got = complete(words)
    assert got == offered or (not offered and not any(n in got for n in ("Ann", "Ben")))


def test_completion_of_dealer_and_first_in_new_offers_the_names_typed() -> None:
    run("new", "Ann", "Ben", "Cy")  # a ledger of other players: not what 'new' names
    assert complete("rummy new Abe Bea --dealer ") == ["Abe", "Bea"]
    assert complete("rummy new Abe Bea --game rummikub --first b") == ["Bea"]


def test_completion_in_rummikub_offers_names_for_out_rack_and_first() -> None:
    run("new", "Ann", "Ben", "Cy", "--game", "rummikub")
    assert complete("rummy round --out a") == ["Ann"]
    assert complete("rummy round --rack ") == ["Ann=", "Ben=", "Cy="]
    assert complete("rummy round --first c") == ["Cy"]
    assert complete("rummy fix 1 --out ") == ["Ann", "Ben", "Cy"]
    assert complete("rummy fix 1 --first b") == ["Ben"]


def test_completion_of_rename_offers_players_of_earlier_games_too() -> None:
    run("new", "Ann", "Ben", "--target", "10")
    assert run("round", "--knock", "Ann", "--points", "Ann=0", "--points", "Ben=50")[0] == 0
    assert run("new", "Cy", "Dee")[0] == 0
    assert complete("rummy rename ") == ["Ann", "Ben", "Cy", "Dee"]
    assert complete("rummy round --knock ") == ["Cy", "Dee"]


# --- a unique start of a name, wherever a name is typed -----------------------------------

@pytest.mark.parametrize("game, option", [("manipulation", "--dealer"), ("gin", "--dealer"),
                                          ("rummikub", "--first")])
def test_new_takes_the_start_of_a_name_for_dealer_and_first(game: str, option: str) -> None:
    names = ("Ann", "Ben") if game == "gin" else ("Ann", "Ben", "Cy")
    code, out, err = run("new", *names, "--game", game, option, "be", "--json")
    assert code == 0, err
    import json

    doc = json.loads(out)
    assert (doc["first_dealer"] if option == "--dealer" else doc["first_leader"]) == "Ben"


def test_new_refuses_an_ambiguous_start_naming_the_candidates() -> None:
    from pathlib import Path

    code, _, err = run("new", "Ann", "Abe", "Cy", "--dealer", "a")
    assert code == 2 and one_error_line(err) == "Error: 'a' could be Ann or Abe: type more"
    assert not Path("rummy-ledger.yaml").exists()


def test_rename_takes_the_start_of_the_old_name() -> None:
    run("new", "Ann", "Abe", "Cy")
    before = _ledger()
    code, _, err = run("rename", "a", "Anna")
    assert code == 2 and one_error_line(err) == "Error: 'a' could be Ann or Abe: type more"
    assert _ledger() == before
    code, out, _ = run("rename", "c", "Cyrus")
    assert code == 0 and "Renamed Cy to Cyrus" in out


# --- guided input that runs out says where -------------------------------------------------

def test_guided_check_turn_says_the_input_ended_at_the_draws_question() -> None:
    code, out, err = run("check", "turn", "--guided",
                         input="7H 8H 9H\n10H 5S\n7H 8H 9H 10H\n")
    assert code == 2 and out == ""
    assert err.splitlines()[-1] == (
        "Error: the input ended at 'Cards drawn this turn (1-3)': every question needs an "
        "answer, one a line")


@pytest.mark.parametrize("typed, question", [
    ("stock\n4C\n", "Ben's hand"),
    ("stock\n4C\n\n", "Ben went out?"),  # its [y/N] is not part of the question named
    ("stock\n4C\n3D\n2D\n", "Record this round?"),
])
def test_guided_round_says_where_the_input_ended_and_leaves_the_ledger(
        typed: str, question: str) -> None:
    run("new", "Ann", "Ben", "Cy")
    before = _ledger()
    code, _, err = run("round", "--guided", input=typed)
    assert code == 2 and err.splitlines()[-1] == (
        f"Error: the input ended at '{question}': every question needs an answer, one a "
        "line; nothing was changed")
    assert _ledger() == before


def test_guided_gin_and_rummikub_say_where_the_input_ended() -> None:
    run("new", "Ann", "Ben", "--game", "gin")
    code, _, err = run("round", "--guided", input="Ann\n")
    assert code == 2 and "Error: the input ended at " in err.splitlines()[-1]
    run("new", "Cy", "Dee", "--game", "rummikub", "--ledger", "rk.yaml")
    code, _, err = run("round", "--guided", "--ledger", "rk.yaml", input="")
    assert code == 2 and "Error: the input ended at 'Who went out?" in err.splitlines()[-1]


# --- a ledger given where a dispute file is expected ---------------------------------------

@pytest.mark.parametrize("sample, key", [("samples/friday-night.yaml", "games"),
                                         ("tests/data/format-1-friday-night.yaml", "format")])
def test_check_turn_of_a_ledger_says_it_is_a_ledger_not_a_dispute(sample: str,
                                                                   key: str) -> None:
    from pathlib import Path

    text = (Path(__file__).parent.parent / sample).read_text(encoding="utf-8")
    code, out, err = run("check", "turn", "-", input=text)
    assert code == 2 and out == ""
    assert one_error_line(err) == (
        f"Error: standard input is a rummy ledger ({key}:), not a dispute: a dispute file "
        "holds one turn, the lines hand: and after: (and before: unless the table was "
        "empty); see 'rummy check turn --help'")


def test_check_turn_rummikub_of_a_ledger_points_at_a_rummikub_dispute() -> None:
    from pathlib import Path

    text = (Path(__file__).parent.parent / "samples/rummikub-night.yaml").read_text("utf-8")
    code, _, err = run("check", "turn", "--game", "rummikub", "-", input=text)
    assert code == 2 and "is a rummy ledger (games:), not a dispute" in one_error_line(err)
    assert "game: rummikub, rack: and after:" in err


def test_a_dispute_with_a_stray_format_line_is_still_an_unknown_key() -> None:
    code, _, err = run("check", "turn", "-",
                       input="format: 2\nbefore: 7H 8H 9H\nhand: 10H\nafter: 7H 8H 9H 10H\n")
    assert code == 2 and "unknown key 'format'" in one_error_line(err)
