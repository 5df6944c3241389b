"""The options the commands share (--json, --ledger, --game, --format, --decks, the card style),
their completions, and the options of ``round`` and ``fix`` as the games take them: those the
commands have, by the key of their value, and the option words games declare as data, which
this module adds to both commands. Imported at start-up: small, and no typing protocols."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ..errors import RefusedError, RummyError, UnusableInputError
from ..games import GAMES
from ..games.declared import Option
from ..given import choices_said, not_one_of
from ..render import FORMAT_ALIASES
from .parsing import _read

F = TypeVar("F", bound=Callable[..., Any])

if TYPE_CHECKING:  # click's types are generic in its newer stubs only
    _IntParam = click.ParamType[int]
else:
    _IntParam = click.ParamType



def worded(**keys: str) -> Callable[[F], F]:
    """The command's help (its docstring) with each ``{name}`` filled in by the games' own
    words: ``name="check meld rules"`` takes the first game's that says it, and a key ending
    in ``*`` every game's, one paragraph each, and one ending in ``,`` every game's, one
    after another (see :func:`rummy_cli.games.said`). Put it
    under the ``@command`` decorator, which reads the docstring."""
    from ..games import said, said_by_each

    def fill(f: F) -> F:
        joins = {"*": "\n\n    ", ",": ", "}
        words = {name: joins[key[-1]].join(said_by_each(key[:-1])) if key[-1] in joins
                 else said(key) for name, key in keys.items()}
        doc = f.__doc__ or ""
        for name, text in words.items():  # only these: a help may show YAML's {braces}
            doc = doc.replace("{" + name + "}", text)
        f.__doc__ = doc
        return f

    return fill


def declared_options() -> dict[str, Option]:
    """Every option of ``round`` and ``fix`` the registered games declare, by its flag, as
    the first game to declare it says it (see :class:`~rummy_cli.games.declared.Option`)."""
    found: dict[str, Option] = {}
    for game in GAMES:
        for option in game.options:
            found.setdefault(option.flag, option)
    return found


def option_keys() -> dict[str, str]:
    """Every option of ``round`` and ``fix`` a game may take, by the key of its value."""
    return {flag: option.dest for flag, option in declared_options().items()}


def shared_options() -> tuple[str, ...]:
    """The options more than one game takes as its own (--knock, --hand, --points): nobody's
    own, so never refused as another game's."""
    owners: dict[str, int] = {}
    for game in GAMES:
        for option in game.options:
            if not option.accepted:
                owners[option.flag] = owners.get(option.flag, 0) + 1
    return tuple(flag for flag, count in owners.items() if count > 1)


def either_way() -> tuple[str, ...]:
    """The keys of the options ``fix`` takes either way (--big-gin/--no-big-gin)."""
    return tuple(o.dest for o in declared_options().values() if o.negatable)


def add_declared_options(command: click.Command) -> None:
    """Give ``command`` (``round`` or ``fix``) the options the registered games declare,
    before its own last options, in the registry's order: each with the help the first game
    that says it gives (``Declared.said``: 'round --upcard'), else its own; and take away
    those no game declares any more."""
    from ..games import said

    kept = [p for p in command.params if not getattr(p, "declared", False)]
    at = next(i for i, p in enumerate(kept) if p.name in ("guided", "yes"))
    made: list[click.Parameter] = []
    for flag, option in declared_options().items():
        either = option.kind == "flag" and option.negatable and command.name == "fix"
        names = [f"{flag}/--no-{flag.removeprefix('--')}" if either else flag, option.dest]
        one = click.Option(names, is_flag=None if either else option.kind == "flag",
                           default=False if option.kind == "flag" and not either else None,
                           multiple=option.kind in ("name", "names", "pairs"),  # (twice: refused)
                           metavar=option.metavar or None,
                           help=said(f"{command.name} {flag}") or option.help,
                           shell_complete=_complete_players
                           if option.player and option.kind != "flag" else None)
        one.declared = True  # type: ignore[attr-defined]
        made.append(one)
    kept[at:at] = made
    command.params[:] = kept


class OneOf(click.Choice):  # type: ignore[type-arg]
    """click's Choice, its messages on one line: "Choose bash, zsh or fish", and
    "'ksh' is not bash, zsh or fish" (click lists them a tab and a line each, or quoted).

    The choices given are read each time: a list that grows (the registry's presets, when a
    game is registered) is taken as it is then."""

    def __init__(self, choices: Sequence[Any], case_sensitive: bool = True) -> None:
        super().__init__(choices, case_sensitive)
        self._choices = choices

    @property  # type: ignore[override]
    def choices(self) -> Sequence[Any]:
        return tuple(self._choices)

    @choices.setter
    def choices(self, given: Sequence[Any]) -> None:
        self._choices = given

    def get_missing_message(self, param: click.Parameter,
                            ctx: click.Context | None = None) -> str:
        return f"Choose {choices_said([str(c) for c in self.choices])}"

    def get_invalid_choice_message(self, value: Any, ctx: click.Context | None) -> str:
        return not_one_of(str(value), [str(c) for c in self.choices])


def complete_file(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """Tab completes a file name here (the shell lists the files)."""
    from click.shell_completion import CompletionItem

    return [CompletionItem(incomplete, type="file")]


def json_option(f: F) -> F:
    return click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")(f)


def style_options(f: F) -> F:
    f = click.option("--ascii", "ascii_only", is_flag=True,
                     help="Plain card notation (7H), no symbols or colour.")(f)
    return click.option("--unicode", is_flag=True, help="Suit symbols (7♥) even when piped.")(f)


class WholeNumber(_IntParam):
    """An option or argument that is a whole number: parsed by :func:`rummy_cli.numbers.whole`
    (bounded, so no number of thousands of digits reaches Python's conversion)."""

    name = "integer"

    def __init__(self, lo: int | None = None, hi: int | None = None,
                 signed: bool = False) -> None:
        self.lo, self.hi, self.signed = lo, hi, signed

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        from ..errors import NotationError
        from ..numbers import whole

        what = (param.opts[0] if param.opts and param.opts[0].startswith("-")
                else (param.metavar or param.name or "N").upper()) if param else "N"
        try:
            return whole(str(value), what, self.lo, self.hi, self.signed)
        except NotationError as exc:
            raise click.UsageError(str(exc), ctx) from None


def _count(lo: int, hi: int) -> Callable[[click.Context, click.Parameter, str | None], int | None]:
    """An option's check for a small whole number (decks, draws), said in words (not 1<=x<=2)."""
    def check(ctx: click.Context, param: click.Parameter, value: str | None) -> int | None:
        if value is None:
            return None
        from ..cards import quoted
        from ..errors import NotationError
        from ..numbers import whole

        text = str(value).strip()
        try:
            return whole(text, param.opts[0], lo, hi)
        except NotationError:
            allowed = [str(n) for n in range(lo, hi + 1)]
            raise click.UsageError(f"{param.opts[0]} is {', '.join(allowed[:-1])} or "
                                   f"{allowed[-1]}, not {quoted(text)}", ctx) from None

    return check


def decks_option(f: F) -> F:
    return click.option("--decks", callback=_count(1, 2), default=None, metavar="N",
                        help="1 or 2 decks (default 2).")(f)


def ledger_option(f: F) -> F:
    return click.option(
        "--ledger", "ledger", type=click.Path(dir_okay=False), default=None,
        help="The game's ledger file [default: $RUMMY_LEDGER or ./rummy-ledger.yaml].")(f)


def _complete_players(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """Shell completion: the players of the ledger named on the line (or the default one).

    In 'rummy new' the names typed before; for rename's OLD, or a command given another game
    (--game-number, --game), every player of the ledger; else the current game's players.
    """
    from click.shell_completion import CompletionItem

    players: Sequence[str] = ()
    if "names" in ctx.params:  # 'rummy new': completing, click leaves the names in args
        players = [*ctx.params["names"], *(a for a in ctx.args if not a.startswith("-"))]
    if not players:
        try:
            from ..ledger import ledger_path, read

            night, _ = read(ledger_path(ctx.params.get("ledger")))
        except RummyError:
            return []
        every = param.name == "old" or any(ctx.params.get(n) is not None
                                           for n in ("game_number", "game_choice"))
        players = (list(dict.fromkeys(p for g in night.games for p in g.players)) if every
                   else night.current.players)
    suffix = "=" if param.name in ("hands", "points", "racks", "melds") else ""
    # bash puts a completion on the line as it is, so a space in a name must reach it as
    # '\ '; click's bash script reads each line with 'read' (no -r), which eats one
    # backslash: send two. zsh and fish quote completions themselves.
    bash = os.environ.get("_RUMMY_COMPLETE", "").startswith("bash")
    return [CompletionItem((p.replace(" ", "\\\\ ") if bash else p) + suffix)
            for p in players if p.casefold().startswith(incomplete.casefold())]


_FORMAT_ALIASES = FORMAT_ALIASES  # the one list, render's: what --format takes


def _complete_formats(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """Shell completion: the table formats and their aliases, whatever the case typed."""
    from click.shell_completion import CompletionItem

    from ..render import table_formats

    names = sorted({*table_formats(), *_FORMAT_ALIASES})
    return [CompletionItem(n) for n in names if n.startswith(incomplete.lower())]


def format_option(f: F) -> F:
    return click.option("--format", "fmt", default="simple", show_default=True,
                        metavar="FORMAT", shell_complete=_complete_formats,
                        help="Table format: csv, or any of tabulate's (github, grid, html, "
                             "latex, markdown, ...).")(f)


def _check_format(fmt: str) -> str:
    from ..render import table_formats

    fmt = _FORMAT_ALIASES.get(fmt.lower(), fmt.lower())
    known = table_formats()
    if fmt not in known:
        import difflib

        close = difflib.get_close_matches(fmt, known, n=1)
        hint = f" Did you mean {close[0]!r}?" if close else ""
        if fmt == "json":  # every command with --format has --json
            hint = " For JSON, use --json."
        raise UnusableInputError(f"unknown --format {fmt!r}.{hint} Known: {', '.join(known)}")
    return fmt


def game_option(f: F) -> F:
    """Which game of the ledger a command shows or changes, passed on as ``number``.

    ``--game-number N`` is game N (a Hollywood match counts as one). ``--game`` means a
    kind of game, as on every other command: the last game of that kind in the ledger;
    given a number it is ``--game-number``, as it always was, so no script breaks.
    """
    import functools

    @functools.wraps(f)
    def run(*args: Any, game_number: int | None, game_choice: str | None,
            **kwargs: Any) -> Any:
        if game_number is not None and game_choice is not None:
            raise click.UsageError("give --game or --game-number, not both")
        kwargs["number"] = game_number
        if game_choice is not None:
            kwargs["number"] = _game_chosen(game_choice, kwargs.get("ledger"))
        return f(*args, **kwargs)

    run = click.option("--game-number", "game_number", type=WholeNumber(lo=1),
                       metavar="N", help="Game N of the ledger (1 = the first; a Hollywood "
                                         "match is one) [default: the last].")(run)
    run = click.option("--game", "game_choice", metavar="KIND",
                       shell_complete=_complete_game_kind,
                       help=f"The last game of this kind in the ledger: {_kinds_said()} (a "
                            "number is --game-number).")(run)
    return run  # type: ignore[return-value]


def _kinds_said() -> str:
    """The kinds of game --game takes, from the registry: 'manipulation, gin, ... or
    rummikub'."""
    kinds = [k.key for game in GAMES for k in game.stats_kinds]
    return ", ".join(kinds[:-1]) + f" or {kinds[-1]}" if len(kinds) > 1 else "".join(kinds)


def _game_chosen(choice: str, ledger: str | None) -> int:
    """The number of the game ``--game`` names: a number as it is, a kind as the last game
    of that kind in the ledger."""
    from ..cards import quoted

    text = choice.strip()
    if text.isdecimal() and text.isascii():
        if len(text) > 6 or int(text) < 1:
            raise click.UsageError(f"--game {quoted(text)} is not a game of the ledger")
        return int(text)
    from ..ledger import ledger_path
    from ..stats import find_kind, kind_name, kind_of

    kind = find_kind(text)
    # a preset of its own within a kind (rummikub-xp, rummikub-strict) names games of that
    # preset only; the kind's own name (rummikub) names any of them
    preset = " ".join(text.replace("-", " ").split()).casefold().replace(" ", "-")
    exact = preset if preset.startswith(f"{kind}-") else None
    path = ledger_path(ledger)
    games = _read(path, quiet=True).games
    for number in range(len(games), 0, -1):
        game = games[number - 1]
        if kind_of(game) == kind and exact in (None, game.rules.game):
            return number
    raise RefusedError(f"{path} holds no {exact or kind_name(kind)} game")


def _complete_game_kind(ctx: click.Context, param: click.Parameter, incomplete: str
                        ) -> list[Any]:
    from click.shell_completion import CompletionItem

    from ..stats import known_kinds

    return [CompletionItem(k.key) for k in known_kinds() if k.key.startswith(incomplete.lower())]


