"""The games rummy referees and scores, as peers: each is one package and one preset.

The ledger knows a game only by the name in its ``game:`` line: :func:`game_from` and
:func:`game_document` hand a game's plain data to its own module and back. Adding a game is a
module with ``game_from``/``game_document`` and a line in :data:`KINDS`. Nothing here imports
click or YAML.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from ..document import Where

MANIPULATION = "manipulation-rummy"
# the name in the ledger's 'game:' line -> the module that reads and writes such a game
KINDS = {
    MANIPULATION: "rummy_cli.games.manipulation.record",
    "gin": "rummy_cli.games.gin.record",
    "classic": "rummy_cli.games.gin.record",
    "oklahoma": "rummy_cli.games.gin.record",
}
GIN_FAMILY = ("gin", "classic", "oklahoma")


def family_of(name: str) -> str:
    """The package in ``games/`` a game called ``name`` belongs to (manipulation, gin)."""
    return KINDS[name].split(".")[2]


def is_gin(game: Any) -> bool:
    """Whether a game is one of the Gin family."""
    return bool(game.rules.game in GIN_FAMILY)


def _record(name: Any, at: tuple[str | int, ...]) -> Any:
    if not isinstance(name, str) or name not in KINDS:
        raise Where(at + ("game",), f"{name!r} is not a game this rummy scores (it knows "
                                    f"{', '.join(KINDS)})")
    return import_module(KINDS[name])


def game_keys(name: str) -> tuple[str, ...]:
    """The keys a game of this kind has in the ledger."""
    return tuple(_record(name, ()).GAME_KEYS)


def game_from(data: dict[str, Any], at: tuple[str | int, ...]) -> tuple[Any, list[str]]:
    """A game from its plain data (the kind named by ``game:``), and warnings."""
    record = _record(data.get("game", MANIPULATION), at)
    from ..document import only_keys

    only_keys(data, record.GAME_KEYS, at, "a game")
    game, warnings = record.game_from(data, at)
    return game, list(warnings)


def game_document(game: Any) -> dict[str, Any]:
    """A game as the ledger keeps it (by the module of its kind)."""
    return dict(_record(game.rules.game, ()).game_document(game))


def ending_change(old: Any, new: Any) -> str | None:
    """How ``new``, a corrected copy of the finished game ``old``, would end otherwise, in
    words (to follow "it would"), or None: it still ends after the same round (a hand in
    Gin) and is won by the same players.

    A later game of the ledger began where this one ended, so its end must stay.
    """
    word = "hand" if is_gin(old) else "round"
    was, now = old.state, new.state
    if not now.game_over:
        return f"not be over (it ended after {word} {was.over_after})"
    if now.over_after != was.over_after:
        return f"end after {word} {now.over_after} instead of {word} {was.over_after}"
    if set(now.winners) != set(was.winners):
        return (f"be won by {' and '.join(now.winners) or 'nobody'} instead of "
                f"{' and '.join(was.winners) or 'nobody'}")
    return None
