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
                          env=env, timeout=300)  # a hang guard only


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


# --- Windows: no owners, a replace that waits for a reader -----------------------------

def test_a_ledger_is_written_where_the_system_has_no_owners(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from clirun import ok

    ok("new", "Ann", "Ben", "--dealer", "Ann")
    for name in ("getuid", "getgid", "chown"):  # as on Windows
        monkeypatch.delattr(os, name, raising=False)
    ok("round", "--knock", "Ann", "--points", "Ann=1", "--points", "Ben=20")
    text = (tmp_path / "rummy-ledger.yaml").read_bytes()
    assert b"end: knock Ann" in text and b"\r\n" not in text


def test_on_windows_a_replace_waits_while_a_reader_holds_the_file(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from rummy_cli import portable

    real, calls = os.replace, []

    def held_twice(source: str, target: str) -> None:
        calls.append(target)
        if len(calls) <= 2:
            raise PermissionError(13, "The process cannot access the file")
        real(source, target)

    monkeypatch.setattr(portable, "WINDOWS", True)
    monkeypatch.setattr(portable.time, "sleep", lambda seconds: None)
    monkeypatch.setattr(os, "replace", held_twice)
    (tmp_path / "new").write_text("new", encoding="utf-8")
    portable.replace(str(tmp_path / "new"), tmp_path / "old")
    assert len(calls) == 3 and (tmp_path / "old").read_text(encoding="utf-8") == "new"


def test_elsewhere_a_replace_refused_is_refused_at_once(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from rummy_cli import portable

    calls = []

    def refused(source: str, target: str) -> None:
        calls.append(target)
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(portable, "WINDOWS", False)
    monkeypatch.setattr(os, "replace", refused)
    with pytest.raises(PermissionError):
        portable.replace("a", tmp_path / "b")
    assert len(calls) == 1
