"""Comments a person writes in a ledger survive every command that writes it, beside the
row they were written at; what rummy reads is the same with or without them."""

from __future__ import annotations

import json
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from clirun import ok, one_error_line, run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_ledger import ledgers

from rummy_cli import ledger
from rummy_cli.ledger import END_LINE, HEADER, dump, save


@pytest.fixture(autouse=True)
def _no_user_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RUMMY_LEDGER", raising=False)


LEDGER = "league.yaml"


def _started() -> Path:
    ok("new", "Ann", "Ben", "Cy", "--dealer", "Ann", "--target", "300", "--ledger", LEDGER)
    for knock, points in (("Ann", ("Ann=3", "Ben=20", "Cy=30")),
                          ("Ben", ("Ann=13", "Ben=2", "Cy=30")),
                          ("Cy", ("Ann=13", "Ben=20", "Cy=1"))):
        ok("round", "--knock", knock, *(f"--points={p}" for p in points), "--ledger", LEDGER)
    return Path(LEDGER)


def _commented(path: Path) -> None:
    """Comments in every kind of place: above the first key, after a value, above and after
    a mapping's key, inside it, blank-line-separated blocks between rounds, after a round's
    first row, after a one-line mapping, and at the end of the file."""
    text = path.read_text(encoding="utf-8")
    edits = [
        ("format: 2\n", "# league of the Friday club\n\nformat: 2  # do not change\n"),
        ("  rules:\n", "  # agreed on 1 May\n  rules:  # house rules\n    # the book's bonus\n"),
        ("  - round: 2\n", "\n  # Ben's lucky night\n\n  # (second block)\n"
                           "  - round: 2  # at Cy's\n"),
        ("    end: knock Ann\n", "    end: knock Ann   # checked twice\n"),
        ("    hands: {Ann: 13, Ben: 20, Cy: 1}\n",
         "    hands: {Ann: 13, Ben: 20, Cy: 1}  # Cy's hand photographed\n"),
        (END_LINE + "\n", "# the season goes on next week\n\n" + END_LINE + "\n"),
    ]
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")


def _placed(text: str) -> list[tuple[str, str]]:
    """Each comment a person wrote, with the row it belongs to: the row below a comment
    line, the row a comment ends."""
    rows = text.splitlines()
    own = set(HEADER.splitlines()) | {END_LINE}
    found: list[tuple[str, str]] = []
    for i, row in enumerate(rows):
        stripped = row.strip()
        if row in own or not stripped:
            continue
        if stripped.startswith("#"):
            below = next((r for r in rows[i + 1:] if r.strip() and not
                          r.strip().startswith("#")), "the end")
            found.append((stripped, below.split(":")[0]))
        elif "  #" in row:
            found.append((row[row.index("  #"):].strip(), row.split(":")[0]))
    return found


def test_comments_survive_every_command_that_writes_the_ledger_beside_their_rows() -> None:
    path = _started()
    _commented(path)
    placed = _placed(path.read_text(encoding="utf-8"))
    assert len(placed) == 11
    writes = [
        ("round", "--knock", "Ann", "--points=Ann=0", "--points=Ben=9", "--points=Cy=8"),
        ("fix", "2", "--knock", "Ben", "--points=Ann=14", "--points=Ben=2", "--points=Cy=30",
         "--yes"),
        ("rename", "Ben", "Bob"),
        ("undo", "--yes"),
        ("round", "--knock", "Ann", "--points=Ann=0", "--points=Bob=200",
         "--points=Cy=200"),  # the game is over
        ("new",),  # the next game, in the same file
        ("round", "--knock", "Ann", "--points=Ann=0", "--points=Bob=9", "--points=Cy=8"),
    ]
    for command in writes:
        ok(*command, "--ledger", LEDGER)
        text = path.read_text(encoding="utf-8")
        assert _placed(text) == placed, command
        assert text.endswith("# the season goes on next week\n\n" + END_LINE + "\n")
    assert ok("standings", "--ledger", LEDGER)  # and it still reads


def test_a_commented_ledger_reads_as_the_same_ledger_without_its_comments() -> None:
    path = _started()
    plain = ledger.read(path)
    _commented(path)
    assert ledger.read(path) == plain


def test_a_refused_command_leaves_a_commented_ledger_byte_for_byte() -> None:
    path = _started()
    _commented(path)
    before = path.read_bytes()
    code, _, err = run("round", "--knock", "Ann", "--points=Ann=3", "--ledger", LEDGER)
    assert code == 2 and one_error_line(err)
    code, _, err = run("rename", "Zed", "Bob", "--ledger", LEDGER)
    assert code == 2 and one_error_line(err)
    assert path.read_bytes() == before


def test_comments_of_an_undone_round_stay_where_the_round_stood() -> None:
    """An undo takes back the round, not what a person wrote about it: nothing typed by hand
    is lost without a word, and the comments stay after the rounds that are left."""
    path = _started()
    text = path.read_text(encoding="utf-8")
    text = text.replace("  - round: 3\n", "  # Cy's deal was short a card\n  - round: 3\n")
    text = text.replace("    end: knock Cy\n", "    end: knock Cy  # say so next time\n")
    path.write_text(text, encoding="utf-8")
    ok("undo", "--yes", "--ledger", LEDGER)
    after = path.read_text(encoding="utf-8")
    assert "round: 3" not in after
    assert after.endswith("    scores: {Ann: 0, Ben: 39, Cy: 0}\n"
                          "  # Cy's deal was short a card\n  # say so next time\n"
                          + END_LINE + "\n")


def test_comments_of_an_old_one_game_ledger_are_kept_when_it_is_written_anew() -> None:
    path = Path(LEDGER)
    path.write_text("# Friday\nplayers: [Ann, Ben]  # seats\nfirst_dealer: Ann\n"
                    "rounds:\n# the first\n- end: knock Ann\n  hands: {Ann: 3, Ben: 20}\n",
                    encoding="utf-8")
    ok("round", "--knock", "Ben", "--points=Ann=30", "--points=Ben=2", "--ledger", LEDGER)
    text = path.read_text(encoding="utf-8")
    assert "# Friday\n  players: [Ann, Ben]  # seats\n" in text
    assert "# the first\n  - round: 1\n" in text


@pytest.mark.parametrize("note", ['"table #2 # ok"', "'table #2 # ok'",
                                  "|-\n      table #2 # ok"])
def test_a_hash_inside_quotes_or_a_block_text_is_not_taken_for_a_comment(note: str) -> None:
    path = _started()
    text = path.read_text(encoding="utf-8").replace(
        "    end: knock Ann\n", f"    end: knock Ann\n    note: {note}  # real\n"
        if "|" not in note else f"    end: knock Ann  # real\n    note: {note}\n")
    path.write_text(text, encoding="utf-8")
    ok("round", "--knock", "Ann", "--points=Ann=0", "--points=Ben=9", "--points=Cy=8",
       "--ledger", LEDGER)
    after = path.read_text(encoding="utf-8")
    assert after.count("table #2 # ok") == 1
    assert "  # real\n" in after
    assert ledger.read(path)[0].current.rounds[0].note == "table #2 # ok"


COMMENT = st.tuples(st.integers(0, 6), st.text(
    st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), max_size=12))


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(ledgers(), st.lists(st.tuples(st.floats(0, 1), st.booleans(), COMMENT),
                           min_size=1, max_size=6))
def test_comment_lines_anywhere_change_nothing_read_and_survive_a_write(
        written: ledger.Ledger, inserts: list[tuple[float, bool, tuple[int, str]]]) -> None:
    """Comment lines put between any rows, or after any row's value: rummy reads the same
    ledger, and writing it again gives back the very text, comments where they were."""
    rows = dump(written).splitlines(keepends=True)
    first = len(HEADER.splitlines())
    for where, after_value, (indent, words) in inserts:
        at = first + int(where * (len(rows) - 1 - first))  # between the header and end line
        comment = "# " + words.replace("\r", " ").replace("\n", " ")
        if after_value and at < len(rows) - 1 and not rows[at].lstrip().startswith("#"):
            rows[at] = rows[at][:-1] + " " * (indent + 1) + comment + "\n"
        else:
            rows.insert(at, " " * indent + comment + "\n")
    text = "".join(rows)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.yaml"
        path.write_text(text, encoding="utf-8")
        read = ledger.read(path)
        assert read == (written, [])
        save(path, read[0])
        assert path.read_text(encoding="utf-8") == text


# --- a league's ledger: the same answers, made with less work ------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.text(max_size=5) | st.integers(), inner, max_size=4), max_leaves=20)


@settings(max_examples=200, deadline=None)
@given(JSON_VALUES, st.lists(JSON_VALUES, max_size=5))
def test_history_json_written_in_pieces_is_the_text_json_dumps_writes(
        value: Any, rows: list[Any]) -> None:
    from rummy_cli.jsonout import Rows, pieces

    doc = {"players": value, "rounds": Rows(len(rows), lambda: iter(rows)), "final": value}
    expected = json.dumps({**doc, "rounds": rows}, indent=2, ensure_ascii=False)
    assert "".join(pieces(doc)) == expected
    assert "".join(pieces(value)) == json.dumps(value, indent=2, ensure_ascii=False)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(ledgers(), st.data())
def test_a_fix_or_a_rename_scores_as_scoring_every_round_anew(
        written: ledger.Ledger, data: st.DataObject) -> None:
    """fix and rename no longer score every round again (a league's 100,000 rounds): what
    they keep must be what scoring anew gives."""
    from rummy_cli.errors import RummyError
    from rummy_cli.games.manipulation.game import Game, fix_round

    game = written.current
    if not isinstance(game, Game) or not game.rounds:
        return
    renamed = game.renamed(game.players[0], "Zed")
    assert renamed.results == replace(renamed, rounds=renamed.rounds).results
    number = data.draw(st.integers(1, len(game.rounds)))
    entry = game.rounds[data.draw(st.integers(0, len(game.rounds) - 1))]
    try:
        fixed, _ = fix_round(game, number, entry.knocker, entry.hands)
    except RummyError:
        return
    assert fixed.results == replace(fixed, rounds=fixed.rounds).results
    assert fixed.state == replace(fixed, rounds=fixed.rounds).state


def test_a_new_ledger_where_a_commented_one_was_deleted_starts_without_its_comments(
        ) -> None:
    path = _started()
    _commented(path)
    ok("standings", "--ledger", LEDGER)  # read, comments and all
    path.unlink()
    _started()
    assert _placed(path.read_text(encoding="utf-8")) == []
