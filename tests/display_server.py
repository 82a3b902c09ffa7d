"""A real `castaway display` in a subprocess (uvicorn on 127.0.0.1) and a headless Chromium for the
display tests and bench/bench_display.py.

The browser is Debian's Chromium driven by Playwright through its executable path; Playwright's own
browser downloads are never used. It is the package's headless build, `chromium-headless-shell` (the same
Chromium release, built from the same Debian source, without the desktop browser around it: what Playwright
itself runs for headless tests), which draws these pages for half the CPU of `chromium --headless`; with its
text hinting off it places glyphs exactly as `chromium` does. Where it is not installed, `chromium` is used.
Where neither is, or Playwright is missing, `browser_missing()` says why.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHELL, FULL = "/usr/bin/chromium-headless-shell", "/usr/bin/chromium"
CHROMIUM = SHELL if os.path.exists(SHELL) else FULL
# --font-render-hinting=none: the shell's default ("full") puts small glyphs on whole pixels, drawing a line of
# board text at 7 px up to 6 % wider than the desktop browser would
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run", "--font-render-hinting=none"]
SCREENS = ROOT / "tests" / "screens"


def browser_missing() -> str | None:
    """Why the browser tests cannot run here (None: they can)."""
    if not os.path.exists(CHROMIUM):
        return (f"neither {SHELL} nor {FULL}: install Debian's chromium-headless-shell "
                "(make test does, as root: apt-get install -y chromium-headless-shell)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is missing (pip install -e '.[test]')"
    return None


def full_page_shot(page, path) -> None:
    """A screenshot of the whole page. Chromium now and then answers a full-page capture with "Unable to capture
    screenshot" (its frame not ready after the resize to the page's height, seen on a loaded machine): the
    capture is tried once more a moment later; any other error, or a second refusal, fails the test."""
    try:
        page.screenshot(path=str(path), full_page=True)
    except Exception as e:  # noqa: BLE001 - playwright's Error, matched by its message below
        if "Unable to capture screenshot" not in str(e):
            raise
        page.wait_for_timeout(250)
        page.screenshot(path=str(path), full_page=True)


def launch(playwright):
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)


class Served:
    """`castaway display --no-browser ARGS` running against `db` until stop()."""

    def __init__(self, db: Path, *args: str, env: dict | None = None, timeout: float = 20, stdin: bool = False,
                 files: int | None = None, prefix: tuple[str, ...] = ()):
        """`stdin`: the display's terminal input is a pipe, written with type() (else it reads nothing);
        `files`: the display may open that many files at most (soft and hard limit), as on a small machine;
        `prefix`: the command it runs under (`ip netns exec NAME`: in a network namespace)."""
        full_env = {**os.environ, **(env or {})}
        full_env.pop("CASTAWAY_DB", None)
        self.proc = subprocess.Popen([*prefix, sys.executable, "-m", "cli", "--db", str(db), "display", "--no-browser", *args],
                                     cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
                                     text=True, env=full_env, preexec_fn=_limit_files(files) if files else None)
        self.out: list[str] = []
        self.err: list[str] = []
        threading.Thread(target=self._pump, args=(self.proc.stdout, self.out), daemon=True).start()
        threading.Thread(target=self._pump, args=(self.proc.stderr, self.err), daemon=True).start()
        deadline = time.monotonic() + timeout
        while not any("Ctrl-C" in ln or "Ctrl+C" in ln for ln in self.out):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"castaway display did not start: {''.join(self.out)}{''.join(self.err)}")
            time.sleep(0.02)
        text = "".join(self.out)
        self.board_url = re.search(r"(http://[\d.]+:\d+/game/\d+)", text).group(1)
        self.base = self.board_url.rsplit("/game/", 1)[0]
        pad = re.search(r"(http://[\d.]+:\d+/pad/\d+\?t=[\w-]+)", text)
        self.pad_url = pad.group(1) if pad else None
        self.token = self.pad_url.split("?t=", 1)[1] if pad else None

    def type(self, line: str) -> None:
        """A line typed at the display's terminal."""
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, needle: str, seconds: float = 10, after: int = 0) -> str:
        """The display's output once it holds `needle` (past `after` characters)."""
        deadline = time.monotonic() + seconds
        while needle not in "".join(self.out)[after:]:
            if time.monotonic() > deadline or self.proc.poll() is not None:
                raise AssertionError(f"no {needle!r} in: {self.output()[after:]}")
            time.sleep(0.02)
        return self.output()

    @staticmethod
    def _pump(stream, into: list[str]) -> None:
        for line in stream:
            into.append(line)

    def rss_kb(self) -> int:
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    def stop(self) -> int:
        if self.proc.stdin is not None and not self.proc.stdin.closed:
            try:
                self.proc.stdin.close()
            except OSError:
                pass
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        time.sleep(0.05)  # let the pumps read the last lines
        return self.proc.returncode

    def output(self) -> str:
        return "".join(self.out) + "".join(self.err)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def _limit_files(n: int):
    def limit():
        import resource

        resource.setrlimit(resource.RLIMIT_NOFILE, (n, n))

    return limit


def make_games(db: Path) -> dict[str, int]:
    """A database with a game of each kind: {kind: game id}; 21 Days with the weather expansion (its first
    guided question after setup is a die)."""
    from companion import session

    ids = {}
    with session.open_store(db, create=True) as st:
        ids["robinson"] = session.new_game(st, "robinson", {"players": ["Ann"]}, seed=1).row.id
        ids["mutinies"] = session.new_game(st, "mutinies", {"players": ["Ann", "Bob"]}, seed=1).row.id
        ids["dieson"] = session.new_game(st, "dieson", {}, seed=1).row.id
        ids["21days"] = session.new_game(st, "21days", {"players": ["Ann", "Bob"], "weather": "1"}, seed=2).row.id
    return ids


def drive(db: Path, gid: int, until, steps: int = 80):
    """Answer the guided game's questions (virtual dice, the defaults, the first choice, no symbols) until
    `until(step)` holds; returns that step."""
    from companion import session
    from ui.display import view

    with session.open_store(db) as st:
        for _i in range(steps):
            loaded = session.load(st, gid)
            step = view.step_of(loaded.table, loaded.cat)
            if step is None:
                break
            if until(step):
                return step
            ask = step.ask
            if ask.kind in ("dice", "none") or ask.default is not None:
                answer = ask.parse(None) if ask.kind != "dice" else None
            elif ask.kind == "choice":
                answer = () if ask.multiple else ask.choices[0][0]
            elif ask.kind == "confirm":
                answer = True
            elif ask.kind == "number":
                answer = ask.lo
            else:
                raise AssertionError(f"no automatic answer to {step.title!r}: {ask.prompt}")
            session.act(st, gid, step.make(answer))
    raise AssertionError(f"game {gid}: no such step within {steps} answers")


def drive_to_odds(db: Path, gid: int) -> str:
    """On to the first step that shows odds before its roll; returns its title."""
    return drive(db, gid, lambda step: step.odds is not None).title


def version(db, gid: int) -> int:
    """The game's version as stored (what a page or a pad should be showing)."""
    from companion import session

    with session.open_store(db) as st:
        return st.game(gid).version

