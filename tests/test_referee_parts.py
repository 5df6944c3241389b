"""The referee's commands map words to each game's referee (``games/referee.py``): no game
is named in their code, and each command takes the games that declare its part (issue 27)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from clirun import one_error_line, run

from rummy_cli import games

CLI = Path(__file__).resolve().parents[1] / "rummy_cli" / "cli"
REFEREE_COMMANDS = ("referee", "dispute", "solve", "showdown", "judges")
GAME_WORDS = {w for g in games.GAMES for w in (*g.presets, *g.names, g.package)}


def _strings_compared(tree: ast.AST) -> set[str]:
    """The string constants a comparison (==, !=, in) or a default= names."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                for item in ast.walk(side):
                    if isinstance(item, ast.Constant) and isinstance(item.value, str):
                        found.add(item.value.strip().lower())
        if isinstance(node, ast.keyword) and node.arg == "default" and isinstance(
                node.value, ast.Constant) and isinstance(node.value.value, str):
            found.add(node.value.value)
    return found


@pytest.mark.parametrize("module", REFEREE_COMMANDS)
def test_no_referee_command_compares_a_game_name_as_a_string(module: str) -> None:
    tree = ast.parse((CLI / f"{module}.py").read_text(encoding="utf-8"))
    assert _strings_compared(tree) & GAME_WORDS == set()


def test_no_referee_command_imports_a_games_package() -> None:
    for module in REFEREE_COMMANDS:
        text = (CLI / f"{module}.py").read_text(encoding="utf-8")
        for package in (g.package for g in games.GAMES):
            assert f"games.{package}" not in text, (module, package)


def test_the_per_game_referee_modules_of_the_command_line_are_gone() -> None:
    assert not [p.name for p in CLI.glob("*.py")
                if p.stem in ("rummikub_check", "rummikub_solve", "gin_check")]


@pytest.mark.parametrize(("args", "message"), [
    (["check", "turn", "--game", "oklahoma"], "Invalid value for '--game': 'oklahoma' is not "
     "one of the games this command takes: manipulation, rummikub, rummikub-strict or "
     "rummikub-xp"),
    (["hint", "--hand", "7H", "--game", "classic"], "Invalid value for '--game': 'classic' is "
     "not one of the games this command takes: manipulation, rummikub, rummikub-strict or "
     "rummikub-xp"),
    (["check", "knock", "--game", "rummikub-xp"], "Invalid value for '--game': 'rummikub-xp' "
     "is not one of the games this command takes: gin, classic or oklahoma"),
    (["check", "meld", "7H", "8H", "9H", "--game", "gin", "--rule", "ace_high=no"],
     "--rule is taken with --game manipulation, rummikub, rummikub-strict or rummikub-xp"),
    (["hint", "--hand", "7H", "--initial"],
     "--initial is taken with --game rummikub, rummikub-strict or rummikub-xp"),
    (["check", "meld", "7H", "8H", "9H", "--rule", "ones=high"],
     "ones is a Rummikub rule: add --game rummikub (or rummikub-strict, rummikub-xp)"),
])
def test_a_part_a_game_does_not_offer_is_refused_naming_the_games_that_do(
        args: list[str], message: str) -> None:
    code, out, err = run(*args)
    assert code == 2 and out == ""
    assert one_error_line(err).startswith(f"Error: {message} (see 'cli "), err
