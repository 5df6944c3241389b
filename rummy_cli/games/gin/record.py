"""A Gin game in the ledger: plain data and back. ``result``, ``winner``, ``score`` and
``entered`` are written for the person reading the file and recomputed when it is read."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...document import Where, as_written, ending, get, only_keys, seats
from ...errors import RummyError
from ...hands import HandEntry, normalize_hand
from ...players import find_player
from .game import GinEntry, GinGame, new_game, score_entry
from .rules import GinRuleError, GinRules
from .score import GinHandError

GAME_KEYS = ("game", "players", "first_dealer", "created", "rules", "rounds")
HAND_KEYS = ("hand", "dealer", "end", "upcard", "hands", "melds", "big_gin", "result",
             "winner", "score", "entered", "note")


def game_from(data: dict[str, Any], at: tuple[str | int, ...]) -> tuple[GinGame, list[str]]:
    """A Gin game from its mapping, and warnings about stored results that disagree."""
    rules_data = get(data, "rules", dict, at, {})
    try:
        rules = GinRules.from_dict({"game": data.get("game", "gin"), **rules_data})
    except GinRuleError as exc:
        raise Where(at + (("rules", exc.rule) if exc.rule in rules_data else ("rules",)),
                    str(exc)) from None
    players, dealer, created = seats(data, at)
    try:
        game = new_game(players, rules=rules, created=created, seed=0)
    except RummyError as exc:
        raise Where(at + ("players",), str(exc)) from None
    try:
        game = GinGame(game.players, find_player(game.players, dealer), rules, (), created)
    except RummyError as exc:
        raise Where(at + ("first_dealer",), str(exc)) from None
    items = get(data, "rounds", list, at)
    entries = [_entry_from(item, game, at + ("rounds", i)) for i, item in enumerate(items)]
    game = GinGame(game.players, game.first_dealer, rules, tuple(entries), created)
    results = []
    for i, entry in enumerate(entries):
        try:
            results.append(score_entry(game, entry))
        except RummyError as exc:
            raise Where(at + ("rounds", i), str(exc)) from None
    game.__dict__["results"] = tuple(results)
    try:
        state = game.state
    except GinHandError as exc:
        raise Where(at + ("rounds", exc.hand - 1), str(exc)) from None
    warnings = []
    for i, (item, result) in enumerate(zip(items, results), 1):
        if "hand" in item and item["hand"] != i:
            said = as_written(item["hand"])
            warnings.append(f"hand {i}: it says 'hand: {said}', but it is hand {i} of the "
                            "list; hands are numbered by their place")
        hand = result.hand
        for key, now in (("score", hand.score), ("winner", hand.winner), ("result", hand.result)):
            stored = item.get(key)
            if stored is not None and stored != now:
                warnings.append(f"hand {i}: the stored {key} ({as_written(stored)}) disagrees "
                                f"with the hands; using the recomputed one ({now})")
        if item.get("big_gin") is True and hand.result != "big-gin":  # (cards: G7)
            warnings.append(f"hand {i}: it says 'big_gin: true', but the cards are not big "
                            "gin (11 cards all melded): the cards count, and the mark is "
                            "dropped when rummy next writes the file")
    del state
    return game, warnings


def _entry_from(item: Any, game: GinGame, where: tuple[str | int, ...]) -> GinEntry:
    if not isinstance(item, dict):
        raise Where(where, "a hand is a mapping with 'end' and 'hands'")
    only_keys(item, HAND_KEYS, where, "a hand")
    knocker = ending(item, where, lambda name: find_player(game.players, name), ("dead",))
    hands: dict[str, HandEntry] = {}
    for key, hand in get(item, "hands", dict, where, {}).items():
        try:
            name = find_player(game.players, str(key))
        except RummyError as exc:
            raise Where(where + ("hands", key), str(exc)) from None
        if hand is None or isinstance(hand, bool) or not isinstance(hand, (str, int)):
            raise Where(where + ("hands", key), f"{name}'s hand is cards or a deadwood count")
        try:
            hands[name] = normalize_hand(hand, name)
        except RummyError as exc:
            raise Where(where + ("hands", key), str(exc)) from None
    texts = {}
    for key in ("upcard", "melds", "note"):
        value = item.get(key)
        if value is not None and not isinstance(value, (str, int)):
            raise Where(where + (key,), f"'{key}' is text")
        texts[key] = None if value is None else str(value)
    big_gin = item.get("big_gin", False)
    if not isinstance(big_gin, bool):
        raise Where(where + ("big_gin",), "'big_gin' is true or false")
    return GinEntry(knocker, {p: hands[p] for p in game.players if p in hands},
                    texts["melds"], texts["upcard"], big_gin, texts["note"])


def game_document(game: GinGame) -> dict[str, Any]:
    """A Gin game as the ledger keeps it, keys in reading order."""
    doc: dict[str, Any] = {"game": game.rules.game, "players": list(game.players),
                           "first_dealer": game.first_dealer}
    if game.created:
        doc["created"] = game.created
    doc["rules"] = {k: v for k, v in game.rules.to_dict().items() if k != "game"}
    hands = []
    state = game.state
    for number, (entry, result) in enumerate(zip(game.rounds, game.results), 1):
        item: dict[str, Any] = {"hand": number, "dealer": game.dealer_of(number),
                                "end": "dead" if entry.knocker is None else
                                f"knock {entry.knocker}"}
        if entry.upcard is not None:
            item["upcard"] = entry.upcard
        if entry.hands:
            item["hands"] = dict(entry.hands)
        if entry.melds is not None:
            item["melds"] = entry.melds
        if entry.big_gin and result.hand.result == "big-gin":  # (cards show it: a mark
            item["big_gin"] = True  # they contradict is dropped, as scoring ignores it)
        item["result"] = result.hand.result
        if result.hand.winner is not None:
            item["winner"] = result.hand.winner
        item["score"] = result.hand.score
        if game.rules.hollywood:
            item["entered"] = list(state.entered[number - 1])
        if entry.note is not None:
            item["note"] = entry.note
        hands.append(item)
    doc["rounds"] = hands
    return doc


if TYPE_CHECKING:  # this module is a game's record: mypy checks it against protocol.Record
    from ..protocol import Record
    from . import record as _this

    _checked: Record[GinGame] = _this
