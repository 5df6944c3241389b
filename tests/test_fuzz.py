"""Whatever a user types, `rummy` answers with a result or one `Error: ...` line, exit 2.

Hypothesis drives the CLI with random words, options and dispute files; a traceback, an
unexpected exit code, or the bug catcher's message fails the test.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy_cli.cli import cli

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "friday-night.yaml"

CARDS = ["7H", "8H", "9H", "10H", "JK", "JK=7H", "QS", "QH", "QD", "KC", "AC", "2C", "AS",
         "Td", "q♣", "1H", "7X", "JK=", "JK=JK", "", "=", "/", "|", ",", "10", "ZZZ"]
WORDS = ["check", "meld", "table", "turn", "arrange", "hint", "new", "round", "standings",
         "history", "undo", "--json", "--decks", "1", "2", "3", "0", "-1", "--draws",
         "--before", "--hand", "--after", "--table", "--by", "points", "cards", "--knock",
         "--stock-out", "--points", "--ledger", "g.yaml", "--format", "html", "grid",
         "nonsense", "--yes", "--ascii", "--unicode", "--dealer", "--seed", "Ann", "Ben",
         "Ann=3C", "Ben=", "Cy=20", "Ann=x", "-", "--help", "--version", "--guided",
         "chart", "--output", "r.svg", "g.svg", "fix", "rename", "stats", "--game"]

token = st.one_of(st.sampled_from(WORDS), st.sampled_from(CARDS),
                  st.text(max_size=6), st.builds(" ".join, st.lists(st.sampled_from(CARDS),
                                                                     max_size=5)))
card_text = st.builds(" ".join, st.lists(st.sampled_from(CARDS), max_size=6))
meld = st.one_of(card_text, st.lists(st.sampled_from(CARDS), max_size=5), st.integers(),
                 st.none(), st.booleans())
dispute = st.fixed_dictionaries(
    {},
    optional={
        "before": st.one_of(st.lists(meld, max_size=4), card_text, st.integers(), st.none()),
        "hand": st.one_of(card_text, st.lists(st.sampled_from(CARDS), max_size=5),
                          st.integers(), st.none(), st.dictionaries(st.text(max_size=2),
                                                                   st.integers(), max_size=2)),
        "after": st.one_of(st.lists(meld, max_size=4), card_text, st.none()),
        "draws": st.one_of(st.integers(-2, 5), st.text(max_size=3)),
        "decks": st.one_of(st.integers(-1, 3), st.booleans()),
        "extra": st.integers(),
    },
)


def invoke(args: list[str], stdin: str = "") -> None:
    result = CliRunner().invoke(cli, args, input=stdin)
    out = result.stdout + result.stderr
    assert "Traceback" not in out, (args, out)
    assert "rummy hit a bug" not in out, (args, out)
    assert result.exit_code in (0, 1, 2), (args, result.exit_code, out)
    if result.exit_code == 2:
        lines = result.stderr.splitlines()
        errors = [line for line in lines if line.startswith("Error: ")]
        assert len(errors) == 1, (args, result.stderr)
        if "--guided" not in args:  # only questions asked may stand before the error
            assert lines == errors, (args, result.stderr)


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(token, min_size=0, max_size=8))
def test_random_command_lines_never_crash(args: list[str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        old = os.getcwd()
        os.chdir(tmp)
        try:
            Path("g.yaml").write_bytes(SAMPLE.read_bytes())
            Path("g.svg").write_bytes(SAMPLE.read_bytes())  # a ledger with an image's name
            invoke(args)
            if "chart" in args:  # whatever its --output, chart never writes a ledger
                assert Path("g.yaml").read_bytes() == SAMPLE.read_bytes(), args
                assert Path("g.svg").read_bytes() == SAMPLE.read_bytes(), args
        finally:
            os.chdir(old)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["g.yaml", "g.svg", "l.svg", None]),
       st.sampled_from(["g.svg", "l.svg", "r.svg", "r.png", "g.yaml", "", None]),
       st.lists(st.sampled_from(["--json", "--game", "1", "2", "--ascii", "x"]), max_size=3))
def test_random_chart_command_lines_never_write_over_a_ledger(
        ledger: str | None, output: str | None, rest: list[str]) -> None:
    args = [*(["--ledger", ledger] if ledger else []), *(["--output", output] if output
                                                           is not None else []), *rest]
    with tempfile.TemporaryDirectory() as tmp:
        old = os.getcwd()
        os.chdir(tmp)
        try:
            for name in ("g.yaml", "g.svg"):
                Path(name).write_bytes(SAMPLE.read_bytes())
            os.symlink("g.yaml", "l.svg")
            invoke(["chart", *args])
            for name in ("g.yaml", "g.svg", "l.svg"):
                assert Path(name).read_bytes() == SAMPLE.read_bytes(), (args, name)
            assert not [p for p in os.listdir(".") if p.endswith(".tmp")], args
        finally:
            os.chdir(old)


@settings(max_examples=300, deadline=None)
@given(dispute, st.booleans())
def test_random_dispute_files_never_crash(doc: dict[str, object], as_json: bool) -> None:
    import json

    text = json.dumps(doc)
    invoke(["check", "turn", "-", *(["--json"] if as_json else [])], stdin=text)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=200))
def test_random_text_as_dispute_or_ledger_never_crashes(text: str) -> None:
    invoke(["check", "turn", "-"], stdin=text)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "g.yaml"
        path.write_text(text, encoding="utf-8")
        invoke(["standings", "--ledger", str(path)])
        invoke(["round", "--ledger", str(path), "--stock-out", "--points", "A=1"])
