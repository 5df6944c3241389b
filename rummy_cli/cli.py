"""The ``rummy`` command: parse, call the rules core, print. The only module that uses click.

Every error a user can cause ends here as one line ``Error: ...`` on stderr and exit 2.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import click

from . import __version__
from .cards import AnyCard, Meld, Table, check_copies, parse_cards, parse_table
from .errors import RefusedError, RummyError, UnusableInputError
from .render import Style, choose_style

F = TypeVar("F", bound=Callable[..., Any])


# --- the error boundary -----------------------------------------------------------------

def _error(message: str) -> NoReturn:
    """Say why nothing was done, and exit 2; once the ledger is written, say what was."""
    # one line, whatever was typed: a '\r' or '\n' quoted back would split it
    message = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in message)
    if _RUN.saved:
        _say(f"Warning: {message}")
        _stopped_after_write()
    _say(f"Error: {message}")
    sys.exit(2)


def _say(line: str) -> None:
    """One line on stderr, even if stderr has gone."""
    with contextlib.suppress(OSError, ValueError):
        click.echo(line, err=True)


def _stopped_after_write() -> NoReturn:
    """Stopped once the ledger holds the change: say what it holds, and that it is done.

    A player told "nothing was changed" after the round was written would enter it again.
    """
    if not _RUN.saved:
        _say("Error: stopped; nothing was changed" if _RUN.writes else "Error: stopped")
        sys.exit(2)
    _say(f"Stopped, but {_RUN.recorded}: it stays recorded")
    sys.exit(0)


class _Run:
    """What the running command has settled before its output is written."""

    def __init__(self) -> None:
        self.exit_code = 0  # a check's verdict: kept even if the reader of the output leaves
        self.writes = False  # the command may write a ledger ("nothing was changed")
        self.saved = False  # it has written it: from then on it is done, whatever follows
        self.recorded = ""  # what the write did, in words, said if anything stops it after
        self.warnings: list[str] = []  # said only if the command is not refused

    whole_process = False  # rummy runs as its own process (not inside a test's runner)

    def written(self, what: str) -> Callable[[], None]:
        """The callback a ledger write calls the moment the new file is in place.

        From then on the command is done whatever happens: in its own process, a late
        Ctrl-C is ignored, so it can no longer end the process as if nothing was done.
        """
        def mark() -> None:
            self.saved, self.recorded = True, what
            if _Run.whole_process:
                import signal

                with contextlib.suppress(ValueError, OSError):  # not the main thread
                    signal.signal(signal.SIGINT, signal.SIG_IGN)
        return mark


_RUN = _Run()


def _settle(code: int) -> int:
    """Note the exit code a verdict gives, before printing it (see :class:`_Run`)."""
    _RUN.exit_code = code
    return code


_NoArgsIsHelp: type[click.UsageError] = getattr(
    click.exceptions, "NoArgsIsHelpError", type("_NeverRaised", (click.UsageError,), {}))


def _command_path(group: click.Group, args: Sequence[str]) -> str:
    """'rummy round' for ['round', '--knock']: the command a usage error belongs to."""
    words = ["rummy"]
    command: click.Command = group
    for arg in args:
        if not isinstance(command, click.Group) or arg not in command.commands:
            break
        command = command.commands[arg]
        words.append(arg)
    return " ".join(words)


def _output_gone() -> None:
    """stdout cannot be written (its reader left, or the disk is full): stop writing to it.

    Python would try to flush it again on the way out and print a second error.
    """
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # not a real file (a test runner's stream)
        pass
    finally:
        os.close(devnull)


class _OutputGone(Exception):
    """stdout's reader went away (``rummy ... | head``): click would make that exit 1."""


class RummyGroup(click.Group):
    """A group that suggests a mistyped command and turns every failure into one line."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            raise _OutputGone() from None

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0] if args else ""
        if args and self.get_command(ctx, name) is None and not name.startswith("-"):
            import difflib

            close = difflib.get_close_matches(name, self.list_commands(ctx), n=1)
            hint = f" Did you mean {close[0]!r}?" if close else ""
            raise click.UsageError(f"no command {name!r}.{hint}", ctx)
        return super().resolve_command(ctx, args)

    def _main_shell_completion(self, ctx_args: Any, prog_name: str,
                               complete_var: str | None = None) -> None:
        if os.environ.get(complete_var or "_RUMMY_COMPLETE"):
            _register_bash_completion()  # only when a shell asks: nothing to import otherwise
        super()._main_shell_completion(ctx_args, prog_name, complete_var)

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             **extra: Any) -> Any:
        global _RUN
        outer, _RUN = _RUN, _Run()  # (a test may run a command inside another)
        words = list(sys.argv[1:] if args is None else args)
        try:
            try:
                code = self._main(words, prog_name, complete_var, **extra)
            except (KeyboardInterrupt, click.exceptions.Abort):  # after the write, or saying so
                _stopped_after_write()
            self._warn()
            sys.exit(code)
        finally:
            _RUN = outer

    def _main(self, words: list[str], prog_name: str | None, complete_var: str | None,
              **extra: Any) -> int:
        """Run the command; every failure ends here as one line (see :func:`_error`)."""
        try:
            code = super().main(words, prog_name, complete_var, standalone_mode=False, **extra)
        except SystemExit as done:  # a check's verdict (0 or 1), or an error already said
            if done.code in (0, 1, None):
                return 0 if done.code is None else int(done.code)
            raise
        except _NoArgsIsHelp as exc:  # 'rummy' or 'rummy check' alone: the help is the answer
            click.echo(exc.ctx.get_help() if exc.ctx else "")
            sys.exit(0)
        except click.exceptions.Abort:  # Ctrl-C, or the end of input while asking
            _say("")  # end the line the question or ^C left open
            _stopped_after_write()
        except click.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx else "rummy"
            if where == "rummy":  # click names no command for some errors: find it
                where = _command_path(self, words)
            _error(f"{exc.format_message()} (see '{where} --help')")
        except click.ClickException as exc:
            _error(exc.format_message())
        except RummyError as exc:
            _error(str(exc))
        except (_OutputGone, BrokenPipeError):  # 'rummy ... | head': the reader is done
            _output_gone()
            self._warn()
            sys.exit(_RUN.exit_code)
        except OSError as exc:
            if exc.errno in _OUTPUT_ERRNOS:
                _output_gone()
                if _RUN.saved:  # the ledger holds the change: say so, and not "nothing done"
                    self._warn()
                    click.echo(f"Warning: the ledger was written, but the output could not "
                               f"be: {exc.strerror}", err=True)
                    sys.exit(0)
                _error(f"cannot write the output: {exc.strerror}")
            self._bug(exc)
        except Exception as exc:  # a bug: still no traceback for the player
            self._bug(exc)
        return code if isinstance(code, int) else 0

    @staticmethod
    def _warn() -> None:
        for warning in _RUN.warnings:
            click.echo(f"Warning: {warning}", err=True)

    @staticmethod
    def _bug(exc: Exception) -> NoReturn:
        if os.environ.get("RUMMY_DEBUG"):
            raise exc
        done = "" if _RUN.saved else "; nothing was changed"
        _error(f"rummy hit a bug ({type(exc).__name__}: {str(exc)[:200]}){done}. "
               "Please report it with the command you typed")


# the output's disk failed, not rummy's input
_OUTPUT_ERRNOS = {errno.ENOSPC, errno.EIO, errno.EDQUOT}


def _register_bash_completion() -> None:
    """Click's bash completion, except that 'Ann=' gets no space after it."""
    from click.shell_completion import BashComplete, add_completion_class

    class RummyBash(BashComplete):
        source_template = BashComplete.source_template.replace(
            "COMPREPLY+=($value)",
            "COMPREPLY+=($value)\n            [[ $value == *= ]] && compopt -o nospace")

    add_completion_class(RummyBash, "bash")


# --- shared options ---------------------------------------------------------------------

def json_option(f: F) -> F:
    return click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")(f)


def style_options(f: F) -> F:
    f = click.option("--ascii", "ascii_only", is_flag=True,
                     help="Plain card notation (7H), no symbols or colour.")(f)
    return click.option("--unicode", is_flag=True, help="Suit symbols (7♥) even when piped.")(f)


def _count(lo: int, hi: int) -> Callable[[click.Context, click.Parameter, str | None], int | None]:
    """An option's check for a small whole number (decks, draws), said in words (not 1<=x<=2).

    A callback, not a click type: click's types changed shape between the versions we take.
    """
    def check(ctx: click.Context, param: click.Parameter, value: str | None) -> int | None:
        if value is None:
            return None
        text = str(value).strip()
        if text.isdecimal() and text.isascii() and lo <= int(text) <= hi:
            return int(text)
        from .cards import quoted

        allowed = [str(n) for n in range(lo, hi + 1)]
        raise click.UsageError(f"{param.opts[0]} is {', '.join(allowed[:-1])} or "
                               f"{allowed[-1]}, not {quoted(text)}", ctx)

    return check


def decks_option(f: F) -> F:
    return click.option("--decks", callback=_count(1, 2), default=None, metavar="N",
                        help="1 or 2 decks (default 2).")(f)


def ledger_option(f: F) -> F:
    return click.option(
        "--ledger", "ledger", type=click.Path(dir_okay=False), default=None,
        help="The game's ledger file [default: $RUMMY_LEDGER or ./rummy-ledger.yaml].")(f)


def _print_json(doc: Any) -> None:
    import json

    click.echo(json.dumps(doc, indent=2, ensure_ascii=False))


def _cards(text: str | Sequence[str], what: str) -> list[AnyCard]:
    try:
        return parse_cards(text)
    except RummyError as exc:
        raise type(exc)(f"{what}: {exc}") from None


def _table(text: str, what: str) -> Table:
    try:
        return parse_table(text)
    except RummyError as exc:
        raise type(exc)(f"{what}: {exc}") from None


def _check_copies(cards: Sequence[AnyCard], decks: int) -> None:
    problems = check_copies(cards, decks)
    if problems:
        two_would_do = decks == 1 and not check_copies(cards, 2)
        raise UnusableInputError("more cards than the decks hold: " + "; ".join(problems)
                                 + (" (use --decks 2)" if two_would_do else ""))


def _style(ascii_only: bool, unicode: bool) -> Style:
    """The card style from the command's options or the same options given before it."""
    root = click.get_current_context().find_root()
    ascii_only = ascii_only or root.meta.get("rummy.ascii", False)
    unicode = unicode or root.meta.get("rummy.unicode", False)
    if ascii_only and unicode:
        raise click.UsageError("--ascii and --unicode ask for opposite things: give one")
    return choose_style(ascii_only, unicode)


def _stdin_is_terminal() -> bool:
    return sys.stdin is not None and sys.stdin.isatty()  # None: started with stdin closed


# --- the command tree -------------------------------------------------------------------

@click.group(cls=RummyGroup, context_settings={"help_option_names": ["-h", "--help"],
                                                "max_content_width": 100})
@click.version_option(__version__, "--version", "-V", prog_name="rummy")
@click.option("--ascii", "ascii_only", is_flag=True,
              help="Plain card notation (7H), no symbols or colour, for every command.")
@click.option("--unicode", is_flag=True, help="Suit symbols (7♥) even when piped.")
@click.pass_context
def cli(ctx: click.Context, ascii_only: bool, unicode: bool) -> None:
    """Referee and scorekeeper for Manipulation Rummy (Carousel).

    \b
    Referee:      rummy check meld 7H JK=8H 9H
                  rummy check table "7H 8H 9H / QS QH QD JK=QC"
                  rummy check turn samples/disputes/joker-freed.yaml
                  rummy arrange 7S 7H 7D 8S 9S   |   rummy hint --table ... --hand ...
    Scorekeeper:  rummy new Ann Ben Cy
                  rummy round --knock Ann --hand Ann=3C --hand Ben=2D --points Cy=20
                  rummy standings   |   rummy history   |   rummy undo   |   rummy chart
    The night:    rummy new   (the next game)   |   rummy new Ann Ben --target 200
                  rummy fix 3 ...   |   rummy rename Ben Benedict   |   rummy stats *.yaml
    Rules:        rummy rules   |   rummy rules R14   |   rummy rules joker

    Cards: rank + suit (7H, 10h, Td, Q♣); a joker is JK, or JK=7H on the table.
    A table is melds separated by '/'. Rule ids: 'rummy rules R14' shows R14.
    """
    ctx.meta["rummy.ascii"], ctx.meta["rummy.unicode"] = ascii_only, unicode


@cli.group(cls=RummyGroup)
def check() -> None:
    """Referee a meld, a table, or a whole turn (exit 0 legal, 1 illegal, 2 bad input).

    \b
    Examples:
      rummy check meld 7H JK=8H 9H
      rummy check table "7H 8H 9H / QS QH QD JK=QC"
      rummy check turn samples/disputes/joker-freed.yaml
    """


@check.command("meld")
@click.argument("cards", nargs=-1, metavar="CARDS...")
@decks_option
@json_option
@style_options
def check_meld(cards: tuple[str, ...], decks: int | None, as_json: bool, ascii_only: bool,
               unicode: bool) -> None:
    """Is this one meld a legal group or run (R7-R9, R13)?

    \b
    Examples:
      rummy check meld 7H JK=8H 9H
      rummy check meld "5H JK 7H"        (the joker must be 6H)
      rummy check meld QS KS AS --json
    """
    from .melds import analyze_meld

    parsed = _cards(cards, "the meld")
    if not parsed:
        raise UnusableInputError("no cards given: name the meld's cards, e.g. "
                                 "rummy check meld 7H JK=8H 9H")
    _check_copies(parsed, decks or 2)
    verdict = analyze_meld(parsed)
    code = _settle(0 if verdict.legal else 1)
    if as_json:
        from .report import meld_json

        _print_json(meld_json(verdict))
    else:
        from .report import meld_text

        click.echo(meld_text(verdict, _style(ascii_only, unicode)))
    sys.exit(code)


@check.command("table")
@click.argument("table", nargs=-1, metavar="TABLE...")
@decks_option
@json_option
@style_options
def check_table(table: tuple[str, ...], decks: int | None, as_json: bool, ascii_only: bool,
                unicode: bool) -> None:
    """Is every meld of this table legal (R10)? Melds are separated by '/'.

    \b
    Examples:
      rummy check table "7H 8H 9H / QS QH QD JK=QC"
      rummy check table 7H 8H 9H / QS QH QD --json
    """
    from .melds import analyze_meld

    if not table:
        raise UnusableInputError('no table given: name its melds, separated by \'/\', e.g. '
                                 'rummy check table "7H 8H 9H / QS QH QD"')
    melds = _table(" ".join(table), "the table")
    _check_copies([c for m in melds for c in m], decks or 2)
    verdicts = [analyze_meld(m) for m in melds]
    code = _settle(0 if all(v.legal for v in verdicts) else 1)
    if as_json:
        from .report import table_json

        _print_json(table_json(verdicts))
    else:
        from .report import table_text

        click.echo(table_text(verdicts, _style(ascii_only, unicode)))
    sys.exit(code)


_FREE_TEXT_KEYS = {"id", "name", "note", "notes", "comment", "description", "title", "expect",
                   "codes", "hand_points", "may_knock"}
_DISPUTE_KEYS = {"decks", "draws", "before", "hand", "after"}


def _read_dispute(file: str) -> dict[str, Any]:
    from .safeyaml import (
        NotAFile,
        NotText,
        TooLarge,
        YamlProblem,
        load_yaml,
        read_capped,
        read_file,
    )

    label = "standard input" if file == "-" else file
    try:
        if file != "-":
            text = read_file(file)
        else:
            stdin = getattr(sys.stdin, "buffer", None)  # None: started with stdin closed
            if stdin is None:
                raise UnusableInputError("standard input is closed: there is no dispute to "
                                         "read; give a file, or pipe one in")
            text = read_capped(stdin)
    except (TooLarge, NotText, NotAFile) as exc:
        raise UnusableInputError(f"{label}: not a dispute: {exc}") from None
    except FileNotFoundError:
        raise UnusableInputError(f"{label}: no such file") from None
    except OSError as exc:
        raise UnusableInputError(f"{label}: cannot read it: {exc.strerror or exc}") from None
    try:
        data = load_yaml(text)
    except YamlProblem as exc:
        raise UnusableInputError(f"{label}: {exc}") from None
    if not isinstance(data, dict):
        empty = data is None or (isinstance(data, str) and not data.strip())
        raise UnusableInputError(
            f"{label}{' is empty' if empty else ' is not a dispute'}: a dispute file has the "
            "lines hand: and after: (and before: unless the table was empty); see 'rummy "
            "check turn --help'")
    unknown = sorted(str(k) for k in data if k not in _DISPUTE_KEYS | _FREE_TEXT_KEYS)
    if unknown:
        import difflib

        close = difflib.get_close_matches(unknown[0].lower(), sorted(_DISPUTE_KEYS), n=1)
        hint = f"did you mean '{close[0]}'? " if close else ""
        raise UnusableInputError(
            f"{label}: unknown key '{unknown[0]}' ({hint}a dispute has before, hand, after, "
            "decks, draws)")
    missing = [k for k in ("hand", "after") if k not in data]
    if missing:
        what = {"hand": "the player's hand after drawing",
                "after": "the table the player proposes"}[missing[0]]
        raise UnusableInputError(f"{label}: '{missing[0]}' is missing: give {what}")
    return {"label": label, **data}


def _described(value: Any) -> str:
    """A value read from a dispute file, in a player's words (not Python's).

    >>> _described(None), _described({"a": 1}), _described(True), _described("7H"), _described(2)
    ('nothing', 'a mapping (key: value)', "'true'", "'7H'", '2')
    """
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "'true'" if value else "'false'"
    if isinstance(value, dict):
        return "a mapping (key: value)"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        from .cards import quoted

        return quoted(value)
    return str(value)


def _card_texts(value: list[Any], what: str) -> list[str]:
    """The cards of a YAML list: each a card written as text (a bare 10 is read as a number)."""
    for i, card in enumerate(value, 1):
        if isinstance(card, bool) or not isinstance(card, (str, int)):
            wrong = "empty" if card is None else f"{_described(card)}, not a card"
            raise UnusableInputError(
                f"{what}: card {i} is {wrong}; write the cards as 7H 8H 9H or [7H, 8H, 9H]")
    return [str(c) for c in value]


def _table_from(value: Any, what: str) -> Table:
    """A table from a dispute file: a list of melds (strings or lists) or one string."""
    if value is None:
        return []
    if isinstance(value, str):
        return _table(value, what)
    if not isinstance(value, list):
        raise UnusableInputError(
            f"{what}: a table is a list of melds (or one line, melds separated by '/'), "
            f"not {_described(value)}")
    melds: Table = []
    for i, meld in enumerate(value, 1):
        where = f"{what}, meld {i}"
        if meld is None or meld == []:
            raise UnusableInputError(f"{where} is empty: give its cards or remove it")
        if isinstance(meld, list):
            melds.append(tuple(_cards(_card_texts(meld, where), where)))
        elif isinstance(meld, (str, int)) and not isinstance(meld, bool):
            melds.append(tuple(_cards(str(meld), where)))
        else:
            raise UnusableInputError(
                f"{where}: a meld is cards, as 7H 8H 9H or [7H, 8H, 9H], not "
                f"{_described(meld)}")
        if not melds[-1]:
            raise UnusableInputError(f"{where} is empty: give its cards or remove it")
    return melds


def _hand_from(value: Any, what: str) -> list[AnyCard]:
    if value is None:
        return []
    if isinstance(value, list):
        return _cards(_card_texts(value, what), what)
    if isinstance(value, (str, int)) and not isinstance(value, bool):
        return _cards(str(value), what)
    raise UnusableInputError(
        f"{what}: a hand is cards, as 10H QC 5S or [10H, QC, 5S], not {_described(value)}")


def _int_field(value: Any, name: str, lo: int, hi: int, label: str) -> int:
    if isinstance(value, str) and value.strip().isdecimal() and value.strip().isascii():
        value = int(value)  # draws: "2" is meant as 2
    if value is None:
        raise UnusableInputError(f"{label}: {name} is empty: give a whole number {lo} to {hi}, "
                                 "or leave the line out")
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise UnusableInputError(f"{label}: {name} must be a whole number {lo} to {hi}, "
                                 f"not {_described(value)}")
    return value


@check.command("turn")
@click.argument("file", required=False)
@click.option("--before", help='The table before the turn, e.g. "7H 8H 9H / QS QH QD" '
                               '(default: empty).')
@click.option("--hand", help="The player's hand after drawing, e.g. \"10H QC 5S\".")
@click.option("--after", help="The table the player proposes.")
@click.option("--draws", callback=_count(1, 3), default=None, metavar="N",
              help="Cards drawn before melding, 1-3 (default 1).")
@click.option("--guided", is_flag=True, help="Ask for the tables and the hand.")
@decks_option
@json_option
@style_options
def check_turn(file: str | None, before: str | None, hand: str | None, after: str | None,
               draws: int | None, guided: bool, decks: int | None, as_json: bool,
               ascii_only: bool, unicode: bool) -> None:
    """Referee one turn: was the player's rearrangement of the table legal?

    Give a dispute file (YAML or JSON, '-' for standard input) or --before/--hand/--after.
    Only the table at the end of the turn is judged: during the turn cards may move freely
    (see 'rummy rules R15-D2').

    \b
    Examples:
      rummy check turn samples/disputes/joker-freed.yaml
      rummy check turn --before "10D JD JK=QD" --hand "QD KD" --after "10D JD QD KD JK=AD"
      rummy check turn dispute.json --json

    \b
    A dispute file:
      decks: 2
      draws: 1
      before: [7H 8H 9H, QS QH QD JK=QC]
      hand: 10H QC 5S
      after: [7H 8H 9H 10H JK=JH, QS QH QD QC]
    """
    options_given = any(x is not None for x in (before, hand, after))
    if file is not None and options_given:
        raise click.UsageError("give a dispute file or --before/--hand/--after, not both")
    if file is not None and guided:
        raise click.UsageError("give a dispute file or --guided (to be asked), not both")
    label: str | None = None
    if file is not None:
        if not file.strip():
            raise click.UsageError("the dispute file's name is empty: give a file, or '-' for "
                                   "standard input")
        data = _read_dispute(file)
        label = data["label"]
        before_t = _table_from(data.get("before"), f"{label}: before")
        hand_c = _hand_from(data.get("hand"), f"{label}: hand")
        after_t = _table_from(data.get("after"), f"{label}: after")
        if draws is None and "draws" in data:
            draws = _int_field(data["draws"], "draws", 1, 3, label)
        if decks is None and "decks" in data:
            decks = _int_field(data["decks"], "decks", 1, 2, label)
    elif options_given and not guided:
        missing = [n for n, v in (("--hand (the player's hand after drawing)", hand),
                                  ("--after (the table the player proposes)", after))
                   if v is None]
        if missing:
            raise click.UsageError(f"give {' and '.join(missing)} too")
        before_t = _table(before or "", "--before")
        hand_c = _cards(hand or "", "--hand")
        after_t = _table(after or "", "--after")
    elif guided or _stdin_is_terminal():
        from .prompts import ask_turn

        before_t, hand_c, after_t, draws = ask_turn(before, hand, after, decks or 2, draws)
    else:
        raise click.UsageError(
            "give a dispute file (or '-' for standard input) or --hand and --after "
            "(and --before unless the table was empty)")
    _judge_and_print(before_t, hand_c, after_t, draws or 1, decks or 2, as_json,
                     _style(ascii_only, unicode), label)


def _judge_and_print(before: Table, hand: list[AnyCard], after: Table, draws: int, decks: int,
                     as_json: bool, style: Style, label: str | None = None) -> None:
    from .rules import MANIPULATION_RUMMY
    from .turn import judge_turn

    try:
        verdict = judge_turn(before, hand, after, draws=draws, decks=decks)
    except UnusableInputError as exc:  # the file's name says where the problem is
        raise UnusableInputError(f"{label}: {exc}" if label else str(exc)) from None
    suggestion: tuple[Meld, ...] | None = None
    # a suggestion helps only when the arrangement is what went wrong
    not_arrangement = {"not-in-hand", "nothing-played", "meld-after-third-draw"}
    looked = (not verdict.legal and bool(verdict.played)
              and not any(v.code in not_arrangement for v in verdict.violations))
    if looked:
        from .solver import suggest

        suggestion = suggest(before, verdict.played, decks=decks)
    code = _settle(0 if verdict.legal else 1)
    if as_json:
        from .report import turn_json

        _print_json(turn_json(verdict, suggestion, with_suggestion=not verdict.legal))
    else:
        from .report import turn_text

        click.echo(turn_text(verdict, style, suggestion, looked, MANIPULATION_RUMMY))
    sys.exit(code)


# --- the solver -------------------------------------------------------------------------

@cli.command()
@click.argument("cards", nargs=-1, metavar="CARDS...")
@decks_option
@json_option
@style_options
def arrange(cards: tuple[str, ...], decks: int | None, as_json: bool, ascii_only: bool,
            unicode: bool) -> None:
    """Can these cards be arranged into legal melds? Shows one way, or what cannot fit.

    Cards may be loose or a table in any grouping ('/' is ignored). A declared joker
    (JK=7H) counts as that card; a bare joker (JK) may stand for anything.

    \b
    Examples:
      rummy arrange 7S 7H 7D 7S 7H 7C
      rummy arrange "QH KH AH / 2C 3C JK" --json
    """
    from .solver import arrange as solve

    text = " ".join(cards).replace("|", "/")
    parsed = [c for m in _table(text, "the cards") for c in m]
    if not parsed:
        raise UnusableInputError("no cards given: name the cards, e.g. "
                                 "rummy arrange 7S 7H 7D 8S 9S")
    d = decks or 2
    _check_copies(parsed, d)
    result = solve(parsed, decks=d)
    code = _settle(0 if result.possible else 1)
    if as_json:
        _print_json({"possible": result.possible,
                     "melds": [[str(c) for c in m] for m in result.melds],
                     "unplaceable": [str(c) for c in result.unplaceable]})
    else:
        from .render import plural, show_cards, wrap

        style = _style(ascii_only, unicode)
        if result.possible:
            click.echo(f"Yes: these {plural(len(parsed), 'card')} make "
                       f"{plural(len(result.melds), 'legal meld')}:")
        else:
            click.echo(wrap(f"No: {show_cards(result.unplaceable, style)} cannot be placed "
                            "in any arrangement.", style))
            if result.melds:
                click.echo("The rest can be arranged:")
        for m in result.melds:
            click.echo(f"  {show_cards(m, style)}")
    sys.exit(code)


@cli.command()
@click.option("--table", "table_text", default="",
              help='The table now, e.g. "7H 8H 9H / QS QH QD" (default: empty).')
@click.option("--hand", "hand_text", help="The cards in your hand after drawing (required).")
@click.option("--draws", callback=_count(1, 3), default="1", show_default=True, metavar="N",
              help="Cards drawn this turn, 1-3.")
@click.option("--by", type=click.Choice(["cards", "points"]), default="cards", show_default=True,
              help="Best means most cards played, or most points shed.")
@decks_option
@json_option
@style_options
def hint(table_text: str, hand_text: str | None, draws: int, by: str, decks: int | None,
         as_json: bool, ascii_only: bool, unicode: bool) -> None:
    """The best legal play this turn: most cards (or points) from the hand onto the table.

    \b
    Examples:
      rummy hint --table "10D JD JK=QD / 4S 4H 4C" --hand "QD KD 4D 9C"
      rummy hint --table "7H 8H 9H" --hand "10H JH 2C KS" --by points --json
    """
    from ._solver_progress import searching
    from .render import plural, show_cards, wrap
    from .rules import MANIPULATION_RUMMY as RULES
    from .scoring import hand_points
    from .solver import best_play
    from .turn import ordinal, validate_start

    d = decks or 2
    table = _table(table_text, "--table")
    hand = _cards(hand_text or "", "--hand")
    if not hand:  # after a draw a hand holds a card at least; an empty one went out already
        raise click.UsageError(f"{'--hand is empty' if hand_text is not None else 'no --hand'}:"
                               ' give the cards in your hand after drawing, e.g. --hand '
                               '"QD KD 4D 9C"')
    validate_start(table, hand, d, RULES)
    with searching(sys.stderr):  # a second without an answer: say it is still searching
        play = best_play(table, hand, decks=d, draws=draws,
                         by="points" if by == "points" else "cards")
    code = _settle(0 if play else 1)
    # no play: after a 3rd draw the turn is over and a small hand may knock; before it, the
    # player draws again (R5) and may not knock yet (R17)
    stuck_may_knock = draws >= RULES.max_draws and hand_points(hand) <= RULES.knock_limit
    if as_json:
        if play is None:
            _print_json({"cards_played": 0, "points_shed": 0, "played": [],
                         "after": [[str(c) for c in m] for m in table],
                         "hand_after": [str(c) for c in hand],
                         "may_knock": stuck_may_knock, "goes_out": False})
        else:
            left = hand_points(play.hand_after)
            _print_json({"cards_played": play.cards_played, "points_shed": play.points_shed,
                         "played": [str(c) for c in play.played],
                         "after": [[str(c) for c in m] for m in play.after],
                         "hand_after": [str(c) for c in play.hand_after],
                         "may_knock": left <= RULES.knock_limit,
                         "goes_out": not play.hand_after})
        sys.exit(code)
    style = _style(ascii_only, unicode)
    if play is None:
        if draws >= RULES.max_draws:
            why = (f"you drew a {ordinal(RULES.max_draws)} card, so you may not meld this turn "
                   "(R5).")
            then = "Your turn is over: you may knock." if stuck_may_knock else (
                "Your turn is over.")
        else:
            why = "no card from your hand fits in any legal way."
            then = "Draw again (R5)."
        click.echo(wrap(f"No legal play: {why}", style))
        click.echo(then)
        sys.exit(code)
    left = hand_points(play.hand_after)
    click.echo(wrap(f"Best play: {plural(play.cards_played, 'card')} "
                    f"({show_cards(play.played, style)}), shedding "
                    f"{plural(play.points_shed, 'point')}.", style))
    click.echo("The table after it:")
    for m in play.after:
        click.echo(f"  {show_cards(m, style)}")
    if not play.hand_after:
        from .report import going_out_text

        click.echo("Left in hand: nothing.")
        click.echo(wrap(f"You go out: {going_out_text('you', RULES)}.", style))
        return
    knock = "  You may then knock." if left <= RULES.knock_limit else ""
    click.echo(wrap(f"Left in hand: {show_cards(play.hand_after, style)} "
                    f"({plural(left, 'point')}).{knock}", style))


# --- the scorekeeper --------------------------------------------------------------------

def _complete_players(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """Shell completion: the players of the ledger named on the line (or the default one)."""
    from click.shell_completion import CompletionItem

    try:
        from .ledger import ledger_path, load

        game, _ = load(ledger_path(ctx.params.get("ledger")))
    except RummyError:
        return []
    suffix = "=" if param.name in ("hands", "points") else ""
    # bash puts a completion on the line as it is, so a space in a name must reach it as
    # '\ '; click's bash script reads each line with 'read' (no -r), which eats one
    # backslash: send two. zsh and fish quote completions themselves.
    bash = os.environ.get("_RUMMY_COMPLETE", "").startswith("bash")
    return [CompletionItem((p.replace(" ", "\\\\ ") if bash else p) + suffix)
            for p in game.players if p.casefold().startswith(incomplete.casefold())]


def _read(path: Path, quiet: bool = False) -> Any:
    """The games of a ledger; its warnings are said at the end, unless the command is refused."""
    from .ledger import read

    ledger, warnings = read(path)
    if not quiet:
        _RUN.warnings += [f"{path}: {w}" for w in warnings]
    return ledger


def _load(path: Path, quiet: bool = False) -> Any:
    """The current game of a ledger (see :func:`_read`)."""
    return _read(path, quiet).current


@cli.command()
@click.argument("names", nargs=-1)
@click.option("--dealer", help="Who deals first (default: picked at random, R3; in the next "
                               "game, the player left of the last dealer).")
@click.option("--seed", type=int, help="Make the random pick of the dealer repeatable.")
@click.option("--rule", "house_rules", multiple=True, metavar="NAME=VALUE",
              help="A house rule: any figure 'rummy rules' lists, e.g. --rule "
                   "going_out_bonus=50. Repeat for more.")
@click.option("--target", type=str, metavar="N",
              help="Play to N points instead of 150 (short for --rule target=N).")
@click.option("--knock-limit", type=str, metavar="N",
              help="Knock with N points or fewer instead of 5 (--rule knock_limit=N).")
@ledger_option
@json_option
def new(names: tuple[str, ...], dealer: str | None, seed: int | None,
        house_rules: tuple[str, ...], target: str | None, knock_limit: str | None,
        ledger: str | None, as_json: bool) -> None:
    """Start a game: 2-5 players in seat order (clockwise), or the next game of a ledger.

    On a ledger whose game is over, 'rummy new' alone starts the next game in the same
    file: the same players in the same seats, the same house rules, and the deal moves on.
    A game still being played is never replaced.

    \b
    Examples:
      rummy new Ann Ben Cy
      rummy new Ann Ben Cy Dee --dealer Cy --ledger friday.yaml
      rummy new Ann Ben --target 200 --knock-limit 7
      rummy new                            (the next game, once this one is over)
    """
    from datetime import datetime, timezone

    from .game import new_game, next_game
    from .ledger import Ledger, create, ledger_path, locked, save
    from .prompts import check_new_name
    from .rules import MANIPULATION_RUMMY, RuleError

    _RUN.writes = True
    for name in names:
        check_new_name(name)
    typed: dict[str, str] = {}
    for value in house_rules:
        rule, text = _split_pair(value, "--rule")
        typed[rule] = text
    for rule, short in (("target", target), ("knock_limit", knock_limit)):
        if short is not None:
            typed[rule] = short
    path = ledger_path(ledger)
    created = datetime.now(timezone.utc).isoformat(timespec="seconds")

    def rules_from(base: Any, players: int) -> Any:
        try:
            rules = base.with_house_rules(typed)
            problem = rules.problem_for(players)
        except RuleError as exc:
            raise UnusableInputError(f"{exc} (the game cannot be played so)") from None
        if problem:
            raise UnusableInputError(f"{problem[1]} (the game cannot be played so)")
        return rules

    if not path.exists() and not path.is_symlink():
        if not names:
            raise click.UsageError("name the players in their seats, e.g. rummy new Ann Ben Cy")
        game = new_game(names, dealer=dealer, seed=seed, created=created,
                        rules=rules_from(MANIPULATION_RUMMY, len(names)))
        create(path, game, _RUN.written(f"the new game is in {path}"))
        number = 1
    else:
        with locked(path, existing=True):
            night = _existing_ledger(path)
            last = night.current
            if not last.state.game_over:
                raise RefusedError(_in_progress(path, night))
            players = len(names or last.players)
            game = next_game(last, names, dealer=dealer, seed=seed, created=created,
                             rules=rules_from(last.rules, players))
            number = len(night.games) + 1
            save(path, Ledger(night.games + (game,)),
                 _RUN.written(f"game {number} is started in {path}"))
    _announce_game(path, game, number, dealer is not None, as_json)


def _existing_ledger(path: Path) -> Any:
    """The ledger ``new`` would add a game to; a file that is not one is left alone."""
    try:
        return _read(path)
    except RummyError as exc:
        raise RummyError(f"{exc} (rummy new never overwrites a file: mend it, or choose "
                         "another --ledger)") from None


def _in_progress(path: Path, night: Any) -> str:
    game = night.current
    number = len(night.games)
    which = f"game {number}" if number > 1 else "a game"
    return (f"{path}: {which} is still being played ({len(game.rounds)} rounds so far; "
            f"{game.next_dealer()} deals next): record its rounds with 'rummy round', or "
            "start another game elsewhere with --ledger OTHER.yaml")


def _announce_game(path: Path, game: Any, number: int, dealer_given: bool,
                   as_json: bool) -> None:
    from .report import house_rules_text
    from .scoring import leader_of

    decks = game.decks
    leader = leader_of(game.players, game.first_dealer)
    if as_json:
        _print_json({"ledger": str(path), "game": number, "players": list(game.players),
                     "decks": decks, "hand_size": game.rules.hand_size,
                     "first_dealer": game.first_dealer, "first_leader": leader,
                     "target": game.rules.target,
                     "house_rules": {k: v for k, (v, _) in game.rules.differences().items()}})
        return
    cards = 53 * decks
    which = "New game" if number == 1 else f"Game {number}"
    click.echo(f"{which} in {path}: {', '.join(game.players)} (seated in this order, "
               "play goes to the left).")
    click.echo(f"Use {decks} deck{'s' if decks > 1 else ''} with "
               f"{decks} joker{'s' if decks > 1 else ''} ({cards} cards); deal "
               f"{game.rules.hand_size} cards each.")
    if number == 1:
        picked = "" if dealer_given else " (picked at random)"
    else:
        picked = "" if dealer_given else " (the deal moves on to the left)"
    click.echo(f"{game.first_dealer} deals first{picked}; {leader} plays first.")
    house = house_rules_text(game.rules)
    if house:
        click.echo(house)
    click.echo("After each round: 'rummy round' asks for the hands, or give them with "
               "--knock NAME --hand NAME=CARDS ...")


def _split_pair(value: str, option: str) -> tuple[str, str]:
    name, eq, rest = value.partition("=")
    if not eq or not name.strip():
        example = '"Ann=3C 2D"' if option == "--hand" else "Ann=12"
        raise click.UsageError(f"{option} takes NAME=VALUE, e.g. {option} {example}; "
                               f"got {value!r}")
    return name.strip(), rest


@cli.command("round")
@click.option("--knock", multiple=True, metavar="NAME", shell_complete=_complete_players,
              help="Who knocked (R17).")
@click.option("--stock-out", is_flag=True, help="The stock ran out; nobody knocked (R18).")
@click.option("--hand", "hands", multiple=True, metavar="NAME=CARDS",
              shell_complete=_complete_players,
              help="Cards left in a player's hand, e.g. --hand \"Ann=3C 2D\" ('Ann=' for none). "
                   "Repeat per player.")
@click.option("--points", "points", multiple=True, metavar="NAME=N",
              shell_complete=_complete_players,
              help="A hand's total instead of its cards, e.g. --points Ann=12.")
@click.option("--guided", is_flag=True, help="Ask for everything, then confirm.")
@click.option("--yes", "-y", is_flag=True,
              help="Guided entry: record without the final 'Record this round?'.")
@ledger_option
@json_option
def round_cmd(knock: tuple[str, ...], stock_out: bool, hands: tuple[str, ...],
              points: tuple[str, ...], guided: bool, yes: bool, ledger: str | None,
              as_json: bool) -> None:
    """Record the end of a round and score it (R16-R27).

    Give how it ended (--knock NAME or --stock-out) and, for every player, the cards left
    in hand (--hand) or their total (--points). On a terminal, 'rummy round' alone (or with
    just --knock/--stock-out) asks for each hand and confirms before writing.

    \b
    Examples:
      rummy round --knock Ann --hand Ann=3C --hand "Ben=2D AS" --points Cy=20
      rummy round --stock-out --points Ann=12 --points Ben=30 --points Cy=14
      rummy round --knock Ben --hand Ben= --hand "Ann=KS QS" --hand Cy=4C  (Ben went out)
      rummy round                          (on a terminal: asks for everything)
    """
    from .game import HandEntry, check_open, record_round
    from .ledger import ledger_path, locked, save

    _RUN.writes = True
    entered: dict[str, HandEntry]

    path = ledger_path(ledger)
    if len(knock) > 1:
        raise click.UsageError(f"--knock is given {len(knock)} times "
                               f"({', '.join(knock)}): a round has one knocker")
    knocker = knock[0] if knock else None
    if knocker is not None and stock_out:
        raise click.UsageError("a round ends with --knock NAME or --stock-out, not both")
    no_hands = not hands and not points
    if guided or (no_hands and _stdin_is_terminal()):
        from .prompts import Back, ask_change, ask_confirm, ask_round

        game = _load(path)
        given = _hands_from_options(hands, points)
        number = len(game.rounds) + 1
        knocker, entered = ask_round(game, knocker, stock_out, given)
        while True:
            _, result = record_round(game, knocker, entered)
            held = ", ".join(f"{p} {n}" for p, n in result.hand_points.items())
            click.echo(f"Points in hand: {held}.", err=True)  # stderr: stdout stays the result
            click.echo(f"Round {number}: {_sentence(game, result)}", err=True)
            try:
                if yes or ask_confirm("Record this round?"):
                    break
            except Back:  # change one answer, keep the others
                knocker, entered = ask_change(game, knocker, entered)
                continue
            click.echo("Nothing recorded.", err=True)
            return
        with locked(path, existing=True):  # not held while the player answers
            night = _read(path, quiet=True)
            current = night.current
            if current.rounds != game.rounds or current.players != game.players:
                raise RummyError(f"{path} changed while you were answering (another rummy "
                                 "command wrote it); nothing recorded: run 'rummy round' again")
            updated, result = record_round(current, knocker, entered)
            save(path, night.with_current(updated), _RUN.written(_recorded(path, number)))
        announced = True
    else:
        if knocker is None and not stock_out:
            if path.exists():
                check_open(_load(path, quiet=True))  # a finished game says so first
            missing = ("say how the round ended: --knock NAME or --stock-out" if no_hands else
                       "say how the round ended: --knock NAME or --stock-out, as well as the "
                       "hands")
            raise click.UsageError(f"{missing} (or run 'rummy round' on a terminal to be "
                                   "asked)")
        entered = _hands_from_options(hands, points)
        with locked(path, existing=True):
            night = _read(path)
            game = night.current
            number = len(game.rounds) + 1
            updated, result = record_round(game, knocker, entered)
            save(path, night.with_current(updated), _RUN.written(_recorded(path, number)))
        announced = False
    if as_json:
        from .report import round_json

        _print_json(round_json(number, game.dealer_of(number), result, updated.state))
        return
    from .report import standings_footer, standings_table

    if not announced:
        click.echo(f"Round {number} ({game.dealer_of(number)} dealt): "
                   f"{_sentence(game, result)}")
    click.echo()
    click.echo(standings_table(updated))
    click.echo()
    click.echo(standings_footer(updated))


def _recorded(path: Path, number: int) -> str:
    return f"round {number} is recorded in {path} (see 'rummy history')"


def _sentence(game: Any, result: Any) -> str:
    from .report import round_sentence

    return round_sentence(result, game.rules.undercut_bonus, game.rules.going_out_bonus)


def _hands_from_options(hands: tuple[str, ...], points: tuple[str, ...]) -> dict[str, str | int]:
    """``--hand NAME=CARDS`` and ``--points NAME=N`` (a --hand of digits is a total too)."""
    from .game import typed_hand, typed_total

    entered: dict[str, str | int] = {}
    for value in hands:
        name, cards = _split_pair(value, "--hand")
        _put(entered, name, typed_hand(cards))
    for value in points:
        name, total = _split_pair(value, "--points")
        n = typed_total(total)
        if n is None and typed_total(total.strip().removeprefix("-")) is not None:
            raise click.UsageError(f"--points {_short(value)!r}: a hand's total cannot be "
                                   "negative")
        if n is None:
            raise click.UsageError(
                f"--points {_short(value)!r}: the total must be a whole number of points "
                f"(digits 0-9), e.g. --points {_short(name)}=12")
        _put(entered, name, n)
    return entered


def _short(text: str, most: int = 40) -> str:
    """Typed text quoted back in a message, cut if it is long."""
    return text if len(text) <= most else text[:most] + "..."


def _put(entered: dict[str, str | int], name: str, value: str | int) -> None:
    import unicodedata

    key = unicodedata.normalize("NFC", name).casefold()
    if any(unicodedata.normalize("NFC", k).casefold() == key for k in entered):
        raise click.UsageError(f"{name} has more than one --hand/--points: give one per player")
    entered[name] = value


_FORMAT_ALIASES = {"markdown": "github", "md": "github", "text": "simple"}


def _complete_formats(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """Shell completion: the table formats and their aliases, whatever the case typed."""
    from click.shell_completion import CompletionItem

    from .render import table_formats

    names = sorted({*table_formats(), *_FORMAT_ALIASES})
    return [CompletionItem(n) for n in names if n.startswith(incomplete.lower())]


def format_option(f: F) -> F:
    return click.option("--format", "fmt", default="simple", show_default=True,
                        metavar="FORMAT", shell_complete=_complete_formats,
                        help="Table format: csv, or any of tabulate's (github, grid, html, "
                             "latex, markdown, ...).")(f)


def _check_format(fmt: str) -> str:
    from .render import table_formats

    fmt = _FORMAT_ALIASES.get(fmt.lower(), fmt.lower())
    known = table_formats()
    if fmt not in known:
        import difflib

        close = difflib.get_close_matches(fmt, [*known, *_FORMAT_ALIASES], n=1)
        hint = f" Did you mean {close[0]!r}?" if close else ""
        raise UnusableInputError(f"unknown --format {fmt!r}.{hint} Known: {', '.join(known)}")
    return fmt


def game_option(f: F) -> F:
    return click.option("--game", "number", type=click.IntRange(min=1), metavar="N",
                        help="Game N of the ledger (1 = the first) [default: the last].")(f)


@cli.command()
@ledger_option
@game_option
@json_option
@format_option
def standings(ledger: str | None, number: int | None, as_json: bool, fmt: str) -> None:
    """The scores so far: points, rounds won, distance to 150, and the bonuses at the end.

    \b
    Examples:
      rummy standings --ledger samples/friday-night.yaml
      rummy standings --format github     (paste into a chat)
      rummy standings --format html > scores.html
    """
    from .ledger import ledger_path
    from .report import house_rules_text, standings_footer, standings_json, standings_table

    fmt = _check_format(fmt)
    night = _read(ledger_path(ledger))
    game = night.game(number)
    if as_json:
        _print_json({**standings_json(game), "game": number or len(night.games),
                     "games": len(night.games),
                     "house_rules": {k: v for k, (v, _) in game.rules.differences().items()}})
        return
    click.echo(standings_table(game, fmt))
    _footer(standings_footer(game), fmt)
    if house_rules_text(game.rules):
        _footer(house_rules_text(game.rules), fmt)


def _footer(text: str, fmt: str) -> None:
    """A line under a table, in the table's own language (none under tab-separated data)."""
    from .render import footer

    shown = footer(text, fmt)
    if shown is None:
        return
    if not shown.startswith("<p>"):
        click.echo()
    click.echo(shown)


@cli.command()
@ledger_option
@game_option
@json_option
@format_option
def history(ledger: str | None, number: int | None, as_json: bool, fmt: str) -> None:
    """The score sheet: every round with its ending, points in hand and running totals.

    'In hand' is each player's points left in hand (R16), in the order of the player
    columns. Under each player: the running total, '*' for the round's winners. When the
    game is over, the last rows give each player's round bonus (for the rounds won), game
    bonus (for reaching the target) and total.

    \b
    Examples:
      rummy history
      rummy history --game 1               (the first game of the night)
      rummy history --format csv > sheet.csv
      rummy history --format html > sheet.html
    """
    from .ledger import ledger_path

    fmt = _check_format(fmt)
    game = _read(ledger_path(ledger)).game(number)
    if as_json:
        from .report import history_json

        _print_json(history_json(game))
        return
    from .report import history_table, standings_footer

    if not game.rounds and fmt in ("simple", "plain"):
        click.echo("No rounds recorded yet.")
        return
    click.echo(history_table(game, fmt))
    if game.state.game_over:
        _footer(standings_footer(game), fmt)


@cli.command()
@click.option("--yes", "-y", is_flag=True, help="Do not ask for confirmation.")
@ledger_option
@json_option
def undo(yes: bool, ledger: str | None, as_json: bool) -> None:
    """Take back the last round recorded (asks first on a terminal).

    \b
    Examples:
      rummy undo
      rummy undo --yes --ledger friday.yaml
    """
    from .game import undo_round
    from .ledger import ledger_path, locked, save

    _RUN.writes = True

    path = ledger_path(ledger)
    if not yes:
        if not _stdin_is_terminal():
            raise click.UsageError("not on a terminal: add --yes to take back the last round")
        from .prompts import ask_yes_no

        game = _load(path)
        undo_round(game)  # refused before asking if there is no round
        number = len(game.rounds)
        click.echo(f"Round {number} ({game.dealer_of(number)} dealt): "
                   f"{_sentence(game, game.results[-1])}", err=True)
        if not ask_yes_no(f"Take back round {number}?", default=False):
            click.echo("Nothing taken back.", err=True)
            return
    with locked(path, existing=True):  # not held while the player answers
        night = _read(path, quiet=not yes)
        if not yes and night.current.rounds != game.rounds:
            raise RummyError(f"{path} changed while you were answering (another rummy "
                             "command wrote it); nothing taken back: run 'rummy undo' again")
        game = night.current
        updated, _ = undo_round(game)
        number = len(game.rounds)
        save(path, night.with_current(updated),
             _RUN.written(f"round {number} is taken back in {path}"))
    result = game.results[-1]
    sentence = _sentence(game, result)
    if as_json:
        from .report import round_json

        _print_json({"undone": round_json(number, game.dealer_of(number), result, game.state),
                     "rounds_played": len(updated.rounds)})
        return
    click.echo(f"Took back round {number}: {sentence}")


def main() -> None:
    """The console entry point (``rummy_cli.main`` calls it once click is imported)."""
    _Run.whole_process = True
    cli.main(prog_name="rummy")


# the commands kept in modules of their own register themselves on import
from . import cli_chart, cli_fix, cli_rules, cli_stats  # noqa: E402,F401
