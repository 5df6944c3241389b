"""Long Rummikub ledgers: a rack written in the ledger's notation is scored from its text
(cached per-tile points, copies counted only when a tile repeats), and recording, taking back
or fixing a round scores no other round again. These tests hold the fast path to the full
parse: the same scores, the same refusals, in the same words."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from clirun import one_error_line, run
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_cli.errors import RummyError
from rummy_cli.games.rummikub import game as rummikub_game
from rummy_cli.games.rummikub.game import (
    RummikubEntry,
    RummikubGame,
)
from rummy_cli.games.rummikub.racks import (
    RackEntry,
    _parsed_worth,
    _scored,
    canonical_tiles,
    score_entry,
)
from rummy_cli.games.rummikub.rules import PRESETS, RUMMIKUB
from rummy_cli.games.rummikub.scoring import RoundScore, game_state
from rummy_cli.ledger import dump, load
from rummy_cli.tiles import ALL_TILES, format_tiles, parse_tiles

PLAYERS = ("Ann", "Ben", "Cy", "Dee")
TOKENS = [str(t) for t in ALL_TILES] + ["JK"]


def full_parse(game: RummikubGame, entry: RummikubEntry) -> RoundScore | str:
    """The round scored by parsing every rack (the way before the fast path), or the words
    of its refusal."""
    try:
        return _scored(game, entry, *_parsed_worth(game, entry))
    except RummyError as exc:
        return str(exc)


def fast(game: RummikubGame, entry: RummikubEntry) -> RoundScore | str:
    try:
        return score_entry(game, entry)
    except RummyError as exc:
        return str(exc)


# a rack as the ledger writes it (tiles may repeat past the set: then the copies are
# refused), or as a hand-edited ledger may hold it (lower case, commas), or a total
written = st.lists(st.sampled_from(TOKENS), max_size=8).map(" ".join)
hand_edited = written.map(lambda r: r.lower().replace(" ", ", "))
racks = st.one_of(written, written, hand_edited, st.integers(0, 120))


@settings(max_examples=300, deadline=None)
@given(st.fixed_dictionaries({p: racks for p in PLAYERS}),
       st.sampled_from((None, *PLAYERS)), st.sampled_from(sorted(PRESETS)),
       st.integers(0, 3))
def test_k19_rack_written_in_notation_scores_as_its_parse(
        given_racks: dict[str, RackEntry], out: str | None, preset: str, copies: int) -> None:
    rules = PRESETS[preset]
    if copies:
        rules = replace(rules, copies=copies, rack=7)  # room for four racks of a small set
    game = rummikub_game.new_game(PLAYERS, first="Ann", rules=rules)
    if out is not None and given_racks[out] != 0:
        given_racks = {**given_racks, out: ""}
    entry = RummikubEntry(out, given_racks, "Ann")
    assert fast(game, entry) == full_parse(game, entry)


@given(st.lists(st.sampled_from(TOKENS), max_size=10))
def test_canonical_tiles_are_what_the_notation_writes(tokens: list[str]) -> None:
    text = " ".join(tokens)
    assert canonical_tiles(text) == tokens
    assert format_tiles(parse_tiles(text)) == text
    if text:  # hand-written: parsed in full
        assert canonical_tiles(text.lower()) is None
        assert canonical_tiles(text.replace(" ", ", ")) is None or len(tokens) == 1


def test_k19_copies_across_racks_are_still_refused() -> None:
    game = rummikub_game.new_game(PLAYERS, first="Ann")
    entry = RummikubEntry("Ann", {"Ann": "", "Ben": "7R 7R", "Cy": "7R JK", "Dee": "JK JK"},
                          "Ann")
    with pytest.raises(RummyError) as caught:
        score_entry(game, entry)
    assert str(caught.value) == ("the racks hold more tiles than the set: 7R appears 3 times, "
                                 "but the set has only 2; 3 jokers, but the set has only 2")


def long_game(rounds: int, seed: int = 7) -> RummikubGame:
    """A game that never ends in ``rounds`` rounds: racks as tiles or totals."""
    rng = random.Random(seed)
    game = rummikub_game.new_game(PLAYERS, first="Ann", rules=replace(RUMMIKUB, rounds=999_999))
    pool = [t for t in TOKENS for _ in range(2) if t != "1R"]
    entries = []
    for number in range(rounds):
        rng.shuffle(pool)
        racks: dict[str, RackEntry] = {
            p: " ".join(pool[i * 6:i * 6 + rng.randint(1, 6)]) if rng.random() < 0.7
            else rng.randint(6, 80) for i, p in enumerate(PLAYERS)}
        out = None if rng.random() < 0.2 else "Ann"
        racks["Ann"] = "" if out else "1R"
        entries.append(RummikubEntry(out, racks, PLAYERS[number % 4]))
    return replace(game, rounds=tuple(entries))


def test_k20_long_ledger_scores_as_the_full_parse(tmp_path: Path) -> None:
    game = long_game(2000)
    path = tmp_path / "league.yaml"
    path.write_text(dump(game), encoding="utf-8")
    read, warnings = load(path)
    assert warnings == []
    assert isinstance(read, RummikubGame)
    assert read.rounds == game.rounds
    assert list(read.results) == [full_parse(game, e) for e in game.rounds]
    assert read.state == game_state(game.players, read.results, game.rules)


def test_k23_recording_undoing_and_fixing_agree_with_scoring_anew() -> None:
    game = rummikub_game.new_game(PLAYERS, first="Ann", rules=replace(RUMMIKUB, rounds=6))
    for rack in ("5R", "7K JK", "13B", "2O 2O"):
        game, _ = rummikub_game.record_round(game, "Ann", {"Ben": rack, "Cy": 9, "Dee": "1K"})
        fresh = replace(game)  # nothing cached: every round scored again
        assert game.results == fresh.results and game.state == fresh.state
    game, _ = rummikub_game.undo_round(game)
    assert game.state == replace(game).state
    game, result = rummikub_game.fix_round(game, 2, None, {"Ann": 3, "Ben": 4, "Cy": 9,
                                                      "Dee": "9K"})
    fresh = replace(game)
    assert game.results == fresh.results and game.state == fresh.state
    assert result.winners == ("Ann",) and game.state.rounds_played == 3


def test_k23_recording_into_a_game_that_ended_is_refused() -> None:
    game = rummikub_game.new_game(PLAYERS[:2], first="Ann")
    game, _ = rummikub_game.record_round(game, "Ann", {"Ben": "5R"})
    game, _ = rummikub_game.record_round(game, "Ben", {"Ann": "5R"})
    assert game.state.game_over and game.state.winners == ("Ann", "Ben")
    with pytest.raises(RummyError, match="the game is over"):
        rummikub_game.record_round(game, "Ann", {"Ben": "5R"})


def test_k19_hand_edited_copies_name_file_and_round(tmp_path: Path) -> None:
    game = long_game(30)
    text = dump(game)
    racks = "racks: {Ann: \"\", Ben: 7R 7R, Cy: 7R, Dee: 5}"
    lines = text.splitlines()
    at = [i for i, line in enumerate(lines) if line.strip().startswith("racks:")][11]
    lines[at] = lines[at][:lines[at].index("racks:")] + racks
    for i in range(at, at - 4, -1):  # the round's end: Ann out
        if lines[i].strip().startswith("end:"):
            lines[i] = lines[i][:lines[i].index("end:")] + "end: out Ann"
    path = tmp_path / "edited.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, _, err = run("standings", "--ledger", str(path))
    line = one_error_line(err)
    assert code == 2 and "edited.yaml" in line and "games[0].rounds[11]" in line, line
    assert "7R appears 3 times, but the set has only 2" in line
