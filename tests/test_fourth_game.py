"""A fourth game is one package and one line (issue 27): Tonk, written into a temp folder
(tests/fourth_game.py) and registered by the line docs/contributing.md gives, is played
through the CLI with real ledger files: new, round, fix, undo, standings, history, stats and
rules. The steps of docs/contributing.md are kept true here: its code block is the line that
registers the game, and the files it lists are those the package is made of."""

from __future__ import annotations

import json
import re
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from clirun import ok, one_error_line, run, unfolded
from fourth_game import FILES

import rummy_cli
from rummy_cli import games

DOC = Path(__file__).resolve().parents[1] / "docs" / "contributing.md"


def _steps() -> str:
    text = DOC.read_text(encoding="utf-8")
    return text[text.index("## Adding a game"):]


def _registration_line() -> str:
    """The one line docs/contributing.md says registers a game kept outside rummy_cli."""
    block = re.search(r"```python\n(.*?)```", _steps(), re.S)
    assert block is not None, "docs/contributing.md shows no registration line"
    lines = [line for line in block.group(1).splitlines() if line.strip()]
    assert len(lines) == 1, lines
    return lines[0].strip().replace("your_game", "tonk_pkg")


@pytest.fixture
def tonk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    package = tmp_path / "site" / "tonk_pkg"
    package.mkdir(parents=True)
    for name, text in FILES.items():
        (package / name).write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    exec(_registration_line(), {"rummy_cli": rummy_cli})  # the only edit outside the package
    try:
        yield
    finally:
        games.unregister("tonk_pkg")
        for name in [m for m in sys.modules if m.split(".")[0] == "tonk_pkg"]:
            del sys.modules[name]


def test_the_steps_name_every_file_of_the_fourth_games_package() -> None:
    named = set(re.findall(r"`([a-z_]+\.(?:py|md))`", _steps()))
    assert set(FILES) <= named, sorted(set(FILES) - named)


def test_a_fourth_game_is_started_scored_corrected_and_shown_through_the_cli(
        tonk: None, tmp_path: Path) -> None:
    out = ok("new", "Ann", "Ben", "Cy", "--game", "tonk", "--dealer", "Ann",
             "--ledger", "t.yaml")
    assert "Game 1 of Tonk in t.yaml: Ann, Ben, Cy." in unfolded(out)
    assert "Ann deals first; 100 ends the game" in unfolded(out)
    assert "game: tonk" in (tmp_path / "t.yaml").read_text(encoding="utf-8")

    out = ok("round", "--out", "Ann", "--points", "Ben=30", "--points", "Cy=12",
             "--ledger", "t.yaml")
    assert "Round 1 (Ann dealt): Ann went out; Ben 30, Cy 12" in unfolded(out)
    out = ok("round", "--out", "Ben", "--points", "Ann=50", "--points", "Cy=20",
             "--ledger", "t.yaml")
    assert "Round 2 (Ben dealt): Ben went out; Ann 50, Cy 20" in unfolded(out)

    out = ok("fix", "1", "--points", "Ben=40", "--yes", "--ledger", "t.yaml")
    assert "Ben 30 -> 40 (+10)" in unfolded(out)

    out = ok("undo", "--yes", "--ledger", "t.yaml")
    assert "Took back round 2: Ben went out; Ann 50, Cy 20" in unfolded(out)

    out = ok("standings", "--ledger", "t.yaml")
    assert re.search(r"Ann\s+0\n", out) and re.search(r"Ben\s+40\n", out), out
    assert "Ben deals next" in out

    ok("round", "--out", "Cy", "--points", "Ann=10", "--points", "Ben=70",
       "--ledger", "t.yaml")
    out = ok("history", "--ledger", "t.yaml")
    assert re.search(r"1\s+Ann out\s+0\s+40\s+12", out), out
    assert re.search(r"2\s+Cy out\s+10\s+110\s+12", out), out
    assert "Game over: Ann won." in out

    out = ok("stats", "t.yaml")
    assert out.startswith("Tonk\n"), out
    assert "1 game, 2 rounds." in out
    out = ok("stats", "t.yaml", "--game", "tonk", "--json")
    assert '"name": "Tonk"' in out

    out = ok("rules", "--game", "tonk")
    assert "T3  The end" in out and "reaches 100" in out
    assert "reaches 100" in ok("rules", "T3", "--ledger", "t.yaml")


def test_another_games_options_are_refused_for_the_fourth_game_and_change_nothing(
        tonk: None, tmp_path: Path) -> None:
    ok("new", "Ann", "Ben", "--game", "tonk", "--dealer", "Ben", "--ledger", "t.yaml")
    before = (tmp_path / "t.yaml").read_bytes()
    code, _, err = run("round", "--rack", "Ann=1R", "--out", "Ben", "--ledger", "t.yaml")
    assert code == 2
    assert one_error_line(err) == ("Error: --rack is for Rummikub; this ledger's game is Tonk: "
                                   "a round of Tonk ends with --out NAME and each other "
                                   "player's --points NAME=N")
    code, _, err = run("round", "--knock", "Ann", "--ledger", "t.yaml")
    assert code == 2
    assert one_error_line(err).startswith("Error: --knock does not apply to Tonk")
    code, _, err = run("round", "--out", "Ben", "--ledger", "t.yaml")
    assert code == 2
    assert one_error_line(err) == "Error: give Ann's points with --points Ann=N"
    assert (tmp_path / "t.yaml").read_bytes() == before


def test_a_game_that_goes_by_another_games_name_is_refused_by_the_registry(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "site" / "clash_pkg"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(
        "from rummy_cli.games.declared import Declared\n"
        "GAME = Declared(module=__name__, title='Clash', presets=('oklahoma',),"
        " names=('clash',))\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    with pytest.raises(ValueError, match="clash_pkg: another game goes by oklahoma"):
        games.register("clash_pkg")
    assert games.registered_for("oklahoma").package == "gin"
    assert "clash" not in games.KINDS
    assert games.register("rummy_cli.games.gin") is games.registered_for("gin")  # found again


def test_stats_never_drop_the_games_of_a_kind_no_game_declares(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from rummy_cli import stats
    from rummy_cli.errors import UnusableInputError
    from rummy_cli.games.manipulation.game import new_game

    monkeypatch.setattr(stats, "kind_of", lambda game: "tonk")
    with pytest.raises(UnusableInputError, match="no game declares the kind 'tonk'"):
        stats.stats_by_kind([new_game(["Ann", "Ben"], dealer="Ann")])


def test_a_fourth_game_follows_another_game_in_one_ledger_and_keeps_its_own_stats(
        tonk: None, tmp_path: Path) -> None:
    ok("new", "Ann", "Ben", "--dealer", "Ann", "--target", "10", "--ledger", "n.yaml")
    ok("round", "--knock", "Ann", "--points", "Ann=0", "--points", "Ben=40",
       "--ledger", "n.yaml")
    doc = json.loads(ok("new", "--game", "tonk", "--dealer", "Ben", "--json",
                        "--ledger", "n.yaml"))
    assert doc == {"ledger": "n.yaml", "game": 2, "kind": "tonk", "players": ["Ann", "Ben"],
                   "first_dealer": "Ben", "target": 100, "house_rules": {}}
    code, _, err = run("round", "--guided", "--out", "Ann", "--ledger", "n.yaml")
    assert code == 2 and one_error_line(err).startswith("Error: Tonk asks no questions")
    out = ok("round", "--out", "Ann", "--points", "Ben=7", "--tonk", "--ledger", "n.yaml")
    assert "Ann went out on the deal (tonk: double); Ben 7" in unfolded(out)
    out = ok("stats", "n.yaml")
    assert out.index("Manipulation Rummy\n") < out.index("Tonk\n")
    out = ok("history", "--game", "tonk", "--ledger", "n.yaml")
    assert re.search(r"1\s+Ann out\s+0\s+14", out), out


def test_a_fourth_games_own_option_word_is_in_round_and_fix_while_it_is_registered(
        tonk: None) -> None:
    for command in ("round", "fix"):
        assert "the player went out on the deal; the others' points double" in unfolded(
            ok(command, "--help"))
    code, _, err = run("new", "Ann", "Ben", "--ledger", "m.yaml")
    assert code == 0, err
    code, _, err = run("round", "--tonk", "--knock", "Ann", "--ledger", "m.yaml")
    assert code == 2 and one_error_line(err).startswith(
        "Error: --tonk is for Tonk; this ledger's game is Manipulation Rummy")


def test_round_and_fix_lose_a_games_option_words_when_it_is_taken_out(
        tonk: None) -> None:
    games.unregister("tonk_pkg")
    try:
        assert "--tonk" not in ok("round", "--help") + ok("fix", "--help")
    finally:
        exec(_registration_line(), {"rummy_cli": rummy_cli})


def test_a_player_of_the_fourth_game_is_renamed_in_every_round(tonk: None) -> None:
    ok("new", "Ann", "Ben", "--game", "tonk", "--dealer", "Ann", "--ledger", "t.yaml")
    ok("round", "--out", "Ann", "--points", "Ben=9", "--ledger", "t.yaml")
    ok("rename", "Ben", "Benedict", "--ledger", "t.yaml")
    out = ok("history", "--ledger", "t.yaml")
    assert re.search(r"1\s+Ann out\s+0\s+9", out) and "Benedict" in out, out


# --- the referee's part: a fourth game's meld judge, and the parts it does not offer -------

def test_the_fourth_games_meld_judge_referees_check_meld_and_table_through_the_cli(
        tonk: None) -> None:
    assert ok("check", "meld", "7H", "8H", "9H", "--game", "tonk") == "LEGAL run   7H 8H 9H\n"
    code, out, _ = run("check", "meld", "QS", "KS", "AS", "--game", "TONK")
    assert code == 1 and out.startswith("ILLEGAL: QS KS AS\n  - illegal-meld (T4)"), out
    doc = json.loads(ok("check", "table", "7H 8H 9H / 5S 5H 5D", "--game", "tonk", "--json"))
    assert doc == {"legal": True, "melds": ["run", "group"]}
    assert "tonk" in unfolded(ok("check", "meld", "--help"))  # --game's help names it


TAKES = "Invalid value for '--game': 'tonk' is not one of the games this command takes: "


def test_a_part_of_the_referee_the_fourth_game_does_not_declare_is_refused_in_one_line(
        tonk: None) -> None:
    refusals = {
        ("check", "turn", "--game", "tonk"): f"{TAKES}manipulation, rummikub, "
        "rummikub-strict or rummikub-xp",
        ("arrange", "7H", "--game", "tonk"): f"{TAKES}manipulation, rummikub, "
        "rummikub-strict or rummikub-xp",
        ("hint", "--hand", "7H", "--game", "tonk"): f"{TAKES}manipulation, rummikub, "
        "rummikub-strict or rummikub-xp",
        ("deadwood", "7H", "--game", "tonk"): f"{TAKES}gin, classic or oklahoma",
        ("check", "meld", "7H", "8H", "9H", "--game", "tonk", "--rule", "target=50"):
        "--rule is taken with --game manipulation, rummikub, rummikub-strict or rummikub-xp",
    }
    for args, message in refusals.items():
        code, out, err = run(*args)
        assert code == 2 and out == "", args
        assert one_error_line(err).startswith(f"Error: {message} (see '"), err


def test_a_game_taken_out_of_the_registry_is_no_longer_refereed(tonk: None) -> None:
    games.unregister("tonk_pkg")
    try:
        code, _, err = run("check", "meld", "7H", "8H", "9H", "--game", "tonk")
        assert code == 2 and "Invalid value for '--game': 'tonk' is not manipulation, gin, " \
            "classic, oklahoma, rummikub, rummikub-strict or rummikub-xp (see" in \
            one_error_line(err)
        assert "tonk" not in ok("check", "meld", "--help")
    finally:
        exec(_registration_line(), {"rummy_cli": rummy_cli})


def test_undo_refuses_a_round_a_game_does_not_have_even_if_the_game_forgets_to(
        tonk: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose ``undone()`` takes back a round it does not have (the protocol says
    only "without its last round") is refused by the command line: nothing is written."""
    ok("new", "Ann", "Ben", "--game", "tonk", "--dealer", "Ann", "--ledger", "t.yaml")
    from tonk_pkg.game import TonkGame

    monkeypatch.setattr(TonkGame, "undone", lambda self: self)  # forgets to refuse
    before = (tmp_path / "t.yaml").read_bytes()
    code, _, err = run("undo", "--yes", "--ledger", "t.yaml")
    assert code == 2 and one_error_line(err) == (
        "Error: there is no round to take back: the game has no rounds yet")
    assert (tmp_path / "t.yaml").read_bytes() == before


def test_a_new_word_taking_one_name_given_twice_is_refused_not_the_last_kept(
        tonk: None, tmp_path: Path) -> None:
    ok("new", "Ann", "Ben", "--game", "tonk", "--dealer", "Ann", "--ledger", "t.yaml")
    before = (tmp_path / "t.yaml").read_bytes()
    code, _, err = run("round", "--out", "Ann", "--points", "Ben=3", "--called-by", "Ann",
                       "--called-by", "Ben", "--ledger", "t.yaml")
    assert code == 2 and one_error_line(err).startswith(
        "Error: --called-by is given 2 times (Ann, Ben): give it once")
    assert (tmp_path / "t.yaml").read_bytes() == before
    ok("round", "--out", "Ann", "--points", "Ben=3", "--called-by", "Ben", "--ledger", "t.yaml")


def test_fix_without_options_off_a_terminal_does_not_offer_questions_a_game_has_none_of(
        tonk: None, tmp_path: Path) -> None:
    ok("new", "Ann", "Ben", "--game", "tonk", "--dealer", "Ann", "--ledger", "t.yaml")
    ok("round", "--out", "Ann", "--points", "Ben=3", "--ledger", "t.yaml")
    code, _, err = run("fix", "1", "--ledger", "t.yaml")
    line = one_error_line(err)
    assert code == 2 and "say what to change in round 1 (--out, --points" in line
    assert "terminal" not in line
