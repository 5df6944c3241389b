"""The command line's words of a game are the game's own: the help of 'new' and 'round' and
the refusals of 'new' say each game's rule ids and figures from its declaration
(``Declared.said``), and the figures said are the preset's."""

from __future__ import annotations

import re
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from clirun import ok, one_error_line, run

from rummy_cli import games

TOY = '''
from rummy_cli.games.declared import Declared

GAME = Declared(module=__name__, title="Toy Rummy", presets=("toy", "toy-fast"),
                names=("toy",), starter="first",
                said={"new": "Toy Rummy is for 2 players, who never deal.",
                      "round": "In Toy Rummy a round ends when the toy box is empty.",
                      "no knock": "it has no knock; a toy round just ends (T4)"})
'''


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    package = tmp_path / "site" / "toy_pkg"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(textwrap.dedent(TOY), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    games.register("toy_pkg")
    try:
        yield
    finally:
        games.unregister("toy_pkg")
        del sys.modules["toy_pkg"]


def _said(text: str) -> str:
    """The help as one line (click folds it, at a hyphen too)."""
    return re.sub(r"-\s+", "-", " ".join(text.split()))


def test_help_of_new_lists_each_registered_game_in_its_own_words(toy: None) -> None:
    said = _said(ok("new", "--help"))
    assert ("The game: Manipulation Rummy ('manipulation'), Gin Rummy with the figures of "
            "'gin' (modern), 'classic' or 'oklahoma', Rummikub ('rummikub', "
            "'rummikub-strict', 'rummikub-xp' for up to six), or Toy Rummy ('toy', "
            "'toy-fast'). Default:") in said
    assert "Toy Rummy is for 2 players, who never deal." in said
    assert ("Make the random pick of the dealer (Rummikub: the first player; Toy Rummy: the "
            "first player) repeatable.") in said


def test_help_of_round_adds_each_registered_games_part(toy: None) -> None:
    said = _said(ok("round", "--help"))
    assert said.index("In Rummikub a round ends") < said.index(
        "In Toy Rummy a round ends when the toy box is empty.")


def test_help_without_the_game_says_it_no_more(toy: None) -> None:
    games.unregister("toy_pkg")
    try:
        assert "Toy" not in ok("new", "--help") + ok("round", "--help")
    finally:
        games.register("toy_pkg")


def test_knock_limit_is_refused_in_the_words_of_a_game_that_has_no_knock(toy: None) -> None:
    code, _, err = run("new", "Ann", "Ben", "--game", "toy", "--knock-limit", "3")
    assert code == 2
    assert one_error_line(err).startswith("Error: --knock-limit does not apply to Toy Rummy: "
                                          "it has no knock; a toy round just ends (T4)")
    assert not Path("rummy-ledger.yaml").exists()


def test_the_figures_the_help_says_are_the_default_games_preset() -> None:
    rules = games.preset_rules(games.default_preset())
    assert f"instead of {rules.target} " in games.said("new --target")
    assert f"instead of {rules.knock_limit} " in games.said("new --knock-limit")
    low, high = rules.min_players, rules.max_players
    assert f"takes {low}-{high} players" in games.said("new players")
