"""The shape of the package: the rules core knows nothing of click, YAML or printing."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

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
# The modules of a game that code outside its package uses today (its face); the rest of the
# package is its own. A module of a game's package that code outside starts to import must
# be added here on purpose.
FACES = {
    "gin": {"deadwood", "game", "report", "rules", "sheet", "showdown"},
    "manipulation": {"game", "report", "rules", "scoring", "turn"},
    "rummikub": {"game", "report", "rules", "scoring", "sets", "solve", "suggest", "turn",
                 "verdicts"},
}
# Imports from one game's package into another's: none (players' names and hands, which Gin
# once borrowed from Manipulation Rummy, live in rummy_cli/players.py and hands.py).
KNOWN_CROSSINGS: set[tuple[str, str]] = set()


def _name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, anywhere in it (functions and TYPE_CHECKING blocks too),
    as an absolute name; ``from x import y`` counts both ``x`` and ``x.y``."""
    name = _name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[:len(package.split(".")) - node.level + 1] \
                if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def _game_module(module: str) -> tuple[str, str] | None:
    """(game, module in its package) for a module of a game's package, else None."""
    parts = module.split(".")
    if parts[:2] != ["rummy_cli", "games"] or len(parts) < 4 or parts[2] not in GAMES:
        return None
    if not (PACKAGE / "games" / parts[2] / f"{parts[3]}.py").exists():
        return None
    return parts[2], parts[3]


MODULES = sorted(PACKAGE.rglob("*.py"))


def test_every_game_package_has_a_face() -> None:
    assert set(FACES) == set(GAMES)


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


# --- module size ------------------------------------------------------------------------

CLI_MODULES = sorted((PACKAGE / "cli").glob("*.py"))
MOST_LINES = 400  # issue 27: a module a reader takes in whole


@pytest.mark.parametrize("path", CLI_MODULES, ids=lambda p: p.name)
def test_no_cli_module_is_over_400_lines(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MOST_LINES, f"cli/{path.name} has {lines} lines: split it by what it does"


def _cli_imports(path: Path) -> set[str]:
    """The modules of rummy_cli/cli that ``path`` imports, at its top or inside a function
    (not those named for typing only)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
                   and "TYPE_CHECKING" in ast.unparse(node.test) for n in ast.walk(node)}
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1 and id(node) not in typing_only:
            found |= ({node.module.split(".")[0]} if node.module
                      else {alias.name for alias in node.names})
    return found & {p.stem for p in CLI_MODULES}


def test_no_import_cycle_among_cli_modules() -> None:
    # issue 27: an import inside a function is there for start-up, never to hide a cycle
    graph = {p.stem: _cli_imports(p) for p in CLI_MODULES}

    def cycle_from(start: str, node: str, path: list[str]) -> list[str] | None:
        for nxt in sorted(graph[node]):
            if nxt == start:
                return [*path, start]
            if nxt not in path and nxt > start:
                found = cycle_from(start, nxt, [*path, nxt])
                if found:
                    return found
        return None

    cycles = [c for m in sorted(graph) if (c := cycle_from(m, m, [m]))]
    assert not cycles, "import cycles in rummy_cli/cli: " + "; ".join(" -> ".join(c)
                                                                     for c in cycles)
