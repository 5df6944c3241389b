"""Paths a file system will not take or let rummy use: one ``Error: <path>: ...`` line each,
exit 2, never "rummy hit a bug"; and every ledger name a file system takes works."""

from __future__ import annotations

import builtins
import errno
import os
import pathlib
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from clirun import ok, one_error_line, run

LONG_FOLDER = "d" * 300  # more bytes than any file system's name holds

# the commands of the issue, each on a ledger it must read or write
COMMANDS: list[list[str]] = [
    ["standings"], ["round", "--stock-out", "--points", "Ann=1", "--points", "Ben=2"],
    ["new", "Ann", "Ben"], ["stats"], ["history"], ["undo", "--yes"]]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_a_folder_name_too_long_in_ledger_is_one_error_line(command: list[str]) -> None:
    code, _, err = run(*command, "--ledger", f"{LONG_FOLDER}/x.yaml")
    assert code == 2
    line = one_error_line(err)
    assert "bug" not in line and "is too long (300 bytes" in line
    assert line.startswith("Error: ddd") and "/x.yaml: " in line


def test_a_folder_name_too_long_in_rummy_ledger_is_one_error_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RUMMY_LEDGER", f"{LONG_FOLDER}/x.yaml")
    code, _, err = run("standings")
    assert code == 2 and "is too long (300 bytes" in one_error_line(err)


def test_a_folder_name_too_long_given_to_stats_is_one_error_line() -> None:
    ok("new", "Ann", "Ben", "--dealer", "Ann", "--ledger", "a.yaml")
    code, _, err = run("stats", "a.yaml", f"{LONG_FOLDER}/x.yaml")
    assert code == 2 and "is too long (300 bytes" in one_error_line(err)


def test_a_folder_name_too_long_in_chart_output_is_one_error_line() -> None:
    ok("new", "Ann", "Ben", "--dealer", "Ann")
    ok("round", "--stock-out", "--points", "Ann=1", "--points", "Ben=2")
    code, _, err = run("chart", "--output", f"{LONG_FOLDER}/o.svg")
    assert code == 2
    line = one_error_line(err)
    assert "bug" not in line and "/o.svg: " in line and "too long" in line


def test_a_path_longer_than_the_system_takes_is_one_error_line() -> None:
    path = "/".join(["a" * 200] * 25) + "/x.yaml"  # every name fits; the whole does not
    for command in (["standings"], ["new", "Ann", "Ben"]):
        code, _, err = run(*command, "--ledger", path)
        line = one_error_line(err)
        assert code == 2 and "the path is longer than the system takes (5031 bytes)" in line


# --- a folder that cannot be entered ----------------------------------------------------

def _deny_under(monkeypatch: pytest.MonkeyPatch, folder: str) -> None:
    """The file system as an unprivileged user sees a folder without x: whatever rummy does
    with a path through ``folder``, the system says EACCES (as root the bits deny nothing)."""
    def through(path: Any) -> bool:
        try:
            parts = Path(os.fsdecode(path)).parts
        except TypeError:  # a descriptor
            return False
        return folder in parts[:-1]

    def denying(real: Callable[..., Any]) -> Callable[..., Any]:
        def call(path: Any, *args: Any, **kwargs: Any) -> Any:
            if through(path):
                raise PermissionError(errno.EACCES, "Permission denied", os.fsdecode(path))
            return real(path, *args, **kwargs)
        return call

    for name in ("stat", "lstat", "open", "scandir", "access", "mkdir", "listdir"):
        monkeypatch.setattr(os, name, denying(getattr(os, name)))
    monkeypatch.setattr(builtins, "open", denying(builtins.open))
    # Python 3.10's pathlib calls the os functions it bound at import, through its accessor
    accessor = getattr(pathlib, "_NormalAccessor", None)
    if accessor is not None:
        for name in ("stat", "open", "scandir", "listdir", "mkdir"):
            monkeypatch.setattr(accessor, name, staticmethod(denying(getattr(accessor, name))))


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_a_folder_that_cannot_be_entered_is_one_error_line(
        command: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    Path("locked").mkdir()
    ok("new", "Ann", "Ben", "--dealer", "Ann", "--ledger", "locked/x.yaml")
    before = Path("locked/x.yaml").read_bytes()
    with monkeypatch.context() as denied:
        _deny_under(denied, "locked")
        code, _, err = run(*command, "--ledger", "locked/x.yaml")
    assert code == 2
    assert one_error_line(err).startswith("Error: locked/x.yaml: permission denied")
    assert Path("locked/x.yaml").read_bytes() == before


def _unprivileged() -> list[str]:
    """A prefix that runs a command without the power to pass permission bits, or skips."""
    if hasattr(os, "geteuid") and os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    caps = "-dac_override,-dac_read_search"
    prefix = [setpriv or "setpriv", f"--inh-caps={caps}", f"--bounding-set={caps}"]
    if setpriv is None or subprocess.run([*prefix, "true"], capture_output=True).returncode:
        pytest.skip("running as root, and setpriv cannot drop the power to pass permissions")
    return prefix


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permission bits")
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_a_folder_really_closed_to_the_user_is_one_error_line(command: list[str]) -> None:
    prefix = _unprivileged()
    Path("locked").mkdir()
    ok("new", "Ann", "Ben", "--dealer", "Ann", "--ledger", "locked/x.yaml")
    before = Path("locked/x.yaml").read_bytes()
    Path("locked").chmod(0)
    try:
        done = subprocess.run([*prefix, sys.executable, "-m", "rummy_cli", *command,
                               "--ledger", "locked/x.yaml"], capture_output=True, text=True,
                              timeout=120, stdin=subprocess.DEVNULL)
    finally:
        Path("locked").chmod(0o755)
    assert done.returncode == 2
    assert one_error_line(done.stderr).startswith("Error: locked/x.yaml: permission denied")
    assert Path("locked/x.yaml").read_bytes() == before


# --- every ledger name a file system takes ----------------------------------------------

@pytest.mark.parametrize("size", range(236, 256))
@pytest.mark.parametrize("letter", ["a", "é"])
def test_every_ledger_name_up_to_255_bytes_can_be_written(size: int, letter: str) -> None:
    body = size - len(".yaml")
    stem = letter * body if letter == "a" else "é" * (body // 2) + "a" * (body % 2)
    name = stem + ".yaml"
    assert len(os.fsencode(name)) == size
    ok("new", "Ann", "Ben", "--dealer", "Ann", "--ledger", name)
    ok("round", "--stock-out", "--points", "Ann=1", "--points", "Ben=2", "--ledger", name)
    ok("undo", "--yes", "--ledger", name)
    side = [p.name for p in Path(".").iterdir() if p.name != name]
    assert all(len(os.fsencode(s)) <= 255 for s in side)
    assert not [s for s in side if s.endswith(".tmp")]


@pytest.mark.parametrize("size", [240, 243, 245, 255])
def test_stale_temp_files_of_a_long_named_ledger_are_cleaned(size: int) -> None:
    import tempfile

    from rummy_cli import ledger

    name = "a" * (size - 5) + ".yaml"
    ok("new", "Ann", "Ben", "--dealer", "Ann", "--ledger", name)
    # what a writer killed before its rename leaves: a temp file by the ledger's own name
    fd, stale = tempfile.mkstemp(dir=".", prefix=ledger._temp_prefix(Path(name)),
                                 suffix=".tmp")
    os.close(fd)
    ok("round", "--stock-out", "--points", "Ann=1", "--points", "Ben=2", "--ledger", name)
    assert not Path(stale).exists()
