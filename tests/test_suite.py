"""The test run itself: a warning (an unclosed file, a deprecated call) fails it."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest


@pytest.mark.parametrize("kind", [ResourceWarning, DeprecationWarning, UserWarning])
def test_a_warning_is_an_error_in_the_test_run(kind: type[Warning]) -> None:
    # pyproject's filterwarnings = ["error"]: without it the warning would only be noted
    with pytest.raises(kind):
        warnings.warn("a file was left open", kind, stacklevel=1)


# No test may time itself against the wall clock: the suite runs on busy machines (CI, a
# second suite beside it), where every timing is a coin toss. Speed lives in benchmarks/.

def test_no_property_test_has_a_deadline(request: pytest.FixtureRequest) -> None:
    # hypothesis's default of 200 ms an example is a wall-clock assertion; conftest.py's
    # profiles set none, and a test's own settings may not bring one back
    timed = [item.nodeid for item in request.session.items
             if getattr(getattr(item, "obj", None), "is_hypothesis_test", False)
             and item.obj._hypothesis_internal_use_settings.deadline is not None]
    assert timed == []


WALL_CLOCK = re.compile(r"\b(took|elapsed|waited|monotonic\(\)|perf_counter\(\)|time\(\)|"
                        r"process_time\(\))")


def test_no_test_asserts_an_upper_bound_on_wall_time() -> None:
    # a lower bound the code guarantees (it waited at least what it was asked) may stay
    found = []
    for path in sorted(Path(__file__).parent.glob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            text = line.split("#")[0]
            if text.lstrip().startswith("assert") and WALL_CLOCK.search(text) and "<" in text:
                found.append(f"{path.name}:{number}: {line.strip()}")
    assert found == []
