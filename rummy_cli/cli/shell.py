"""The shell of the ``rummy`` command: the group and its error boundary.

Every error a user can cause ends here as one line ``Error: ...`` on stderr and exit 2.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

import click

from .. import __version__
from ..errors import InputEnded, OptionsError, RummyError
from .streams import _OUTPUT_ERRNOS, _output_gone, closed_streams_held, streams_that_cannot_fail

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
        if arg.startswith("-") and command is group:  # 'rummy --ascii round': flags first
            continue
        if not isinstance(command, click.Group) or arg not in command.commands:
            break
        command = command.commands[arg]
        words.append(arg)
    return " ".join(words)


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
        except OptionsError as exc:  # a game's own usage error: said as click's are
            _error(f"{usage_line(str(exc))} (see '{_command_path(self, words)} --help')")
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
        from ..stopping import interrupted

        if interrupted(exc):  # a Ctrl-C that Python wrapped while loading a module
            _stopped_after_write()
        if os.environ.get("RUMMY_DEBUG"):
            raise exc
        done = "" if _RUN.saved else "; nothing was changed"
        _error(f"rummy hit a bug ({type(exc).__name__}: {str(exc)[:200]}){done}. "
               "Please report it to the maintainers with the command you typed and what "
               "RUMMY_DEBUG=1 shows")


def _register_bash_completion() -> None:
    """Click's bash completion, except that 'Ann=' gets no space after it."""
    from click.shell_completion import BashComplete, add_completion_class

    class RummyBash(BashComplete):
        source_template = BashComplete.source_template.replace(
            "COMPREPLY+=($value)",
            "COMPREPLY+=($value)\n            [[ $value == *= ]] && compopt -o nospace")

    add_completion_class(RummyBash, "bash")


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


def main(held: Any = None) -> None:
    """The command run (``rummy_cli.__main__.main`` calls it once click is imported).

    ``held``: the stop signals the entry point blocked, let through once the guard is up.
    """
    _Run.whole_process, _Run.held = True, held
    closed_streams_held()
    streams_that_cannot_fail()
    cli.main(prog_name="rummy")


