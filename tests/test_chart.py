"""``rummy chart``: the race series, the terminal chart, the SVG and PNG images, the errors."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from clirun import HANG, one_error_line, run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy_cli.cli import cli
from rummy_cli.errors import RefusedError
from rummy_cli.games.manipulation.game import Game, new_game, record_round
from rummy_cli.games.manipulation.report import history_json, standings_json
from rummy_cli.ledger import load
from rummy_cli.race import race

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
FRIDAY = SAMPLES / "friday-night.yaml"  # over after round 7: Dee 170 points, 345 with bonuses
IN_PROGRESS = SAMPLES / "two-players-in-progress.yaml"
SVG = "{http://www.w3.org/2000/svg}"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
EXTRA = "pip install 'rummy-cli[chart]'"


def game_of(path: Path) -> Game:
    return load(path)[0]


def svg_texts(path: Path) -> list[str]:
    """Every piece of text in an SVG file (which must parse as XML)."""
    root = ET.parse(path).getroot()
    assert root.tag == f"{SVG}svg"
    return ["".join(e.itertext()) for e in root.iter(f"{SVG}text")]


# --- the race series --------------------------------------------------------------------

@pytest.mark.parametrize("sample", [FRIDAY, IN_PROGRESS], ids=lambda p: p.stem)
def test_race_is_the_running_totals_of_history_and_standings(sample: Path) -> None:
    game = game_of(sample)
    r = race(game)
    sheet = history_json(game)
    assert r.rounds == len(sheet["rounds"]) == len(game.rounds)
    for player in game.players:
        assert list(r.totals[player]) == [rnd["totals"][player] for rnd in sheet["rounds"]]
    standings = standings_json(game)
    assert r.target == standings["target"] == 150
    assert r.game_over == standings["game_over"]
    assert r.winners == tuple(standings["winners"])
    for line in standings["players"]:
        assert r.points(line["name"]) == line["points"]
        if r.game_over:
            assert r.final[line["name"]] == line["total"]
            assert r.bonus(line["name"]) == line["round_bonus"] + line["game_bonus"]


def test_r25_r26_bonuses_are_in_final_not_in_the_running_totals() -> None:
    r = race(game_of(FRIDAY))
    assert r.totals["Dee"] == (0, 0, 42, 132, 132, 132, 170)
    assert r.final == {"Ann": 146, "Ben": 84, "Cy": 85, "Dee": 345}
    assert r.over_after == 7 and r.winners == ("Dee",)


def test_a_house_target_is_the_races_target() -> None:
    from dataclasses import replace

    game = game_of(IN_PROGRESS)
    assert race(replace(game, rules=replace(game.rules, target=40))).target == 40


def test_a_game_without_rounds_is_a_race_of_no_rounds() -> None:
    r = race(new_game(["Ann", "Ben"], dealer="Ann"))
    assert r.rounds == 0 and r.totals == {"Ann": (), "Ben": ()}
    assert r.points("Ann") == 0 and not r.game_over and r.final == {}


# a game of 2-5 players: each round, every player's points in hand (a stock-out)
games = st.integers(2, 5).flatmap(lambda n: st.lists(
    st.lists(st.integers(0, 60), min_size=n, max_size=n), max_size=12))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_race_totals_add_up_the_round_scores_for_any_game(rounds: list[list[int]]) -> None:
    players = ["Ann", "Ben", "Cy", "Dee", "Eve"]
    game = new_game(players[:len(rounds[0]) if rounds else 2], dealer="Ann")
    for totals in rounds:
        if game.state.game_over:
            break
        try:
            game, _ = record_round(game, None, dict(zip(game.players, totals)))
        except RefusedError:  # two empty hands: the rules refuse the round
            continue
    r = race(game)
    assert r.rounds == len(game.rounds)
    for player in game.players:
        series = r.totals[player]
        assert list(series) == sorted(series)  # a running total never goes down
        assert sum(res.scores[player] for res in game.results) == r.points(player)
    assert r.game_over == any(r.points(p) >= r.target for p in game.players)


# --- the terminal chart -----------------------------------------------------------------

@pytest.mark.parametrize("sample", [FRIDAY, IN_PROGRESS], ids=lambda p: p.stem)
def test_terminal_chart_names_every_player_and_the_target(sample: Path) -> None:
    code, out, err = run("chart", "--ledger", str(sample))
    assert code == 0 and err == ""
    assert "The race to 150" in out and "target 150" in out
    for player in game_of(sample).players:
        assert f"{player} " in out


def test_terminal_chart_notes_the_bonuses_once_the_game_is_over() -> None:
    _, over, _ = run("chart", "--ledger", str(FRIDAY))
    flat = " ".join(over.split())
    assert "Dee wins with 345 points" in flat
    assert "Dee 345, Ann 146, Cy 85, Ben 84" in flat
    _, going_on, _ = run("chart", "--ledger", str(IN_PROGRESS))
    assert "bonuses" not in going_on


def test_no_color_gives_no_colour_codes_and_a_mark_per_player() -> None:
    code, out, _ = run("chart", "--ledger", str(FRIDAY))
    assert code == 0 and "\x1b" not in out
    assert "A Ann 96   B Ben 59   C Cy 60   D Dee 170" in out
    assert "DDDD" in out  # Dee's line is drawn with her initial


@pytest.mark.parametrize("where", [["chart", "--ascii"], ["--ascii", "chart"]])
def test_ascii_gives_plain_characters_only(where: list[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR")
    code, out, _ = run(*where, "--ledger", str(FRIDAY))
    assert code == 0 and out.isascii() and "\x1b" not in out
    assert "+-----" in out  # the frame, in plain characters


def test_chart_fits_a_narrow_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    _, out, _ = run("chart", "--ledger", str(FRIDAY))
    assert max(len(line) for line in out.splitlines()) <= 60


def test_initials_that_clash_become_seat_numbers() -> None:
    run("new", "Ann", "Al", "Bo", "--dealer", "Ann")
    run("round", "--knock", "Al", "--points", "Ann=20", "--points", "Al=3", "--points", "Bo=9")
    _, out, _ = run("chart")
    assert "1 Ann 0   2 Al 23   3 Bo 0" in out


def plotted_marks(out: str) -> set[str]:
    """The characters drawn inside the chart's frames (the lines: not the axes, the target
    line and its label, nor the legend), in a chart drawn with --ascii."""
    drawn: set[str] = set()
    lines = out.splitlines()
    tops = [n for n, line in enumerate(lines) if line.lstrip().startswith("+---")]
    for top in tops:
        left = lines[top].index("+")
        right = lines[top].rindex("+")
        for line in lines[top + 1:]:
            if line.lstrip().startswith("++--"):  # the bottom of the frame
                break
            inside = re.sub(r"target \d+", "", line[left + 1:right])
            drawn |= set(inside) - set(" -")
    return drawn


def test_tied_lines_are_drawn_together_and_hide_no_player() -> None:
    """Ann and Ben score alike: without the mark, the line drawn last would hide the other
    one; with it, the legend says whose lines run together."""
    run("new", "Ann", "Ben", "Cy", "--dealer", "Ann")
    for points in ("Ann=3 Ben=3 Cy=0", "Ann=10 Ben=10 Cy=0"):
        args = [x for p in points.split() for x in ("--points", p)]
        run("round", "--knock", "Cy", *args)
    run("round", "--knock", "Ann", "--points", "Ann=0", "--points", "Ben=10",
        "--points", "Cy=40")
    _, out, _ = run("chart", "--ascii")
    legend = out.splitlines()[-1]  # Cy starts at 0 with them, so more than two
    assert legend.endswith("   = two or more lines together")
    assert {"A", "C", "="} <= plotted_marks(out)


def test_the_readme_race_shows_ben_under_cy() -> None:
    """Friday night: Ben's 59 and Cy's 60 fall on the same row of the terminal; the chart
    marks them together instead of letting Cy's line hide Ben's."""
    _, out, _ = run("chart", "--ledger", str(FRIDAY), "--ascii")
    row = next(x for x in out.splitlines() if "CCCC" in x)
    assert "=====" in row and "= two or more lines together" in out


def test_stretches_of_equal_points_are_found_for_the_image() -> None:
    from rummy_cli.chart import level_stretches
    from rummy_cli.race import Race

    r = Race(("Ann", "Ben"), 150, {"Ann": (5, 9), "Ben": (3, 9)}, False, None, {}, ())
    assert level_stretches(r) == []
    assert level_stretches(r, near=2) == [(0, ("Ann", "Ben")), (1, ("Ann", "Ben"))]
    tied = Race(("Ann", "Ben"), 150, {"Ann": (5, 9), "Ben": (5, 9)}, False, None, {}, ())
    assert level_stretches(tied) == [(0, ("Ann", "Ben")), (1, ("Ann", "Ben"))]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40)), min_size=1, max_size=8))
def test_no_line_is_hidden_without_a_word(rounds: list[tuple[int, int]]) -> None:
    """For any race of two: each player's mark is drawn, or the legend says that the two
    lines run together (where they are drawn with '=')."""
    from rummy_cli.chart import text_chart
    from rummy_cli.race import Race

    ann, ben, totals = 0, 0, {"Ann": [], "Ben": []}  # type: ignore[var-annotated]
    for a, b in rounds:
        ann, ben = ann + a, ben + b
        totals["Ann"].append(ann)
        totals["Ben"].append(ben)
    r = Race(("Ann", "Ben"), 150, {p: tuple(v) for p, v in totals.items()}, False, None,
             {}, ())
    out = text_chart(r, 60, 16, colour=False, ascii_only=True)
    drawn = plotted_marks(out)
    together = "= Ann and Ben together" in out
    assert together == ("=" in drawn)
    for player in ("Ann", "Ben"):
        assert player[0] in drawn or together


def test_colour_codes_only_in_colour() -> None:
    from rummy_cli.chart import text_chart

    r = race(game_of(FRIDAY))
    coloured = text_chart(r, 80, 20, colour=True, ascii_only=False)
    assert "\x1b[38;5;" in coloured
    for code in ("33", "208", "34", "160"):  # one colour per player
        assert f"\x1b[38;5;{code}m" in coloured
    assert "\x1b" not in text_chart(r, 80, 20, colour=False, ascii_only=False)


def _on_a_terminal(args: list[str], env: dict[str, str]) -> str:
    """What `python -m rummy_cli ARGS` prints when its output is a real terminal."""
    import pty

    leader, follower = pty.openpty()
    clean = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS")}
    proc = subprocess.Popen([sys.executable, "-m", "rummy_cli", *args], stdout=follower,
                            stderr=follower, stdin=subprocess.DEVNULL,
                            env={**clean, "TERM": "xterm-256color", **env})
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal is closed once the command is done
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    assert proc.wait(timeout=HANG) == 0
    return b"".join(chunks).decode("utf-8")


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_on_a_terminal_colour_unless_no_color() -> None:
    args = ["chart", "--ledger", str(FRIDAY)]
    assert "\x1b[38;5;" in _on_a_terminal(args, {})
    plain = _on_a_terminal(args, {"NO_COLOR": "1"})
    assert "\x1b" not in plain and "┌" in plain  # colour goes, the lines stay
    # NO_COLOR set but empty means nothing (no-color.org): colour stays
    assert "\x1b[38;5;" in _on_a_terminal(args, {"NO_COLOR": ""})


def test_a_game_without_rounds_says_so_instead_of_an_empty_chart() -> None:
    run("new", "Ann", "Ben", "--dealer", "Ann")
    code, out, err = run("chart")
    assert code == 0 and err == ""
    assert out == "No rounds recorded yet: the race to 150 starts after round 1.\n"


def test_chart_json_is_the_race() -> None:
    code, out, _ = run("chart", "--ledger", str(FRIDAY), "--json")
    doc = json.loads(out)
    assert code == 0
    assert doc["players"] == ["Ann", "Ben", "Cy", "Dee"] and doc["target"] == 150
    assert doc["rounds"] == 7 and doc["totals"]["Ann"] == [0, 0, 0, 0, 53, 96, 96]
    assert doc["game_over"] is True and doc["over_after"] == 7
    assert doc["final"] == {"Ann": 146, "Ben": 84, "Cy": 85, "Dee": 345}
    assert doc["winners"] == ["Dee"]


def test_chart_help_has_examples() -> None:
    code, out, _ = run("chart", "--help")
    assert code == 0 and "Examples:" in out
    assert "--output race.svg" in out and f"  {EXTRA}\n" in out


# --- images -----------------------------------------------------------------------------

def test_svg_parses_and_holds_every_name_the_target_and_the_final_totals() -> None:
    code, out, err = run("chart", "--ledger", str(FRIDAY), "--output", "race.svg")
    assert code == 0 and err == ""
    assert out == "Wrote the race after round 7 to race.svg.\n"
    texts = svg_texts(Path("race.svg"))
    for player in ("Ann", "Ben", "Cy", "Dee"):
        assert player in texts  # the legend
    assert "target 150" in texts
    assert {"Dee 345", "Ann 146", "Cy 85", "Ben 84"} <= set(texts)
    assert "Dee wins with 345 points" in texts


def test_svg_of_a_game_in_progress_has_no_final_totals() -> None:
    run("chart", "--ledger", str(IN_PROGRESS), "-o", "race.svg")
    texts = svg_texts(Path("race.svg"))
    assert {"Kim", "Lee", "target 150", "Kim leads with 36 points"} <= set(texts)
    assert not any("bonuses" in t for t in texts)


def test_the_same_game_gives_the_same_svg() -> None:
    run("chart", "--ledger", str(FRIDAY), "-o", "a.svg")
    run("chart", "--ledger", str(FRIDAY), "-o", "b.svg")
    assert Path("a.svg").read_bytes() == Path("b.svg").read_bytes()


def test_png_has_the_signature_and_opens() -> None:
    code, out, _ = run("chart", "--ledger", str(FRIDAY), "--output", "Race.PNG")
    assert code == 0 and out == "Wrote the race after round 7 to Race.PNG.\n"
    data = Path("Race.PNG").read_bytes()
    assert data.startswith(PNG_SIGNATURE)
    pil = pytest.importorskip("PIL.Image")  # matplotlib brings Pillow
    with pil.open("Race.PNG") as image:
        image.verify()
    with pil.open("Race.PNG") as image:
        assert image.format == "PNG" and image.size == (1200, 750)


def test_names_with_markup_or_dollars_stay_as_typed_in_the_svg() -> None:
    names = ["Bo&Co", "<Al>", "$5 Sam", "_Zed"]
    run("new", *names, "--dealer", "Bo&Co")
    run("round", "--knock", "<Al>", "--points", "Bo&Co=20", "--points", "<Al>=3",
        "--points", "$5 Sam=9", "--points", "_Zed=4")
    code, _, err = run("chart", "-o", "race.svg")
    assert code == 0 and err == ""
    texts = svg_texts(Path("race.svg"))
    for name in names:
        assert name in texts


@pytest.mark.parametrize("library", ["matplotlib", "matplotlib.figure"])
def test_without_matplotlib_the_image_asks_for_the_chart_extra(
        library: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, library, None)  # 'import' now fails as if not installed
    code, out, err = run("chart", "--ledger", str(FRIDAY), "--output", "race.svg")
    assert code == 2 and out == ""
    assert one_error_line(err) == ("Error: an image of the chart needs matplotlib, which is "
                                   f"not installed: {EXTRA} adds it")
    assert not Path("race.svg").exists()


def test_without_plotext_the_terminal_chart_says_how_to_get_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "plotext", None)
    code, out, err = run("chart", "--ledger", str(FRIDAY))
    assert code == 2 and out == ""
    assert one_error_line(err) == ("Error: the terminal chart needs plotext, which is not "
                                   f"installed: {EXTRA} adds it")


@pytest.mark.parametrize(("output", "says"), [
    ("race.pdf", "race.pdf: an image of the chart is an .svg or .png file, not '.pdf'"),
    ("race", "race: an image of the chart is an .svg or .png file, and this name has no "
             "suffix"),
    ("pics.svg", "pics.svg: is a folder"),
    ("nowhere/race.svg", "nowhere/race.svg: there is no folder 'nowhere'"),
    ("notes.txt/race.png", "notes.txt/race.png: 'notes.txt' is a file, not a folder"),
    ("", "--output is empty: name the image file"),
])
def test_an_output_that_cannot_be_written_is_one_error_line(output: str, says: str) -> None:
    Path("pics.svg").mkdir()
    Path("notes.txt").write_text("a file, not a folder\n")
    code, out, err = run("chart", "--ledger", str(FRIDAY), "--output", output)
    assert code == 2 and out == ""
    assert one_error_line(err).startswith(f"Error: {says}")


def test_a_failed_write_is_one_error_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from matplotlib.figure import Figure

    def refuse(*_: object, **__: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Figure, "savefig", refuse)
    code, out, err = run("chart", "--ledger", str(FRIDAY), "--output", "race.png")
    assert code == 2 and out == ""
    assert one_error_line(err) == "Error: race.png: cannot write the image: Permission denied"


def test_an_image_of_a_game_without_rounds_is_refused() -> None:
    run("new", "Ann", "Ben", "--dealer", "Ann")
    code, out, err = run("chart", "--output", "race.svg")
    assert code == 2 and out == ""
    assert "no rounds recorded yet" in one_error_line(err)
    assert not Path("race.svg").exists()


def test_a_missing_ledger_is_one_error_line() -> None:
    code, _, err = run("chart")
    assert code == 2 and "no such ledger" in one_error_line(err)


# --- start-up ---------------------------------------------------------------------------

def test_no_plotting_library_is_imported_at_start_up() -> None:
    code = ("import sys, rummy_cli.cli; "
            "print(sorted(m for m in ('plotext', 'matplotlib', 'numpy') if m in sys.modules))")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, cwd=ROOT)
    assert shown.stdout.strip() == "[]"
    assert "chart" in CliRunner().invoke(cli, ["--help"]).stdout


def test_the_docs_show_the_chart_as_rummy_draws_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The docs' sample chart (a console block, as it depends on the terminal's size) is
    what 'rummy chart' draws at 80 x 24."""
    readme = (ROOT / "docs" / "manipulation.md").read_text(encoding="utf-8")
    command = "$ rummy chart --ledger samples/friday-night.yaml --ascii\n"
    shown = readme.split(command, 1)[1].split("```", 1)[0]
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    _, out, _ = run("chart", "--ledger", str(FRIDAY), "--ascii")
    assert out == shown


CHART_WORDS = ["--output", "-o", "race.svg", "race.png", "race.pdf", "race", "", "--ascii",
               "--json", "--ledger", "g.yaml", "empty.yaml", "nope.yaml", "folder",
               "folder/race.svg", "g.yaml/race.png", "-"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(st.sampled_from(CHART_WORDS), st.text(
    # no control characters: click's usage errors quote them raw, which is not chart's doing
    st.characters(blacklist_categories=("Cc", "Cs")), max_size=5)), max_size=5))
def test_any_chart_command_line_is_a_chart_or_one_error_line(words: list[str]) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        old = os.getcwd()
        os.chdir(tmp)
        try:
            Path("g.yaml").write_bytes(FRIDAY.read_bytes())
            Path("folder").mkdir()
            run("new", "Ann", "Ben", "--dealer", "Ann", "--ledger", "empty.yaml")
            result = CliRunner().invoke(cli, ["chart", *words])
        finally:
            os.chdir(old)
    said = result.stdout + result.stderr
    assert "Traceback" not in said and "rummy hit a bug" not in said, (words, said)
    assert result.exit_code in (0, 2), (words, result.exit_code, said)
    if result.exit_code == 2:
        assert result.stderr.splitlines() == [one_error_line(result.stderr)], words
