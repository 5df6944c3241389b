"""Every --help example works from an installed copy: none needs a file of this checkout.

Running each example takes a minute, so .ci/release-check runs them all (with the
installed wheel, from an empty folder: tests/help_examples.py); here, the cheap half.
"""

from __future__ import annotations

import re

import pytest
from help_examples import SHOWN_ONLY, examples


def test_there_are_examples_to_run() -> None:
    found = examples()
    assert len(found) > 50
    assert sum(not SHOWN_ONLY.search(f"{e.line} {e.note}") for e in found) > 40


@pytest.mark.parametrize("example", examples(), ids=lambda e: e.line[:60])
def test_no_example_needs_a_file_of_this_checkout(example: object) -> None:
    line = getattr(example, "line", "")
    assert not re.search(r"\bsamples/|\btests/|\bbenchmarks/", line), line
