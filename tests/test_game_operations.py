"""Every game's package names its operations alike (issue 27): a command that keeps score
calls ``game.new_game``, ``game.record_round`` ... whatever the game."""

from __future__ import annotations

import importlib

import pytest

from rummy_cli.games.gin import game as gin

OPERATIONS = ("new_game", "next_game", "round_entry", "score_entry", "record_round",
              "fix_round", "undo_round", "rename_player")


@pytest.mark.parametrize("package", ["manipulation", "gin", "rummikub"])
def test_every_game_has_each_operation_under_one_name(package: str) -> None:
    module = importlib.import_module(f"rummy_cli.games.{package}.game")
    assert [name for name in OPERATIONS if not callable(getattr(module, name, None))] == []


def test_a_game_played_through_the_shared_names_scores_as_before() -> None:
    game = gin.new_game(["Ann", "Ben"], "Ann")
    game, result = gin.record_round(game, "Ann", {"Ann": "AS 2S 3S 4H 5H 6H 7C 7D 7H 9S",
                                                  "Ben": "KS QS JS 10S 9H 8H 2C 3C 4C 5D"})
    assert gin.undo_round(game)[0].rounds == ()
    assert result == gin.score_entry(gin.new_game(["Ann", "Ben"], "Ann"), game.rounds[0])

