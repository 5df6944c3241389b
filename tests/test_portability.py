"""rummy where the output cannot show suit symbols (a Windows console's cp1252, ASCII)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _rummy(*args: str, encoding: str) -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ, PYTHONIOENCODING=encoding, PYTHONPATH=str(ROOT))
    env.pop("RUMMY_LEDGER", None)
    env.pop("NO_COLOR", None)
    return subprocess.run([sys.executable, "-m", "rummy_cli", *args], capture_output=True,
                          env=env, timeout=60)


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_help_redirected_in_an_encoding_without_symbols_is_written(encoding: str) -> None:
    proc = _rummy("--help", encoding=encoding)
    assert proc.returncode == 0, proc.stderr
    assert b"Usage: rummy" in proc.stdout and proc.stderr == b""


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_cards_fall_back_to_the_plain_notation_even_when_symbols_are_asked(
        encoding: str) -> None:
    proc = _rummy("check", "meld", "7H", "JK=8H", "9H", "--unicode", encoding=encoding)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.decode(encoding).startswith("LEGAL run   7H JK=8H 9H")


def test_symbols_still_show_where_the_encoding_has_them() -> None:
    proc = _rummy("check", "meld", "7H", "8H", "9H", "--unicode", encoding="utf-8")
    assert proc.stdout.decode("utf-8").startswith("LEGAL run   7\u2665 8\u2665 9\u2665")
