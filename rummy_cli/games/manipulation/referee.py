"""Manipulation Rummy's referee at the command line's call (``games.referee``): a meld, a
table (R7-R10, R13) and a turn (``turn``: R11-R15) judged from what was typed or a dispute
file, and said (``verdicts``). Pure: the command line prints what it returns."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...errors import OptionsError, RummyError, UnusableInputError
from ...typed_input import cards_of, check_card_copies, rule_changes, table_of
from ..referee import Asked, Said

if TYPE_CHECKING:
    from ...asking import Asker
    from ...cards import AnyCard, Meld, Table
    from .rules import Rules

TAKES = frozenset({"--rule"})  # (the decks are its own options: --decks, --draws)
DISPUTE = {"lines": "hand: and after:", "keys": "before, hand, after, decks, draws",
           "kind": "a dispute", "hand": "hand", "hand_is": "the player's hand after drawing"}


def rules_of(typed: Sequence[str], asked: Asked, file_rules: dict[str, Any] | None = None
             ) -> Rules:
    """Manipulation Rummy's rules with a dispute file's ``rules:`` and each ``--rule
    NAME=VALUE`` applied (the house rules of the table: an ace low only, melds of four...);
    refuses an unknown rule or one that cannot be played, and says where a rule of another
    game belongs."""
    from dataclasses import fields

    from .rules import MANIPULATION_RUMMY

    changes = rule_changes(typed, file_rules, "ace_high=no")
    ours = {f.name for f in fields(MANIPULATION_RUMMY)}
    for name in changes:
        key = name.strip().lower().replace("-", "_")
        where = None if key in ours else asked.belongs(key)
        if where is not None:
            raise OptionsError(f"{name} is {where}")
    return MANIPULATION_RUMMY.with_house_rules(changes) if changes else MANIPULATION_RUMMY


def check_meld(words: Sequence[str], asked: Asked) -> Said:
    """``rummy check meld CARDS...``."""
    from ...meld_said import meld_said, meld_typed
    from ...melds import analyze_meld

    parsed = meld_typed(words)
    check_card_copies(parsed, asked.decks or 2)
    verdict = analyze_meld(parsed, rules_of(asked.house_rules, asked))
    return Said(*meld_said(verdict, asked.as_json, asked.style))


def check_table(words: Sequence[str], asked: Asked) -> Said:
    """``rummy check table TABLE...``."""
    from ...meld_said import table_said, table_typed
    from ...melds import analyze_meld

    melds = table_typed(words)
    check_card_copies([c for m in melds for c in m], asked.decks or 2)
    rules = rules_of(asked.house_rules, asked)
    verdicts = [analyze_meld(m, rules) for m in melds]
    return Said(*table_said(verdicts, asked.as_json, asked.style))


# --- check turn -------------------------------------------------------------------------

def turn_rules(asked: Asked) -> Rules:
    """The rules in force, the options this game does not take refused first."""
    asked.refuse_untaken()
    return rules_of(asked.house_rules, asked)


def turn_from_options(before: str | None, hand: str | None, after: str | None,
                      asked: Asked) -> Said:
    """``rummy check turn --before T --hand C --after T``."""
    if all(x is None for x in (before, hand, after)):
        raise OptionsError("give a dispute file (or '-' for standard input) or --hand and "
                          "--after (and --before unless the table was empty)")
    rules = turn_rules(asked)
    missing = [n for n, v in (("--hand (the player's hand after drawing)", hand),
                              ("--after (the table the player proposes)", after))
               if v is None]
    if missing:
        raise OptionsError(f"give {' and '.join(missing)} too")
    return judged(table_of(before or "", "--before"), cards_of(hand or "", "--hand"),
                  table_of(after or "", "--after"), rules, asked)


def turn_from_file(data: dict[str, Any], asked: Asked) -> Said:
    """``rummy check turn FILE`` for a dispute of cards."""
    from .dispute import hand_from, int_field, table_from

    label = data["label"]
    game = data.get("game")
    if game is not None and str(game).strip().lower() != "manipulation":
        raise UnusableInputError(f"{label}: game: {str(game)[:30]!r}: a dispute is refereed for "
                                 f"{asked.games}")
    if "initial" in data:
        raise UnusableInputError(f"{label}: 'initial' belongs to a Rummikub dispute: add "
                                 "game: rummikub, or remove it")
    if "rack" in data:
        if "hand" in data:
            raise UnusableInputError(f"{label}: give the hand once, as hand: or rack:")
        data["hand"] = data.pop("rack")
    asked.refuse_untaken()
    file_rules = data.get("rules")
    if file_rules is not None and not isinstance(file_rules, dict):
        raise UnusableInputError(f"{label}: rules: is a mapping of figures, e.g. "
                                 "rules: {ace_high: no}")
    try:
        rules = rules_of(asked.house_rules, asked, file_rules)
    except OptionsError:
        raise
    except RummyError as exc:  # (a rule that cannot be played, too)
        raise UnusableInputError(f"{label}: {exc}") from None
    before = table_from(data.get("before"), f"{label}: before")
    hand = hand_from(data.get("hand"), f"{label}: hand")
    after = table_from(data.get("after"), f"{label}: after")
    draws, decks = asked.draws, asked.decks
    if draws is None and "draws" in data:
        draws = int_field(data["draws"], "draws", 1, 3, label)
    if decks is None and "decks" in data:
        decks = int_field(data["decks"], "decks", 1, 2, label)
    from dataclasses import replace

    return judged(before, hand, after, rules, replace(asked, draws=draws, decks=decks), label)


def turn_asked(before: str | None, hand: str | None, after: str | None, rules: Any,
               asked: Asked, asker: Asker) -> Said:
    """The turn asked at the table (what the options left out: the tables, the hand, the
    cards drawn), judged."""
    from dataclasses import replace

    from .turn_asked import ask_turn

    before_t, hand_c, after_t, draws = ask_turn(asker, before, hand, after, asked.decks or 2,
                                                asked.draws, rules)
    return judged(before_t, hand_c, after_t, rules, replace(asked, draws=draws))


def judged(before: Table, hand: list[AnyCard], after: Table, rules: Rules, asked: Asked,
           label: str | None = None) -> Said:
    """The turn judged (R11-R15), with a legal arrangement when it was the arrangement that
    went wrong."""
    from .turn import judge_turn

    draws, decks = asked.draws or 1, asked.decks or 2
    try:
        verdict = judge_turn(before, hand, after, draws=draws, decks=decks, rules=rules)
    except UnusableInputError as exc:  # the file's name says where the problem is
        raise UnusableInputError(f"{label}: {exc}" if label else str(exc)) from None
    suggestion: tuple[Meld, ...] | None = None
    partial = None
    # a suggestion helps only when the arrangement is what went wrong
    not_arrangement = {"not-in-hand", "nothing-played", "meld-after-third-draw"}
    looked = (not verdict.legal and bool(verdict.played)
              and not any(v.code in not_arrangement for v in verdict.violations))
    if looked:
        from ...search.solver import suggest

        suggestion = suggest(before, verdict.played, decks=decks, rules=rules)
        if suggestion is None and not asked.as_json:  # then say what could have been played
            from ...search.solver import partial_play

            partial = partial_play(before, verdict.played, decks=decks, rules=rules)
    if asked.as_json:
        from .verdicts import turn_json

        return Said(verdict.legal, json=turn_json(verdict, suggestion,
                                                  with_suggestion=not verdict.legal))
    from .verdicts import turn_text

    return Said(verdict.legal, turn_text(verdict, asked.style, suggestion, looked, rules,
                                         partial))

