"""Players' names that look the same are never two players: a name holding a character that
cannot be seen (a zero-width or format character, a Hangul filler, the braille blank, a
variation selector, a tag, a space of another kind) is refused by ``new``, ``rename`` and a
hand-edited ledger, naming the character by its code point; the file stays as it was."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from clirun import ok, one_error_line, run
from hypothesis import given
from hypothesis import strategies as st

from rummy_cli.names import hidden_character, skeleton

LEDGER = Path("rummy-ledger.yaml")

# (the name, the character it hides, as a message names it)
HIDDEN = [
    ("A\u034fnn", "U+034F COMBINING GRAPHEME JOINER"),
    ("Ann\u3164", "U+3164 HANGUL FILLER"),
    ("Ann\u115f", "U+115F HANGUL CHOSEONG FILLER"),
    ("Ann\u1160", "U+1160 HANGUL JUNGSEONG FILLER"),
    ("Ann\uffa0", "U+FFA0 HALFWIDTH HANGUL FILLER"),
    ("Ann\u2800", "U+2800 BRAILLE PATTERN BLANK"),
    ("A\u200bnn", "U+200B ZERO WIDTH SPACE"),
    ("A\u200dnn", "U+200D ZERO WIDTH JOINER"),
    ("Ann\u200f", "U+200F RIGHT-TO-LEFT MARK"),
    ("A\u2060nn", "U+2060 WORD JOINER"),
    ("A\u2064nn", "U+2064 INVISIBLE PLUS"),
    ("\ufeffAnn", "U+FEFF ZERO WIDTH NO-BREAK SPACE"),
    ("Ann\ufe0f", "U+FE0F VARIATION SELECTOR-16"),
    ("Ann\U000e0100", "U+E0100 VARIATION SELECTOR-17"),
    ("Ann\U000e0041", "U+E0041 TAG LATIN CAPITAL LETTER A"),
    ("An\u00adn", "U+00AD SOFT HYPHEN"),
    ("Ann\u202e", "U+202E RIGHT-TO-LEFT OVERRIDE"),
]
SPACES = [("Ann\u00a0Lee", "U+00A0 NO-BREAK SPACE"), ("Ann\u3000Lee", "U+3000 IDEOGRAPHIC SPACE"),
          ("Ann\u2003Lee", "U+2003 EM SPACE"), ("Ann\u202fLee", "U+202F NARROW NO-BREAK SPACE")]


def escaped(name: str) -> str:
    return "".join(c if not hidden_character(c) else f"\\u{ord(c):04x}" if ord(c) <= 0xFFFF
                   else f"\\U{ord(c):08x}" for c in name)


@pytest.mark.parametrize(("name", "character"), HIDDEN)
def test_new_refuses_a_name_with_a_character_that_cannot_be_seen(name: str,
                                                                  character: str) -> None:
    code, out, err = run("new", "Ann", name)
    assert code == 2 and not LEDGER.exists()
    assert one_error_line(err) == (f"Error: the name '{escaped(name)}' holds {character}, "
                                   "which cannot be seen; type the name without it")


@pytest.mark.parametrize(("name", "character"), SPACES)
def test_new_refuses_a_space_of_another_kind_and_says_to_type_a_plain_one(
        name: str, character: str) -> None:
    code, _, err = run("new", "Ben", name)
    assert code == 2 and not LEDGER.exists()
    assert one_error_line(err) == (f"Error: the name '{escaped(name)}' holds {character}, "
                                   "a space of another kind; type a plain space, or none")


def test_the_issue_names_are_refused_alone_too_not_only_beside_ann() -> None:
    for name in ("A\u034fnn", "Ann\u3164", "Ann\u2800"):
        code, _, err = run("new", name, "Ben", "--game", "gin")
        assert code == 2 and "cannot be seen" in err and not LEDGER.exists()
        code, _, err = run("new", "Ben", "Cy", name, "--game", "rummikub")
        assert code == 2 and "cannot be seen" in err and not LEDGER.exists()


def test_rename_to_a_name_with_a_hidden_character_leaves_the_ledger_unchanged() -> None:
    ok("new", "Ann", "Ben", "--dealer", "Ann")
    before = LEDGER.read_bytes()
    code, _, err = run("rename", "Ben", "Ann\u2800")
    assert code == 2 and LEDGER.read_bytes() == before
    assert one_error_line(err) == ("Error: the name 'Ann\\u2800' holds U+2800 BRAILLE "
                                   "PATTERN BLANK, which cannot be seen; type the name "
                                   "without it")
    code, _, err = run("rename", "Ben", "B\u200ben")  # a look-alike of no one: still refused
    assert code == 2 and "U+200B ZERO WIDTH SPACE" in err and LEDGER.read_bytes() == before


def test_a_hand_edited_ledger_with_a_hidden_character_in_a_name_is_an_error_with_its_line(
        ) -> None:
    ok("new", "Ann", "Ben", "--dealer", "Ann")
    text = LEDGER.read_text(encoding="utf-8").replace("[Ann, Ben]", '[Ann, "Ann\\u3164"]')
    LEDGER.write_text(text, encoding="utf-8")
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "players:" in row)
    code, _, err = run("standings")
    assert code == 2 and LEDGER.read_text(encoding="utf-8") == text
    assert one_error_line(err) == (f"Error: {LEDGER}: line {line}, games[0].players: the name "
                                   "'Ann\\u3164' holds U+3164 HANGUL FILLER, which cannot be "
                                   "seen; type the name without it")


@pytest.mark.parametrize("game", ["manipulation", "gin", "rummikub"])
def test_a_hand_edited_ledger_with_two_look_alike_names_is_an_error_with_its_line(
        game: str) -> None:
    ok("new", "Ann", "Ben", "--game", game, "--first" if game == "rummikub" else "--dealer",
       "Ann")
    text = LEDGER.read_text(encoding="utf-8").replace("[Ann, Ben]", "[Ann, \u0410nn]")
    LEDGER.write_text(text, encoding="utf-8")
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "players:" in row)
    code, _, err = run("standings")
    assert code == 2 and LEDGER.read_text(encoding="utf-8") == text
    assert one_error_line(err) == (f"Error: {LEDGER}: line {line}, games[0].players: "
                                   "'\u0410nn' looks just like 'Ann' (letters of another "
                                   "alphabet or another width): give players names that look "
                                   "different")


def test_names_with_accents_scripts_and_plain_spaces_are_still_welcome() -> None:
    ok("new", "Zoë", "Ann Lee", "Ólafur", "Ἀλέξανδρος", "李娜")
    code, out, _ = run("standings")
    assert code == 0 and "Ann Lee" in out and "李娜" in out


def test_two_names_apart_only_in_spaces_look_alike() -> None:
    code, _, err = run("new", "Ann Lee", "Ann  Lee")
    assert code == 2 and "looks just like 'Ann Lee'" in err and not LEDGER.exists()


# any character a name may hold, the hidden ones most of all
_CHARACTERS = st.one_of(
    st.sampled_from("AaNnBe Аа\u034f\u3164\u115f\u1160\uffa0\u2800\u200b\u200c\u200d\u2060"
                    "\u2063\ufeff\ufe0f\u00ad\u00a0\u3000\u180e\u061c\U000e0041\U000e0100"),
    st.characters(codec="utf-8"),
)


@given(st.lists(st.text(_CHARACTERS, min_size=1, max_size=6), min_size=2, max_size=4))
def test_no_two_accepted_names_of_a_game_look_the_same_without_hidden_characters(
        names: list[str]) -> None:
    """Law: whatever names 'rummy new' accepts, no two of them read alike once the characters
    that cannot be seen are taken out (and Unicode's compatibility forms and case are
    ignored); a refused game writes no file."""
    LEDGER.unlink(missing_ok=True)
    code, _, _ = run("new", *names, "--seed", "1")
    if code != 0:
        assert not LEDGER.exists()
        return
    seen = [unicodedata.normalize("NFKC", "".join(c for c in n if not hidden_character(c)))
            .casefold() for n in names]
    assert len(set(seen)) == len(seen), names
    assert len({skeleton(n) for n in names}) == len(names)
    assert not any(hidden_character(n) for n in names)


def test_a_name_typed_with_a_hidden_character_finds_the_player_it_reads_as() -> None:
    ok("new", "Ann", "Ben", "--dealer", "Ann")
    out = ok("round", "--knock", "A\u200bnn", "--points", "Ann\u2060=0", "--points",
             "B\ufe0fen=30")
    assert out.startswith("Round 1 (Ann dealt): Ann went out and wins: 55 points")
