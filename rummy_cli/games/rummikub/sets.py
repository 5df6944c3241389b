"""Rummikub's sets (K5-K7, K13): every legal reading of a group or run of tiles.

A joker needs no declaration: it stands for whatever makes its set legal, and a set's jokers
are read jointly. :func:`readings` lists every legal reading of a set, each naming the tiles
its jokers stand for; a set with none is illegal. ``JK=7R`` binds that joker to 7R.

>>> from rummy_cli.tiles import parse_tiles
>>> [str(r) for r in readings(parse_tiles("5R JK 7R"))]
['run 5R 6R 7R (JK=6R)']
>>> sorted(str(t) for t in joker_values(parse_tiles("5R 6R JK"))[0])
['4R', '7R']
>>> kind_of(readings(parse_tiles("7K JK JK"))), best_value(readings(parse_tiles("9R 10R JK")))
('either', 30)
>>> readings(parse_tiles("12R 13R 1R"))
()
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from ... import shapes
from ...shapes import Shape, fillings
from ...shapes import Violation as Violation  # the verdicts of every game are of one kind
from ...tiles import COLOURS, AnyTile, Colour, Tile, TileJoker, tile_sort_key
from .rules import CHOICES, RUMMIKUB, RummikubRules

MIN_SET = 3  # K5


@dataclass(frozen=True)
class Reading:
    """One legal reading of a set: its kind, and the tile each joker stands for."""

    kind: str  # "group" or "run"
    tiles: tuple[Tile, ...]  # the whole set read, in order (a run low to high)
    jokers: tuple[Tile, ...]  # what each joker stands for, in the order the jokers come

    @property
    def value(self) -> int:
        """The set's worth in this reading: every number, a joker's by what it stands for."""
        return sum(t.number for t in self.tiles)

    @property
    def joker_value(self) -> int:
        """The part of :attr:`value` that the jokers give."""
        return sum(t.number for t in self.jokers)

    def __str__(self) -> str:
        shown = " ".join(map(str, self.tiles))
        if not self.jokers:
            return f"{self.kind} {shown}"
        return f"{self.kind} {shown} ({', '.join(f'JK={t}' for t in self.jokers)})"


def readings(tiles: Sequence[AnyTile], rules: RummikubRules = RUMMIKUB) -> tuple[Reading, ...]:
    """Every legal reading of ``tiles`` as one set: none if it is no set (K5-K7, K13).

    Undeclared jokers are alike, so each different way of filling the set is listed once,
    its tiles given to the undeclared jokers in the order they come.
    """
    if len(tiles) < MIN_SET:
        return ()
    made = [t for t in tiles if isinstance(t, Tile)]
    made += [t.stands_for for t in tiles if isinstance(t, TileJoker) and t.stands_for]
    free = len(tiles) - len(made)
    return tuple(Reading(kind, tuple(whole), _joker_tiles(tiles, fills))
                 for kind, whole, fills in fillings([(t.number, t.colour) for t in made], free,
                                                    len(tiles), shape_of(rules), Tile, made))


def shape_of(rules: RummikubRules) -> Shape[Colour]:
    """The shape of Rummikub's sets under ``rules`` (K5-K7): the engine's data."""
    shape = _SHAPES.get(rules.ones)
    return shape if shape is not None else Shape(COLOURS, rules.ones, MIN_SET, len(COLOURS))


_SHAPES = {ones: Shape(COLOURS, ones, MIN_SET, len(COLOURS)) for ones in CHOICES["ones"]}


def _joker_tiles(tiles: Sequence[AnyTile], fills: list[Tile]) -> tuple[Tile, ...]:
    rest = iter(fills)
    return tuple(t.stands_for if t.stands_for else next(rest)
                 for t in tiles if isinstance(t, TileJoker))


def run_windows(size: int, ones: str) -> Iterator[tuple[int, ...]]:
    """The numbers of every run of ``size`` tiles, low to high (K7 with the ``ones`` rule).

    >>> list(run_windows(13, "low"))
    [(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)]
    >>> list(run_windows(3, "high"))[-1], list(run_windows(3, "wrap"))[-1]
    ((12, 13, 1), (13, 1, 2))
    >>> len(list(run_windows(14, "high"))), len(list(run_windows(15, "wrap")))
    (1, 0)
    >>> list(run_windows(14, "wrap"))[1]  # all the way round, ending where it began
    (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2)
    """
    return shapes.run_windows(size, ones)


def is_legal(tiles: Sequence[AnyTile], rules: RummikubRules = RUMMIKUB) -> bool:
    """Whether ``tiles`` form a legal set."""
    return bool(readings(tiles, rules))


def kind_of(found: Sequence[Reading]) -> str | None:
    """'group', 'run', 'either' (jokers allow both) or None (no legal reading)."""
    kinds = {r.kind for r in found}
    if not kinds:
        return None
    return kinds.pop() if len(kinds) == 1 else "either"


def best_value(found: Sequence[Reading]) -> int | None:
    """The set's worth at its best reading (K9), None for an illegal set."""
    return max((r.value for r in found), default=None)


def joker_values(tiles: Sequence[AnyTile],
                 rules: RummikubRules = RUMMIKUB) -> list[frozenset[Tile]]:
    """For each joker of the set, in order, every tile it stands for in some legal reading.

    Undeclared jokers are alike, so they share one list (settled point 12).
    """
    found = readings(tiles, rules)
    positions = [i for i, t in enumerate(tiles) if isinstance(t, TileJoker)]
    values: list[set[Tile]] = [set() for _ in positions]
    for r in found:
        undeclared = {t for t, p in zip(r.jokers, positions, strict=True)
                      if not _declared(tiles[p])}
        for k, p in enumerate(positions):
            values[k].update({r.jokers[k]} if _declared(tiles[p]) else undeclared)
    return [frozenset(v) for v in values]


def _declared(tile: AnyTile) -> bool:
    return isinstance(tile, TileJoker) and tile.stands_for is not None


def forced(tiles: Sequence[AnyTile], rules: RummikubRules = RUMMIKUB) -> list[AnyTile]:
    """The set as shown: a joker with one possible tile as ``JK=6R``, the others as given."""
    values = iter(joker_values(tiles, rules))
    shown: list[AnyTile] = []
    for t in tiles:
        if isinstance(t, TileJoker):
            options = next(values)
            shown.append(TileJoker(next(iter(options))) if len(options) == 1 else t)
        else:
            shown.append(t)
    return shown


@dataclass(frozen=True)
class SetVerdict:
    """What the referee says of one set: its readings, or every reason it has none."""

    tiles: tuple[AnyTile, ...]
    found: tuple[Reading, ...]
    problems: tuple[Violation, ...]
    rules: RummikubRules

    @property
    def legal(self) -> bool:
        """True when the set has a legal reading."""
        return bool(self.found)

    @property
    def kind(self) -> str | None:
        """'group', 'run', 'either' or None."""
        return kind_of(self.found)

    @property
    def value(self) -> int | None:
        """The set's worth at its best reading (K9), None when illegal."""
        return best_value(self.found)

    @property
    def joker_values(self) -> list[frozenset[Tile]]:
        """For each joker, in order, every tile it stands for in some legal reading."""
        return joker_values(self.tiles, self.rules)

    @property
    def shown(self) -> list[AnyTile]:
        """The set in display order (a run low to high), a joker with one value as JK=6R."""
        shown = forced(self.tiles, self.rules)
        if len(self.found) == 1:  # one reading: show it in its order
            reading = self.found[0]
            jokers = [t for t in shown if isinstance(t, TileJoker)]
            real = Counter(t for t in shown if isinstance(t, Tile))
            ordered: list[AnyTile] = []
            for tile in reading.tiles:
                if real[tile] > 0:
                    real[tile] -= 1
                    ordered.append(tile)
                else:
                    joker = next(j for j in jokers if j.stands_for in (tile, None))
                    jokers.remove(joker)
                    ordered.append(joker)
            return ordered
        return shown


def judge_set(tiles: Sequence[AnyTile], rules: RummikubRules = RUMMIKUB) -> SetVerdict:
    """The verdict on one set: legal with its readings, or the reasons it is not (K5-K7).

    >>> from rummy_cli.tiles import parse_tiles
    >>> [p.message for p in judge_set(parse_tiles("7K 7K 7R")).problems]
    ['a group has each colour at most once: 7K twice']
    >>> [p.message for p in judge_set(parse_tiles("12R 13R 1R")).problems]
    ['1 is low only: 1R cannot follow 13R (the rule ones=high allows 12-13-1)']
    """
    found = readings(tiles, rules)
    problems = () if found else (Violation(ILLEGAL_SET, _rule_of(tiles), _why(tiles, rules)),)
    return SetVerdict(tuple(tiles), found, problems, rules)


ILLEGAL_SET = "illegal-meld"  # the contract's code for every illegal set


def _rule_of(tiles: Sequence[AnyTile]) -> str:
    real = [t for t in tiles if isinstance(t, Tile)]
    if len(tiles) < MIN_SET:
        return "K5"
    if len({t.number for t in real}) <= 1:
        return "K6"
    return "K7"


def _why(tiles: Sequence[AnyTile], rules: RummikubRules) -> str:
    """Why ``tiles`` have no legal reading, in a player's words."""
    real = [t for t in tiles if isinstance(t, Tile)]
    if len(tiles) < MIN_SET:
        return f"a set needs at least {MIN_SET} tiles; this one has {len(tiles)}"
    declared = [t for t in tiles if _declared(t)]
    if declared:  # legal with the jokers free: the fault is what they are said to be
        free = [TileJoker() if _declared(t) else t for t in tiles]
        if readings(free, rules):
            could = sorted(set().union(*joker_values(free, rules)), key=tile_sort_key)
            said = _listed([str(t) for t in declared])
            return (f"{said} cannot stand in this set: its joker"
                    f"{'s' if len(free) - len(real) > 1 else ''} could be "
                    f"{_listed([str(t) for t in could], 'or')}")
    numbers = {t.number for t in real}
    colours = {t.colour for t in real}
    if len(numbers) <= 1:
        twice = [t for t, n in Counter(real).items() if n > 1]
        if twice:
            return f"a group has each colour at most once: {twice[0]} twice"
        if len(tiles) > len(COLOURS):
            return f"a group has at most {len(COLOURS)} tiles, one of each colour"
        return "the jokers stand for tiles this group cannot hold"
    if len(colours) > 1:
        words = _listed([c.word for c in COLOURS if c in colours])
        return ("neither a group (one number, no colour twice) nor a run (one colour): "
                f"numbers {_listed(sorted(numbers))} in {words}")
    allows = _ones_rule_allowing(tiles, rules)  # a milder rule for the 1 after the 13
    twice = [t for t, n in Counter(real).items() if n > 1]
    round_again = rules.ones == "wrap" and len(twice) == 1 and len(tiles) == 14  # K7-D1
    if twice and allows is None and not round_again and not (
            rules.ones != "low" and twice == [Tile(1, real[0].colour)]):
        return f"a run holds each number once: {twice[0]} twice"
    if len(tiles) > 13 + (rules.ones != "low"):  # before the 1-after-13 words: no joker is 14
        if rules.ones != "low":  # 14 at most under any rule
            return "a run has at most 14 tiles"
        lets = {"high": "a 1 after the 13", "wrap": "a run that goes round"}
        more = "" if allows is None else f"; the rule ones={allows} allows {lets[allows]}"
        return f"a run has at most 13 tiles (1 to 13; a joker is never 0 or 14{more})"
    if allows is not None:
        return _ones_why(real[0].colour, rules.ones, allows)
    jokers = len(tiles) - len(real)
    filler = "no joker fills" if not jokers else (
        f"{jokers} joker{'s' if jokers > 1 else ''} cannot fill")
    return (f"{_listed([str(t) for t in sorted(real)])} leave gaps that {filler} (a run is "
            "consecutive numbers)")


def _ones_rule_allowing(tiles: Sequence[AnyTile], rules: RummikubRules) -> str | None:
    """The milder ``ones`` rule under which ``tiles`` would be a legal run, if one would do."""
    wider = CHOICES["ones"][CHOICES["ones"].index(rules.ones) + 1:]  # low, high, wrap
    return next((ones for ones in wider if readings(tiles, replace(rules, ones=ones))), None)


def _ones_why(colour: Colour, ones: str, allows: str) -> str:
    """Why a run through the 13 and the 1 is refused under ``ones`` but not under ``allows``.

    >>> from rummy_cli.tiles import Colour
    >>> _ones_why(Colour.RED, "low", "high")
    '1 is low only: 1R cannot follow 13R (the rule ones=high allows 12-13-1)'
    >>> _ones_why(Colour.RED, "low", "wrap").endswith("(the rule ones=wrap allows 13-1-2)")
    True
    """
    one, thirteen = Tile(1, colour), Tile(13, colour)
    if allows == "high":
        return f"1 is low only: {one} cannot follow {thirteen} (the rule ones=high allows 12-13-1)"
    wrap = "(the rule ones=wrap allows 13-1-2)"
    if ones == "low":
        return f"1 is low only and a run does not go round: {one} cannot follow {thirteen} {wrap}"
    return (f"a run may end 12-13-1 but not go round: {Tile(2, colour)} cannot follow the {one} "
            f"after {thirteen} {wrap}")


def _listed(words: Sequence[object], last: str = "and") -> str:
    items = [str(w) for w in words]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {last} " + items[-1]
