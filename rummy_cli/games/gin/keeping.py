"""The Gin family's scorekeeping (a :class:`~rummy_cli.games.protocol.Scorekeeping`): a new
game (``--game gin|classic|oklahoma``, Hollywood scoring) and what 'rummy new' says of it, a
hand typed (with the layout laid down, --melds) or asked at the table (``asked``), the
layout said after it, and a hand changed by ``fix``. Pure: nothing printed, no click; what
cannot be used as typed is an :class:`~rummy_cli.errors.OptionsError`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from ...errors import OptionsError, UnusableInputError
from ..keeping import next_rules, own, seated

if TYPE_CHECKING:
    from ...asking import Asker
    from ...hands import HandEntry
    from .. import PlayedGame
    from ..protocol import Json, Scorekeeping
    from .game import GinGame
    from .rules import GinRules

ENDS = "a hand ends with --knock NAME, or --dead for a dead hand"
HANDS = "give each hand's cards with --hand NAME=CARDS, or its deadwood with --points NAME=N"


def _ended(given: Mapping[str, object]
           ) -> tuple[str | None, dict[str, HandEntry], str | None]:
    """The knocker, the hands and the layout typed; a hand that does not say how it ended
    is refused."""
    knocker, answers, layout = typed(given)
    if not given["dead"] and knocker is None:
        raise OptionsError("say how the hand ended: --knock NAME, or --dead for a dead hand")
    return knocker, answers, layout


class Keeping:
    """What the scorekeeping commands need of the Gin family."""

    ENDS, HANDS = ENDS, HANDS

    def start(self, names: tuple[str, ...], starter: str | None, seed: int | None,
              created: str, typed: dict[str, str], preset: str,
              last: PlayedGame | None, dealt: PlayedGame | None) -> GinGame:
        """The first Gin game, or the next one after ``last`` (any game's, over); after a Gin
        game, even with a game without a dealer between, its last winner deals (G15)."""
        from .game import GinGame, new_game, next_game
        from .rules import PRESETS

        base = next_rules(PRESETS[preset], last) if preset in PRESETS else None
        rules = gin_rules(preset, typed, base)
        players = seated(names, last, "name the two players, e.g. rummy new Ann Ben --game gin")
        if isinstance(dealt, GinGame) and dealt.state.game_over:
            return next_game(dealt, players, dealer=starter, seed=seed, rules=rules,
                             created=created)
        return new_game(players, dealer=starter, seed=seed, rules=rules, created=created)

    def announced(self, game: Any, number: int, where: str, starter_given: bool,
                  earlier: Sequence[PlayedGame]) -> list[str]:
        """What 'rummy new' says about a Gin game (the line of the deal folded already, at
        the end of a sentence or clause)."""
        from ...render import fold_result
        from .. import title_of
        from .game import GinGame

        game = own(GinGame, game)
        rules = game.rules
        if rules.hollywood:  # a match: its games are the columns Game 1, 2 and 3
            which = "New match of" if number == 1 else f"Match {number}:"
        else:
            which = "New game of" if number == 1 else f"Game {number} of"
        limit = ("the upcard sets the knock limit" if rules.knock is None
                 else f"knock with {rules.knock} or less")
        scoring = ("three games at once, each" if rules.hollywood else "first")
        lines = [f"{which} {title_of(game)} in {where}: {', '.join(game.players)}.",
                 "Use one deck without jokers; deal 10 cards each and turn up the next.",
                 fold_result(f"{game.first_dealer} deals first; {game.next_leader()} is "
                             f"offered the upcard. {limit[0].upper()}{limit[1:]}; {scoring} "
                             f"to {rules.target}.", indent=0)]
        house = {k: v for k, (v, _) in game.sheet().house_rules().items() if k != "scoring"}
        if house:
            def shown(v: object) -> str:
                return ("on" if v else "off") if isinstance(v, bool) or v is None else str(v)

            lines.append("House rules: " + ", ".join(f"{k} {shown(v)}"
                                                     for k, v in house.items()) + ".")
        lines.append("After each hand, 'rummy round' asks for it (see 'rummy round --help').")
        return lines

    def announced_json(self, game: Any, number: int, where: str) -> Json:
        from .game import GinGame

        game = own(GinGame, game)
        rules = game.rules
        return {"ledger": where, "game": number, "kind": rules.game,
                "players": list(game.players), "decks": 1, "hand_size": 10,
                "first_dealer": game.first_dealer, "first_leader": game.next_leader(),
                "target": rules.target, "hollywood": rules.hollywood}

    def check(self, game: Any, given: Mapping[str, object]) -> None:
        """The ending, the hands and the layout as typed, refused before the lock."""
        _ended(given)

    def entered(self, game: Any, given: Mapping[str, object]) -> GinGame:
        """A hand scored by the showdown (cards) or from the deadwood agreed."""
        from .game import GinGame, record_round

        knocker, answers, layout = _ended(given)
        return record_round(own(GinGame, game), knocker, answers, melds=layout,
                            upcard=_text(given["upcard"]), big_gin=bool(given["big_gin"]) or None
                            )[0]

    def entered_lines(self, game: Any, number: int, where: str | None) -> list[str]:
        from .game import GinGame
        from .report import layout_said

        return layout_said(own(GinGame, game), number, where)

    def fixed(self, game: Any, number: int,
              given: Mapping[str, object]) -> tuple[GinGame, list[str]]:
        """The game with hand ``number`` changed as the options say, the rest of the hand as
        recorded (``rummy fix N --hand ...``), and notes on what the change dropped."""
        from ...players import find_player_by_prefix
        from .game import GinGame

        game = own(GinGame, game)
        knock, dead, was = _text(given["knock"]), given["dead"], game.rounds[number - 1]
        if knock is not None and dead:
            raise OptionsError("a hand ends with --knock NAME or --dead, not both")
        hands = given_hands(game, given)
        melds = _pairs(given["melds"])
        big_gin = cast("bool | None", given["big_gin"])
        if dead:
            if hands or melds or big_gin:
                raise OptionsError("a dead hand (--dead) has no knocker and no hands to enter")
            return fixed_with(game, number, None, {}, _text(given["upcard"]) or was.upcard)
        knocker = was.knocker if knock is None else find_player_by_prefix(game.players, knock)
        if knocker is None:
            raise OptionsError(f"hand {number} was recorded as a dead hand: say who knocked "
                               "(--knock NAME) and give both hands")
        return fixed_with(game, number, knocker, {**was.hands, **hands},
                          _text(given["upcard"]) or was.upcard, _layout(melds, knocker),
                          big_gin)

    def asks(self, given: Mapping[str, object]) -> bool:
        """A hand is asked on a terminal unless it is dead or a hand is given."""
        return not (given["dead"] or given["hands"] or given["points"])

    def asked(self, game: Any, given: Mapping[str, object], asker: Asker,
              yes: bool) -> Callable[[Any], PlayedGame] | None:
        from .asked import asked_hand
        from .game import GinGame, check_open

        knocker, answers, layout = typed(given)
        check_open(own(GinGame, game))  # over: said before a question is asked
        return asked_hand(own(GinGame, game), knocker, answers, _text(given["upcard"]),
                          layout, asker, yes)

    def asked_again(self, game: Any, number: int,
                    asker: Asker) -> tuple[GinGame, list[str]]:
        """Hand ``number`` asked again on a terminal, each recorded answer the default."""
        from .asked import ask_hand_again
        from .game import GinGame

        game = own(GinGame, game)

        def score(who: str | None, hands: dict[str, HandEntry],
                  card: str | None) -> tuple[GinGame, list[str]]:
            return fixed_with(game, number, who, hands, card)

        return ask_hand_again(game, number, game.sheet().said(number), score, asker)


def gin_rules(kind: str, typed: dict[str, str], base: GinRules | None = None) -> GinRules:
    """The rules of a new Gin game: the preset (or the last game's rules) and the house
    rules typed (Hollywood scoring as ``scoring=hollywood``)."""
    from .rules import GinRuleError, find_preset

    try:
        rules = base if base is not None and base.game == kind else find_preset(kind)
        from .. import named  # (the family's own declaration, found by its preset)

        aliases = named(kind).rule_aliases
        typed = {aliases.get(k.replace("-", "_"), k): v for k, v in typed.items()}
        return rules.with_house_rules(typed)
    except GinRuleError as exc:
        raise UnusableInputError(str(exc)) from None


def typed(given: Mapping[str, object]
          ) -> tuple[str | None, dict[str, HandEntry], str | None]:
    """``rummy round``'s options read: the knocker (None: a dead hand, or not said), the
    hands given (by the names typed) and the knocker's layout (--melds)."""
    from ...given import hands_from_options

    knocker, hands, points = _text(given["knock"]), _pairs(given["hands"]), \
        _pairs(given["points"])
    if given["dead"] and (knocker is not None or hands or points):
        raise OptionsError("a dead hand (--dead) has no knocker and no hands to enter")
    answers = hands_from_options(hands, points)
    return knocker, answers, _layout(_pairs(given["melds"]), knocker)


def given_hands(game: GinGame, given: Mapping[str, object]) -> dict[str, HandEntry]:
    """The hands given with --hand and --points, by the players' own names."""
    from ...given import hands_from_options
    from ...players import find_player_by_prefix

    found: dict[str, HandEntry] = {}
    for name, hand in hands_from_options(_pairs(given["hands"]),
                                         _pairs(given["points"])).items():
        player = find_player_by_prefix(game.players, name)
        if player in found:
            raise OptionsError(f"{player}'s hand is given twice: give one per player")
        found[player] = hand
    return found


def _text(value: object) -> str | None:
    return None if value is None else str(value)


def _pairs(value: object) -> tuple[str, ...]:
    return tuple(cast("Sequence[str]", value or ()))


def _layout(melds: tuple[str, ...], knocker: str | None) -> str | None:
    if not melds:
        return None
    if len(melds) > 1:
        raise OptionsError("--melds is the knocker's layout: give it once, e.g. "
                           "--melds \"Ann=2H 3H 4H / 7C 7D 7S\"")
    from ...given import split_pair
    from ...players import name_key

    name, table = split_pair(melds[0], "--melds")
    if knocker is None or name_key(name) != name_key(knocker)[:len(name_key(name))]:
        raise OptionsError("--melds gives the knocker's layout: name the knocker, e.g. "
                           f"--melds \"{knocker or 'Ann'}=2H 3H 4H / 7C 7D 7S\"")
    return table


def fixed_with(game: GinGame, number: int, knocker: str | None,
               hands: Mapping[str, HandEntry], upcard: str | None, melds: str | None = None,
               big_gin: bool | None = None) -> tuple[GinGame, list[str]]:
    """The game with hand ``number`` so. The layout laid down and the big-gin mark recorded
    stay while the knocker and the knocker's hand do; otherwise they are dropped, and a
    note says so (the showdown then assumes the knocker's least deadwood)."""
    from ...hands import normalize_hand
    from .game import fix_round

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


KEEPING = Keeping()

if TYPE_CHECKING:  # mypy checks it against the protocol the command line keeps games by
    _checked: Scorekeeping = KEEPING
