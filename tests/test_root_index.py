"""The root help page (`castaway --help`, `castaway` alone) is listed from ui/root_index.py's stand-ins, without
importing a command module: it must be, byte for byte, the page of the whole app (every module loaded), in
every language and terminal width. A command module's help text changed without its line in root_index.py
fails here."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAIN = "import cli; cli.main()"  # the console script: the root page from the index
WHOLE = ROOT / "tests" / "procs" / "whole_help.py"  # the whole app, every command module loaded and built
ARGS = [("--help",), ("--lang", "cs", "--help"), (), ("--db",), ("--lang", "cs")]
COLUMNS = ["80", "60", "132"]


def run(code: str, args: tuple[str, ...], env: dict) -> tuple[int, str, str]:
    r = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT, env=env)
    return r.returncode, r.stdout, r.stderr


def whole(runs: list[tuple[tuple[str, ...], dict]]) -> list[tuple[int, str, str]]:
    """The whole app's pages for runs of one language: one process loads and builds the app, a fork runs each
    (tests/procs/whole_help.py), as `python -c "import cli; cli.app()" ARGS` would in that environment."""
    args, env = runs[0]
    r = subprocess.run([sys.executable, str(WHOLE), *args], input=json.dumps([{"args": a, "env": e} for a, e in runs]),
                       capture_output=True, text=True, cwd=ROOT, env=env)
    assert r.returncode == 0, r.stderr
    return [tuple(one) for one in json.loads(r.stdout)]


def plain_env(columns: str, db: Path) -> dict:
    env = {**os.environ, "COLUMNS": columns, "CASTAWAY_DB": str(db)}
    env.pop("LANGUAGE", None)
    return env


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict:
    """The whole app's page for each (args, columns), and for the Czech environment: one build per language."""
    db = tmp_path_factory.mktemp("root") / "none.db"
    czech_env = {**os.environ, "LANG": "cs_CZ.UTF-8", "LANGUAGE": "cs", "CASTAWAY_DB": str(db)}
    groups: dict[bool, list] = {False: [], True: []}
    for args in ARGS:
        for columns in COLUMNS:
            groups["--lang" in args].append(((args, columns), (args, plain_env(columns, db))))
    got = {key: page for runs in groups.values() for (key, _), page in zip(runs, whole([r for _, r in runs]))}
    got["czech page"] = whole([(("--help",), czech_env)])[0]
    return {"db": db, "czech env": czech_env, **got}


@pytest.mark.parametrize("args", ARGS)
@pytest.mark.parametrize("columns", COLUMNS)
def test_the_root_page_is_the_whole_apps(args, columns, pages):
    quick = run(MAIN, args, plain_env(columns, pages["db"]))
    assert quick == pages[(args, columns)]
    assert "21days" in quick[1] + quick[2] or quick[0] != 0


def test_the_root_page_in_czech_from_the_environment(pages):
    quick = run(MAIN, ("--help",), pages["czech env"])
    assert quick == pages["czech page"] and "Příkazy" in quick[1]


def test_the_forked_whole_app_is_the_fresh_one(pages):
    """The reference itself: a fresh `python -c "import cli; cli.app()"` gives the forked build's page."""
    for args, columns in (((), "80"), (("--lang", "cs", "--help"), "60")):
        fresh = run("import cli; cli.app()", args, plain_env(columns, pages["db"]))
        assert fresh == pages[(args, columns)]


def test_the_root_page_imports_no_command_module():
    probe = ("import sys, cli\nsys.argv = ['castaway', '--help']\ntry:\n    cli.main()\nexcept SystemExit:\n    pass\n"
             "print('LOADED', ' '.join(sorted(m for m in sys.modules if m.startswith(('ui.', 'companion.games.', 'printables')))))")
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT)
    mods = next(ln for ln in r.stdout.splitlines() if ln.startswith("LOADED")).split()[1:]
    assert not [m for m in mods if m.endswith("_cmds") or m == "ui.games" or m.startswith("printables")], mods
    assert not [m for m in mods if m.startswith("companion.games.") and m.split(".")[2] not in ("registry", "protocol")], mods
