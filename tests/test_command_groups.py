"""One shape for every game: `castaway GAME ...` holds the game's procedures and its odds, `castaway new
GAME` its setup options; the top help lists the generic commands and one line per game."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main

from companion.games import registry

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("21days", "robinson", "mutinies", "dieson")


def _root():
    from cli import app

    return typer.main.get_command(app)


def _main(*args: str, db: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", "import cli; cli.main()", "--db", str(db), *args],
                          capture_output=True, text=True, cwd=ROOT)


def _entries(help_text: str) -> list[str]:
    """The command names a help page lists under Commands:."""
    body = help_text.split("Commands:", 1)[1]
    return [m.group(1) for m in re.finditer(r"^  (\S+)", body, re.M)]


def test_the_top_help_lists_the_generic_commands_and_one_line_per_game(tmp_path):
    r = _main("--help", db=tmp_path / "x.db")
    assert r.returncode == 0, r.stderr
    names = _entries(r.stdout)
    assert len(names) <= 25, names
    assert set(GAMES) <= set(names)
    assert not {"rc", "21d", "dc", "21m", "odds", "shark-phase", "draw", "add", "take"} & set(names), names
    assert {"new", "status", "undo", "history", "play", "cards", "dice", "rules"} <= set(names)


def test_every_game_has_a_group_by_its_id_with_its_odds_and_its_aliases_hidden():
    root = _root()
    from ui import games

    for gid in GAMES:
        group = root.commands[gid]
        assert "odds" in group.commands and group.commands["odds"].commands, gid
        assert len(group.commands) >= 10, gid
        for alias in games.aliases(gid):
            assert root.commands[alias].hidden and set(root.commands[alias].commands) == set(group.commands)
    assert "rc" in games.aliases("robinson") and "21d" in games.aliases("21days") and "dc" in games.aliases("dieson")
    assert {"shark", "day21"} <= set(root.commands["21days"].commands["odds"].commands)
    assert set(root.commands["dieson"].commands["odds"].commands) == {"evening", "hunt"}


def test_no_help_outside_a_games_own_commands_names_a_game():
    from ui import games

    root = _root()
    words = {w for gid in GAMES for w in (gid, *games.aliases(gid)) if re.fullmatch(r"[\w-]*\d[\w-]*|rc|dc|dieson|robinson|mutinies", w)}
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(words, key=len, reverse=True))) + r")(?![\w-])")
    found = []

    def walk(cmd, path):
        if path[:1] and path[0] in root.commands and root.commands[path[0]] is not None and games.game_of(path[0]):
            return  # the game's own group
        if path[:1] == ["new"] and len(path) == 2:
            return  # `castaway new GAME`: the game's own setup
        texts = [cmd.help or "", cmd.short_help or "", cmd.epilog or ""] + [getattr(p, "help", "") or "" for p in cmd.params]
        for t in texts:
            if pattern.search(t):
                found.append(f"{' '.join(path) or '(root)'}: {t[:90]}")
        for name, sub in getattr(cmd, "commands", {}).items():
            if not sub.hidden:
                walk(sub, [*path, name])

    walk(root, [])
    assert found == [], "\n".join(found)


def test_new_shows_each_games_own_options_and_the_generic_one_none(cli):
    generic = cli.ok("new", "--help").stdout
    d21 = cli.ok("new", "21days", "--help").stdout
    rc = cli.ok("new", "robinson", "--help").stdout
    for flag in ("--survivor", "--strength", "--keep-strength", "--difficulty", "--scruffs", "--promos", "--shark6", "--edition"):
        assert flag in d21 and flag not in rc and flag not in generic, flag
    assert "--opt" not in generic and set(GAMES) <= set(_entries(generic))
    assert "  kite " in d21 and "  rounds " in rc and "  characters " in rc and "  kite " not in rc
    assert "  quest " in cli.ok("new", "dieson", "--help").stdout and "  texts " in cli.ok("new", "mutinies", "--help").stdout


def test_new_refuses_an_opt_key_the_game_does_not_know_naming_the_known_ones(cli, db):
    r = cli("new", "21days", "--opt", "day=12")
    assert r.exit_code == 2 and r.stderr == "error: --opt day: 21 Days has no such setup choice; accepted: decks, swap, weather, kite, reroll, starting\n"
    assert not db.exists()
    r = cli("new", "robinson", "--opt", "survivor=maya")
    assert r.exit_code == 2 and "accepted: players, characters, rounds, weather, items, camp, friday, dog, first" in r.stderr
    r = cli("new", "mutinies", "--opt", "texts")
    assert r.exit_code == 2 and r.stderr.startswith("error: --opt 'texts': write KEY=VALUE")
    cli.ok("new", "mutinies", "-p", "Ann", "-p", "Bob", "--opt", "texts=ignore", "--seed", "1")
    cli.ok("new", "21d", "--opt", "kite=yes", "--seed", "1")  # an alias, a known key


def test_a_games_flags_belong_to_its_own_new_command(cli):
    r = cli("new", "robinson", "--survivor", "maya")
    assert r.exit_code == 2 and "No such option: --survivor" in r.stderr


def test_command_words_words_a_games_command_for_messages():
    from ui.games import command_words

    assert command_words(registry.get("21days"), "shark-phase") == "castaway 21days shark-phase"
    assert command_words("robinson", "plan done") == "castaway robinson plan done"


def test_a_game_command_loads_that_games_module_alone(tmp_path):
    probe = ("import sys, cli\nsys.argv = ['castaway', '--db', sys.argv[1], *sys.argv[2:]]\n"
             "try:\n    cli.main()\nexcept SystemExit:\n    pass\n"
             "print('LOADED', ' '.join(sorted(m for m in sys.modules if m.startswith('ui.'))))\n")

    def loaded(*args):
        r = subprocess.run([sys.executable, "-c", probe, str(tmp_path / "x.db"), *args], capture_output=True, text=True, cwd=ROOT)
        return set(next(ln for ln in r.stdout.splitlines() if ln.startswith("LOADED")).split()[1:])

    mods = loaded("21days", "shark-attack")
    assert "ui.days21_cmds" in mods and not {m for m in mods if m.endswith("_cmds") and m != "ui.days21_cmds"}, mods
    mods = loaded("rc", "odds", "--help")
    assert {"ui.robinson_cmds", "ui.odds_cmds"} <= mods and "ui.days21_cmds" not in mods
    mods = loaded("--help")
    assert not {"ui.days21_cmds", "ui.robinson_cmds", "ui.mutinies_cmds", "ui.dieson_cmds", "ui.odds_cmds"} & mods


@pytest.mark.parametrize("gid", GAMES)
def test_each_games_group_answers_through_the_real_entry_point(tmp_path, gid):
    r = _main(gid, "odds", "--help", db=tmp_path / "x.db")
    assert r.returncode == 0 and len(_entries(r.stdout)) >= 1, r.stdout + r.stderr
