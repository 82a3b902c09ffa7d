"""A long fuzz run over the real command tree (tests/fuzzlib.py): at least 5,000 argument lists on copies
of a prepared database of all four games. Prints how many lists ran, the exit codes, the commands
reached, and every problem found (a traceback, an exit code other than 0/1/2, a refused command that
changed or created the database or left a file).

    .venv/bin/python bench/bench_fuzz.py [N] [SEED]     (default 5000, seed 1)
"""

from __future__ import annotations

import collections
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, Phase, given, seed, settings  # noqa: E402

from tests import fuzzlib  # noqa: E402


def main(n: int = 5000, run_seed: int = 1) -> int:
    import os

    import typer.main

    import cli
    from companion import i18n

    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "CASTAWAY_DECKS", "CASTAWAY_DB"):
        os.environ.pop(var, None)
    os.environ.update(fuzzlib.LIMITS)
    i18n.set_language("en")
    command = typer.main.get_command(cli.app)
    runner = fuzzlib.click_runner()
    specs = fuzzlib.command_tree(command)
    words = fuzzlib.words_of_catalogs()
    codes: collections.Counter = collections.Counter()
    reached: collections.Counter = collections.Counter()
    problems: dict[str, list[str]] = collections.defaultdict(list)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        folder = fuzzlib.scratch(Path(tmp))

        def invoke(db, args):
            return runner.invoke(command, ["--db", str(db), *args], input="")

        prepared, ids = fuzzlib.prepare(folder, invoke)

        @seed(run_seed)
        @settings(max_examples=n, deadline=None, phases=[Phase.generate], database=None,
                  suppress_health_check=list(HealthCheck))
        @given(fuzzlib.argv_strategy(specs, words, ids))
        def run(case):
            argv, missing, name = case
            o = fuzzlib.run_one(runner, command, prepared, folder / "work", argv, missing)
            i18n.set_language("en")
            codes[o.exit_code] += 1
            reached[name] += 1
            if o.problem:
                problems[o.problem.split(" | ")[-1][:160]].append(fuzzlib.short(argv))

        run()
    seconds = time.perf_counter() - started
    total = sum(codes.values())
    print(f"argument lists run: {total} in {seconds:.0f} s ({total / seconds:.1f} per second)")
    print("exit codes: " + ", ".join(f"{k}: {v}" for k, v in sorted(codes.items())))
    print(f"commands reached: {len(reached)} of {len(specs)}")
    print(f"problems: {sum(len(v) for v in problems.values())} in {len(problems)} kinds")
    for kind, cases in sorted(problems.items(), key=lambda kv: -len(kv[1])):
        print(f"  {len(cases):>4}  {kind}\n        e.g. castaway {cases[0][:200]}")
    return 1 if problems else 0


if __name__ == "__main__":
    args = sys.argv[1:]
    sys.exit(main(int(args[0]) if args else 5000, int(args[1]) if len(args) > 1 else 1))
