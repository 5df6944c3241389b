"""``rummy chart --output``: what it may write over. Only a new file, or an image of the kind it
writes (an SVG over an SVG, a PNG over a PNG, known by its content), also at the end of a
link; anything else is one ``Error:`` line, exit 2, and the file byte for byte as it was."""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from clirun import one_error_line, run
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
FRIDAY = ROOT / "samples" / "friday-night.yaml"
IN_PROGRESS = ROOT / "samples" / "two-players-in-progress.yaml"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX links and locks")


def chart(output: str, ledger: Path = FRIDAY) -> tuple[int, str, str]:
    return run("chart", "--ledger", str(ledger), "--output", output)


def refused(output: str, ledger: Path = FRIDAY) -> str:
    """The one error line of a refused ``chart --output``, which wrote nothing beside it."""
    before = sorted(os.listdir("."))
    code, out, err = chart(output, ledger)
    assert (code, out) == (2, ""), err
    assert sorted(os.listdir(".")) == before  # no temp file left either
    return one_error_line(err)


def commented(text: str) -> str:
    """The ledger with 600 comment lines on top: its keys start after the first 4 KiB."""
    return "".join(f"# note {n}: who dealt, what was said\n" for n in range(600)) + text


def as_json(text: str) -> str:
    return json.dumps(yaml.safe_load(text), indent=1) + "\n# end of ledger\n"


def quoted_keys(text: str) -> str:
    """The ledger's keys written "format": 2, and no header: nothing reads as a ledger's."""
    body = "".join(line for line in text.splitlines(keepends=True)
                   if not line.startswith("# rummy") and not line.startswith("# You"))
    return re.sub(r'^(\s*(?:- )?)([a-z_]+):', r'\1"\2":', body, flags=re.MULTILINE)


LEDGERS = {"600 comment lines": commented, "saved as JSON": as_json,
           "quoted keys": quoted_keys}


@pytest.mark.parametrize("saved", list(LEDGERS))
def test_a_ledger_rummy_reads_is_never_written_over_by_a_chart(saved: str) -> None:
    """Each of these ledgers is one rummy reads (the chart of it is drawn), and neither it
    nor a link to it is written over by --output, whatever its suffix."""
    text = LEDGERS[saved](FRIDAY.read_text(encoding="utf-8"))
    Path("night.yaml").write_text(text, encoding="utf-8")
    assert run("standings", "--ledger", "night.yaml")[0] == 0  # a ledger, as rummy reads it
    Path("o.svg").symlink_to("night.yaml")
    Path("copy.png").write_text(text, encoding="utf-8")
    for output in ("o.svg", "copy.png"):
        assert "rummy writes over a file only if it is" in refused(output, IN_PROGRESS)
    assert Path("night.yaml").read_text(encoding="utf-8") == text
    assert Path("copy.png").read_text(encoding="utf-8") == text
    assert Path("o.svg").is_symlink()


@posix_only
def test_a_link_to_a_text_file_is_refused_and_the_text_kept() -> None:
    Path("s.txt").write_text("shopping: eggs, milk\n", encoding="utf-8")
    Path("link2.png").symlink_to("s.txt")
    assert refused("link2.png") == (
        f"Error: link2.png (a link to {str(Path('s.txt').resolve())!r}): is a file but not a "
        "PNG image; rummy writes over a file only if it is a PNG image: choose a new name, "
        "or move the file away")
    assert Path("s.txt").read_text(encoding="utf-8") == "shopping: eggs, milk\n"


@pytest.mark.parametrize(("output", "content"), [
    ("race.svg", b"my notes\n"),
    ("race.svg", b""),  # nothing in it is an image either
    ("race.svg", b"<html><svg></svg></html>\n"),  # holds an SVG, is none
    ("race.svg", b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg">\n'),  # cut
    ("race.png", b"my notes\n"),
    ("race.png", b"\x89PNG\r\n"),  # a signature cut short
], ids=["text", "empty", "svg-inside-html", "svg-cut-short", "png-text", "png-cut-short"])
def test_a_file_of_the_right_suffix_that_is_not_that_image_is_refused(
        output: str, content: bytes) -> None:
    Path(output).write_bytes(content)
    assert f"is a file but not a{'n SVG' if output.endswith('svg') else ' PNG'} image" in \
        refused(output)
    assert Path(output).read_bytes() == content


def test_an_image_of_the_other_format_is_refused() -> None:
    """race.png holding an SVG image (or race.svg a PNG one) is not what rummy would write
    there: it is kept."""
    assert chart("a.svg")[0] == 0 and chart("b.png")[0] == 0
    svg, png = Path("a.svg").read_bytes(), Path("b.png").read_bytes()
    os.replace("a.svg", "race.png")
    os.replace("b.png", "race.svg")
    assert "is a file but not a PNG image" in refused("race.png")
    assert "is a file but not an SVG image" in refused("race.svg")
    assert (Path("race.png").read_bytes(), Path("race.svg").read_bytes()) == (svg, png)


@pytest.mark.parametrize("output", ["race.svg", "Race.PNG"])
def test_an_image_written_before_is_written_over(output: str) -> None:
    assert chart(output, IN_PROGRESS)[0] == 0
    before = Path(output).read_bytes()
    code, out, err = chart(output)
    assert (code, err) == (0, "") and out == f"Wrote the race after round 7 to {output}.\n"
    assert Path(output).read_bytes() != before
    assert sorted(os.listdir(".")) == [output]


@posix_only
@pytest.mark.parametrize("output", ["race.svg", "race.png"])
def test_a_link_to_an_image_writes_the_image_and_keeps_the_link(output: str) -> None:
    Path("pics").mkdir()
    assert chart(f"pics/{output}", IN_PROGRESS)[0] == 0
    Path(output).symlink_to(f"pics/{output}")
    before = Path("pics", output).read_bytes()
    assert chart(output)[0] == 0
    assert Path(output).is_symlink() and Path("pics", output).read_bytes() != before
    assert sorted(os.listdir("pics")) == [output]


@posix_only
def test_a_link_that_leads_to_no_file_is_refused_and_nothing_made_there() -> None:
    Path("race.svg").symlink_to("elsewhere.svg")
    assert "the link leads to no file" in refused("race.svg")
    assert not Path("elsewhere.svg").exists()


@pytest.mark.parametrize("output", ["race.svg", "race.png", "pics/race.svg"])
def test_a_new_file_is_written(output: str) -> None:
    Path("pics").mkdir()
    assert chart(output) == (0, f"Wrote the race after round 7 to {output}.\n", "")
    data = Path(output).read_bytes()
    if output.endswith("png"):
        assert data.startswith(PNG_SIGNATURE)
    else:
        assert data.startswith(b"<?xml") and data.rstrip().endswith(b"</svg>")


# --- long names, folders that cannot be entered -----------------------------------------

@pytest.mark.parametrize("size", [241, 242, 250, 255])
def test_an_output_name_up_to_255_bytes_is_written(size: int) -> None:
    """The temp file beside it has a shorter name: it too fits in 255 bytes."""
    name = "r" * (size - len(".svg")) + ".svg"
    assert chart(name)[0] == 0
    assert chart(name)[0] == 0  # and written over
    assert os.listdir(".") == [name]


@pytest.mark.parametrize("output", ["r" * 252 + ".svg", "d" * 300 + "/race.svg"],
                         ids=["file-name", "folder-name"])
def test_an_output_name_over_255_bytes_is_one_error_line(output: str) -> None:
    assert "a name in this path is too long" in refused(output)


@contextlib.contextmanager
def someone_else() -> Iterator[None]:
    """Run as a user without root's right to enter any folder (as root: 'nobody')."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        yield
        return
    os.chmod(".", 0o755)  # the test's folder, which 'nobody' must enter
    os.seteuid(65534)
    try:
        yield
    finally:
        os.seteuid(0)


@posix_only
@pytest.mark.parametrize("output", ["locked/race.svg", "locked/inner/race.png"])
def test_an_output_in_a_folder_that_cannot_be_entered_is_one_error_line(output: str) -> None:
    Path("locked/inner").mkdir(parents=True)
    Path("locked").chmod(0)
    try:
        with someone_else():
            line = refused(output)
    finally:
        Path("locked").chmod(0o755)
    assert line == (f"Error: {output}: permission denied: a folder on the way cannot be "
                    "entered, or the file cannot be read or written by you")


# --- temp files left by a chart that was killed -----------------------------------------

def test_a_temp_file_left_by_a_killed_chart_is_removed_at_the_next_write() -> None:
    left = [".out.png.a1b2c3d4.tmp", ".out.png.zz_9yx8w.tmp"]
    kept = [".other.png.a1b2c3d4.tmp", ".out.png.notes.txt", "out.png.a1b2c3d4.tmp"]
    for name in left + kept:
        Path(name).write_bytes(b"\x89PNG half an image")
    assert chart("out.png")[0] == 0
    assert sorted(os.listdir(".")) == sorted(["out.png", *kept])


def test_a_temp_file_of_a_long_output_name_is_removed_too() -> None:
    from rummy_cli.outfile import temp_prefix

    name = "r" * 250 + ".svg"
    stale = temp_prefix(Path(name)) + "a1b2c3d4.tmp"
    Path(stale).write_bytes(b"<svg")
    assert chart(name)[0] == 0
    assert os.listdir(".") == [name]


@posix_only
def test_a_temp_file_another_chart_is_writing_is_kept() -> None:
    """A chart still writing holds its temp file locked: a second chart leaves it alone."""
    import fcntl

    busy = Path(".out.svg.a1b2c3d4.tmp")
    busy.write_bytes(b"<svg")
    with busy.open("rb") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        assert chart("out.svg")[0] == 0
    assert sorted(os.listdir(".")) == [busy.name, "out.svg"]


# --- a law: no file rummy reads as a ledger is ever written over ------------------------

def _dressed(text: str, comments: int, blank: int, bom: bool, crlf: bool, doc_start: bool,
             quoted: bool, form: str) -> str:
    if form == "json":
        text = as_json(text)
    elif quoted:
        text = quoted_keys(text)
    text = "\n" * blank + "".join(f"# note {n}\n" for n in range(comments)) + text
    text = ("---\n" if doc_start else "") + text
    text = text.replace("\n", "\r\n") if crlf else text
    return ("\ufeff" if bom else "") + text


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(comments=st.integers(0, 600), blank=st.integers(0, 3), bom=st.booleans(),
       crlf=st.booleans(), doc_start=st.booleans(), quoted=st.booleans(),
       form=st.sampled_from(["yaml", "json"]), output=st.sampled_from(["o.svg", "o.png"]),
       link=st.booleans())
def test_no_file_rummy_reads_as_a_ledger_is_written_over_by_a_chart(
        comments: int, blank: int, bom: bool, crlf: bool, doc_start: bool, quoted: bool,
        form: str, output: str, link: bool) -> None:
    from rummy_cli.errors import RummyError
    from rummy_cli.ledger import load

    text = _dressed(FRIDAY.read_text(encoding="utf-8"), comments, blank, bom, crlf,
                    doc_start, quoted, form)
    with tempfile.TemporaryDirectory() as tmp:
        night = Path(tmp, "night.yaml")
        night.write_bytes(text.encode("utf-8"))
        try:
            load(night)
        except RummyError:
            assume(False)  # not a ledger rummy reads: nothing to protect
        target = Path(tmp, output)
        if link:
            target.symlink_to(night)
        else:
            target.write_bytes(night.read_bytes())
        code, _, err = chart(str(target), IN_PROGRESS)
        assert code == 2 and one_error_line(err)
        assert night.read_bytes() == text.encode("utf-8")
        assert target.read_bytes() == text.encode("utf-8")
        assert sorted(os.listdir(tmp)) == sorted(["night.yaml", output])
