"""The shell of the ``rummy`` command: the group, its error boundary and the shared options.

Every error a user can cause ends here as one line ``Error: ...`` on stderr and exit 2.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import click

from .. import __version__
from ..cards import AnyCard, Table, check_copies, parse_cards, parse_table
from ..errors import InputEnded, RefusedError, RummyError, UnusableInputError
from ..render import FORMAT_ALIASES, Style, choose_style

F = TypeVar("F", bound=Callable[..., Any])
P = TypeVar("P")


# --- the error boundary -----------------------------------------------------------------

def _error(message: str) -> NoReturn:
    """Say why nothing was done, and exit 2; once the ledger is written, say what was."""
    message = one_line(message)
    if _RUN.saved:
        _say(f"Warning: {message}")
        _stopped_after_write()
    _say(f"Error: {message}")
    sys.exit(2)


def usage_line(message: str) -> str:
    """A usage error as one line of words: click lays some out on lines ('Choose from:' and
    a tab before each choice), and ends others with a full stop before our '(see ...)'.

    >>> usage_line("Missing argument 'X'. Choose from:\\n\\tbash,\\n\\tzsh.")
    "Missing argument 'X'. Choose from: bash, zsh"
    """
    import re

    # only click's own layout ('Choose from:' then ',' a line and a tab): what was typed and
    # is quoted back keeps its control characters, for _error to show them
    return re.sub(r"([:,])\n\t", r"\1 ", message).rstrip(".")


def choices_said(choices: Sequence[str]) -> str:
    """Choices as a sentence says them.

    >>> choices_said(["bash", "zsh", "fish"]), choices_said(["cards"])
    ('bash, zsh or fish', 'cards')
    """
    return " or ".join(filter(None, [", ".join(choices[:-1]), choices[-1]]))


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
        from ..cards import quoted

        return f"{quoted(str(value))} is not {choices_said([str(c) for c in self.choices])}"


_LONG_WORD = 200  # characters without a space: more is typed input quoted back, not words
_LONG_LINE = 2000  # no message of rummy's is this long: more is a value quoted back whole


def one_line(message: str) -> str:
    r"""A message as an error or warning line says it, whatever it quotes back of what was
    typed or hand-edited: a '\r', '\n' or NUL shown as its escape (it would split the
    line, or reach the terminal raw), and a very long value cut (see :func:`_cut_long_words`).

    >>> print(one_line("Ann\x00 said\nhi"))
    Ann\x00 said\nhi
    >>> len(one_line("x " * 100_000)) < 2100
    True
    """
    message = _cut_long_words(message)
    if len(message) > _LONG_LINE:  # a long value with spaces: its start and the end's advice
        message = (f"{message[:_LONG_LINE - 500]}... ({len(message)} characters) ..."
                   f"{message[-400:]}")
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in message)


def _cut_long_words(message: str) -> str:
    """A message with each very long run of characters cut to a readable length.

    Whatever a message quotes back of what was typed (an argument of 5,000 characters), the
    line stays readable: the start of it is shown, then how long it was.

    >>> _cut_long_words("--seed is not '" + "9" * 5000 + "'")
    "--seed is not '99999999999999999999999999999999999999999999999999999999999... (5002 \
characters)"
    """
    import re

    def cut(found: re.Match[str]) -> str:
        word = found.group(0)
        colon = ":" if word.endswith(":") else ""  # 'PATH: what': the colon stays
        return f"{word[:60]}... ({len(word) - len(colon)} characters){colon}"

    return re.sub(r"\S{" + str(_LONG_WORD + 1) + ",}", cut, message)


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
    _say(f"Stopped, but {_RUN.recorded}: it is kept")
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
    held: Any = None  # the stop signals the entry point held back (see rummy_cli.stopping)

    def start(self) -> dict[str, Any]:
        """Begin a command: a fresh state; returns the one it replaces, for :meth:`restore`.

        One object for the whole process, so every module that imported it sees the same.
        """
        outer = dict(self.__dict__)
        self.__init__()  # type: ignore[misc]
        return outer

    def restore(self, outer: dict[str, Any]) -> None:
        """Back to the state :meth:`start` replaced."""
        self.__dict__.clear()
        self.__dict__.update(outer)

    def written(self, what: str) -> Callable[[], None]:
        """The callback a ledger write calls the moment the new file is in place.

        From then on the command is done whatever happens: in its own process, a late
        Ctrl-C is ignored, so it can no longer end the process as if nothing was done.
        """
        def mark() -> None:
            self.saved, self.recorded = True, what
            if _Run.whole_process:
                from ..stopping import too_late

                too_late()  # Ctrl-C, SIGTERM and SIGHUP
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
        outer = _RUN.start()  # (a test may run a command inside another)
        words = list(sys.argv[1:] if args is None else args)
        try:
            try:
                if _Run.whole_process:  # the guard is in place: a stop held back acts now
                    from ..stopping import release, use_terminal_input

                    release(_Run.held)
                    use_terminal_input()
                code = self._main(words, prog_name, complete_var, **extra)
            except (KeyboardInterrupt, click.exceptions.Abort):  # after the write, or saying so
                _stopped_after_write()
            self._warn()
            sys.exit(code)
        finally:
            if _Run.whole_process and not _RUN.saved:
                from ..stopping import plain

                plain()  # a stop from here on ends the process without a traceback
            _RUN.restore(outer)

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
        except click.exceptions.Abort as exc:  # Ctrl-C, or the end of input while asking
            if not isinstance(exc.__cause__, (KeyboardInterrupt, EOFError)):
                _say("")  # end the line a question left open (click ended a ^C line itself)
            _stopped_after_write()
        except click.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx else "rummy"
            if where == "rummy":  # click names no command for some errors: find it
                where = _command_path(self, words)
            _error(f"{usage_line(exc.format_message())} (see '{where} --help')")
        except click.ClickException as exc:
            _error(exc.format_message())
        except InputEnded as exc:  # like a stop: say whether the ledger was left alone
            stopped = _RUN.writes and not _RUN.saved
            _error(f"{exc}; nothing was changed" if stopped else str(exc))
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
            if isinstance(exc.filename, (str, bytes)):  # a path that cannot be used: no bug
                from ..ledger import path_problem

                name = os.fsdecode(exc.filename)
                unsaved = "; nothing was changed" if _RUN.writes and not _RUN.saved else ""
                _error(f"{path_problem(name, exc)}{unsaved}")
            self._bug(exc)
        except ValueError as exc:
            if "null byte" not in str(exc) and "null character" not in str(exc):
                self._bug(exc)  # Python 3.13 says "embedded null character in path"
            # a NUL in a file's name (only a script calling rummy in-process can pass one)
            _error("a file's name holds a NUL character, which no file name can")
        except Exception as exc:  # a bug: still no traceback for the player
            self._bug(exc)
        return code if isinstance(code, int) else 0

    @staticmethod
    def _warn() -> None:
        for warning in _RUN.warnings:
            click.echo(f"Warning: {one_line(warning)}", err=True)

    @staticmethod
    def _bug(exc: Exception) -> NoReturn:
        from .. import _interrupted

        if _interrupted(exc):  # a Ctrl-C that Python wrapped while loading a module
            _stopped_after_write()
        if os.environ.get("RUMMY_DEBUG"):
            raise exc
        done = "" if _RUN.saved else "; nothing was changed"
        _error(f"rummy hit a bug ({type(exc).__name__}: {str(exc)[:200]}){done}. "
               "Please report it to the maintainers with the command you typed and what "
               "RUMMY_DEBUG=1 shows")


# the output's disk failed, or there is no output (started with stdout closed), not
# rummy's input
_OUTPUT_ERRNOS = {errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EBADF}


class _ClosedOutput(io.RawIOBase):
    """The output of a rummy started with stdout closed (``rummy standings >&-``): the first
    write fails, as on a full disk, so the command says its output is lost; what is written
    after that (Python's last flush) goes nowhere."""

    told = False

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        if not self.told:
            self.told = True
            raise OSError(errno.EBADF, "standard output is closed")
        return len(data)


def _hold_with_null_device(fd: int, flags: int) -> None:
    """Give the closed standard descriptor ``fd`` to the null device, so that no file rummy
    opens (a ledger) gets the number a library might read or write."""
    with contextlib.suppress(OSError):
        held = os.open(os.devnull, flags)
        if held != fd:
            os.dup2(held, fd)
            os.close(held)


def _closed_stdout_fails() -> None:
    """Started with stdout closed, Python leaves ``sys.stdout`` None and click's output is
    silently lost: give it a stream whose first write fails."""
    if sys.stdout is not None:
        return
    _hold_with_null_device(1, os.O_WRONLY)
    sys.stdout = io.TextIOWrapper(io.BufferedWriter(_ClosedOutput()), encoding="utf-8")


def _closed_stdin_is_empty() -> None:
    """Started with stdin closed (``rummy round <&-``), Python leaves ``sys.stdin`` None and
    a question ends in "lost sys.stdin": read it as an empty input instead, so a question
    says that the input ended (as with ``< /dev/null``)."""
    if sys.stdin is not None:
        return
    _hold_with_null_device(0, os.O_RDONLY)
    sys.stdin = ClosedInput(io.BytesIO(b""), encoding="utf-8")


class ClosedInput(io.TextIOWrapper):
    """The empty input that stands for a stdin closed at start (see
    :func:`_closed_stdin_is_empty`): a command that reads a file from it says it is closed."""


def _register_bash_completion() -> None:
    """Click's bash completion, except that 'Ann=' gets no space after it."""
    from click.shell_completion import BashComplete, add_completion_class

    class RummyBash(BashComplete):
        source_template = BashComplete.source_template.replace(
            "COMPREPLY+=($value)",
            "COMPREPLY+=($value)\n            [[ $value == *= ]] && compopt -o nospace")

    add_completion_class(RummyBash, "bash")


def complete_file(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """Tab completes a file name here (the shell lists the files)."""
    from click.shell_completion import CompletionItem

    return [CompletionItem(incomplete, type="file")]


# --- shared options ---------------------------------------------------------------------

def json_option(f: F) -> F:
    return click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")(f)


def style_options(f: F) -> F:
    f = click.option("--ascii", "ascii_only", is_flag=True,
                     help="Plain card notation (7H), no symbols or colour.")(f)
    return click.option("--unicode", is_flag=True, help="Suit symbols (7♥) even when piped.")(f)


if TYPE_CHECKING:  # click's types are generic in its newer stubs only
    _IntParam = click.ParamType[int]
else:
    _IntParam = click.ParamType


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


def _print_json(doc: Any) -> None:
    import json

    click.echo(json.dumps(doc, indent=2, ensure_ascii=False))


def parsed(parse: Callable[[Any], P], text: Any, what: str) -> P:
    """``parse(text)``, its error led by what was being read ("the meld: ...")."""
    try:
        return parse(text)
    except RummyError as exc:
        raise type(exc)(f"{what}: {exc}") from None


def _cards(text: str | Sequence[str], what: str) -> list[AnyCard]:
    return parsed(parse_cards, text, what)


def _table(text: str, what: str) -> Table:
    return parsed(parse_table, text, what)


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


def stdin_is_terminal() -> bool:
    """Whether a person may be asked (tests replace this to play one)."""
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
    """Referee and scorekeeper for Manipulation Rummy (Carousel), Gin Rummy and Rummikub.

    \b
    Examples, each a line to paste as it is ('rummy COMMAND --help' has more):
      Referee:
        rummy check meld 7H JK=8H 9H
        rummy check table "7H 8H 9H / QS QH QD JK=QC"
        rummy example joker-freed | rummy check turn -
        rummy arrange 7S 7H 7D 8S 9S
        rummy hint --table "10D JD JK=QD / 4S 4H 4C" --hand "QD KD 4D 9C"
      Scorekeeper (the ledger: ./rummy-ledger.yaml unless --ledger FILE):
        rummy new Ann Ben Cy --dealer Cy
        rummy round --knock Ann --hand Ann=3C --points Ben=12 --points Cy=20
        rummy standings
        rummy history
        rummy fix 1 --points Ben=15 --yes
        rummy undo --yes
      A night to try, shipped with rummy:
        rummy example friday-night > night.yaml
        rummy history --ledger night.yaml
        rummy stats night.yaml
        rummy chart --ledger night.yaml
        rummy new --ledger night.yaml        # the next game, once one is over
      Gin:
        rummy deadwood 7C 7D 7H 8H 9H
        rummy new Ann Ben --game gin --ledger gin.yaml   # or classic, oklahoma
      Rummikub:
        rummy check meld 5R 6R JK --game rummikub
        rummy hint --game rummikub --initial --hand "10K 10B 10R 4O 5O 6O 2K"
        rummy new Ann Ben Cy --game rummikub --first Ann --ledger tiles.yaml
      Rules:
        rummy rules R14
        rummy rules joker
      Tab completion:
        eval "$(rummy completion bash)"      # or zsh; fish: see its --help

    \b
    Cards: rank + suit (7H, 10h, Td, Q♣); a joker is JK, or JK=7H on the table.
    Tiles: number + colour (7R, 13K; K B O R); a joker is JK.
    A table is melds separated by '/'. Rule ids: 'rummy rules R14' shows R14.
    """
    ctx.meta["rummy.ascii"], ctx.meta["rummy.unicode"] = ascii_only, unicode


# --- the scorekeeper --------------------------------------------------------------------

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


def _read(path: Path, quiet: bool = False) -> Any:
    """The games of a ledger; its warnings are said at the end, unless the command is refused."""
    from ..ledger import read

    ledger, warnings = read(path)
    if not quiet:
        _RUN.warnings += [f"{path}: {w}" for w in warnings]
    return ledger


def _load(path: Path, quiet: bool = False) -> Any:
    """The current game of a ledger (see :func:`_read`)."""
    return _read(path, quiet).current


def rule_changes(typed: Sequence[str], file_rules: Mapping[str, Any] | None,
                 example: str | None = None) -> dict[str, str]:
    """The house rules asked for: a dispute file's ``rules:`` mapping, then each ``--rule
    NAME=VALUE`` (``example`` shows one when it is not so written), as typed text."""
    changes: dict[str, str] = {}
    for name, value in (file_rules or {}).items():
        if isinstance(value, (dict, list)) or value is None:
            raise UnusableInputError(f"rules: {name} must be a number or a word, not "
                                     f"{'nothing' if value is None else 'a list or mapping'}")
        changes[str(name)] = str(value).lower() if isinstance(value, bool) else str(value)
    for pair in typed:
        name, value = _split_pair(pair, "--rule", example)
        changes[name] = value
    return changes


def _split_pair(value: str, option: str, example: str | None = None) -> tuple[str, str]:
    """``NAME=VALUE`` split; ``example`` is the value shown when it is not so written."""
    name, eq, rest = value.partition("=")
    if not eq or not name.strip():
        example = example or {"--hand": '"Ann=3C 2D"', "--rule": "target=200",
                              "--melds": '"Ann=2H 3H 4H / 7C 7D 7S"'}.get(option, "Ann=12")
        raise click.UsageError(f"{option} takes NAME=VALUE, e.g. {option} {example}; "
                               f"got {value!r}")
    return name.strip(), rest


def _recorded(path: Path, number: int) -> str:
    return f"round {number} is recorded in {path} (see 'rummy history')"


def _hands_from_options(hands: tuple[str, ...], points: tuple[str, ...],
                        what: str = "hand", options: str = "--hand/--points"
                        ) -> dict[str, str | int]:
    """``--hand NAME=CARDS`` and ``--points NAME=N`` (a --hand of digits is a total too);
    ``what`` is what a total counts in the game's words ('hand', Rummikub's 'rack'), and
    ``options`` the options that give it, as a message names them."""
    from ..hands import typed_hand, typed_total

    entered: dict[str, str | int] = {}
    for value in hands:
        name, cards = _split_pair(value, "--hand")
        _put(entered, name, typed_hand(cards), options)
    for value in points:
        name, total = _split_pair(value, "--points")
        n = typed_total(total, what)
        if n is None and total.strip().startswith("-"):
            below = typed_total(total.strip()[1:], what)
            if below == 0:  # -0 is 0
                n = 0
            elif below is not None:
                raise click.UsageError(f"--points {_short(value)!r}: a {what}'s total cannot "
                                       "be negative")
        if n is None:
            raise click.UsageError(
                f"--points {_short(value)!r}: the total must be a whole number of points "
                f"(digits 0-9), e.g. --points {_short(name)}=12")
        _put(entered, name, n, options)
    return entered


def _short(text: str, most: int = 40) -> str:
    """Typed text quoted back in a message, cut if it is long."""
    return text if len(text) <= most else text[:most] + "..."


def _put(entered: dict[str, str | int], name: str, value: str | int,
         options: str = "--hand/--points") -> None:
    import unicodedata

    key = unicodedata.normalize("NFC", name).casefold()
    if any(unicodedata.normalize("NFC", k).casefold() == key for k in entered):
        raise click.UsageError(f"{name} has more than one {options}: give one per player")
    entered[name] = value


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
                       help="The last game of this kind in the ledger: manipulation, gin, "
                            "oklahoma, hollywood or rummikub (a number is --game-number)."
                       )(run)
    return run  # type: ignore[return-value]


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


def _footer(text: str, fmt: str) -> None:
    """A line under a table, in the table's own language (none under tab-separated data)."""
    from ..render import fold_result, footer

    shown = footer(text, fmt)
    if shown is None:
        return
    if not shown.startswith("<p>"):
        click.echo()
    click.echo(fold_result(shown, indent=0))


def main(held: Any = None) -> None:
    """The console entry point (``rummy_cli.main`` calls it once click is imported).

    ``held``: the stop signals the entry point blocked, let through once the guard is up.
    """
    _Run.whole_process, _Run.held = True, held
    _closed_stdout_fails()
    _closed_stdin_is_empty()
    _streams_that_cannot_fail()
    cli.main(prog_name="rummy")


def _streams_that_cannot_fail() -> None:
    """Output in an encoding without the suit symbols (a Windows console's cp1252, ASCII)
    shows '?' for a symbol in help texts instead of failing; cards are then written in the
    plain notation (see :func:`rummy_cli.render.choose_style`)."""
    from ..render import can_show_symbols

    for stream in (sys.stdout, sys.stderr):
        if stream is not None and not can_show_symbols(stream):
            with contextlib.suppress(AttributeError, ValueError, OSError):
                stream.reconfigure(errors="replace")  # type: ignore[union-attr]



def show_after(table: str, footer: str) -> None:
    """The standings after a change, as ``round`` and ``fix`` print them."""
    from ..render import fold_result

    click.echo()
    click.echo(table)
    click.echo()
    click.echo(fold_result(footer, indent=0))
