"""The Gin family's own part of the scorekeeping at the command line: a new game (``--game
gin|classic|oklahoma``, ``--hollywood``) and what 'rummy new' says of it, a hand typed (with
the layout laid down, --melds) or asked on a terminal, the layout said after it, and a hand
changed by ``fix``. Found through ``keepers``, it is the Gin family's
:class:`~.keepers.Keeper`."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..errors import RefusedError, UnusableInputError
from ..games import PlayedGame
from . import entries, keepers, shell
from .parsing import _hands_from_options, _print_json, _read, _split_pair

if TYPE_CHECKING:
    from ..games.gin.game import GinGame
    from ..games.gin.rules import GinRules
    from ..hands import HandEntry
    from .keepers import FixOptions, RoundOptions

ENDS = "a hand ends with --knock NAME, or --dead for a dead hand"
HANDS = "give each hand's cards with --hand NAME=CARDS, or its deadwood with --points NAME=N"
OWN_OPTIONS = ("--upcard", "--dead", "--melds", "--big-gin")
HAND_OPTIONS: tuple[str, ...] = ()
ACCEPTS: tuple[str, ...] = ()
FIX_OPTIONS = "--knock, --dead, --hand, --points, --upcard, --melds or --big-gin"


def start(names: tuple[str, ...], dealer: str | None, seed: int | None, created: str,
          typed: dict[str, str], kind: str, hollywood: bool,
          last: PlayedGame | None, dealt: PlayedGame | None) -> GinGame:
    """The first Gin game, or the next one after ``last`` (any game's, over); after a Gin
    game, even with a game without a dealer between, its last winner deals (G15)."""
    from ..games.gin.rules import PRESETS

    base = entries.next_rules(PRESETS[kind], last) if kind in PRESETS else None
    return new_gin(names, dealer, seed, created, gin_rules(kind, hollywood, typed, base), last,
                   dealt)


def gin_rules(kind: str, hollywood: bool, typed: dict[str, str],
              base: GinRules | None = None) -> GinRules:
    """The rules of a new Gin game: the preset (or the last game's rules), house rules, and
    Hollywood scoring if asked."""
    from ..games.gin.rules import GinRuleError, find_preset

    try:
        rules = base if base is not None and base.game == kind else find_preset(kind)
        typed = {("knock" if k.replace("-", "_") == "knock_limit" else k): v
                 for k, v in typed.items()}
        if hollywood:
            typed["scoring"] = "hollywood"
        return rules.with_house_rules(typed)
    except GinRuleError as exc:
        raise UnusableInputError(str(exc)) from None


def new_gin(names: tuple[str, ...], dealer: str | None, seed: int | None, created: str,
            rules: GinRules, last: PlayedGame | None,
            dealt: PlayedGame | None = None) -> GinGame:
    """The first or the next Gin game (G15: the winner of the last hand deals first)."""
    from ..games.gin.game import GinGame, new_game, next_game

    players = names or (tuple(last.players) if last is not None else ())
    if not players:
        raise click.UsageError("name the two players, e.g. rummy new Ann Ben --game gin")
    if isinstance(dealt, GinGame) and dealt.state.game_over:
        return next_game(dealt, players, dealer=dealer, seed=seed, rules=rules,
                             created=created)
    return new_game(players, dealer=dealer, seed=seed, rules=rules, created=created)


def announce(path: Path, played: PlayedGame, number: int, dealer_given: bool,
             as_json: bool) -> None:
    """What 'rummy new' says about a Gin game."""
    from ..games import title_of
    from ..games.gin.game import GinGame

    game = entries.own(GinGame, played)
    rules = game.rules
    leader = game.next_leader()
    if as_json:
        _print_json({"ledger": str(path), "game": number, "kind": rules.game,
                     "players": list(game.players), "decks": 1, "hand_size": 10,
                     "first_dealer": game.first_dealer, "first_leader": leader,
                     "target": rules.target, "hollywood": rules.hollywood,
                     "house_rules": entries.house_rules_json(game)})
        return
    from ..render import fold, fold_result

    if rules.hollywood:  # a match: its games are the columns Game 1, 2 and 3
        which = "New match of" if number == 1 else f"Match {number}:"
    else:
        which = "New game of" if number == 1 else f"Game {number} of"
    click.echo(fold(f"{which} {title_of(game)} in {path}: {', '.join(game.players)}."))
    click.echo(fold("Use one deck without jokers; deal 10 cards each and turn up the next."))
    limit = ("the upcard sets the knock limit" if rules.knock is None
             else f"knock with {rules.knock} or less")
    scoring = ("three games at once, each" if rules.hollywood else "first")
    click.echo(fold_result(f"{game.first_dealer} deals first; {leader} is offered the "
                           f"upcard. {limit[0].upper()}{limit[1:]}; {scoring} to "
                           f"{rules.target}.", indent=0))
    house = {k: v for k, v in entries.house_rules_json(game).items() if k != "scoring"}
    if house:
        def shown(v: object) -> str:
            return ("on" if v else "off") if isinstance(v, bool) or v is None else str(v)

        click.echo(fold("House rules: " + ", ".join(f"{k} {shown(v)}"
                                                    for k, v in house.items()) + "."))
    click.echo(fold("After each hand, 'rummy round' asks for it (see 'rummy round --help')."))


def record(path: Path, opts: RoundOptions, as_json: bool) -> None:
    """Record a Gin hand: scored by the showdown (cards) or from the deadwood agreed; on a
    terminal with nothing given (or with --guided), ask for it."""
    from ..games.gin.game import GinGame, record_round

    knock, hands, points = opts["knock"], opts["hands"], opts["points"]
    melds, upcard, dead = opts["melds"], opts["upcard"], opts["dead"]
    big_gin, guided, yes = opts["big_gin"], opts["guided"], opts["yes"]

    if len(knock) > 1:
        raise click.UsageError(f"--knock is given {len(knock)} times: a hand has one knocker")
    knocker = knock[0] if knock else None
    if dead and (knocker is not None or hands or points):
        raise click.UsageError("a dead hand (--dead) has no knocker and no hands to enter")
    answers = _hands_from_options(hands, points)
    layout = _layout(melds, knocker)
    if guided or (not dead and not answers and shell.stdin_is_terminal()):
        _guided_hand(path, knocker, answers, upcard, yes, as_json, layout)
        return
    if not dead and knocker is None:
        raise click.UsageError("say how the hand ended: --knock NAME, or --dead for a dead hand")
    updated, number = entries.entered(path, GinGame, lambda game: record_round(
        game, knocker, answers, melds=layout, upcard=upcard, big_gin=big_gin or None)[0])
    entries.say_entered(updated, number, as_json, announced=False,
                        lines=() if as_json else layout_said(updated, number, path))


def _guided_hand(path: Path, knocker: str | None, given: Mapping[str, HandEntry],
                 upcard: str | None, yes: bool, as_json: bool,
                 melds: str | None = None) -> None:
    """Ask for the hand, show its score (from cards: the layout), and record it once the
    player agrees. When the layout laid down changes the result, ask which it was."""
    from ..games.gin.game import GinGame, record_round
    from ..render import fold, fold_result
    from .gin_questions import ask_gin_hand
    from .prompts import Back, ask_confirm

    game = entries.still_kept_by(GinGame, _read(path).current, path)
    number = len(game.rounds) + 1
    typed_upcard: str | None = None  # the upcard typed before 'back': Enter keeps it
    while True:
        try:
            who, hands, card = ask_gin_hand(game, knocker, given, upcard, typed_upcard)
            typed_upcard = card
            layout = melds if melds is not None else _ask_layout(game, who, hands, card)
        except Back:
            click.echo("Back to the start of the hand.", err=True)
            knocker, given, upcard, melds = None, {}, None, None
            continue
        preview, result = record_round(game, who, hands, melds=layout, upcard=card)
        shown = layout_said(preview, number, matters=False)
        if shown:
            for line in shown:
                click.echo(line, err=True)
        elif result.deadwood:
            dead = ", ".join(f"{p} {n}" for p, n in result.deadwood.items())
            click.echo(fold(f"Deadwood: {dead}.", indent=2), err=True)
        click.echo(fold_result(f"Hand {number}: {entries.said(preview, number)}"), err=True)
        try:
            if yes or ask_confirm("Record this hand?"):
                break
        except Back:
            click.echo("Back to the start of the hand.", err=True)
            knocker, given, upcard, melds = None, {}, None, None
            continue
        click.echo("Nothing recorded.", err=True)
        return
    updated = entries.entered_as_answered(path, GinGame, game, lambda now: record_round(
        now, who, hands, melds=layout, upcard=card)[0])
    entries.say_entered(updated, number, as_json, announced=True)


def _ask_layout(game: GinGame, who: str | None, hands: Mapping[str, HandEntry],
                card: str | None) -> str | None:
    """The knocker's layout when it matters (D(a)): asked, as melds; else None (assumed)."""
    from ..cards import format_table, parse_table
    from ..games.gin.game import round_entry, score_entry
    from ..games.gin.report import layout_options
    from .gin_questions import ask_gin_layout

    if who is None:
        return None
    result = score_entry(game, round_entry(game, who, hands, upcard=card))
    shown = result.showdown
    if shown is None or not shown.layout_matters:
        return None
    defender = next(p for p in game.players if p != who)
    tables = [format_table(shown.knocker.melds),
              *(format_table(o.layout.melds) for o in shown.others)]

    def check(text: str) -> str:
        table = format_table(parse_table(text))
        try:
            score_entry(game, round_entry(game, who, hands, melds=table, upcard=card))
        except RefusedError as exc:  # 'Ann may not knock: ...' says it of the layout
            why = str(exc).removeprefix(f"{who} may not knock: ")
            raise RefusedError(f"{who} cannot knock with that layout: {why}") from None
        return table

    return ask_gin_layout(who, layout_options(shown, who, defender), tables, check)


def _layout(melds: tuple[str, ...], knocker: str | None) -> str | None:
    if not melds:
        return None
    if len(melds) > 1:
        raise click.UsageError("--melds is the knocker's layout: give it once, e.g. "
                               "--melds \"Ann=2H 3H 4H / 7C 7D 7S\"")
    name, table = _split_pair(melds[0], "--melds")
    from ..players import name_key

    if knocker is None or name_key(name) != name_key(knocker)[:len(name_key(name))]:
        raise click.UsageError("--melds gives the knocker's layout: name the knocker, e.g. "
                               f"--melds \"{knocker or 'Ann'}=2H 3H 4H / 7C 7D 7S\"")
    return table


def layout_said(game: GinGame, number: int, path: Path | None = None,
                matters: bool = True) -> list[str]:
    """Hand ``number`` entered as cards: the layout scored and the defender's reply; when
    another layout of the least deadwood changes the result (and ``matters``), which one,
    and the command that enters it instead (D(a))."""
    from ..games.gin.report import layout_lines, layout_matters_lines

    entry, result = game.rounds[number - 1], game.results[number - 1]
    shown = result.showdown
    if shown is None or entry.knocker is None:
        return []
    knocker = entry.knocker
    defender = next(p for p in game.players if p != knocker)
    lines = layout_lines(shown, knocker, defender)
    if matters and shown.layout_matters:
        fix = ["rummy", "fix", str(number)]
        if path is not None:
            from ..ledger import ledger_path

            if path != ledger_path(None):
                fix += ["--ledger", str(path)]
        fix += ["--knock", knocker]
        fix += [w for p in (knocker, defender) for w in ("--hand", f"{p}={entry.hands[p]}")]
        if entry.upcard is not None:
            fix += ["--upcard", entry.upcard]
        lines += layout_matters_lines(shown, knocker, defender, fix)
    return lines


def fixed(played: PlayedGame, number: int, opts: FixOptions) -> tuple[GinGame, list[str]]:
    """The game with hand ``number`` changed as the options say, the rest of the hand as
    recorded (``rummy fix N --hand ...``), and notes on what the change dropped."""
    from ..games.gin.game import GinGame
    from ..games.keeping import given_hands
    from ..players import find_player_by_prefix

    game = entries.own(GinGame, played)
    knock, dead, was = opts["knock"], opts["dead"], game.rounds[number - 1]
    if knock is not None and dead:
        raise click.UsageError("a hand ends with --knock NAME or --dead, not both")
    given = given_hands(game, opts)
    if dead:
        if given or opts["melds"] or opts["big_gin"]:
            raise click.UsageError("a dead hand (--dead) has no knocker and no hands to enter")
        return _fixed_with(game, number, None, {}, opts["upcard"] or was.upcard)
    knocker = was.knocker if knock is None else find_player_by_prefix(game.players, knock)
    if knocker is None:
        raise click.UsageError(f"hand {number} was recorded as a dead hand: say who knocked "
                               "(--knock NAME) and give both hands")
    return _fixed_with(game, number, knocker, {**was.hands, **given},
                       opts["upcard"] or was.upcard, _layout(opts["melds"], knocker),
                       opts["big_gin"])


def asked_fix(played: PlayedGame, number: int) -> tuple[GinGame, list[str]]:
    """Hand ``number`` asked again on a terminal, each recorded answer the default."""
    from ..games.gin.game import GinGame
    from .fix_questions import ask_hand_again

    game = entries.own(GinGame, played)

    def score(who: str | None, hands: dict[str, HandEntry],
              card: str | None) -> tuple[GinGame, list[str]]:
        return _fixed_with(game, number, who, hands, card)

    result: tuple[GinGame, list[str]] = ask_hand_again(game, number, entries.said(game, number),
                                                       score)
    return result


def _fixed_with(game: GinGame, number: int, knocker: str | None,
                hands: Mapping[str, HandEntry], upcard: str | None, melds: str | None = None,
                big_gin: bool | None = None) -> tuple[GinGame, list[str]]:
    """The game with hand ``number`` so. The layout laid down and the big-gin mark recorded
    stay while the knocker and the knocker's hand do; otherwise they are dropped, and a
    note says so (the showdown then assumes the knocker's least deadwood)."""
    from ..games.gin.game import fix_round
    from ..hands import normalize_hand

    was = game.rounds[number - 1]
    held = None if knocker is None else hands.get(knocker)
    if held is not None:
        held = normalize_hand(held, str(knocker))
    same = held is not None and knocker == was.knocker and held == was.hands.get(str(knocker))
    notes = []
    if melds is None and was.melds is not None:
        if same:
            melds = was.melds
        else:
            notes.append(f"The layout recorded ({was.melds}) is dropped, as the\n"
                         "knocker or their cards changed: give --melds if it still stands.")
    if big_gin is None and not isinstance(held, str):  # (cards show big gin themselves)
        big_gin = was.big_gin and same
        if was.big_gin and not same:
            notes.append("The big-gin mark is dropped, as the knocker or their count "
                         "changed:\nadd --big-gin if it still stands.")
    return fix_round(game, number, knocker, hands, melds=melds, upcard=upcard,
                    big_gin=big_gin)[0], notes


if TYPE_CHECKING:  # this module is a game's keeper: mypy checks it against keepers.Keeper
    from . import keep_gin as _this

    _checked: keepers.Keeper = _this
