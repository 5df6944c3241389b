"""Shared set-up: no test touches the user's files or depends on their terminal settings."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# A timing is no test of behaviour: on a loaded CI machine hypothesis's 200 ms deadline and
# its too-slow health check fail tests that are right, and how much a strategy filters
# depends on the Python's Unicode tables (3.10 filters more names). Speed is measured in
# benchmarks/.
_TIMING = [HealthCheck.too_slow, HealthCheck.filter_too_much]
settings.register_profile("ci", deadline=None, suppress_health_check=_TIMING,
                          derandomize=True, print_blob=True)
settings.register_profile("dev", deadline=None, suppress_health_check=_TIMING)
settings.load_profile(os.environ.get("RUMMY_HYPOTHESIS_PROFILE",
                                     "ci" if os.environ.get("CI") else "dev"))


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Work in a temp folder, with no $RUMMY_LEDGER, no colour, and the width unknown (80)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RUMMY_LEDGER", raising=False)
    monkeypatch.delenv("COLUMNS", raising=False)  # a test that needs a width sets it
    monkeypatch.setenv("NO_COLOR", "1")
