"""The shape of the package: the rules core knows nothing of click, YAML or printing."""

from __future__ import annotations

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
    and p.stem not in ("ledger", "safeyaml", "report", "render", "chart")
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
