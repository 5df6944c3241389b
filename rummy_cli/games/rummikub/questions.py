"""The questions of Rummikub at the table: who went out or the pool ran out, each rack, and a
change before the round is recorded. Put through an :class:`~rummy_cli.asking.Asker`; pure
otherwise (nothing printed here, no click)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from ...asking import AGAIN, BACK_WORDS, CHOOSE, Asker, Back, CanGoBack, player_or_word
from ...errors import RefusedError, RummyError
from ...hands import typed_hand
from ...players import find_player_by_prefix, players_matching

if TYPE_CHECKING:
    from .game import RackEntry, RummikubEntry, RummikubGame

OUT_QUESTION = "Who went out? (a name, or 'pool')"


POOL_WORDS = ("pool", "pool-out", "pool out", "p", "none", "nobody",
              "stock", "stock-out", "stock out")  # as --stock-out is taken for --pool-out


def _out_answer(players: Sequence[str], raw: str) -> str | None:
    """A player (by name, or the start of one), or None: the pool ran out. A name wins over
    a pool word (a player may be called Pat: 'p' is then refused as both)."""
    text = raw.strip()
    if text.lower() in BACK_WORDS and not players_matching(players, text):
        raise RefusedError("this is the round's first question: type who went out, or 'pool'")
    if text.lower() in POOL_WORDS:
        return player_or_word(players, text, "'pool'")
    return find_player_by_prefix(players, text)


def ask_round(game: RummikubGame, asker: Asker, given_end: bool, out: str | None,
              given: Mapping[str, RackEntry], recorded: RummikubEntry | None = None
              ) -> tuple[str | None, dict[str, RackEntry]]:
    """Ask who went out (or 'pool') and each other player's rack: its tiles or its worth.

    ``given_end``: the ending came as an option (``out``, None for the pool); racks in
    ``given`` are taken as they are once they pass the checks. ``recorded``: a round as
    recorded, whose answers are the defaults (``rummy fix N`` on a terminal). 'back' at a
    rack raises :class:`Back`.
    """
    players = game.players
    known = {find_player_by_prefix(players, name): rack for name, rack in given.items()}
    who = None if out is None else find_player_by_prefix(players, out)
    number = len(game.rounds) + 1
    if recorded is None:
        asker.say(f"Round {number} ({game.first_of(number)} plays first). "
                  f"Players: {', '.join(players)}.")
    if not given_end:
        default = None if recorded is None else (recorded.out or "pool")
        who = asker.ask(OUT_QUESTION, lambda raw: _out_answer(players, raw), default=default)
    asker.say("Type each rack's tiles left (7R 12B JK) or their worth (12).")
    entered: dict[str, RackEntry] = {} if who is None else {who: ""}

    def check_for(p: str) -> Callable[[str], RackEntry]:
        return _rack_check(game, p, who, entered, "the racks before it", AGAIN)

    for p in players:
        if p == who:
            continue
        check = check_for(p)
        if p in known:
            try:
                entered[p] = check(str(known[p]))
                continue
            except RummyError as exc:
                asker.refused(exc)
        before = None if recorded is None else recorded.racks.get(p)
        entered[p] = asker.ask(f"{p}'s rack", check,
                               default="" if before in (None, "") else str(before))
    return who, {p: entered[p] for p in players if p in entered}


def _rack_check(game: RummikubGame, p: str, who: str | None, others: Mapping[str, RackEntry],
                where: str, hint: str) -> Callable[[str], RackEntry]:
    """The checks of ``p``'s rack as typed, with who went out (None: the pool ran out) and
    the ``others``' racks (``where`` names them in a message); ``hint`` says what 'back'
    does after a refusal. 'back' raises :class:`Back`."""
    from ...tiles import check_tile_copies, parse_tiles
    from .game import rack_entry
    from .scoring import rack_points

    rules = game.rules
    held = [t for q, rack in others.items() if q != p and isinstance(rack, str) and rack
            for t in parse_tiles(rack)]

    def check(raw: str) -> RackEntry:
        text = raw.strip()
        if text.lower() in BACK_WORDS:
            raise Back
        rack = rack_entry(typed_hand(text), p)
        if rack in ("", 0):
            why = ("the pool ran out, so every rack holds tiles" if who is None else
                   f"only {who} went out")
            raise CanGoBack(f"{p}'s rack cannot be empty: {why}", hint)
        tiles = parse_tiles(rack) if isinstance(rack, str) else []
        alone = check_tile_copies(tiles, rules.copies, rules.jokers)
        if alone:
            raise CanGoBack(f"{p}'s rack holds more tiles than the set: "
                            f"{'; '.join(alone)}", "Try again.")
        too_many = check_tile_copies(held + tiles, rules.copies, rules.jokers)
        if too_many:
            raise CanGoBack(f"with {where}, {'; '.join(too_many)}", hint)
        worth = rack if isinstance(rack, int) else rack_points(tiles, rules)
        if worth > rules.most_rack_points:
            raise RefusedError(f"{worth} is more than every tile of the set is worth "
                               f"({rules.most_rack_points})")
        return rack

    return check


CHANGE_QUESTION = "Change which? (a name, 'out', or Enter for none)"


ENDING_WORDS = ("out", "went out", "end", "ending")


def ask_change(game: RummikubGame, asker: Asker, who: str | None,
               racks: Mapping[str, RackEntry]) -> tuple[str | None, dict[str, RackEntry]]:
    """After 'back' at "Record this round?": show the round as entered and change one answer
    (a rack, or who went out), keeping the others.

    Enter keeps the round as it is; 'back' while changing an answer leaves it as it was.
    A new ending asks again only the racks that no longer fit it.
    """
    players = game.players
    while True:
        _show_round(game, asker, who, racks)

        def answer(raw: str) -> tuple[str, str]:
            text = raw.strip()
            if not text:
                return "keep", ""
            for words, meaning, word in ((("back",), "keep", "'back'"),
                                         (ENDING_WORDS, "ending", "'out'"),
                                         (POOL_WORDS, "pool", "'pool'")):
                if text.lower() in words:
                    player = player_or_word(players, text, word)
                    return ("rack", player) if player is not None else (meaning, "")
            return "rack", find_player_by_prefix(players, text)

        what, p = asker.ask(CHANGE_QUESTION, answer, default="")
        try:
            if what == "keep":
                return who, dict(racks)
            if what in ("ending", "pool"):  # 'pool' says the new ending at once
                return _change_ending(game, asker, who, racks, asked=what == "ending")
            if p == who:
                asker.say(f"  {p} went out, so {p}'s rack is empty: type 'out' to change "
                          "who went out.")
                continue
            check = _rack_check(game, p, who, racks, "the other racks", CHOOSE)
            return who, {**racks, p: asker.ask(f"{p}'s rack", check)}
        except Back:
            asker.say("Nothing changed.")


def _show_round(game: RummikubGame, asker: Asker, who: str | None,
                racks: Mapping[str, RackEntry]) -> None:
    ending = "the pool ran out" if who is None else f"{who} went out"
    asker.say(f"As entered: {ending}.")
    for p in game.players:
        rack = racks.get(p, "")
        shown = "no tiles" if rack == "" else f"a total of {rack}" if isinstance(rack, int) \
            else rack
        asker.say(f"  {p}: {shown}")


def _change_ending(game: RummikubGame, asker: Asker, who: str | None,
                   racks: Mapping[str, RackEntry], asked: bool = True
                   ) -> tuple[str | None, dict[str, RackEntry]]:
    """Ask who went out again (``asked``; else the pool ran out); the rack of a player who
    went out before and now did not is asked, since it was empty."""
    new = asker.ask(OUT_QUESTION, lambda raw: _ending_answer(game.players, raw)) \
        if asked else None
    now = {p: r for p, r in racks.items() if p != new}
    if new is not None:
        now[new] = ""
    for p in game.players:
        if p == new or now.get(p) not in (None, "", 0):
            continue
        check = _rack_check(game, p, new, now, "the other racks", CHOOSE)
        now[p] = asker.ask(f"{p}'s rack", check)
    return new, {p: now[p] for p in game.players}


def _ending_answer(players: Sequence[str], raw: str) -> str | None:
    """Who went out, or None (the pool ran out); 'back' leaves the round as it was."""
    text = raw.strip()
    if text.lower() in BACK_WORDS:
        player = player_or_word(players, text, "'back'")
        if player is None:
            raise Back
        return player
    return _out_answer(players, text)
