"""The test run itself: a warning (an unclosed file, a deprecated call) fails it."""

from __future__ import annotations

import warnings

import pytest


@pytest.mark.parametrize("kind", [ResourceWarning, DeprecationWarning, UserWarning])
def test_a_warning_is_an_error_in_the_test_run(kind: type[Warning]) -> None:
    # pyproject's filterwarnings = ["error"]: without it the warning would only be noted
    with pytest.raises(kind):
        warnings.warn("a file was left open", kind, stacklevel=1)
