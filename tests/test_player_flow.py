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
    (["completion", "ksh"], "Invalid value for '{bash|zsh|fish}': 'ksh' is not bash, zsh "
                            "or fish (see 'rummy completion --help')"),
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
