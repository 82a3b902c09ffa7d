"""Shared fixtures: a database in a temp folder and a CLI runner bound to it."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# The suite's temporary files (every test's database above all) live in memory where the machine has a
# writable /dev/shm: SQLite syncs each commit to disk (synchronous=FULL), a disk's latency that no test
# examines (the crash tests kill processes; a killed process loses nothing the page cache holds). The
# commands the tests start inherit it. A TMPDIR of the user's own wins.
if not os.environ.get("TMPDIR") and os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK):
    import tempfile

    os.environ["TMPDIR"] = "/dev/shm"
    tempfile.tempdir = None  # gettempdir() reads TMPDIR again

# castaway's cache (catalogs read, stores' stamps) goes to a folder of this run's, inherited by the commands
# the tests start, and removed at the end: the suite never writes into the user's own cache folder
if not os.environ.get("CASTAWAY_CACHE"):
    import atexit
    import shutil
    import tempfile

    _cache = tempfile.mkdtemp(prefix="castaway-test-cache-")
    os.environ["CASTAWAY_CACHE"] = _cache
    atexit.register(shutil.rmtree, _cache, True)

# Hypothesis profiles: "ci" (chosen when the CI variable is set) runs derandomized, so a CI run draws the
# same examples every time and never flakes; "dev" (the default) explores new examples on each run.
# HYPOTHESIS_PROFILE names one explicitly.
from hypothesis import HealthCheck, settings  # noqa: E402

from tests.clirunner import CliRunner  # noqa: E402

settings.register_profile("ci", derandomize=True, database=None, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev"))


def pytest_xdist_auto_num_workers(config) -> int:
    """`-n auto`: a worker for each core this process may run on, and one more. The display tests spend much of
    their time waiting (on Chromium, on a server in another process, on a timeout they check), and the third
    worker runs while one waits: on a 2-core machine the whole suite took 134-137 s against 146-150 s with two
    (two runs each, alternated; 115 s against 132 s in a third pair)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return cores + 1


# the longest test files, longest first (seconds alone, one run: 19 display_guard ... 4 bad_input): each file runs
# whole on one worker and files are handed out in collection order (pyproject's --no-loadscope-reorder: xdist
# would put the files with most tests first, and a long file of one test, like display_fit, last), so these
# start first and the short ones fill the end, rather than one long file running alone for the last seconds
LONGEST_FIRST = ("display_guard", "display_seats", "print_qr_clear", "display_fit", "i18n", "display_browser", "display_lan",
                 "play_follows_table", "print_bleed", "fuzz_cli", "odds_day21_exact", "fuzz_play", "21days_games", "display",
                 "odds_days21", "21days_typed_attacks", "display_chart", "root_index", "print_text", "write_lock_imports",
                 "unbreakable", "odds_day21_kernel", "print_kit", "crash_concurrency", "stateful", "print_qr", "odds_others",
                 "mutinies_typed", "print_no_catalog_header", "bad_input")


def pytest_collection_modifyitems(session, config, items) -> None:
    rank = {f"test_{name}.py": i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))  # stable: each file's tests keep their order


@pytest.fixture(autouse=True)
def english(monkeypatch):
    """Every test starts in English whatever the machine's locale says (tests of Czech ask for it)."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    from companion import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture
def db(tmp_path, monkeypatch) -> Path:
    """A fresh database path; CASTAWAY_DB points at it so commands without --db use it too."""
    path = tmp_path / "castaway.db"
    monkeypatch.setenv("CASTAWAY_DB", str(path))
    monkeypatch.delenv("CASTAWAY_DECKS", raising=False)
    return path


class Cli:
    def __init__(self, db: Path):
        from cli import app

        self.app = app
        self.db = db
        self.runner = CliRunner()

    def __call__(self, *args: str, input: str | None = None):
        return self.runner.invoke(self.app, ["--db", str(self.db), *args], input=input)

    def ok(self, *args: str, input: str | None = None):
        r = self(*args, input=input)
        assert r.exit_code == 0, f"castaway {' '.join(args)} exited {r.exit_code}: {r.output}{r.stderr if r.stderr_bytes else ''}"
        return r


@pytest.fixture
def cli(db) -> Cli:
    return Cli(db)


@pytest.fixture(scope="session")
def chromium():
    """One headless Chromium for each worker's display tests (tests/display_server.launch), started for the first
    test that asks for it (a launch costs more than a page)."""
    from tests.display_server import browser_missing, launch

    missing = browser_missing()
    if missing:
        pytest.skip(missing)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


@pytest.fixture
def browser(chromium):
    """The worker's Chromium for one test: each test opens its own contexts and pages, and whatever it leaves open
    (a test that failed before closing its page) is closed after it, so no page keeps running into the next."""
    yield chromium
    for context in chromium.contexts:
        context.close()
