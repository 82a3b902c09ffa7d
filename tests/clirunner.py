"""A CliRunner that runs castaway's Click command built once.

typer.testing.CliRunner.invoke builds the Click command from the Typer app on every call (about 150
commands with their parameters: more than most commands cost). This runner takes the app or an already
built command, builds an app's command once (again only when commands were registered since: a test's own
game), and runs it inside the runner's public `isolation()`, the way CliRunner.invoke does.
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Sequence

import typer.main
import typer.testing

_BUILT: dict[int, tuple[tuple[int, int], object]] = {}


def click_command(app):
    """The Click command of a Typer app, built once per set of registered commands."""
    if not isinstance(app, typer.Typer):
        return app  # already a Click command
    key = (len(app.registered_commands), len(app.registered_groups))
    built = _BUILT.get(id(app))
    if built is None or built[0] != key:
        built = _BUILT[id(app)] = (key, typer.main.get_command(app))
    return built[1]


class CliRunner(typer.testing.CliRunner):
    def invoke(self, app, args: str | Sequence[str] | None = None, input: bytes | str | None = None,  # type: ignore[override]
               env=None, catch_exceptions: bool = True, color: bool = False, **extra) -> typer.testing.Result:
        command = click_command(app)
        if isinstance(args, str):
            args = shlex.split(args)
        exception: BaseException | None = None
        exc_info = None
        exit_code = 0
        return_value = None
        with self.isolation(input=input, env=env, color=color) as (stdout, stderr, output):
            try:
                return_value = command.main(args=list(args or ()), prog_name=extra.pop("prog_name", "castaway"), **extra)
            except SystemExit as e:
                exc_info = sys.exc_info()
                code = 0 if e.code is None else e.code
                if code != 0:
                    exception = e
                if not isinstance(code, int):
                    sys.stdout.write(f"{code}\n")
                    code = 1
                exit_code = code
            except Exception as e:
                if not catch_exceptions:
                    raise
                exception, exit_code, exc_info = e, 1, sys.exc_info()
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
            out_b, err_b, all_b = stdout.getvalue(), stderr.getvalue(), output.getvalue()
        return typer.testing.Result(runner=self, stdout_bytes=out_b, stderr_bytes=err_b, output_bytes=all_b,
                                    return_value=return_value, exit_code=exit_code, exception=exception,
                                    exc_info=exc_info)
