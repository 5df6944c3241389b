"""Every --help example works from an installed copy: none needs a file of this checkout,
each pastes into a shell as it is, and one that reads a ledger follows a line that makes it.

Running each example takes a minute, so .ci/release-check runs them all (with the
installed wheel, from an empty folder: tests/help_examples.py); here, the cheap half.
"""

from __future__ import annotations

import fnmatch
import re

import pytest
from help_examples import SHOWN_ONLY, Example, copy_problems, examples, reads, writes


def test_there_are_examples_to_run() -> None:
    found = examples()
    assert len(found) > 50
    assert sum(not SHOWN_ONLY.search(e.note) for e in found) > 40
    assert {e.command for e in found} >= {"new", "round", "check meld", "check knock", "stats"}


@pytest.mark.parametrize("example", examples(), ids=lambda e: e.line[:60])
def test_no_example_needs_a_file_of_this_checkout(example: Example) -> None:
    assert not re.search(r"\bsamples/|\btests/|\bbenchmarks/", example.line), example.line


@pytest.mark.parametrize("example", examples(), ids=lambda e: e.line[:60])
def test_every_example_pastes_into_a_shell_as_it_is(example: Example) -> None:
    assert copy_problems(example) == [], example.line


@pytest.mark.parametrize("example", examples(), ids=lambda e: e.line[:60])
def test_an_example_that_reads_a_ledger_follows_a_line_that_makes_it(example: Example) -> None:
    made = {name for line in example.set_up for name in writes(line)}
    for needed in reads(example.line):
        assert any(fnmatch.fnmatch(name, needed) for name in made), (example.line, needed)


@pytest.mark.parametrize("line", [
    "rummy hint --table T --hand H",  # placeholder words
    "rummy new Ann Ben Cy --game rummikub [--first Ann]",  # an optional part in brackets
    "rummy new Ann Ben --game gin|classic|oklahoma",  # a choice, which a shell pipes
    'rummy check knock --knocker "..." --defender "..."',  # cards left out
    "rummy check turn FILE",
    "rummy example          (the list)",  # a note a shell reads as a subshell
    'rummy check meld "7H 8H',  # an unclosed quote
])
def test_a_line_to_fill_in_is_not_taken_for_an_example(line: str) -> None:
    assert copy_problems(Example("", line, "")) != []


def test_what_a_shell_takes_as_it_is_passes() -> None:
    for line in ("rummy example joker-freed | rummy check turn -",
                 "rummy history --format csv --ledger night.yaml > sheet.csv",
                 'rummy round --knock Ben --hand Ben= --hand "Ann=KS QS" --hand Cy=4C',
                 "rummy stats *.yaml --game rummikub"):
        assert copy_problems(Example("", line, "")) == [], line
