"""What a stranger installing rummy gets: the shipped samples, one version, the licence."""

from __future__ import annotations

import contextlib
import json
import re
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest
from clirun import ok, one_error_line, run

import rummy_cli

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"


def test_example_lists_every_shipped_sample_within_80_columns() -> None:
    out = ok("example")
    names = {p.stem for p in SAMPLES.rglob("*.yaml")}
    listed = {line.split()[0] for line in out.splitlines()[1:]}
    assert listed == names
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "friday-night             ledger   Ann, Ben, Cy, Dee:" in out


@pytest.mark.parametrize("path", sorted(SAMPLES.rglob("*.yaml")), ids=lambda p: p.stem)
def test_example_prints_the_sample_as_shipped(path: Path) -> None:
    assert ok("example", path.stem) == path.read_text(encoding="utf-8")


def test_a_printed_dispute_can_be_refereed_from_standard_input() -> None:
    text = ok("example", "joker-freed")
    code, out, _ = run("check", "turn", "-", input=text)
    assert code == 0 and out.startswith("LEGAL turn.")


# What each shipped dispute's comment says the referee finds: legal, or the rules broken.
DISPUTE_VERDICTS = {
    "borrow-from-a-run": [],
    "card-back-to-hand": [("card-removed", "R12b")],
    "joker-freed": [],
    "joker-redeclared": [("illegal-meld", "R7"), ("joker-changed", "R14")],
    "mixed-suits": [("card-removed", "R12b"), ("illegal-meld", "R9")],
    "rummikub-joker-freed": [],
    "rummikub-joker-pocketed": [("card-removed", "K15")],
    "rummikub-short-opening": [("opening-too-low", "K9"), ("opening-used-table", "K10")],
    "third-draw": [("meld-after-third-draw", "R5")],
    "undeclared-joker": [("undeclared-joker", "R13")],
}


@pytest.mark.parametrize("path", sorted((SAMPLES / "disputes").glob("*.yaml")),
                         ids=lambda p: p.stem)
def test_every_shipped_dispute_gets_the_verdict_its_comment_gives(path: Path) -> None:
    code, out, _ = run("check", "turn", str(path), "--json")
    verdict = json.loads(out)
    broken = sorted({(v["code"], v["rule"]) for v in verdict["violations"]})
    assert broken == DISPUTE_VERDICTS[path.stem]
    assert verdict["legal"] is (not broken) and code == (1 if broken else 0)
    comment = " ".join(line for line in path.read_text(encoding="utf-8").splitlines()
                       if line.startswith("#"))
    for _, rule in broken:  # the comment names each rule broken, for the reader
        assert rule in comment, rule


def test_a_rummikub_dispute_names_its_game_so_no_option_is_needed() -> None:
    text = ok("example", "rummikub-joker-freed")
    assert "game: rummikub" in text
    code, out, _ = run("check", "turn", "-", input=text)
    assert code == 0 and out.startswith("LEGAL turn.")


def test_a_printed_ledger_is_a_ledger_of_your_own(tmp_path: Path) -> None:
    (tmp_path / "night.yaml").write_text(ok("example", "friday-night"), encoding="utf-8")
    assert "Ann" in ok("standings", "--ledger", "night.yaml")


def test_an_unknown_sample_is_one_error_line_with_a_suggestion() -> None:
    code, _, err = run("example", "jokerfreed")
    assert code == 2
    assert one_error_line(err) == ("Error: no sample called 'jokerfreed': "
                                   "did you mean 'joker-freed'?")


def test_example_json_names_kind_and_text() -> None:
    listed = {e["name"]: e for e in json.loads(ok("example", "--json"))["examples"]}
    assert listed["mixed-suits"]["kind"] == "dispute"
    assert listed["friday-night"]["kind"] == "ledger"
    one = json.loads(ok("example", "third-draw", "--json"))
    assert one["kind"] == "dispute" and one["text"].startswith("# Ann could not meld")


def test_the_version_has_one_source() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    project = pyproject[pyproject.index("\n[project]"):pyproject.index("\n[project.")]
    assert not re.search(r"^version *=", project, re.MULTILINE)  # no second, written copy
    assert 'dynamic = ["version"]' in pyproject
    assert 'version = { attr = "rummy_cli.__version__" }' in pyproject
    assert re.fullmatch(r"\d+\.\d+\.\d+", rummy_cli.__version__)
    assert ok("--version").strip() == f"rummy, version {rummy_cli.__version__}"
    with contextlib.suppress(PackageNotFoundError):  # a source tree never installed
        assert version("rummy-cli") == rummy_cli.__version__


def test_the_console_script_loads_nothing_before_it_holds_the_stop_signals() -> None:
    # 'rummy' and 'python -m rummy_cli' start in rummy_cli.__main__:main: importing it loads
    # neither click nor the command line, so a Ctrl-C while they load is held (one line)
    import subprocess
    import sys

    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    found = re.search(r'^rummy = "([\w.]+):(\w+)"$', pyproject, re.MULTILINE)
    assert found is not None and found.groups() == ("rummy_cli.__main__", "main")
    code = ("import sys\nfrom rummy_cli.__main__ import main\n"
            "print(callable(main), sorted(m for m in ('click', 'rummy_cli.cli') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True).stdout
    assert out.strip() == "True []"


def test_the_changelog_has_a_release_for_the_version() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert re.search(rf"^## {re.escape(rummy_cli.__version__)} - \d{{4}}-\d\d-\d\d$",
                     changelog, re.MULTILINE)


def test_the_licence_ships() -> None:
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


# --- shell completion -------------------------------------------------------------------

@pytest.mark.parametrize(("shell", "mark"), [("bash", "complete -o nosort -F _rummy_completion"),
                                             ("zsh", "compdef _rummy_completion rummy"),
                                             ("fish", "complete --no-files --command rummy")])
def test_completion_prints_the_script_for_each_shell(shell: str, mark: str) -> None:
    script = ok("completion", shell)
    assert mark in script and "_RUMMY_COMPLETE" in script


def test_bash_completion_script_keeps_no_space_after_name_equals() -> None:
    assert "compopt -o nospace" in ok("completion", "bash")


def test_completion_of_an_unknown_shell_is_refused() -> None:
    code, _, err = run("completion", "tcsh")
    assert code == 2 and "'tcsh' is not bash, zsh or fish" in one_error_line(err)


def test_tab_after_check_turn_completes_a_file_name() -> None:
    from click.testing import CliRunner

    from rummy_cli.cli import cli

    result = CliRunner().invoke(cli, [], prog_name="rummy",
                                env={"_RUMMY_COMPLETE": "bash_complete",
                                     "COMP_WORDS": "rummy check turn sam", "COMP_CWORD": "3"})
    assert result.output.splitlines() == ["file,sam"]


# --- one vocabulary across commands ------------------------------------------------------

def _commands() -> list[list[str]]:
    import click

    from rummy_cli.cli import cli

    found: list[list[str]] = []

    def walk(command: click.Command, path: list[str]) -> None:
        if isinstance(command, click.Group):
            for name, sub in command.commands.items():
                walk(sub, [*path, name])
        else:
            found.append(path)

    walk(cli, [])
    return found


@pytest.mark.parametrize("path", _commands(), ids=" ".join)
def test_every_option_says_what_it_takes_and_every_command_takes_json(path: list[str]) -> None:
    shown = ok(*path, "--help")
    assert not re.search(r"^\s+-.*\b(TEXT|INTEGER)\b", shown, re.MULTILINE), shown
    assert "--json" in shown  # as the README says: completion too (the script as text)


GAMES = ("Manipulation Rummy", "Gin Rummy", "Oklahoma Gin", "Hollywood Gin", "Rummikub")


def test_the_package_summary_names_every_game_on_one_line() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    written = re.search(r'^description = """(.*?)"""', pyproject, re.MULTILINE | re.DOTALL)
    assert written is not None
    summary = re.sub(r"\\\n\s*", "", written.group(1))  # TOML: '\' at a line's end joins
    assert "\n" not in summary
    assert all(game in summary for game in GAMES), summary


def test_the_readme_first_paragraph_names_every_game() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first = " ".join(readme.split("\n\n")[1].split()).replace("*", "")
    assert all(game in first for game in GAMES), first
