"""The game protocol and its registry: every game behind one Game, and a command of one game refused on
another game's table (generated from the command tree, so a new command is checked too)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion import catalog
from companion.errors import UnknownComponent
from companion.games import registry
from companion.games.protocol import Game
from tests.clirunner import click_command
from tests.conftest import Cli

NEW = {
    "21days": ("new", "21days", "-p", "Ann", "--seed", "1"),
    "robinson": ("new", "robinson", "--seed", "1"),
    "mutinies": ("new", "mutinies", "-p", "Ann", "-p", "Bob", "--seed", "1"),
    "dieson": ("new", "dieson", "--seed", "1"),
}


def test_the_registry_knows_every_game_of_the_catalog_and_each_is_a_game():
    assert sorted(registry.ids()) == catalog.game_ids()
    prefixes = [registry.get(g).prefix for g in registry.ids()]
    assert len(set(prefixes)) == len(prefixes)
    for gid in registry.ids():
        game = registry.get(gid)
        assert isinstance(game, Game) and game.id == gid
        assert game.commands and game.terminal_board and game.display_board


def test_a_game_is_refused_when_its_id_or_prefix_is_taken():
    class Twin(type(registry.get("dieson"))):
        pass

    with pytest.raises(ValueError, match="is taken"):
        registry.register(Twin())
    with pytest.raises(UnknownComponent, match="unknown game 'chess'"):
        registry.get("chess")


def _game_commands() -> list[tuple[str, str, bool]]:
    from cli import app  # noqa: F401  (every command module loaded)
    from ui import games

    return [(g.id, words, table) for g in registry.all_games() for words, table in games.commands_of(g)]


COMMANDS = _game_commands()


def _click(words: str):
    from cli import app

    cmd = click_command(app)  # the tree built once (it is only read here)
    for w in words.split():
        cmd = cmd.commands[w]
    return cmd


def _args(words: str) -> list[str]:
    """The command's words and a value for each required parameter (the check comes before any is read)."""
    out = words.split()
    for p in _click(words).params:
        if p.required:
            out += ["1"] if p.param_type_name == "argument" else [p.opts[0], "1"]
    return out


@pytest.fixture(scope="module")
def tables(tmp_path_factory) -> dict[str, Path]:
    """A database with one game of each kind on the table, keyed by the game on it."""
    out = {}
    for gid, new in NEW.items():
        db = tmp_path_factory.mktemp(gid) / "castaway.db"
        Cli(db).ok(*new)
        out[gid] = db
    return out


def _files(db: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in db.parent.iterdir() if p.name.startswith(db.name) and not p.name.endswith("-shm")}


def test_every_game_has_commands_and_the_generator_sees_them():
    per_game = {g: [w for gg, w, _t in COMMANDS if gg == g] for g in registry.ids()}
    assert all(len(ws) >= 10 for ws in per_game.values()), per_game
    assert "21days end-day" in per_game["21days"] and "mutinies place" in per_game["mutinies"]


@pytest.mark.parametrize("game,words,needs_table", COMMANDS, ids=[f"{g}:{w}" for g, w, _t in COMMANDS])
def test_a_command_of_one_game_is_refused_on_another_games_table(tables, tmp_path, monkeypatch, game, words, needs_table):
    other = "robinson" if game == "21days" else "21days"
    db = tmp_path / "castaway.db"
    for p in tables[other].parent.iterdir():
        shutil.copy(p, tmp_path / p.name)
    monkeypatch.setenv("CASTAWAY_DB", str(db))
    before = _files(db)
    r = Cli(db)(*_args(words))
    if not needs_table:  # a reference list reads no table: it runs on any
        assert r.exit_code == 0, r.output
        return
    mine, theirs = registry.get(game).catalog().name, registry.get(other).catalog().name
    assert r.exit_code == 1, (r.exit_code, r.output)
    assert r.stderr == (f"error: game 1 on the table is {theirs}; `castaway {words}` is a {mine} command: "
                        f"`castaway use ID` picks a {mine} game\n")
    assert _files(db) == before


def test_every_action_kind_is_unique_and_a_games_kinds_carry_its_prefix():
    import ast

    from companion import action_base, actions  # noqa: F401  (actions registers every generic kind)

    registry.load_actions()
    kinds = []  # every kind declared in the source (an action class's `kind: ClassVar[str] = "..."`)
    for path in (Path(__file__).resolve().parent.parent / "companion").rglob("*.py"):
        if path.name == "guide.py":  # Ask.kind: a question's kind, not an action's
            continue
        if path.relative_to(path.parents[1]).as_posix() == "companion/table.py":  # Target.kind: a component's kind
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == "kind"
                    and isinstance(node.value, ast.Constant) and node.value.value):
                kinds.append(node.value.value)
    ours = {k: c for k, c in action_base.REGISTRY.items() if c.__module__.startswith("companion.")}  # not a test's game
    assert len(kinds) == len(set(kinds)) and set(kinds) == set(ours), sorted(kinds)
    for kind, cls in ours.items():
        assert cls.kind == kind
        module = cls.__module__
        if module in ("companion.actions", "companion.card_actions"):  # the generic actions carry no prefix
            assert registry.owner_of_kind(kind) is None, kind
            continue
        game = next(g for g in registry.all_games() if module.startswith(type(g).__module__.rsplit(".", 1)[0] + "."))
        assert kind.startswith(game.prefix) and registry.owner_of_kind(kind) is game, (kind, module)
    assert sum(k.startswith("d21-") for k in kinds) >= 37


def test_registering_a_kind_twice_raises_at_import():
    from dataclasses import dataclass
    from typing import ClassVar

    from companion import action_base

    with pytest.raises(RuntimeError, match="action kind 'd21-flare' .* is taken by companion.games.days21.locations"):
        @action_base.register
        @dataclass(frozen=True)
        class Flare(action_base.Action):
            kind: ClassVar[str] = "d21-flare"


def test_a_setup_number_is_read_by_one_function_with_one_message():
    """Dieson Crusoe's health and power and 21 Mutinies' count and cards: one reader, one message that
    quotes the value and says what is accepted, in the table's language."""
    from companion import i18n
    from companion.errors import UsageError
    from companion.games.protocol import option_int

    assert option_int({}, "count", 2, 5, 0) == 0 and option_int({"count": ""}, "count", 2, 5, 3) == 3
    assert option_int({"count": " 4 "}, "count", 2, 5, 0) == 4
    for raw in ("x", "6", "1", "2.5"):
        with pytest.raises(UsageError) as e:
            option_int({"count": raw}, "count", 2, 5, 0)
        assert str(e.value) == f"count={raw!r}: accepted: a whole number 2..5"
    i18n.set_language("cs")
    try:
        with pytest.raises(UsageError) as e:
            option_int({"count": "x"}, "count", 2, 5, 0)
        assert str(e.value) == "count='x': přípustné: celé číslo 2..5"
    finally:
        i18n.set_language("en")


def test_a_bad_setup_number_writes_nothing(cli, db):
    for words, msg in ((("dieson", "--opt", "health=x"), "health='x': accepted: a whole number 1..9"),
                       (("mutinies", "--opt", "count=9"), "count='9': accepted: a whole number 2..5")):
        r = cli("new", *words)
        assert r.exit_code == 2 and r.stderr.strip() == f"error: {msg}", r.stderr
        assert not db.exists()
