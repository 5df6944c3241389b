"""The shape of the package: the rules core knows nothing of click, YAML or printing."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from rummy_cli.games import GAMES as REGISTERED

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "rummy_cli"
SHELL = ("click", "yaml", "tabulate", "plotext", "matplotlib")
# the core: cards, melds, the games, the searches; their imports must stay plain
CORE = sorted(
    ".".join(p.relative_to(ROOT).with_suffix("").parts)
    for p in [*PACKAGE.glob("games/**/*.py"), *PACKAGE.glob("search/*.py"), *PACKAGE.glob("*.py")]
    if p.name != "__main__.py"
    and p.stem not in ("ledger", "safeyaml", "render", "chart")
    and p.relative_to(PACKAGE).as_posix() != "games/manipulation/report.py"
)


@pytest.mark.parametrize("module", CORE)
def test_core_module_imports_no_click_yaml_or_printing(module: str) -> None:
    code = (f"import sys, {module}\n"
            f"bad = [m for m in {SHELL!r} if m in sys.modules]\n"
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True).stdout.strip()
    assert out == "", f"{module} imports {out}"


def test_every_command_module_is_in_the_cli_package() -> None:
    assert not list(PACKAGE.glob("cli_*.py"))
    assert not (PACKAGE / "cli.py").exists()


# --- one package per game ---------------------------------------------------------------

GAMES = sorted(p.name for p in (PACKAGE / "games").iterdir()
               if p.is_dir() and (p / "__init__.py").exists())
# What code outside a game's package may import of it (its face): the modules the registry
# names (games/declared.py: its game, its record in the ledger, its report, its rules), the
# same for every game, so a game added needs no line here.
FACE = {"game", "record", "report", "rules"}
# Modules beyond the face that code outside a game's package imports today (the shared
# search reads Manipulation Rummy's card points); the list only ever shrinks.
KNOWN_PEEKS = {"manipulation": {"scoring"}}
FACES = {game.package: FACE | KNOWN_PEEKS.get(game.package, set()) for game in REGISTERED}
# Imports from one game's package into another's: none (players' names and hands, which Gin
# once borrowed from Manipulation Rummy, live in rummy_cli/players.py and hands.py).
KNOWN_CROSSINGS: set[tuple[str, str]] = set()


def _name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, anywhere in it (functions and TYPE_CHECKING blocks too),
    as an absolute name; ``from x import y`` counts both ``x`` and ``x.y``."""
    return _imports_in(ast.parse(path.read_text(encoding="utf-8")), path)


def _imports_in(tree: ast.Module, path: Path) -> set[str]:
    name = _name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[:len(package.split(".")) - node.level + 1] \
                if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            # 'from pkg import mod' needs pkg.mod (pkg is begun first, as for every import of
            # pkg.x); 'from pkg import name' needs pkg itself
            names = {alias.name for alias in node.names}
            submodules = {n for n in names if _is_module(f"{module}.{n}")}
            found.update(f"{module}.{n}" for n in names)
            if names - submodules:
                found.add(module)
    return found


def _is_module(name: str) -> bool:
    """Whether ``name`` is a module or package of rummy_cli."""
    parts = name.split(".")
    if parts[0] != "rummy_cli":
        return False
    where = ROOT.joinpath(*parts)
    return where.with_suffix(".py").exists() or (where / "__init__.py").exists()


def _game_module(module: str) -> tuple[str, str] | None:
    """(game, module in its package) for a module of a game's package, else None."""
    parts = module.split(".")
    if parts[:2] != ["rummy_cli", "games"] or len(parts) < 4 or parts[2] not in GAMES:
        return None
    if not (PACKAGE / "games" / parts[2] / f"{parts[3]}.py").exists():
        return None
    return parts[2], parts[3]


MODULES = sorted(PACKAGE.rglob("*.py"))


def test_every_game_package_is_registered() -> None:
    # each package under games/ is a game the registry knows (its face is derived from it)
    assert set(FACES) == set(GAMES)


def test_every_known_peek_at_a_games_internals_is_still_made() -> None:
    made = {(game, module) for p in MODULES for m in _imports(p)
            if (found := _game_module(m)) is not None and not _name(p).startswith(
                f"rummy_cli.games.{found[0]}") for game, module in [found]}
    assert {(g, m) for g, ms in KNOWN_PEEKS.items() for m in ms} <= made


@pytest.mark.parametrize("path", MODULES, ids=lambda p: _name(p))
def test_no_game_package_imports_another_games_package(path: Path) -> None:
    me = _game_module(_name(path))
    if me is None:
        return
    crossings = {(_name(path), ".".join(m.split(".")[:4])) for m in _imports(path)
                 if (other := _game_module(m)) is not None and other[0] != me[0]}
    assert crossings <= KNOWN_CROSSINGS


@pytest.mark.parametrize("path", MODULES, ids=lambda p: _name(p))
def test_nothing_outside_a_game_package_imports_its_internals(path: Path) -> None:
    name = _name(path)
    own = name.split(".")[2] if name.startswith("rummy_cli.games.") else None
    internals = sorted(f"{game}.{module}" for m in _imports(path)
                       if (found := _game_module(m)) is not None
                       for game, module in [found]
                       if game != own and module not in FACES[game])
    assert internals == [], f"{name} imports a game's own module"


# --- small modules, no import cycle: one law for the whole package ----------------------

MAX_LINES = 400
# Modules still over MAX_LINES, each to be split; the list only ever shrinks.
KNOWN_LONG: set[str] = set()


@pytest.mark.parametrize("path", MODULES, ids=lambda p: _name(p))
def test_no_module_is_over_400_lines(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES or _name(path) in KNOWN_LONG, \
        f"{_name(path)}: {lines} lines: split it by what it does"


def test_every_module_known_to_be_long_still_is() -> None:
    lengths = {_name(p): len(p.read_text(encoding="utf-8").splitlines()) for p in MODULES}
    assert {m for m in KNOWN_LONG if lengths.get(m, 0) <= MAX_LINES} == set()


def _import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while (other := stack.pop()) != node:
                component.append(other)
            component.append(node)
            if len(component) > 1:
                cycles.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(cycles)


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _import_cycles(graph) == [["a", "b", "c"]]
    assert _import_cycles({"a": {"b"}, "b": set()}) == []


def _run_time_imports(path: Path) -> set[str]:
    """The modules ``path`` imports when it runs: at its top and inside its functions, but not
    under ``if TYPE_CHECKING:`` (a type named for mypy alone, never imported)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            node.body = [ast.Pass()]
    return _imports_in(tree, path)


def _graph(imports: Callable[[Path], set[str]]) -> dict[str, set[str]]:
    """Which modules of rummy_cli each module of it imports, by ``imports``."""
    names = {_name(p) for p in MODULES}
    return {_name(p): {m for m in imports(p) if m in names and m != _name(p)} for p in MODULES}


def test_no_import_cycle_even_through_imports_inside_functions() -> None:
    # issue 27: the whole package, the command line and the registry too; an import inside a
    # function is there for start-up, never to hide a cycle
    assert _import_cycles(_graph(_run_time_imports)) == []


def test_no_modules_name_each_others_types() -> None:
    # nor a knot of modules that name each other's types for mypy (under TYPE_CHECKING)
    # while one imports the other when it runs: the types both need live in a module below
    # both (a game's ``sheet()`` hands itself to its report as a ``PlayedGame``)
    assert _import_cycles(_graph(_imports)) == []


def test_the_package_itself_imports_none_of_its_modules() -> None:
    # every module may read rummy_cli.__version__: the package's __init__ is below them all
    assert _imports(PACKAGE / "__init__.py") == set()
