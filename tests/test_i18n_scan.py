"""tools/locales.py's AST scan sees every kind of bare user-facing string: a help text, a terminal's
print/echo/secho/confirm/status, print() to stdout, a Rich table's title and headings, any literal
carrying Rich markup, parse_int's refusal words; and it leaves alone what goes through _()."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBE = '''
import sys
import typer
from rich.table import Table

app = typer.Typer(help="Tools for the table.")


def f(x: str = typer.Option("a", help="Which die to roll.")):
    typer.echo(f"rolled {x} twice")
    typer.secho("nothing rolled yet", fg="red")
    out.print(f"[bold]Shark[/] at {x}")
    print("all done here")
    print("debug line", file=sys.stderr)
    if typer.confirm("Delete the play?"):
        t = Table(title="Plays per game")
        t.add_column("longest streak")
    lines = [f"[dim]{x} left over[/]"]
    n = parse_int(x, "amount", "a whole number from 1")
    ok = [_("[bold]Shark[/] at {x}"), _("fine words"), f"{x}:{x}", "[dim]·[/]", "<svg>"]
    return lines, ok, n
'''
WANT = ["Tools for the table.", "Which die to roll.", "rolled", "nothing rolled yet", "Shark", "all done here",
        "Delete the play?", "Plays per game", "longest streak", "left over", "'amount'", "a whole number from 1"]


def _locales():
    spec = importlib.util.spec_from_file_location("castaway_locales", ROOT / "tools" / "locales.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_scan_sees_every_kind_of_bare_string(tmp_path, monkeypatch):
    loc = _locales()
    monkeypatch.setattr(loc, "ROOT", tmp_path)  # the probe in a tree of its own: the checkout is never written
    probe = tmp_path / "ui" / "_probe_scan.py"
    probe.parent.mkdir()
    probe.write_text(PROBE, encoding="utf-8")
    found = loc.bare_strings([probe])
    text = "\n".join(found)
    for want in WANT:
        assert want in text, want
    assert "debug line" not in text and "fine words" not in text  # stderr for developers; wrapped in _()
    assert len(found) == len(WANT)


def test_still_english_only_lists_the_files_other_work_is_clearing():
    loc = _locales()
    assert set(loc.STILL_ENGLISH) <= {
        "companion/savecode.py", "companion/games/dieson/flow.py", "companion/games/mutinies/actions.py",
        "companion/games/mutinies/core.py", "companion/games/mutinies/guide.py", "companion/games/robinson/game.py",
        "companion/games/robinson/guide.py", "companion/games/robinson/state.py"}
    assert not any(f.startswith(("ui/", "cli.py", "printables/")) for f in loc.STILL_ENGLISH)
