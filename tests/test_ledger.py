"""The YAML ledger: round trips, hand corrections, damaged files, atomic and locked writes."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from clirun import ok
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_cli import ledger
from rummy_cli.errors import LedgerError, RummyError
from rummy_cli.fastyaml import NOT_SIMPLE, load_simple
from rummy_cli.games.manipulation.game import Game, new_game, record_round, with_results
from rummy_cli.games.manipulation.rules import Rules
from rummy_cli.hands import HandEntry
from rummy_cli.ledger import create, dump, ledger_path, load, locked, save
from rummy_cli.players import MAX_NAME, player_name
from rummy_cli.safeyaml import Lines, YamlProblem, dump_yaml, load_events


@pytest.fixture(autouse=True)
def _no_user_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Never read or write the user's ledger: no $RUMMY_LEDGER, and work in tmp_path."""
    monkeypatch.delenv("RUMMY_LEDGER", raising=False)
    monkeypatch.chdir(tmp_path)


def _game(*rounds: tuple[str | None, dict[str, HandEntry]], players: int = 3,
          rules: Rules | None = None) -> Game:
    names = ["Ann", "Ben", "Cy", "Dee", "Eve"][:players]
    game = new_game(names, dealer=names[-1], created="2024-05-01T20:00:00+00:00",
                    **({"rules": rules} if rules else {}))
    for knocker, hands in rounds:
        game, _ = record_round(game, knocker, hands)
    return game


SAMPLE_ROUNDS: list[tuple[str | None, dict[str, HandEntry]]] = [
    ("Ann", {"Ann": "3C", "Ben": "2D", "Cy": 20}),
    (None, {"Ann": 12, "Ben": "KS QS 10H", "Cy": "JK AS"}),
    ("Ben", {"Ann": "7H 7H", "Ben": "", "Cy": 4}),
]


def _temp_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


# --- round trip ------------------------------------------------------------------------

def test_round_trip_dump_load(tmp_path: Path) -> None:
    game = _game(*SAMPLE_ROUNDS)
    path = tmp_path / "game.yaml"
    path.write_text(dump(game), encoding="utf-8")
    loaded, warnings = load(path)
    assert warnings == []
    assert loaded == game
    assert loaded.results == game.results
    assert loaded.state == game.state
    assert dump(loaded) == dump(game)


def test_round_trip_through_save(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    game = _game(*SAMPLE_ROUNDS)
    save(path, game)
    assert load(path) == (game, [])


def test_round_trip_keeps_house_rules(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    game = _game(("Ann", {"Ann": 7, "Ben": 40}), players=2,
                 rules=Rules(target=100, knock_limit=7))
    path.write_text(dump(game), encoding="utf-8")
    loaded, _ = load(path)
    assert loaded.rules == Rules(target=100, knock_limit=7)
    assert load(_saved(tmp_path / "again.yaml", loaded))[0] == loaded


def _saved(path: Path, game: Game) -> Path:
    save(path, game)
    return path


def test_dump_is_hand_editable_text() -> None:
    text = dump(_game(*SAMPLE_ROUNDS[:1]))
    assert text.startswith("# rummy ledger")
    assert "players: [Ann, Ben, Cy]" in text
    assert "end: knock Ann" in text
    assert "hands: {Ann: 3C, Ben: 2D, Cy: 20}" in text
    assert "scores: {Ann: 0, Ben: 29, Cy: 0}" in text


def test_minimal_hand_written_ledger_loads(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_text("players: [Ann, Ben]\nfirst_dealer: Ben\nrounds:\n"
                    "- {end: stock-out, hands: {Ann: 12, Ben: ''}}\n", encoding="utf-8")
    game, warnings = load(path)
    assert warnings == []
    assert game.rounds[0].hands == {"Ann": 12, "Ben": ""}
    assert game.results[0].scores == {"Ann": 0, "Ben": 12 + 25}


@pytest.mark.parametrize("blank", ["~", "null", ""])
def test_blank_hand_is_refused_not_read_as_no_cards(tmp_path: Path, blank: str) -> None:
    # a forgotten hand must not silently become a win with the going-out bonus
    path = tmp_path / "g.yaml"
    path.write_text("players: [Ann, Ben]\nfirst_dealer: Ben\nrounds:\n"
                    "- end: stock-out\n  hands:\n    Ann: 12\n"
                    f"    Ben: {blank}\n", encoding="utf-8")
    with pytest.raises(LedgerError, match=r"g.yaml: line 7, rounds\[0\].hands.Ben: Ben's hand "
                                          "is blank"):
        load(path)


def test_decks_line_that_disagrees_with_r2_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_text("players: [Ann, Ben, Cy]\ndecks: 1\nfirst_dealer: Ben\nrounds: []\n",
                    encoding="utf-8")
    with pytest.raises(LedgerError, match=r"line 2, decks: 'decks' is 1, but a game of 3 "
                                          r"players uses 2 \(R2\)"):
        load(path)


@pytest.mark.parametrize(("rule", "place"), [
    ("knock_limit: -1", "line 4, rules.knock_limit: rule 'knock_limit' cannot be negative"),
    ("target: 0", "line 4, rules.target: rule 'target' must be at least 1"),
    ("min_meld: 5", r"line 4, rules: rule 'max_group' \(4\) cannot be below 'min_meld' \(5\)"),
])
def test_rules_that_cannot_be_played_are_refused(tmp_path: Path, rule: str,
                                                 place: str) -> None:
    path = tmp_path / "g.yaml"
    path.write_text(f"players: [Ann, Ben]\nfirst_dealer: Ben\nrules:\n  {rule}\n"
                    "rounds: []\n", encoding="utf-8")
    with pytest.raises(LedgerError, match=place):
        load(path)


def test_declared_joker_in_a_ledger_hand_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_text("players: [Ann, Ben]\nfirst_dealer: Ben\nrounds:\n"
                    "- end: stock-out\n  hands: {Ann: JK=7H, Ben: 4}\n", encoding="utf-8")
    with pytest.raises(LedgerError, match="rounds.0..hands.Ann: Ann's hand: JK=7H: a joker in "
                                          "a hand stands for nothing yet; write it JK"):
        load(path)


# --- a hand corrected by hand ----------------------------------------------------------

def test_hand_corrected_ledger_recomputes_scores_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    save(path, _game(*SAMPLE_ROUNDS[:2]))
    text = path.read_text(encoding="utf-8")
    assert "hands: {Ann: 3C, Ben: 2D, Cy: 20}" in text
    # Ben really held 4D, not 2D: Ann (3) is lowest and wins 1 + 17
    path.write_text(text.replace("Ben: 2D,", "Ben: 4D,"), encoding="utf-8")
    game, warnings = load(path)
    assert game.results[0].scores == {"Ann": 18, "Ben": 0, "Cy": 0}
    assert game.results[0].winners == ("Ann",)
    assert len(warnings) == 1
    assert warnings[0].startswith("round 1: the stored scores")
    assert warnings[0] == ("round 1: the stored scores (Ann 0, Ben 29, Cy 0) disagree with "
                           "the hands; using the recomputed ones (Ann 18, Ben 0, Cy 0)")
    # saving writes the corrected scores, and the warning goes away
    save(path, game)
    assert "scores: {Ann: 18, Ben: 0, Cy: 0}" in path.read_text(encoding="utf-8")
    assert load(path)[1] == []


def test_stored_scores_are_never_the_truth(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    save(path, _game(*SAMPLE_ROUNDS[:1]))
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("scores: {Ann: 0, Ben: 29, Cy: 0}",
                                 "scores: {Ann: 500, Ben: 0, Cy: 0}"), encoding="utf-8")
    game, warnings = load(path)
    assert game.state.standings[1].points == 29
    assert not game.state.game_over
    assert len(warnings) == 1


# --- damaged ledgers -------------------------------------------------------------------

GOOD = """\
players: [Ann, Ben, Cy]
first_dealer: Cy
rounds:
- end: knock Ann
  hands: {Ann: 3C, Ben: 2D, Cy: 20}
  scores: {Ann: 0, Ben: 29, Cy: 0}
"""

TOP = re.compile(r"(line 1, )?top level")  # the document itself; its line is optional

# (id, text, the place the message must name, what it must say)
Text = str | re.Pattern[str]
DAMAGED: list[tuple[str, str, Text, Text]] = [
    ("truncated_mid_line", GOOD[:GOOD.index("Ben: 2D")], "line 6, column", "expected node"),
    ("truncated_mid_value", GOOD[:GOOD.index("2D") + 1], "line 6, column", "expected ',' or '}'"),
    ("unclosed_quote", GOOD.replace("3C", '"3C'), "line 7, column", "unexpected end"),
    ("bad_indentation", GOOD.replace("  hands:", "    hands:"), "line 5", ""),
    ("tab_indentation", GOOD.replace("  hands:", "\thands:"), "line 5", "tab"),
    ("not_a_mapping", "- Ann\n- Ben\n", TOP, "a ledger is a mapping"),
    ("empty_file", "", TOP, "a ledger is a mapping"),
    ("only_comments", "# nothing here\n", TOP, "a ledger is a mapping"),
    ("players_not_a_list", GOOD.replace("[Ann, Ben, Cy]", "Ann Ben Cy"),
     "line 1, players", "'players' must be a list"),
    ("players_not_names", GOOD.replace("[Ann, Ben, Cy]", "[Ann, 2, Cy]"),
     "line 1, players", "players must be a list of names"),
    ("too_many_players", GOOD.replace("[Ann, Ben, Cy]", "[A, B, C, D, E, F]"),
     "line 1, players", "R1"),
    ("first_dealer_missing", GOOD.replace("first_dealer: Cy\n", ""),
     TOP, "'first_dealer' is missing"),
    ("first_dealer_a_number", GOOD.replace("first_dealer: Cy", "first_dealer: 7"),
     "line 2, first_dealer", "must be text"),
    ("rounds_not_a_list", GOOD.split("rounds:")[0] + "rounds: 5\n",
     "line 3, rounds", "'rounds' must be a list"),
    ("round_not_a_mapping", GOOD.split("rounds:")[0] + "rounds:\n- knock Ann\n",
     "line 4, rounds[0]", "a round is a mapping"),
    ("end_missing", GOOD.replace("- end: knock Ann\n  hands", "- hands"),
     "line 4, rounds[0]", "'end' is missing"),
    ("end_unknown", GOOD.replace("knock Ann", "Ann won"),
     "line 4, rounds[0].end", "'end' is 'knock NAME' or 'stock-out'"),
    ("hands_a_list", GOOD.replace("{Ann: 3C, Ben: 2D, Cy: 20}", "[3C, 2D, 20]"),
     "line 5, rounds[0].hands", "'hands' must be a mapping"),
    ("hand_a_float", GOOD.replace("Cy: 20}", "Cy: 20.5}"),
     "line 5, rounds[0].hands.Cy", re.compile("a hand is cards or a total|'20.5' is not a card")),
    ("hand_a_bool", GOOD.replace("Cy: 20}", "Cy: true}"),
     "line 5, rounds[0].hands.Cy", "a hand is cards or a total"),
    ("hand_a_list", GOOD.replace("Cy: 20}", "Cy: [2D]}"),
     "line 5, rounds[0].hands.Cy", "a hand is cards or a total"),
    ("hand_negative", GOOD.replace("Cy: 20}", "Cy: -4}"),
     "line 5, rounds[0].hands.Cy", "cannot be negative"),
    ("bad_card", GOOD.replace("Ben: 2D", "Ben: 2X"),
     "line 5, rounds[0].hands.Ben", "'2X' is not a card"),
    ("unknown_player_in_hands", GOOD.replace("Cy: 20}", "Cy: 20, Zed: 4}"),
     "line 5, rounds[0].hands.Zed", "no player called 'Zed' in this game"),
    ("unknown_knocker", GOOD.replace("knock Ann", "knock Zed"),
     "line 4, rounds[0].end", "no player called 'Zed' in this game"),
    ("missing_hand", GOOD.replace(", Cy: 20}", "}"),
     "line 5, rounds[0].hands", "no hand for Cy"),
    ("r17_knock_over_5", GOOD.replace("Ann: 3C,", "Ann: 3C 3D,"),
     "line 4, rounds[0]", "R17"),
    ("r2_too_many_copies", GOOD.replace("Ann: 3C,", "Ann: 2D 2D,"),
     "line 4, rounds[0]", "2D appears 3 times"),
    # a value is quoted back as the person wrote it in YAML, not as Python prints it
    ("hand_true", GOOD.replace("Cy: 20}", "Cy: true}"),
     "line 5, rounds[0].hands.Cy", "a hand is cards or a total, not true"),
    ("hand_a_list_of_yaml", GOOD.replace("Cy: 20}", "Cy: [false, null]}"),
     "line 5, rounds[0].hands.Cy", "not [false, null]"),
    ("end_false", GOOD.replace("end: knock Ann", "end: false"),
     "line 4, rounds[0].end", "'end' must be text, not false"),
    ("rule_null", GOOD + "rules: {target: null}\n",
     "line 7, rules.target", "rule 'target' must be a whole number, not null"),
    ("unknown_rule_key", GOOD + "rules: {target: 100, house_rule: 3}\n",
     "line 7, rules.house_rule", "unknown rule 'house_rule'"),
    ("rule_wrong_type", GOOD + "rules: {target: '100'}\n",
     "line 7, rules.target", "rule 'target' must be a whole number, not '100'"),
    ("rules_not_a_mapping", GOOD + "rules: [150]\n", "line 7, rules", "must be a mapping"),
    ("unknown_game", GOOD + "game: gin-rummy\n", "line 7, game", "not a game this rummy"),
    ("unknown_format", "format: 3\n" + GOOD, "line 1, format", "format 3 is not one"),
    ("r24_round_after_game_end",
     GOOD.replace("Cy: 20}", "Cy: 200}") + "- end: stock-out\n  hands: {Ann: 1, Ben: 2, Cy: 3}\n",
     "line 7, rounds[1]", "round 2 comes after the game ended (after round 1)"),
]


@pytest.mark.parametrize(("text", "place", "message"), [c[1:] for c in DAMAGED],
                         ids=[c[0] for c in DAMAGED])
def test_damaged_ledger_refused_with_file_and_place(tmp_path: Path, text: str, place: Text,
                                                    message: Text) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LedgerError) as info:
        load(path)
    error = str(info.value)
    prefix = f"{path}: "
    assert error.startswith(prefix)
    if isinstance(place, str):
        assert error[len(prefix):].startswith(place)
    else:
        assert place.match(error[len(prefix):])
    assert message in error if isinstance(message, str) else message.search(error)
    assert "\n" not in error
    assert path.read_text(encoding="utf-8") == text  # loading never writes


@pytest.mark.parametrize("tag", [
    '!!python/object/apply:os.system ["touch {marker}"]',
    '!!python/object/new:os.system ["touch {marker}"]',
    "!!python/object/apply:subprocess.call [[touch, {marker}]]",
    "!!python/name:os.system",
    '!!python/module:os',
])
@pytest.mark.parametrize("where", ["rounds", "players", "notes", "top"])
def test_code_running_tags_refused_and_nothing_runs(tmp_path: Path, tag: str,
                                                    where: str) -> None:
    marker = tmp_path / "pwned"
    value = tag.format(marker=marker)
    if where == "top":
        text = value + "\n"
        line = 1
    elif where == "players":
        text = GOOD.replace("[Ann, Ben, Cy]", value)
        line = 1
    elif where == "rounds":
        text = GOOD.split("rounds:")[0] + f"rounds: {value}\n"
        line = 3
    else:
        text = GOOD + f"notes: {value}\n"
        line = 7
    path = tmp_path / "evil.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LedgerError) as info:
        load(path)
    assert str(info.value).startswith(f"{path}: line {line}, column ")
    assert "not allowed" in str(info.value)
    assert not marker.exists()


def test_custom_tags_refused(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(GOOD + "notes: !shout hello\n", encoding="utf-8")
    with pytest.raises(LedgerError, match=r"line 7, column \d+"):
        load(path)


def test_deeply_nested_damage_refused(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    path.write_text("players: " + "[" * 20000 + "]" * 20000 + "\n", encoding="utf-8")
    with pytest.raises(LedgerError, match=rf"^{re.escape(str(path))}: line 1, column \d+: .*nest"):
        load(path)


def test_recursive_aliases_refused(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    path.write_text("players: &p [Ann, *p]\nfirst_dealer: Ann\n", encoding="utf-8")
    with pytest.raises(LedgerError, match=rf"^{re.escape(str(path))}: line 1, "):
        load(path)


def test_missing_ledger(tmp_path: Path) -> None:
    with pytest.raises(LedgerError, match=r"no such ledger; start a game with 'rummy new"):
        load(tmp_path / "nothing.yaml")


def test_folder_is_not_a_ledger(tmp_path: Path) -> None:
    with pytest.raises(LedgerError, match="is a folder"):
        load(tmp_path)


def test_binary_file_is_not_a_ledger(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    path.write_bytes(b"\x00garbage\x80\xff")
    with pytest.raises(LedgerError, match=r"game.yaml: not a ledger: it is not UTF-8 text"):
        load(path)


def test_utf16_ledger_is_named_as_such(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(GOOD, encoding="utf-16")
    with pytest.raises(LedgerError, match="it is UTF-16 text: save it as UTF-8"):
        load(path)


# --- create ----------------------------------------------------------------------------

@pytest.mark.parametrize("existing", [
    b"", b"my own notes, not a ledger\n", b"\xff\x00binary", GOOD.encode()])
def test_create_refuses_an_existing_file_byte_for_byte(tmp_path: Path,
                                                       existing: bytes) -> None:
    path = tmp_path / "game.yaml"
    path.write_bytes(existing)
    os.utime(path, (1_000_000, 1_000_000))
    with pytest.raises(LedgerError, match="a ledger is already there; rummy never overwrites"):
        create(path, _game())
    assert path.read_bytes() == existing
    assert path.stat().st_mtime == 1_000_000
    assert _temp_files(tmp_path) == []


def test_create_writes_a_new_ledger(tmp_path: Path) -> None:
    path = tmp_path / "new.yaml"
    create(path, _game())
    assert load(path) == (_game(), [])
    assert _temp_files(tmp_path) == []


# --- save ------------------------------------------------------------------------------

def test_save_leaves_no_temp_files(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    game = _game()
    for knocker, hands in SAMPLE_ROUNDS:
        game, _ = record_round(game, knocker, hands)
        with locked(path):
            save(path, game)
        assert _temp_files(tmp_path) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == [".game.yaml.lock", "game.yaml"]


def test_save_that_fails_keeps_the_old_ledger(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.yaml"
    save(path, _game(*SAMPLE_ROUNDS[:1]))
    before = path.read_bytes()

    def no_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(ledger.os, "replace", no_replace)
    with pytest.raises(LedgerError, match=rf"^{path}: cannot write it: No space left"):
        save(path, _game(*SAMPLE_ROUNDS))
    assert path.read_bytes() == before
    assert _temp_files(tmp_path) == []


def test_save_interrupted_while_writing_keeps_the_old_ledger(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.yaml"
    save(path, _game(*SAMPLE_ROUNDS[:1]))
    before = path.read_bytes()

    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(ledger.os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        save(path, _game(*SAMPLE_ROUNDS))
    assert path.read_bytes() == before
    assert _temp_files(tmp_path) == []


def test_save_into_a_missing_folder_is_a_ledger_error(tmp_path: Path) -> None:
    with pytest.raises(LedgerError, match="cannot write it"):
        save(tmp_path / "no" / "such" / "game.yaml", _game())


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_save_keeps_the_ledger_permissions(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    save(path, _game())
    umask = os.umask(0)
    os.umask(umask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~umask  # like any new file, not 0600
    path.chmod(0o640)
    save(path, _game(*SAMPLE_ROUNDS[:1]))
    assert path.stat().st_mode & 0o777 == 0o640


# --- ledger_path -----------------------------------------------------------------------

def test_ledger_path_option_then_env_then_default(monkeypatch: pytest.MonkeyPatch) -> None:
    assert ledger_path(None) == Path("rummy-ledger.yaml")
    monkeypatch.setenv("RUMMY_LEDGER", "from-env.yaml")
    assert ledger_path(None) == Path("from-env.yaml")
    assert ledger_path("given.yaml") == Path("given.yaml")


# --- locked ----------------------------------------------------------------------------

HOLDER = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from rummy_cli.ledger import locked
    with locked(Path(sys.argv[1])):
        print("locked", flush=True)
        time.sleep(float(sys.argv[2]))
""")


def _hold_lock(path: Path, seconds: float) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(path), str(seconds)],
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    if proc.stdout.readline().strip() != "locked":
        with proc:  # closes the pipe
            proc.kill()
        pytest.fail("the lock holder did not start")
    return proc


def test_locked_times_out_busy_while_another_process_holds_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.yaml"
    save(path, _game())
    before = path.read_bytes()
    with _hold_lock(path, 3600) as holder:  # leaving the block closes its pipe and waits
        try:
            started = time.monotonic()
            with pytest.raises(LedgerError) as info, locked(path, wait=0.3):
                pytest.fail("got the lock while another process held it")
            waited = time.monotonic() - started
            assert str(info.value).startswith(f"{path}: the ledger is busy")
            # it waited what it was asked (no upper bound: a busy machine is slow, and
            # that is no fault)
            assert waited >= 0.3
            # the player is told at once why nothing happens yet
            assert capsys.readouterr().err == (
                f"{path}: another rummy command is using the ledger; waiting...\n")
        finally:
            holder.kill()
    assert path.read_bytes() == before
    with locked(path, wait=300):  # the lock dies with its holder: free at once
        pass


def test_locked_waits_for_a_short_holder(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    with _hold_lock(path, 0.3) as holder:
        try:
            with locked(path, wait=300):  # a hang guard: the holder lets go in 0.3 s
                assert holder.wait(timeout=300) == 0
        finally:
            holder.kill()


def test_locked_is_released_after_each_use(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    for _ in range(3):
        with locked(path, wait=0.5):
            save(path, _game())


# --- property: whatever the names and notes, the ledger reads back the same ------------

def _accepted(name: str) -> bool:
    try:
        return player_name(name) == name
    except RummyError:
        return False


NAME_CHARS = st.characters(blacklist_categories=("Cs",))
# every name rummy accepts, up to the longest (40): PyYAML cannot read a key over 1,024
NAMES = st.one_of(st.text(NAME_CHARS, min_size=1, max_size=8),
                  st.text(NAME_CHARS, min_size=30, max_size=MAX_NAME)).filter(_accepted)
# any text, with a bias toward what YAML must escape or treats as a line break
NOTE_CHARS = st.one_of(st.characters(blacklist_categories=("Cs",)),
                       st.sampled_from("\n\t\r\x7f\x85\u2028\ufffe"))
AWKWARD_NAMES = st.sampled_from(["true", "No", "null", "~", "123", "+4", "0x1F", "1e3", "Ann:",
                                 "#1", "'q'", '"q"', "[Ann]", "{x}", "&a", "*a", "!tag", "x - y",
                                 "? y", "@home", "`b`", "%d", "Zoë", "李", "A B", "yes",
                                 "x" * MAX_NAME, "é" * MAX_NAME, "a: " + "b" * 37])


@st.composite
def one_game(draw: st.DrawFn, finished: bool = False) -> Game:
    n = draw(st.integers(2, 5))
    names = draw(st.lists(st.one_of(AWKWARD_NAMES, NAMES), min_size=n, max_size=n,
                          unique_by=lambda name: name.casefold()))
    game = new_game(names, dealer=draw(st.sampled_from(names)))
    for _ in range(draw(st.integers(0, 3)) if not finished else 40):
        knocker = draw(st.sampled_from(names) if finished else
                       st.one_of(st.none(), st.sampled_from(names)))
        # only one player may have gone out: the knocker, or anyone in a stock-out (R17)
        hands: dict[str, HandEntry] = {p: draw(st.integers(1, 30)) for p in names}
        if finished:  # big hands: a knock scores enough to end the game soon
            hands = {p: 90 for p in names}
        if knocker is not None:
            hands[knocker] = draw(st.sampled_from(["", "AS", "2H 3H", 4]))
        elif draw(st.booleans()):
            hands[draw(st.sampled_from(names))] = 0
        if game.state.game_over:
            break
        game, _ = record_round(game, knocker, hands)
        note = draw(st.one_of(st.none(), st.text(NOTE_CHARS, max_size=30)))
        if note is not None:
            last = replace(game.rounds[-1], note=note)
            game = with_results(replace(game, rounds=game.rounds[:-1] + (last,)), game.results)
    return game


@st.composite
def ledgers(draw: st.DrawFn) -> ledger.Ledger:
    earlier = draw(st.lists(one_game(finished=True), max_size=2))
    return ledger.Ledger((*earlier, draw(one_game())))


@settings(max_examples=150, deadline=None)
@given(ledgers())
def test_long_name_round_trips_any_ledger_rummy_can_write(written: ledger.Ledger) -> None:
    """Whatever rummy writes, with any names it accepts and any notes, it reads back."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.yaml"
        save(path, written)
        loaded, warnings = ledger.read(path)
    assert warnings == []
    assert loaded == written
    assert [g.results for g in loaded.games] == [g.results for g in written.games]


def test_round_trip_note_with_characters_yaml_must_escape(tmp_path: Path) -> None:
    # U+007F-U+009F, U+2028/9 and U+FFFE written raw would make the ledger unreadable
    game = _game(*SAMPLE_ROUNDS[:1])
    note = "tab\t del\x7f nel\x85 \x9f \u2028 \ufffe \x1b[0m"
    game = replace(game, rounds=(replace(game.rounds[0], note=note),))
    path = tmp_path / "game.yaml"
    save(path, game)
    assert load(path)[0].rounds[0].note == note


def test_hand_edited_knocker_in_another_case_is_the_seated_player(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(GOOD.replace("knock Ann", "knock ann"), encoding="utf-8")
    game, _ = load(path)
    assert game.rounds[0].knocker == "Ann"


# --- hand edits that are read kindly, or warned about -------------------------------------

def test_names_and_endings_in_a_hand_edit_match_in_any_case(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_text(GOOD.replace("knock Ann", "Knock ann").replace("{Ann: 3C", "{ann: 3C"),
                    encoding="utf-8")
    game, warnings = load(path)
    assert warnings == []
    assert game.rounds[0].knocker == "Ann" and game.rounds[0].hands["Ann"] == "3C"
    path.write_text(GOOD.replace("knock Ann", "stock out"), encoding="utf-8")
    assert load(path)[0].rounds[0].knocker is None


def test_a_hand_given_twice_in_two_cases_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_text(GOOD.replace("Cy: 20}", "Cy: 20, ann: 4}"), encoding="utf-8")
    with pytest.raises(LedgerError, match=r"rounds\[0\].hands.ann: Ann's hand is given twice"):
        load(path)


def test_a_mistyped_first_dealer_is_reported_on_its_own_line(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_text(GOOD.replace("first_dealer: Cy", "first_dealer: Cyy"), encoding="utf-8")
    with pytest.raises(LedgerError, match="line 2, first_dealer: no player called 'Cyy' .* "
                                          "did you mean 'Cy'"):
        load(path)


def test_edited_dealer_and_round_number_are_warned_about(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_text(GOOD.replace("- end: knock Ann", "- round: 2\n  dealer: Anm\n"
                                                     "  end: knock Ann"), encoding="utf-8")
    game, warnings = load(path)
    assert game.dealer_of(1) == "Cy"
    assert warnings == [
        "round 1: it says 'round: 2', but it is round 1 of the list; rounds are numbered by "
        "their place",
        "round 1: it says 'dealer: Anm', but by R4 Cy dealt it (the deal passes left from "
        "first_dealer); using Cy",
    ]


@pytest.mark.parametrize(("edit", "where", "hint"), [
    (("rounds:", "Rounds:"), "line 3, Rounds", "did you mean 'rounds'?"),
    (("first_dealer: Cy", "first_dealer: Cy\nnotes: crisps"), "line 3, notes", "a ledger has"),
    (("- end: knock Ann", "- nte: wet\n  end: knock Ann"), "line 4, rounds[0].nte",
     "did you mean 'note'?"),
])
def test_unknown_keys_are_refused_with_their_line_never_written_over(
        tmp_path: Path, edit: tuple[str, str], where: str, hint: str) -> None:
    path = tmp_path / "g.yaml"
    path.write_text(GOOD.replace(*edit), encoding="utf-8")
    with pytest.raises(LedgerError) as info:
        load(path)
    assert str(info.value).startswith(f"{path}: {where}: ") and hint in str(info.value)


def test_a_missing_rounds_key_is_an_error_not_a_new_game(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_text(GOOD.split("rounds:")[0], encoding="utf-8")
    with pytest.raises(LedgerError, match="'rounds' is missing"):
        load(path)


def test_a_round_note_is_kept_through_a_write(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_text(GOOD.replace("- end: knock Ann", "- end: knock Ann\n  note: Ben spilled "
                                                     "his drink"), encoding="utf-8")
    game, warnings = load(path)
    assert warnings == [] and game.rounds[0].note == "Ben spilled his drink"
    save(path, game)
    assert "  note: Ben spilled his drink\n" in path.read_text(encoding="utf-8")
    assert load(path)[0].rounds[0].note == "Ben spilled his drink"


# --- the quick reader: the same data as libyaml's, or it steps aside ----------------------

SCALAR_CHARS = st.one_of(st.sampled_from("aZ09 -_.=:#,'\"\\{}[]&*!?|>%@`~\t\n\r"),
                         st.characters(blacklist_categories=("Cs",)),
                         st.sampled_from("\x00\x7f\x85\xa0\u2028\ufeff\ufffe😀"))
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20),
                    st.text(SCALAR_CHARS, max_size=12), AWKWARD_NAMES)
KEYS = st.one_of(st.text(SCALAR_CHARS, max_size=8), st.integers(-5, 99), AWKWARD_NAMES)


def _documents() -> st.SearchStrategy[Any]:
    flat = st.dictionaries(KEYS, SCALARS, max_size=4)
    return st.dictionaries(KEYS, st.recursive(
        st.one_of(SCALARS, flat, st.lists(SCALARS, max_size=3)),
        lambda inner: st.one_of(st.lists(inner, max_size=4), st.lists(flat, max_size=4),
                                st.dictionaries(KEYS, inner, max_size=4)),
        max_leaves=20), min_size=1, max_size=4)


def _same_reading(text: str) -> None:
    """The quick reader reads ``text`` as libyaml's does (data, and every line), or gives up;
    it never reads a text that libyaml refuses."""
    quick = load_simple(text)
    if quick is NOT_SIMPLE:
        return
    slow_lines, quick_lines = Lines(), Lines()
    slow = load_events(text, slow_lines)  # raises if libyaml refuses what was read quickly
    assert quick == slow and repr(quick) == repr(slow)  # 1 and True are equal, not the same
    noted = load_simple(text, quick_lines)  # noting lines takes the row-by-row way
    assert noted == slow
    for path in _paths(slow):
        for key_only in (False, True):
            assert (quick_lines.line_of(noted, path, key_only)
                    == slow_lines.line_of(slow, path, key_only)), path


def _paths(data: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [at]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, at + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += _paths(value, at + (i,))
    return found


@settings(max_examples=300, deadline=None)
@given(_documents(), st.sets(st.sampled_from(["a", "b", "0", "x"])))
def test_quick_reader_reads_what_the_writer_writes_as_libyaml_does(
        doc: dict[Any, Any], flow: set[str]) -> None:
    text = dump_yaml(doc, frozenset(flow))
    try:
        load_events(text)
    except YamlProblem:  # a number too long, say: the quick reader must step aside
        assert load_simple(text) is NOT_SIMPLE
        return
    _same_reading(text)


EDITS = st.sampled_from([" ", "  ", "- ", ": ", "#", " #", "\t", "\n", "{", "}", "[", "]",
                         ", ", '"', "'", "\\", "&a ", "*a", "!!str ", "---\n", "? ", "|",
                         ">", "x", "1", "é", "\x85", "\u2028", "\x00", ""])


@settings(max_examples=400, deadline=None)
@given(ledgers(), st.lists(st.tuples(st.floats(0, 1), st.integers(0, 3), EDITS),
                           min_size=1, max_size=3))
def test_quick_reader_on_a_hand_edited_ledger_agrees_or_steps_aside(
        written: ledger.Ledger, edits: list[tuple[float, int, str]]) -> None:
    """Characters typed into, or cut out of, a ledger: the quick reader gives libyaml's
    reading or none, so every refusal keeps libyaml's message and line."""
    text = dump(written)
    assert load_simple(text) == load_events(text)  # what rummy writes is read quickly
    for where, cut, typed in edits:
        at = int(where * len(text))
        text = text[:at] + typed + text[at + cut:]
    try:
        load_events(text)
    except YamlProblem:
        assert load_simple(text) is NOT_SIMPLE
        return
    _same_reading(text)


@pytest.mark.parametrize("text", [
    "a: {x: 1, x: 2}\n", "a: 1\na: 2\n", "a:\n- k: 1\n  k: 2\n", "a: 1234567890123456789\n",
    "a: {x: 1, \n", "a: [1, 2\n", "a: b: c\n", "a:\n- x\n b: 1\n", "a: 1\n- b\n",
    "a:\n  - x\n  b: 1\n", "a: \"\\ud800\"\n", "a: \"x\x01\"\n", "# \x01\na: 1\n",
    "a:\n", "a: &x 1\n", "a: !!str 1\n", "a: 'q'\n", "- a\n", "  a: 1\n",
    "a:\n- b: 1\n   c: 2\n", "a:\n- b: 1\n c: 2\n", "a:\n- b:\n  c: 2\n", "\ufeffa: 1\n",
    f"a: {{{'k' * 300}: 1}}\n", "a:\n- {b: 1}}\n", "a: {b: 1,c: 2}\n", "a: {b: }\n",
    f"a: {'9' * 5000}\n", f"a: [1, -{'9' * 5000}]\n", f"a:\n- b: {'9' * 19}\n  c: 1\n",
])
def test_quick_reader_steps_aside_for_what_it_does_not_read(text: str) -> None:
    assert load_simple(text) is NOT_SIMPLE


# --- the writer: each scalar worked out once, the same bytes as the plain recursive one ---

def _reference_dump(doc: dict[str, Any], flow_keys: frozenset[str]) -> str:
    """The writer as it was before it remembered scalars: one line at a time, recursively."""
    from rummy_cli.safeyaml import scalar_text

    def flow(value: Any) -> str:
        if isinstance(value, dict):
            return "{" + ", ".join(f"{scalar_text(k)}: {flow(v)}" for k, v in value.items()) + "}"
        if isinstance(value, list):
            return "[" + ", ".join(flow(v) for v in value) + "]"
        return scalar_text(value)

    def mapping(doc: dict[Any, Any], indent: str, first: str | None = None) -> None:
        for i, (key, value) in enumerate(doc.items()):
            head = f"{first if i == 0 and first is not None else indent}{scalar_text(key)}:"
            if isinstance(value, (dict, list)) and (key in flow_keys or not value):
                lines.append(f"{head} {flow(value)}")
            elif isinstance(value, dict):
                lines.append(head)
                mapping(value, indent + "  ")
            elif isinstance(value, list):
                lines.append(head)
                for item in value:
                    if isinstance(item, dict) and item:
                        mapping(item, indent + "  ", first=indent + "- ")
                    else:
                        lines.append(f"{indent}- {flow(item)}")
            else:
                lines.append(f"{head} {scalar_text(value)}")

    lines: list[str] = []
    mapping(doc, "")
    return "\n".join(lines) + "\n"


@settings(max_examples=300, deadline=None)
@given(_documents(), st.sets(st.sampled_from(["a", "b", "0", "x", "players", "hands"])))
def test_writer_gives_the_bytes_of_the_plain_recursive_writer(
        doc: dict[Any, Any], flow: set[str]) -> None:
    assert dump_yaml(doc, frozenset(flow)) == _reference_dump(doc, frozenset(flow))


@settings(max_examples=100, deadline=None)
@given(ledgers())
def test_ledger_text_is_the_plain_recursive_writers(written: ledger.Ledger) -> None:
    text = dump(written)
    doc = ledger.to_document(written)
    for game in doc["games"]:
        game["rounds"] = list(game["rounds"])  # a long game's rounds are made as written
    body = _reference_dump(doc, ledger._FLOW_KEYS)
    assert text == ledger.HEADER + body + ledger.END_LINE + "\n"


# --- a long ledger is read once per text in a run ------------------------------------------

def test_the_same_long_text_is_read_once_and_any_change_is_read_afresh(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ledger, "REMEMBER_FROM", 0)  # every ledger counts as long here
    monkeypatch.setattr(ledger, "_remembered", None)
    path = tmp_path / "g.yaml"
    save(path, _game(*SAMPLE_ROUNDS))
    first, _ = ledger.read(path)
    again, _ = ledger.read(path)
    assert again is first  # not parsed and replayed a second time
    path.write_text(GOOD.replace("Cy: 20}", "Cy: 21}"), encoding="utf-8")
    changed, warnings = ledger.read(path)
    assert changed is not first and changed.current.rounds[0].hands["Cy"] == 21
    assert warnings  # the stored scores now disagree: said again, not lost
    path.write_text(GOOD.replace("Cy: 20}", "Cy: [20]}"), encoding="utf-8")
    with pytest.raises(LedgerError, match="line 5"):
        ledger.read(path)  # a damaged text is refused, never served from before


def test_round_on_a_long_ledger_writes_what_a_full_write_gives(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ledger, "REMEMBER_FROM", 0)
    path = tmp_path / "g.yaml"
    game = _game(*SAMPLE_ROUNDS[:2])
    save(path, game)
    ok("round", "--ledger", str(path), "--knock", "Ann", "--points", "Ann=2",
       "--points", "Ben=9", "--points", "Cy=12")
    expected, _ = record_round(game, "Ann", {"Ann": 2, "Ben": 9, "Cy": 12})
    assert path.read_text(encoding="utf-8") == dump(expected)
