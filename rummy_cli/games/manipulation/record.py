"""Manipulation Rummy in the ledger: one game as plain data and back (the ledger itself knows
games only by name, and YAML only in ``ledger.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, overload

from ...document import Where, as_written, ending, get, only_keys, seats, written
from ...errors import RummyError
from ...hands import HandEntry, normalize_hand
from ...players import find_player
from .game import Game, RoundEntry, new_game, score_entry, with_results
from .rules import MANIPULATION_RUMMY, RuleError, Rules
from .scoring import RoundResult

GAME_KEYS = ("game", "players", "decks", "first_dealer", "created", "rules", "rounds")
ROUND_KEYS = ("round", "dealer", "end", "hands", "scores", "note")
_ROUND_KEY_SET = frozenset(ROUND_KEYS)


def game_from(data: dict[str, Any], at: tuple[str | int, ...]) -> tuple[Game, list[str]]:
    """A Game from its mapping, and warnings about stored scores that disagree.

    The rounds are taken out of ``data`` as they are read (``data['rounds']`` is left
    holding None): a long ledger's plain data is let go while its game is built.
    """
    game_name = get(data, "game", str, at, MANIPULATION_RUMMY.game)
    rules_data = get(data, "rules", dict, at, {})
    try:
        rules = Rules.from_dict({"game": game_name, **rules_data})
    except RuleError as exc:
        raise Where(at + (("rules", exc.rule) if exc.rule in rules_data else ("rules",)),
                     str(exc)) from None
    except RummyError as exc:
        raise Where(at + ("rules",), str(exc)) from None
    if rules.game != MANIPULATION_RUMMY.game:
        raise Where(at + ("game",), f"{written(rules.game)} is not a game this rummy scores "
                                     f"(it knows {MANIPULATION_RUMMY.game})")
    players, dealer, created = seats(data, at)
    try:
        game = new_game(players, seed=0, rules=rules, created=created)
    except RummyError as exc:
        raise Where(at + ("players",), str(exc)) from None
    try:
        game = replace(game, first_dealer=find_player(game.players, dealer))
    except RummyError as exc:
        raise Where(at + ("first_dealer",), str(exc)) from None
    rounds_data = get(data, "rounds", list, at)
    rounds: list[RoundEntry] = []
    results: list[RoundResult] = []
    refused: Where | None = None  # the first round the rules refuse: said once all are read
    warnings: list[str] = []
    disagree: list[str] = []
    for i, item in enumerate(rounds_data):
        where = at + ("rounds", i)
        entry = _round_from(item, game, where)
        rounds.append(entry)
        warnings += _round_warnings(item, i + 1, game)
        if refused is None:  # score each round once, as it is read
            try:
                result = score_entry(game, entry)
            except RummyError as exc:
                refused = Where(where, str(exc))
            else:
                results.append(result)
                scores = item.get("scores")
                if scores is not None and scores != result.scores:
                    disagree.append(
                        f"round {i + 1}: the stored scores ({_scores_text(scores)}) disagree "
                        f"with the hands; using the recomputed ones "
                        f"({_scores_text(result.scores)})")
        rounds_data[i] = None  # let a long ledger's plain data go as its rounds are built
    decks = data.get("decks", game.decks)
    if decks != game.decks:
        raise Where(at + ("decks",), f"'decks' is {written(decks)}, but a game of "
                                      f"{len(game.players)} players uses {game.decks} (R2); "
                                      "fix or remove the line")
    if refused is not None:
        raise refused
    game = with_results(replace(game, rounds=tuple(rounds)), tuple(results))
    over_after = game.state.over_after
    if over_after is not None and over_after < len(rounds):
        raise Where(at + ("rounds", over_after),
                     f"round {over_after + 1} comes after the game ended (after round "
                     f"{over_after})")
    warnings += disagree
    return game, warnings


def _round_warnings(item: dict[str, Any], number: int, game: Game) -> list[str]:
    """What a hand edit put in a round that rummy recomputes."""
    found = []
    if "round" in item and item["round"] != number:
        said = as_written(item["round"])
        found.append(f"round {number}: it says 'round: {said}', but it is round {number} of "
                     "the list; rounds are numbered by their place")
    dealer = game.dealer_of(number)
    if "dealer" in item and item["dealer"] != dealer:
        found.append(f"round {number}: it says 'dealer: {as_written(item['dealer'])}', but by R4 "
                     f"{dealer} dealt it (the deal passes left from first_dealer); using {dealer}")
    return found


def _scores_text(scores: Any) -> str:
    """Scores as a player reads them: 'Ann 0, Ben 29'."""
    if isinstance(scores, dict) and len(scores) <= 20 and all(
            isinstance(n, str) and n.isprintable() and len(n) <= 40 and type(p) is int
            for n, p in scores.items()):
        return ", ".join(f"{name} {points}" for name, points in scores.items())
    return as_written(scores)  # a hand edit's odd value: escaped and cut


def _round_from(item: Any, game: Game, where: tuple[str | int, ...]) -> RoundEntry:
    if not isinstance(item, dict):
        raise Where(where, "a round is a mapping with 'end', 'hands' and 'scores'")
    if not _ROUND_KEY_SET.issuperset(item):
        only_keys(item, ROUND_KEYS, where, "a round")
    end = item.get("end")
    if end == "stock-out":  # as rummy writes it; any other spelling is read below
        knocker = None
    elif type(end) is str and end[:6] == "knock " and end[6:] in game.players:
        knocker = end[6:]
    else:
        knocker = ending(item, where, lambda name: _seated(game, name),
                         ("stock-out", "stock out", "stockout", "stock"))
    hands_data = get(item, "hands", dict, where)
    note = item.get("note")
    if note is not None and not isinstance(note, (str, int)):
        raise Where(where + ("note",), "a note is one line of text")
    hands: dict[str, HandEntry] = {}
    seated = game.players
    for key, hand in hands_data.items():
        if type(hand) is str and key in seated and key not in hands:  # as rummy writes it
            try:
                hands[key] = normalize_hand(hand, key)
            except RummyError as exc:
                raise Where(where + ("hands", key), str(exc)) from None
            continue
        try:
            name = _seated(game, key)
        except RummyError as exc:
            raise Where(where + ("hands", key), str(exc)) from None
        if name in hands:
            raise Where(where + ("hands", key), f"{name}'s hand is given twice")
        if hand is None:
            raise Where(where + ("hands", key),
                         f"{name}'s hand is blank: write the cards left, \"\" for none, "
                         "or a total")
        if not isinstance(hand, (str, int)) or isinstance(hand, bool):
            raise Where(where + ("hands", key),
                         f"a hand is cards or a total, not {written(hand)}")
        try:
            hands[name] = normalize_hand(hand if isinstance(hand, int) else str(hand), name)
        except RummyError as exc:
            raise Where(where + ("hands", key), str(exc)) from None
    missing = [p for p in game.players if p not in hands]
    if missing:
        raise Where(where + ("hands",), f"no hand for {', '.join(missing)}")
    return RoundEntry(knocker, {p: hands[p] for p in game.players},
                      None if note is None else str(note))


def _seated(game: Game, name: Any) -> str:
    """The seated player a ledger names: as written (the quick way), or in any case."""
    return name if name in game.players else find_player(game.players, str(name))


def game_document(game: Game) -> dict[str, Any]:
    """One game as the ledger keeps it, keys in reading order."""
    doc: dict[str, Any] = {
        "game": game.rules.game,
        "players": list(game.players),
        "decks": game.decks,
        "first_dealer": game.first_dealer,
    }
    if game.created:
        doc["created"] = game.created
    doc["rules"] = {k: v for k, v in game.rules.to_dict().items() if k != "game"}
    doc["rounds"] = RoundRows(game)
    return doc


class RoundRows(Sequence[dict[str, Any]]):
    """A game's rounds as the ledger keeps them, each made when it is asked for: the text of
    a long game is written without its whole document held at once."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def __len__(self) -> int:
        return len(self.game.rounds)

    @overload
    def __getitem__(self, index: int) -> dict[str, Any]: ...

    @overload
    def __getitem__(self, index: slice) -> list[dict[str, Any]]: ...

    def __getitem__(self, index: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        game = self.game
        number = range(1, len(game.rounds) + 1)[index]  # IndexError past the end
        entry, result = game.rounds[number - 1], game.results[number - 1]
        return {
            "round": number,
            "dealer": game.dealer_of(number),
            "end": "stock-out" if entry.knocker is None else f"knock {entry.knocker}",
            "hands": dict(entry.hands),
            "scores": dict(result.scores),
            **({} if entry.note is None else {"note": entry.note}),
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]


if TYPE_CHECKING:  # this module is a game's record: mypy checks it against protocol.Record
    from ..protocol import Record
    from . import record as _this

    _checked: Record[Game] = _this
