"""Print benchmark, one run, on equal terms: the same 100 poker cards (title and wrapped paragraph, no backs,
no QR code) made by castaway from a `--file` deck and by protograf, both timed as whole processes
(interpreter start and imports included), median of 3 runs each, as CPU time (user + system of the child
process: steady on a busy machine) and as wall time; and the time of the whole 21 Days kit.

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
    return [{"title": f"Card {i}", "body": f"{BODY} (card {i})", "qr": f"BOTTLE/CARD-{i}"} for i in range(N)]


def deck_toml(data: list[dict]) -> str:
    lines = ['[[deck]]', 'id = "bench"', 'name = "Bench cards"', 'source = "bench"']
    for i, d in enumerate(data):
        lines += ["[[deck.card]]", f'id = "card-{i}"', f'name = "{d["title"]}"', f'effect = "{d["body"]}"', "qr = false",
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


def time_castaway(data: list[dict], runs: int = 3) -> tuple[float, float]:
    castaway = Path(sys.executable).with_name("castaway")
    cpu, wall = [], []
    with tempfile.TemporaryDirectory() as tmp:
        deck = Path(tmp) / "bench.toml"
        deck.write_text(deck_toml(data))
        for _ in range(runs):
            c, w, r = run_timed([str(castaway), "print", "cards", "21days", "--file", str(deck), "--backs", "none",
                                 "--out", tmp], env=dict(os.environ, CASTAWAY_DB=str(Path(tmp) / "db")))
            if r.returncode != 0:
                raise SystemExit(f"castaway failed: {r.stderr.strip()}")
            cpu.append(c)
            wall.append(w)
    return statistics.median(cpu), statistics.median(wall)


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


def time_protograf(data: list[dict], runs: int = 3) -> tuple[tuple[float, float] | None, str]:
    py, why = protograf_python()
    if py is None:
        return None, why
    cpu, wall = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(runs):
            env = dict(os.environ, PG_OUT=str(Path(tmp) / "protograf.pdf"), PG_CARDS=json.dumps(data))
            c, w, r = run_timed([py, str(Path(__file__).with_name("protograf_cards.py"))], env=env, cwd=tmp)
            if r.returncode != 0:
                return None, (r.stderr.strip().splitlines() or [f"exit {r.returncode}"])[-1]
            cpu.append(c)
            wall.append(w)
    return (statistics.median(cpu), statistics.median(wall)), ""


def time_kit() -> tuple[float, int]:
    from companion import catalog
    from printables.kit import KitOptions, plan

    cat = catalog.load("21days")
    t = time.perf_counter()
    size = sum(len(part.build(None) or b"") for part in plan(cat, KitOptions(paper="a4")))
    return time.perf_counter() - t, size


def main() -> None:
    data = cards_data()
    ours = time_castaway(data)
    print(f"castaway: {N} poker cards (title, wrapped paragraph, no backs, no QR), whole process: "
          f"{ours[0]:.3f} s CPU, {ours[1]:.3f} s wall")
    theirs, why = time_protograf(data)
    if theirs is None:
        print(f"protograf: could not run: {why}")
    else:
        print(f"protograf: {N} poker cards (title, wrapped paragraph), whole process: {theirs[0]:.3f} s CPU, {theirs[1]:.3f} s wall")
        print(f"ratio: castaway is {theirs[0] / ours[0]:.1f}x faster than protograf in CPU time, {theirs[1] / ours[1]:.1f}x in wall time "
              "(target: at least 3x)")
    kit, size = time_kit()
    print(f"21 Days kit on A4 (cards, dice stickers, tokens, reference, credits), in process: {kit:.3f} s, {size / 1024:.0f} KiB of PDF")


if __name__ == "__main__":
    main()
