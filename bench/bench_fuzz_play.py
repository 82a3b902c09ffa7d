"""A long run of the stateful fuzzer that plays (tests/playlib.py): each game driven through its guided
steps, corrections, undo and redo and `castaway GAMEID …` commands, with hostile values mixed in, for about
SECONDS seconds per game. Prints, per game and in all, how many commands ran, how many were accepted (a
library call that returned, a CLI command that exited 0), the commonest refusals, and every problem found
(a traceback, a refused command that changed the file, a replay that differs, a `check` that is not clean).

    .venv/bin/python bench/bench_fuzz_play.py [SECONDS] [SEED] [GAME ...]     (default 60 s a game, seed 1)
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, Phase, seed, settings  # noqa: E402
from hypothesis.stateful import run_state_machine_as_test  # noqa: E402

from tests import fuzzlib, playlib  # noqa: E402


def run_game(game: str, seconds: float, run_seed: int) -> playlib.Stats:
    machine = playlib.MACHINES[game]
    machine.stats = stats = playlib.Stats()
    machine.strict = False  # a problem is recorded and the run goes on
    deadline = time.perf_counter() + seconds
    batch = 0
    while time.perf_counter() < deadline:
        batch += 1
        sets = settings(max_examples=10, stateful_step_count=60, deadline=None, database=None,
                        phases=[Phase.generate], suppress_health_check=list(HealthCheck))

        @seed(run_seed * 1000 + batch)  # each batch its own examples, the same for the same SEED
        class Seeded(machine):  # type: ignore[misc, valid-type]
            pass

        Seeded.__name__ = machine.__name__
        Seeded.stats, Seeded.strict = stats, False
        run_state_machine_as_test(Seeded, settings=sets)
    return stats


def main(seconds: float = 60, run_seed: int = 1, games: list[str] | None = None) -> int:
    from companion import i18n

    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "CASTAWAY_DECKS", "CASTAWAY_DB"):
        os.environ.pop(var, None)
    os.environ.update(fuzzlib.LIMITS)
    i18n.set_language("en")
    all_run = all_ok = 0
    problems = 0
    for game in games or playlib.GAMES:
        started = time.perf_counter()
        stats = run_game(game, seconds, run_seed)
        took = time.perf_counter() - started
        run, ok = stats.total()
        all_run, all_ok = all_run + run, all_ok + ok
        print(f"{game}: {run} commands in {took:.0f} s, {ok} accepted ({100 * ok / max(run, 1):.0f}%); "
              f"guided steps asked once the game was over: {stats.over}")
        for kind in sorted(stats.run):
            print(f"    {kind:<22} {stats.run[kind]:>6} run, {stats.ok[kind]:>6} accepted")
        print("    CLI exit codes: " + ", ".join(f"{k}: {v}" for k, v in sorted(stats.codes.items())))
        print("    commonest refusals:")
        for line, n in stats.refusals.most_common(8):
            print(f"      {n:>5}  {line}")
        n = sum(len(v) for v in stats.problems.values())
        problems += n
        print(f"    problems: {n} in {len(stats.problems)} kinds")
        for kind, cases in sorted(stats.problems.items(), key=lambda kv: -len(kv[1])):
            print(f"      {len(cases):>4}  {kind}\n            e.g. {cases[0][:300]}")
    print(f"all games: {all_run} commands, {all_ok} accepted ({100 * all_ok / max(all_run, 1):.0f}%), {problems} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    args = sys.argv[1:]
    sys.exit(main(float(args[0]) if args else 60, int(args[1]) if len(args) > 1 else 1, args[2:] or None))
