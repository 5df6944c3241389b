"""``rummy stats``: each player's figures over the games of one ledger or many.

The night used here, worked out by hand (three players, 2 decks):

night.yaml, game 1 (over after round 3)
  1. Ann knocks with 3; Ben 2, Cy 20: Ben undercuts Ann, 1 + 18 + 10 = 29 (R21).
  2. Stock out; Ann 10, Ben 10, Cy 30: Ann and Ben tie and both win 20 (R22-D2).
  3. Cy goes out; Ann 100, Ben 60: Cy scores 160 + 25 = 185 and ends the game (R23, R24).
  Totals: Cy 185 + 25 + 100 = 310 (the winner), Ben 49 + 50 = 99, Ann 20 + 25 = 45.
night.yaml, game 2 (still being played)
  1. Ann knocks with 4; Ben 12, Cy 9: Ann wins 8 + 5 = 13.
other.yaml, one game (over after round 1)
  1. Stock out; ann 5, Ben 5, Dee 160: ann and Ben score 155 each, both reach 150 and
     share the win with 155 + 25 + 100 = 280 (R27); Dee 0.
"""

from __future__ import annotations

import csv
import io
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from clirun import ok, one_error_line, run
from hypothesis import given, settings
from hypothesis import strategies as st

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def play_the_night() -> None:
    """night.yaml and other.yaml as the module's docstring tells them."""
    night = ("--ledger", "night.yaml")
    ok("new", "Ann", "Ben", "Cy", "--dealer", "Ann", *night)
    ok("round", "--knock", "Ann", "--points", "Ann=3", "--hand", "Ben=2D",
       "--points", "Cy=20", *night)
    ok("round", "--stock-out", "--points", "Ann=10", "--points", "Ben=10",
       "--points", "Cy=30", *night)
    ok("round", "--knock", "Cy", "--hand", "Cy=", "--points", "Ann=100",
       "--points", "Ben=60", *night)
    ok("new", *night)  # the next game: the same players, the same seats
    ok("round", "--knock", "Ann", "--hand", "Ann=4C", "--points", "Ben=12",
       "--hand", "Cy=9S", *night)
    other = ("--ledger", "other.yaml")
    ok("new", "ann", "Ben", "Dee", "--dealer", "Dee", *other)
    ok("round", "--stock-out", "--points", "ann=5", "--points", "Ben=5",
       "--points", "Dee=160", *other)


def stats_doc(*args: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(ok("stats", *args, "--json"))
    return doc


def by_name(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {p["name"]: p for p in doc["players"]}


# --- the figures, checked by hand ---------------------------------------------------------

def test_stats_of_a_two_game_ledger_match_the_figures_worked_out_by_hand() -> None:
    play_the_night()
    doc = stats_doc("night.yaml")
    assert (doc["games"], doc["unfinished"], doc["rounds"]) == (2, 1, 4)
    assert [p["name"] for p in doc["players"]] == ["Cy", "Ben", "Ann"]  # best total first
    fields = ("games_played", "games_won", "games_unfinished", "rounds_played", "rounds_won",
              "knocks", "undercuts_scored", "undercuts_suffered", "goings_out", "best_round",
              "average_left_in_hand", "total")
    got = {name: tuple(p[f] for f in fields) for name, p in by_name(doc).items()}
    assert got == {
        # left in hand: Cy 20 30 0 9, Ben 2 10 60 12, Ann 3 10 100 4 (29.25: a half goes up)
        "Cy": (2, 1, 1, 4, 1, 1, 0, 0, 1, 185, 14.8, 310 + 0),
        "Ben": (2, 0, 1, 4, 2, 0, 1, 0, 0, 29, 21.0, 99 + 0),
        "Ann": (2, 0, 1, 4, 2, 2, 0, 1, 0, 20, 29.3, 45 + 13),
    }


def test_r22_a_round_tied_by_two_counts_as_won_for_each() -> None:
    play_the_night()
    players = by_name(stats_doc("night.yaml"))
    assert players["Ann"]["rounds_won"] == 2 and players["Ben"]["rounds_won"] == 2


def test_r27_a_shared_win_counts_as_a_game_won_for_each_winner() -> None:
    play_the_night()
    players = by_name(stats_doc("other.yaml"))
    assert players["ann"]["games_won"] == players["Ben"]["games_won"] == 1
    assert players["Dee"]["games_won"] == 0
    assert players["ann"]["total"] == players["Ben"]["total"] == 280


def test_an_unfinished_game_counts_as_played_not_won_and_its_points_so_far_count() -> None:
    play_the_night()
    ann = by_name(stats_doc("night.yaml"))["Ann"]
    assert ann["games_played"] == 2 and ann["games_unfinished"] == 1
    assert ann["total"] == 45 + 13  # game 1's final total, game 2's 13 so far


def test_two_files_merge_players_by_name_in_any_case_keeping_the_first_spelling() -> None:
    play_the_night()
    doc = stats_doc("night.yaml", "other.yaml")
    assert (doc["games"], doc["unfinished"], doc["rounds"]) == (3, 1, 5)
    assert doc["ledgers"] == ["night.yaml", "other.yaml"]
    assert [(p["name"], p["games_played"], p["games_won"], p["rounds_won"], p["total"])
            for p in doc["players"]] == [("Ben", 3, 1, 3, 379), ("Ann", 3, 1, 3, 338),
                                         ("Cy", 2, 1, 1, 310), ("Dee", 1, 0, 0, 0)]
    assert by_name(doc)["Ann"]["average_left_in_hand"] == 24.4  # (3 + 10 + 100 + 4 + 5) / 5
    assert by_name(doc)["Dee"]["best_round"] == 0  # played a round, never won one
    reversed_order = stats_doc("other.yaml", "night.yaml")
    assert "ann" in by_name(reversed_order) and "Ann" not in by_name(reversed_order)


def test_a_file_named_twice_counts_once() -> None:
    play_the_night()
    assert stats_doc("night.yaml", "./night.yaml", "--ledger", "night.yaml") == {
        **stats_doc("night.yaml"), "ledgers": ["night.yaml"]}


def test_stats_without_a_file_reads_the_current_ledger(monkeypatch: pytest.MonkeyPatch) -> None:
    play_the_night()
    monkeypatch.setenv("RUMMY_LEDGER", "other.yaml")
    assert stats_doc()["ledgers"] == ["other.yaml"]
    assert stats_doc("--ledger", "night.yaml")["games"] == 2


def test_a_game_just_begun_counts_as_played_with_no_best_round_or_average_yet() -> None:
    ok("new", "Ann", "Ben", "--dealer", "Ann")
    doc = stats_doc()
    assert (doc["games"], doc["unfinished"], doc["rounds"]) == (1, 1, 0)
    assert [(p["games_played"], p["rounds_played"], p["best_round"],
             p["average_left_in_hand"], p["total"]) for p in doc["players"]] == [
        (1, 0, None, None, 0), (1, 0, None, None, 0)]
    lines = ok("stats").splitlines()
    assert lines[0] == "Manipulation Rummy"
    assert lines[3].split() == ["Ann", "1", "0", "0", "0", "0", "0", "0", "0", "0"]
    assert lines[-1] == "1 game, 1 still being played (its points so far count); 0 rounds."


def test_stats_json_has_the_contracts_fields() -> None:
    doc = stats_doc(str(SAMPLES / "friday-night.yaml"))
    assert {"games", "rounds", "players"} <= set(doc)
    for player in doc["players"]:
        assert {"name", "games_played", "games_won", "rounds_played", "rounds_won",
                "total"} <= set(player)
    assert [(p["name"], p["total"]) for p in doc["players"]] == [
        ("Dee", 345), ("Ann", 146), ("Cy", 85), ("Ben", 84)]  # as 'standings' says


# --- the table ----------------------------------------------------------------------------

def test_stats_table_shows_one_line_per_player_and_what_it_was_taken_over() -> None:
    play_the_night()
    lines = ok("stats", "night.yaml", "other.yaml").splitlines()
    assert lines[0] == "Manipulation Rummy"
    assert lines[1].split() == ["Player", "Games", "Won", "Rounds", "Won", "Knocks", "Cuts",
                                "Cut", "Out", "Best", "Avg", "Total"]
    assert lines[3].split() == ["Ben", "3", "1", "5", "3", "0", "1", "0", "0", "155", "17.8",
                                "379"]
    assert lines[6].split() == ["Dee", "1", "0", "1", "0", "0", "0", "0", "0", "0", "160.0",
                                "0"]
    assert lines[-1] == "3 games, 1 still being played (its points so far count); 5 rounds."


def test_stats_csv_parses_with_one_row_per_player_and_no_footer() -> None:
    play_the_night()
    rows = list(csv.DictReader(io.StringIO(ok("stats", "night.yaml", "--format", "csv"))))
    assert [r["Player"] for r in rows] == ["Cy", "Ben", "Ann"]
    assert rows[2] == {"Game": "Manipulation Rummy", "Player": "Ann", "Games": "2",
                       "Won": "0", "Rounds": "4",
                       "Rounds won": "2", "Knocks": "2", "Undercuts": "0", "Undercut": "1",
                       "Out": "0", "Best": "20", "Avg left": "29.3", "Total": "58"}


def test_stats_github_format_is_a_markdown_table_with_the_summary_under_it() -> None:
    play_the_night()
    lines = ok("stats", "night.yaml", "--format", "markdown").splitlines()
    assert lines[:2] == ["Manipulation Rummy", ""]  # a paragraph apart from the table
    assert lines[2].startswith("| Player") and lines[3].startswith("|---")
    assert lines[-1] == "2 games, 1 still being played (its points so far count); 4 rounds."


def test_stats_for_five_players_fit_80_columns() -> None:
    names = ["Annabelle", "Bartholome", "Christophe", "Dominique", "Evangeline"]
    ledger = ("--ledger", "five.yaml")
    ok("new", *names, "--dealer", names[0], *ledger)
    for number in range(40):  # many games: figures of three and four digits
        if number and json.loads(ok("standings", "--json", *ledger))["game_over"]:
            ok("new", *ledger)
        knocker = names[number % 5]
        points = [f"{n}={2 if n == knocker else 10 + 7 * i}" for i, n in enumerate(names)]
        ok("round", "--knock", knocker, *(a for p in points for a in ("--points", p)), *ledger)
    for fmt in ("simple", "plain"):  # a terminal's; markdown is pasted, not read as it is
        out = ok("stats", "five.yaml", "--format", fmt)
        assert max(len(line) for line in out.splitlines()) <= 80, fmt


# --- one table per kind of game -----------------------------------------------------------

def play_the_gin_games() -> None:
    """Gin, classic Gin, Oklahoma and Hollywood, one ledger each, worked out by hand:

    gin.yaml (gin): 1. Ann knocks with 4, Ben 30: Ann 26. 2. A dead hand (G8).
      3. Ben knocks with 8, Ann 5: Ann undercuts, 3 + 25 = 28 (G10).
    classic.yaml (classic): 1. Ann knocks with 1, Ben 11: Ann 10.
    okla.yaml (oklahoma): 1. upcard 6S, Ann knocks with 2, Ben 20: (18) x 2 = 36 (G17).
    holly.yaml (gin, Hollywood): 1. Ben goes gin, Ann 40: 40 + 25 = 65, in game 1.
    """
    def hand(ledger: str, *args: str) -> None:
        ok("round", *args, "--ledger", ledger)

    ok("new", "Ann", "Ben", "--game", "gin", "--dealer", "Ben", "--ledger", "gin.yaml")
    hand("gin.yaml", "--knock", "Ann", "--points", "Ann=4", "--points", "Ben=30")
    hand("gin.yaml", "--dead")
    hand("gin.yaml", "--knock", "Ben", "--points", "Ben=8", "--points", "Ann=5")
    ok("new", "Ann", "Ben", "--game", "classic", "--dealer", "Ben", "--ledger", "classic.yaml")
    hand("classic.yaml", "--knock", "Ann", "--points", "Ann=1", "--points", "Ben=11")
    ok("new", "Ann", "Ben", "--game", "oklahoma", "--dealer", "Ben", "--ledger", "okla.yaml")
    hand("okla.yaml", "--knock", "Ann", "--points", "Ann=2", "--points", "Ben=20",
         "--upcard", "6S")
    ok("new", "Ann", "Ben", "--game", "gin", "--hollywood", "--dealer", "Ben",
       "--ledger", "holly.yaml")
    hand("holly.yaml", "--knock", "Ben", "--points", "Ben=0", "--points", "Ann=40")


ALL = ("night.yaml", "gin.yaml", "classic.yaml", "okla.yaml", "holly.yaml")


def test_stats_keep_each_kind_of_game_apart_and_never_add_them_up() -> None:
    play_the_night()
    play_the_gin_games()
    doc = stats_doc(*ALL)
    kinds = {k["kind"]: k for k in doc["kinds"]}
    assert [k["kind"] for k in doc["kinds"]] == ["manipulation", "gin", "oklahoma",
                                                 "hollywood"]
    assert [k["name"] for k in doc["kinds"]] == ["Manipulation Rummy", "Gin", "Oklahoma",
                                                 "Hollywood"]
    ann = {kind: by_name(k)["Ann"] for kind, k in kinds.items()}
    assert {kind: a["total"] for kind, a in ann.items()} == {
        "manipulation": 45 + 13, "gin": 54 + 10, "oklahoma": 36, "hollywood": 0}
    assert (kinds["gin"]["games"], kinds["gin"]["rounds"]) == (2, 4)  # classic Gin is Gin
    assert doc["players"] is None  # no list of figures of different games put together
    assert (doc["games"], doc["rounds"]) == (2 + 2 + 1 + 1, 4 + 4 + 1 + 1)


def test_g8_a_dead_hand_is_no_hand_played_won_or_lost_and_no_deadwood_left() -> None:
    play_the_gin_games()
    doc = stats_doc("gin.yaml")
    assert doc["kinds"][0]["dead_hands"] == 1 and doc["rounds"] == 3
    fields = ("rounds_played", "rounds_won", "knocks", "undercuts_scored",
              "undercuts_suffered", "goings_out", "best_round", "average_left_in_hand",
              "total")
    got = {name: tuple(p[f] for f in fields) for name, p in by_name(doc).items()}
    assert got == {"Ann": (2, 2, 1, 1, 0, 0, 28, 4.5, 54),  # (4 + 5) / 2, not / 3
                   "Ben": (2, 0, 1, 0, 1, 0, 0, 19.0, 0)}  # (30 + 8) / 2
    lines = ok("stats", "gin.yaml").splitlines()
    assert lines[0] == "Gin"
    assert lines[1].split() == ["Player", "Games", "Won", "Hands", "Won", "Knocks", "Cuts",
                                "Cut", "Gin", "Best", "Avg", "Total"]
    assert lines[-1] == "1 game, 1 still being played (its points so far count); 3 hands, 1 dead."


def test_stats_show_a_table_per_kind_each_within_80_columns() -> None:
    play_the_night()
    play_the_gin_games()
    out = ok("stats", *ALL)
    lines = out.splitlines()
    assert [line for line in lines if line in ("Manipulation Rummy", "Gin", "Oklahoma",
                                               "Hollywood")] == [
        "Manipulation Rummy", "Gin", "Oklahoma", "Hollywood"]
    assert lines.count("") == 7  # before each summary, and between the kinds
    assert max(len(line) for line in lines) <= 80
    assert "Hands" in lines[lines.index("Oklahoma") + 1]


def test_game_kind_shows_only_that_kind_and_may_be_given_again() -> None:
    play_the_night()
    play_the_gin_games()
    doc = stats_doc(*ALL, "--game", "Oklahoma")
    assert [k["kind"] for k in doc["kinds"]] == ["oklahoma"]
    assert doc["players"] == doc["kinds"][0]["players"]  # one kind: its players, as before
    assert [(p["name"], p["total"]) for p in doc["players"]] == [("Ann", 36), ("Ben", 0)]
    both = stats_doc(*ALL, "--game", "hollywood", "--game", "manipulation")
    assert [k["kind"] for k in both["kinds"]] == ["manipulation", "hollywood"]
    assert ok("stats", *ALL, "--game", "gin").splitlines()[0] == "Gin"
    rows = list(csv.DictReader(io.StringIO(ok("stats", *ALL, "--game", "gin",
                                              "--format", "csv"))))
    assert {r["Game"] for r in rows} == {"Gin"}


def test_a_kind_with_no_game_in_the_ledgers_says_so() -> None:
    play_the_night()
    assert ok("stats", "night.yaml", "--game", "hollywood").splitlines() == [
        "Hollywood", "No Hollywood games in this ledger."]
    doc = stats_doc("night.yaml", "--game", "hollywood")
    assert doc["kinds"][0]["games"] == 0 and doc["players"] == []


@pytest.mark.parametrize(("typed", "words"), [
    ("okla", "Invalid value for '--game': 'okla' is not manipulation, gin, oklahoma, "
             "hollywood or rummikub; did you mean 'oklahoma'? (see 'rummy stats --help')"),
    ("holywood", "; did you mean 'hollywood'?"),
    ("poker", "Invalid value for '--game': 'poker' is not manipulation, gin, oklahoma, "
              "hollywood or rummikub (see"),
    ("", "Invalid value for '--game': '' is not manipulation"),
    ("classic", "classic Gin is counted as Gin: use --game gin"),
])
def test_a_mistyped_game_kind_is_one_error_line_with_a_suggestion(typed: str,
                                                                  words: str) -> None:
    play_the_night()
    code, out, err = run("stats", "night.yaml", "--game", typed)
    assert code == 2 and out == "" and words in one_error_line(err)


def test_stats_csv_is_one_sheet_with_the_kind_of_game_on_every_row() -> None:
    play_the_night()
    play_the_gin_games()
    rows = list(csv.DictReader(io.StringIO(ok("stats", *ALL, "--format", "csv"))))
    assert [(r["Game"], r["Player"], r["Total"]) for r in rows] == [
        ("Manipulation Rummy", "Cy", "310"), ("Manipulation Rummy", "Ben", "99"),
        ("Manipulation Rummy", "Ann", "58"), ("Gin", "Ann", "64"), ("Gin", "Ben", "0"),
        ("Oklahoma", "Ann", "36"), ("Oklahoma", "Ben", "0"), ("Hollywood", "Ben", "65"),
        ("Hollywood", "Ann", "0")]


def test_game_kind_completion_offers_the_kinds() -> None:
    from click.testing import CliRunner

    from rummy_cli.cli import cli

    env = {"_RUMMY_COMPLETE": "bash_complete", "COMP_WORDS": "rummy stats --game o",
           "COMP_CWORD": "3"}
    result = CliRunner().invoke(cli, [], prog_name="rummy", env=env)
    assert [line.split(",", 1)[1] for line in result.output.splitlines()] == ["oklahoma"]


# --- errors -------------------------------------------------------------------------------

def test_a_missing_ledger_among_many_is_one_error_naming_it() -> None:
    play_the_night()
    code, out, err = run("stats", "night.yaml", "saturday.yaml", "other.yaml")
    assert code == 2 and out == ""
    assert one_error_line(err) == "Error: saturday.yaml: no such ledger file"


def test_a_pattern_that_matched_no_file_says_so() -> None:
    code, _, err = run("stats", "*.yml")
    assert code == 2 and one_error_line(err) == "Error: no ledger file matches *.yml"


def test_a_damaged_ledger_among_many_is_one_error_naming_it() -> None:
    play_the_night()
    Path("broken.yaml").write_text("players: [Ann, Ben\n", encoding="utf-8")
    code, out, err = run("stats", "night.yaml", "broken.yaml")
    assert code == 2 and out == ""
    assert one_error_line(err).startswith("Error: broken.yaml: ")


def test_stats_with_no_ledger_at_all_says_how_to_start_one() -> None:
    code, _, err = run("stats")
    assert code == 2 and "rummy-ledger.yaml: no such ledger" in one_error_line(err)


@pytest.mark.parametrize(("args", "words"), [
    (["stats", ""], "a ledger's name is empty"),
    (["stats", "night.yaml", "--format", "exel"], "unknown --format 'exel'"),
    (["stats", "night.yaml", "--format", "JSON"], "For JSON, use --json."),
    (["stats", "."], "is a directory"),
])
def test_stats_bad_input_is_one_error_line(args: list[str], words: str) -> None:
    play_the_night()
    code, out, err = run(*args)
    assert code == 2 and out == "" and words in one_error_line(err)


def test_stats_help_says_what_each_figure_means_with_examples() -> None:
    out = ok("stats", "--help")
    for words in ("a shared win counts for each", "still being played", "going out",
                  "rummy stats friday.yaml saturday.yaml --format github",
                  "rummy stats *.yaml --json"):
        assert words in " ".join(out.split()), words


# --- laws for any night -------------------------------------------------------------------

NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve"]


@st.composite
def nights(draw: st.DrawFn) -> list[Any]:
    """The games of one ledger: played until a random round, the next game after each end."""
    from rummy_cli.games.manipulation.game import new_game, next_game, record_round

    players = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=5, unique=True))
    if draw(st.booleans()):  # the same people, written another way in this file
        players = [p.lower() for p in players]
    game = new_game(players, dealer=players[0])
    games = []
    for _ in range(draw(st.integers(0, 12))):
        if game.state.game_over:
            games.append(game)
            game = next_game(game)
        knocker = draw(st.sampled_from([None, *players]))
        hands = {p: draw(st.integers(1, 80)) for p in players}
        if knocker is not None:
            hands[knocker] = draw(st.integers(0, 5))
        elif draw(st.booleans()):
            hands[draw(st.sampled_from(players))] = 0  # went out as the stock ran out
        game, _ = record_round(game, knocker, hands)
    return [*games, game]


@settings(max_examples=25, deadline=None)
@given(st.lists(nights(), min_size=1, max_size=3))
def test_stats_totals_add_up_to_every_games_standings_and_every_round_has_a_winner(
        files: list[list[Any]]) -> None:
    from rummy_cli.ledger import Ledger, dump

    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for i, games in enumerate(files):
            path = Path(folder) / f"night-{i}.yaml"
            path.write_text(dump(Ledger(tuple(games))), encoding="utf-8")
            paths.append(str(path))
        doc = stats_doc(*paths)
        standings_total = 0
        for path, games in zip(paths, files):
            for number in range(1, len(games) + 1):
                shown = json.loads(ok("standings", "--json", "--game", str(number),
                                      "--ledger", path))
                standings_total += sum(p["total"] for p in shown["players"])
    players = doc["players"]
    assert doc["games"] == sum(len(games) for games in files)
    assert doc["rounds"] == sum(len(g.rounds) for games in files for g in games)
    assert sum(p["rounds_won"] for p in players) >= doc["rounds"]
    assert sum(p["total"] for p in players) == standings_total
    assert len({p["name"].casefold() for p in players}) == len(players)
    assert [p["total"] for p in players] == sorted((p["total"] for p in players), reverse=True)


def test_g10_a_hand_nobody_wins_under_tie_none_is_played_by_both_and_a_knock() -> None:
    ok("new", "Ann", "Ben", "--game", "gin", "--rule", "tie=none", "--dealer", "Ben")
    ok("round", "--knock", "Ann", "--points", "Ann=6", "--points", "Ben=6")
    players = by_name(stats_doc())
    assert [(p["rounds_played"], p["rounds_won"], p["knocks"], p["undercuts_suffered"],
             p["best_round"], p["average_left_in_hand"]) for p in players.values()] == [
        (1, 0, 1, 0, 0, 6.0), (1, 0, 0, 0, 0, 6.0)]
    assert stats_doc()["kinds"][0]["dead_hands"] == 0


UPCARDS = ["KH", "QS", "10D", "JC"]  # Oklahoma limits of 10, so any knock of 10 or less


@st.composite
def gin_games(draw: st.DrawFn) -> Any:
    """A Gin game of any preset, Hollywood or not, played for a few hands (dead ones too)."""
    from dataclasses import replace

    from rummy_cli.games.gin import game as gin_game
    from rummy_cli.games.gin.rules import find_preset

    rules = find_preset(draw(st.sampled_from(["gin", "classic", "oklahoma"])))
    if draw(st.booleans()):
        rules = replace(rules, scoring="hollywood")
    players = draw(st.sampled_from([["Ann", "Ben"], ["ann", "Cy"], ["Ben", "Dee"]]))
    game = gin_game.new_game(players, dealer=players[0], rules=rules)
    for _ in range(draw(st.integers(0, 8))):
        if game.state.game_over:
            break
        knocker = draw(st.sampled_from([None, *players]))
        upcard = draw(st.sampled_from(UPCARDS)) if rules.game == "oklahoma" else None
        if knocker is None:
            game, _ = gin_game.record_round(game, None, {})
            continue
        other = next(p for p in players if p != knocker)
        hands = {knocker: draw(st.integers(0, 10)), other: draw(st.integers(0, 60))}
        game, _ = gin_game.record_round(game, knocker, hands, upcard=upcard)
    return game


@settings(max_examples=40, deadline=None)
@given(st.lists(gin_games(), min_size=1, max_size=6), st.lists(nights(), max_size=2))
def test_each_kinds_figures_come_from_its_own_games_only(gin: list[Any],
                                                         nights_: list[list[Any]]) -> None:
    from rummy_cli.stats import kind_of, stats_by_kind

    games = [*gin, *(g for night in nights_ for g in night)]
    reports = stats_by_kind(games)
    assert len({r.kind for r in reports}) == len(reports)
    for report in reports:
        own = [g for g in games if kind_of(g) == report.kind]
        assert report.games == len(own)
        assert sum(p.total for p in report.players) == sum(
            x.total for g in own for x in g.state.standings)  # nothing from another kind
        dead = sum(1 for g in own for r in g.results if r.knocker is None and not r.winners)
        assert report.dead == dead and report.rounds == sum(len(g.rounds) for g in own)
        seats = sum(len(g.players) * len(g.results) for g in own)
        assert sum(p.rounds_played for p in report.players) == seats - 2 * dead
        names = {p.casefold() for g in own for p in g.players}
        assert {p.name.casefold() for p in report.players} == names


# --- names that look alike but are not the same -------------------------------------------

def test_names_that_look_alike_across_ledgers_are_warned_about() -> None:
    for path in ("a.yaml", "b.yaml"):
        ok("new", "Ann", "Ben", "--ledger", path)
        ok("round", "--knock", "Ann", "--points", "Ann=0", "--points", "Ben=10",
           "--ledger", path)
    code, _, err = run("rename", "Ann", "\u0410nn", "--ledger", "b.yaml")  # a Cyrillic А
    assert code == 0 and "looks just like 'Ann'" in err
    code, out, err = run("stats", "a.yaml", "b.yaml")
    assert code == 0 and "'Ann' and '\u0410nn' look alike" in err
    assert out.count("nn    ") == 2  # still two rows: the warning says why
    code, _, err = run("stats", "a.yaml", "b.yaml", "--json")
    assert code == 0 and "look alike" in err  # on stderr: the JSON stays clean


def test_the_same_name_in_another_case_is_one_player_and_no_warning() -> None:
    for path, name in (("a.yaml", "Ann"), ("b.yaml", "ANN")):
        ok("new", name, "Ben", "--ledger", path)
    code, out, err = run("stats", "a.yaml", "b.yaml")
    assert code == 0 and "Warning" not in err
