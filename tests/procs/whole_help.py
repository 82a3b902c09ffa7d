"""The whole app's root pages for several argument lists, the app loaded and built once (tests/test_root_index.py).

Run as `python tests/procs/whole_help.py ARGS...` with the environment of its language: it imports cli with
ARGS as argv (the help texts are translated at import, in the language argv and the environment choose),
loads every command module, builds the Click command the way `cli.app()` does, then reads a JSON list of runs
on stdin, each {"args": [...], "env": {...}}. Each run is a forked child that takes the run's environment
and argv and calls the built command as `cli.app()` would: the same page as a fresh `python -c "import cli;
cli.app()" ARGS` (argv[0] "-c" included), without paying the import and the build of ~150 commands again.
It prints a JSON list of [exit code, stdout, stderr], one per run.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.argv = ["-c", *sys.argv[1:]]

import typer.main  # noqa: E402

import cli  # noqa: E402


def one(command, args: list[str], env: dict[str, str]) -> list:
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        pid = os.fork()
        if pid == 0:  # the child: the run's argv, environment and output files, then the command as app() calls it
            code = 0
            try:
                os.environ.clear()
                os.environ.update(env)
                sys.argv = ["-c", *args]
                os.dup2(out.fileno(), 1)
                os.dup2(err.fileno(), 2)
                command()
            except SystemExit as e:
                code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
            except BaseException:  # noqa: BLE001 - shown as the fresh process would show it
                import traceback

                traceback.print_exc()
                code = 1
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        out.seek(0)
        err.seek(0)
        return [os.waitstatus_to_exitcode(status), out.read().decode(), err.read().decode()]


def main() -> None:
    runs = json.load(sys.stdin)
    command = typer.main.get_command(cli.app)
    print(json.dumps([one(command, r["args"], r["env"]) for r in runs]))


if __name__ == "__main__":
    main()
