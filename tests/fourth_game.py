"""Tonk, a small fake fourth game, as the files of its package: what docs/contributing.md
tells a contributor to write (tests/test_fourth_game.py writes them into a temp folder and
plays the game through the CLI).

Tonk here: 2 to 5 players; a round ends when one player goes out (``--out NAME``), and each
other player's points left in hand are given (``--points NAME=N``) and added to their total;
the game ends when a total reaches the target (100), and the lowest total wins.
"""

from __future__ import annotations

INIT = '''
"""Tonk: a round is who went out and the others' points; first to 100 loses."""

from rummy_cli.games.declared import Declared, Option


def _keeping():  # what the scorekeeping commands need of Tonk, said as data
    from .keeping import KEEPING

    return KEEPING


GAME = Declared(
    module=__name__, title="Tonk", presets=("tonk",), names=("tonk",), scorekeeping=_keeping,
    options=(Option(flag="--out", dest="out", kind="name"),
             Option(flag="--points", dest="points", kind="pairs"),
             Option(flag="--tonk", dest="tonk", kind="flag",  # a word of its own
                    help="Tonk: the player went out on the deal; the others' points double."),
             Option(flag="--called-by", dest="called_by", kind="name", metavar="NAME",
                    help="Tonk: who called the round (kept in no score; said back).")))
'''

RULES = '''
from dataclasses import dataclass, fields, replace

from rummy_cli.house_rules import RuleError


@dataclass(frozen=True, kw_only=True)
class TonkRules:
    game: str = "tonk"
    min_players: int = 2
    max_players: int = 5
    target: int = 100

    def with_house_rules(self, typed):
        known = {f.name for f in fields(self)} - {"game"}
        changes = {}
        for name, text in typed.items():
            key = name.strip().lower().replace("-", "_")
            if key not in known or not text.strip().isdecimal():
                raise RuleError(key, f"no house rule {name}={text} in Tonk")
            changes[key] = int(text)
        return replace(self, **changes)

    def problem_for(self, players):
        if not self.min_players <= players <= self.max_players:
            return ("players", f"Tonk is for {self.min_players} to {self.max_players} players")
        return None

    def differences(self):
        book = PRESETS[self.game]
        return {f.name: (getattr(self, f.name), getattr(book, f.name)) for f in fields(self)
                if getattr(self, f.name) != getattr(book, f.name)}


PRESETS = {"tonk": TonkRules()}
'''

GAME = '''
from dataclasses import dataclass, field, replace

from rummy_cli.errors import RefusedError
from rummy_cli.games.protocol import ReportSheet

from .rules import PRESETS, TonkRules


@dataclass(frozen=True)
class Standing:
    name: str
    points: int
    total: int


@dataclass(frozen=True)
class Result:  # a round as the statistics count it
    knocker: str
    winners: tuple
    went_out: tuple
    hand_points: dict
    scores: dict
    undercut: int = 0


@dataclass(frozen=True)
class State:
    standings: tuple
    game_over: bool
    winners: tuple
    over_after: int | None


@dataclass(frozen=True)
class TonkRound:
    out: str
    points: dict  # as entered
    tonk: bool = False  # out on the deal: the points count double

    @property
    def counted(self):
        return {p: n * (2 if self.tonk else 1) for p, n in self.points.items()}


@dataclass(frozen=True)
class TonkGame:
    players: tuple
    first_dealer: str
    rules: TonkRules = PRESETS["tonk"]
    rounds: tuple = ()
    created: str = ""

    @property
    def results(self):
        return tuple(Result(r.out, (r.out,), (r.out,), {**r.points, r.out: 0},
                            {p: r.counted.get(p, 0) for p in self.players}) for r in self.rounds)

    @property
    def state(self):
        totals = {p: 0 for p in self.players}
        over_after = None
        for n, r in enumerate(self.rounds, 1):
            for p, points in r.counted.items():
                totals[p] += points
            if over_after is None and max(totals.values()) >= self.rules.target:
                over_after = n
        low = min(totals.values())
        winners = tuple(p for p in self.players if totals[p] == low) if over_after else ()
        return State(tuple(Standing(p, totals[p], totals[p]) for p in self.players),
                     over_after is not None, winners, over_after)

    def dealer_of(self, number):
        seat = self.players.index(self.first_dealer)
        return self.players[(seat + number - 1) % len(self.players)]

    def next_dealer(self):
        return None if self.state.game_over else self.dealer_of(len(self.rounds) + 1)

    def last_dealer(self):
        return self.dealer_of(len(self.rounds)) if self.rounds else None

    def next_leader(self):
        dealer = self.next_dealer()
        return None if dealer is None else \\
            self.players[(self.players.index(dealer) + 1) % len(self.players)]

    def sheet(self):
        from . import report

        return ReportSheet(self, report)

    def undone(self):
        if not self.rounds:
            raise RefusedError("no round to take back")
        return replace(self, rounds=self.rounds[:-1])

    def renamed(self, old, new):
        def name(p):
            return new if p == old else p
        return replace(self, players=tuple(map(name, self.players)),
                       first_dealer=name(self.first_dealer),
                       rounds=tuple(TonkRound(name(r.out), {name(p): n for p, n in
                                                            r.points.items()}, r.tonk)
                                    for r in self.rounds))

    def with_round(self, number, out, points, tonk=False):
        """The game with round ``number`` (one past the last: a new one) as given."""
        if number > len(self.rounds) and self.state.game_over:
            raise RefusedError("the game is over: start the next with 'rummy new'")
        missing = [p for p in self.players if p != out and p not in points]
        if missing:
            raise RefusedError(f"give {missing[0]}'s points with --points {missing[0]}=N")
        entry = TonkRound(out, {p: points[p] for p in self.players if p != out}, tonk)
        rounds = self.rounds[:number - 1] + (entry,) + self.rounds[number:]
        return replace(self, rounds=rounds)
'''

REPORT = '''
from rummy_cli.render import table

WORD = "Round"


def heading(game, number):
    return f"Round {number} ({game.dealer_of(number)} dealt)"


def said(game, number):
    r = game.rounds[number - 1]
    others = ", ".join(f"{p} {n}" for p, n in r.points.items())
    return f"{r.out} went out{' on the deal (tonk: double)' if r.tonk else ''}; {others}"


def said_json(game, number):
    r = game.rounds[number - 1]
    return {"round": number, "out": r.out, "points": dict(r.points)}


def standings_table(game, fmt):
    rows = [[s.name, s.points] for s in game.state.standings]
    return table(rows, ["Player", "Points"], fmt)


def standings_footer(game):
    state = game.state
    if state.game_over:
        return f"Game over: {' and '.join(state.winners)} won."
    return f"{game.next_dealer()} deals next; {game.rules.target} ends the game."


def standings_json(game):
    return {"players": {s.name: s.points for s in game.state.standings},
            "game_over": game.state.game_over, "winners": list(game.state.winners)}


def house_rules(game):
    return game.rules.differences()


def rules_line(game):
    changed = game.rules.differences()
    return "House rules: " + ", ".join(f"{k} {v}" for k, (v, _) in changed.items()) + "." \\
        if changed else ""


def score_sheet(game, fmt):
    running = {p: 0 for p in game.players}
    rows = []
    for n, r in enumerate(game.rounds, 1):
        for p, points in r.counted.items():
            running[p] += points
        rows.append([n, f"{r.out} out", *(running[p] for p in game.players)])
    return table(rows, ["Round", "End", *game.players], fmt)


def history_json(game):
    return {"rounds": [said_json(game, n) for n in range(1, len(game.rounds) + 1)]}
'''

RECORD = '''
from rummy_cli.document import Where

from .game import TonkGame, TonkRound
from .rules import PRESETS

GAME_KEYS = ("game", "players", "first_dealer", "created", "rules", "rounds")


def game_from(data, at):
    rules = PRESETS["tonk"].with_house_rules({k: str(v) for k, v in
                                              (data.get("rules") or {}).items()})
    players = tuple(data["players"])
    if data["first_dealer"] not in players:
        raise Where(at + ("first_dealer",), "is not a player")
    rounds = tuple(TonkRound(r["out"], dict(r["points"]), bool(r.get("tonk")))
                   for r in data.get("rounds") or ())
    return TonkGame(players, data["first_dealer"], rules, rounds, data.get("created", "")), []


def game_document(game):
    return {"game": "tonk", "players": list(game.players), "first_dealer": game.first_dealer,
            "created": game.created, "rules": {k: v for k, (v, _) in
                                               game.rules.differences().items()},
            "rounds": [{"out": r.out, "points": dict(r.points), **({"tonk": True} if r.tonk
                                                                     else {})}
                       for r in game.rounds]}
'''

KEEPING = '''
import random

from rummy_cli.errors import UnusableInputError
from rummy_cli.games.keeping import seated
from rummy_cli.games.keeping import NoQuestions
from rummy_cli.players import find_player_by_prefix

from .game import TonkGame
from .rules import PRESETS


def _points(game, pairs):
    points = {}
    for pair in pairs or ():
        name, _, text = pair.partition("=")
        if not text.strip().isdecimal():
            raise UnusableInputError(f"--points {pair}: give NAME=N, N a whole number")
        points[find_player_by_prefix(game.players, name)] = int(text)
    return points


class Keeping(NoQuestions):  # Tonk asks nothing at the table: its rounds are typed
    ENDS = "a round of Tonk ends with --out NAME and each other player's --points NAME=N"
    HANDS = ENDS

    def start(self, names, starter, seed, created, typed, preset, last, dealt):
        players = seated(names, last, "name the players, e.g. rummy new Ann Ben --game tonk")
        rules = PRESETS[preset].with_house_rules(typed)
        problem = rules.problem_for(len(players))
        if problem:
            raise UnusableInputError(problem[1])
        dealer = starter or random.Random(seed).choice(players)
        if dealer not in players:
            raise UnusableInputError(f"{dealer} is not a player")
        return TonkGame(tuple(players), dealer, rules, (), created)

    def announced(self, game, number, where, starter_given, earlier):
        return [f"Game {number} of Tonk in {where}: {', '.join(game.players)}.",
                f"{game.first_dealer} deals first; {game.rules.target} ends the game, "
                "the lowest total wins."]

    def announced_json(self, game, number, where):
        return {"ledger": where, "game": number, "kind": "tonk",
                "players": list(game.players), "first_dealer": game.first_dealer,
                "target": game.rules.target}

    def entered(self, game, given):
        if given["out"] is None:
            raise UnusableInputError(self.ENDS)
        out = find_player_by_prefix(game.players, given["out"])
        return game.with_round(len(game.rounds) + 1, out, _points(game, given["points"]),
                               bool(given["tonk"]))

    def fixed(self, game, number, given):
        was = game.rounds[number - 1]
        out = find_player_by_prefix(game.players, given["out"]) if given["out"] else was.out
        points = {**was.points, **_points(game, given["points"])}
        tonk = bool(given["tonk"]) or was.tonk
        return game.with_round(number, out, points, tonk), []


KEEPING = Keeping()
'''

RULEBOOK = '''
# Tonk: the rules rummy scores

A small game to prove that a game is one package.

## The game

### T1 Players

From {min_players} to {max_players} people can play.

### T2 A round

A round ends when a player goes out; every other player adds the points left in hand.

### T3 The end

The game ends when a total reaches {target}; the lowest total wins.

## Rule figures

- min_players (T1): the fewest players
- max_players (T1): the most players
- target (T3): the total that ends the game
'''

# the files of the package, as docs/contributing.md lists them
FILES = {"__init__.py": INIT, "rules.py": RULES, "game.py": GAME, "report.py": REPORT,
         "record.py": RECORD, "keeping.py": KEEPING, "rulebook.md": RULEBOOK}


# --- the referee's part: Tonk's melds judged by 'rummy check meld|table --game tonk' -------
# (a game offers each part of the referee it declares in its GAME; games/referee.py says
# the parts: melds, turns, solver, showdown. Tonk declares its meld judge only, so 'check
# turn', 'arrange', 'hint', 'deadwood' and 'check knock' refuse --game tonk.)

INIT += '''

def _melds():  # what 'rummy check meld' and 'check table' need of Tonk (games.referee)
    from . import referee

    return referee


GAME = replace(GAME, melds=_melds)
'''
INIT = INIT.replace("from rummy_cli.games.declared import Declared, Option",
                    "from dataclasses import replace\n\n"
                    "from rummy_cli.games.declared import Declared, Option")

REFEREE = '''
from rummy_cli.cards import Card
from rummy_cli.errors import UnusableInputError
from rummy_cli.games.referee import Said
from rummy_cli.shapes import Shape, plain_kind
from rummy_cli.typed_input import cards_of, table_of

TAKES = frozenset()  # no --rule: Tonk's melds are the book's
CARDS = Shape(suits=("S", "H", "D", "C"), ones="low")  # one deck, no jokers, the ace low


def _judged(cards):
    if not all(isinstance(c, Card) for c in cards):
        raise UnusableInputError("Tonk is played without jokers")
    kind = plain_kind([(c.rank, c.suit.value) for c in cards], CARDS)
    shown = " ".join(map(str, cards))
    return kind, (f"LEGAL {kind:5} {shown}" if kind else
                  f"ILLEGAL: {shown}\\n  - illegal-meld (T4): neither a set nor a run")


def check_meld(words, asked):
    cards = cards_of(words, "the meld")
    if not cards:
        raise UnusableInputError("no cards given: name the meld's cards")
    kind, text = _judged(cards)
    return Said(kind is not None, text, {"legal": kind is not None, "kind": kind,
                                         "cards": [str(c) for c in cards]})


def check_table(words, asked):
    melds = [_judged(m) for m in table_of(" ".join(words), "the table")]
    legal = all(kind is not None for kind, _ in melds)
    return Said(legal, "\\n".join(text for _, text in melds),
                {"legal": legal, "melds": [kind for kind, _ in melds]})
'''

RULEBOOK = RULEBOOK.replace("## Rule figures", '''### T4 Melds

A meld is a set (three or four cards of a rank) or a run (three or more cards of a suit in
a row, the ace low only).

## Rule figures''')

FILES.update({"__init__.py": INIT, "rulebook.md": RULEBOOK, "referee.py": REFEREE})
