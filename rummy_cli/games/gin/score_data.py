"""A Gin game's scores as plain data, for the commands' JSON and the score sheet."""

from __future__ import annotations

from typing import Any

from .score import GinStanding, GinState, other_player


def player_data(line: GinStanding) -> dict[str, Any]:
    """One player's object of ``standings --json`` read for gin: ``rounds_won`` is hands won,
    ``round_bonus`` the box bonus, a shutout's doubling shows only in ``total``."""
    return {"name": line.name, "points": line.points, "rounds_won": line.hands_won,
            "round_bonus": line.box_bonus, "game_bonus": line.game_bonus,
            "total": line.total, "shutout": line.shutout}


def standings_data(state: GinState) -> dict[str, Any]:
    """``standings --json`` for a gin game, without the Hollywood list (:func:`games_data`).

    ``next_leader`` is the non-dealer, who is offered the upcard first (G5).

    >>> from .rules import GIN
    >>> from .score import GinHand, gin_state
    >>> d = standings_data(gin_state(["A", "B"], "B", GIN, [GinHand("A", "knock", "A", 9)]))
    >>> d["players"][0], d["game_over"], d["next_dealer"], d["next_leader"]
    ({'name': 'A', 'points': 9, 'rounds_won': 1, 'round_bonus': 0, 'game_bonus': 0, \
'total': 9, 'shutout': False}, False, 'A', 'B')
    """
    dealer = state.next_dealer
    return {
        "players": [player_data(x) for x in state.standings],
        "rounds_played": state.hands_played,
        "game_over": state.game_over,
        "winners": list(state.winners),
        "next_dealer": dealer,
        "next_leader": None if dealer is None else other_player(state.players, dealer),
    }


def games_data(state: GinState) -> list[dict[str, Any]]:
    """Hollywood's per-game list: ``[{"game": 1, "over", "winners", "players"}, ...]`` (one
    entry for a standard game)."""
    return [{"game": g.number, "over": g.over, "winners": list(g.winners),
             "players": [player_data(x) for x in g.standings]} for g in state.games]


def hand_data(state: GinState, number: int) -> dict[str, Any]:
    """The fields of ``round --json`` that the score knows, for hand ``number`` (1-based):
    ``hand, dealer, knocker, result, winner, score, doubled, game_over`` (over once this hand
    ended), and under Hollywood ``entered``. The showdown adds ``deadwood``."""
    hand = state.hands[number - 1]
    data: dict[str, Any] = {
        "hand": number, "dealer": state.dealers[number - 1], "knocker": hand.knocker,
        "result": hand.result, "winner": hand.winner, "score": hand.score,
        "doubled": hand.doubled, "game_over": state.over_after_hand(number)}
    if state.hollywood:
        data["entered"] = list(state.entered[number - 1])
    return data
