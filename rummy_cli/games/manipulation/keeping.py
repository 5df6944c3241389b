"""Manipulation Rummy's scorekeeping (a :class:`~rummy_cli.games.protocol.Scorekeeping`): a
new game and what 'rummy new' says of it, a round typed with --knock/--stock-out and
--hand/--points or asked at the table, and a round changed by ``fix``. Pure: what it says
is returned or put through the :class:`~rummy_cli.asking.Asker` it is handed; options that
cannot be used together are an :class:`~rummy_cli.errors.OptionsError`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ...errors import OptionsError
from ..keeping import given_hands, next_rules, own, playable, seated

if TYPE_CHECKING:
    from ...asking import Asker
    from ...hands import HandEntry
    from .. import PlayedGame
    from ..protocol import Json, Scorekeeping
    from .game import Game

BOTH = "a round ends with --knock NAME or --stock-out, not both"


class Keeping:
    """How the scorekeeping commands keep a Manipulation Rummy game."""

    ENDS = "a round ends with --knock NAME or --stock-out"
    HANDS = "give each hand's cards with --hand NAME=CARDS, or its total with --points NAME=N"

    def start(self, names: tuple[str, ...], starter: str | None, seed: int | None,
              created: str, typed: dict[str, str], preset: str,
              last: PlayedGame | None, dealt: PlayedGame | None) -> Game:
        """The first game, or the next one after ``last`` (any game's, over); the deal goes
        on from ``dealt``, the ledger's last game with a dealer, if the players sit as
        there."""
        from .game import new_game, next_game
        from .rules import MANIPULATION_RUMMY

        players = seated(names, last, "name the players in their seats, e.g. rummy new Ann "
                                      "Ben Cy")
        rules = playable(next_rules(MANIPULATION_RUMMY, last), typed, len(players))
        if dealt is not None:
            return next_game(dealt, players, dealer=starter, seed=seed, created=created,
                             rules=rules)
        return new_game(players, dealer=starter, seed=seed, created=created, rules=rules)

    def announced(self, game: Any, number: int, where: str, starter_given: bool,
                  earlier: Sequence[PlayedGame]) -> list[str]:
        """What 'rummy new' says: the seats, the decks, who deals and plays first."""
        from .. import last_dealt
        from .game import Game, dealer_after
        from .report import house_rules_text
        from .scoring import leader_of

        game = own(Game, game)
        decks = game.decks
        cards = 53 * decks  # each deck with its joker (R2)
        which = "New game" if number == 1 else f"Game {number}"
        lines = [f"{which} in {where}: {', '.join(game.players)} (seated in this order, "
                 "play goes to the left).",
                 f"Use {decks} deck{'s' if decks > 1 else ''} with "
                 f"{decks} joker{'s' if decks > 1 else ''} ({cards} cards); deal "
                 f"{game.rules.hand_size} cards each."]
        picked = "" if starter_given else " (picked at random)"
        # said only when the rule, not chance, chose
        if not starter_given and number > 1 and \
                dealer_after(game.players, last_dealt(earlier)) is not None:
            picked = " (the deal moves on to the left)"
        leader = leader_of(game.players, game.first_dealer)
        lines.append(f"{game.first_dealer} deals first{picked}; {leader} plays first.")
        house = house_rules_text(game.rules)
        if house:
            lines.append(house)
        lines.append("After each round, 'rummy round' asks for the hands (see 'rummy round "
                     "--help').")
        return lines

    def announced_json(self, game: Any, number: int, where: str) -> Json:
        from .game import Game
        from .scoring import leader_of

        game = own(Game, game)
        return {"ledger": where, "game": number, "players": list(game.players),
                "decks": game.decks, "hand_size": game.rules.hand_size,
                "first_dealer": game.first_dealer,
                "first_leader": leader_of(game.players, game.first_dealer),
                "target": game.rules.target}

    def check(self, game: Any, given: Mapping[str, Any]) -> None:
        """Two knockers, both endings, no ending, a hand not written as one: refused."""
        from .game import Game

        self._typed(own(Game, game), given)

    def entered(self, game: Any, given: Mapping[str, Any]) -> Game:
        """The game with the round the options say: its ending and every hand."""
        from .game import Game, record_round

        game = own(Game, game)
        knocker, answers = self._typed(game, given)
        return record_round(game, knocker, answers)[0]

    def _typed(self, game: Game, given: Mapping[str, Any]
               ) -> tuple[str | None, dict[str, HandEntry]]:
        """The knocker (None: the stock ran out) and the hands, as typed."""
        from ...given import hands_from_options
        from .game import check_open

        knocker, stock_out = _ending(given)
        if knocker is None and not stock_out:
            check_open(game)  # a game over says so first
            missing = ("say how the round ended: --knock NAME or --stock-out"
                       if self.asks(given) else
                       "say how the round ended: --knock NAME or --stock-out, as well as the "
                       "hands")
            raise OptionsError(f"{missing} (or run 'rummy round' on a terminal to be asked)")
        return knocker, hands_from_options(given["hands"], given["points"])

    def entered_lines(self, game: Any, number: int, where: str | None) -> list[str]:
        return []  # the round's sentence says it all

    def fixed(self, game: Any, number: int,
              given: Mapping[str, Any]) -> tuple[Game, list[str]]:
        """The game with round ``number`` changed as the options say, the rest of the round
        as recorded (``rummy fix N --hand ...``); no notes: nothing else changes."""
        from .game import Game, fix_round

        game = own(Game, game)
        knock = given["knock"][0] if given["knock"] else None
        if knock is not None and given["stock_out"]:
            raise OptionsError(BOTH)
        was = game.rounds[number - 1]
        knocker = knock if knock is not None else (None if given["stock_out"] else was.knocker)
        hands = {**was.hands, **given_hands(game, given)}
        return fix_round(game, number, knocker, hands)[0], []

    def asks(self, given: Mapping[str, Any]) -> bool:
        """A round with no hand given is asked on a terminal."""
        return not given["hands"] and not given["points"]

    def asked(self, game: Any, given: Mapping[str, Any], asker: Asker,
              yes: bool) -> Callable[[Any], Game] | None:
        """The round asked at the table (the ending and hands given as options are not
        asked), its points and sentence said, and confirmed: 'back' changes one answer."""
        from ...asking import Back
        from ...given import hands_from_options
        from ...render import fold, fold_result
        from .game import Game, record_round
        from .questions import ask_change, ask_round

        game = own(Game, game)
        knocker, stock_out = _ending(given)
        known = hands_from_options(given["hands"], given["points"])
        number = len(game.rounds) + 1
        knocker, answers = ask_round(game, knocker, stock_out, asker, known)
        while True:
            preview, result = record_round(game, knocker, answers)
            held = ", ".join(f"{p} {n}" for p, n in result.hand_points.items())
            asker.say(fold(f"Points in hand: {held}.", indent=2))
            asker.say(fold_result(f"Round {number}: {preview.sheet().said(number)}"))
            try:
                if yes or asker.confirm("Record this round?"):
                    break
            except Back:  # change one answer, keep the others
                knocker, answers = ask_change(game, knocker, answers, asker)
                continue
            return None
        ending, hands = knocker, answers
        return lambda now: record_round(own(Game, now), ending, hands)[0]

    def asked_again(self, game: Any, number: int,
                    asker: Asker) -> tuple[Game, list[str]]:
        """Round ``number`` asked again, each recorded answer the default."""
        from .asked_again import ask_round_again
        from .game import Game, fix_round

        game = own(Game, game)
        knocker, hands = ask_round_again(game, number, game.sheet().said(number), asker)
        return fix_round(game, number, knocker, hands)[0], []


def _ending(given: Mapping[str, Any]) -> tuple[str | None, bool]:
    """The knocker typed (None: none) and whether the stock ran out; refused: two knockers,
    or both endings."""
    knock: tuple[str, ...] = given["knock"]
    if len(knock) > 1:
        raise OptionsError(f"--knock is given {len(knock)} times ({', '.join(knock)}): a "
                           "round has one knocker")
    knocker = knock[0] if knock else None
    if knocker is not None and given["stock_out"]:
        raise OptionsError(BOTH)
    return knocker, bool(given["stock_out"])


KEEPING = Keeping()

if TYPE_CHECKING:  # mypy checks it against what the scorekeeping commands call
    _checked: Scorekeeping = KEEPING
