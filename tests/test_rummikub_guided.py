"""``check turn --guided --game rummikub`` (K9-K16 asked for at the table) and the tiles of
``hint`` and ``arrange --game rummikub`` in colour on a colour terminal."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from rummy_cli.cli import cli
from tests.clirun import run, unfolded

FREED = ["5O JK 7O / 3K 4K 5K", "6O 11B 12B 2R", "5O 6O 7O / 3K 4K 5K / 11B 12B JK"]


def answers(*lines: str) -> str:
    return "\n".join(lines) + "\n"


def last_line(err: str) -> str:
    return err.strip().splitlines()[-1]


# --- the questions --------------------------------------------------------------------------

def test_k14_guided_turn_asks_the_tables_the_rack_and_the_opening() -> None:
    code, out, err = run("check", "turn", "--guided", "--game", "rummikub",
                         input=answers(*FREED, "y"))
    assert code == 0
    for question in ("Table before the turn (Enter if empty):", "The player's rack:",
                     "Table after the turn (Enter if empty):",
                     "Has the player opened already (sets worth 30 or more in an earlier "
                     "turn)? [Y/n/back]:"):
        assert question in err
    assert out.startswith("LEGAL turn.")  # the questions stay off stdout
    assert "Played from the rack: 11B 12B 6O.  Left in the rack: 2R (2 points)." in out


def test_k9_guided_enter_at_the_opening_question_means_opened() -> None:
    code, out, _ = run("check", "turn", "--guided", "--game", "rummikub",
                       input=answers(*FREED, ""))
    assert code == 0 and out.startswith("LEGAL turn.")


def test_k10_guided_not_opened_judges_an_opening_turn() -> None:
    code, out, _ = run("check", "turn", "--guided", "--game", "rummikub", "--json",
                       input=answers(*FREED, "n"))
    doc = json.loads(out)  # the questions are on stderr: stdout is the JSON alone
    assert code == 1 and not doc["legal"]
    assert {v["code"] for v in doc["violations"]} == {"opening-used-table", "opening-too-low"}


def test_k9_guided_initial_option_is_not_asked_again() -> None:
    code, out, err = run("check", "turn", "--guided", "--game", "rummikub", "--initial",
                         input=answers("", "9R 10R JK 2K", "9R 10R JK"))
    assert code == 0 and "opened already" not in err
    assert "The new sets of the player's own tiles are worth 30 (opens)." in out


def test_guided_turn_on_a_terminal_without_options_asks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # as the card referee: on a terminal, check turn with nothing given asks
    monkeypatch.setattr("rummy_cli.cli.shell.stdin_is_terminal", lambda: True)
    code, out, err = run("check", "turn", "--game", "rummikub-xp",
                         input=answers(*FREED, "y"))
    assert code == 0 and "The player's rack:" in err and out.startswith("LEGAL turn.")


def test_guided_off_a_terminal_without_guided_still_asks_for_the_options() -> None:
    code, _, err = run("check", "turn", "--game", "rummikub", input=answers(*FREED))
    assert code == 2 and "--rack" in err and "Table before" not in err


# --- re-asking on a mistake ----------------------------------------------------------------

def test_guided_a_typo_is_shown_and_asked_again() -> None:
    code, out, err = run("check", "turn", "--guided", "--game", "rummikub",
                         input=answers(FREED[0], "6O 11B 12X", *FREED[1:], "y"))
    assert code == 0 and out.startswith("LEGAL turn.")
    assert "'12X' has no colour 'X'" in unfolded(err) and "Try again." in err
    assert err.count("The player's rack:") == 2


def test_guided_a_card_typed_for_a_tile_is_refused_and_asked_again() -> None:
    code, out, err = run("check", "turn", "--guided", "--game", "rummikub",
                         input=answers("7H 8H 9H", *FREED, "y"))
    assert code == 0 and out.startswith("LEGAL turn.")
    assert "'7H' is a playing card, not a Rummikub tile" in unfolded(err)
    assert err.count("Table before the turn (Enter if empty):") == 2


def test_k1_guided_a_table_with_too_many_copies_is_asked_again() -> None:
    code, _, err = run("check", "turn", "--guided", "--game", "rummikub", "--initial",
                       input=answers("7R 7R 7R", "", "9R 10R JK 2K", "9R 10R JK"))
    assert code == 0
    assert "The table holds more tiles than the set: 7R appears 3 times" in unfolded(err)


def test_k1_xp_holds_three_copies_of_each_tile() -> None:
    code, _, err = run("check", "turn", "--guided", "--game", "rummikub-xp", "--initial",
                       input=answers("7K 7B 7R / 7K 7B 7R / 7K 7B 7R", "9R 10R JK 2K",
                                     "7K 7B 7R / 7K 7B 7R / 7K 7B 7R / 9R 10R JK"))
    assert code == 0  # three of each tile on the table: no question asked again
    assert "Try again." not in err


def test_k5_guided_an_illegal_table_before_the_turn_is_asked_again() -> None:
    code, _, err = run("check", "turn", "--guided", "--game", "rummikub",
                       input=answers("5R 6R 8R", *FREED, "y"))
    assert code == 0
    assert "The table before the turn is not legal: set 1 (5R 6R 8R)" in unfolded(err)


def test_k14_guided_a_declared_joker_in_the_rack_is_asked_again() -> None:
    code, _, err = run("check", "turn", "--guided", "--game", "rummikub",
                       input=answers(FREED[0], "6O 11B 12B JK=2R", *FREED[1:], "y"))
    assert code == 0
    assert "JK=2R is in the rack: a joker in a rack stands for nothing yet" in unfolded(err)


def test_guided_an_empty_rack_is_asked_again() -> None:
    code, _, err = run("check", "turn", "--guided", "--game", "rummikub",
                       input=answers(FREED[0], "", *FREED[1:], "y"))
    assert code == 0 and err.count("The player's rack:") == 2  # Enter is no answer here


def test_guided_back_starts_again_and_not_at_the_first_question() -> None:
    code, out, err = run("check", "turn", "--guided", "--game", "rummikub",
                         input=answers("back", "", "9R 10R", "back", *FREED, "y"))
    assert code == 0 and out.startswith("LEGAL turn.")
    assert "This is the first question: type the table before the turn." in err
    assert "Back to the table before the turn." in err


def test_guided_a_wrong_yes_no_is_asked_again() -> None:
    code, _, err = run("check", "turn", "--guided", "--game", "rummikub",
                       input=answers(*FREED, "maybe", "yes"))
    assert code == 0 and "'maybe': answer y (yes), n (no)" in err


def test_guided_given_options_are_used_and_a_bad_one_asked_again() -> None:
    code, out, err = run("check", "turn", "--guided", "--game", "rummikub",
                         "--before", FREED[0], "--rack", "6O 11B 12Q",
                         input=answers(FREED[1], FREED[2], "y"))
    assert code == 0 and out.startswith("LEGAL turn.")
    assert f"Table before the turn (Enter if empty): {FREED[0]} (given)" in err
    assert "'12Q' has no colour 'Q'" in unfolded(err)


# --- the end of input ----------------------------------------------------------------------

@pytest.mark.parametrize("typed", [[], [FREED[0]], FREED[:2], FREED, [FREED[0], "7H"]])
def test_guided_end_of_input_is_one_clean_error(typed: list[str]) -> None:
    code, out, err = run("check", "turn", "--guided", "--game", "rummikub",
                         input=answers(*typed) if typed else "")
    assert code == 2 and out == ""
    assert last_line(err).startswith("Error: ")
    assert sum(line.startswith("Error:") for line in err.splitlines()) == 1


def test_guided_with_a_file_is_refused() -> None:
    code, _, err = run("check", "turn", "d.yaml", "--guided", "--game", "rummikub")
    assert code == 2 and "not both" in last_line(err)


def test_guided_refuses_the_card_options_before_asking() -> None:
    code, _, err = run("check", "turn", "--guided", "--game", "rummikub", "--draws", "2",
                       input=answers(*FREED, "y"))
    assert code == 2 and "Table before" not in err and "--draws" in last_line(err)


# --- the tiles in colour -------------------------------------------------------------------

RED_5R, BLUE_11B, ORANGE_6O = "\x1b[31m5R\x1b[0m", "\x1b[34m11B\x1b[0m", "\x1b[33m6O\x1b[0m"


def coloured(monkeypatch: pytest.MonkeyPatch, *args: str) -> str:
    """stdout of ``rummy ARGS`` as a colour terminal shows it."""
    from click import testing

    monkeypatch.setattr(testing._NamedTextIOWrapper, "isatty", lambda self: True)
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.delenv("NO_COLOR", raising=False)
    result = CliRunner().invoke(cli, list(args), color=True)
    assert result.exit_code in (0, 1), result.stderr
    return result.stdout


def test_hint_shows_tiles_in_colour_on_a_colour_terminal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    args = ("hint", "--table", FREED[0], "--hand", "6O 11B 12B", "--game", "rummikub")
    out = coloured(monkeypatch, *args)
    assert f"Best play: 3 tiles ({BLUE_11B} \x1b[34m12B\x1b[0m {ORANGE_6O})" in out
    assert "  \x1b[1m3K\x1b[0m \x1b[1m4K\x1b[0m \x1b[1m5K\x1b[0m\n" in out
    assert "\x1b[35mJK\x1b[0m" in out
    plain = coloured(monkeypatch, *args, "--ascii")
    assert "\x1b[" not in plain and "Best play: 3 tiles (11B 12B 6O)" in plain


def test_arrange_shows_tiles_in_colour_on_a_colour_terminal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    args = ("arrange", "5R 6R 7R 3O", "--game", "rummikub")
    out = coloured(monkeypatch, *args)
    assert out.startswith("No: \x1b[33m3O\x1b[0m cannot be placed")
    assert f"  {RED_5R} \x1b[31m6R\x1b[0m \x1b[31m7R\x1b[0m\n" in out
    assert "\x1b[" not in coloured(monkeypatch, *args, "--ascii")


def test_hint_and_arrange_are_plain_when_piped() -> None:
    code, out, _ = run("arrange", "5R 6R 7R 3O", "--game", "rummikub")
    assert code == 1 and out.startswith("No: 3O cannot be placed") and "\x1b[" not in out
    code, out, _ = run("hint", "--table", FREED[0], "--hand", "6O 11B 12B", "--game",
                       "rummikub")
    assert code == 0 and "Best play: 3 tiles (11B 12B 6O)" in out and "\x1b[" not in out


# --- 'back' at "Record this round?" in the scorekeeper ------------------------------------

def _three() -> None:
    assert run("new", "Ann", "Ben", "Cy", "--game", "rummikub", "--first", "Ann")[0] == 0


def test_back_at_record_shows_the_round_and_changes_one_rack_keeping_the_others() -> None:
    _three()
    code, out, err = run("round", "--guided", "--json",
                         input=answers("Ann", "5R", "6R", "back", "c", "7R 7B", "y"))
    assert code == 0, err
    assert "Back to the start of the round." not in err
    assert ("As entered: Ann went out.\n  Ann: no tiles\n  Ben: 5R\n  Cy: 6R\n"
            "Change which? (a name, 'out', or Enter for none):") in err
    assert "Who went out?" not in err.split("Change which?")[1]  # Ann stays out
    assert json.loads(out)["rack_points"] == {"Ann": 0, "Ben": 5, "Cy": 14}


def test_back_at_record_with_nothing_typed_keeps_the_round() -> None:
    _three()
    code, out, err = run("round", "--guided", "--json",
                         input=answers("Ann", "5R", "6R", "back", "", "y"))
    assert code == 0, err
    assert json.loads(out)["rack_points"] == {"Ann": 0, "Ben": 5, "Cy": 6}


def test_back_at_record_changes_who_went_out_and_asks_only_the_rack_that_was_empty() -> None:
    _three()
    code, out, err = run("round", "--guided", "--json",
                         input=answers("Ann", "5R", "6R", "back", "out", "Ben", "4R", "y"))
    assert code == 0, err
    after = err.split("Change which?")[1]
    assert "Ann's rack:" in after and "Cy's rack:" not in after
    assert json.loads(out)["rack_points"] == {"Ann": 4, "Ben": 0, "Cy": 6}


def test_back_at_record_pool_asks_the_rack_of_the_player_who_was_out() -> None:
    _three()
    code, out, err = run("round", "--guided", "--json",
                         input=answers("Ann", "5R", "6R", "back", "pool", "9R", "y"))
    assert code == 0, err
    doc = json.loads(out)
    assert doc["end"] == "pool-out" and doc["rack_points"] == {"Ann": 9, "Ben": 5, "Cy": 6}


def test_back_at_record_the_player_out_has_no_rack_to_change() -> None:
    _three()
    code, _, err = run("round", "--guided",
                       input=answers("Ann", "5R", "6R", "back", "ann", "", "n"))
    assert code == 0
    assert "Ann went out, so Ann's rack is empty: type 'out' to change who went out." in err
    assert "Nothing recorded." in err


def test_back_while_changing_a_rack_leaves_it_as_it_was() -> None:
    _three()
    code, out, err = run("round", "--guided", "--json",
                         input=answers("Ann", "5R", "6R", "back", "ben", "back", "", "y"))
    assert code == 0, err
    assert "Nothing changed." in err
    assert json.loads(out)["rack_points"] == {"Ann": 0, "Ben": 5, "Cy": 6}
