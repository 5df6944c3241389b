"""Shared set-up: no test touches the user's files or depends on their terminal settings."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Work in a temp folder, with no $RUMMY_LEDGER, no colour, and the width unknown (80)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RUMMY_LEDGER", raising=False)
    monkeypatch.delenv("COLUMNS", raising=False)  # a test that needs a width sets it
    monkeypatch.setenv("NO_COLOR", "1")
