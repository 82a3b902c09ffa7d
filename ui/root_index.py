"""The root help page's list of commands (`castaway --help`, or `castaway` alone) without importing a command
module or building a command: each listed command is a stand-in that has its name and its help text only,
from which Click words the page as it words the real command's line.

The core commands (cli.py) and the groups declared in ui/common.py are read from the app itself; the ones
that live in modules of their own are in MODULE_COMMANDS and MODULE_GROUPS below (their help texts as the
modules give them), and every game's group from the registry. tests/test_root_index.py checks the page
equals the whole app's, in every language.
"""

from __future__ import annotations

import inspect

import typer

from companion.i18n import N_, _

# (name, help text) in the order the modules register them (cli.COMMAND_MODULES, then cli.LAST_MODULES)
MODULE_COMMANDS: tuple[tuple[str, str], ...] = (
    ("check", N_("Check the database: integrity, gapless logs, and replay equal to the stored state.\n\n"
                 "Example: castaway check --repair")),
    ("play", N_("Play guided: castaway announces each phase, asks for each decision and die, and keeps the table.\n\n"
                "Example: castaway play")),
    ("resume", N_("Start a new game from a save sheet's code; it becomes the current game.\n\n"
                  "Example: castaway resume 'CW2-04334J CB4C5T ...' (version 1 codes, CW1-..., are read too)")),
    ("display", N_("Show the game live on a screen the whole table sees; with --pad, phones answer the guided questions.\n\n"
                   "Example: castaway display --lan --pad")),
)
MODULE_GROUPS: tuple[tuple[str, str], ...] = (
    ("new", N_("Start a game and make it the current one: `castaway new GAME`, with the game's own setup options.")),
    ("cards", N_("Cards at the table: draw, discard, return, remove, shuffle.")),
    ("plays", N_("The play log: every game castaway ends, and games you add by hand.")),
    ("dice", N_("Dice: a roll, virtual or typed in from the table, and how fair your physical dice are.")),
)
GAME_GROUP = N_("The game's procedures, one command each, and its odds (or let `castaway play` guide you).")


def _stand_in(app: typer.Typer, name: str, help_text: str, hidden: bool = False) -> None:
    from ui.common import Command

    def listed_only() -> None:  # never called: the index is built only when no command was named
        raise AssertionError(name)

    app.command(name, help=help_text, hidden=hidden, cls=Command)(listed_only)


def index(app: typer.Typer) -> None:
    """Put on `app` (the root, as ui/common.py and cli.py declare it) a stand-in for each command and group of
    the whole app, in the whole app's order, in place of the commands themselves."""
    from companion.games import registry

    core = [(c.name or "", c.help or inspect.getdoc(c.callback) or "", c.hidden) for c in app.registered_commands]
    groups = [(g.name or "", g.typer_instance.info.help or "", g.hidden) for g in app.registered_groups]
    app.registered_commands[:] = []
    app.registered_groups[:] = []
    listing = [*core, *((n, _(h), False) for n, h in MODULE_COMMANDS), *groups,
               *((n, _(h), False) for n, h in MODULE_GROUPS), *((gid, _(GAME_GROUP), False) for gid in registry.ids())]
    for name, help_text, hidden in listing:
        _stand_in(app, name, inspect.cleandoc(help_text), hidden)
