"""``rummy example``: the sample games and disputes shipped with rummy, from any installed copy.

Registered on the ``rummy`` group when ``rummy_cli.cli`` imports it.
"""

from __future__ import annotations

from pathlib import Path

import click

from ..errors import UnusableInputError
from .options import json_option
from .shell import cli


def _samples_folder() -> Path:
    """Where the samples are: installed as the package data ``rummy_cli.samples``, or the
    ``samples`` folder of a source checkout when rummy runs from one without installing."""
    import importlib.util

    spec = importlib.util.find_spec("rummy_cli.samples")
    if spec is not None and spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations)))
    return Path(__file__).resolve().parent.parent.parent / "samples"


def shipped() -> dict[str, Path]:
    """Every shipped sample by its name (the file name without ``.yaml``), sorted.

    >>> sorted(shipped())[:2]
    ['borrow-from-a-run', 'card-back-to-hand']
    """
    folder = _samples_folder()
    found = sorted(folder.glob("*.yaml")) + sorted(folder.glob("disputes/*.yaml"))
    return {path.stem: path for path in found}


def _summary(path: Path, most: int = 50) -> str:
    """A ledger's players, games and rounds; a dispute's first sentence, cut to ``most``."""
    if _kind(path) == "ledger":
        from ..ledger import read

        ledger, _ = read(path)
        games = len(ledger.games)
        rounds = sum(len(game.rounds) for game in ledger.games)
        return (f"{', '.join(ledger.current.players)}: {games} game{'s' * (games != 1)}, "
                f"{rounds} round{'s' * (rounds != 1)}")
    text = " ".join(line.lstrip("# ").strip()
                    for line in path.read_text(encoding="utf-8").splitlines()
                    if line.startswith("#"))
    sentence = text.split(". ")[0].rstrip(".")
    if len(sentence) > most:
        sentence = sentence[:most - 3].rsplit(" ", 1)[0] + "..."
    return sentence


def _kind(path: Path) -> str:
    return "dispute" if path.parent.name == "disputes" else "ledger"


@cli.command("example")
@click.argument("name", required=False)
@json_option
def example_cmd(name: str | None, as_json: bool) -> None:
    """The samples shipped with rummy: a list, or one printed to copy and try.

    Alone it lists the samples: ledgers of whole games and disputes to referee. With a name
    it prints that sample, to save into a file of your own (the shipped copy is never
    written) or to pipe into a command that reads '-'.

    \b
    Examples:
      rummy example                              # the list
      rummy example friday-night > night.yaml    # a whole game, to try
      rummy standings --ledger night.yaml
      rummy example joker-freed | rummy check turn -
    """
    samples = shipped()
    if name is None:
        if as_json:
            from .parsing import _print_json

            _print_json({"examples": [{"name": n, "kind": _kind(p), "summary": _summary(p)}
                                      for n, p in samples.items()]})
            return
        width = max(len(n) for n in samples)
        click.echo("Samples shipped with rummy (print one with 'rummy example NAME'):")
        for n, p in samples.items():
            click.echo(f"  {n:<{width}}  {_kind(p):<8} {_summary(p, 78 - width - 11)}")
        return
    path = samples.get(name.strip().lower().removesuffix(".yaml"))
    if path is None:
        import difflib

        from ..cards import quoted

        close = difflib.get_close_matches(name.lower(), list(samples), n=1)
        hint = f": did you mean {close[0]!r}?" if close else ": 'rummy example' lists them"
        raise UnusableInputError(f"no sample called {quoted(name)}{hint}")
    text = path.read_text(encoding="utf-8")
    if as_json:
        from .parsing import _print_json

        _print_json({"name": path.stem, "kind": _kind(path), "text": text})
    else:
        click.echo(text, nl=False)
