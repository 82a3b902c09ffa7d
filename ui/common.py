"""What every command module shares: the root Typer app, the consoles, the error wrapper, the store.

Command modules (cli.py and ui/*_cmds.py) register on `app` with `@command(...)`.
"""

from __future__ import annotations

import functools
import json
import sys
from typing import Annotated, Optional

import typer
from rich.console import Console

from companion import i18n, session
from companion.errors import CompanionError, UsageError
from companion.i18n import N_, _

# Help texts are built when the commands are declared, so the language is chosen before that: from
# `--lang` in argv, else the environment. The root callback chooses again (CliRunner, --lang typos).
try:
    i18n.configure(i18n.from_argv(sys.argv[1:]))
except ValueError:
    i18n.configure(None)
# Typer's own help headings and messages go through our catalog too (typer.core looks up `_` when it
# formats help, so the language chosen at run time applies).
TYPER_WORDS = (N_("Options"), N_("Commands"), N_("Arguments"), N_("required"), N_("default: {default}"),
               N_("Missing command."), N_("No such command {name!r}."), N_("Aborted!"), N_("env var: {var}"))
import typer.core  # noqa: E402  (already loaded by typer)

if callable(getattr(typer.core, "_", None)):
    typer.core._ = _

app = typer.Typer(
    name="castaway",
    help=_("A companion for board games played on a real table: 21 Days, Robinson Crusoe, 21 Mutinies, Dieson Crusoe."),
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)
rules_app = typer.Typer(help=_("What castaway knows of each game's rules and components."), no_args_is_help=True)
app.add_typer(rules_app, name="rules")
print_app = typer.Typer(help=_("Print replacement components, reference aids, save sheets and reports as PDF."), no_args_is_help=True)
app.add_typer(print_app, name="print")

out = Console(highlight=False, soft_wrap=True, emoji=False)
err = Console(stderr=True, highlight=False, emoji=False)
NUMBERS = {"ignore_unknown_options": True}  # lets `move shark -1` pass -1 as a value


class Ctx:
    db: Optional[str] = None
    game: Optional[int] = None
    if_version: Optional[int] = None


CTX = Ctx()


def fail(e: CompanionError) -> None:
    err.print(f"[bold red]{_('error:')}[/] {e}", markup=True, highlight=False, soft_wrap=True)
    raise typer.Exit(e.exit_code)


def command(*args, **kwargs):
    """Register a command whose CompanionErrors become one line on stderr and an exit code.

    table=False marks a game's command that reads no table (a reference list): ui/games.py then lets
    it run whichever game is on the table."""

    def wrap(fn):
        if fn.__doc__:  # the help text, in the chosen language
            import inspect

            fn.__doc__ = _(inspect.cleandoc(fn.__doc__))

        @functools.wraps(fn)
        def inner(*a, **kw):
            try:
                return fn(*a, **kw)
            except CompanionError as e:
                fail(e)
            except KeyboardInterrupt:
                err.print(_("interrupted; nothing half-written"))
                raise typer.Exit(130) from None

        if not needs_table:
            inner.needs_table = False
        return target.command(*args, **kwargs)(inner)

    target = kwargs.pop("app", app)
    needs_table = kwargs.pop("table", True)
    return wrap


def emit_json(data) -> None:
    out.print_json(json.dumps(data, ensure_ascii=False, default=str))


@app.callback()
def root(
    db: Annotated[Optional[str], typer.Option("--db", help=_("Database file (default: $CASTAWAY_DB or your data folder)."), metavar="PATH")] = None,
    game: Annotated[Optional[int], typer.Option("--game", "-g", help=_("Game id to act on (default: the one chosen with `use`)."))] = None,
    if_version: Annotated[Optional[int], typer.Option("--if-version", help=_("Refuse to write unless the game is still at this version (two terminals at one table)."))] = None,
    lang: Annotated[Optional[str], typer.Option("--lang", help=_("Language of messages, help and printables: en or cs (default: LANGUAGE, LC_ALL, LC_MESSAGES or LANG; a game of the Czech edition speaks Czech)."), metavar="LANG")] = None,
):
    """castaway keeps your table's state, resolves the rules, and logs your plays.

    Example: castaway new 21days --player Ann --player Bob
    """
    try:
        i18n.configure(lang)
    except ValueError:
        fail(UsageError(_("--lang {lang!r}: accepted: {accepted}").format(lang=lang, accepted=", ".join(i18n.LANGUAGES))))
    CTX.db, CTX.game, CTX.if_version = db, game, if_version


def _warn(message: str) -> None:
    err.print(_("warning: {message}").format(message=message), markup=False, soft_wrap=True)


session.warn = _warn


def store(create: bool = False):
    return session.open_store(CTX.db, create=create)


def show_board(loaded_or_table, cat=None, row=None) -> None:
    from ui.board import render

    out.print("\n".join(render(loaded_or_table, cat, row)))


def act(action):
    """Apply one action to the current game (one transaction); returns the event, the table and the game."""
    with store() as st:
        gid = session.current_id(st, CTX.game)
        ev, table = session.act(st, gid, action, CTX.if_version)
        loaded = session.load(st, gid)
    return ev, table, loaded


def report(ev, extra: str = "") -> None:
    """One line saying what was recorded."""
    out.print(f"[dim]#{ev.seq}[/] {ev.text}{extra}")
