"""Fuzzing the real command tree: argument lists built from the Click command objects, run on copies of
a prepared database holding games of all four games. Used by tests/test_fuzz_cli.py (a short run in
`make test`) and bench/bench_fuzz.py (a long run that prints counts).

A new command is fuzzed without any change here: the tree is read from `typer.main.get_command`.
The checks: exit 0, 1 or 2; no traceback; a refused command leaves the database byte-identical, creates
none where there was none, and writes no file into the folder it runs in.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "fixtures" / "stored_games_v2.db"

# Values no user should be able to crash castaway with.
HUGE = ["99999999999999999999", "-99999999999999999999", "9" * 400, "1e309", "2**64", "18446744073709551616",
        "-9223372036854775809", "9223372036854775808"]
HOSTILE = [
    "", " ", "0", "-0", "-1", "+1", "1", "2", "3", "6", "7", "21", "nan", "inf", "-inf", "0x10", "1_000",
    *HUGE,
    "x" * 10_000, "7" * 10_000, "žluťoučký kůň 🐙", "\u202eevil", "ünïcödé", "𝟙𝟚", "١٢", "²",
    "[/bold]", "[/x]", "[red]red[/red]", "[bold]", "[link=file:///etc/passwd]x[/link]", "\\[x]", "[", "]",
    "../..", "../../etc/passwd", "../x.csv", "/", ".", "..", "/dev/zero", "/dev/null", "/proc/self/mem",
    "-", "--", "--help", "-x", "=", "a=b", "red=", "=3", "red=2/6", "red=99999999999999999999",
    "2/5", "3,5", "1,1,1,1", "6,6,6,6,6,6", ",", "/", "1/", "/1", "0/0", "last", "all", "none",
    "%s", "{0}", "{}", "{x}", "'", '"', "\\", "\t", "\n", "a\nb", "2026-13-45", "2026-01-01", "0000-00-00",
    "9999-12-31", "yes", "no", "true", "won", "lost", "abandoned", "csv", "json", "bgg", "bgstats",
    "CW1-AAAA", "CW1-", "cw1-zzzz-zzzz",
]
GAMES = ("21days", "robinson", "mutinies", "dieson")


def words_of_catalogs() -> list[str]:
    """Names the games know (ids, seats, decks, cards, dice), so that fuzzing also goes deep."""
    from companion import catalog

    found: set[str] = set(GAMES) | {"21d", "rc", "21m", "dc", "cs", "en"}
    for gid in catalog.game_ids():
        cat = catalog.load(gid)
        found.update(cat.tracks, cat.counters, cat.stacks, cat.dice, cat.flags, cat.characters, cat.seats)
        for deck in cat.decks.values():
            found.add(deck.id)
            found.update(c.id for c in deck.cards[:6])
    return sorted(found)


@dataclass
class Param:
    name: str
    kind: str  # "argument" or "option"
    opts: tuple[str, ...]
    flag: bool
    multiple: bool
    nargs: int
    required: bool
    type_name: str


@dataclass
class Spec:
    path: tuple[str, ...]
    params: list[Param] = field(default_factory=list)
    module: str = ""


# Options that give a search its time: the fuzz sets them itself through the environment (LIMITS), so that
# no argument list waits for a long search (a hostile but valid day-21 table can take minutes).
TIME_OPTIONS = {"limit"}
LIMITS = {"CASTAWAY_ODDS_LIMIT": "1"}

# Commands that serve until stopped (Ctrl-C): a valid argument list would block the fuzz for ever. Their
# command-line refusals and every bad request are tested in tests/test_display.py instead.
SERVES = {("display",)}


def command_tree(command) -> list[Spec]:
    """Every leaf command under the root Click command, with its parameters (but those that serve, and the
    hidden aliases of a game's group)."""
    specs: list[Spec] = []

    def walk(cmd, path):
        if path in SERVES:
            return
        subs = getattr(cmd, "commands", None)
        if subs:
            for name, sub in sorted(subs.items()):
                if not sub.hidden:  # a game's alias: the same commands as its group
                    walk(sub, (*path, name))
            return
        params = [Param(p.name, p.param_type_name, tuple(p.opts), bool(getattr(p, "is_flag", False)),
                        bool(p.multiple), p.nargs, bool(p.required), p.type.name) for p in cmd.params]
        callback = getattr(cmd, "callback", None)
        module = getattr(getattr(callback, "__wrapped__", callback), "__module__", "") or ""
        specs.append(Spec(path, params, module))

    walk(command, ())
    return specs


OWN = {"21days": "21days", "dieson": "dieson", "rc": "robinson", "mutinies": "mutinies", "days21": "21days", "robinson": "robinson"}


def own_game(spec: Spec) -> str | None:
    """The game a command belongs to, when its group or module says (the fuzz aims it there half the time,
    so that it goes deep; the other half it meets any game's table, where it must be refused cleanly)."""
    for key in (spec.path[0] if spec.path else "", spec.module.rsplit(".", 1)[-1].split("_")[0]):
        if key in OWN:
            return OWN[key]
    return None


def value_strategy(words: list[str]):
    """Half plausible (names the games know, small numbers, lists of them: they reach deep into the rules),
    half hostile."""
    plausible = st.one_of(
        st.sampled_from(words),
        st.integers(-3, 30).map(str),
        st.lists(st.sampled_from(words + ["1", "2", "3", "4", "5", "6", "2/5"]), min_size=1, max_size=4).map(",".join),
    )
    hostile = st.one_of(
        st.sampled_from(HOSTILE),
        st.integers(-(10**30), 10**30).map(str),
        st.text(max_size=12).filter(lambda s: "\x00" not in s),
    )
    return st.one_of(plausible, hostile)


@st.composite
def argv_strategy(draw, specs: list[Spec], words: list[str], game_ids: dict[str, int]):
    """(argv without --db, whether to run on a database that does not exist, the command's words)."""
    spec = draw(st.sampled_from(specs))
    values = value_strategy(words)
    argv: list[str] = []
    own = own_game(spec)
    if own and own in game_ids and draw(st.booleans()):
        argv += ["--game", str(draw(st.sampled_from(game_ids[own])))]
    elif draw(st.integers(0, 3)):  # any game's table: another game's command is refused there
        known = [str(i) for ids in game_ids.values() for i in ids]
        argv += ["--game", draw(st.sampled_from(known * 4 + ["0", "-1", "99999999999999999999", "abc"]))]
    if draw(st.integers(0, 9)) == 0:
        argv += ["--if-version", draw(st.sampled_from(["1", "0", "-5", "99999999999999999999"]))]
    if draw(st.integers(0, 9)) == 0:
        argv += ["--lang", draw(st.sampled_from(["cs", "en", "cs", "en", "cs", "xx", ""]))]
    argv += list(spec.path)
    rest: list[str] = []
    for p in spec.params:
        if p.kind == "argument":
            if p.nargs == -1:
                rest += draw(st.lists(values, min_size=0 if not p.required else 1, max_size=4))
            elif p.required or draw(st.booleans()):
                rest.append(draw(values))
            continue
        if p.name in TIME_OPTIONS or draw(st.integers(0, 2)) != 0:
            continue
        for _i in range(draw(st.integers(1, 2)) if p.multiple else 1):
            opt = draw(st.sampled_from(p.opts))
            if p.flag:
                argv.append(opt)
            else:
                argv += [opt, draw(values)]
    if rest and draw(st.booleans()):  # values that start with '-' go after '--' as a user would write them
        argv += ["--", *rest] if any(r.startswith("-") for r in rest) else rest
    else:
        argv += rest
    missing_db = draw(st.integers(0, 11)) == 0
    return argv, missing_db, " ".join(spec.path)


def scratch(fallback: Path) -> Path:
    """A folder for the runs: in memory (/dev/shm) where there is one, since every run copies a database
    and SQLite syncs each write to disk; else `fallback`."""
    import tempfile

    shm = Path("/dev/shm")
    if shm.is_dir() and os.access(shm, os.W_OK):
        return Path(tempfile.mkdtemp(prefix="castaway-fuzz-", dir=shm))
    return fallback


def digest(path: Path) -> str | None:
    if not path.exists():
        return None
    h = hashlib.sha256(path.read_bytes())
    wal = Path(str(path) + "-wal")
    if wal.exists():
        h.update(wal.read_bytes())
    return h.hexdigest()


def prepare(folder: Path, cli_invoke) -> tuple[Path, dict[str, list[int]]]:
    """A database with games of all four games (the stored fixture, opened and brought to the current
    schema, and a fresh game of each), a finished game, and plays whose names are markup. Returns its path
    and the game ids of each game."""
    from companion import session

    db = folder / "prepared.db"
    shutil.copyfile(FIXTURE, db)
    with session.open_store(db) as st:
        for game, opts in (("21days", {"players": ["Ann", "Bob"]}), ("robinson", {"players": ["Ann", "Bob"]}),
                           ("mutinies", {"players": ["Ann", "Bob", "Cid"]}), ("dieson", {})):
            session.new_game(st, game, opts, seed=7)
        ids: dict[str, list[int]] = {}
        for row in st.games():
            ids.setdefault(row.game, []).append(row.id)
    from companion.actions import Note

    with session.open_store(db) as st:
        loaded = session.new_game(st, "21days", {"players": ["[/x]", "[bold]Bob"]}, seed=3, title="[/title]")
        session.act(st, loaded.row.id, Note("[/bold] hi"))
        session.end_game(st, loaded.row.id, "lost")
        plays = len(st.play_rows())
    r = cli_invoke(db, ["plays", "add", "mutinies", "-p", "[/x]", "-p", "Ann", "-p", "[red]", "--score", "[/x]=3",
                        "--winner", "[/x]", "--result", "won", "--location", "[/loc]", "--comment", "[bold]", "--date", "2026-01-02"])
    with session.open_store(db) as st:
        assert len(st.play_rows()) == plays + 1, r.output
    assert not Path(str(db) + "-wal").exists() or Path(str(db) + "-wal").stat().st_size == 0
    return db, ids


@dataclass
class Outcome:
    argv: list[str]
    exit_code: int
    problem: str | None  # None: the checks held


def run_one(runner, command, prepared: Path, work: Path, argv: list[str], missing_db: bool) -> Outcome:
    """Run one argument list in an empty folder on a fresh copy of the prepared database."""
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    db = work / ("absent.db" if missing_db else "castaway.db")
    if not missing_db:
        shutil.copyfile(prepared, db)
    before = digest(db)
    full = ["--db", str(db), *argv]
    cwd = os.getcwd()
    os.chdir(work)
    try:
        r = runner.invoke(command, full, input="", catch_exceptions=True)
    finally:
        os.chdir(cwd)
    code = r.exit_code
    problem = None
    text = r.output
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        import traceback

        tb = "".join(traceback.format_exception(r.exception)).splitlines()
        problem = "traceback: " + " | ".join(tb[-3:])[:600]
    elif "Traceback" in text:
        problem = "traceback in the output"
    elif code not in (0, 1, 2):
        problem = f"exit code {code}"
    elif code != 0:
        if digest(db) != before:
            problem = "refused, but the database changed" if before else "refused, but the database was created"
        else:
            left = sorted(p.name for p in work.iterdir() if p.name != db.name)
            if left:
                problem = f"refused, but it left files: {left[:5]}"
    return Outcome(argv, code, problem)


def click_runner():
    """A CliRunner that runs an already built Click command (tests/clirunner.py)."""
    from tests.clirunner import CliRunner

    return CliRunner()


def short(argv: list[str]) -> str:
    return " ".join(a if len(a) < 40 else a[:20] + f"...({len(a)})" for a in argv)


if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
