"""A Rummikub game in the ledger: plain data and back. ``scores`` and ``remainder`` are written
for the person reading the file and recomputed when it is read; a stored score that disagrees
is a warning, never the truth."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...document import Where, as_written, get, only_keys, written
from ...errors import RummyError
from ...players import find_player
from .game import (
    RackEntry,
    RummikubEntry,
    RummikubGame,
    canonical_tiles,
    new_game,
    rack_entry,
)
from .rules import RuleError, RummikubRules
from .scoring import RoundAfterEnd, left_of

GAME_KEYS = ("game", "players", "first", "created", "rules", "rounds")
ROUND_KEYS = ("round", "first", "end", "racks", "scores", "remainder", "note")


def game_from(data: dict[str, Any], at: tuple[str | int, ...]
              ) -> tuple[RummikubGame, list[str]]:
    """A Rummikub game from its mapping, and warnings about stored scores that disagree."""
    rules_data = get(data, "rules", dict, at, {})
    try:
        rules = RummikubRules.from_dict({"game": data.get("game", "rummikub"), **rules_data})
    except RuleError as exc:
        raise Where(at + (("rules", exc.rule) if exc.rule in rules_data else ("rules",)),
                    str(exc)) from None
    players = get(data, "players", list, at)
    if not all(isinstance(p, str) for p in players):
        raise Where(at + ("players",), "players must be a list of names")
    first = get(data, "first", str, at)
    created = data.get("created", "")
    if not isinstance(created, str):
        raise Where(at + ("created",), "'created' is the date and time the game began")
    try:
        game = new_game(players, rules=rules, created=created, seed=0)
    except RummyError as exc:
        raise Where(at + ("players",), str(exc)) from None
    try:
        game = RummikubGame(game.players, find_player(game.players, first), game.rules, (),
                            created)
    except RummyError as exc:
        raise Where(at + ("first",), str(exc)) from None
    items = get(data, "rounds", list, at)
    entries: list[RummikubEntry] = []
    for i, item in enumerate(items):
        proposed = left_of(game.players, entries[-1].first) if entries else game.first
        entries.append(_entry_from(item, game, at + ("rounds", i), proposed))
    game = RummikubGame(game.players, game.first, game.rules, tuple(entries), created)
    from .game import score_entry

    results = []
    for i, entry in enumerate(entries):
        try:
            results.append(score_entry(game, entry))
        except RummyError as exc:
            raise Where(at + ("rounds", i), str(exc)) from None
    game.__dict__["results"] = tuple(results)
    try:
        game.state  # noqa: B018  a round after the end of the game is refused here
    except RoundAfterEnd as exc:
        raise Where(at + ("rounds", exc.round - 1), str(exc)) from None
    warnings = []
    for i, (item, result) in enumerate(zip(items, results), 1):
        if "round" in item and item["round"] != i:
            said = as_written(item["round"])
            warnings.append(f"round {i}: it says 'round: {said}', but it is round {i} of the "
                            "list; rounds are numbered by their place")
        stored = item.get("scores")
        if stored is not None and stored != result.scores:
            warnings.append(f"round {i}: the stored scores disagree with the racks; using "
                            f"the recomputed ones "
                            f"({', '.join(f'{p} {n}' for p, n in result.scores.items())})")
    return game, warnings


def _entry_from(item: Any, game: RummikubGame, where: tuple[str | int, ...],
                proposed: str) -> RummikubEntry:
    """A round from its mapping; without 'first', the player proposed (left of the last)."""
    if not isinstance(item, dict):
        raise Where(where, "a round is a mapping with 'end' and 'racks'")
    only_keys(item, ROUND_KEYS, where, "a round")
    end = get(item, "end", str, where)
    words = end.split(maxsplit=1)
    out: str | None
    if end.strip().casefold() in ("pool-out", "pool out", "pool"):
        out = None
    elif len(words) == 2 and words[0].casefold() == "out":
        try:
            out = _player(game.players, words[1])
        except RummyError as exc:
            raise Where(where + ("end",), str(exc)) from None
    else:
        raise Where(where + ("end",), f"'end' is 'out NAME' or 'pool-out', not {written(end)}")
    racks: dict[str, RackEntry] = {}
    for key, rack in get(item, "racks", dict, where, {}).items():
        if key in game.players and isinstance(rack, str) and canonical_tiles(rack) is not None:
            racks[key] = rack  # already as the ledger writes it: nothing to find or parse
            continue
        try:
            name = _player(game.players, str(key))
        except RummyError as exc:
            raise Where(where + ("racks", key), str(exc)) from None
        if rack is None:
            rack = ""
        if isinstance(rack, bool) or not isinstance(rack, (str, int)):
            raise Where(where + ("racks", key), f"{name}'s rack is tiles or a total")
        try:
            racks[name] = rack_entry(rack, name)
        except RummyError as exc:
            raise Where(where + ("racks", key), str(exc)) from None
    first = item.get("first")
    if first is None:
        starter = proposed
    elif not isinstance(first, str):
        raise Where(where + ("first",), "'first' is the name of who played first")
    else:
        try:
            starter = _player(game.players, first)
        except RummyError as exc:
            raise Where(where + ("first",), str(exc)) from None
    note = item.get("note")
    if note is not None and not isinstance(note, (str, int)):
        raise Where(where + ("note",), "'note' is text")
    return RummikubEntry(out, {p: racks[p] for p in game.players if p in racks}, starter,
                         None if note is None else str(note))


def _player(players: tuple[str, ...], name: str) -> str:
    """The seated player called ``name``: at once when written as the ledger writes it."""
    return name if name in players else find_player(players, name)


def game_document(game: RummikubGame) -> dict[str, Any]:
    """A Rummikub game as the ledger keeps it, keys in reading order; ``rules`` holds every
    figure in force, the number of rounds as a number."""
    doc: dict[str, Any] = {"game": game.rules.game, "players": list(game.players),
                           "first": game.first}
    if game.created:
        doc["created"] = game.created
    doc["rules"] = {k: v for k, v in game.rules.to_dict().items() if k != "game"}
    rounds = []
    for number, (entry, result) in enumerate(zip(game.rounds, game.results), 1):
        item: dict[str, Any] = {"round": number, "first": entry.first,
                                "end": "pool-out" if entry.out is None else f"out {entry.out}",
                                "racks": dict(entry.racks), "scores": dict(result.scores)}
        if result.remainder:
            item["remainder"] = result.remainder
        if entry.note is not None:
            item["note"] = entry.note
        rounds.append(item)
    doc["rounds"] = rounds
    return doc


if TYPE_CHECKING:  # this module is a game's record: mypy checks it against protocol.Record
    from ..protocol import Record
    from . import record as _this

    _checked: Record[RummikubGame] = _this
