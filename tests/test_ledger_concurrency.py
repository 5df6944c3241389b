"""Several `rummy` processes writing one ledger at once, and writers killed mid-write.

Every file lives in tmp_path; every process gets an explicit --ledger and no $RUMMY_LEDGER.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest

from rummy_cli.games.manipulation.game import new_game, record_round, with_results
from rummy_cli.ledger import create, dump, load, locked, save

pytestmark = pytest.mark.skipif(os.name != "posix", reason="uses fork/SIGKILL semantics")

PLAYERS = ("Ann", "Ben", "Cy")
# seconds after which a process or a lock is taken to hang: a guard, never a measure (a
# loaded machine may be slow; only a hang should fail a test)
HANG = 300


@pytest.fixture(autouse=True)
def _no_user_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RUMMY_LEDGER", raising=False)
    monkeypatch.chdir(tmp_path)


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("RUMMY_LEDGER", "RUMMY_DEBUG")}
    env["RUMMY_LOCK_WAIT"] = str(HANG)  # many writers queue for the lock on a busy machine
    return env


def _rummy(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rummy_cli", *args], cwd=cwd, env=_env(),
                          capture_output=True, text=True, timeout=HANG)


def _new_ledger(path: Path) -> None:
    create(path, new_game(list(PLAYERS), dealer="Cy"))


def _round_args(path: Path, knocker: str) -> list[str]:
    """The knocker holds 1, the others 2: the knocker wins 2 points, nobody else scores."""
    args = ["round", "--ledger", str(path), "--knock", knocker]
    for p in PLAYERS:
        args += ["--points", f"{p}={1 if p == knocker else 2}"]
    return args


def test_concurrent_writers_lose_no_round(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    _new_ledger(path)
    per_writer = 5
    failures: list[str] = []

    def writer(knocker: str) -> None:
        for _ in range(per_writer):
            done = _rummy(*_round_args(path, knocker), cwd=tmp_path)
            if done.returncode != 0:
                failures.append(f"{knocker}: exit {done.returncode}: {done.stderr.strip()}")

    threads = [threading.Thread(target=writer, args=(p,)) for p in PLAYERS]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
    game, warnings = load(path)
    assert warnings == []
    assert len(game.rounds) == per_writer * len(PLAYERS)
    knocks = [entry.knocker for entry in game.rounds]
    assert {p: knocks.count(p) for p in PLAYERS} == {p: per_writer for p in PLAYERS}
    assert {s.name: s.points for s in game.state.standings} == {
        p: 2 * per_writer for p in PLAYERS}
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_readers_never_see_a_half_written_ledger(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    _new_ledger(path)
    rounds = 4
    stop = threading.Event()
    seen: list[int] = []
    problems: list[str] = []

    def reader() -> None:
        while not stop.is_set():
            done = _rummy("standings", "--json", "--ledger", str(path), cwd=tmp_path)
            if done.returncode != 0:
                problems.append(done.stderr.strip())
                continue
            seen.append(json.loads(done.stdout)["rounds_played"])

    def writer() -> None:
        for i in range(rounds):
            done = _rummy(*_round_args(path, PLAYERS[i % 3]), cwd=tmp_path)
            if done.returncode != 0:
                problems.append(done.stderr.strip())

    readers = [threading.Thread(target=reader)]
    writers = [threading.Thread(target=writer) for _ in range(2)]
    for t in readers + writers:
        t.start()
    for t in writers:
        t.join()
    stop.set()
    for t in readers:
        t.join()
    assert problems == []
    assert seen
    assert all(0 <= n <= 2 * rounds for n in seen)
    assert len(load(path)[0].rounds) == 2 * rounds


# --- a writer killed mid-write ---------------------------------------------------------

STUCK_WRITER = textwrap.dedent("""
    import os, sys, time
    from pathlib import Path
    from rummy_cli import ledger
    from rummy_cli.games.manipulation.game import record_round

    path = Path(sys.argv[1])
    with ledger.locked(path):
        game, _ = ledger.load(path)
        game, _ = record_round(game, "Ann", {"Ann": 1, "Ben": 2, "Cy": 2})

        def stuck_replace(src, dst):
            print("about to replace", flush=True)
            time.sleep(3600)  # until killed

        ledger.os.replace = stuck_replace
        ledger.save(path, game)
""")


def test_writer_killed_before_replace_leaves_the_old_ledger(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    _new_ledger(path)
    assert _rummy(*_round_args(path, "Ben"), cwd=tmp_path).returncode == 0
    before = path.read_bytes()
    with subprocess.Popen([sys.executable, "-c", STUCK_WRITER, str(path)], cwd=tmp_path,
                          env=_env(), stdout=subprocess.PIPE, text=True) as proc:
        try:
            assert proc.stdout is not None
            assert proc.stdout.readline().strip() == "about to replace"
            # the new text is written and fsynced in a temp file beside the ledger
            assert [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
            proc.send_signal(signal.SIGKILL)
            assert proc.wait(timeout=HANG) == -signal.SIGKILL
        finally:
            if proc.poll() is None:
                proc.kill()
    assert path.read_bytes() == before
    game, warnings = load(path)
    assert (len(game.rounds), warnings) == (1, [])
    # the lock died with the writer (free at once: a kill releases it), and the next
    # command works
    with locked(path, wait=HANG):
        pass
    done = _rummy(*_round_args(path, "Cy"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert [e.knocker for e in load(path)[0].rounds] == ["Ben", "Cy"]


BUSY_WRITER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from rummy_cli import ledger
    from rummy_cli.games.manipulation.game import record_round

    path = Path(sys.argv[1])
    small, _ = ledger.load(path)
    big, _ = record_round(small, "Ann", {"Ann": 1, "Ben": 2, "Cy": 2})
    texts = [ledger.dump(big), ledger.dump(small)]

    def write_both():  # the two versions in turn, the way save() writes
        for text in texts:
            with ledger.locked(path):
                ledger._atomic_write(path, text, None)

    write_both()  # a writer that cannot write fails here, before 'ready'
    print("ready", flush=True)
    while True:  # until killed
        write_both()
""")


def test_writer_killed_at_random_leaves_old_or_new_content(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    # a big ledger (a long note kept as is), so that a write takes a while
    game = new_game(list(PLAYERS), dealer="Cy")
    game, _ = record_round(game, "Ann", {"Ann": 1, "Ben": 2, "Cy": 2})
    notes = "a long evening; " * 200_000
    game = with_results(replace(game, rounds=(replace(game.rounds[0], note=notes),)),
                        game.results)
    big, _ = record_round(game, "Ann", {"Ann": 1, "Ben": 2, "Cy": 2})
    old, new = dump(game).encode(), dump(big).encode()
    rng = random.Random(1234)
    for _ in range(5):
        save(path, game)
        with subprocess.Popen([sys.executable, "-c", BUSY_WRITER, str(path)],
                              cwd=tmp_path, env=_env(), stdout=subprocess.PIPE, text=True) as proc:
            try:
                assert proc.stdout is not None
                assert proc.stdout.readline().strip() == "ready"
                time.sleep(rng.uniform(0.0, 0.4))
                assert proc.poll() is None, "the writer died before it was killed"
                proc.send_signal(signal.SIGKILL)
                proc.wait(timeout=HANG)
            finally:
                if proc.poll() is None:
                    proc.kill()
        assert proc.returncode == -signal.SIGKILL  # killed mid-work, not dead of an error
        assert path.read_bytes() in (old, new)  # never a mix, never a truncated file
        loaded, warnings = load(path)
        assert warnings == []
        assert loaded in (game, big)
        with locked(path, wait=HANG):  # the lock died with the writer: free at once
            pass
