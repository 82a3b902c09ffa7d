"""Flow-refusal tests: every procedure command of a game is refused out of its place in the flow.

Issue 13 asks, for every procedure command of every game, a test that the command is refused where the
flow does not allow it: exit code 1, one line on stderr saying why or what the table must do first, and
the database left byte for byte as it was. The list of commands comes from the Click command tree, so a
new command without such a case fails the suite. This module holds what the per-game test files
(`tests/test_flow_refusals_<game>.py`) share. Its API is stable:

    from tests.flowrefusal import Case, FlowTable, case, check_coverage, prepared, procedure_commands, run_case

`procedure_commands(game) -> list[str]`
    The procedure commands of a game, read from `cli.app`'s Click tree, as the words typed after
    `castaway` ("21days shark-phase", "robinson plan", "mutinies place", "dieson pick"): the commands of
    the game's group, `castaway GAME ...` (its odds group aside). `game` is a game id.

`Case(prepare, argv, match="")`
    One refusal: `prepare` is a tuple of CLI commands (each a tuple of words, or one string split on
    spaces) run in order on a fresh database, each of which must succeed (the first is usually
    `new ...`); `argv` (tuple of words or a string) is the command that must then be refused; `match` is
    a regular expression the refusal line must contain (searched, case-insensitive). `case(...)` builds
    one from strings: `case("new 21days -p Ann", "21days setup-done", refuse="21days shark-attack", match="shark")`.

`prepared(prepare, tmp_path) -> FlowTable`
    A FlowTable in tmp_path whose database went through the commands of `prepare` (cached per
    `prepare`: the first test replays them, the others copy the files).

`run_case(case, tmp_path) -> str`
    Prepares the table (a prepared database is cached per `prepare` and copied, so cases sharing a
    preparation replay it once), checks the refusal (see `FlowTable.refused`) and returns the line.

`FlowTable(path)`: a database file driven through the CLI in-process (typer's CliRunner, `--db PATH`).
    Words may be given one by one or as one string (split like a shell: `ft.ok("place red flare")`).
    `.ok(*words) -> Result`      a command that must exit 0 (its output in the assertion message if not).
    `.run(*words) -> Result`     any command, unchecked.
    `.refused(*words, match="") -> str`
                                 asserts exit code 1, exactly one non-empty line on stderr (no traceback),
                                 `match` found in it, and every database file (the db, its -wal and
                                 -journal) byte-identical before and after; returns the line.
    `.reads(*words) -> Result`   a command that only reads: exit 0 and the files byte-identical.
    `.files() -> dict`           the database files' bytes (what `refused` compares).

`check_coverage(game, cases, reads=())`
    Fails, naming them, when a procedure command of `game` has no refusal case in `cases` (a mapping or
    an iterable of command words; a key may carry a suffix after " #" to hold several cases for one
    command: "place #octopus") and is not listed in `reads`; also fails on case keys and reads that name
    no command of the game (a renamed command must not leave its test behind).

A per-game file then reads:

    CASES = {"shark-attack": case("new 21days -p Ann", refuse="shark-attack", match="shark card")}
    READS = {"symbols": "symbols"}

    @pytest.mark.parametrize("name", sorted(CASES))
    def test_refused_out_of_place(name, tmp_path):
        run_case(CASES[name], tmp_path)

    def test_every_command_has_a_case():
        check_coverage("21days", CASES, READS)
"""

from __future__ import annotations

import re
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path

from tests.clirunner import CliRunner

DB_SUFFIXES = ("", "-wal", "-journal")


def _words(cmd) -> tuple[str, ...]:
    """A command as words: a string (or a tuple holding one string) is split like a shell would."""
    if isinstance(cmd, (tuple, list)) and len(cmd) == 1 and isinstance(cmd[0], str):
        cmd = cmd[0]
    return tuple(shlex.split(cmd)) if isinstance(cmd, str) else tuple(str(w) for w in cmd)


def click_root():
    import typer

    from cli import app

    return typer.main.get_command(app)


def procedure_commands(game: str) -> list[str]:
    """The game's procedure commands from the Click tree (see the module docstring)."""
    group = click_root().commands[game]
    return sorted(f"{game} {name}" for name, sub in group.commands.items() if not hasattr(sub, "commands"))


@dataclass(frozen=True)
class Case:
    prepare: tuple
    argv: tuple
    match: str = ""


def case(*prepare, refuse, match: str = "") -> Case:
    return Case(tuple(_words(p) for p in prepare), _words(refuse), match)


class FlowTable:
    def __init__(self, path: Path):
        from cli import app

        self.app = app
        self.path = Path(path)
        self.runner = CliRunner()

    def run(self, *words):
        return self.runner.invoke(self.app, ["--db", str(self.path), *_words(words)])

    def ok(self, *words):
        r = self.run(*words)
        assert r.exit_code == 0, (f"castaway {' '.join(_words(words))} exited {r.exit_code}: "
                                  f"{r.output}{r.stderr if r.stderr_bytes else ''}{r.exception or ''}")
        return r

    def files(self) -> dict[str, bytes | None]:
        out = {}
        for suf in DB_SUFFIXES:
            p = Path(str(self.path) + suf)
            out[suf or "db"] = p.read_bytes() if p.exists() else None
        return out

    def refused(self, *words, match: str = "") -> str:
        argv = " ".join(_words(words))
        before = self.files()
        r = self.run(*words)
        err = r.stderr if r.stderr_bytes else ""
        assert r.exit_code == 1, f"castaway {argv} should be refused (exit 1), got {r.exit_code}: {r.output}{err}{r.exception or ''}"
        lines = [ln for ln in err.splitlines() if ln.strip()]
        assert len(lines) == 1, f"castaway {argv}: one line on stderr expected, got {len(lines)}: {err!r}"
        assert "Traceback" not in err, err
        if match:
            assert re.search(match, lines[0], re.I), f"castaway {argv}: {lines[0]!r} does not say {match!r}"
        assert self.files() == before, f"castaway {argv} was refused but changed the database"
        return lines[0]

    def reads(self, *words):
        before = self.files()
        r = self.ok(*words)
        assert self.files() == before, f"castaway {' '.join(_words(words))} only reads, yet changed the database"
        return r


_PREPARED: dict[tuple, dict[str, bytes | None]] = {}


def prepared(prepare: tuple, tmp_path: Path) -> FlowTable:
    """A FlowTable in tmp_path whose database went through `prepare` (cached: copied after the first)."""
    tmp_path = Path(tmp_path)
    path = tmp_path / "flow.db"
    key = tuple(_words(p) for p in prepare)
    if key not in _PREPARED:
        work = tmp_path / "prepare"
        work.mkdir(exist_ok=True)
        ft = FlowTable(work / "flow.db")
        for cmd in key:
            ft.ok(*cmd)
        _PREPARED[key] = ft.files()
        shutil.rmtree(work, ignore_errors=True)
    for suf, data in _PREPARED[key].items():
        if data is not None:
            Path(str(path) + ("" if suf == "db" else suf)).write_bytes(data)
    return FlowTable(path)


def run_case(c: Case, tmp_path: Path) -> str:
    ft = prepared(c.prepare, tmp_path)
    return ft.refused(*c.argv, match=c.match)


def command_of(key: str) -> str:
    """The command a case key names: 'place #octopus' → 'place'."""
    return key.split(" #")[0].strip()


def check_coverage(game: str, cases, reads=()) -> None:
    commands = set(procedure_commands(game))
    covered = {command_of(k) for k in cases}
    read = {command_of(k) for k in reads}
    missing = sorted(commands - covered - read)
    assert not missing, f"{game}: procedure commands without a flow-refusal case: {', '.join(missing)}"
    stale = sorted((covered | read) - commands)
    assert not stale, f"{game}: cases name no command of the game: {', '.join(stale)}"
