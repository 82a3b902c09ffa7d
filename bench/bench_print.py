"""Print benchmark on equal terms: the same 100 poker cards (a title, a wrapped sentence and a QR code of a
short payload, no backs) made by castaway from a `--file` deck and by protograf, both timed as whole processes
(interpreter start and imports included), in paired runs (castaway then protograf, 5 pairs: both see the same
load), as CPU time (user + system of the child process: steady on a busy machine) and as wall time; the ratio
is the median of the pairs' ratios. Then the time of the whole 21 Days kit. Target: castaway at least 5x
faster in CPU time.

protograf pins pillow<13 and rich<15, which clash with castaway's own environment, so it runs in its
own virtual environment: $PROTOGRAF_PYTHON, or .venv/protograf (made here with pip on first use).

    python bench/bench_print.py
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

N = 100
BODY = ("The survivors paddle on through the night. Roll a die: on a 6 the rescue ship moves one space "
        "right; on a 1 a plank drifts away. Share any hope you find.")


def cards_data() -> list[dict]:
    return [{"title": f"Card {i}", "body": f"{BODY} (card {i})", "qr": f"BENCH/CARD-{i}"} for i in range(N)]


def deck_toml(data: list[dict]) -> str:
    lines = ['[[deck]]', 'id = "bench"', 'name = "Bench cards"', 'source = "bench"']
    for i, d in enumerate(data):
        lines += ["[[deck.card]]", f'id = "card-{i}"', f'name = "{d["title"]}"', f'effect = "{d["body"]}"',
                  'source = "bench"']
    return "\n".join(lines) + "\n"


def run_timed(cmd: list[str], **kw) -> tuple[float, float, subprocess.CompletedProcess]:
    """(CPU seconds, wall seconds, result) of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall, r


def castaway_run(deck: Path, tmp: str) -> tuple[float, float]:
    castaway = Path(sys.executable).with_name("castaway")
    c, w, r = run_timed([str(castaway), "print", "cards", "21days", "--file", str(deck), "--backs", "none", "--out", tmp],
                        env=dict(os.environ, CASTAWAY_DB=str(Path(tmp) / "db")))
    if r.returncode != 0:
        raise SystemExit(f"castaway failed: {r.stderr.strip()}")
    return c, w


def protograf_python() -> tuple[str | None, str]:
    """The python that has protograf, or None and the exact reason."""
    env = os.environ.get("PROTOGRAF_PYTHON")
    if env:
        return env, ""
    venv = ROOT / ".venv" / "protograf"
    py = venv / "bin" / "python"
    if not py.exists():
        print("setting up protograf in .venv/protograf (once) ...", flush=True)
        r = subprocess.run([sys.executable, "-m", "venv", str(venv)], capture_output=True, text=True)
        if r.returncode == 0:
            r = subprocess.run([str(py), "-m", "pip", "install", "-q", "protograf"], capture_output=True, text=True)
        if r.returncode != 0:
            return None, (r.stderr or r.stdout).strip().splitlines()[-1] if (r.stderr or r.stdout) else f"exit {r.returncode}"
    return str(py), ""


def protograf_run(py: str, data: list[dict], tmp: str) -> tuple[float, float] | str:
    """(CPU, wall) of one protograf run, or why it failed."""
    env = dict(os.environ, PG_OUT=str(Path(tmp) / "protograf.pdf"), PG_CARDS=json.dumps(data))
    c, w, r = run_timed([py, str(Path(__file__).with_name("protograf_cards.py"))], env=env, cwd=tmp)
    if r.returncode != 0:
        return (r.stderr.strip().splitlines() or [f"exit {r.returncode}"])[-1]
    return c, w


def time_kit() -> tuple[float, int]:
    from companion import catalog
    from printables.kit import KitOptions, plan

    cat = catalog.load("21days")
    t = time.perf_counter()
    size = sum(len(part.build(None) or b"") for part in plan(cat, KitOptions(paper="a4")))
    return time.perf_counter() - t, size


def main(pairs: int = 5) -> None:
    data = cards_data()
    py, why = protograf_python()
    ours, theirs = [], []
    with tempfile.TemporaryDirectory() as tmp:
        deck = Path(tmp) / "bench.toml"
        deck.write_text(deck_toml(data))
        for _ in range(pairs):
            ours.append(castaway_run(deck, tmp))
            if py is not None:
                run = protograf_run(py, data, tmp)
                if isinstance(run, str):
                    py, why = None, run
                else:
                    theirs.append(run)
    med = statistics.median
    print(f"castaway: {N} poker cards (title, wrapped sentence, QR code, no backs), whole process, median of {len(ours)}: "
          f"{med(c for c, _w in ours):.3f} s CPU, {med(w for _c, w in ours):.3f} s wall")
    if py is None or not theirs:
        print(f"protograf: could not run: {why}")
    else:
        print(f"protograf: the same {N} cards, whole process, median of {len(theirs)}: {med(c for c, _w in theirs):.3f} s CPU, "
              f"{med(w for _c, w in theirs):.3f} s wall")
        cpu = [t[0] / o[0] for o, t in zip(ours, theirs)]
        wall = [t[1] / o[1] for o, t in zip(ours, theirs)]
        print(f"ratio: castaway is {med(cpu):.1f}x faster than protograf in CPU time (pairs: "
              f"{', '.join(f'{x:.1f}' for x in cpu)}), {med(wall):.1f}x in wall time (target: at least 5x in CPU time)")
    kit, size = time_kit()
    print(f"21 Days kit on A4 (cards, dice stickers, tokens, reference, credits), in process: {kit:.3f} s, {size / 1024:.0f} KiB of PDF")


if __name__ == "__main__":
    main()
