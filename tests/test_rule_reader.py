"""One reader of ``--rule NAME=VALUE`` for every game (rummy_cli.house_rules.RuleReader):
each game's words and messages are data, and the messages read as they always have."""

from __future__ import annotations

from typing import Any

import pytest

from rummy_cli.games.gin.rules import GIN, OKLAHOMA, GinRuleError
from rummy_cli.games.manipulation.rules import MANIPULATION_RUMMY
from rummy_cli.games.rummikub.rules import RUMMIKUB, RuleError

REFUSED = [
    (MANIPULATION_RUMMY, "ace_high", "Maybe", "rule 'ace_high' is yes or no, not 'Maybe'"),
    (MANIPULATION_RUMMY, "targt", "200", "there is no rule 'targt': did you mean 'target'? "
                                          "'rummy rules' lists the figures a table may change"),
    (GIN, "spade", "Maybe", "'spade' is on or off, not 'maybe'"),
    (GIN, "knock", "off", "the knock limit is a number 0 to 10 (0: gin only)"),
    (GIN, "big_gin", "lots", "'big_gin' is the bonus for big gin, or off, not 'lots'"),
    (GIN, "gin", "true", "'gin' is a whole number (digits 0-9), not 'true'"),
    (OKLAHOMA, "target", "1000000000", "'target' is a whole number up to 999999999, not "
                                        "1000000000"),
    (RUMMIKUB, "ones", "Sideways", "rule 'ones' is one of low, high, wrap, not 'Sideways'"),
    (RUMMIKUB, "zzz", "1", "there is no Rummikub rule 'zzz': 'rummy rules --figures --game "
                           "rummikub' lists them"),
]


@pytest.mark.parametrize(("rules", "name", "typed", "message"), REFUSED)
def test_a_house_rule_refused_says_why_in_its_games_words(
        rules: Any, name: str, typed: str, message: str) -> None:
    with pytest.raises((RuleError, GinRuleError)) as refused:
        rules.with_house_rules({name: typed})
    assert str(refused.value) == message


def test_each_game_reads_its_own_words_for_a_value() -> None:
    assert MANIPULATION_RUMMY.with_house_rules({"Ace-High": "no"}).ace_high is False
    assert GIN.with_house_rules({"big-gin": "none"}).big_gin is None
    assert RUMMIKUB.with_house_rules({"rounds": "players", "target": "off"}).target == 0
    assert RUMMIKUB.with_house_rules({"freed_joker": "new_set"}).freed_joker == "new-set"
