"""Fast at the table: the reading commands load the core only, never the print libraries or game rules."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBE = (
    "import sys, cli\n"
    "sys.argv = ['castaway', '--db', sys.argv[1], *sys.argv[2:]]\n"
    "try:\n    cli.main()\nexcept SystemExit:\n    pass\n"
    "print('LOADED', ' '.join(sorted(m for m in sys.modules if m.split('.')[0] in"
    " ('companion', 'ui', 'printables', 'reportlab', 'qrcode', 'PIL', 'starlette', 'uvicorn', 'anyio'))))\n"
)


def loaded(db: Path, *args: str) -> set[str]:
    r = subprocess.run([sys.executable, "-c", PROBE, str(db), *args], capture_output=True, text=True, cwd=ROOT)
    line = next(ln for ln in r.stdout.splitlines() if ln.startswith("LOADED"))
    return set(line.split()[1:])


def test_status_loads_only_the_core(cli, db):
    cli.ok("new", "21days", "--seed", "1")
    mods = loaded(db, "status")
    assert not {m for m in mods if m.split(".")[0] in ("reportlab", "qrcode", "PIL", "printables", "starlette", "uvicorn", "anyio")}
    assert not [m for m in mods if m.startswith("ui.display")]
    assert not {"companion.engine", "companion.actions", "companion.action_base", "companion.card_actions"} & mods
    assert not [m for m in mods if m.endswith("_cmds")], mods
    # the registry and the protocol, and the game on the table: no other game's package
    assert not [m for m in mods if m.startswith("companion.games.") and m.split(".")[2] not in ("days21", "registry", "protocol")]


def test_a_game_command_loads_its_module_on_demand(cli, db):
    cli.ok("new", "21days", "--seed", "1")
    mods = loaded(db, "rc", "--help")
    assert "ui.robinson_cmds" in mods
    assert "ui.print_cmds" not in mods


def test_every_group_has_its_commands_from_the_real_entry_point(tmp_path):
    """Through main() (not the test runner's app): a group's commands are there when it is invoked."""
    for group, command in (("display", "--pad"), ("print", "kit"), ("plays", "stats"), ("robinson", "weather"), ("rc", "weather"), ("21days", "odds"), ("dice", "stats")):
        r = subprocess.run([sys.executable, "-c", "import cli; cli.main()", "--db", str(tmp_path / "x.db"), group, "--help"],
                           capture_output=True, text=True, cwd=ROOT)
        assert r.returncode == 0 and command in r.stdout, f"{group}: {r.stdout}{r.stderr}"
