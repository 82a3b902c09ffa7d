"""The root help page (`castaway --help`, `castaway` alone) is listed from ui/root_index.py's stand-ins, without
importing a command module: it must be, byte for byte, the page of the whole app (every module loaded), in
every language and terminal width. A command module's help text changed without its line in root_index.py
fails here."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAIN = "import cli; cli.main()"  # the console script: the root page from the index
WHOLE = "import cli; cli.app()"  # the whole app, every command module loaded and built


def run(code: str, args: tuple[str, ...], env: dict) -> tuple[int, str, str]:
    r = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT, env=env)
    return r.returncode, r.stdout, r.stderr


@pytest.mark.parametrize("args", [("--help",), ("--lang", "cs", "--help"), (), ("--db",), ("--lang", "cs")])
@pytest.mark.parametrize("columns", ["80", "60", "132"])
def test_the_root_page_is_the_whole_apps(args, columns, tmp_path):
    env = {**os.environ, "COLUMNS": columns, "CASTAWAY_DB": str(tmp_path / "none.db")}
    env.pop("LANGUAGE", None)
    quick, whole = run(MAIN, args, env), run(WHOLE, args, env)
    assert quick == whole
    assert "21days" in quick[1] + quick[2] or quick[0] != 0


def test_the_root_page_in_czech_from_the_environment(tmp_path):
    env = {**os.environ, "LANG": "cs_CZ.UTF-8", "LANGUAGE": "cs", "CASTAWAY_DB": str(tmp_path / "none.db")}
    quick, whole = run(MAIN, ("--help",), env), run(WHOLE, ("--help",), env)
    assert quick == whole and "Příkazy" in quick[1]


def test_the_root_page_imports_no_command_module():
    probe = ("import sys, cli\nsys.argv = ['castaway', '--help']\ntry:\n    cli.main()\nexcept SystemExit:\n    pass\n"
             "print('LOADED', ' '.join(sorted(m for m in sys.modules if m.startswith(('ui.', 'companion.games.', 'printables')))))")
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT)
    mods = next(ln for ln in r.stdout.splitlines() if ln.startswith("LOADED")).split()[1:]
    assert not [m for m in mods if m.endswith("_cmds") or m == "ui.games" or m.startswith("printables")], mods
    assert not [m for m in mods if m.startswith("companion.games.") and m.split(".")[2] not in ("registry", "protocol")], mods
