"""The terminal sessions of the README and of every page of docs/ are real: every
`$ rummy ...` shown with its output is run and must print exactly that output (prompts,
typed answers and messages included).

Each ```text block is one session in a fresh folder that can see ``samples/``; a command
shown without output is not checked. Answers typed at a prompt are read back from the
transcript and fed to the command, so the guided game replays as it was recorded.

Every command of every session is also run at ``COLUMNS=80``: nothing it prints may be
wider than 80 columns (sessions are recorded at 80, the width of output that is piped).
"""

from __future__ import annotations

import re
import shlex
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from rummy_cli.cli import cli
from rummy_cli.render import SCREEN_FORMATS

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
# every page a reader is sent to: the README, then docs/ by name
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]

# a prompt, then what was typed after it (may be nothing: Enter); a hand shown as given with
# an option, or kept after 'back', was not typed
PROMPT = re.compile(r"^(?!.*\((?:given|kept)\)$)"
                    r"(Who knocked\? \(.*\)|[^ ].*'s hand|Record this round\? \[Y/n/back\]"
                    r"|Change which\? \(.*\)|[^ ].* went out\? \[y/N\]"
                    r"|Take back round .*\? \[y/N\]|Record this hand\? \[Y/n/back\]"
                    r"|The upcard \(.*\)|Fix (?:round|hand) .*\? \[y/N\])"
                    r"(?: \[[^\]]*\])?:(?: (.*))?$")  # [the default] that Enter keeps


def page_name(page: Path) -> str:
    """A page as the repository names it: README.md, docs/gin.md."""
    return page.relative_to(ROOT).as_posix()


def sessions() -> list[tuple[str, list[tuple[str, list[str]]]]]:
    """('page:line', [(command line, output lines)]) for each ```text block with commands,
    in every page."""
    return [(f"{page_name(page)}:{line}", commands) for page in PAGES
            for line, commands in page_sessions(page)]


def page_sessions(page: Path) -> list[tuple[int, list[tuple[str, list[str]]]]]:
    """(line number, [(command line, output lines)]) for each ```text block with commands."""
    found = []
    lines = page.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        if lines[i].strip() != "```text":
            i += 1
            continue
        start, i = i + 1, i + 1
        commands: list[tuple[str, list[str]]] = []
        while i < len(lines) and lines[i].strip() != "```":
            if lines[i].startswith("$ "):
                commands.append((lines[i][2:], []))
            elif commands:
                commands[-1][1].append(lines[i])
            i += 1
        if any(c.startswith("rummy ") for c, _ in commands):
            found.append((start, commands))
        i += 1
    return found


def _replay(commands: list[tuple[str, list[str]]], tmp_path: Path,
            monkeypatch: pytest.MonkeyPatch,
            every: bool = False) -> Iterator[tuple[str, list[str], list[str]]]:
    """(command line, output shown, output printed) for each command of a session with its
    output shown (``every``: each command), run in a fresh folder, the answers typed in."""
    shutil.copytree(ROOT / "samples", tmp_path / "samples")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RUMMY_LEDGER", raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setattr("rummy_cli.cli.shell.stdin_is_terminal", lambda: True)  # as typed
    for command, shown in commands:
        while shown and not shown[-1].strip():
            shown = shown[:-1]  # the blank line before the next command
        if not command.startswith("rummy ") or not (shown or every):
            continue
        answers = [m.group(2) or "" for m in map(PROMPT.match, shown) if m]
        result = CliRunner().invoke(cli, shlex.split(command)[1:],
                                    input="".join(a + "\n" for a in answers))
        yield command, shown, [x.rstrip() for x in result.output.rstrip("\n").splitlines()]


@pytest.mark.parametrize(("line", "commands"),
                         [pytest.param(*case, id=case[0]) for case in sessions()])
def test_readme_session_prints_what_the_readme_shows(
        line: str, commands: list[tuple[str, list[str]]], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    checked = 0
    for command, shown, printed in _replay(commands, tmp_path, monkeypatch):
        assert printed == [x.rstrip() for x in shown], f"{line}: {command}"
        checked += 1
    assert checked, f"{line}: no command with output to check"


# 'Error: ...' and 'Warning: ...' are one line whatever their length: a script reads them so
ONE_LINE = ("Error: ", "Warning: ")


def _for_a_screen(command: str) -> bool:
    """Whether a command's output is read on a screen: not JSON, not a table in a format
    for a program or a page (csv, markdown, html), which has no width to keep."""
    words = shlex.split(command)
    fmt = words[words.index("--format") + 1] if "--format" in words[:-1] else "simple"
    return "--json" not in words and fmt.lower() in (*SCREEN_FORMATS, "text")


def _width_cases() -> list[Any]:
    """The sessions with output read on a screen (a csv-only session has no width)."""
    return [pytest.param(line, commands, id=line) for line, commands in sessions()
            if any(_for_a_screen(command) for command, _ in commands)]


@pytest.mark.parametrize(("line", "commands"), _width_cases())
def test_every_readme_command_fits_80_columns(
        line: str, commands: list[tuple[str, list[str]]], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command of every session, run at COLUMNS=80: no line of what it prints (on
    stdout or stderr: the guided questions) is wider than 80 columns. JSON, and tables in a
    format for a program or a page (csv, markdown, html), keep their lines whole."""
    monkeypatch.setenv("COLUMNS", "80")
    ran = 0
    for command, _, printed in _replay(commands, tmp_path, monkeypatch, every=True):
        if not _for_a_screen(command):
            continue
        over = [x for x in printed if len(x) > 80 and not x.startswith(ONE_LINE)]
        assert not over, f"{line}: {command}: {len(over[0])} columns: {over[0]}"
        ran += 1
    assert ran, f"{line}: no command run"


# --- the pages themselves: a short README that leads to the rest, links that hold ---------

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def _anchors(page: Path) -> set[str]:
    """The anchors a page's headings get, as GitHub makes them (a repeated one gets -1)."""
    found: set[str] = set()
    fenced = False
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and re.match(r"#{1,6} ", line):
            slug = re.sub(r"[^\w\- ]", "", line.lstrip("#").strip().lower()).replace(" ", "-")
            n, anchor = 0, slug
            while anchor in found:
                n += 1
                anchor = f"{slug}-{n}"
            found.add(anchor)
    return found


def _links(page: Path) -> list[str]:
    """The targets of the page's Markdown links, outside code blocks."""
    text = re.sub(r"(?ms)^```.*?^```", "", page.read_text(encoding="utf-8"))
    return LINK.findall(re.sub(r"`[^`\n]*`", "", text))


@pytest.mark.parametrize("page", PAGES, ids=page_name)
def test_every_link_stays_in_the_repository_and_finds_its_place(page: Path) -> None:
    for target in _links(page):
        if target.startswith("https://pypi.org/project/"):
            continue  # a package the text compares rummy with, by its public page
        path, _, anchor = target.partition("#")
        assert not re.match(r"\w+:|/", path), f"{page_name(page)}: {target} is not relative"
        found = (page.parent / path).resolve() if path else page
        assert found.is_relative_to(ROOT) and found.exists(), f"{page_name(page)}: {target}"
        if anchor:
            assert anchor in _anchors(found), f"{page_name(page)}: no heading for {target}"


def test_the_readme_is_short_and_leads_to_every_page_of_docs() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 300
    what_it_is = " ".join(lines[:lines.index("", 2)])  # the paragraph under the title
    for game in ("Manipulation Rummy", "Carousel", "Gin Rummy", "Oklahoma Gin",
                 "Hollywood Gin", "Rummikub"):
        assert game in what_it_is, game
    linked = {(ROOT / target.partition("#")[0]).resolve() for target in _links(README)}
    assert len(PAGES) > 5  # docs/ is there (an sdist without it would test nothing)
    assert set(PAGES[1:]) <= linked, "a page of docs/ the README does not link"


def test_the_readme_keeps_the_two_set_up_commands_ci_runs() -> None:
    text = README.read_text(encoding="utf-8")
    assert "pip install . && rummy standings --ledger samples/friday-night.yaml\n" in text
    assert "pip install -e '.[test]' && python -m pytest\n" in text
    assert "python -m pytest -q" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
