"""What the referee and the solver say, read as a player reads it: through click's CliRunner.

Going out, forced jokers in a turn, and the wording of every refusal a player can provoke.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clirun import one_error_line, run, unfolded

# --- R23: playing every card is going out, not a knock ------------------------------------

def test_r23_hint_says_going_out_not_knock() -> None:
    code, out, _ = run("hint", "--table", "7H 8H 9H", "--hand", "10H JH QH")
    assert code == 0
    assert "knock" not in out
    assert out.endswith(
        "Left in hand: nothing.\n"
        "You go out: the round ends, and you win it with the 25-point going-out bonus\n"
        "(R23).\n")  # folded at 80 columns


def test_r23_hint_json_says_going_out() -> None:
    _, out, _ = run("hint", "--table", "7H 8H 9H", "--hand", "10H JH QH", "--json")
    doc = json.loads(out)
    assert (doc["hand_after"], doc["goes_out"], doc["may_knock"]) == ([], True, True)
    _, out, _ = run("hint", "--table", "7H 8H 9H", "--hand", "10H JH 2C", "--json")
    assert json.loads(out)["goes_out"] is False


def test_r23_check_turn_says_going_out_not_knock() -> None:
    code, out, _ = run("check", "turn", "--before", "7H 8H 9H", "--hand", "10H JH",
                       "--after", "7H 8H 9H 10H JH")
    assert code == 0
    assert out == (
        "LEGAL turn.\n"
        "Played from hand: 10H JH.  Left in hand: nothing.\n"
        "The player goes out: the round ends, and they win it with the 25-point going-out\n"
        "bonus (R23).\n")  # folded at 80 columns


def test_r17_a_small_hand_left_may_still_knock() -> None:
    code, out, _ = run("check", "turn", "--before", "7H 8H 9H", "--hand", "10H 2C",
                       "--after", "7H 8H 9H 10H")
    assert code == 0
    assert out.endswith("Left in hand: 2C (2 points).\n"
                        "The player may knock (5 or fewer points in hand).\n")
    assert "goes out" not in out


def test_r23_an_illegal_turn_that_empties_the_hand_is_not_going_out() -> None:
    code, out, _ = run("check", "turn", "--before", "7H 8H 9H", "--hand", "10H JS",
                       "--after", "7H 8H 9H 10H JS", "--json")
    doc = json.loads(out)
    assert code == 1 and doc["hand_after"] == [] and doc["goes_out"] is False


# --- R13: a legal turn says what a forced joker stands for --------------------------------

def test_r13_legal_turn_names_forced_joker() -> None:
    code, out, _ = run("check", "turn", "--before", "9D 9S 9C", "--hand", "JK 2C",
                       "--after", "9D 9S 9C JK")
    assert code == 0
    assert out.splitlines()[:2] == [
        "LEGAL turn.",
        "In 9D 9S 9C JK the joker stands for 9H: the only card that fits (R13).",
    ]


def test_r13_legal_turn_names_every_forced_joker_and_json_lists_them() -> None:
    args = ("check", "turn", "--before", "9D 9S 9C", "--hand", "JK 2C JK 5C 4C",
            "--after", "9D 9S 9C JK / 2C JK 4C 5C")
    code, out, _ = run(*args)
    assert code == 0
    assert out.splitlines()[1:3] == [
        "In 9D 9S 9C JK the joker stands for 9H: the only card that fits (R13).",
        "In 2C JK 4C 5C the joker stands for 3C: the only card that fits (R13).",
    ]
    _, out, _ = run(*args, "--json")
    assert json.loads(out)["forced"] == ["9H", "3C"]
    code, out, _ = run("check", "turn", "--hand", "2C JK JK 5C", "--after", "2C JK JK 5C")
    assert "In 2C JK JK 5C the jokers stand for 3C and 4C: the only cards that fit" in out


# --- R22: a tie with the knocker is won by the other player -------------------------------

@pytest.mark.parametrize(("points", "sentence"), [
    ({"Ann": 4, "Ben": 4}, "Ben ties the knocker Ann and wins: 10 points (0 + 10 undercut bonus)."),
    ({"Ann": 3, "Ben": 3, "Cy": 3},
     "Ben and Cy tie the knocker Ann and both win: Ben 10 points (0 + 10 undercut bonus), "
     "Cy 10 points (0 + 10 undercut bonus)."),
    ({"Ann": 3, "Ben": 2, "Cy": 20},
     "Ben undercuts Ann: 29 points (19 + 10 undercut bonus)."),
    ({"Ann": 3, "Ben": 2, "Cy": 2},
     "Ben and Cy tie under Ann's knock and both undercut: Ben 11 points (1 + 10 undercut "
     "bonus), Cy 11 points (1 + 10 undercut bonus)."),
])
def test_r22_knocker_tie_worded_ties_the_knocker(points: dict[str, int], sentence: str) -> None:
    from rummy_cli.games.manipulation.report import round_sentence
    from rummy_cli.games.manipulation.scoring import score_round

    result = score_round(list(points), points, knocker="Ann")
    assert round_sentence(result, 10, 25) == sentence


def test_r22_round_command_says_ties_the_knocker() -> None:
    run("new", "Ann", "Ben", "--dealer", "Ann")
    code, out, _ = run("round", "--knock", "Ann", "--points", "Ann=4", "--points", "Ben=4")
    assert code == 0
    assert unfolded(out).startswith("Round 1 (Ann dealt): Ben ties the knocker Ann and wins: "
                                 "10 points")
    assert "undercuts" not in out


# --- every message a player can provoke, read as a player reads it ----------------------

DISPUTES = [
    "hand: 2C\nafter: [7H 8H 9H, ~]\n",
    "hand: 2C\nafter: [7H 8H 9H, {a: 1}]\n",
    "hand: 2C\nafter: {a: 1}\n",
    "hand: 2C\nafter: 7\n",
    "hand: 2C\nafter: 7H 8H 9H\nbefore: true\n",
    "hand: {a: 1}\nafter: 7H 8H 9H\n",
    "hand: [2C, null]\nafter: 7H 8H 9H\n",
    "hand: [2C, [3C]]\nafter: 7H 8H 9H\n",
    "hand: [2C, true]\nafter: 7H 8H 9H\n",
    "hand: true\nafter: 7H 8H 9H\n",
    "hand: 2C\nafter: [[7H, 8H, ~]]\n",
    "hand: 2C\nafter: [[7H, 8H, {a: 1}]]\n",
    "hand: 2C\nafter: []\ndraws: ~\n",
    "hand: 2C\nafter: []\ndraws: 2.5\n",
    "hand: 2C\nafter: []\ndraws: yes\n",
    "hand: 2C\nafter: []\ndraws: true\n",
    "hand: 2C\nafter: []\ndecks: [1]\n",
    "hand: 2C\nafter: []\ndecks: {a: 1}\n",
    "- 7H\n",
    "",
    "null\n",
    "true\n",
]


@pytest.mark.parametrize("text", DISPUTES)
def test_no_message_shows_python_none(text: str) -> None:
    Path("d.yaml").write_text(text, encoding="utf-8")
    code, out, err = run("check", "turn", "d.yaml")
    line = one_error_line(err)
    assert code == 2 and out == ""
    for python in ("None", "True", "False", "{'", "['", "[]", "Errno", "codec"):
        assert python not in line, line
    assert line.startswith("Error: d.yaml")


@pytest.mark.parametrize(("text", "message"), [
    ("hand: 2C\nafter: [7H 8H 9H, ~]\n",
     "d.yaml: after, meld 2 is empty: give its cards or remove it"),
    ("hand: [2C, null]\nafter: 7H 8H 9H\n",
     "d.yaml: hand: card 2 is empty; write the cards as 7H 8H 9H or [7H, 8H, 9H]"),
    ("hand: 2C\nafter: {a: 1}\n",
     "d.yaml: after: a table is a list of melds (or one line, melds separated by '/'), not a "
     "mapping (key: value)"),
    ("hand: 2C\nafter: []\ndraws: ~\n",
     "d.yaml: draws is empty: give a whole number 1 to 3, or leave the line out"),
    ("hand: 2C\nafter: []\ndraws: '2'\n", None),  # a quoted number is still the number
    ("hand: 2C\naftr: []\n",
     "d.yaml: unknown key 'aftr' (did you mean 'after'? a dispute has before, hand, after, "
     "decks, draws)"),
    ("hand: 2C\n", "d.yaml: 'after' is missing: give the table the player proposes"),
    ("before: 7H 8H\nhand: 2C\nafter: [7H 8H 9H]\n",
     "d.yaml: the table before the turn is not legal: meld 1 (7H 8H): a meld needs at least 3 "
     "cards; this one has only 2: 7H 8H"),
])
def test_dispute_file_mistakes_are_said_in_words(text: str, message: str | None) -> None:
    Path("d.yaml").write_text(text, encoding="utf-8")
    code, _, err = run("check", "turn", "d.yaml")
    if message is None:
        assert code == 0 and err == ""
    else:
        assert code == 2 and one_error_line(err) == f"Error: {message}"


def test_a_dispute_that_is_not_text_or_is_a_folder_is_said_plainly() -> None:
    Path("d.yaml").write_bytes(b"\x00\xff\xfe")
    Path("folder").mkdir()
    code, _, err = run("check", "turn", "d.yaml")
    assert one_error_line(err) == ("Error: d.yaml: not a dispute: it is not UTF-8 text (byte 2 "
                                   "is not)")
    code, _, err = run("check", "turn", "folder")
    assert one_error_line(err) == "Error: folder: not a dispute: it is a folder, not a file"


@pytest.mark.parametrize(("args", "message"), [
    (["check", "meld"], "no cards given: name the meld's cards, e.g. rummy check meld 7H JK=8H 9H"),
    (["check", "table"], "no table given: name its melds, separated by '/', e.g. rummy check "
                         "table \"7H 8H 9H / QS QH QD\""),
    (["arrange"], "no cards given: name the cards, e.g. rummy arrange 7S 7H 7D 8S 9S"),
    (["hint"], "no --hand: give the cards in your hand after drawing, e.g. --hand \"QD KD 4D "
               "9C\""),
    (["hint", "--hand", ""], "--hand is empty: give the cards in your hand after drawing, e.g. "
                             "--hand \"QD KD 4D 9C\""),
    (["hint", "--hand", "2C", "--draws", "4"],
     "--draws is 1, 2 or 3, not '4'"),
    (["check", "meld", "7H", "8H", "9H", "--decks", "3"],
     "--decks is 1 or 2, not '3'"),
    (["check", "turn", "--hand", "2C"],
     "give --after (the table the player proposes) too"),
    (["check", "meld", "1H", "2H", "3H"], "the meld: '1H' is not a card: an ace is written A, "
                                          "e.g. AH"),
])
def test_referee_refusals_say_what_to_type(args: list[str], message: str) -> None:
    code, _, err = run(*args)
    line = one_error_line(err)
    assert code == 2 and line.startswith(f"Error: {message}")
    assert line[len(f"Error: {message}"):] in ("", " (see 'cli hint --help')",
                                               " (see 'cli check meld --help')",
                                               " (see 'cli check turn --help')")


def test_hint_after_a_third_draw_says_the_turn_is_over_in_words() -> None:
    code, out, _ = run("hint", "--table", "7H 8H 9H", "--hand", "10H KS", "--draws", "3")
    assert code == 1 and out == (
        "No legal play: you drew a third card, so you may not meld this turn (R5).\n"
        "Your turn is over.\n")


@pytest.mark.parametrize("args", [
    ["check", "turn", "--before", "10D JD JK=QD", "--hand", "KD 4C", "--after",
     "JK=9D 10D JD / KD"],
    ["check", "turn", "--before", "5H 6H 7H 8H", "--hand", "9S", "--after", "6H 7H 8H 9S"],
    ["check", "table", "6H 7H 8H 9S / 2H JK 9H JH / 7H 8D 9S"],
    ["check", "meld", "7H JK 8H"],
    ["check", "turn", "--hand", "7H", "--after", "5H 6H"],
])
def test_referee_lines_fold_between_words_within_100_columns(args: list[str]) -> None:
    # a terminal folds a long line mid-word; rummy folds its sentences between words
    code, out, _ = run(*args)
    assert code == 1
    assert all(len(line) <= 100 for line in out.splitlines()), out
    _, doc, _ = run(*args, "--json")
    messages = [p["message"] for p in _problems(json.loads(doc))]
    assert messages
    text = " ".join(out.split())
    for message in messages:
        assert message in text  # every word kept, none cut in two


def _problems(doc: dict[str, object]) -> list[dict[str, str]]:
    if "violations" in doc:
        return doc["violations"]  # type: ignore[return-value]
    if "melds" in doc:
        return [p for m in doc["melds"] for p in m["problems"]]  # type: ignore[attr-defined]
    return doc["problems"]  # type: ignore[return-value]


def test_a_narrow_terminal_narrows_the_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    from rummy_cli.render import choose_style, wrap

    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    monkeypatch.setenv("COLUMNS", "61")
    style = choose_style(ascii_only=True)
    assert style.width == 60
    text = ("a joker declared QD now stands for another card, but no real QD is on the table: "
            "a joker's card changes only when the real QD replaces it")
    lines = wrap(text, style, "  - joker-changed (R14): ", indent=4).splitlines()
    assert [len(line) <= 60 for line in lines] == [True] * len(lines) and len(lines) == 3
    assert " ".join(" ".join(lines).split()) == "- joker-changed (R14): " + text
    monkeypatch.setenv("COLUMNS", "300")
    assert choose_style(ascii_only=True).width == 100


def test_wrap_counts_what_shows_not_colour_codes() -> None:
    from rummy_cli.render import Style, wrap

    colour = Style(symbols=True, color=True, width=30)
    lines = wrap("9S is a spade in a hearts run; a run is all one suit", colour).splitlines()
    assert lines[0].startswith("\x1b[1m9♠\x1b[0m is a spade in a hearts")
    assert len(lines) == 2


# --- R10: when no arrangement takes every card played, say what could have been played ------

def test_r10_no_arrangement_says_which_cards_could_be_played_and_which_not() -> None:
    code, out, _ = run("check", "turn", "--before", "5D 6D 7D / 9D 10D JD", "--hand",
                       "4D QD 2C KS", "--after", "4D 5D 6D 7D / 9D 10D JD QD 2C")
    assert code == 1 and "No arrangement helps" not in out
    assert out.splitlines()[-4:] == [
        "No arrangement takes all 3 cards played: at most 2 can join the table before the",
        "turn, and 2C cannot join it at all. 4D QD alone could be played:",
        "    4D 5D 6D 7D",
        "    9D 10D JD QD"]


@pytest.mark.parametrize(("hand", "after", "said"), [
    # each 4D fits alone, but not both: neither is said to fit nowhere
    ("4D 4D", "4D 4D 5D 6D 7D / 9D 10D JD", "No arrangement takes both cards played: at most "
     "1 can join the table before the turn. 4D alone could be played: 4D 5D 6D 7D 9D 10D JD"),
    ("2C KS 4D QD", "4D 5D 6D 7D / 9D 10D JD QD 2C KS", "at most 2 can join the table before "
     "the turn, and neither KS nor 2C can join it at all. 4D QD alone could be played:"),
    ("2C KS", "5D 6D 7D / 9D 10D JD 2C KS", "No arrangement helps: none of KS 2C can join the "
     "table before the turn in legal melds."),
    ("2C", "5D 6D 7D 2C / 9D 10D JD", "No arrangement helps: 2C and the table before the turn "
     "cannot make legal melds together."),
])
def test_r10_no_arrangement_is_true_of_every_card_played(hand: str, after: str,
                                                         said: str) -> None:
    code, out, _ = run("check", "turn", "--before", "5D 6D 7D / 9D 10D JD", "--hand", hand,
                       "--after", after)
    assert code == 1 and said in unfolded(out)


def test_guided_a_negative_hand_total_is_called_negative_not_a_card() -> None:
    assert run("new", "Ann", "Ben", "--dealer", "Ann")[0] == 0
    code, _, err = run("round", "--guided", input="Ann\n-3\n")
    assert code == 2 and "Ann's hand total cannot be negative (-3)" in unfolded(err)
    assert "is not a card" not in err
    code, _, err = run("round", "--knock", "Ann", "--hand", "Ann=-3", "--points", "Ben=4")
    assert code == 2 and "Ann's hand total cannot be negative" in one_error_line(err)
