"""Whatever a Rummikub player types, `rummy` answers with a result or one `Error: ...` line.

Hypothesis drives the tile commands (check, arrange, hint, new, round, fix, undo, rename,
standings, history, stats, chart, rules) with random tile words, options, house rules,
dispute files, hand-edited ledgers and guided answers; a traceback, an unexpected exit code
or the bug catcher's message fails the test. RUMMY_FUZZ_EXAMPLES=2000 runs them harder.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from clirun import one_error_line
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy_cli.cli import cli
from rummy_cli.games.rummikub import packing
from rummy_cli.games.rummikub.rules import RUMMIKUB
from rummy_cli.games.rummikub.tilecards import NotSolvable
from rummy_cli.search import dp
from rummy_cli.tiles import COLOURS, Tile, TileJoker

SCALE = int(os.environ.get("RUMMY_FUZZ_EXAMPLES", "0")) or None


def fuzz(n: int) -> settings:
    """Hypothesis settings for n examples (RUMMY_FUZZ_EXAMPLES overrides n)."""
    return settings(max_examples=SCALE or n, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow,
                                           HealthCheck.function_scoped_fixture])

GAMES = ["rummikub", "rummikub-strict", "rummikub-xp", "rumikub", "RUMMIKUB", "rummikub-XP",
         "gin", ""]
TILES = ["7R", "13K", "4Y", "JK", "JK=7R", "0R", "14B", "7H", "JK=", "1r", "", "/", "JOKER",
         "JK=JK", "JK=14R", "12O", "13o", "10B", "11B", "12B", "5R", "6R", "8R", "1K", "1B",
         "1O", "1R", "99999999999999999999R", "-1R", "7", "R", "R7", "7RR", "jk", "joker=1K",
         "７R", "7\u0000R", "|", ",", "=", "JK=7H", "1.5R", "+3K", "٣R"]
OPTIONS = ["--game", "--rule", "--initial", "--by", "--rack", "--hand", "--table", "--before",
           "--after", "--json", "--out", "--pool-out", "--points", "--first", "--ledger",
           "--seed", "--target", "--guided", "--yes", "--draws", "--decks", "--figures",
           "--ascii", "--unicode", "-"]
COMMANDS = [["check", "meld"], ["check", "table"], ["check", "turn"], ["arrange"], ["hint"],
            ["new"], ["round"], ["fix", "1"], ["fix"], ["undo"], ["rename"], ["standings"],
            ["history"], ["stats"], ["chart"], ["rules"], ["rules", "K14"]]
RULE_NAMES = ["copies", "jokers", "rack", "opening", "opening_joker", "opening_turn", "ones",
              "joker_free", "joker_swap", "joker_group", "freed_joker", "joker_sets",
              "joker_points", "pool_out", "rounds", "target", "winner", "time_limit",
              "time_penalty", "min_players", "max_players", "game", "players", "", "Ones",
              "ones ", "jokers_"]
RULE_VALUES = ["0", "1", "-1", "2", "3", "4", "13", "14", "30", "999999", "1000000",
               "99999999999999999999999", "1e3", "0x10", "", "none", "None", "null", "true",
               "yes", "low", "high", "wrap", "lo", "hihg", "replace", "rearrange", "any",
               "rack", "either", "both", "anywhere", "new-set", "new_set", "open", "locked",
               "difference", "mixed", "points", "rounds", "value", "zero", "no", "alone",
               "continue", "contine", "ANY", " high", "∞", "NaN", "-0", "+5", "٣"]
NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "ann", "A", "Zed", "", "=", "Ann=",
         "pool", "Ann Ben"]

rule = st.builds("{}={}".format, st.sampled_from(RULE_NAMES), st.sampled_from(RULE_VALUES))
tile_text = st.builds(" ".join, st.lists(st.sampled_from(TILES), max_size=7))
assignment = st.builds("{}={}".format, st.sampled_from(NAMES),
                       st.one_of(tile_text, st.sampled_from(RULE_VALUES)))
token = st.one_of(st.sampled_from(OPTIONS), st.sampled_from(TILES), st.sampled_from(GAMES),
                  st.sampled_from(NAMES), st.sampled_from(RULE_VALUES), rule, tile_text,
                  assignment, st.sampled_from(["cards", "points", "tiles", "value", "g.yaml"]),
                  st.text(max_size=5))


def invoke(args: list[str], stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(cli, args, input=stdin)
    out = result.stdout + result.stderr
    assert "Traceback" not in out, (args, out)
    assert "rummy hit a bug" not in out, (args, stdin, out)
    assert result.exit_code in (0, 1, 2), (args, result.exit_code, out, result.exception)
    if result.exit_code == 2:
        lines = result.stderr.splitlines()
        errors = [line for line in lines if line.startswith("Error: ")]
        assert len(errors) == 1, (args, result.stderr)
        if "--guided" not in args:  # only questions asked may stand before the error
            assert lines == errors, (args, result.stderr)
    return result.exit_code, out


class InFolder:
    """A fresh temp folder holding a Rummikub ledger g.yaml, for one example."""

    def __enter__(self) -> Path:
        self.tmp = tempfile.TemporaryDirectory()
        self.old = os.getcwd()
        os.chdir(self.tmp.name)
        CliRunner().invoke(cli, ["new", "Ann", "Ben", "Cy", "--game", "rummikub", "--first",
                                 "Ann", "--ledger", "g.yaml"])
        CliRunner().invoke(cli, ["round", "--ledger", "g.yaml", "--out", "Ann", "--rack",
                                 "Ben=JK 5R 12B", "--points", "Cy=6"])
        return Path(self.tmp.name)

    def __exit__(self, *exc: object) -> None:
        os.chdir(self.old)
        self.tmp.cleanup()


@fuzz(200)
@given(st.sampled_from(COMMANDS), st.lists(token, max_size=8), st.booleans())
def test_random_rummikub_command_lines_never_crash(
        command: list[str], rest: list[str], on_ledger: bool) -> None:
    with InFolder():
        args = [*command, *rest, *(["--ledger", "g.yaml"] if on_ledger else [])]
        if command[0] in ("check", "arrange", "hint") and "--game" not in rest:
            args += ["--game", "rummikub"]
        invoke(args)


@fuzz(150)
@given(st.sampled_from(["meld", "table"]), st.lists(st.sampled_from(TILES), max_size=12),
       st.sampled_from(GAMES[:3]), st.lists(rule, max_size=2), st.booleans())
def test_random_tiles_to_check_never_crash(
        what: str, tiles: list[str], game: str, rules: list[str], as_json: bool) -> None:
    words = tiles if what == "meld" else [" ".join(tiles)]
    args = ["check", what, *words, "--game", game, *[a for r in rules for a in ("--rule", r)]]
    invoke([*args, *(["--json"] if as_json else [])])


@fuzz(150)
@given(tile_text, tile_text, st.sampled_from(GAMES[:3]), st.lists(rule, max_size=2),
       st.booleans(), st.sampled_from(["cards", "points", "tiles", "value"]), st.booleans())
def test_random_hints_and_arrangements_never_crash(
        table: str, rack: str, game: str, rules: list[str], initial: bool, by: str,
        as_json: bool) -> None:
    extra = [a for r in rules for a in ("--rule", r)] + (["--json"] if as_json else [])
    invoke(["hint", "--table", table, "--rack", rack, "--game", game, "--by", by,
            *(["--initial"] if initial else []), *extra])
    invoke(["arrange", *rack.split(), "--game", game, *extra])


tile_list = st.lists(st.sampled_from(TILES), max_size=5)
tile_set = st.one_of(tile_text, tile_list, st.integers(-3, 20), st.none(), st.booleans(),
                     st.floats(allow_nan=True), st.dictionaries(st.text(max_size=2),
                                                                st.integers(), max_size=2))
anything = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20), st.text(max_size=6),
                     st.floats(), st.lists(st.integers(), max_size=2),
                     st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))
rules_doc = st.one_of(anything, st.dictionaries(st.sampled_from(RULE_NAMES),
                                                st.one_of(st.sampled_from(RULE_VALUES),
                                                          anything), max_size=4))
dispute = st.fixed_dictionaries(
    {"game": st.one_of(st.sampled_from(GAMES), anything)},
    optional={
        "initial": anything,
        "rules": rules_doc,
        "before": st.one_of(st.lists(tile_set, max_size=4), tile_set),
        "hand": tile_set,
        "rack": tile_set,
        "after": st.one_of(st.lists(tile_set, max_size=4), tile_set),
        "draws": anything,
        "extra": anything,
    },
)


@fuzz(200)
@given(dispute, st.booleans(), st.booleans(), st.sampled_from([[], ["--game", "rummikub"],
                                                               ["--game", "rummikub-xp"]]))
def test_random_rummikub_dispute_files_never_crash(
        doc: dict[str, object], as_json: bool, as_yaml: bool, game: list[str]) -> None:
    text = yaml.safe_dump(doc) if as_yaml else json.dumps(doc)
    invoke(["check", "turn", "-", *game, *(["--json"] if as_json else [])], stdin=text)


GOOD_RULES = {"copies": 2, "jokers": 2, "rack": 14, "opening": 30, "ones": "low",
              "rounds": 3, "target": 0, "winner": "points", "joker_points": 30}
ledger_round = st.fixed_dictionaries(
    {},
    optional={
        "round": st.one_of(st.integers(-2, 5), anything),
        "first": st.one_of(st.sampled_from(NAMES), anything),
        "end": st.one_of(st.sampled_from(["out Ann", "out Zed", "pool-out", "pool", "out",
                                          "knock Ann", "stock-out", "out Ben"]), anything),
        "racks": st.one_of(anything, st.dictionaries(st.sampled_from(NAMES),
                                                     st.one_of(tile_text, anything),
                                                     max_size=4)),
        "scores": anything,
        "note": anything,
    },
)
ledger_game = st.fixed_dictionaries(
    {"game": st.one_of(st.sampled_from(GAMES[:3]), st.sampled_from(GAMES), anything)},
    optional={
        "players": st.one_of(st.lists(st.sampled_from(NAMES), max_size=7), anything),
        "first": st.one_of(st.sampled_from(NAMES), anything),
        "rules": st.one_of(rules_doc, st.builds(lambda d: {**GOOD_RULES, **d}, rules_doc
                                                 .filter(lambda r: isinstance(r, dict)))),
        "rounds": st.one_of(st.lists(ledger_round, max_size=3), anything),
        "created": anything,
    },
)


@fuzz(120)
@given(ledger_game, st.sampled_from([["standings"], ["history"], ["stats"], ["chart"],
                                     ["undo", "--yes"], ["new"], ["rename", "Ann", "Zoe"],
                                     ["round", "--out", "Ann", "--points", "Ben=3",
                                      "--points", "Cy=4"],
                                     ["fix", "1", "--pool-out", "--points", "Ann=1",
                                      "--points", "Ben=2", "--points", "Cy=3"],
                                     ["standings", "--json"], ["history", "--json"]]))
def test_hand_edited_rummikub_ledgers_never_crash(game: dict[str, object],
                                                  command: list[str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "g.yaml"
        path.write_text(yaml.safe_dump({"format": 2, "games": [game]}), encoding="utf-8")
        invoke([*command, "--ledger", str(path)])


@fuzz(100)
@given(st.lists(st.one_of(st.sampled_from(NAMES), tile_text, st.sampled_from(
    ["y", "n", "yes", "no", "pool", "q", "", "12", "-3", "99999", "JK", "Ann=3"])),
                max_size=8), st.booleans(), st.sampled_from([[], ["--out", "Ann"],
                                                              ["--pool-out"]]))
def test_guided_rummikub_rounds_fed_random_lines_never_crash(
        lines: list[str], ends_with_newline: bool, how: list[str]) -> None:
    with InFolder():
        stdin = "\n".join(lines) + ("\n" if ends_with_newline else "")
        invoke(["round", "--guided", "--ledger", "g.yaml", *how], stdin=stdin)


# The solver through the CLI: absurd inputs answer or refuse with one line, and the work
# each does is bounded: counted in states (the searches' own tallies), never in seconds,
# so that a busy machine cannot fail them. An absurd rack is refused before any packing.
def big_rack(n: int, jokers: int) -> str:
    colours = "KBOR"
    tiles = [f"{1 + i % 13}{colours[(i // 13) % 4]}" for i in range(n - jokers)]
    return " ".join(tiles + ["JK"] * jokers)


@dataclass(frozen=True)
class Work:
    code: int
    out: str
    searched: int  # states of the arrangement search over the ranks (search/dp.py)
    packed: int  # states of the packing of sets (games/rummikub/packing.py)
    listed: int  # sets the packing listed before searching


def worked(args: list[str]) -> Work:
    before = dp.TALLY.states, packing.TALLY.states, packing.TALLY.sets
    result = CliRunner().invoke(cli, args)
    out = result.stdout + result.stderr
    assert "Traceback" not in out and "rummy hit a bug" not in out, out
    assert result.exit_code in (0, 1, 2), (result.exit_code, out)
    if result.exit_code == 2:
        one_error_line(result.stderr)
    return Work(result.exit_code, out, dp.TALLY.states - before[0],
                packing.TALLY.states - before[1], packing.TALLY.sets - before[2])


QUICK = 20_000  # states: the answers below take about 1,850; a tenfold margin


def test_hint_on_a_100_tile_rack_with_4_jokers_is_a_small_search() -> None:
    work = worked(["hint", "--rack", big_rack(100, 4), "--game", "rummikub-xp"])
    assert work.code == 0 and "Best play: 100 tiles" in work.out, work.out
    assert work.searched < QUICK and work.packed == 0, work


def test_hint_with_a_150_tile_table_is_refused_before_any_search() -> None:
    table = " / ".join(f"{n}K {n}B {n}O {n}R" for n in range(1, 14))
    table = " / ".join([table] * 3)  # 156 tiles: more copies than any box refuses or plays
    work = worked(["hint", "--table", table, "--rack", big_rack(20, 2), "--game",
                   "rummikub-xp"])
    assert work.code == 2 and "more tiles than the set" in work.out, work.out
    assert (work.searched, work.packed, work.listed) == (0, 0, 0), work


def test_arrange_100_tiles_is_a_small_search() -> None:
    work = worked(["arrange", *big_rack(100, 4).split(), "--game", "rummikub-xp"])
    assert work.code == 0 and "these 100 tiles make" in work.out, work.out
    assert work.searched < QUICK and work.packed == 0, work


def test_hint_opening_on_a_100_tile_rack_is_refused_before_packing_a_set() -> None:
    # it searched for minutes (the packing of sets is exponential in the rack), then
    # refused after 5 s of listing and searching; now before listing one set
    for extra in (["--initial"], ["--rule", "ones=wrap"]):
        work = worked(["hint", "--rack", big_rack(100, 4), "--game", "rummikub-xp", *extra])
        assert work.code == 2 and "too many tiles to search" in work.out, (extra, work.out)
        assert work.packed == 0 and work.listed == 0, (extra, work)
        assert work.searched < QUICK, (extra, work)  # the opening's quick look (--initial)


def test_arrange_100_tiles_with_runs_that_go_round_is_refused_before_packing_a_set() -> None:
    work = worked(["arrange", *big_rack(100, 4).split(), "--game", "rummikub-xp",
                   "--rule", "ones=wrap"])
    assert work.code == 2 and "too many tiles to search" in work.out, work.out
    assert (work.searched, work.packed, work.listed) == (0, 0, 0), work


def test_packing_refuses_more_tiles_or_sets_than_its_limits_before_listing_one() -> None:
    wrap = RUMMIKUB.with_house_rules({"ones": "wrap"})
    too_many = [Tile(1 + i % 13, COLOURS[i // 13 % 4]) for i in range(packing.MOST_TILES + 1)]
    two_colours = [Tile(n, c) for c in COLOURS[:2] for n in range(1, 14)]  # 128,479 sets
    for tiles, rules in ((too_many, RUMMIKUB), (two_colours + [TileJoker()] * 4, wrap)):
        before = packing.TALLY.states, packing.TALLY.sets
        with pytest.raises(NotSolvable, match="too many tiles to search"):
            packing.pack(tiles, rules=rules)
        assert (packing.TALLY.states, packing.TALLY.sets) == before


def test_a_rack_of_a_real_game_is_still_searched_with_runs_that_go_round() -> None:
    rack = "1K 2K 5K 9K 13K 3B 3O 7B 7R 8R 11O 12O 1R 4B JK"
    work = worked(["hint", "--rack", rack, "--game", "rummikub-xp", "--rule", "ones=wrap",
                   "--initial"])
    assert work.code in (0, 1), work.out
    assert 0 < work.packed <= 1_000, work  # about 100 states


def test_a_whole_colour_with_4_jokers_going_round_is_still_packed() -> None:
    # the most sets to list of any rack measured to pack within its states (64,220)
    rack = " ".join([*(f"{n}K" for n in range(1, 14)), "JK", "JK", "JK", "JK"])
    work = worked(["arrange", *rack.split(), "--game", "rummikub-xp", "--rule", "ones=wrap"])
    assert work.code == 0 and "these 17 tiles make" in work.out, work.out
    assert 0 < work.packed <= packing.MOST_PACKED, work


def test_24_tiles_in_long_runs_with_4_jokers_refuse_within_the_states_allowed() -> None:
    work = worked(["hint", "--rack", big_rack(24, 4), "--game", "rummikub-xp", "--rule",
                   "ones=wrap", "--initial"])
    assert work.code == 2 and "too many tiles to search" in work.out, work.out
    assert work.packed <= packing.MOST_PACKED + 1, work


def test_a_nul_in_a_file_name_is_one_error_line_not_a_bug() -> None:
    # found by the fuzzer: 'rummy stats "A\0R"' reported "rummy hit a bug (ValueError)"
    for args in (["stats", "A\x00R"], ["standings", "--ledger", "a\x00"],
                 ["check", "turn", "A\x00R", "--game", "rummikub"]):
        code, out = invoke(args)
        assert code == 2 and "NUL character" in out, (args, out)


GAME_FIELDS = ["game", "players", "first", "created", "rules", "rounds", "extra"]
ROUND_FIELDS = ["round", "first", "end", "racks", "scores", "note", "extra"]
bad_value = st.one_of(anything, tile_text, st.sampled_from(NAMES),
                      st.sampled_from(["out Ann", "out Zed", "pool-out", "out", "knock Ann"]),
                      st.dictionaries(st.sampled_from(NAMES), st.one_of(tile_text, anything),
                                      max_size=4),
                      st.dictionaries(st.sampled_from(RULE_NAMES),
                                      st.one_of(st.sampled_from(RULE_VALUES), anything),
                                      max_size=3))


@fuzz(150)
@given(st.one_of(st.tuples(st.just("game"), st.sampled_from(GAME_FIELDS)),
                 st.tuples(st.just("round"), st.sampled_from(ROUND_FIELDS)),
                 st.tuples(st.just("rule"), st.sampled_from(RULE_NAMES))),
       bad_value, st.sampled_from([["standings"], ["history", "--json"], ["stats"], ["chart"],
                                   ["undo", "--yes"], ["new"], ["rename", "Ben", "Bo"],
                                   ["round", "--pool-out", "--points", "Ann=1", "--points",
                                    "Ben=2", "--points", "Cy=3"],
                                   ["fix", "1", "--out", "Cy", "--rack", "Ann=5R",
                                    "--points", "Ben=2"]]))
def test_one_field_of_a_rummikub_ledger_hand_edited_never_crashes(
        where: tuple[str, str], value: object, command: list[str]) -> None:
    with InFolder():
        doc = yaml.safe_load(Path("g.yaml").read_text(encoding="utf-8"))
        game = doc["games"][0]
        target = {"game": game, "round": game["rounds"][0], "rule": game["rules"]}[where[0]]
        target[where[1]] = value
        Path("g.yaml").write_text(yaml.safe_dump(doc), encoding="utf-8")
        invoke([*command, "--ledger", "g.yaml"])


@fuzz(100)
@given(st.text(max_size=200), st.sampled_from(GAMES[:3]))
def test_random_text_as_a_rummikub_dispute_never_crashes(text: str, game: str) -> None:
    invoke(["check", "turn", "-", "--game", game], stdin=text)
    invoke(["check", "turn", "-", "--game", game, "--json"], stdin="game: rummikub\n" + text)


def test_a_huge_rule_figure_in_a_tile_game_is_not_called_a_game_of_cards() -> None:
    code, out = invoke(["new", "Ann", "Ben", "--game", "rummikub", "--rule",
                        "jokers=99999999999999999999", "--ledger", "x.yaml"])
    assert code == 2 and "20 digits" in out and "game of cards" not in out, out
