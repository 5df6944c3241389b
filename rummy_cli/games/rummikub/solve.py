"""Rummikub's best play and arrangement, exact, on the shared arrangement search.

Tiles are placed as cards by the search of :mod:`rummy_cli.search` (see :mod:`.tilecards`);
this module says what must be placed and what may, and judges what the search cannot see:

* a table joker needs no declaration and may stand for several tiles (its set's jokers
  read together, settled point 1): after the turn it keeps its tile, or a real tile of
  it on the table frees it (K14; from the rack under ``joker_swap=rack``; both missing
  tiles of a 3-group under ``joker_group=both``; any way at all under
  ``joker_free=rearrange``). One search with every table joker free comes first: its
  answer often keeps to the rules already, and is then the best. Else each way of the
  table's jokers is searched (a joker kept as a tile is one more copy of that tile; a
  freed one is free, its freeing tile played);
* the opening (K9, K10): see :mod:`.packing`, which counts what jokers are worth;
* ``freed_joker=new-set`` and ``joker_sets=locked``: when the best play breaks them, the
  sets those rules look at are listed and the rest searched beside them (:mod:`.strict`),
  exactly; only a freed joker with more new sets to try than ``MOST_NEW_SETS`` gives the
  best of those tried, marked not exact;
* ``ones=wrap`` (runs that go round, which the search over numbers knows nothing of): the
  table's tiles are packed again with the rack's (:func:`.packing.pack`, every table tile
  placed), each way of the table's jokers apart; a position too big for it is refused;
* the last tie-break (fewer table sets changed) puts back table sets the play need not
  touch (see :meth:`.turn_finish.TurnFinish._keep_table_sets`); under the strict rules
  the referee checks the result, and the search's own layout stays when it finds it illegal.

>>> from rummy_cli.tiles import format_tile_table, parse_tile_table, parse_tiles
>>> play = best_play(parse_tile_table("5O JK 7O / 3K 4K 5K"), parse_tiles("6O 11B 12B 2R"))
>>> format_tile_table(play.after), play.cards_played, play.jokers_freed
('3K 4K 5K / 11B 12B JK / 5O 6O 7O', 3, 1)
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import AnyCard, Card, Joker
from ...search.problem import Cell
from ...tiles import AnyTile, Tile, TileJoker, TileSet
from .packing import pack
from .plays import Objective, TileArrangement
from .plays import TilePlay as TilePlay
from .plays import tile_points as tile_points
from .rules import RUMMIKUB, RummikubRules
from .tidy import (
    declare_back,
    less,
    shown,
)
from .tilecards import bare_tile, card_of, problem_of, solve, tile_back
from .turn_search import PACK_RACK, TurnSearch


def arrange(tiles: Sequence[AnyTile], rules: RummikubRules = RUMMIKUB) -> TileArrangement:
    """Can these tiles be split into legal sets (K5-K7, K13)? If not, as many as can.

    A joker written ``JK=7R`` stands for 7R; ``JK`` for whatever fits.

    >>> from rummy_cli.tiles import parse_tiles, format_tile_table
    >>> a = arrange(parse_tiles("5R 6R 7R 8R JK 9K 9B"))
    >>> format_tile_table(a.sets), [str(t) for t in a.unplaceable]
    ('5R 6R 7R 8R / 9K 9B JK', [])
    """
    declared: list[AnyTile] = [t for t in tiles
                               if isinstance(t, TileJoker) and t.stands_for is not None]
    if rules.ones == "wrap":  # the search over ranks knows no wrap: pack the sets instead
        found = pack(tiles, rules=rules)
        assert found is not None
        placed: list[AnyTile] = [*found.real, *[TileJoker()] * found.jokers]
        left = less(tiles, placed)
        return TileArrangement(not left, tuple(shown([list(s.tiles) for s in found.sets],
                                                      rules)), tuple(left))
    cells: dict[Card, Cell] = {}
    for tile in tiles:
        real = tile if isinstance(tile, Tile) else tile.stands_for
        if real is not None:
            card: AnyCard = card_of(real) if isinstance(tile, Tile) else Joker(card_of(real))
            cells.setdefault(card_of(real), Cell(weight=1)).may.append(card)
    free = sum(1 for t in tiles if isinstance(t, TileJoker) and t.stands_for is None)
    solution = solve(problem_of(cells, rules, free_may=free, joker_weight=1))
    assert solution is not None  # placing nothing is always a solution
    placed_tiles = [tile_back(c) for c in solution.placed] + [TileJoker()] * solution.free_placed
    left = less(tiles, placed_tiles)
    sets = [[bare_tile(c) for c in meld] for meld in solution.melds]
    if declared:  # a declared joker is shown as given
        sets = declare_back(sets, declared)
    return TileArrangement(not left, tuple(shown(sets, rules)), tuple(left))


def best_play(table: Sequence[Sequence[AnyTile]], rack: Sequence[AnyTile],
              rules: RummikubRules = RUMMIKUB, by: Objective = "cards",
              initial: bool = False) -> TilePlay | None:
    """The best legal play this turn (K8-K16), or None when the player must draw (K3).

    Best: the most tiles (``by="cards"``) or the most points shed (``by="points"``, a
    joker shedding ``joker_points``); ties: more points (more tiles), then fewer table sets
    changed. ``initial``: the player has not opened and the play must open (K9, K10).
    """
    if by not in ("cards", "points"):
        raise ValueError(f"by must be 'cards' or 'points', not {by!r}")
    if not rack:
        return None
    turn = TurnSearch(table, rack, rules, by)
    if initial and rules.opening_turn == "alone":
        return turn.opening_alone()
    if not any(table) and rules.ones == "wrap":  # runs that go round: the packing's
        return turn.opening_alone() if initial else turn.opening_alone(floor=0)
    if not any(table) and not initial and len(rack) <= PACK_RACK:
        return turn.opening_alone(floor=0)  # new sets of a few tiles: packed, quicker
    if initial:
        return turn.opening_continued()
    return turn.best()


def suggest(before: Sequence[Sequence[AnyTile]], played: Sequence[AnyTile],
            rules: RummikubRules = RUMMIKUB, initial: bool = False) -> tuple[TileSet, ...] | None:
    """A legal table after the turn that plays exactly ``played`` (K8-K16), or None.

    Exact: the best play of those tiles plays them all whenever some legal table does.

    >>> from rummy_cli.tiles import format_tile_table, parse_tile_table, parse_tiles
    >>> format_tile_table(suggest(parse_tile_table("5O JK 7O / 3K 4K 5K"), parse_tiles("6O")))
    '3K 4K 5K / 5O 6O 7O JK'
    """
    play = best_play(before, played, rules, initial=initial)
    if play is None or play.cards_played != len(played):
        return None
    return play.after


# --- one turn ----------------------------------------------------------------------------


