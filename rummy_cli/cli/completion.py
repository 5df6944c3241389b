"""``rummy completion SHELL``: the script that teaches a shell to complete rummy's commands.

Registered on the ``rummy`` group when ``rummy_cli.cli`` imports it.
"""

from __future__ import annotations

import click

from .options import OneOf, json_option
from .shell import _register_bash_completion, cli

SHELLS = ("bash", "zsh", "fish")
_INSTALL = {
    "bash": 'eval "$(rummy completion bash)"             (in ~/.bashrc)',
    "zsh": 'eval "$(rummy completion zsh)"              (in ~/.zshrc)',
    "fish": "rummy completion fish > ~/.config/fish/completions/rummy.fish",
}


@cli.command("completion")
@click.argument("shell", type=OneOf(SHELLS, case_sensitive=False))
@json_option
def completion_cmd(shell: str, as_json: bool) -> None:
    """The completion script for a shell: commands, options, player names, files.

    Tab then completes commands and options, the players of the ledger for --knock,
    --hand and --points, the table formats for --format, and file names where a command
    takes a file.

    \b
    Install it once:
      eval "$(rummy completion bash)"             # in ~/.bashrc
      eval "$(rummy completion zsh)"              # in ~/.zshrc
      rummy completion fish > ~/.config/fish/completions/rummy.fish

    With --json: the shell, the script and how to install it, as one JSON document.
    """
    from click.shell_completion import get_completion_class

    shell = shell.lower()
    if shell == "bash":
        _register_bash_completion()
    kind = get_completion_class(shell)
    if kind is None:  # pragma: no cover  (click knows all three)
        raise click.ClickException(f"no completion for {shell}")
    script = kind(cli, {}, "rummy", "_RUMMY_COMPLETE").source()
    if as_json:
        from .parsing import _print_json

        install = " ".join(_INSTALL[shell].split())
        _print_json({"shell": shell, "script": script, "install": install})
        return
    click.echo(script)
